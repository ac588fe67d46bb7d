#!/bin/sh
# Freeze Fairy-Stockfish's numbers for new built-ins, one variant after the
# other (FSF catalogue coverage): random-position perft (tools/fsf_oracle.py,
# depth 3 by the FSF binary where pyffish would be slow), legal-move lists for
# the same positions, and FSF's FENs for the round-trip test
# (tools/fsf_fens.py). The variant must be listed in fsf_oracle.py's tables.
#
# Usage: tools/fsf_freeze.sh NAME...   (env: COUNT=12, BINARY=/work/fsf/stockfish,
#        BUDGET=60000 = the largest perft(2) for which depth 3 is counted)
set -e
cd "$(dirname "$0")/.."
COUNT=${COUNT:-12}
BINARY=${BINARY:-/work/fsf/stockfish}
BUDGET=${BUDGET:-60000}
for v in "$@"; do
    python3 tools/fsf_oracle.py --variant "$v" --count "$COUNT" --max-depth 3 \
        --binary "$BINARY" --binary-budget "$BUDGET"
    python3 tools/fsf_oracle.py --variant "$v" --legal-moves --count "$COUNT"
    python3 tools/fsf_fens.py --count 30 "$v"
done
