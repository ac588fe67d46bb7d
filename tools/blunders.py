#!/usr/bin/env python3
"""Find the blunders of one engine in games written by `match.py --pgn`.

Fairy-Stockfish analyses the position before each move of the engine whose
name contains `--who` (fixed depth), once freely and once restricted to the
move played (`searchmoves`); the difference is what the move cost. Moves that
cost more than `--threshold` centipawns are printed with the FEN, the move,
FSF's best move, both scores and FSF's line after the move played, so they
can be classified (tactical, horizon, king safety, passed pawn, trapped piece).

  tools/blunders.py --pgn games.pgn --who rookery --variant chess
"""

import argparse
import re
import subprocess
import sys

MATE = 10000


def parse_pgn(path):
    games, tags = [], {}
    for line in open(path):
        line = line.strip()
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif line:
            toks = [t for t in line.split() if not re.match(r"^\d+\.$", t)]
            games.append((tags, toks[:-1]))
            tags = {}
    return games


class Fsf:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            l = self.p.stdout.readline().strip()
            lines.append(l)
            if l.startswith(prefix):
                return lines

    def analyse(self, moves, depth, only=None):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}" + (f" searchmoves {only}" if only else ""))
        lines = self.wait("bestmove")
        score, pv = 0, []
        for l in lines:
            t = l.split()
            if "score" in t and " pv " in l and "lowerbound" not in t and "upperbound" not in t:
                i = t.index("score")
                score = int(t[i + 2]) if t[i + 1] == "cp" else (MATE if int(t[i + 2]) > 0 else -MATE)
                pv = t[t.index("pv") + 1:]
        return score, lines[-1].split()[1], pv


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--who", required=True, help="part of the analysed engine's name")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--fsf", default="/work/fsf/stockfish")
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--threshold", type=int, default=150)
    args = ap.parse_args()
    fsf = Fsf(args.fsf, args.variant)
    total = count = 0
    for n, (tags, moves) in enumerate(parse_pgn(args.pgn)):
        side = 0 if args.who in tags.get("White", "") else 1
        for ply in range(side, len(moves), 2):
            if ply < 4:
                continue  # the random opening
            before = moves[:ply]
            best, bm, _ = fsf.analyse(before, args.depth)
            if abs(best) >= MATE:
                continue
            count += 1
            if bm == moves[ply]:
                continue
            ours, _, pv = fsf.analyse(before, args.depth, moves[ply])
            drop = best - ours
            total += max(0, min(drop, 1000))
            if drop >= args.threshold:
                fen = subprocess.run([args.rookery, "replay", args.variant] + before, capture_output=True,
                                     text=True).stdout.splitlines()[0]
                print(f"game {n + 1} ply {ply + 1} ({tags.get('Result')}): played {moves[ply]} ({ours:+}) "
                      f"best {bm} ({best:+}) drop {drop}\n  fen {fen}\n  line {' '.join(pv[:10])}", flush=True)
    print(f"{count} moves analysed, mean loss {total / max(count, 1):.0f} cp (capped at 1000 per move)")


if __name__ == "__main__":
    sys.exit(main())
