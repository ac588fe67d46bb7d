#!/usr/bin/env python3
"""Check Rookery's game end against Fairy-Stockfish (FSF) on random playouts.

For each game: uniformly random legal moves (pyffish `legal_moves`, sorted,
random.Random("SEED-VARIANT-GAME")) are played from FSF's start position until
FSF says the game is over: no legal move (`game_result`), an immediate end
(`is_immediate_game_end`: a full board, extinction, ...) or an optional end
(`is_optional_game_end`: repetition, move rule), or until --max-plies.  Then
`rookery replay VARIANT MOVES...` must print the same result (1-0 / 0-1 /
1/2-1/2, from FSF's value for the side to move), and the same replay without
the last move must print none.  Games cut at --max-plies must have no result.

Usage:  python3 tools/fsf_game_end.py [--rookery target/release/rookery]
            [--games 100] [--seed 1] [--max-plies 400] VARIANT...
Prints one line per variant and every disagreement; exit 1 if any.
Nothing is written.
"""

import argparse
import os
import random
import subprocess
import sys

import pyffish

HERE = os.path.dirname(os.path.abspath(__file__))


def score(value):
    """FSF's value for the side to move -> 'win' / 'loss' / 'draw'."""
    return "draw" if value == 0 else ("win" if value > 0 else "loss")


def fsf_end(variant, start, moves):
    """(kind, verdict) if FSF ends the game after `moves`, else None."""
    legal = pyffish.legal_moves(variant, start, moves)
    if not legal:
        return "no move", score(pyffish.game_result(variant, start, moves))
    over, value = pyffish.is_immediate_game_end(variant, start, moves)
    if over:
        return "immediate", score(value)
    over, value = pyffish.is_optional_game_end(variant, start, moves)
    if over:
        return "optional", score(value)
    return None


def rookery_result(exe, variant, moves):
    """Rookery's `result:` text after `moves` ('' if none), or an error."""
    r = subprocess.run([exe, "replay", variant] + moves, capture_output=True, text=True)
    if r.returncode != 0:
        return "ERROR " + r.stderr.strip().splitlines()[-1]
    for line in r.stdout.splitlines():
        if line.startswith("result: "):
            return line[len("result: "):]
    return ""


def as_verdict(result, white_to_move):
    """Rookery's '1-0 (reason)' -> the verdict for the side to move."""
    head = result.split()[0] if result else ""
    if head == "1/2-1/2":
        return "draw"
    if head in ("1-0", "0-1"):
        return "win" if (head == "1-0") == white_to_move else "loss"
    return None


def play(variant, rng, max_plies):
    start = pyffish.start_fen(variant)
    moves = []
    while len(moves) < max_plies:
        end = fsf_end(variant, start, moves)
        if end:
            return start, moves, end
        moves.append(rng.choice(sorted(pyffish.legal_moves(variant, start, moves))))
    return start, moves, fsf_end(variant, start, moves)


def check(exe, variant, games, seed, max_plies):
    problems, kinds = [], {}
    for g in range(games):
        rng = random.Random("%d-%s-%d" % (seed, variant, g))
        start, moves, end = play(variant, rng, max_plies)
        white = pyffish.get_fen(variant, start, moves).split()[1] == "w"
        got = rookery_result(exe, variant, moves)
        kind = end[0] if end else "cut"
        kinds[kind] = kinds.get(kind, 0) + 1
        want = end[1] if end else None
        if as_verdict(got, white) != want or got.startswith("ERROR"):
            problems.append("game %d (%d plies, FSF %s %s): Rookery %r\n  moves %s"
                            % (g, len(moves), kind, want, got, " ".join(moves)))
        elif end and moves and rookery_result(exe, variant, moves[:-1]):
            problems.append("game %d: Rookery ended it one ply early\n  moves %s" % (g, " ".join(moves)))
    summary = ", ".join("%s %d" % kv for kv in sorted(kinds.items()))
    print("%-12s %d games (%s): %s" % (variant, games, summary, "%d PROBLEMS" % len(problems) if problems else "ok"))
    for p in problems:
        print("  " + p)
    return not problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--rookery", default=os.path.join(os.path.dirname(HERE), "target", "release", "rookery"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    a = ap.parse_args()
    with open(os.path.join(HERE, "fsf-variants.ini")) as f:
        pyffish.load_variant_config(f.read())
    ok = all([check(a.rookery, v, a.games, a.seed, a.max_plies) for v in a.variants])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
