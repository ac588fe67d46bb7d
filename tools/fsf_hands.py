#!/usr/bin/env python3
"""Freezes Fairy-Stockfish's numbers for variants whose hands are filled from
outside the board: one board of a bughouse pair (bughouse, koedem, supply;
FSF's twoBoards). Their hands never fill in play from the start (captures go
to the partner), so the random walks start from FENs whose holdings are
filled by hand, as a GUI would write them when the partner passes pieces.

For each variant writes
  tests/perft/fsf-VARIANT.perft   perft 1..3 (the FSF binary's `go perft`),
  tests/perft/fsf-VARIANT.moves   pyffish's sorted legal moves,
  tests/data/fsf-fens/VARIANT.fens  the same FENs, as FSF prints them,
for: FSF's start position; --count random walks (random.Random(SEED-VARIANT)
picks a start from HAND_STARTS and 1..16 uniformly random legal plies; a
walk ending where the game is over, or at a position already taken, is
dropped); and the hand-made EXTRA positions (extinction, must-drop, checks).
Depth 3 is written only where perft(2) <= --node-budget, and depth 4 for the
start position where perft(3) <= 50 times that, so the Rust suite stays fast. The FSF binary is the one built from public source
(largeboards, all=yes), pyffish 0.0.90 gives the moves and FENs.

Usage (from the repository root):
    python3 tools/fsf_hands.py [--binary /work/fsf/stockfish] [--count 14] VARIANT...
Reruns with the same FSF give identical files (no timestamps).
"""

import argparse
import os
import random

import pyffish

from fsf_uci import Uci

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
XIANGQI = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

# Starts of the random walks: holdings as the partner board might fill them.
HAND_STARTS = {
    "bughouse": [
        CHESS + "[QRBNPqrbnp] w KQkq - 0 1",
        CHESS + "[NPPbp] w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 4 4",
        "r3k2r/1P6/8/8/8/8/6p1/R3K2R[RNr] w KQkq - 0 20",
    ],
    "koedem": [
        CHESS + "[Kk] w KQkq - 0 1",
        CHESS + "[KQn] w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pkp] b KQkq - 4 4",
        "r3k2r/1P6/8/8/8/8/6p1/R3K2R[Kbn] w KQkq - 0 20",
    ],
    "supply": [
        XIANGQI + "[RNCPABrncpab] w - - 0 1",
        XIANGQI + "[PPPcc] w - - 0 1",
        "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R[NRnr] b - - 4 3",
        "3k5/9/9/9/9/9/9/9/9/4K4[RCNPArcnpa] w - - 0 30",
    ],
}

# Hand-made positions (comment, FEN): rules that random walks rarely reach.
EXTRA = {
    "bughouse": [
        ("in check from a1: a drop between (N@b1, c1, d1) or a king move",
         "4k3/8/8/8/8/8/8/r3K3[NP] w - - 0 30"),
        ("stalemate with nothing in hand: no move (and lost)", "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 40"),
        ("stalemate but a piece in hand: the drop is the move", "7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 40"),
        ("a promoted queen, marked ~", "4k3/8/8/8/8/8/8/Q~3K3[p] b - - 0 30"),
    ],
    "koedem": [
        ("a king in hand must be dropped first (the queen waits)", "r3k3/8/8/8/8/8/8/R3K3[KQ] w Qq - 0 20"),
        ("White owns both kings and may take the last black one", "r3k3/8/8/8/8/8/8/R3K1K1[] w Q - 0 20"),
        ("Black has no king and White owns both: over, no moves", "r7/8/8/8/8/8/8/R3K1K1[] b Q - 0 20"),
        ("Black has no king but White owns one: play goes on", "r7/8/8/8/8/8/8/R3K3[] b Q - 0 20"),
        ("White's king in hand, Black's last king en prise", "4k3/8/8/8/8/8/8/R7[K] w - - 0 20"),
    ],
    "supply": [
        ("drops that would give check are refused (R@d1..d5, C, N)", "3k5/9/9/9/9/9/9/9/9/4K4[RCN] w - - 0 30"),
        ("in check: a drop may block", "3k5/9/9/9/9/9/9/9/9/r3K4[RA] w - - 0 30"),
        ("advisor, elephant and soldier drops on their own points only", "5k3/9/9/9/9/9/9/9/9/3K5[ABPabp] w - - 0 30"),
    ],
}


def walks(variant, count, seed):
    """(comment, FEN) of the random walks from the hand-filled starts."""
    rng = random.Random("%d-%s" % (seed, variant))
    out, seen = [], set()
    tries = 0
    while len(out) < count and tries < 20 * count:
        tries += 1
        start = rng.choice(HAND_STARTS[variant])
        moves = []
        for _ in range(rng.randint(1, 16)):
            legal = sorted(pyffish.legal_moves(variant, start, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = pyffish.get_fen(variant, start, moves)
        if fen in seen or not pyffish.legal_moves(variant, fen, []):
            continue
        seen.add(fen)
        out.append(("%d random plies from %s: %s" % (len(moves), start, " ".join(moves)), fen))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variants", nargs="+", choices=sorted(HAND_STARTS))
    ap.add_argument("--binary", default="/work/fsf/stockfish")
    ap.add_argument("--count", type=int, default=14)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--node-budget", type=int, default=6000)
    a = ap.parse_args()
    version = ".".join(str(x) for x in pyffish.version())
    for v in a.variants:
        start = pyffish.start_fen(v)
        positions = [("the start position", start)] + walks(v, a.count, a.seed)
        positions += [(c, pyffish.get_fen(v, f, [])) for c, f in EXTRA.get(v, [])]
        eng = Uci(a.binary, v)
        cmd = "python3 tools/fsf_hands.py --count %d --seed %d --node-budget %d %s" % (
            a.count, a.seed, a.node_budget, v)
        head = [
            "# Fairy-Stockfish %s for Rookery's '%s' definition (FSF built-in '%s', one board",
            "# of a pair: holdings filled by hand, as the partner board would fill them).",
            "# Generated by tools/fsf_hands.py; do not edit by hand. Regenerate with:",
            "#   " + cmd,
            "# Oracle: pyffish %s (moves, FENs) and the FSF binary built from public source" % version,
            "# (largeboards, all=yes; `go perft`).",
        ]
        perft, moves, fens = [], [], []
        for i, (comment, fen) in enumerate(positions):
            rid = "fsf-%s-%02d" % (v, i + 1)
            rec = ["# " + comment, "id " + rid, "variant " + v, "fen " + fen]
            counts = [eng.perft(fen, 1), eng.perft(fen, 2)]
            if counts[1] <= a.node_budget:
                counts.append(eng.perft(fen, 3))
            # The start position also at depth 4 where that stays cheap.
            if i == 0 and counts[-1] <= 50 * a.node_budget:
                counts.append(eng.perft(fen, 4))
            perft.append("\n".join(rec + ["perft %d %d" % (d + 1, n) for d, n in enumerate(counts)]))
            legal = sorted(pyffish.legal_moves(v, fen, []))
            assert len(legal) == counts[0], (fen, legal, counts)
            moves.append("\n".join(rec + ["moves " + " ".join(legal)]))
            fens.append(fen)
        eng.close()
        for path, kind, records in [
            ("tests/perft/fsf-%s.perft" % v, "perft", perft),
            ("tests/perft/fsf-%s.moves" % v, "legal moves", moves),
        ]:
            with open(os.path.join(REPO, path), "w") as f:
                f.write("\n".join(head) % (kind, v, v) + "\n\n" + "\n\n".join(records) + "\n")
        with open(os.path.join(REPO, "tests/data/fsf-fens/%s.fens" % v), "w") as f:
            f.write("# FENs as Fairy-Stockfish prints them for variant %r (pyffish %s): the\n" % (v, version))
            f.write("# positions of tests/perft/fsf-%s.perft. Generated by: %s\n" % (v, cmd))
            f.write("\n".join(fens) + "\n")
        print(v, len(positions), "positions, start perft", [p for p in perft[0].split("\n") if p.startswith("perft")])


if __name__ == "__main__":
    main()
