//! TigerClocks as a pure model (no wall clock): the caller says how much
//! time a player used; the model says what that means.
//!
//! Triple Countdown (extras page): a deployment allowance `D`; at the start
//! of the engagement `E` is added on top of what is left; every engagement
//! move made while the main time lasts adds `R` to a separate reserve, used
//! only after the main time runs out; moves made on the reserve add nothing;
//! running out during the deployment only forfeits further postings.
//! Double Countdown: the same without a deployment phase (main = `E`).

/// Clock parameters, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockParams {
    /// Deployment allowance (ignored by Double Countdown).
    pub deploy_ms: u64,
    /// Added at the start of the engagement.
    pub engage_ms: u64,
    /// Reserve credit per engagement move made on main time.
    pub reserve_per_move_ms: u64,
    /// Triple Countdown (true) or Double Countdown (false).
    pub triple: bool,
}

impl ClockParams {
    /// The extras page's example: 30 min, 150 min, 60 s.
    pub const EXAMPLE: ClockParams =
        ClockParams { deploy_ms: 30 * 60_000, engage_ms: 150 * 60_000, reserve_per_move_ms: 60_000, triple: true };
}

/// What a player's clock is counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Deployment allowance.
    Deploy,
    /// Main engagement time.
    Main,
    /// The reserve built up by earlier moves.
    Reserve,
    /// Out of time in the engagement: the game is lost.
    Lost,
}

/// What spending time led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Nothing special.
    Running,
    /// The deployment allowance ran out: no more postings for this player.
    DeployFlag,
    /// The main time ran out; the reserve runs now.
    OnReserve,
    /// All time is gone: the player loses.
    Lost,
}

/// Both players' TigerClocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TigerClocks {
    params: ClockParams,
    main: [u64; 2],
    reserve: [u64; 2],
    phase: [Phase; 2],
    deploy_flagged: [bool; 2],
}

impl TigerClocks {
    /// Clocks at the start of the game.
    pub fn new(params: ClockParams) -> TigerClocks {
        let (main, phase) =
            if params.triple { (params.deploy_ms, Phase::Deploy) } else { (params.engage_ms, Phase::Main) };
        TigerClocks { params, main: [main; 2], reserve: [0; 2], phase: [phase; 2], deploy_flagged: [false; 2] }
    }

    /// Main time left (ms).
    pub fn main_ms(&self, p: usize) -> u64 {
        self.main[p]
    }

    /// Reserve built up (ms).
    pub fn reserve_ms(&self, p: usize) -> u64 {
        self.reserve[p]
    }

    /// What the player's clock counts.
    pub fn phase(&self, p: usize) -> Phase {
        self.phase[p]
    }

    /// Whether the player ran out during the deployment.
    pub fn deploy_flagged(&self, p: usize) -> bool {
        self.deploy_flagged[p]
    }

    /// Player `p`'s clock runs for `ms`.
    pub fn spend(&mut self, p: usize, ms: u64) -> Event {
        match self.phase[p] {
            Phase::Deploy => {
                if ms >= self.main[p] {
                    self.main[p] = 0;
                    self.deploy_flagged[p] = true;
                    Event::DeployFlag
                } else {
                    self.main[p] -= ms;
                    Event::Running
                }
            }
            Phase::Main => {
                if ms < self.main[p] {
                    self.main[p] -= ms;
                    return Event::Running;
                }
                let rest = ms - self.main[p];
                self.main[p] = 0;
                self.phase[p] = Phase::Reserve;
                if rest >= self.reserve[p] {
                    self.reserve[p] = 0;
                    self.phase[p] = Phase::Lost;
                    return Event::Lost;
                }
                self.reserve[p] -= rest;
                Event::OnReserve
            }
            Phase::Reserve => {
                if ms >= self.reserve[p] {
                    self.reserve[p] = 0;
                    self.phase[p] = Phase::Lost;
                    Event::Lost
                } else {
                    self.reserve[p] -= ms;
                    Event::Running
                }
            }
            Phase::Lost => Event::Lost,
        }
    }

    /// The deployment is over: the engagement allowance is added on top of
    /// what is left.
    pub fn start_engagement(&mut self) {
        for p in 0..2 {
            if self.phase[p] == Phase::Deploy {
                self.main[p] += self.params.engage_ms;
                self.phase[p] = Phase::Main;
            }
        }
    }

    /// Player `p` completed an engagement move: while on main time, the
    /// reserve grows by the per-move credit. (The move during which the main
    /// time ran out earns nothing: the player is on reserve by then.)
    pub fn move_done(&mut self, p: usize) {
        if self.phase[p] == Phase::Main {
            self.reserve[p] += self.params.reserve_per_move_ms;
        }
    }
}

impl super::GameClock for TigerClocks {
    fn spend(&mut self, side: usize, ms: u64) -> Event {
        TigerClocks::spend(self, side, ms)
    }

    fn start_engagement(&mut self) {
        TigerClocks::start_engagement(self)
    }

    fn move_done(&mut self, side: usize) {
        TigerClocks::move_done(self, side)
    }

    fn describe(&self, side: usize) -> String {
        let t = |ms: u64| format!("{}:{:02}", ms / 60_000, ms / 1000 % 60);
        let phase = format!("{:?}", self.phase(side)).to_lowercase();
        format!("{} ({phase}), reserve {}", t(self.main_ms(side)), t(self.reserve_ms(side)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn deployment_time_left_is_kept() {
        // 12 minutes of deployment used: 18 + 150 = 168 minutes to play.
        let mut c = TigerClocks::new(ClockParams::EXAMPLE);
        assert_eq!(c.spend(0, 12 * MIN), Event::Running);
        c.start_engagement();
        assert_eq!(c.main_ms(0), 168 * MIN);
        assert_eq!(c.main_ms(1), 180 * MIN);
    }

    #[test]
    fn fifty_moves_build_a_fifty_minute_reserve() {
        let mut c = TigerClocks::new(ClockParams::EXAMPLE);
        c.start_engagement();
        for _ in 0..50 {
            assert_eq!(c.spend(0, 60_000), Event::Running);
            c.move_done(0);
        }
        assert_eq!(c.reserve_ms(0), 50 * MIN);
        // Move 51: the main time (180 - 50 = 130 min left) runs out during it.
        assert_eq!(c.spend(0, 130 * MIN + 10_000), Event::OnReserve);
        c.move_done(0);
        assert_eq!(c.reserve_ms(0), 50 * MIN - 10_000, "moves on the reserve add nothing");
        assert_eq!(c.spend(0, 49 * MIN), Event::Running);
        c.move_done(0);
        assert_eq!(c.spend(0, MIN), Event::Lost);
        assert_eq!(c.phase(0), Phase::Lost);
    }

    #[test]
    fn running_out_in_the_deployment_is_not_a_loss() {
        let mut c = TigerClocks::new(ClockParams::EXAMPLE);
        assert_eq!(c.spend(1, 31 * MIN), Event::DeployFlag);
        assert!(c.deploy_flagged(1));
        c.start_engagement();
        assert_eq!(c.main_ms(1), 150 * MIN);
        assert_eq!(c.phase(1), Phase::Main);
    }

    #[test]
    fn double_countdown_has_no_deployment_allowance() {
        let c = TigerClocks::new(ClockParams { triple: false, ..ClockParams::EXAMPLE });
        assert_eq!(c.main_ms(0), 150 * MIN);
        assert_eq!(c.phase(0), Phase::Main);
    }
}
