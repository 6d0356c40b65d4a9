#!/usr/bin/env bash
# The `serve` ctest: the board's pytest suite (tests/serve/test_*.py) against the real binary:
# the hostile clients, and the page in headless Chromium (skipped by pytest, with its reason,
# only when chromium or chromium-driver is absent). Skipped (77) when no Python here has pytest.
#   tests/serve/run.sh CONQUIAN_BINARY OUT_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c "import pytest" 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "serve: skipped: no python3 here has pytest (python3-pytest)"
  exit 77
fi
export CONQUIAN_BIN=$(realpath "$1")
export CONQUIAN_SRC="$(cd "$here/../.." && pwd)"
export CONQUIAN_SCREENSHOT_DIR=${2:-/tmp}
cd "$here"
exec "$python" -m pytest -q -rs -p no:cacheprovider .
