"""The kernel's side of the browser checks: after every redraw a table writes the
cards its seat may not see to a file, which the test (outside the page) reads; and a
table played out to its final standings (the JupyterLab fit check).

The page never holds this list: it goes to disk beside the notebook, where only the
test reads it. While a result is on screen, the cards of that result's scene (what the
seat saw a moment ago, perhaps since shuffled back) are not counted as secret, as in
``tests/test_widgets.py``'s ``assert_no_leak``.

>>> import json, tempfile, pathlib
>>> from cardlab.widgets import KontrabluffTable
>>> path = pathlib.Path(tempfile.mkdtemp()) / "secret.json"
>>> table = watch(KontrabluffTable(seed=3), path)
>>> said = json.loads(path.read_text())
>>> len(said["secret"]) == len(table.session.state.hidden_from(table.seat)) > 0, said["draws"] >= 1
(True, True)
>>> play_out(table, seed=1).seen.over
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.engine import cards_in


def secret_cards(table: Any) -> list[str]:
    """The cards (short names, 'Ah') the table's seat may not see now."""
    hidden = set(table.session.state.hidden_from(table.seat))
    if table.seen.result is not None:
        hidden -= cards_in(table.seen.result)  # the result's scene: seen a moment ago
    return sorted(card.short for card in hidden)


def watch(table: Any, path: Path | str) -> Any:
    """Make ``table`` write ``{"secret": [...], "draws": n}`` to ``path`` after each redraw;
    returns the table (so a notebook cell can end with ``watch(Table(...), path)``)."""
    path = Path(path)
    draw = table._draw
    count = 0

    def draw_and_write() -> None:
        nonlocal count
        draw()
        count += 1
        part = path.with_suffix(".part")  # written whole, then renamed: the test never reads half a file
        part.write_text(json.dumps({"secret": secret_cards(table), "draws": count}))
        part.replace(path)

    table._draw = draw_and_write
    table.refresh()
    return table


def play_out(table: Any, seed: int, moves: int = 2_000) -> Any:
    """Play ``table``'s seat by seeded random legal actions, Continue after each result,
    until the final standings (every showing turned up in parallel poker, PP-3); returns
    the table. Fails after ``moves`` steps."""
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        seen = table.seen
        if seen.over:
            if hasattr(table, "reveal_all"):
                table.reveal_all()
                table.refresh()
            return table
        if seen.result is not None:
            table.resume()
        elif seen.my_turn:
            actions = [a for group in seen.offers.values() for a in group]
            if actions:
                table.play(actions[int(rng.integers(len(actions)))])
            else:  # an offer too big to list (parallel poker's 25 cards into packets, PP-2)
                table.play(table.session.state.observation(table.seat).legal_actions.sample(rng))
        else:
            table.step()
    raise AssertionError(f"no final standings after {moves} steps")
