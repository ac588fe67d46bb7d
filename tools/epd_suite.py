#!/usr/bin/env python3
"""How many positions of a test suite in EPD (`bm`/`am` operations, as in
*Win at Chess* or the Bratko-Kopec test) each engine solves at a fixed
node count: a probe of the search's tactics, not a measure of strength
(see docs/tuning.md, "A tactics suite that pointed the wrong way").

Each engine (`--engine`, one or more UCI command lines, as `match.py`
takes them) searches every position at `go nodes N` for each N of
`--nodes`, its hash cleared before each. A position is solved when the
move is one of its `bm` moves and none of its `am` moves. The moves are in
SAN; pyffish (`pip install pyffish`) lists the legal moves and names them
in SAN, so any variant pyffish knows works (`--variant`, default chess).
Suite files are not kept in this repository.

Prints, per node count and engine, the count solved and the ids missed;
with two engines, the ids only one of them solved.

  tools/epd_suite.py --epd wac.epd --nodes 20000 \\
      --engine "target/release/rookery uci" --engine /work/fsf/stockfish
"""

import argparse
import sys

import pyffish

from fsf_selfplay import Fsf as Engine


def strip(san):
    """A SAN move without check, mate or annotation marks."""
    return san.rstrip("+#!?")


def parse(line, variant):
    """(id, FEN, solving moves, avoided moves) of one EPD line, the moves
    as UCI strings; None for a blank or comment line."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    fields = line.split(" ", 4)
    if len(fields) < 5:
        raise SystemExit(f"not an EPD line with operations: {line}")
    fen = " ".join(fields[:4]) + " 0 1"
    ops = {}
    for op in fields[4].split(";"):
        name, _, value = op.strip().partition(" ")
        if name:
            ops[name] = value.strip().strip('"')
    legal = pyffish.legal_moves(variant, fen, [])
    by_san = {strip(pyffish.get_san(variant, fen, m)): m for m in legal}

    def moves(name):
        found = set()
        for san in ops.get(name, "").split():
            if strip(san) not in by_san:
                raise SystemExit(f"{ops.get('id', fen)}: {name} {san} is not a legal move")
            found.add(by_san[strip(san)])
        return found

    best, avoid = moves("bm"), moves("am")
    if not best and not avoid:
        raise SystemExit(f"{ops.get('id', fen)}: neither bm nor am")
    return ops.get("id", fen), fen, best, avoid


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--epd", required=True, help="suite file, one EPD line a position")
    ap.add_argument("--engine", action="append", required=True, help="UCI command line (repeatable)")
    ap.add_argument("--nodes", type=int, nargs="+", default=[20000])
    ap.add_argument("--variant", default="chess")
    args = ap.parse_args()

    suite = [p for p in (parse(line, args.variant) for line in open(args.epd)) if p]
    engines = [Engine(cmd, args.variant) for cmd in args.engine]
    for nodes in args.nodes:
        missed = [[] for _ in engines]
        for n, (pid, fen, best, avoid) in enumerate(suite, 1):
            for e, miss in zip(engines, missed):
                e.new_game()
                move, _ = e.best(fen, [], nodes)
                if (best and move not in best) or move in avoid:
                    miss.append(pid)
            print(f"\r{n}/{len(suite)}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        for cmd, miss in zip(args.engine, missed):
            print(f"nodes {nodes}: {cmd}: solved {len(suite) - len(miss)}/{len(suite)}")
            print(f"  missed: {' '.join(miss)}")
        if len(engines) == 2:
            a, b = set(missed[0]), set(missed[1])
            print(f"  only the first solved: {' '.join(sorted(b - a))}")
            print(f"  only the second solved: {' '.join(sorted(a - b))}")
    for e in engines:
        e.close()


if __name__ == "__main__":
    main()
