#!/usr/bin/env bash
# Pages made from hostile documents, opened in headless Chromium: a ruleset file whose name
# and description, and a record whose id and players, hold <script>, </script>, event
# handlers, javascript: URLs and quotes of every kind. `analyse --html` and `diff --report`
# write their pages; the browser loads each and dumps its DOM. None of the injected code may
# run (each piece would set data-pwned on <body>, or the title), and the strings must be
# shown as text. Each page must carry its Content-Security-Policy. No browser is a failure.
# usage: html_hostile_test.sh CONQUIAN_BINARY
set -euo pipefail
bin=$1
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "html_hostile_test: no chromium: install it with tools/install-deps" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "html_hostile_test: $1" >&2
  exit 1
}

# Every piece sets the marker its own way; none may run.
mark='document.body.dataset.pwned=1;document.title=`PWNED`'
evil="<script>${mark}</script></script><img src=x onerror=\"${mark}\"><svg onload='${mark}'></svg>"
evil+="<a href=\"javascript:${mark}\">j</a><iframe srcdoc=\"<script>parent.${mark}</script>\"></iframe>"
evil+=' `back` "double" '"'single'"' &amp; <!-- </style><style>body{display:none}</style>'$'\u2028'
# A file name cannot hold '/': the ruleset's name (its file's stem) gets the rest.
name="r<img src=x onerror=${mark//\//}>\"'\`"
yaml_quoted() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }

mkdir "$dir/up"
printf 'base: tiny\ndescription: %s\n' "$(yaml_quoted "$evil")" >"$dir/up/$name.yaml"
printf 'base: tiny\nhand: 3\ndescription: %s\n' "$(yaml_quoted "second $evil")" >"$dir/up/two$name.yaml"
"$bin" simulate --ruleset tiny --deals 1 --seed 3 --out "$dir/plain.yaml"
grep -q '^ruleset: tiny$' "$dir/plain.yaml" || fail "simulate did not name the ruleset tiny"
# The record names the hostile ruleset file beside it (a path inside its own folder).
python3 - "$dir/plain.yaml" "$dir/up/game.yaml" "$name.yaml" "$evil" <<'PY'
import json, sys
src, out, ruleset, evil = sys.argv[1:]
lines = []
for line in open(src, encoding="utf-8"):
    if line.startswith("ruleset:"):
        line = "ruleset: %s\n" % json.dumps(ruleset)
        line += "players: [%s, %s]\n" % (json.dumps("p0 " + evil), json.dumps("p1 " + evil))
    elif line.startswith("id:"):
        line = "id: %s\n" % json.dumps("id " + evil)
    lines.append(line)
open(out, "w", encoding="utf-8").write("".join(lines))
PY
"$bin" check "$dir/up/game.yaml" >/dev/null || fail "the hostile record is not legal: $("$bin" check "$dir/up/game.yaml" 2>&1)"
"$bin" analyse "$dir/up/game.yaml" --html "$dir/analyse.html" >/dev/null
"$bin" diff "$dir/up/$name.yaml" "$dir/up/two$name.yaml" --deals 4 --seed 1 --report "$dir/report" \
  --games "$dir/up/game.yaml" >/dev/null

chrome() {
  local name=$1
  shift
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$dir/profile-$name" --virtual-time-budget=3000 "$@" >"$dir/$name.out" 2>/dev/null
}
chrome analyse --dump-dom "file://$dir/analyse.html#keys=End,Home,ArrowRight" &
chrome report --dump-dom "file://$dir/report/report.html" &
wait

for page in analyse report; do
  dom=$(cat "$dir/$page.out")
  [ -n "$dom" ] || fail "$page: the browser dumped no DOM"
  grep -q 'pwned' <<<"$(grep -o '<body[^>]*>' <<<"$dom")" && fail "$page: injected code ran (data-pwned on <body>)"
  grep -q '<title>PWNED' <<<"$dom" && fail "$page: injected code ran (the title)"
  # No element the strings would make if they were read as markup.
  grep -qE '<img[^>]*onerror|<iframe|<svg[^>]*onload|<a href="javascript' <<<"$dom" && fail "$page: a hostile string became markup"
done
for file in "$dir/analyse.html" "$dir/report/report.html"; do
  grep -q '<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;' "$file" ||
    fail "$file: no Content-Security-Policy"
done
grep -q 'script-src &#39;sha256-' "$dir/analyse.html" || fail "analyse: the policy names no script hash"

# The strings are there, as text.
dom=$(cat "$dir/analyse.out")
grep -qF '&lt;script&gt;document.body.dataset.pwned=1' <<<"$dom" || fail "analyse: the id is not shown as text"
grep -qF '(p0 &lt;script&gt;' <<<"$dom" || fail "analyse: the players are not shown as text"
grep -qF 'r&lt;img src=x onerror=' <<<"$dom" || fail "analyse: the ruleset name is not shown as text"
grep -qF '<body data-step="1"' <<<"$dom" || fail "analyse: the page does not step (its script did not run)"
dom=$(cat "$dir/report.out")
grep -qF '<code>r&lt;img src=x onerror=' <<<"$dom" || fail "report: the ruleset name is not shown as text"
grep -qF '&lt;/script&gt;&lt;img src=x onerror="document.body' <<<"$dom" || fail "report: the description is not shown as text"
grep -qF '&quot;double&quot; &#39;single&#39;' "$dir/report/report.html" || fail "report: the quotes are not escaped"
echo "html_hostile_test: hostile ids, players, ruleset names and descriptions stay text in both pages ($($browser --version 2>/dev/null | head -1))"
