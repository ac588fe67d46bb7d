#!/usr/bin/env python3
"""Where Rookery's static evaluation disagrees with Fairy-Stockfish's
classical one, term by term.

For positions of a tuning data file (`variant;FEN;result;score` lines, as
`fsf_selfplay.py` and `fsf_label.py` write them; every `--every`-th line,
at most `--limit`), FSF's `eval` gives its classical terms (Material,
Imbalance, Pawns, Knights, Bishops, Rooks, Queens, Mobility, King safety,
Threats, Passed, Space, Winnable; middlegame and endgame values blended by
FSF's phase) and Rookery's UCI `eval` its static score, both for White.
Printed: the scale `c` that best maps FSF's total onto Rookery's, then for
each FSF term how much of the residual (c·FSF − Rookery) it explains, and
the weight Rookery's score gives each term in a least-squares fit, over
`c` (1: as FSF weighs it; near 0: Rookery does not see it). Chess only
(FSF's phase uses chess piece values); needs numpy.

  tools/eval_terms.py --data data/rk-chess.txt --rookery target/release/rookery
"""

import argparse
import re
import subprocess

import numpy as np

TERMS = ["Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks", "Queens", "Mobility",
         "King safety", "Threats", "Passed", "Space", "Winnable"]
ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*([-+]?[\d.]+)\s+([-+]?[\d.]+)\s*\|\s*$")
NPM = {"N": 781, "B": 825, "R": 1276, "Q": 2538}


def start(cmd):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("uci\n")
    return p


def ask(p, lines, until):
    p.stdin.write("".join(l + "\n" for l in lines))
    p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"{p.args[0]} ended unexpectedly")
        out.append(line)
        if line.startswith(until):
            return out


def fsf_terms(fsf, fen):
    """FSF's classical terms for White, blended by its phase."""
    out = ask(fsf, [f"position fen {fen}", "eval", "isready"], "readyok")
    board = fen.split()[0]
    npm = sum(NPM.get(ch.upper(), 0) for ch in board)
    ph = max(0, min(128, (npm - 3915) * 128 / (15258 - 3915)))
    terms = {}
    for line in out:
        m = ROW.match(line.strip())
        if m and m.group(1) in TERMS:
            terms[m.group(1)] = (float(m.group(2)) * ph + float(m.group(3)) * (128 - ph)) / 128
    return [terms.get(t, 0.0) for t in TERMS]


def rookery_eval(rk, fen):
    """Rookery's static score for White."""
    line = ask(rk, [f"position fen {fen}", "eval"], "info string")[-1]
    if not line.startswith("info string eval"):
        raise SystemExit(f"no static evaluation from {rk.args[0]}: {line.strip()}")
    score = int(line.split()[3])
    return score if fen.split()[1] == "w" else -score


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--fsf", default="/work/fsf/stockfish")
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--limit", type=int, default=2000)
    args = ap.parse_args()
    fsf, rk = start([args.fsf]), start([args.rookery, "uci"])
    fens = [l.split(";")[1] for l in open(args.data).read().splitlines()[:: args.every]][: args.limit]
    x = np.array([fsf_terms(fsf, f) for f in fens])
    y = np.array([rookery_eval(rk, f) for f in fens], float)
    total = x.sum(axis=1)
    c = (total @ y) / (total @ total)
    r = c * total - y
    print(f"{len(fens)} positions; Rookery ≈ {c:.1f} × FSF (pawns), correlation {np.corrcoef(total, y)[0, 1]:.3f}")
    print(f"residual sd {r.std():.1f} cp, Rookery's sd {y.std():.1f} cp")
    coef, *_ = np.linalg.lstsq(np.c_[x, np.ones(len(x))], y, rcond=None)
    print(f"{'FSF term':12s} {'sd (cp)':>8s} {'explains':>9s} {'Rookery/FSF':>12s}")
    for i, name in enumerate(TERMS):
        t = x[:, i] * c
        if t.std() == 0:
            continue
        b = (t @ r) / (t @ t)
        explained = 1 - (r - b * t).var() / r.var()
        print(f"{name:12s} {t.std():8.1f} {explained * 100:8.1f}% {coef[i] / c:+12.2f}")


if __name__ == "__main__":
    main()
