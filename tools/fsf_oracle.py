#!/usr/bin/env python3
"""Freeze Fairy-Stockfish (FSF) perft and legal-move data for Rookery's tests.

FSF is reached through pyffish (`pip install pyffish`; the PyPI wheel is a
large-board build, up to 12 files x 10 ranks).  pyffish has no perft function,
so perft here is a recursion over `pyffish.legal_moves`.  Each call costs about
2 ms, so depth 3 (a few thousand calls) is the practical limit per position.

Modes (our variant names: chess, capablanca, tcb-wd, and the drop variants
crazyhouse, loop, chessgi, pocketknight, capahouse, shogi, minishogi, placement, kyotoshogi,
sittuyin, dobutsu, and grand, opulent):

  perft data for random positions (default output tests/perft/fsf-<variant>.perft)
      fsf_oracle.py --variant chess [--count 25] [--seed 1] [--max-depth 3]

  sorted legal moves for the same random positions (tests/perft/fsf-<variant>.moves)
      fsf_oracle.py --variant chess --legal-moves [--count 25] [--seed 1]

  the published chess perft positions, checked with pyffish (tests/perft/chess.perft)
      fsf_oracle.py --standard [--verify-depth 3]

  everything above with the default options
      fsf_oracle.py --all

  one position, perft divide on stdout (for chasing a mismatch)
      fsf_oracle.py --variant tcb-wd --fen "<FEN>" --depth 3 [--moves m1 m2 ...]

Random positions: random.Random(seed) picks a ply count in 2..40, then that
many uniformly random legal moves (chosen from the sorted legal-move list) are
played from the start position.  A walk that hits a position with no legal
moves (mate, stalemate) is dropped, as is a repeated position.  The first
record is always the start position.  The FEN is written as FSF prints it, and
every count is taken from that FEN alone (no game history), which is how our
engine will load it.

Depth 1 and 2 are always written; depth d+1 (up to --max-depth) only when
perft(d) <= --node-budget (default 6000, about 20 s of pyffish calls at ~3 ms each).  The
rule depends on counts only, so the output is the same on every machine.

The output files carry no timestamps: rerunning the same command with the
same pyffish gives byte-identical files.
"""

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
INI_PATH = os.path.join(HERE, "fsf-variants.ini")
DEFAULT_OUTDIR = os.path.join(REPO, "tests", "perft")

# our variant name -> FSF variant name (built in, or a section of fsf-variants.ini)
FSF_NAME = {
    "chess": "chess",
    "capablanca": "capablanca",
    "tcb-wd": "rookery-tcb-wd",
    # hands and drops (issue 10): FSF built-ins of the same name
    "crazyhouse": "crazyhouse",
    "loop": "loop",
    "chessgi": "chessgi",
    "pocketknight": "pocketknight",
    "capahouse": "capahouse",
    "shogi": "shogi",
    "minishogi": "minishogi",
    "grand": "grand",
    "opulent": "opulent",
    # further hands and drops (issue 10, second round)
    "placement": "placement",
    "kyotoshogi": "kyotoshogi",
    # issue 10, third round: sittuyin's set-up and in-place promotion,
    # dobutsu's try
    "sittuyin": "sittuyin",
    "dobutsu": "dobutsu",
}


def same_names(table):
    """Registers the variants of `table`, whose FSF names are ours."""
    for name in table:
        FSF_NAME[name] = name

# Variants of issue 11 (regions, royalty, goals): our built-in names are FSF's
# own, so the FSF name is the same.  The start position expected is FSF's.
GOAL_VARIANTS = {
    "xiangqi": ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", [44, 1920, 79666]),
    "minixiangqi": ("rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1", [19]),
    "3check": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", [20, 400, 8902]),
    "5check": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1", [20, 400, 8902]),
    "kingofthehill": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
    "racingkings": ("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", [21]),
    "extinction": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "kinglet": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "threekings": ("knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1", [20]),
    "antichess": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [20, 400]),
    "giveaway": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "suicide": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [20, 400]),
    "losers": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "horde": ("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", [8]),
    "atomic": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "manchu": ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1", [18, 860, 17648]),
    "janggi": ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", [32, 1024, 33000]),
    "janggitraditional": ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", [32, 1024, 33000]),
    "janggicasual": ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", [32, 1024, 33316]),
    "breakthrough": ("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1", [22]),
    "misere": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
    "knightmate": ("rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1", [18]),
    "coregal": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    "spartan": ("lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", [20]),
    "makpong": ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", [23]),
    "armageddon": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
}
same_names(GOAL_VARIANTS)

# Castling, gating and unmoved state (issues 10 and 11): FSF built-ins of the
# same name (seirawan and shouse: gating), and diana (tests/data/diana.toml) from tools/fsf-variants.ini.
# Start perft as counted by the Fairy-Stockfish binary (go perft).
CASTLING_VARIANTS = {
    "shako": ("c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1", [58, 3364, 185938]),
    "gustav3": ("arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1", [22, 484, 12804]),
    "omicron": ("w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
                [30, 900, 29540]),
    "diana": ("rbnkbr/pppppp/6/6/PPPPPP/RBNKBR w KQkq - 0 1", [8, 64, 672]),
    "cambodian": ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1", [25, 625, 15031]),
    "seirawan": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", [28, 784, 24830]),
    "shouse": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", [92, 7944, 546694]),
}
same_names(CASTLING_VARIANTS)

# Counting rules and bare kings (issue 11, third round): FSF built-ins of the
# same name.  Start perft as counted by the Fairy-Stockfish binary (go perft).
COUNTING_VARIANTS = {
    "makruk": ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", [23, 529, 12012]),
    "asean": ("rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1", [23, 529, 12012]),
    "ai-wok": ("rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1", [26, 676, 18102]),
    "shatranj": ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", [16, 256, 4176]),
    "courier": ("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
                [26, 678, 18406]),
    "shatar": ("rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1", [20, 400, 8426]),
}
same_names(COUNTING_VARIANTS)

# Hand-picked positions appended to the random ones (bare kings, which random
# play from the start does not reach): (comment, FEN as FSF prints it).
EXTRA_POSITIONS = {
    "shatranj": [
        ("bared, to move, against king and rook: one reply, then lost", "8/8/8/4k3/8/8/8/R3K3 b - - 0 40"),
        ("bared, to move, against three pieces: lost at once", "8/8/8/4k3/8/8/8/RR2K3 b - - 0 40"),
        ("bared, to move, and able to take the last piece (bare back)", "8/8/8/8/8/8/1k6/R3K3 b - - 0 40"),
        ("White bared by the last move, to move against two pieces", "8/8/8/4k3/8/8/1q6/4K3 w - - 0 40"),
        ("a capture that bares Black", "8/8/8/4k3/8/8/r7/R3K3 w - - 0 40"),
    ],
    "courier": [
        ("bared, to move, against king and rook", "12/12/12/5k6/12/12/12/R4K6 b - - 0 40"),
        ("bared, to move, against three pieces", "12/12/12/5k6/12/12/12/RR3K6 b - - 0 40"),
        ("a capture that bares Black", "12/12/12/5k6/12/12/r11/R4K6 w - - 0 40"),
    ],
    "shatar": [
        ("a bare king: drawn at once (robado)", "8/8/8/4k3/8/8/8/R3K3 b - - 0 40"),
        ("a capture that bares Black", "8/8/8/4k3/8/8/r7/R3K3 w - - 0 40"),
    ],
    "makruk": [
        ("a running count (16 plies allowed, 15 counted)", "8/8/8/4k3/8/8/8/R3K3 w - 16 15 40"),
        ("a count past its limit: optional, so perft is unchanged", "8/8/8/4k3/8/8/8/R3K3 w - 16 17 40"),
    ],
}

# Campmate and asymmetric armies (issue 11, third round): orda, ordamirror,
# synochess and empire from tools/fsf-variants.ini (copied from FSF's
# variants.ini), nocheckatomic and janggimodern built in.  Start perft as
# counted by the Fairy-Stockfish binary (go perft).
CAMP_VARIANTS = {
    "orda": ("lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", [20, 560, 12462]),
    "ordamirror": ("lhafkahl/8/pppppppp/8/8/PPPPPPPP/8/LHAFKAHL w - - 0 1", [28, 784, 22487]),
    "synochess": ("rneakenr/8/1c4c1/1ss2ss1/8/8/PPPPPPPP/RNBQKBNR[ss] w KQ - 0 1", [20, 986, 21646]),
    "empire": ("rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1", [30, 600, 20895]),
    "nocheckatomic": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
    "janggimodern": ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", [32, 1024, 33316]),
}
same_names(CAMP_VARIANTS)

# FSF catalogue, chess-like armies and boards (round 4, helper cata): FSF
# built-ins of the same name, checked position by position first with
# tools/fsf_catalogue.py.  Start perft as counted by the Fairy-Stockfish
# binary (go perft).
CATA_VARIANTS = {
    "almost": ("rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1", [22, 484, 11895]),
    "amazon": ("rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1", [22, 484, 12483]),
    "chancellor": ("rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1", [24, 576, 15896]),
    "embassy": ("rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1", [28, 784, 25281]),
    "gothic": ("rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1", [28, 784, 25283]),
    "janus": ("rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1", [28, 782, 24747]),
    "centaur": ("rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1", [28, 784, 24490]),
    "modern": ("rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1", [24, 576, 15831]),
    "grasshopper": ("rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1", [28, 782, 22314]),
    "nightrider": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [24, 576, 15586]),
    "berolina": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [30, 900, 28328]),
    "pawnsideways": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 10022]),
    "nocastle": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [20, 400, 8902]),
    "raazuvaa": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [12, 144, 2124]),
    "losalamos": ("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", [10, 100, 1212]),
    "gardner": ("rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", [7, 53, 506]),
    "georgian": ("rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1", [22, 484, 12483]),
    "paradigm": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9062]),
    "perfect": ("cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1", [23, 529, 15082]),
    "tencubed": ("2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1", [40, 1600, 68230]),
    "sortofalmost": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1", [22, 440, 10815]),
    "chigorin": ("rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1", [26, 416, 11408]),
    "chaturanga": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [16, 256, 4176]),
    "fairy": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
    "newzealand": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8976]),
    "hoppelpoppel": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9034]),
    "legan": ("knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1", [8, 64, 724]),
    "pawnback": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9222]),
    "codrus": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8067]),
    "karouk": ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1", [25, 625, 15031]),
}
same_names(CATA_VARIANTS)

# Start positions our definitions must have, and FSF's start-position perft
# (depths 1..3) as known from the research notes; checked on every run.
EXPECTED_START = {
    "chess": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              [20, 400, 8902]),
    "capablanca": ("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                   [28, 784, 25228]),
    "tcb-wd": ("r*h*k*h*r/*npqpqpn*/pp1p1p1pp/*7*/9/*7*/PP1P1P1PP/*NPQPQPN*/R*H*K*H*R w - - 0 1",
               [40, 1564, 67608]),
    # drop variants: start perft as computed with pyffish 0.0.90
    "crazyhouse": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", [20, 400, 8902]),
    "loop": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", [20, 400, 8902]),
    "chessgi": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", [20, 400, 8902]),
    "pocketknight": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1", [52, 2565]),
    "capahouse": ("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1", [28, 784, 25228]),
    # FSF's shogi start positions omit the castling and e.p. fields
    "shogi": ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1", [30, 900, 25470]),
    "minishogi": ("rbsgk/4p/5/P4/KGSBR[-] w 0 1", [14, 181, 2512]),
    # promotion limited by piece counts
    "grand": ("r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", [65, 4225]),
    "opulent": ("rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1", [50, 2500]),
    "placement": ("8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", [40, 1600]),
    "kyotoshogi": ("p+nks+l/5/5/5/+LSK+NP[-] w 0 1", [12, 137, 1636]),
    # start perft as counted by the Fairy-Stockfish binary (go perft)
    "sittuyin": ("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1", [88, 7744]),
    "dobutsu": ("gle/1c1/1C1/ELG[-] w 0 1", [4, 17, 123]),
}
# Walls (issue 11 item 4): FSF built-ins of the same name; start perft as
# counted by the Fairy-Stockfish binary (go perft).
WALL_VARIANTS = {
    "duck": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [640, 379440, 249921262]),
    "amazons": ("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1", [2176, 4307152]),
    "isolation": ("3p2/6/6/6/6/6/6/2P3 w - - 0 1", [225, 47300, 13032440]),
    "isolation7x7": ("3p3/7/7/7/7/7/3P3 w - - 0 1", [230, 49500, 13974620]),
    "snailtrail": ("6p/7/7/7/7/7/P6 w - - 0 1", [3, 9, 45]),
    "joust": ("8/8/8/4n3/3N4/8/8/8 w - - 0 1", [8, 62, 356]),
    # defined in FSF's src/variants.ini, not built in: copied into tools/fsf-variants.ini
    "cowboys": ("2n1n2/7/n5n/7/N5N/7/2N1N2 w - - 0 1", [80, 6016]),
}
same_names(WALL_VARIANTS)
# The edge rule, which no FSF built-in has (tests/data/edgewalls.toml).
FSF_NAME["edgewalls"] = "rookery-edgewalls"
WALL_VARIANTS["edgewalls"] = ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [162])
EXPECTED_START.update(GOAL_VARIANTS)
EXPECTED_START.update(WALL_VARIANTS)
EXPECTED_START.update(CASTLING_VARIANTS)
EXPECTED_START.update(COUNTING_VARIANTS)
EXPECTED_START.update(CAMP_VARIANTS)
EXPECTED_START.update(CATA_VARIANTS)

# FSF catalogue, shogi family and special mechanics (helper catb): FSF
# built-ins of the same name.  Start perft as counted by the Fairy-Stockfish
# binary (go perft).
CATB_VARIANTS = {
    "gorogoro": ("sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1", [16, 250, 4166, 67517]),
    "judkins": ("rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1", [20, 336, 6183, 118345]),
    "euroshogi": ("1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1", [25, 625, 15424, 380499]),
    "torishogi": ("rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1", [17, 288, 5430, 103857]),
    "checkshogi": ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1", [30, 900, 25470, 719408]),
    "okisakishogi": ("lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w 0 1",
                     [37, 1369, 48211, 1697913]),
    "yarishogi": ("rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w 0 1", [20, 400, 7960, 158404]),
    "shoshogi": ("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1", [26, 676, 17368, 445372]),
    "torpedo": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9194, 209719]),
    "dragon": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1", [20, 400, 8982, 200857]),
    "fox-and-hounds": ("1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1", [2, 14, 56, 344]),
    "atomar": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197779]),
    "jesonmor": ("nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1", [30, 900, 27960, 868624]),
    "clobber": ("PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1", [49, 2116, 80063]),
    "clobber10": ("PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP"
                  " w 0 1", [180, 31252, 5231000]),
}
same_names(CATB_VARIANTS)
EXPECTED_START.update(CATB_VARIANTS)
# FSF catalogue, round 5 (helper cat5b): FSF built-ins of the same name.
# Start perft as counted by the Fairy-Stockfish binary (go perft).
CAT5B_VARIANTS = {
    "micro": ("kb+r+l/p3/4/3P/+L+RBK[-] w 0 1", [9, 80, 767, 7256]),
    "wolf": ("qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1", [23, 529, 13722, 353804]),
    "flipello": ('8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1', [4, 12, 56, 244, 1396]),
    "flipersi": ('8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1', [4, 12, 24, 24, 96]),
    "flipello10": ('10/10/10/10/4pP4/4Pp4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1', [4, 12, 56, 244, 1396]),
}
same_names(CAT5B_VARIANTS)
EXPECTED_START.update(CAT5B_VARIANTS)
EXTRA_POSITIONS["wolf"] = [
    ("a pawn on the 9th rank: five promotions and `+` (the elephant) on each square",
     "7k/3P4/8/8/8/8/8/8/8/K7 w - - 0 1"),
    ("a sergeant on c3, in the double-step region, may step two", "7k/8/8/8/8/8/8/2S5/8/K7 w - - 0 1"),
]
EXTRA_POSITIONS["flipello"] = [
    ("a centre cell empty: discs go only to the centre (enclosingDropStart)", "8/8/8/8/8/8/8/pP6[PPPPpppp] w - - 0 1"),
    ("White cannot enclose anything and passes (a1a1); then Black cannot either: the game is over",
     "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPP1[PPPPpppp] w - - 0 1"),
    ("White passes (b1b1); Black may take b1 with c1", "8/8/8/3pp3/3pp3/8/8/pP6[PPPPpppp] w - - 0 1"),
    ("both hands empty: a pass each, then the game is over", "8/8/8/8/8/8/8/pP6[] w - - 0 1"),
]
EXTRA_POSITIONS["flipersi"] = [
    ("no passing: the side without a drop is stalemated", "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPP1[PPPPpppp] w - - 0 1"),
]
EXTRA_POSITIONS["micro"] = [
    ("a pawn stepping onto the last rank stays a pawn; a capture turns it over",
     "k3/2P1/4/4/3K[] w - - 0 1"),
    ("a turned-over piece turns back when it captures", "k3/1r2/1+B2/4/3K[Pp] w - - 0 1"),
]
EXTRA_POSITIONS["atomar"] = [
    ("a king that captures survives its explosion", "4k3/8/8/8/8/3q4/4K3/8 w - - 0 1"),
    ("a king's capture still blows up the pieces around", "4k3/8/8/8/3r4/3Kq3/8/8 w - - 0 1"),
    ("kings side by side may not take each other", "8/8/8/3k4/4K3/8/8/8 w - - 0 1"),
    ("an explosion next to the king spares it", "4k3/5b2/8/6N1/8/8/8/4K3 w - - 0 1"),
]
EXTRA_POSITIONS["jesonmor"] = [
    ("White's knight on e5, Black to move: Black may take it", "4n4/9/9/3n5/4N4/9/9/9/4N4 b - - 0 1"),
    ("White's knight on e5 survived: White, to move, has won", "4n4/9/9/9/4N4/9/9/9/4N4 w - - 0 1"),
]
EXTRA_POSITIONS["shoshogi"] = [
    ("king and crown prince: neither royal, both may be left attacked", "4k4/4r4/9/9/9/9/9/3+E5/4K4 w - - 0 1"),
    ("the elephant's promotion may not expose the lone king", "4k4/9/4r4/4E4/9/9/9/9/4K4 w - - 0 1"),
    ("Black's lone king in check", "4k4/9/9/9/e8/9/4R4/9/2B1K4 b - - 0 1"),
    ("Black's king and prince against rook and bishop", "3k1+e3/9/9/1B7/9/9/9/4R4/4K4 w - - 0 1"),
]

# FSF catalogue, round 5 (helper cat5a): Chess960 castling.  FSF's start
# position of fischerandom and caparandom is the orthodox array; the other
# arrays are given by FEN (as FSF's UCI_Chess960 takes them).  Start perft as
# counted by the Fairy-Stockfish binary (go perft).
CAT5A_VARIANTS = {
    "fischerandom": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197281]),
    "caparandom": ("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", [28, 784, 25228, 805128]),
}
same_names(CAT5A_VARIANTS)
EXPECTED_START.update(CAT5A_VARIANTS)


# FSF catalogue, round 6 (helper cat6a): ataxx (FSF's freeDrops: a hand that
# never runs out, so no hand in the FEN; a stuck side passes, written as its
# first stone's cell twice).  FSF's start FEN has no castling and e.p. fields
# (`w 0 1`); FSF prints every later position with them.  Start perft as
# counted by the Fairy-Stockfish binary (go perft).
CAT6A_VARIANTS = {
    "ataxx": ("P5p/7/7/7/7/7/p5P w 0 1", [16, 256, 6460, 155888]),
    # petrified: a capturing Q, R, B or N turns into a wall (`*`).
    "petrified": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 10022, 250134]),
}
same_names(CAT6A_VARIANTS)
EXPECTED_START.update(CAT6A_VARIANTS)
EXTRA_POSITIONS["petrified"] = [
    ("kings side by side: neither may capture the other", "8/8/8/8/8/8/4k3/4K3 w - - 0 1"),
    ("a queen next to the king: the king may not take it, mate", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"),
    ("a wall (`*`) stops the rook", "4k3/8/8/3*4/8/8/8/3RK3 w - - 0 1"),
    ("a pawn that captures and promotes stays a piece", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("castling both ways, rooks that capture turn to walls", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
]
EXTRA_POSITIONS["ataxx"] = [
    ("White's stone is boxed in two deep and must pass (c5c5)", "ppppp2/ppppp2/ppPpp2/ppppp2/ppppp2/7/7 w - - 0 1"),
    ("the same, Black to move: clones and jumps, flips of the lone stone", "ppppp2/ppppp2/ppPpp2/ppppp2/ppppp2/7/7 b - - 0 1"),
    ("one empty cell left (g1): White reaches it only by jumps", "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/pppppp1 w - - 0 1"),
    ("a ringed stone jumps out; clones only next to a1", "7/7/2ppp2/2pPp2/2ppp2/7/P6 w - - 0 1"),
]


def scharnagl(n):
    """Chess960 start array number n (0..959, Scharnagl's numbering; 518 is
    the orthodox RNBQKBNR), White's first rank from a to h."""
    row = [None] * 8
    n, b = divmod(n, 4)
    row[2 * b + 1] = "B"
    n, b = divmod(n, 4)
    row[2 * b] = "B"
    n, q = divmod(n, 6)
    free = [i for i in range(8) if row[i] is None]
    row[free[q]] = "Q"
    knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    free = [i for i in range(8) if row[i] is None]
    for k in knights:
        row[free[k]] = "N"
    for i, c in zip([i for i in range(8) if row[i] is None], "RKR"):
        row[i] = c
    return "".join(row)


def array_fen(white, black=None, files=8):
    """A start FEN with `white` (and `black`, mirrored if absent) as the
    first ranks, full pawn rows, digits for runs of empty cells."""
    def rank(r):
        out, run = "", 0
        for c in r:
            if c == "1":
                run += 1
                continue
            out += (str(run) if run else "") + c
            run = 0
        return out + (str(run) if run else "")
    def rights(r):
        k = r.upper().index("K")
        return ("K" if "R" in r.upper()[k:] else "") + ("Q" if "R" in r.upper()[:k] else "")
    black = black or white
    castling = (rights(white) + rights(black).lower()) or "-"
    return "%s/%s/%s/%s/%s w %s - 0 1" % (
        rank(black.lower()), "p" * files, "/".join([str(files)] * 4), "P" * files, rank(white.upper()), castling)


# Further start arrays of the Chess960 variants: random walks start from
# these too (each is also a record).  fischerandom: Scharnagl numbers 0 and
# 959 (king on b1 with rooks on a1 and c1: kingside castling crosses the
# rook's cell), and arrays with the king on every file b..g; then arrays with
# only king and rooks on the first rank (castling possible at once) in the
# cases that need care: king or rook already on its destination, the rook
# passing over the king's cell, the king moving away from its rook.
SHUFFLED_STARTS = {
    "fischerandom": [array_fen(scharnagl(n)) for n in (0, 959, 1, 100, 226, 333, 517, 700, 863, 958)] + [
        array_fen("1R3KR1"), array_fen("RK5R"), array_fen("R5KR", "1RK4R"), array_fen("2R1KR2", "RK4R1"),
        array_fen("1RK3R1"), array_fen("R1K2R2"),
    ],
    "caparandom": [array_fen(r, files=10) for r in ("RNKBQRBNAC", "BRKNACQNRB", "RNBKQARBNC", "NRBBCKQANR",
                                                      "RK7R", "2R3K2R",
                                                      "RK4R3", "1R6KR")],
}


def shuffled_walks(variant, count, seed, max_plies):
    """[(fen, note)]: every array of SHUFFLED_STARTS[variant], then `count`
    walks of 0..max_plies random plies from an array chosen at random."""
    starts = SHUFFLED_STARTS.get(variant, [])
    if not starts:
        return []
    rng = random.Random(seed)
    out = [(canonical_fen(variant, f), "start array %s" % f) for f in starts]
    seen = {f for f, _ in out}
    while len(out) < len(starts) + count:
        origin = rng.choice(starts)
        moves = []
        for _ in range(rng.randint(0, max_plies)):
            ms = legal(variant, origin, moves)
            if not ms:
                break
            moves.append(rng.choice(ms))
        fen = sf().get_fen(FSF_NAME[variant], origin, moves)
        if fen in seen or not legal(variant, fen) or canonical_fen(variant, fen) != fen:
            continue
        seen.add(fen)
        out.append((fen, "%d random plies from %s: %s" % (len(moves), origin, " ".join(moves))))
    return out


# Published perft results, chessprogramming wiki "Perft Results" page
# (positions 1-6, plus the colour-mirrored position 4 given there).
# Each entry: id, FEN, counts for depth 1.., and the deeper published counts
# that are kept out of the records (too slow for unit tests) but noted in a
# comment.
STANDARD = [
    ("cpw-pos1-startpos",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     [20, 400, 8902, 197281, 4865609],
     {6: 119060324}),
    ("cpw-pos2-kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     [48, 2039, 97862, 4085603],
     {5: 193690690}),
    ("cpw-pos3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     [14, 191, 2812, 43238, 674624],
     {6: 11030083, 7: 178633661}),
    ("cpw-pos4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     [6, 264, 9467, 422333],
     {5: 15833292, 6: 706045033}),
    ("cpw-pos4-mirrored",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     [6, 264, 9467, 422333],
     {5: 15833292, 6: 706045033}),
    ("cpw-pos5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     [44, 1486, 62379, 2103487],
     {5: 89941194}),
    ("cpw-pos6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     [46, 2079, 89890, 3894594],
     {5: 164075551, 6: 6923051137}),
]

_sf = None


def sf():
    """Import pyffish once and load our ini into it (a second load of the same
    variant names would be ignored by pyffish with an 'already exists' note)."""
    global _sf
    if _sf is None:
        try:
            import pyffish
        except ImportError:
            raise SystemExit("pyffish is not installed: pip install pyffish")
        with open(INI_PATH) as f:
            pyffish.load_variant_config(f.read())
        for ours, theirs in FSF_NAME.items():
            if theirs not in pyffish.variants():
                raise SystemExit("pyffish does not know FSF variant %r (for %r)" % (theirs, ours))
        _sf = pyffish
    return _sf


def ini_sections():
    """Variant names defined in tools/fsf-variants.ini (`[name]` or `[name:parent]`)."""
    with open(INI_PATH) as f:
        return {l.strip()[1:-1].split(":")[0] for l in f if l.startswith("[")}


def pyffish_version():
    v = sf().version()
    return ".".join(str(x) for x in v)


def oracle_banner():
    return "pyffish %s (%s)" % (pyffish_version(), sf().info().split(" by ")[0])


def legal(variant, fen, moves=()):
    """Sorted legal moves (FSF UCI) after playing `moves` from `fen`."""
    return sorted(sf().legal_moves(FSF_NAME[variant], fen, list(moves)))


def canonical_fen(variant, fen):
    """The FEN as FSF prints it; refuses FENs FSF rejects or rewrites."""
    s = sf()
    rc = s.validate_fen(fen, FSF_NAME[variant])
    if rc != s.FEN_OK:
        raise SystemExit("FSF rejects FEN (validate_fen code %d) for %s: %s" % (rc, variant, fen))
    return s.get_fen(FSF_NAME[variant], fen, [])


def perft_levels(variant, fen, depth):
    """[perft(1), ..., perft(depth)] from `fen`, in one depth-first traversal.
    Costs 1 + perft(1) + ... + perft(depth-1) pyffish calls."""
    counts = [0] * depth

    def walk(moves, d):
        ms = legal(variant, fen, moves)
        counts[len(moves)] += len(ms)
        if d > 1:
            for m in ms:
                walk(moves + [m], d - 1)

    if depth > 0:
        walk([], depth)
    return counts


def perft_adaptive(variant, fen, max_depth, node_budget, binary=None, binary_budget=0):
    """Depths 1 and 2 always; depth d+1 only while perft(d) <= node_budget.
    With an FSF binary, further depths while perft(d) <= binary_budget, counted
    by its `go perft` (after checking that it agrees with pyffish at depth d)."""
    counts = perft_levels(variant, fen, min(2, max_depth))
    while len(counts) < max_depth and counts[-1] <= node_budget:
        counts = perft_levels(variant, fen, len(counts) + 1)
    if binary and len(counts) < max_depth and counts[-1] <= binary_budget:
        if binary_perft(binary, variant, fen, len(counts)) != counts[-1]:
            raise SystemExit("FSF binary and pyffish disagree on %s %s" % (variant, fen))
        while len(counts) < max_depth and counts[-1] <= binary_budget:
            counts.append(binary_perft(binary, variant, fen, len(counts) + 1))
    return counts


def binary_perft(binary, variant, fen, depth):
    """perft(depth) from `fen` by an FSF engine binary's `go perft`."""
    import subprocess
    cmds = "setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %d\nquit\n" % (
        INI_PATH, FSF_NAME[variant], fen, depth)
    out = subprocess.run([binary], input=cmds, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise SystemExit("no perft from %s for %s" % (binary, fen))


def divide(variant, fen, moves, depth):
    out = {}
    for m in legal(variant, fen, moves):
        out[m] = 1 if depth == 1 else perft_levels(variant, sf().get_fen(
            FSF_NAME[variant], fen, list(moves) + [m]), depth - 1)[-1]
    return out


def random_positions(variant, count, seed, min_plies=2, max_plies=40):
    """[(fen, moves_from_start)], the start position first."""
    rng = random.Random(seed)
    start = sf().start_fen(FSF_NAME[variant])
    expected_start = EXPECTED_START[variant][0]
    if start != expected_start:
        raise SystemExit("FSF start position of %s is\n  %s\nexpected\n  %s"
                         % (variant, start, expected_start))
    out = [(start, [])]
    seen = {" ".join(start.split()[:4])}
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > 100 * count:
            raise SystemExit("could not find %d distinct positions" % count)
        plies = rng.randint(min_plies, max_plies)
        moves = []
        for _ in range(plies):
            ms = legal(variant, start, moves)
            if not ms:
                break
            moves.append(rng.choice(ms))
        if len(moves) < plies:
            continue  # the game ended on the way
        fen = sf().get_fen(FSF_NAME[variant], start, moves)
        key = " ".join(fen.split()[:4])
        if key in seen:
            continue
        if sf().validate_fen(fen, FSF_NAME[variant]) != sf().FEN_OK:
            # FSF's validator refuses some FENs FSF prints (shouse: gate
            # letters of a side whose king has moved): such walks are skipped.
            continue
        if canonical_fen(variant, fen) != fen:
            raise SystemExit("FSF does not round-trip its own FEN: %s" % fen)
        if not legal(variant, fen):
            continue  # no legal moves from this position
        seen.add(key)
        out.append((fen, moves))
    return out


def header(lines, command):
    out = ["# " + l if l else "#" for l in lines]
    out.append("# Generated by tools/fsf_oracle.py; do not edit by hand. Regenerate with:")
    out.append("#   " + command)
    out.append("# Oracle: " + oracle_banner() + ".")
    return out


def write_records(path, head, records):
    """records: list of lists of lines.  The header comment sits directly on
    top of the first record; records are separated by one blank line."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    text = "\n".join(head) + "\n" + "\n\n".join("\n".join(r) for r in records) + "\n"
    with open(path, "w") as f:
        f.write(text)


def walk_comment(moves):
    if isinstance(moves, str) and (moves.startswith("start array") or " random plies from " in moves):
        return "# " + moves
    if isinstance(moves, str):
        return "# hand-picked (EXTRA_POSITIONS): " + moves
    if not moves:
        return "# the start position"
    return "# %d random plies from the start: %s" % (len(moves), " ".join(moves))


def record_start(moves, rid, variant, fen):
    """The lines every record of a random walk starts with."""
    return [walk_comment(moves), "id " + rid, "variant " + variant, "fen " + fen]


def finish(out, head, records, t0):
    """Writes the file and says so, with the time taken since `t0`."""
    write_records(out, head, records)
    sys.stderr.write("wrote %s: %d records, %.1f s\n" % (out, len(records), time.perf_counter() - t0))


def command_line(args):
    return "python3 tools/fsf_oracle.py " + " ".join(args)


def run_perft(variant, count, seed, max_depth, node_budget, out, max_plies=40, binary=None, binary_budget=0):
    t0 = time.perf_counter()
    fsfname = FSF_NAME[variant]
    positions = random_positions(variant, count, seed, max_plies=max_plies)
    positions += [(fen, note) for note, fen in EXTRA_POSITIONS.get(variant, [])]
    positions += shuffled_walks(variant, count, seed, min(max_plies, 20))
    records = []
    for i, (fen, moves) in enumerate(positions, 1):
        t = time.perf_counter()
        counts = perft_adaptive(variant, fen, max_depth, node_budget, binary, binary_budget)
        if i == 1:
            want = EXPECTED_START[variant][1]
            got = counts[:len(want)]
            if got != want[:len(got)]:
                raise SystemExit("start-position perft of %s is %s, expected %s"
                                 % (variant, got, want))
        rid = "fsf-%s-%02d" % (variant, i)
        records.append(record_start(moves, rid, variant, fen) + ["perft %d %d" % (d, n) for d, n in enumerate(counts, 1)])
        sys.stderr.write("%s %s %.1f s\n" % (rid, counts, time.perf_counter() - t))
    args = ["--variant", variant, "--count", str(count), "--seed", str(seed),
            "--max-depth", str(max_depth), "--node-budget", str(node_budget)]
    if max_plies != 40:
        args += ["--max-plies", str(max_plies)]
    deeper = []
    if binary:
        args += ["--binary", binary, "--binary-budget", str(binary_budget)]
        deeper = ["Deeper, while perft(d) <= %d: the FSF binary's `go perft` (its perft(d) checked" % binary_budget,
                  "against pyffish's first)."]
    head = header([
        "Fairy-Stockfish perft reference for Rookery's %r definition (FSF variant %r%s)."
        % (variant, fsfname, ", tools/fsf-variants.ini" if fsfname in ini_sections() else ", built in"),
        "Record 1 is the start position; the others were reached from it by 2..%d" % max_plies,
        "uniformly random legal plies (random.Random(%d)); the walk is in each record's" % seed,
        "comment.  Counts are legal-move leaves from the FEN alone.  Depth d+1 is given",
        "only when perft(d) <= %d." % node_budget,
    ] + deeper, command_line(args))
    finish(out, head, records, t0)


def run_moves(variant, count, seed, out):
    t0 = time.perf_counter()
    fsfname = FSF_NAME[variant]
    positions = random_positions(variant, count, seed)
    positions += shuffled_walks(variant, count, seed, 20)
    records = []
    for i, (fen, moves) in enumerate(positions, 1):
        rid = "fsf-%s-%02d" % (variant, i)
        ms = legal(variant, fen)
        records.append(record_start(moves, rid, variant, fen) + ["moves " + " ".join(ms)])
    args = ["--variant", variant, "--legal-moves", "--count", str(count), "--seed", str(seed)]
    head = header([
        "Fairy-Stockfish legal moves for Rookery's %r definition (FSF variant %r)." % (variant, fsfname),
        "Same positions (and ids) as fsf-%s.perft when made with the same --count/--seed." % variant,
        "'moves' lists every legal move in FSF's UCI spelling, sorted as byte strings:",
        "from-square, to-square, lowercase promotion letter; castling is the king's move.",
    ], command_line(args))
    finish(out, head, records, t0)


def run_standard(verify_depth, out):
    t0 = time.perf_counter()
    records = []
    for rid, fen, counts, deeper in STANDARD:
        canon = canonical_fen("chess", fen)
        if canon != fen:
            raise SystemExit("FSF prints %s as %s" % (fen, canon))
        vd = min(verify_depth, len(counts))
        t = time.perf_counter()
        got = perft_levels("chess", fen, vd)
        if got != counts[:vd]:
            raise SystemExit("%s: pyffish perft %s, published %s" % (rid, got, counts[:vd]))
        sys.stderr.write("%s verified to depth %d: %s (%.1f s)\n" % (rid, vd, got, time.perf_counter() - t))
        rec = ["# pyffish-verified: perft 1-%d" % vd]
        if deeper:
            rec.append("# published, left out (slow): " + ", ".join(
                "perft %d = %d" % (d, n) for d, n in sorted(deeper.items())))
        rec += ["id " + rid, "variant chess", "fen " + fen]
        rec += ["perft %d %d" % (d, n) for d, n in enumerate(counts, 1)]
        records.append(rec)
    head = header([
        "Published standard-chess perft results (chessprogramming wiki, 'Perft Results':",
        "positions 1-6 and the mirrored position 4).  Every count up to the",
        "verified depth in each record was recomputed with Fairy-Stockfish.",
    ], command_line(["--standard", "--verify-depth", str(verify_depth)]))
    finish(out, head, records, t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", choices=sorted(FSF_NAME))
    ap.add_argument("--legal-moves", action="store_true", help="write sorted legal moves instead of perft")
    ap.add_argument("--standard", action="store_true", help="write the published chess perft positions")
    ap.add_argument("--all", action="store_true", help="regenerate every file under --outdir")
    ap.add_argument("--count", type=int, default=25, help="positions, start position included (25)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=40, help="longest random walk (40)")
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--node-budget", type=int, default=6000,
                    help="compute depth d+1 only if perft(d) <= this (6000)")
    ap.add_argument("--binary", help="an FSF engine binary for depths beyond --node-budget (go perft)")
    ap.add_argument("--binary-budget", type=int, default=0,
                    help="with --binary: compute depth d+1 by the binary while perft(d) <= this")
    ap.add_argument("--verify-depth", type=int, default=3, help="--standard: check with pyffish up to here")
    ap.add_argument("--outdir", default=DEFAULT_OUTDIR)
    ap.add_argument("--out", help="output file (default: <outdir>/fsf-<variant>.perft/.moves or chess.perft)")
    ap.add_argument("--fen", help="single-position mode: print perft divide for this FEN ('startpos' allowed)")
    ap.add_argument("--moves", nargs="*", default=[], help="single-position mode: moves to play first")
    ap.add_argument("--depth", type=int, help="single-position mode: divide depth")
    a = ap.parse_args()

    t0 = time.perf_counter()
    if a.fen:
        if not a.variant or not a.depth:
            ap.error("--fen needs --variant and --depth")
        fen = sf().start_fen(FSF_NAME[a.variant]) if a.fen == "startpos" else canonical_fen(a.variant, a.fen)
        d = divide(a.variant, fen, a.moves, a.depth)
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print("total: %d" % sum(d.values()))
    elif a.all:
        for v in sorted(FSF_NAME):
            run_perft(v, a.count, a.seed, a.max_depth, a.node_budget,
                      os.path.join(a.outdir, "fsf-%s.perft" % v))
            run_moves(v, a.count, a.seed, os.path.join(a.outdir, "fsf-%s.moves" % v))
        run_standard(a.verify_depth, os.path.join(a.outdir, "chess.perft"))
    elif a.standard:
        run_standard(a.verify_depth, a.out or os.path.join(a.outdir, "chess.perft"))
    elif a.variant:
        if a.legal_moves:
            run_moves(a.variant, a.count, a.seed, a.out or os.path.join(a.outdir, "fsf-%s.moves" % a.variant))
        else:
            run_perft(a.variant, a.count, a.seed, a.max_depth, a.node_budget,
                      a.out or os.path.join(a.outdir, "fsf-%s.perft" % a.variant), a.max_plies,
                      a.binary, a.binary_budget)
    else:
        ap.error("give --variant, --standard, --all, or --fen with --variant and --depth")
    sys.stderr.write("[%.1f s]\n" % (time.perf_counter() - t0))


if __name__ == "__main__":
    main()
