#!/usr/bin/env python3
"""Time use per move from a PGN whose move comments end in the seconds the
move took (cutechess-cli writes `{+0.30/9 0.35s}`, `tools/match.py --tc`
writes `{0.35s}`, XBoard `{+0.30/9 0.4}`): a histogram of the mean and the longest time per move,
by move number, for each engine, and the least time any engine had left on
its clock (from the time control: `--tc BASE+INC` in seconds, or
`MOVES/BASE+INC` for a repeating control) with the number of time losses.

  tools/time_use.py --tc 10+0.1 games.pgn [--bucket 10]
"""
import argparse
import re
import sys
from collections import defaultdict

MOVE_TIME = re.compile(r"\{(?:[^}]*?(\d+(?:\.\d+)?)s|[-+]?[\d.]+/\d+ (\d+(?:\.\d+)?))\}")


def parse_tc(tc):
    """(moves per period or 0, base seconds, increment seconds)."""
    moves, _, rest = tc.rpartition("/")
    base, _, inc = rest.partition("+")
    return int(moves or 0), float(base), float(inc or 0)


def games(text):
    """(tags, list of seconds per ply) for every game in the PGN text."""
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        body = chunk[chunk.rfind("]\n") + 2:] if "]\n" in chunk else chunk
        yield tags, [float(a or b) for a, b in MOVE_TIME.findall(body)]


def least_left(times, side, tc):
    """The least time `side` (0 White) had left after any of its moves."""
    mps, base, inc = tc
    left, least = base, base
    for n, t in enumerate(times[side::2], start=1):
        left += inc - t
        least = min(least, left)
        if mps and n % mps == 0:
            left += base
    return least


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--tc", required=True, help="BASE+INC or MOVES/BASE+INC, seconds")
    ap.add_argument("--bucket", type=int, default=10, help="moves per histogram row")
    args = ap.parse_args()
    tc = parse_tc(args.tc)
    spent = defaultdict(lambda: defaultdict(list))
    lows = defaultdict(list)
    losses = 0
    for tags, times in games(open(args.pgn, errors="replace").read()):
        if not times:
            continue
        losses += "time" in tags.get("Termination", "").lower() or "forfeit" in tags.get("Termination", "")
        for side, name in enumerate((tags.get("White", "?"), tags.get("Black", "?"))):
            for n, t in enumerate(times[side::2], start=1):
                spent[name][(n - 1) // args.bucket].append(t)
            lows[name].append(least_left(times, side, tc))
    for name in sorted(spent):
        print(f"{name}: least time left in a game {min(lows[name]):.2f} s "
              f"(median over games {sorted(lows[name])[len(lows[name]) // 2]:.2f} s)")
        for b in sorted(spent[name]):
            ts = spent[name][b]
            bar = "#" * round(20 * sum(ts) / len(ts) / max(tc[1] / 20, 1e-9))
            print(f"  moves {b * args.bucket + 1:3}-{(b + 1) * args.bucket:3}: n {len(ts):4}  "
                  f"mean {sum(ts) / len(ts):6.3f} s  max {max(ts):6.3f} s  {bar}")
    print(f"time losses (Termination tag): {losses}")


if __name__ == "__main__":
    sys.exit(main())
