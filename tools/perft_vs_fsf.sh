#!/bin/bash
# Perft speed side by side with Fairy-Stockfish: user CPU seconds and nodes/s
# of `rookery perft NAME D` and FSF's `go perft D` from the start position.
# usage: tools/perft_vs_fsf.sh ROOKERY STOCKFISH ["variant depth"]...
# (the user CPU time is used because a shared machine's wall clock is noisy)
set -e
RK=$1; FSF=$2; shift 2
list=("$@")
[ ${#list[@]} -eq 0 ] && list=("chess 6" "capablanca 5" "crazyhouse 6" "shogi 5" "xiangqi 5" "atomic 6" "3check 6" "janggi 5" "makpong 6")
t=$(mktemp -d)
for vd in "${list[@]}"; do
  set -- $vd; v=$1; d=$2
  /usr/bin/time -o "$t/time" -f "%U" "$RK" perft "$v" "$d" >"$t/rk" 2>/dev/null
  r=$(tail -1 "$t/time"); rn=$(awk '/^nodes/ {print $2}' "$t/rk")
  printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$v" "$d" \
    | /usr/bin/time -o "$t/time" -f "%U" "$FSF" >"$t/fsf" 2>/dev/null
  f=$(tail -1 "$t/time"); fn=$(awk '/Nodes searched/ {print $3}' "$t/fsf")
  python3 -c "import sys; v,d,rn,r,fn,f=sys.argv[1:]; print(f'{v} {d} | rookery {rn} {r}s {int(rn)/max(float(r),1e-3)/1e6:.1f} M/s | fsf {fn} {f}s {int(fn or 0)/max(float(f),1e-3)/1e6:.1f} M/s' + ('' if rn == fn else '  NODE COUNTS DIFFER'))" "$v" "$d" "$rn" "$r" "$fn" "$f"
done
rm -r "$t"
