#!/usr/bin/env python3
"""Search speed and sameness over UCI, on the positions of `rookery bench`
(`src/cli/bench.txt`: `VARIANT DEPTH FEN` a line).

Every engine searches every position to the line's depth (`go depth D`,
after `ucinewgame`, hash `--hash` MB); the engines take turns position by
position, so a load that comes and goes falls on all of them alike. Prints
each position's nodes, score and best move per engine, then each engine's
total nodes, the time it reported and its nodes/s.

`--same` checks that a change made nodes cheaper without changing the
search: every engine must report the same nodes, score and best move as
the first in every position (exit 1 if not). Any UCI engine can be timed
beside Rookery, e.g. Fairy-Stockfish (whose nodes differ, of course):

  tools/bench_uci.py --engine "/work/baseline/rookery-1d1f371 uci" \\
      --engine "target/release/rookery uci" --same
  tools/bench_uci.py --engine "target/release/rookery uci" \\
      --engine /work/fsf/stockfish --variant chess --variant capablanca
"""

import argparse
import os
import shlex
import subprocess
import sys

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "cli", "bench.txt")


def positions(path, variants, depth_change):
    """(variant, depth, fen) of every line of the bench file, for `variants` (all if empty)."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            variant, depth, fen = line.split(" ", 2)
            if not variants or variant in variants:
                out.append((variant, max(1, int(depth) + depth_change), fen))
    return out


class Engine:
    """A UCI engine process."""

    def __init__(self, cmd, hash_mb):
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.variant = None

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """Lines up to the one starting with `prefix`; that line last."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"{self.cmd}: exited")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def search(self, variant, depth, fen):
        """(nodes, score, best move, milliseconds) of `go depth` from `fen`."""
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        lines = self.wait("bestmove")
        info = [l.split() for l in lines if l.startswith("info") and " nodes " in l and " score " in l]
        last = info[-1]
        field = lambda name: last[last.index(name) + 1]
        score = " ".join(last[last.index("score") + 1:][:2])
        return int(field("nodes")), score, lines[-1].split()[1], int(field("time"))

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", action="append", required=True, help="UCI command (repeat)")
    ap.add_argument("--variant", action="append", default=[], help="only these variants (repeat)")
    ap.add_argument("--depth-change", type=int, default=0, help="added to every line's depth")
    ap.add_argument("--hash", type=int, default=16, help="MB")
    ap.add_argument("--positions", default=BENCH, help="bench file")
    ap.add_argument("--same", action="store_true", help="nodes, score and move must equal the first engine's")
    args = ap.parse_args()
    engines = [Engine(c, args.hash) for c in args.engine]
    totals = [[0, 0] for _ in engines]
    differ = 0
    for variant, depth, fen in positions(args.positions, args.variant, args.depth_change):
        rows = [e.search(variant, depth, fen) for e in engines]
        for t, r in zip(totals, rows):
            t[0] += r[0]
            t[1] += r[3]
        same = all(r[:3] == rows[0][:3] for r in rows)
        differ += not same
        cells = "  ".join(f"{n:>9} {s:>9} {m:<7} {ms:>6} ms" for n, s, m, ms in rows)
        print(f"{variant:<11} d{depth:<2} {cells}{'' if same else '  DIFFERS'}  {fen}", flush=True)
    for e, (nodes, ms) in zip(engines, totals):
        print(f"{e.cmd}: nodes {nodes} time {ms} ms nodes/s {nodes * 1000 // max(ms, 1)}")
        e.close()
    if args.same:
        print("same nodes, scores and moves" if not differ else f"{differ} positions differ")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
