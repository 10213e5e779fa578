"""The notebooks teach (issue 36, item 4), read from their Markdown sources.

- No page a student reads holds the project's test machinery: no cell's text names nbval
  or pytest (an output that changes from run to run is marked by the cell tag
  ``nbval-ignore-output``, in the cell's metadata).
- The notebooks of the hands and of the four games (01 to 05) open with learning
  objectives by rule id; ask at least three check questions (code cells tagged ``check``,
  each a ``Drill`` widget or an exercise of :mod:`cardlab.drills`), each in a section
  whose text cites a rule its drill teaches; answer at least one with ``.grade(...)`` in a
  plain cell, so the stored output of a real verdict is compared; and end with an exit
  ticket (the last section, a cell tagged ``exit-ticket`` with three drills or more) whose
  drills teach every rule of the objectives.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jupytext
import nbformat
import pytest

from cardlab.drills import KINDS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("*.md"))
TEACHING = [path for path in SOURCES if path.stem[:2] in {"01", "02", "03", "04", "05"}]
RULE_ID = re.compile(r"\b(?:HR|KB|DP|PP|FL)-\d+\b")
MACHINERY = re.compile(r"nbval|pytest", re.IGNORECASE)


def _cells(path: Path):
    return jupytext.read(path).cells


def _tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", ()))


def drills_of(source: str) -> list[str]:
    """The drill kinds a cell asks, one for each drill: ``exercise("kind", ...)`` and each
    kind of ``Drill(kinds=[...])``.

    >>> drills_of('q = exercise("round_points", seed=1)\\nDrill(kinds=["trick_winner", "lead_winner"], seed=2)')
    ['round_points', 'trick_winner', 'lead_winner']
    """
    kinds = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
        if name == "exercise" and node.args and isinstance(node.args[0], ast.Constant):
            kinds.append(node.args[0].value)
        elif name == "Drill":
            for keyword in node.keywords:
                if keyword.arg == "kinds" and isinstance(keyword.value, (ast.List, ast.Tuple)):
                    kinds += [element.value for element in keyword.value.elts if isinstance(element, ast.Constant)]
    return kinds


def sections(cells) -> list[tuple[str, list]]:
    """The notebook as ``(heading, cells)`` by its level-2 headings (the part before the
    first one has the heading ''); a Markdown cell holding headings is cut at each.

    >>> from nbformat.v4 import new_code_cell, new_markdown_cell
    >>> parts = sections([new_markdown_cell("# T\\nintro\\n## A\\ntext"), new_code_cell("x"), new_markdown_cell("## B")])
    >>> [(heading, [c.source for c in body]) for heading, body in parts]
    [('', ['# T\\nintro']), ('A', ['## A\\ntext', 'x']), ('B', ['## B'])]
    """
    out: list[tuple[str, list]] = [("", [])]
    for cell in cells:
        if cell.cell_type != "markdown":
            out[-1][1].append(cell)
            continue
        lines: list[str] = []
        for line in cell.source.splitlines():
            if line.startswith("## "):
                if lines:
                    out[-1][1].append(nbformat.v4.new_markdown_cell("\n".join(lines)))
                out.append((line[3:].strip(), []))
                lines = []
            lines.append(line)
        if lines:
            out[-1][1].append(nbformat.v4.new_markdown_cell("\n".join(lines), metadata=cell.metadata))
    return out


def test_the_notebooks_are_found():
    assert {path.stem for path in TEACHING} == {"01-hands-and-short-decks", "02-kontrabluff", "03-draw-poker",
                                                "04-parallel-poker", "05-fight-for-the-lead"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.stem)
def test_no_page_holds_test_machinery(path):
    found = [cell.source.splitlines()[0] for cell in _cells(path) if MACHINERY.search(cell.source)]
    assert not found, f"{path.name}: test markers belong in cell tags (nbval-ignore-output), not in the text: {found}"


def test_the_machinery_check_sees_a_comment():
    assert MACHINERY.search("# NBVAL_IGNORE_OUTPUT\nplay()") and not MACHINERY.search("play()")


def objectives(cells) -> list[set[str]]:
    """The rule ids of each objective: the bullets of the '## Learning objectives' section."""
    heading, body = next((h, c) for h, c in sections(cells) if h == "Learning objectives")
    text = "\n".join(cell.source for cell in body if cell.cell_type == "markdown")
    return [set(RULE_ID.findall(line.split(":")[0])) for line in text.splitlines() if line.startswith("- **")]


@pytest.mark.parametrize("path", TEACHING, ids=lambda path: path.stem)
def test_a_notebook_opens_with_its_objectives_by_rule_id(path):
    cells = _cells(path)
    parts = sections(cells)
    assert parts[1][0] == "Learning objectives", f"{path.name}: the first section is {parts[1][0]!r}"
    assert not any(cell.cell_type == "code" for cell in parts[0][1]), "the objectives come before any code"
    goals = objectives(cells)
    assert len(goals) >= 3 and all(goals), goals


@pytest.mark.parametrize("path", TEACHING, ids=lambda path: path.stem)
def test_a_notebook_asks_three_checks_where_their_rules_are_taught(path):
    checks = 0
    for heading, body in sections(_cells(path)):
        taught = set(RULE_ID.findall(heading)) | {
            rule for cell in body if cell.cell_type == "markdown" and not cell.source.startswith("**Check**")
            for rule in RULE_ID.findall(cell.source)}
        for cell in body:
            if cell.cell_type == "code" and "check" in _tags(cell):
                kinds = drills_of(cell.source)
                assert kinds and all(kind in KINDS for kind in kinds), (path.name, cell.source)
                rules = {rule for kind in kinds for rule in KINDS[kind].rules}
                assert rules & taught, f"{path.name}: a check on {kinds} in {heading!r}, which cites {sorted(taught)}"
                checks += 1
    assert checks >= 3, f"{path.name} asks {checks} check questions"


@pytest.mark.parametrize("path", TEACHING, ids=lambda path: path.stem)
def test_a_notebook_shows_a_real_verdict(path):
    """One answer graded in a plain cell: nbval compares the engine's verdict itself."""
    graded = [cell for cell in _cells(path) if cell.cell_type == "code" and ".grade(" in cell.source
              and "nbval-ignore-output" not in _tags(cell)]
    assert graded, f"{path.name} grades no answer in a compared cell"


@pytest.mark.parametrize("path", TEACHING, ids=lambda path: path.stem)
def test_a_notebook_ends_with_an_exit_ticket_on_its_objectives(path):
    cells = _cells(path)
    heading, body = sections(cells)[-1]
    assert heading == "Exit ticket", f"{path.name} ends with {heading!r}"
    tickets = [cell for cell in body if cell.cell_type == "code" and "exit-ticket" in _tags(cell)]
    assert tickets, f"{path.name}: no cell tagged exit-ticket"
    kinds = [kind for cell in tickets for kind in drills_of(cell.source)]
    assert len(kinds) >= 3 and all(kind in KINDS for kind in kinds), kinds
    covered = {rule for kind in kinds for rule in KINDS[kind].rules}
    missing = [goal for goal in objectives(cells) if not goal <= covered]
    assert not missing, f"{path.name}: the exit ticket's drills teach none of {missing}"
