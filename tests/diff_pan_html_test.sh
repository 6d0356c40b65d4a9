#!/usr/bin/env bash
# A diff report of two Panguingue house rules, rendered in headless Chromium: `conquian diff`
# plays the same shuffled packs under eight and five packs at four seats, and the page the
# browser builds must hold the Chips by seat section with a row of each ruleset, every seat's
# chips a deal, and the drop chart. No browser is a failure, not a skip.
# usage: diff_pan_html_test.sh CONQUIAN_BINARY OUT_DIR
set -euo pipefail
bin=$1
out=$2
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "diff_pan_html_test: no chromium: install it with tools/install-deps" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "diff_pan_html_test: $1" >&2
  exit 1
}
"$bin" diff panguingue panguingue-five-packs --seats 4 --deals 60 --seed 2 --no-properties --quiet \
  --report "$dir/report"
chrome() {
  local name=$1
  shift
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$dir/profile-$name" --window-size=1250,1400 "$@" >"$dir/$name.out" 2>/dev/null
}
chrome dom --dump-dom "file://$dir/report/report.html" &
chrome shot --screenshot="$out/diff_pan_html_test.png" "file://$dir/report/report.html" &
wait
dom=$(cat "$dir/dom.out")
[ -n "$dom" ] || fail "the browser dumped no DOM"
grep -qF '<h1>Panguingue rulesets compared</h1>' <<<"$dom" || fail "not titled Panguingue"
grep -qF '<h2>Chips by seat</h2>' <<<"$dom" || fail "no Chips by seat section"
for name in panguingue panguingue-five-packs; do
  grep -qF "<code>$name</code>" <<<"$dom" || fail "no row of $name"
done
# Four seats, each with its chips a deal (signed) in each ruleset's rows.
[ "$(grep -o '<td>seat 3</td><td>greedy</td><td class="num">[+-][0-9]' <<<"$dom" | wc -l)" -ge 2 ] ||
  fail "not every seat's chips are shown"
grep -qF 'seat 3 drops' <<<"$dom" || fail "the drop chart has no seat 3"
grep -qF '200 cards' <<<"$dom" || fail "the five packs' size is not shown"
[ -s "$out/diff_pan_html_test.png" ] || fail "no screenshot"
echo "diff_pan_html_test: the Panguingue report renders its chips ($($browser --version 2>/dev/null | head -1))"
