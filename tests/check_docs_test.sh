#!/usr/bin/env bash
# tools/check-docs on small trees made here: a clean one passes, and each kind of finding
# (a comment naming an issue, a work session or a timing tool; a link to no file, to no
# heading; a path of the tree that is not there; a benchmark table typed by hand) fails it
# with the file and the line.
#   tests/check_docs_test.sh SOURCE_DIR
set -euo pipefail
check_docs="$1/tools/check-docs"
python=$(python3 -c 'import sys; print(sys.executable)')  # once: a version manager's shim is slow to start
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

make_tree() {  # a clean tree in $tmp/tree, tracked by git
  rm -rf "$tmp/tree"
  mkdir -p "$tmp/tree/src" "$tmp/tree/specs" "$tmp/tree/tools"
  cd "$tmp/tree"
  git init -q .
  echo "// Cards are dealt from the top: the rules say so." >src/deal.cpp
  echo "# writes specs/benchmarks.md" >tools/bench
  printf '# The rules\n\n## Dealing\n\nSee [dealing](#dealing) and [the spec](specs/deal.md#the-deal).\n' >README.md
  printf '# Deal\n\n## The deal\n\n`src/deal.cpp` deals; `specs/*.md` say how.\n' >specs/deal.md
  git add -A
  cd - >/dev/null
}

expect() {  # expect STATUS WHAT-STDERR-SAYS DESCRIPTION
  local status=0
  "$python" "$check_docs" --root "$tmp/tree" >"$tmp/out" 2>"$tmp/err" || status=$?
  if [ "$status" -ne "$1" ] || ! grep -qF -- "$2" "$tmp/err" "$tmp/out"; then
    echo "FAIL: $3: exit $status (want $1), output:" >&2
    cat "$tmp/out" "$tmp/err" >&2
    failures=$((failures + 1))
  else
    echo "ok: $3"
  fi
}

add() {  # add FILE TEXT: append a line and track it
  printf '%s\n' "$2" >>"$tmp/tree/$1"
  git -C "$tmp/tree" add -A
}

make_tree
expect 0 "no finding" "a clean tree passes"

# The words are written in pieces so that this file does not hold them.
make_tree
add src/deal.cpp "// Dealt twice (iss""ue 12)."
expect 1 "src/deal.cpp:2: names 'iss""ue 12'" "an issue number in a comment"

make_tree
add specs/deal.md "Measured during th""is stop."
expect 1 "specs/deal.md:6: names" "a work session in a spec"

make_tree
add tools/run "# timed with far""m-bench --vs"
expect 1 "tools/run:1: names" "the timing tool in a script"

make_tree
add README.md "The [format](specs/format.md)."
expect 1 "README.md:6: link to specs/format.md: no such file" "a link to no file"

make_tree
add README.md "The [deal](specs/deal.md#shuffling)."
expect 1 "no heading '#shuffling' in specs/deal.md" "a link to no heading"

make_tree
add specs/deal.md "The shuffle is \`src/shuffle.cpp\`."
expect 1 "specs/deal.md:6: names src/shuffle.cpp: no such file" "a path of the tree that is not there"

make_tree
marker_start="<!-- bench:benchmarks (written by tools/bench --report specs/benchmarks.md; do not edit) -->"
add specs/benchmarks.md "$marker_start"
add specs/benchmarks.md "| check | 1.0 s |"
add specs/benchmarks.md "<!-- /bench:benchmarks -->"
add README.md "$marker_start"
add README.md "| check | 1.0 s |"
add README.md "<!-- /bench:benchmarks -->"
expect 0 "no finding" "the README's benchmark table as the report wrote it"
sed -i 's/1\.0 s/0.5 s/' "$tmp/tree/README.md"
expect 1 "README.md:6: the benchmarks table is not the one in specs/benchmarks.md" \
  "a benchmark figure typed into the README"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
