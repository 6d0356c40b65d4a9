#!/usr/bin/env bash
# `conquian diff` under `mpirun -n 2` writes the very report one process writes for the
# same seed. Skipped (exit 77) when mpirun is absent or the build has no MPI.
# usage: mpi_diff_test.sh CONQUIAN_BINARY HAVE_MPI(0|1)
set -euo pipefail
source "$(dirname "$0")/mpi_env.sh"  # $bin, $have_mpi, $src, $dir
# --no-properties: the property verdicts are Z3's (about 10 s a ruleset) and rank 0's alone,
# after the deals are gathered; the cli test checks them. What MPI splits is the deals.
args=(diff american american-noforce nine-card --deals 501 --seed 12 --quiet --no-properties)
"$bin" "${args[@]}" --threads 2 --report "$dir/one"
mpirun -n 2 --oversubscribe "$bin" "${args[@]}" --threads 1 --report "$dir/two"
for f in report.json report.md report.html; do
  cmp "$dir/one/$f" "$dir/two/$f"
done
echo "mpirun -n 2: the same report as one process"
