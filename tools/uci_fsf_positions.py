#!/usr/bin/env python3
"""Freezes positions for the UCI test (tests/uci.rs): for each variant, a
seeded random game is played with pyffish (Fairy-Stockfish's Python
binding, 0.0.90) and every 7th position is written as FSF prints it, with
FSF's legal moves there, in two forms a GUI sends: `position fen FEN` and
`position startpos moves M...`.

  tools/uci_fsf_positions.py > tests/data/uci-fsf-positions.txt

Line format: VARIANT|POSITION-COMMAND-TAIL|LEGAL-MOVE LEGAL-MOVE ...
"""
import random
import pyffish as sf

VARIANTS = ["chess", "crazyhouse", "shogi", "minishogi", "xiangqi", "janggi", "makruk", "seirawan", "grand",
            "capablanca", "3check", "atomic"]

print("# Produced by tools/uci_fsf_positions.py with pyffish 0.0.90 (Fairy-Stockfish); do not edit.")
for var in VARIANTS:
    rng = random.Random(var)
    start = sf.start_fen(var)
    moves = []
    for ply in range(43):
        legal = sorted(sf.legal_moves(var, start, moves))
        if not legal:
            break
        if ply % 7 == 3:
            form = f"fen {sf.get_fen(var, start, moves)}" if ply % 2 else "startpos moves " + " ".join(moves)
            print(f"{var}|{form}|{' '.join(legal)}")
        moves.append(rng.choice(legal))
