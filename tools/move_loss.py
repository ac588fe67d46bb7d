#!/usr/bin/env python3
"""What an engine's moves cost, by Fairy-Stockfish's judgement: a measure of
playing strength with far less noise than a match.

Each engine (`--engine`, one or more) picks a move in each of `--count`
positions taken from a file of labelled positions (`variant;FEN;...` lines,
as `fsf_selfplay.py` and `fsf_label.py` write them) at `--nodes` nodes, its
hash cleared before each position. Fairy-Stockfish (`--oracle`) scores each
position at `--oracle-nodes` and, where the engine's move is not its own,
the position after that move; the move's loss is the difference in
centipawns for the side to move (at least 0, at most `--cap`, mates
counted as the cap). The oracle's scores are kept in `--cache` (JSON), so
a second engine, or a second run, asks the oracle only about moves it has
not judged yet.

Printed per engine: the mean loss with a 95% error bar, the share of moves
that agree with the oracle's, and the shares losing 50, 100 and 300 cp or
more. With two engines, the mean of the paired differences (the second
minus the first, same positions) with its error bar: the figure to compare
two builds by, since each position's difficulty cancels.

  tools/move_loss.py --positions data/rk-chess.txt --count 400 \\
      --engine "target/release/rookery uci" \\
      --engine "env ROOKERY_WEIGHTS=w.txt target/release/rookery uci" \\
      --nodes 20000 --oracle /work/fsf/stockfish --cache /tmp/loss.json
"""

import argparse
import json
import math
import os
import random
import sys

from fsf_selfplay import Fsf as Engine


def mean_ci(xs):
    """Mean and half the 95% interval."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    return m, 1.96 * math.sqrt(var / n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", required=True, help="variant;FEN;... lines")
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", action="append", required=True, help="UCI command line (repeatable)")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--oracle", default="/work/fsf/stockfish")
    ap.add_argument("--oracle-nodes", type=int, default=200000)
    ap.add_argument("--cap", type=int, default=500, help="largest loss counted (cp)")
    ap.add_argument("--cache", help="JSON file of the oracle's scores, read and extended")
    args = ap.parse_args()

    lines = [line.strip().split(";") for line in open(args.positions) if line.count(";") >= 1]
    variants = {v for v, *_ in lines}
    if len(variants) != 1:
        raise SystemExit(f"one variant per file, found {sorted(variants)}")
    variant = variants.pop()
    random.Random(args.seed).shuffle(lines)
    fens = [fen for _, fen, *_ in lines[: args.count]]

    cache = {}
    if args.cache and os.path.exists(args.cache):
        cache = json.load(open(args.cache))
    oracle = Engine(args.oracle, variant, hash_mb=64)
    oracle.new_game()

    def judged(fen, move):
        """The oracle's score for the side to move at `fen` after `move`
        (None: of `fen` itself), from the cache when it has it."""
        key = f"{args.oracle_nodes}|{fen}|{move or ''}"
        if key not in cache:
            oracle.new_game()
            best, score = oracle.best(fen, [move] if move else [], args.oracle_nodes)
            cache[key] = [best, score if move is None else -score]
        return cache[key]

    losses = []
    for e, command in enumerate(args.engine):
        engine = Engine(command, variant)
        mine = []
        for i, fen in enumerate(fens):
            engine.new_game()
            move, _ = engine.best(fen, [], args.nodes)
            best, top = judged(fen, None)
            value = top if move == best else judged(fen, move)[1]
            mine.append((max(0, min(args.cap, top - value)), move == best))
            if (i + 1) % 50 == 0:
                print(f"engine {e + 1}: {i + 1}/{len(fens)} positions", file=sys.stderr)
                if args.cache:
                    json.dump(cache, open(args.cache, "w"))
        engine.close()
        losses.append(mine)
        xs = [x for x, _ in mine]
        m, ci = mean_ci(xs)
        share = lambda t: 100 * sum(x >= t for x in xs) / len(xs)
        agree = 100 * sum(a for _, a in mine) / len(mine)
        print(
            f"engine {e + 1} ({command}): mean loss {m:.1f} ± {ci:.1f} cp over {len(xs)} positions; "
            f"agrees {agree:.0f}%; loses >=50: {share(50):.0f}%, >=100: {share(100):.0f}%, >=300: {share(300):.0f}%"
        )
    if args.cache:
        json.dump(cache, open(args.cache, "w"))
    oracle.close()
    for e in range(1, len(losses)):
        d = [b[0] - a[0] for a, b in zip(losses[0], losses[e])]
        m, ci = mean_ci(d)
        print(f"engine {e + 1} minus engine 1: {m:+.1f} ± {ci:.1f} cp per move (paired, same positions)")


if __name__ == "__main__":
    main()
