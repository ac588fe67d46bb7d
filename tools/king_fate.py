#!/usr/bin/env python3
"""How each engine's king left its start cell in a match.py PGN: castled,
walked (a king move of less than two files) or stayed, within the first
`--moves` moves of each side. A king left in the centre is what Rookery's
losses against Fairy-Stockfish show (docs/tuning.md); this counts it.

  tools/king_fate.py games.pgn --moves 25
  tools/king_fate.py games.pgn --white-king e1 --black-king e8

Moves are read in match.py's coordinate notation (`e1g1`); the engine is
named by the White/Black tags.
"""

import argparse
import collections
import re

# A move in coordinates: source and destination cells, a promotion letter.
MOVE = re.compile(r"([a-z]\d+)([a-z]\d+)[a-z]?")


def fates(pgn, starts, moves):
    """Counts of (engine, fate) over the games of `pgn`."""
    count = collections.Counter()
    for game in pgn.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        body = game[game.find("\n\n"):]
        # (source, destination) of each ply, parsed once.
        plies = [m.groups() for m in map(MOVE.fullmatch, body.split()) if m]
        for side, tag in enumerate(("White", "Black")):
            start = starts[side]
            fate = "stayed"
            for src, dst in plies[side::2][:moves]:
                if src == start:
                    fate = "castled" if abs(ord(dst[0]) - ord(src[0])) >= 2 else "walked"
                    break
            count[(tags.get(tag, "?"), fate)] += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--moves", type=int, default=25, help="moves of each side looked at")
    ap.add_argument("--white-king", default="e1")
    ap.add_argument("--black-king", default="e8")
    args = ap.parse_args()
    count = fates(open(args.pgn).read(), (args.white_king, args.black_king), args.moves)
    for engine in sorted({e for e, _ in count}):
        row = {f: count[(engine, f)] for f in ("castled", "walked", "stayed")}
        total = sum(row.values())
        print(f"{engine}: " + ", ".join(f"{f} {n} ({100 * n / total:.0f}%)" for f, n in row.items()) + f" of {total}")


if __name__ == "__main__":
    main()
