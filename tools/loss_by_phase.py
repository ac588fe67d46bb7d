#!/usr/bin/env python3
"""Where a match's games were lost: a judge engine's score of each game at
fixed plies, from one engine's side, summed up per ply. Against
Fairy-Stockfish the question is whether Rookery falls behind in the
opening, the middlegame or the ending (docs/tuning.md, "Where the games
are lost").

  tools/loss_by_phase.py games.pgn --engine rookery --judge /work/fsf/stockfish
  tools/loss_by_phase.py games.pgn --engine rookery --plies 8 16 --nodes 20000 --games 20

Reads match.py's PGN (coordinate moves, `[White]`/`[Black]` tags naming
the engines, `[Variant]`); `--engine` is a substring of the engine's tag.
The judge is any UCI engine that takes `position startpos moves ...`
(for a variant, `UCI_Variant` is set from the PGN's tag). Its score is
printed as the judge prints it (Fairy-Stockfish: centipawns of an
endgame pawn); a mate counts as ±10 000.
"""

import argparse
import re

from blunders import parse_pgn
from fsf_uci import Uci

MOVE = re.compile(r"[a-z]\d+[a-z]\d+[a-z]?")
SCORE = re.compile(r"score (cp|mate) (-?\d+)")


class Judge:
    """A UCI engine (`fsf_uci.Uci`, set to each game's variant in turn)
    that scores positions at a fixed node count."""

    def __init__(self, cmd, nodes):
        self.cmd, self.nodes = cmd, nodes
        self.uci, self.variant = None, None

    def score(self, variant, moves):
        """The judge's score for the side to move after `moves`."""
        if variant != self.variant:
            self.close()
            self.uci, self.variant = Uci(self.cmd, variant), variant
        self.uci.send("ucinewgame")
        self.uci.send("position startpos moves " + " ".join(moves))
        self.uci.send(f"go nodes {self.nodes}")
        score = 0
        while True:
            line = self.uci.p.stdout.readline()
            m = SCORE.search(line)
            if m:
                kind, value = m.group(1), int(m.group(2))
                score = value if kind == "cp" else (10000 if value > 0 else -10000)
            if line.startswith("bestmove") or not line:
                return score

    def close(self):
        if self.uci:
            self.uci.close()


def games(path):
    """(tags, moves) of each game, read by `blunders.parse_pgn`; only the
    coordinate moves are kept (not the result, nor `--tc` time comments)."""
    for tags, tokens in parse_pgn(path):
        yield tags, [t for t in tokens if MOVE.fullmatch(t)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--engine", required=True, help="a substring of the engine's White/Black tag")
    ap.add_argument("--judge", default="/work/fsf/stockfish", help="UCI command of the judging engine")
    ap.add_argument("--nodes", type=int, default=100000, help="the judge's nodes a position")
    ap.add_argument("--plies", type=int, nargs="+", default=[16, 30, 50, 80])
    ap.add_argument("--games", type=int, default=0, help="only the first N games (0: all)")
    ap.add_argument("--behind", type=int, default=150, help="a score at or below minus this counts as lost")
    args = ap.parse_args()
    judge = Judge(args.judge, args.nodes)
    by_ply = {p: [] for p in args.plies}
    skipped = 0
    for n, (tags, moves) in enumerate(games(args.pgn), 1):
        if args.games and n > args.games:
            break
        white = args.engine in tags.get("White", "")
        if not white and args.engine not in tags.get("Black", ""):
            skipped += 1
            continue
        for p in args.plies:
            if p > len(moves):
                continue
            s = judge.score(tags.get("Variant", "chess"), moves[:p])
            # The judge scores for the side to move: White after an even ply.
            by_ply[p].append(s if (p % 2 == 0) == white else -s)
        print(f"\rgame {n}", end="", flush=True)
    print()
    judge.close()
    if skipped:
        print(f"{skipped} games without an engine tag containing {args.engine!r} left out")
    if not any(by_ply.values()):
        raise SystemExit("no game to score")
    behind = args.behind
    for p, scores in by_ply.items():
        if not scores:
            continue
        scores.sort()
        lost = sum(s <= -behind for s in scores)
        level = sum(s > -behind / 3 for s in scores)
        print(
            f"ply {p}: {len(scores)} games, median {scores[len(scores) // 2]}, "
            f"{lost} at -{behind} or below, {level} above -{behind // 3}"
        )


if __name__ == "__main__":
    main()
