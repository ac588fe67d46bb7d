//! Judging whether a game has ended by a goal allocates nothing: the search
//! asks at every node, so a goal's, an extinction's, an explosion's or the
//! flipping games' reason is shared with the variant (`Reason::Text`) or
//! fixed (`Reason::Fixed`), never a String built on the spot.
//!
//! A counting global allocator sees every allocation of this test binary's
//! thread (the only test here, so nothing else runs meanwhile).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rookery::game::Position;
use rookery::variant::builtin;

struct Counting;

thread_local! {
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    let before = COUNT.with(|c| c.get());
    f();
    COUNT.with(|c| c.get()) - before
}

#[test]
fn goal_ends_allocate_nothing() {
    // (variant, a FEN where the game has just ended, the reason shown)
    let cases = [
        ("kingofthehill", "rnbq1bnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king of the hill"),
        ("racingkings", "4K3/8/8/8/8/8/k7/8 w - - 0 1", "king reached the eighth rank"),
        ("racingkings", "k3K3/8/8/8/8/8/8/8 w - - 0 1", "king reached the eighth rank by both"),
        ("atomic", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king exploded"),
        ("extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 b kq - 0 1", "extinction"),
        ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0+3 0 1", "3 checks"),
    ];
    for (name, fen, why) in cases {
        let text = builtin::text(name).unwrap_or_else(|| panic!("{name} is not a built-in"));
        let v = rookery::variant::load_str(text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics)).0;
        let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let mut end = None;
        let n = allocations(|| end = pos.goal_reached());
        let (_, reason) = end.unwrap_or_else(|| panic!("{name}: {fen} is no goal"));
        assert_eq!(reason.to_string(), why, "{name}");
        assert_eq!(n, 0, "{name}: judging {why:?} allocated {n} times");
    }
}
