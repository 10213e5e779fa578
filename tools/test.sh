#!/usr/bin/env bash
# Install cardlab with its test tools and run every test: unit, doctests, notebooks (nbval)
# and the real-browser tests. Debian's chromium is installed when missing and we may
# (root with apt-get); Playwright's own browser download does not work offline.
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install --quiet --disable-pip-version-check -e ".[dev]"

if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "chromium could not be installed: the browser tests will be skipped"
fi

python -m pytest "$@"
