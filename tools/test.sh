#!/usr/bin/env bash
# Install cardlab with its test tools (and the classroom pages' browser code, from npm) and run
# every test: unit, doctests, notebooks (nbval) and the real-browser tests. Debian's chromium (and
# postgresql, for the classroom store's tests) is installed when missing and we may (root with
# apt-get); Playwright's own browser download does not work offline. axe-core (the browser tests'
# accessibility checker) comes from npm, pinned in tools/axe.
#
# The run uses every core (pytest-xdist, one file per worker so a notebook's cells share
# one kernel and the browser servers start once per file), stops any single test after
# pytest's configured timeout, and prints the slowest tests and files at the end.
# Extra arguments go to pytest, e.g. `bash tools/test.sh tests/test_cards.py -n 0`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "chromium could not be installed: the browser tests will be skipped"
fi

# PostgreSQL for the classroom store's tests (tests/pgserver.py starts a server of their own on a
# free port, as the postgres user); they skip, saying so, where it is not installed.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null \
    && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's postgresql for the classroom store's tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
    || echo "postgresql could not be installed: the PostgreSQL store's tests will be skipped"
fi

# npm: the classroom pages' browser code (below) and axe-core for the browser tests'
# accessibility checks, the npm package at the version pinned in tools/axe/package.json (its lock
# file holds the checksum); those checks skip, saying so, without it.
if ! command -v npm >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's npm for axe-core and the classroom's browser code..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null) \
    || echo "npm could not be installed: the axe-core checks of the browser tests will be skipped"
fi
if command -v npm >/dev/null; then
  npm ci --prefix tools/axe --no-audit --no-fund --loglevel=error >/dev/null \
    || echo "axe-core could not be installed: the axe-core checks of the browser tests will be skipped"
fi

# cardlab with its test tools; the build also puts the classroom pages' browser code (pinned npm
# packages, cardlab/app/assets.py) into the package, which the classroom's tests check is whole.
python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
python -m cardlab.app.assets || echo "the classroom's browser code could not be installed: its tests will say so"

python -m pytest -n auto --dist loadfile --durations=10 "$@"
