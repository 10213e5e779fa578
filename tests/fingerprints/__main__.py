"""Rewrite the stored fingerprints: ``python -m tests.fingerprints [game ...]``.

Only in a commit of its own, whose message says which rule or wording changed and why.
"""

from __future__ import annotations

import json
import sys
import time

from tests.fingerprints import SETTINGS, fingerprint, path


def main(names: list[str]) -> None:
    for name in names or list(SETTINGS):
        start = time.perf_counter()
        data = fingerprint(name)
        path(name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        games = sum(len(seeds) for seeds in data.values())
        print(f"{name}: {games} games in {time.perf_counter() - start:.1f} s -> {path(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
