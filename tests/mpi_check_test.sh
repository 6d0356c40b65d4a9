#!/usr/bin/env bash
# `conquian check` under `mpirun -n 2` prints the very bytes, with the same exit status, that
# one process prints: on the corpus (matches among its files) and on generated JSON Lines
# with bad lines, in the text form, --json and --json-lines. Skipped (exit 77) when mpirun
# is absent or the build has no MPI.
# usage: mpi_check_test.sh CONQUIAN_BINARY HAVE_MPI(0|1) SOURCE_DIR
set -euo pipefail
source "$(dirname "$0")/mpi_env.sh"  # $bin, $have_mpi, $src, $dir
"$bin" simulate --ruleset american --deals 300 --seed 8 --format jsonl --out "$dir/clean.jsonl"
# Every 23rd line cut short (malformed), every 29th with a seat changed (illegal).
awk 'NR % 23 == 4 { print substr($0, 1, length($0) / 2); next }
     NR % 29 == 6 { sub(/"seat":0/, "\"seat\":1") } { print }' "$dir/clean.jsonl" >"$dir/mixed.jsonl"
inputs=("$src/corpus/legal" "$src/corpus/illegal" "$src/corpus/malformed" "$dir/mixed.jsonl")
for form in "" --json --json-lines; do
  set +e
  "$bin" check "${inputs[@]}" $form --threads 2 >"$dir/one" 2>/dev/null
  one=$?
  mpirun -n 2 --oversubscribe "$bin" check "${inputs[@]}" $form --threads 1 >"$dir/two" 2>/dev/null
  two=$?
  set -e
  if [ "$one" != "$two" ]; then echo "check $form: exit $one in one process, $two under mpirun -n 2"; exit 1; fi
  cmp "$dir/one" "$dir/two"
  grep -q illegal "$dir/one"
done
echo "mpirun -n 2: the same verdicts, bytes and exit status as one process"
