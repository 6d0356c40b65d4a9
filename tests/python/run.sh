#!/usr/bin/env bash
# The `python` ctest: the module's pytest suite (tests/python/test_*.py) with the module built
# into MODULE_DIR. Skipped (exit 77) when the module was not built (HAVE_MODULE 0: no pybind11
# or Python headers) or no Python here has pytest and numpy. pytest's exit 5 (no tests
# collected) is a failure: the suite is never empty.
#   tests/python/run.sh MODULE_DIR HAVE_MODULE
set -uo pipefail
module_dir=$1
have_module=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ "$have_module" != 1 ]; then
  echo "python: skipped: the module was not built (pybind11 or Python's headers missing: tools/install-deps)"
  exit 77
fi
# The first Python with pytest and numpy: $PYTHON, the python3 on PATH, Debian's.
python=""
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c "import pytest, numpy" 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "python: skipped: no python3 here has pytest and numpy (python3-pytest, python3-numpy)"
  exit 77
fi
export PYTHONPATH="$module_dir${PYTHONPATH:+:$PYTHONPATH}"
export CONQUIAN_BINARY="${CONQUIAN_BINARY:-$module_dir/../conquian}"
export CONQUIAN_SOURCE_DIR="$(cd "$here/../.." && pwd)"
cd "$here"
"$python" -m pytest -q -p no:cacheprovider "$here"
status=$?
if [ "$status" -eq 5 ]; then
  echo "python: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
