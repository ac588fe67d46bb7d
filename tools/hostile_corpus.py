#!/usr/bin/env python3
"""Writes the hostile-input corpus under tests/hostile/ (run from the repo root).

Every case is one `rookery` command line in tests/hostile/cases.tsv:

    EXPECT <TAB> JSON array of arguments

EXPECT is what tests/hostile.rs demands of it (besides: no panic, no
signal, no timeout, under a memory cap):
  ok       exit 0
  located  exit != 0 and a `--> FILE:LINE:COL` location in the message
  error    exit != 0 and a line starting `error` on standard error
  any      either exit 0, or exit != 0 with an error message
  fen      exit != 0 and the FEN problem located by column (`--> FEN:1:COL`)
  fen-any  either exit 0, or as `fen`
  full     standard output is /dev/full: exit 1, a one-line error
  pipe     standard output is closed early: exit 141 quietly

The inputs are deterministic (fixed seed); add cases here and rerun:
    python3 tools/hostile_corpus.py
"""
import json
import os
import random
import shutil

ROOT = "tests/hostile"
rng = random.Random(9)
cases = []


def case(expect, *args):
    cases.append((expect, list(args)))


def write(rel, text, binary=False):
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if binary else "w", encoding=None if binary else "utf-8") as f:
        f.write(text)
    return path


BASE = """[variant]
name = "hostile"
title = "Hostile"
author = "tools/hostile_corpus.py"
rules-url = "https://example.org"

[board]
files = 8
ranks = 8
{board_extra}
[pieces.king]
letter = "K"
betza = "K"
royal = true

[pieces.rook]
letter = "R"
betza = "{rook}"
{more_pieces}
[setup]
fen = "{fen}"
{tail}"""


def definition(fen="r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", rook="R", board_extra="", more_pieces="", tail=""):
    return BASE.format(fen=fen, rook=rook, board_extra=board_extra, more_pieces=more_pieces, tail=tail)


def defs():
    bad = {
        # Issue 9, crash causes 1-3 and the accepted-but-wrong items.
        "utf8-in-fen": definition(fen="r3k3/8/8/8/8/8/8/R3K2é w - - 0 1"),
        "utf8-cjk-in-fen": definition(fen="r3k3/8/8/中/8/8/8/R3K3 w - - 0 1"),
        "emoji-in-fen": definition(fen="r3k3/8/8/8/8/8/8/R3K3 w - - 0 1 🙂"),
        "utf8-in-hand": definition(fen="r3k3/8/8/8/8/8/8/R3K3[é] w - - 0 1"),
        "exploding-multileg": definition(rook="mamamamaQ"),
        "exploding-multileg-2": definition(rook="mpamcamcamcamcaQ"),
        "hand-without-deployment": definition(fen="r3k3/8/8/8/8/8/8/R3K3[Rr] w - - 0 1"),
        "side-not-to-move-in-check": definition(fen="4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
        "hook-on-chess": definition().replace('rules-url = "https://example.org"',
                                              'rules-url = "https://example.org"\nhook = "tigerchess"'),
        "castling-without-partner": definition(fen="4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").replace('betza = "K"', 'betza = "KO2"'),
        "board-0x0": definition().replace("files = 8", "files = 0").replace("ranks = 8", "ranks = 0"),
        "board-33": definition().replace("files = 8", "files = 33"),
        "board-huge-int": definition().replace("files = 8", "files = 99999999999999999999"),
        "board-negative": definition().replace("ranks = 8", "ranks = -8"),
        "unknown-key": definition(board_extra='colour = "blue"\n'),
        "duplicate-key": definition(board_extra="files = 9\n"),
        "unterminated-string": definition().replace('title = "Hostile"', 'title = "Hostile'),
        "deep-arrays": definition(board_extra="holes = " + "[" * 5000 + "]" * 5000 + "\n"),
        "deep-tables": definition(tail="x = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n"),
        "repetition-one": definition(tail="[rules]\nrepetition = 1\n"),
        "promotion-to-royal": definition(tail='[[promotion.zones]]\nranks = { white = [8], black = [1] }\nchoices = ["K"]\n'),
        "letter-twice": definition(more_pieces='[pieces.rook2]\nletter = "R"\nbetza = "W"\n'),
        "bad-betza-unicode": definition(rook="Ré"),
        "betza-huge-range": definition(rook="W99999999999999999999"),
        "betza-huge-leap": definition(rook="(99999,1)"),
        "nan-polygon": """[variant]
name = "nanpoly"
title = "x"
author = "x"
rules-url = "x"

[board]
kind = "polygons"
cells = [
  { label = "a", polygon = [[0.0, 0.0], [1.0, nan], [1.0, 1.0], [0.0, 1.0]] },
  { label = "b", polygon = [[1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0]] },
]
rows = [["a", "b"]]

[pieces.king]
letter = "K"
betza = "K"
royal = true

[setup]
fen = "K/k w - - 0 1"
""",
        "deployment-count-mismatch": definition(
            fen="r3k3/8/8/8/8/8/8/R3K3[Rr] w - - 0 1",
            tail='[deployment]\nfirst = "white"\n\n[[deployment.posts]]\npiece = "R"\ncount = 2\nranks = { white = [2], black = [7] }\n'),
        "deployment-first-mismatch": definition(
            fen="r3k3/8/8/8/8/8/8/R3K3[Rr] w - - 0 1",
            tail='[deployment]\nfirst = "black"\n\n[[deployment.posts]]\npiece = "R"\ncount = 1\nranks = { white = [2], black = [7] }\n'),
    }
    inf_forward = bad["nan-polygon"].replace("nan]", "0.0]").replace('rows = [["a", "b"]]',
                                                                      'rows = [["a", "b"]]\nforward = { white = inf, black = 270 }')
    bad["inf-forward"] = inf_forward
    holes = ", ".join(f'"{f}{r}"' for f in "ab" for r in "1")
    bad["holes-only"] = definition(fen="** w - - 0 1", board_extra=f"holes = [{holes}]\n").replace(
        "files = 8", "files = 2").replace("ranks = 8", "ranks = 1")
    for name, text in sorted(bad.items()):
        p = write(f"defs/{name}.toml", text)
        # Promotion to a royal piece is a rule now (coregal, Spartan): accepted.
        expect = "ok" if name == "promotion-to-royal" else "located"
        case(expect, "check", p)
        case(expect, "show", p)
    # Files that are not definitions at all: still an error, never a panic.
    write("defs/empty.toml", "")
    case("located", "check", f"{ROOT}/defs/empty.toml")
    write("defs/binary.toml", bytes(range(256)) * 4, binary=True)
    case("error", "check", f"{ROOT}/defs/binary.toml")
    write("defs/long-line.toml", definition().replace('title = "Hostile"', 'title = "' + "a" * 50_000 + '"'))
    case("ok", "check", f"{ROOT}/defs/long-line.toml")
    # Valid definitions that must load (with warnings), run and draw.
    good = {
        "no-royal": definition().replace("royal = true", "royal = false"),
        "one-side-no-royal": definition(fen="r7/8/8/8/8/8/8/R3K3 w - - 0 1"),
        "king-only": definition(fen="4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        "big-board": definition(fen="q14k16/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/Q14K16 w - - 0 1",
                                more_pieces='[pieces.queen]\nletter = "Q"\nbetza = "Q"\n').replace(
            "files = 8", "files = 32").replace("ranks = 8", "ranks = 32"),
        "bounded-multileg": definition(rook="mamaR4", fen="4k3/8/8/8/8/8/8/R3K3 b - - 0 1"),
    }
    for name, text in sorted(good.items()):
        p = write(f"defs/{name}.toml", text)
        case("ok", "check", p)
        case("ok", "show", p)
        case("ok", "perft", p, "2")
        case("ok", "export", p, "--format", "svg")
    # Randomly damaged copies of the definitions above.
    for i in range(40):
        text = rng.choice(list(bad.values()) + list(good.values()))
        lines = text.split("\n")
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(lines))
            op = rng.randrange(4)
            if op == 0:
                del lines[j]
            elif op == 1:
                lines.insert(j, lines[j])
            elif op == 2 and "=" in lines[j]:
                lines[j] = lines[j].split("=")[0] + "= " + rng.choice(
                    ["-1", "0", "nan", "inf", '""', '"é"', "[]", "{}", "true", '"mamaQ"', "1e999", "0x10"])
            else:
                k = rng.randrange(len(lines[j]) + 1)
                lines[j] = lines[j][:k] + rng.choice(["é", "[", "]", '"', "\\", "{", "\t", "🙂", "=", "#"]) + lines[j][k:]
        p = write(f"defs/damaged-{i:02}.toml", "\n".join(lines))
        case("any", "check", p)
        case("any", "show", p)


def betza():
    fixed_bad = ["mamamamaQ", "mpamcamcamcamcaQ", "é", "W🙂", "[", "]", "[F?", "(", "(1,", "(99999,1)",
                 "W99999999999999999999", "a", "aaaa", "mmmm", "x", "*", "Wé", "", " ", "\t", "[[[[", "ff",
                 "9", "mamamama" * 50 + "Q", "Q" * 20000]
    for s in fixed_bad:
        case("any" if s in ("ff",) else "error", "betza", s) if s else case("error", "betza", s)
    case("error", "betza", "mamamaQ", "--board", "32x32")
    for b in ["0x0", "33x8", "99999999999x1", "x", "8x", "-1x8", "8x8x8"]:
        case("error", "betza", "W", "--board", b)
    for at in ["zz99", "é4", "", "a0", "a99999999999"]:
        case("error", "betza", "W", "--at", at)
    case("error", "betza", "W", "--friends", "d4")
    case("ok", "betza", "mamaR4", "--board", "32x32")
    case("ok", "betza", "FyafsF", "--json")
    atoms = list("WFDNAHCZGKRBQOXY") + ["(1,2)"]
    mods = list("mcapgyjniozqfblrvshde")
    for _ in range(60):
        s = "".join(rng.choice(mods + atoms + ["2", "0", "[", "]", "?", "-"]) for _ in range(rng.randint(1, 12)))
        case("any", "betza", s, "--board", f"{rng.randint(1, 32)}x{rng.randint(1, 32)}", "--at", "a1")


def fens():
    bad = ["4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "k7/8/8/8/8/8/8/7K[Qq] w - - 0 1", "", " ", "8/8/8/8/8/8/8/8/8 w - - 0 1",
           "é", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1", "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1",
           "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
           "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
           "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "4k3/8/8/8/8/8/8/4K3[" + "Q" * 100 + "] w - - 0 1",
           "/" * 10000, "k" * 20000 + " w - - 0 1", "4k3/8/8/8/8/8/8/4K3[ w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - -5 1"]
    # Too many ranks, a hand or a castling right without a rule for it, a
    # counting limit without a counting rule: found after the fields are
    # read, still located at their field.
    bad += ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8 w KQkq - 0 1", "8/8/8/8/8/8/8/8/ w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w A - 0 1", "4k3/8/8/8/8/8/8/4K3 w - 40 0 1", "KKKKKKKK/KKKKKKKK/K7/8/8/8/8/7k w - - 0 1"]
    for f in bad:
        case("fen", "perft", "chess", "1", "--fen", f)
    case("fen", "replay", "chess", "--fen", bad[0], "e7e8")
    case("fen", "moves", "chess", "--piece", "N", "--at", "e4", "--fen", bad[4])
    case("fen", "export", "chess", "--format", "svg", "--fen", bad[4])
    case("ok", "perft", "chess", "1", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    # Hand counts (a u8 per kind): where captures go to the hand, a position
    # of more than 255 pieces in all is refused (a capture would overflow);
    # below that, captures into a full-ish hand play normally.
    zh = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[{}] w KQkq - 0 1"
    case("fen", "perft", "crazyhouse", "2", "--fen", zh.format("P" * 255))
    case("fen", "perft", "crazyhouse", "1", "--fen", zh.format("P" * 300))
    case("fen", "replay", "crazyhouse", "--fen", zh.format("P" * 224), "e4d5")
    case("ok", "replay", "crazyhouse", "--fen", zh.format("P" * 223), "e4d5", "d8d5")
    case("ok", "perft", "crazyhouse", "2", "--fen", zh.format("P" * 223))
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    for _ in range(40):
        f = list(start)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(f))
            f[k] = rng.choice(list("rnbqkpRNBQKP12345678/ -*[]wbé0"))
        case("fen-any", "perft", rng.choice(["chess", "capablanca", "tcb", "tigerchess"]), "2", "--fen", "".join(f))
    # Whole-field damage: ranks added or cut, counts off, hands, e.p. fields.
    fields = start.split(" ")
    edits = [
        lambda f: ["/".join(f[0].split("/") + ["8"] * rng.randint(1, 3))] + f[1:],
        lambda f: ["/".join(f[0].split("/")[:rng.randint(0, 7)])] + f[1:],
        lambda f: [f[0].replace("8", str(rng.choice([0, 7, 9, 10, 99])), 1)] + f[1:],
        lambda f: [f[0] + rng.choice(["[", "[Q", "[QQ]", "[é]", "[]]", "[Z]"])] + f[1:],
        lambda f: f[:3] + [rng.choice(["e3", "e6", "e3e4", "a1a2a3", "z9", "e", "3", "99999", "e3-"])] + f[4:],
        lambda f: f[:rng.randint(1, 5)],
        lambda f: f + ["x"] * rng.randint(1, 2),
    ]
    for _ in range(40):
        f = list(fields)
        for _ in range(rng.randint(1, 2)):
            f = rng.choice(edits)(f)
        case("fen-any", "perft", "chess", "1", "--fen", " ".join(f))


def moves():
    for m in [["e2e5"], ["e2e4", "e2e4"], ["é"], [""], ["Q@e4"], ["e7e8q"], ["e2e4" * 1000], ["@"], ["e2"], ["a0a1"],
              ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e4"]]:
        expect = "error"
        case(expect, "replay", "chess", *m)
    case("ok", "replay", "tigerchess", "--seed", "3")
    case("error", "replay", "chess", "--seed", "3")
    case("error", "moves", "chess", "--piece", "Z", "--at", "e4")
    case("error", "moves", "chess", "--piece", "N", "--at", "é4")
    case("error", "moves", "chess", "--piece", "é", "--at", "e4")
    # Random move strings: rejected with a message, never a panic.
    alphabet = list("abcdefghijklmnop0123456789@+=-xXQRBNKPé🙂 ")
    for _ in range(30):
        m = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        case("any", "replay", rng.choice(["chess", "crazyhouse", "shogi", "xiangqi", "tcb"]), m)


def diagrams():
    texts = {
        "king-only": ("ok", "files=8 ranks=8 royal=K king:K:KisO2:king:e1,,e8"),
        "garbage": ("error", "this is not a diagram"),
        "empty": ("error", ""),
        "files-zero": ("error", "files=0 ranks=8 king:K:K:king:a1,,a2"),
        "files-huge": ("error", "files=99999999999 ranks=8 king:K:K:king:a1,,a2"),
        "utf8": ("any", "files=8 ranks=8 kïng:K:K:king:é1,,e8"),
        "bad-betza": ("any", "files=8 ranks=8 royal=K king:K:K:king:e1,,e8 x:X:mamamamaQ:x:a1,,a8"),
        "holes-everywhere": ("error", "files=1 ranks=1 hole::::a1 king:K:K:king:a1,,a1"),
    }
    for name, (expect, t) in texts.items():
        p = write(f"diagrams/{name}.txt", t + "\n")
        case(expect, "import", "--from", "interactive-diagram", p)


def cli():
    case("error", "perft", "chess", "100000")
    case("error", "perft", "chess", "4294967295")
    case("error", "perft", "chess", "-1")
    case("error", "play", "chess", "--depth", "100000")
    case("error", "play", "chess", "--depth", "4294967295")
    case("ok", "play", "chess", "--depth", "1", "--max-plies", "4")
    case("error", "show", "/dev/null")
    case("error", "show", "no-such-definition")
    case("error", "import", "--from", "interactive-diagram", "/dev/zero")
    case("error", "export", "chess", "--format", "nope")
    case("error", "export", "chess", "--format", "svg", "-o", "/no/such/dir/x.svg")
    case("error", "show", "chess", "--svg", "/no/such/dir/x.svg")
    case("full", "schema")
    case("full", "list")
    case("full", "show", "chess")
    case("full", "export", "chess", "--format", "fairy-stockfish")
    case("pipe", "schema")
    case("pipe", "list")
    case("pipe", "perft", "chess", "3", "--divide")


def main():
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    os.makedirs(ROOT)
    defs()
    betza()
    fens()
    moves()
    diagrams()
    cli()
    with open(os.path.join(ROOT, "cases.tsv"), "w", encoding="utf-8") as f:
        f.write("# Generated by tools/hostile_corpus.py; see its docstring. EXPECT<TAB>JSON arguments\n")
        for expect, args in cases:
            f.write(f"{expect}\t{json.dumps(args, ensure_ascii=False)}\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()
