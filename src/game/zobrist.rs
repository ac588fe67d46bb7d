//! Zobrist keys, generated from a fixed seed (splitmix64) so that keys are
//! the same in every run.

/// Keys for one variant.
#[derive(Clone, Debug)]
pub struct Zobrist {
    piece: Vec<u64>,
    virgin: Vec<u64>,
    ep: Vec<u64>,
    hand: Vec<u64>,
    promoted: Vec<u64>,
    /// Side to move is Black.
    pub black: u64,
    cells: usize,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Keys for `codes` piece codes on `cells` cells.
    pub fn new(codes: usize, cells: usize) -> Zobrist {
        let mut s = 0x0005_EED0_FA11_u64;
        let mut gen = |n: usize| (0..n).map(|_| splitmix(&mut s)).collect::<Vec<u64>>();
        let piece = gen(codes * cells);
        let virgin = gen(cells);
        let ep = gen(cells);
        let black = gen(1)[0];
        let hand = gen(codes * 65);
        let promoted = gen(cells);
        Zobrist { piece, virgin, ep, hand, promoted, black, cells }
    }

    /// Key of piece `code` on `cell`.
    #[inline]
    pub fn piece(&self, code: u8, cell: u16) -> u64 {
        self.piece[code as usize * self.cells + cell as usize]
    }

    /// Key of the unmoved flag on `cell`.
    #[inline]
    pub fn virgin(&self, cell: u16) -> u64 {
        self.virgin[cell as usize]
    }

    /// Key of holding `count` pieces `code` in hand. Counts above 64
    /// (Flipello 10x10's 96 discs) are keyed by mixing the count into the
    /// key of 64, so the table and every other key stay as they were.
    #[inline]
    pub fn hand(&self, code: u8, count: u8) -> u64 {
        let k = self.hand[code as usize * 65 + count.min(64) as usize];
        if count <= 64 {
            k
        } else {
            let mut s = k ^ count as u64;
            splitmix(&mut s)
        }
    }

    /// Key of the promoted mark on `cell`.
    #[inline]
    pub fn promoted(&self, cell: u16) -> u64 {
        self.promoted[cell as usize]
    }

    /// Key of an en-passant square.
    #[inline]
    pub fn ep(&self, cell: u16) -> u64 {
        self.ep[cell as usize]
    }
}
