#!/usr/bin/env python3
"""Labelled positions for tuning the evaluation, from games already played
(a `match.py --pgn` file): Fairy-Stockfish scores the positions Rookery
actually reaches against a strong opponent.

FSF self-play (`fsf_selfplay.py`) only visits positions FSF steers into; a
weakness of Rookery's evaluation (a royal left open, say) shows in the
positions Rookery steers into, which self-play rarely has. Each game of the
PGN is replayed; every position from `--from-ply` on where the side to move
is not in check and FSF's best move (`go nodes N`) is no capture is written
in `fsf_selfplay.py`'s format:

    variant;FEN;result;score

`result` is the game's result for White (from the PGN), `score` FSF's score
for White in centipawns. Example (what docs/tuning.md used):

  tools/match.py --variant chess --engine "uci:target/release/rookery uci" \
      --engine "uci:/work/fsf/stockfish" --nodes 20000 --games 100 --seed 7 \
      --opening-plies 4 --pgn games.pgn
  tools/fsf_label.py --pgn games.pgn --variant chess --nodes 100000 --out data/rk-chess.txt
"""

import argparse
import sys

import pyffish

from blunders import parse_pgn
from fsf_selfplay import Fsf

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fsf", default="/work/fsf/stockfish")
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--from-ply", type=int, default=8)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    fsf = Fsf(args.fsf, args.variant, hash_mb=64)
    start = pyffish.start_fen(args.variant)
    with open(args.out, "a") as out:
        for g, (tags, moves) in enumerate(parse_pgn(args.pgn)):
            result = RESULTS.get(tags.get("Result"))
            if result is None:
                continue
            fsf.new_game()
            kept = 0
            for ply in range(args.from_ply, len(moves)):
                played = moves[:ply]
                if pyffish.gives_check(args.variant, start, played):
                    continue
                move, score = fsf.best(start, played, args.nodes)
                if pyffish.is_capture(args.variant, start, played, move) or abs(score) >= 10000:
                    continue
                fen = pyffish.get_fen(args.variant, start, played)
                white_score = score if fen.split()[1] == "w" else -score
                out.write(f"{args.variant};{fen};{result};{white_score}\n")
                kept += 1
            out.flush()
            print(f"game {g + 1}: {tags.get('Result')} ({kept} positions)", file=sys.stderr)
    fsf.close()


if __name__ == "__main__":
    main()
