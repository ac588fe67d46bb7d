#!/usr/bin/env python3
"""Check Rookery definitions against Fairy-Stockfish (FSF) variants of the
same name, position by position, before their numbers are frozen.

For each variant: the start FEN of `rookery replay DEF` must equal pyffish's
start_fen; then random positions (pyffish random walks from the start,
random.Random(seed), 2..--max-plies plies, walks that end the game dropped)
are checked three ways:
  * the legal moves (`rookery perft DEF 1 --divide`) equal pyffish's legal_moves;
  * perft 1..--depth (`rookery perft DEF D --fen FEN`) equals the FSF binary's
    `go perft D` (skipped once a count exceeds --budget);
  * the FEN round trip: `rookery replay DEF --fen FEN` prints FSF's FEN back.

Usage:  python3 tools/fsf_catalogue.py [--rookery target/release/rookery]
            [--fsf /work/fsf/stockfish] [--count 20] [--depth 3] NAME[=DEF] ...
DEF defaults to definitions/NAME.toml; NAME is the FSF variant name.
Prints one line per variant (and every disagreement); exit 1 if any.
Nothing is written: tools/fsf_oracle.py freezes the numbers for the tests.
"""

import argparse
import os
import random
import subprocess
import sys

import pyffish

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def rookery(args, exe):
    r = subprocess.run([exe] + args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def walk(variant, rng, max_plies):
    start = pyffish.start_fen(variant)
    plies = rng.randint(2, max_plies)
    moves = []
    for _ in range(plies):
        legal = sorted(pyffish.legal_moves(variant, start, moves))
        if not legal:
            return None
        moves.append(rng.choice(legal))
    fen = pyffish.get_fen(variant, start, moves)
    if not pyffish.legal_moves(variant, fen, []):
        return None
    return fen


def fsf_perft(fsf, variant, jobs):
    """[(fen, depth)] -> [nodes], one FSF process for the lot."""
    cmds = "setoption name UCI_Variant value %s\n" % variant
    for fen, d in jobs:
        cmds += "position fen %s\ngo perft %d\n" % (fen, d)
    out = subprocess.run([fsf], input=cmds + "quit\n", capture_output=True, text=True).stdout
    nodes = [int(l.split(":")[1]) for l in out.splitlines() if l.startswith("Nodes searched:")]
    if len(nodes) != len(jobs):
        raise SystemExit("FSF answered %d of %d perft requests for %s" % (len(nodes), len(jobs), variant))
    return nodes


def check(name, path, a):
    problems = []
    code, out, err = rookery(["replay", path], a.rookery)
    if code != 0:
        return ["%s: rookery cannot load %s: %s" % (name, path, err.strip())]
    ours, theirs = out.splitlines()[0], pyffish.start_fen(name)
    if ours != theirs:
        problems.append("%s start FEN\n  FSF     %s\n  Rookery %s" % (name, theirs, ours))
    rng = random.Random("%s-%s" % (a.seed, name))
    fens, seen = [theirs], {theirs}
    tries = 0
    while len(fens) < a.count and tries < 20 * a.count:
        tries += 1
        fen = walk(name, rng, a.max_plies)
        if fen and fen not in seen:
            seen.add(fen)
            fens.append(fen)
    jobs, rk = [], {}
    for fen in fens:
        code, out, err = rookery(["replay", path, "--fen", fen], a.rookery)
        back = out.splitlines()[0] if code == 0 and out else "ERROR " + err.strip()
        if back != fen:
            problems.append("%s FEN round trip\n  FSF     %s\n  Rookery %s" % (name, fen, back))
        code, out, err = rookery(["perft", path, "1", "--fen", fen, "--divide"], a.rookery)
        mine = sorted(l.split(":")[0] for l in out.splitlines() if ":" in l and not l.startswith(("nodes", "time")))
        fsf = sorted(pyffish.legal_moves(name, fen, []))
        if mine != fsf:
            problems.append("%s moves at %s\n  FSF only     %s\n  Rookery only %s"
                            % (name, fen, sorted(set(fsf) - set(mine)), sorted(set(mine) - set(fsf))))
            continue
        for d in range(1, a.depth + 1):
            code, out, err = rookery(["perft", path, str(d), "--fen", fen], a.rookery)
            n = [int(l.split()[1]) for l in out.splitlines() if l.startswith("nodes")]
            rk[(fen, d)] = n[0] if n else -1
            jobs.append((fen, d))
            if not n or n[0] > a.budget:
                break
    for (fen, d), n in zip(jobs, fsf_perft(a.fsf, name, jobs)):
        if rk[(fen, d)] != n:
            problems.append("%s perft %d at %s: FSF %d, Rookery %d" % (name, d, fen, n, rk[(fen, d)]))
    print("%-14s %2d positions, %3d perft counts: %s" % (name, len(fens), len(jobs),
                                                         "ok" if not problems else "%d PROBLEMS" % len(problems)))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--rookery", default=os.path.join(REPO, "target", "release", "rookery"))
    ap.add_argument("--fsf", default="/work/fsf/stockfish")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--budget", type=int, default=200000, help="no deeper perft once a count exceeds this")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--max-plies", type=int, default=40)
    a = ap.parse_args()
    bad = []
    for spec in a.variants:
        name, _, path = spec.partition("=")
        bad += check(name, path or os.path.join(REPO, "definitions", name + ".toml"), a)
    for p in bad:
        print(p)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
