#!/usr/bin/env bash
# `conquian tournament` under `mpirun -n 2` writes the very bytes that one process writes: the
# standings as text and as --json, and the --report folder, with a command-line bot (each rank
# starts its own) beside the built-in players, over a deal count that does not split evenly.
# Skipped (exit 77) when mpirun is absent or the build has no MPI.
# usage: mpi_tournament_test.sh CONQUIAN_BINARY HAVE_MPI(0|1) SOURCE_DIR
set -euo pipefail
source "$(dirname "$0")/mpi_env.sh"  # $bin, $have_mpi, $src, $dir
args=(tournament --ruleset american --deals 25 --seed 11 --player random --player greedy
  --player "python3 $src/tools/bots/random_bot.py")
"$bin" "${args[@]}" --report "$dir/one" >"$dir/one.txt" 2>/dev/null
mpirun -n 2 --oversubscribe "$bin" "${args[@]}" --report "$dir/two" >"$dir/two.txt" 2>/dev/null
cmp "$dir/one.txt" "$dir/two.txt"
for f in tournament.md tournament.html tournament.json; do cmp "$dir/one/$f" "$dir/two/$f"; done
"$bin" "${args[@]}" --json >"$dir/one.json" 2>/dev/null
mpirun -n 2 --oversubscribe "$bin" "${args[@]}" --json >"$dir/two.json" 2>/dev/null
cmp "$dir/one.json" "$dir/two.json"
grep -q '"duplicate_diff"' "$dir/one.json"
echo "mpirun -n 2: the same standings, JSON and report bytes as one process"
