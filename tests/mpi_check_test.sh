#!/usr/bin/env bash
# `conquian check` under `mpirun -n 2` and `-n 3` prints the very bytes, with the same exit
# status, that one process prints: on the corpus (matches among its files), on generated JSON
# Lines with bad lines, on the same games as YAML with a malformed document and, further on,
# broken YAML that ends the file (the ranks that never read it must not print what they
# judged after it), as a `.json` array, and as a YAML match; in the text form, --json and
# --json-lines. Skipped (exit 77) when mpirun is absent or the build has no MPI.
# usage: mpi_check_test.sh CONQUIAN_BINARY HAVE_MPI(0|1) SOURCE_DIR
set -euo pipefail
source "$(dirname "$0")/mpi_env.sh"  # $bin, $have_mpi, $src, $dir
"$bin" simulate --ruleset american --deals 300 --seed 8 --format jsonl --out "$dir/clean.jsonl"
# Every 23rd line cut short (malformed), every 29th with a seat changed (illegal).
awk 'NR % 23 == 4 { print substr($0, 1, length($0) / 2); next }
     NR % 29 == 6 { sub(/"seat":0/, "\"seat\":1") } { print }' "$dir/clean.jsonl" >"$dir/mixed.jsonl"
# The same games as YAML: the 40th document with an unknown key (malformed alone), the 200th
# with a quote left open (broken YAML: the file ends there).
"$bin" convert "$dir/mixed.jsonl" --to yaml --out "$dir/games.yaml" 2>/dev/null || true
awk '/^---$/ { n++ } n == 39 && /^format:/ { print "colour: red" }
     n == 199 && /^id:/ { print "id: \"open"; next } { print }' "$dir/games.yaml" >"$dir/mixed.yaml"
grep -q '^colour: red$' "$dir/mixed.yaml"
grep -q '^id: "open$' "$dir/mixed.yaml"
# A `.json` array of the first 150 games.
{ echo "["; head -n 150 "$dir/clean.jsonl" | sed '$!s/$/,/'; echo "]"; } >"$dir/games.json"
"$bin" simulate --ruleset american-points --deals 40 --seed 3 --match --out "$dir/match.yaml"
inputs=("$src/corpus/legal" "$src/corpus/illegal" "$src/corpus/malformed" "$dir/mixed.jsonl" "$dir/mixed.yaml"
        "$dir/games.json" "$dir/match.yaml")
for ranks in 2 3; do
  for form in "" --json --json-lines; do
    set +e
    "$bin" check "${inputs[@]}" $form --threads 2 >"$dir/one" 2>/dev/null
    one=$?
    mpirun -n "$ranks" --oversubscribe "$bin" check "${inputs[@]}" $form --threads 1 >"$dir/many" 2>/dev/null
    many=$?
    set -e
    if [ "$one" != "$many" ]; then echo "check $form: exit $one in one process, $many under mpirun -n $ranks"; exit 1; fi
    cmp "$dir/one" "$dir/many"
    grep -q illegal "$dir/one"
    grep -q "the rest of the file is not read" "$dir/one"
  done
done
echo "mpirun -n 2 and -n 3: the same verdicts, bytes and exit status as one process"
