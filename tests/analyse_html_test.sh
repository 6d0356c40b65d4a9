#!/usr/bin/env bash
# `analyse --html` in a real browser: headless Chromium (Debian's `chromium`, which
# tools/install-deps installs) loads the page of corpus/analyse/mistakes.yaml's blunder
# game, presses keys and clicks buttons, the chart's blunder marker and its first ring of a
# mistake from the seat's own view (the page's
# #keys=... and #click=... address, specs/analyse.md), and the DOM it dumps must show the
# table after the right move. A screenshot is left in the build directory to look at.
# No browser is a failure, not a skip: the page is only tested here.
# usage: analyse_html_test.sh CONQUIAN_BINARY SOURCE_DIR OUT_DIR
set -euo pipefail
bin=$1
src=$2
out=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "analyse_html_test: no chromium: install it with tools/install-deps" >&2
  exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
page="$dir/blunder.html"
"$bin" analyse "$src/corpus/analyse/mistakes.yaml" --game 1 --chance-nodes 10000 \
  --seat-worlds 16 --seat-world-nodes 50000 --seat-nodes 1000000 --html "$page"  # the seat view pinned
# One browser per look, each with a profile of its own, all four at once (a browser takes
# about 3 s to start and stop, mostly waiting).
chrome() {
  local name=$1
  shift
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$dir/profile-$name" --window-size=1250,900 "$@" >"$dir/$name.out" 2>/dev/null
}
chrome keys --dump-dom "file://$page#keys=End,Home,ArrowRight,ArrowRight,ArrowRight,ArrowRight,ArrowLeft" &
chrome clicks --dump-dom "file://$page#move=40&click=%23first,%23next,.marker-blunder,%23next" &
chrome view --dump-dom "file://$page#move=0&click=.marker-seat-view" &
chrome shot --screenshot="$out/analyse_html_test.png" "file://$page#move=3" &
wait
fail() {
  echo "analyse_html_test: $1" >&2
  exit 1
}
# The DOM must hold every pattern given.
expect() {
  local dom=$1 what=$2
  shift 2
  for pattern in "$@"; do
    grep -qF -- "$pattern" <<<"$dom" || fail "$what: the page lacks $pattern"
  done
}

# Keys: End, Home, then four steps forward and one back: after move 3, the blunder.
dom=$(cat "$dir/keys.out")
expect "$dom" "after the keys" '<body data-step="3">' 'after move 3 of 52' \
  'id="hand-0"><div class="card" data-card="Kc"' 'data-card="7d"' 'data-card="Qd"' \
  '<div id="up" class="row"><div class="card" data-card="Jd"' 'data-count="19"' \
  'class="cls cls-blunder">blunder</span>' 'seat 1 to take or pass Jd' \
  'blunder: seat 0 wins -&gt; seat 1 wins (hindsight)'
n=$(grep -o 'id="hand-1"><div class="card"' <<<"$dom" | wc -l)
[ "$n" = 1 ] || fail "seat 1's hand is not drawn"

# Buttons and the chart: from move 40, first (the deal), next, then the blunder's marker,
# then next: after move 4, where seat 1 refused Jd and it went dead.
dom=$(cat "$dir/clicks.out")
expect "$dom" "after the clicks" '<body data-step="4">' 'after move 4 of 52' \
  '<div id="up" class="row"></div>' '<div id="dead" class="row"><div class="card small" data-card="Jd"' \
  'seat 1 to turn a card from the stock' 'class="marker marker-blunder" data-move="3"'
grep -q 'src=\|href=' "$page" && fail "the page names an outside resource"

# The first ring on the chart: move 20, a mistake from seat 1's own view (16 worlds sampled).
dom=$(cat "$dir/view.out")
expect "$dom" "after the seat-view ring" '<body data-step="20">' 'after move 20 of 52' \
  'class="marker marker-seat-view" data-move="20"' 'id="note-seat-view"' \
  "seat 1's own view: "'<span class="cls cls-mistake">mistake</span>' 'worlds sampled of'


[ "$(head -c 8 "$out/analyse_html_test.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] || fail "no screenshot"
echo "analyse_html_test: the page steps by keys, buttons and the chart in $($browser --version 2>/dev/null | head -1)"
