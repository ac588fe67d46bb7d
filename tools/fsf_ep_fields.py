#!/usr/bin/env python3
"""Freeze how Fairy-Stockfish reads and writes an edited en-passant field
(tests/data/fsf-ep-fields.tsv, checked by tests/fen_interop.rs).

For each variant named, the start position as FSF prints it gets each e.p.
field below (real ones, squares with nothing to take, several squares run
together, squares out of order), and FSF's own FEN of that position
(`position fen ...` then `d`) is written next to it:

    VARIANT <TAB> FEN GIVEN <TAB> FEN FSF PRINTS

FSF keeps every listed square, as written in board order, in variants beyond
its fast chess pieces (synochess, gustav3), and only squares where a pawn
could take in the others (chess, loop, embassy).

Usage (a Fairy-Stockfish binary built from public source, largeboards):
    tools/fsf_ep_fields.py /path/to/stockfish /path/to/variants.ini > tests/data/fsf-ep-fields.tsv
"""
import subprocess
import sys

VARIANTS = ["chess", "synochess", "gustav3", "loop", "embassy", "berolina", "duck", "janus", "capablanca",
            "coregal", "crazyhouse", "grand", "horde", "raazuvaa", "gardner", "losalamos", "georgian", "spartan",
            "shako", "wolf", "pocketknight", "chigorin", "chancellor", "seirawan", "atomic", "3check",
            "kingofthehill", "antichess", "almost", "amazon", "centaur", "knightmate", "extinction", "codrus"]
EPS = ["d3c4h5", "e3", "e6", "c3c4", "a1", "e3e4", "d6", "h6g6", "b3"]


def fsf(binary, ini, variant, commands):
    text = f"uci\nsetoption name VariantPath value {ini}\nsetoption name UCI_Variant value {variant}\n"
    text += "".join(commands) + "quit\n"
    out = subprocess.run([binary], input=text, capture_output=True, text=True).stdout
    return [line[5:] for line in out.splitlines() if line.startswith("Fen: ")]


def main():
    binary, ini = sys.argv[1], sys.argv[2]
    for v in VARIANTS:
        start = fsf(binary, ini, v, ["position startpos\nd\n"])[0].split(" ")
        given = [" ".join(start[:3] + [ep] + start[4:]) for ep in EPS]
        for g, out in zip(given, fsf(binary, ini, v, [f"position fen {g}\nd\n" for g in given])):
            print(f"{v}\t{g}\t{out}")


if __name__ == "__main__":
    main()
