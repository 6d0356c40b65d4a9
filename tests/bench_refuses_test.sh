#!/usr/bin/env bash
# tools/bench --report writes figures of a Release build only, unless told to: given a build
# folder configured as Debug it refuses (exit 2), names why, and writes no report.
#   tests/bench_refuses_test.sh SOURCE_DIR
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/build"
echo "CMAKE_BUILD_TYPE:STRING=Debug" >"$tmp/build/CMakeCache.txt"
status=0
python3 "$1/tools/bench" --report "$tmp/report.md" --build "$tmp/build" --part simulate 2>"$tmp/err" || status=$?
if [ "$status" -ne 2 ] || ! grep -q "is a Debug build, not Release" "$tmp/err" || [ -e "$tmp/report.md" ]; then
  echo "FAIL: a Debug build's figures: exit $status (want 2), report written: $([ -e "$tmp/report.md" ] && echo yes || echo no)" >&2
  cat "$tmp/err" >&2
  exit 1
fi
echo "ok: a Debug build's figures are refused"
