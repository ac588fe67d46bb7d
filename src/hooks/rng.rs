//! A small seeded generator (splitmix64) for dice and card shuffles. The seed
//! is part of the game record, so a game replays exactly.

/// Deterministic random numbers from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// One throw of a six-sided die: 1..=6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Shuffles a slice (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_fair_and_reproducible() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let mut counts = [0u32; 7];
        for _ in 0..6000 {
            let x = a.d6();
            assert_eq!(x, b.d6());
            counts[x as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        assert!(counts[1..].iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
    }
}
