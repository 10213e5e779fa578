"""The notebooks are sources: each .ipynb has a MyST Markdown twin with the same cells,
its code cells stay short, and every stored chart carries a static image.

The .md is what a person edits and reviews; the .ipynb keeps the outputs nbval compares.
Edit either in JupyterLab (jupytext saves both) or run `jupytext --sync notebooks/NAME.md`.
"""

from __future__ import annotations

import copy
import statistics
from pathlib import Path

import jupytext
import nbformat
import pytest
from jupytext.combine import combine_inputs_with_outputs
from jupytext.config import load_jupytext_config

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAIRS = sorted(NOTEBOOKS.glob("*.ipynb"))
VEGALITE = "application/vnd.vegalite.v5+json"
IMAGES = ("image/svg+xml", "image/png")


def _cells(notebook) -> list[tuple[str, str, tuple[str, ...]]]:
    """What a reader sees of each cell: its kind, its text and its tags."""
    return [(cell.cell_type, cell.source.strip(), tuple(cell.metadata.get("tags", ()))) for cell in notebook.cells]


def test_every_notebook_is_found():
    names = {path.stem for path in PAIRS}
    assert {"00-start-here", "02-kontrabluff", "play-kontrabluff"} <= names
    assert not (NOTEBOOKS / "_build.py").exists()  # the notebooks are their own sources


@pytest.mark.parametrize("ipynb", PAIRS, ids=lambda path: path.stem)
def test_pair_is_in_sync(ipynb):
    markdown = ipynb.with_suffix(".md")
    assert markdown.exists(), f"{markdown.name} is missing: run `jupytext --set-formats ipynb,md:myst {ipynb}`"
    stored = nbformat.read(ipynb, as_version=4)
    assert stored.metadata.get("jupytext", {}).get("formats") == "ipynb,md:myst"
    source = jupytext.read(markdown)
    assert _cells(source) == _cells(stored), (
        f"{markdown.name} and {ipynb.name} differ: run `jupytext --sync {markdown}` and re-execute the notebook")


@pytest.mark.parametrize("ipynb", PAIRS, ids=lambda path: path.stem)
def test_sync_would_rewrite_nothing(ipynb):
    """``jupytext --sync`` on a fresh clone changes no file, whichever of the pair is newer.

    Done in memory as jupytext does it (notebooks/jupytext.toml applied): the .md written
    from the .ipynb, and from the .md's own cells with the .ipynb's outputs, must be the
    .md byte for byte (one header form: ``{code-cell} ipython3``, cell metadata keys in
    sorted order); and the .ipynb written from the pair must be the .ipynb.
    """
    markdown = ipynb.with_suffix(".md")
    config = load_jupytext_config(str(markdown))
    text = markdown.read_text(encoding="utf-8")
    stored = jupytext.read(ipynb, config=config)
    from_ipynb = jupytext.writes(copy.deepcopy(stored), fmt="md:myst", config=config)
    assert from_ipynb == text, f"syncing from {ipynb.name} would rewrite {markdown.name}: run `jupytext --sync {markdown}`"
    pair = combine_inputs_with_outputs(jupytext.read(markdown, config=config), stored, fmt="md:myst")
    assert jupytext.writes(copy.deepcopy(pair), fmt="md:myst", config=config) == text, (
        f"syncing from {markdown.name} would rewrite it")
    assert jupytext.writes(copy.deepcopy(pair), fmt="ipynb", config=config).rstrip("\n") == ipynb.read_text(
        encoding="utf-8").rstrip("\n"), f"syncing from {markdown.name} would rewrite {ipynb.name}"


@pytest.mark.parametrize("ipynb", PAIRS, ids=lambda path: path.stem)
def test_code_cells_are_short(ipynb):
    lengths = [len(cell.source.strip().splitlines()) for cell in nbformat.read(ipynb, as_version=4).cells
               if cell.cell_type == "code"]
    assert statistics.median(lengths) <= 5, lengths
    assert max(lengths) <= 12, lengths  # longer code belongs in the package, with a doctest


def _chart_outputs(ipynb):
    for cell in nbformat.read(ipynb, as_version=4).cells:
        for output in cell.get("outputs", ()):
            if VEGALITE in output.get("data", {}):
                yield output["data"]


@pytest.mark.parametrize("ipynb", PAIRS, ids=lambda path: path.stem)
def test_every_stored_chart_has_a_static_image(ipynb):
    for data in _chart_outputs(ipynb):
        assert any(kind in data for kind in IMAGES), f"a chart in {ipynb.name} has no static image"
        image = data.get("image/svg+xml", "")
        assert not image or image.lstrip().startswith("<svg"), "the SVG is not an SVG document"


def test_the_analysis_notebooks_have_charts():
    # The image test above would pass vacuously on a notebook whose charts were lost.
    counts = {path.stem: len(list(_chart_outputs(path))) for path in PAIRS}
    assert all(counts[name] >= 2 for name in counts if name[:2] in {"01", "02", "03", "04", "05"}), counts
