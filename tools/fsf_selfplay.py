#!/usr/bin/env python3
"""Labelled positions for tuning the evaluation (Texel's method), from games
Fairy-Stockfish plays against itself.

Each game starts from a seeded random opening (`--opening-plies` random
legal moves), then FSF plays both sides at `go nodes N`. A game ends by the
rules (pyffish), by adjudication (FSF's score beyond `--adjudicate`
centipawns for 6 plies in a row: the side ahead wins) or at `--max-plies`
(a draw). Every position after the opening where the side to move is not
in check and FSF's chosen move is no capture (a quiet position: the
static evaluation should be right there without a quiescence search) is
written as one line:

    variant;FEN;result;score

`result` is the game's result for White (1, 0.5, 0) and `score` FSF's
score of the position for White in centipawns (mates as +-10000). The
seeds are `--seed` + game number, so a run is reproducible up to FSF's own
node-count determinism (one thread, fixed hash: deterministic).

Example (what docs/tuning.md used):

  tools/fsf_selfplay.py --fsf /work/fsf/stockfish --variant chess \
      --games 400 --nodes 2000 --seed 1 --out data/chess.txt
"""

import argparse
import random
import sys

import pyffish

from fsf_uci import Uci


class Fsf(Uci):
    """FSF over UCI (`fsf_uci.Uci`), one thread, set to `variant`, with a
    hash of `hash_mb`."""

    def __init__(self, binary, variant, hash_mb=16):
        super().__init__(binary, variant)
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def best(self, fen, moves, nodes):
        """FSF's move and score (centipawns for the side to move; mates
        as +-10000) from `fen` after `moves`."""
        self.send(f"position fen {fen} moves {' '.join(moves)}" if moves else f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("FSF ended unexpectedly")
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (10000 if value > 0 else -10000)
            elif words[:1] == ["bestmove"]:
                return words[1], score

    def close(self):
        self.send("quit")
        self.p.wait()


def result_of(variant, fen, moves):
    """The game's result for White (1, 0.5, 0), or None while it goes on."""
    legal = pyffish.legal_moves(variant, fen, moves)
    end, value = pyffish.is_immediate_game_end(variant, fen, moves)
    if not end:
        end, value = pyffish.is_optional_game_end(variant, fen, moves)
    if not end and legal:
        return None
    if not end:
        value = pyffish.game_result(variant, fen, moves)
    white_to_move = pyffish.get_fen(variant, fen, moves).split()[1] == "w"
    mover = 0.5 if value == 0 else (1.0 if value > 0 else 0.0)
    return mover if white_to_move else 1.0 - mover


def play(fsf, variant, rng, args):
    """One game: the positions to keep (fen, white-view score) and its
    result for White."""
    start = pyffish.start_fen(variant)
    moves = []
    for _ in range(args.opening_plies):
        legal = pyffish.legal_moves(variant, start, moves)
        if not legal or result_of(variant, start, moves) is not None:
            return [], None
        moves.append(rng.choice(legal))
    fsf.new_game()
    kept, streak = [], 0
    while len(moves) < args.max_plies:
        result = result_of(variant, start, moves)
        if result is not None:
            return kept, result
        fen = pyffish.get_fen(variant, start, moves)
        white = fen.split()[1] == "w"
        move, score = fsf.best(start, moves, args.nodes)
        white_score = score if white else -score
        in_check = bool(moves) and pyffish.gives_check(variant, start, moves)
        if not in_check and not pyffish.is_capture(variant, start, moves, move) and abs(score) < 10000:
            kept.append((fen, white_score))
        streak = streak + 1 if abs(score) >= args.adjudicate else 0
        if streak >= 6:
            return kept, 1.0 if white_score > 0 else 0.0
        moves.append(move)
    return kept, 0.5


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fsf", default="/work/fsf/stockfish")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening-plies", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--adjudicate", type=int, default=1000)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    fsf = Fsf(args.fsf, args.variant)
    with open(args.out, "a") as out:
        for g in range(args.games):
            rng = random.Random(args.seed * 1000003 + g)
            kept, result = play(fsf, args.variant, rng, args)
            if result is None:
                continue
            for fen, score in kept:
                out.write(f"{args.variant};{fen};{result};{score}\n")
            out.flush()
            print(f"game {g + 1}: {result} ({len(kept)} positions)", file=sys.stderr)
    fsf.close()


if __name__ == "__main__":
    main()
