#!/usr/bin/env python3
"""Check `rookery export --format fairy-stockfish` against Fairy-Stockfish.

Run by hand (needs pyffish: `pip install pyffish`; the PyPI wheel 0.0.90 is a
large-board build) from the repository root:

    cargo build --release
    python3 tools/fsf_export_check.py [--rookery target/release/rookery] [--count 20] [--seed 1] \
        [--binary PATH/TO/stockfish]

The definitions checked are every built-in (`rookery list`) that the exporter
writes (the others are refused with their reasons, printed here), plus the
test definitions in TEST_DEFS. For each it

1. runs `rookery export DEF --format fairy-stockfish` and loads the section
   into pyffish (refusing to go on if pyffish does not list the variant or
   gives a different start position);
2. counts perft 1..3 from the start position with pyffish (depth 3 only if
   perft(2) <= --node-budget);
3. makes COUNT positions: the start position, then random walks
   (random.Random(seed): a ply count in 2..40, then uniformly random moves
   from the sorted legal-move list; walks that reach a position without
   legal moves, and repeated positions, are dropped). One board of a
   bughouse pair (bughouse, koedem, supply) never fills its hands from the
   start, so its walks start from a FEN picked (by the same generator) from
   the start and tools/fsf_hands.py's HAND_STARTS, holdings filled as a GUI
   would fill them; then the HAND_MADE positions, rules random walks rarely
   reach (tools/fsf_hands.py's EXTRA, and petrified's corners where FSF's
   own petrified differs from ours and from this section);
4. with --binary (a Fairy-Stockfish executable built from its public source,
   largeboards=yes all=yes): runs `stockfish check SECTION.ini` and refuses to
   go on if it prints anything but the banner and "Parsing variant" (FSF's
   parser reports unknown options and invalid values there), then loads the
   section through the UCI option VariantPath and counts `go perft` from the
   start position (depths 1..3, as above) and perft 2 from every random
   position; the start counts must equal pyffish's;
5. writes the frozen results the Rust test `tests/export.rs` reads:
   tests/data/export-fsf-<name>.ini    the exported section, byte for byte
   tests/data/export-fsf-<name>.moves  one record per position, in the format
                                       of tests/perft/*.moves: `id`, `variant`,
                                       `fen` (as FSF prints it), `moves` (FSF's
                                       legal moves in UCI spelling, sorted);
                                       the first record also has `perft D N`,
                                       and with --binary every record has the
                                       binary's `perft D N` counts.

The Rust test reads every export-fsf-*.ini it finds: the export must still
equal the frozen section (so a changed export needs a rerun of this script),
our perft from the start must equal FSF's, and our engine's legal moves must
equal FSF's in every frozen position. With --compare the script also runs
`rookery` on each position itself and reports any difference at once.

Output files carry no timestamps: the same pyffish gives byte-identical files.
"""

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DATA = os.path.join(REPO, "tests", "data")

# Test definitions (name -> path) checked besides the built-ins.
TEST_DEFS = {
    "tcb-wd": os.path.join("tests", "data", "tcb-wd.toml"),
    "chess-zones": os.path.join("tests", "data", "chess-zones.toml"),
    "chess-guard": os.path.join("tests", "data", "chess-guard.toml"),
}


def run(cmd):
    r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr}")
    return r.stdout


def section_name(ini):
    for line in ini.splitlines():
        if line.startswith("[") and line.endswith("]"):
            return line[1:-1].split(":")[0]
    raise SystemExit("no [section] in the export")


def start_fen(ini):
    for line in ini.splitlines():
        if line.startswith("startFen = "):
            return line[len("startFen = "):]
    raise SystemExit("no startFen in the export")


# Hand-made positions (comment, FEN) besides tools/fsf_hands.py's EXTRA.
# Petrified: FSF's own `petrified` has a pseudo-royal commoner king whose
# steps count as attacks although it may not capture (it would petrify);
# ours never captures and attacks nothing, and so does the section's
# `king = k:mK`. FSF's own petrified refuses e1g1 in the first position and
# calls the second checkmate (game_result -32000); the section and Rookery
# allow e1g1 and call the second stalemate, a draw (game_result 0).
PETRIFIED_CORNERS = [
    ("castling across f1 next to the enemy king on g2 (FSF's own petrified refuses e1g1)",
     "8/8/8/8/8/8/6k1/4K2R w K - 0 1"),
    ("no move, the kings side by side: stalemate, a draw (FSF's own petrified: checkmate)",
     "8/8/8/8/8/8/**6/Kk6 w - - 0 1"),
    ("the kings side by side, either may step next to the other",
     "8/8/8/3k4/3K4/8/8/8 w - - 0 1"),
]


def positions(sf, variant, fen0, count, seed, starts=None, hand_made=()):
    """The start, random walks (from `starts` too when given) and the
    hand-made positions, as (comment, FEN)."""
    rng = random.Random(seed)
    out = [("the start position", fen0)]
    seen = {fen0.rsplit(" ", 2)[0]}
    tries = 0
    while len(out) < count:
        tries += 1
        if tries > 50 * count:
            raise SystemExit(f"{variant}: could not make {count} positions")
        walk_from = rng.choice([fen0] + starts) if starts else fen0
        plies = rng.randint(2, 40)
        moves = []
        ok = True
        for _ in range(plies):
            legal = sorted(sf.legal_moves(variant, walk_from, moves))
            if not legal:
                ok = False
                break
            moves.append(rng.choice(legal))
        if not ok:
            continue
        fen = sf.get_fen(variant, walk_from, moves)
        if not sf.legal_moves(variant, fen, []):
            continue
        key = fen.rsplit(" ", 2)[0]
        if key in seen:
            continue
        seen.add(key)
        origin = "the start" if walk_from == fen0 else walk_from
        out.append((f"{plies} random plies from {origin}: {' '.join(moves)}", fen))
    for why, fen in hand_made:
        fen = sf.get_fen(variant, fen, [])
        result = "" if sf.legal_moves(variant, fen, []) else f"; no legal move, FSF's game_result {sf.game_result(variant, fen, [])}"
        out.append((f"hand-made: {why}{result}", fen))
    return out


def builtins(rookery):
    """Every built-in the exporter writes; prints the refused ones."""
    out = {}
    for line in run([rookery, "list"]).splitlines():
        name = line.split()[0] if line.strip() else ""
        if not name:
            continue
        r = subprocess.run([rookery, "export", name, "--format", "fairy-stockfish"], cwd=REPO,
                           capture_output=True, text=True)
        if r.returncode == 0:
            out[name] = name
        else:
            print(f"{name}: refused\n{r.stderr.strip()}", file=sys.stderr)
    return out


def perft(sf, variant, fen, depth, moves=None):
    moves = moves or []
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(sf, variant, fen, depth - 1, moves + [m]) for m in legal)


# Warnings of FSF's parser that are FSF's own bug, not a problem of the
# section: `set(const std::string&, CountingRule&)` in its parser.cpp
# assigns CAMBODIAN_COUNTING for "cambodian" but returns true only for
# "makruk", "asean" and "none", so `check` complains although the value is
# set (FSF's built-in cambodian sets it in C++ and never meets the parser).
KNOWN_FSF_WARNINGS = {
    "countingRule = cambodian": "countingRule - Invalid value cambodian for type CountingRule",
}


def binary_check(binary, ini_path):
    """`stockfish check FILE`: anything printed besides the banner and the
    "Parsing variant" line is a warning of FSF's parser (except the known
    parser bugs in KNOWN_FSF_WARNINGS, for a section with that line)."""
    r = subprocess.run([binary, "check", ini_path], capture_output=True, text=True)
    with open(ini_path) as f:
        lines = f.read().splitlines()
    known = {w for line, w in KNOWN_FSF_WARNINGS.items() if line in lines}
    noise = [line for line in (r.stdout + r.stderr).splitlines()
             if line.strip() and not line.startswith("Fairy-Stockfish") and not line.startswith("Parsing variant")
             and line.strip() not in known]
    if r.returncode != 0 or noise:
        raise SystemExit(f"{binary} check {ini_path}: exit {r.returncode}\n" + "\n".join(noise))


class Uci:
    """A UCI session with the binary, the section loaded by VariantPath."""

    def __init__(self, binary, ini_path, variant):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        # Asked once, first: a later `uci` resets the variant to chess.
        self.name = self.wait("id name")[len("id name "):]
        self.wait("uciok")
        self.send(f"setoption name VariantPath value {ini_path}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the FSF binary ended unexpectedly")
            if line.startswith(prefix):
                return line.strip()

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched:").split(":")[1])

    def close(self):
        self.send("quit")
        self.p.wait()


def counting_check(sf, name, variant):
    """Counting rules never change perft: replay the games FSF's built-in
    froze in tests/data/counting/NAME.txt (tools/fsf_counting.py) under the
    exported section instead; every checkpoint FEN (with its count fields)
    and every counting end must be the same. Returns the numbers checked."""
    path = os.path.join(DATA, "counting", f"{name}.txt")
    if not os.path.exists(path):
        return None
    start, moves, checks = None, [], 0
    with open(path) as f:
        for line in f.read().splitlines():
            if line.startswith("game "):
                start = line[len("game "):]
            elif line.startswith("moves"):
                moves = line.split()[1:]
            elif line.startswith("fen "):
                _, n, fen = line.split(" ", 2)
                got = sf.get_fen(variant, start, moves[:int(n)])
                if got != fen:
                    raise SystemExit(f"{name}: after {n} plies the section gives {got}, FSF's built-in {fen}")
                checks += 1
            elif line.startswith("end ") and line.split()[2] == "counting":
                if not sf.is_optional_game_end(variant, start, moves[:int(line.split()[1])])[0]:
                    raise SystemExit(f"{name}: the section does not end the game by counting at {line}")
                checks += 1
    return checks


def ours(rookery, d, fen):
    text = run([rookery, "perft", d, "1", "--fen", fen, "--divide"])
    return sorted(line.split(":")[0] for line in text.splitlines() if ":" in line)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rookery", default=os.path.join(REPO, "target", "release", "rookery"))
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", action="store_true", help="also compare with our engine right away")
    ap.add_argument("--node-budget", type=int, default=6000)
    ap.add_argument("--only", action="append")
    ap.add_argument("--binary", help="a Fairy-Stockfish executable: `check` the section and count perft with it")
    a = ap.parse_args()
    defs = builtins(a.rookery)
    defs.update(TEST_DEFS)
    try:
        import pyffish as sf
    except ImportError:
        raise SystemExit("pyffish is not installed: pip install pyffish")
    sys.path.insert(0, HERE)
    from fsf_hands import EXTRA, HAND_STARTS
    hand_made = dict(EXTRA, petrified=PETRIFIED_CORNERS)
    oracle = f"pyffish {'.'.join(map(str, sf.version()))} ({sf.info().split(chr(10))[0].strip()})"
    bad = 0
    for name in a.only or list(defs):
        d = defs[name]
        ini = run([a.rookery, "export", d, "--format", "fairy-stockfish"])
        variant = section_name(ini)
        sf.load_variant_config(ini)
        if variant not in sf.variants():
            raise SystemExit(f"pyffish did not load [{variant}]")
        fen0 = start_fen(ini)
        if sf.start_fen(variant) != fen0:
            raise SystemExit(f"{variant}: FSF's start position {sf.start_fen(variant)!r} differs from {fen0!r}")
        ini_path = os.path.join(DATA, f"export-fsf-{name}.ini")
        with open(ini_path, "w") as f:
            f.write(ini)
        uci = None
        if a.binary:
            binary_check(a.binary, ini_path)
            uci = Uci(a.binary, ini_path, variant)
        lines = [
            f"# Fairy-Stockfish legal moves for the section `rookery export {d} --format fairy-stockfish`",
            f"# writes (frozen in export-fsf-{name}.ini), FSF variant '{variant}'.",
            "# Format as tests/perft/*.moves: FSF's UCI spelling, sorted as byte strings.",
            "# Generated by tools/fsf_export_check.py; do not edit by hand. Regenerate with:",
            f"#   python3 tools/fsf_export_check.py --count {a.count} --seed {a.seed} --only {name}"
            + (" --binary PATH/TO/stockfish" if a.binary else ""),
            f"# Oracle: {oracle}.",
        ]
        counts = []
        for depth in (1, 2, 3):
            if depth == 3 and counts[-1] > a.node_budget:
                break
            counts.append(perft(sf, variant, fen0, depth))
        if uci:
            binary_counts = [uci.perft(fen0, d + 1) for d in range(len(counts))]
            if binary_counts != counts:
                raise SystemExit(f"{name}: the FSF binary counts {binary_counts}, pyffish {counts}")
            lines.insert(-1, f"# Perft counts: the Fairy-Stockfish binary ({uci.name}), `go perft D`, the section")
            lines.insert(-1, "# loaded by VariantPath after `stockfish check` printed no warning; the start counts equal pyffish's.")
        for i, (why, fen) in enumerate(positions(sf, variant, fen0, a.count, a.seed, HAND_STARTS.get(name),
                                                  hand_made.get(name, ()))):
            moves = sorted(sf.legal_moves(variant, fen, []))
            lines += [f"# {why}", f"id export-fsf-{name}-{i + 1:02}", f"variant {name}", f"fen {fen}"]
            if i == 0:
                lines += [f"perft {d + 1} {n}" for d, n in enumerate(counts)]
            elif uci:
                lines.append(f"perft 2 {uci.perft(fen, 2)}")
            lines += [f"moves {' '.join(moves)}", ""]
            if a.compare:
                mine = ours(a.rookery, d, fen)
                if mine != moves:
                    bad += 1
                    print(f"MISMATCH {name} {fen}\n  fsf only: {sorted(set(moves) - set(mine))}\n"
                          f"  ours only: {sorted(set(mine) - set(moves))}", file=sys.stderr)
        counted = counting_check(sf, name, variant)
        if counted is not None:
            print(f"{name}: {counted} counting checkpoints of tests/data/counting/{name}.txt agree", file=sys.stderr)
        with open(os.path.join(DATA, f"export-fsf-{name}.moves"), "w") as f:
            f.write("\n".join(lines))
        if uci:
            uci.close()
        print(f"{name}: [{variant}] loaded, {a.count} positions written", file=sys.stderr)
    if bad:
        raise SystemExit(f"{bad} positions differ")


if __name__ == "__main__":
    main()
