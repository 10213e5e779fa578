#!/usr/bin/env bash
# Install cardlab with the classroom app (Voilà and Solara's server: the `voila` and
# `cardlab-classroom` commands, and the classroom pages' browser code from npm, so a classroom
# needs no internet) and open the notebooks in JupyterLab (README's first command).
# JupyterLab's file browser opens at the repository root (not at notebooks/, where a notebook
# given alone would put it), so notebook 00's links to the rule pages in docs/rules/ work.
# As root (a container, a fresh VM) JupyterLab refuses to start without --allow-root:
# this script adds it then. Extra arguments go to `jupyter lab`, e.g. `--port 8890`.
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install --quiet --disable-pip-version-check -e ".[app]"
python -m cardlab.app.assets \
  || echo "cardlab-classroom's pages will load their browser code from the internet (see README: Troubleshooting)"

args=()
if [ "$(id -u)" = 0 ]; then
  args+=(--allow-root)
fi
exec jupyter lab --ServerApp.root_dir="$PWD" "${args[@]}" "$@" notebooks/00-start-here.ipynb
