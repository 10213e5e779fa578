"""The house rules of STYLE.md that code can check: every import arrow points down the layers.

Every module of cardlab belongs to a layer of :data:`LAYERS`; it may import its own
layer and any layer of a lower rank, never one beside it or above it. Imports are read
from the source with ``ast`` (function-level imports included), so an import hidden in
a function counts too. No module loads another by a string, except the registry's
declared dotted paths (:mod:`cardlab.games.registry`), and only the layers those paths
point to may ask for them. The engine layers never import ipywidgets or altair.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import cardlab

#: Each layer of cardlab and its rank: a module may import its own layer and lower ranks only.
#: (cards, chain) -> hands -> (fast, odds, render, records) -> words -> engine -> rules -> games -> bots
#: -> (analysis, rooms, interop) -> (charts, widgets) -> app; the package's own
#: ``__init__`` re-exports the few names a notebook starts with and sits on top.
LAYERS = {
    "cardlab.cards": 0,
    "cardlab.chain": 0,
    "cardlab.hands": 1,
    "cardlab.fast": 2,
    "cardlab.odds": 2,
    "cardlab.render": 2,
    "cardlab.records": 2,
    "cardlab.words": 3,
    "cardlab.engine": 4,
    "cardlab.rules": 5,
    "cardlab.games": 6,
    "cardlab.bots": 7,
    "cardlab.analysis": 8,
    "cardlab.rooms": 8,
    "cardlab.interop": 8,
    "cardlab.charts": 9,
    "cardlab.widgets": 9,
    "cardlab.app": 10,
    "cardlab": 11,
}
#: The registry's accessors that load a class of a higher layer by its declared path,
#: and the lowest rank that may use each.
ACCESSORS = {"rule_bot_class": LAYERS["cardlab.bots"], "search_bot_class": LAYERS["cardlab.bots"],
             "table_class": LAYERS["cardlab.widgets"]}
ROOT = Path(cardlab.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in SOURCES.items()}


def layer_of(module: str) -> str:
    """The layer a module belongs to: the longest entry of LAYERS it starts with."""
    found = [layer for layer in LAYERS if module == layer or module.startswith(layer + ".")]
    assert found, f"{module} belongs to no layer: add it to LAYERS in tests/test_architecture.py"
    return max(found, key=len)


def imports_of(module: str) -> list[tuple[str, int]]:
    """The cardlab modules ``module`` imports, with the line of each import (anywhere in the file)."""
    package = module if SOURCES[module].name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(TREES[module]):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import: resolved from this module's package
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if sub in SOURCES else base, node.lineno))
    return [(name, line) for name, line in found if name == "cardlab" or name.startswith("cardlab.")]


def test_every_module_belongs_to_a_layer():
    assert {"cardlab.games.kontrabluff", "cardlab.bots.search", "cardlab.odds", "cardlab.widgets.table"} <= set(SOURCES)
    assert {layer_of(module) for module in SOURCES} == set(LAYERS)


def test_every_import_points_down_the_layers():
    upward = []
    for module in SOURCES:
        layer = layer_of(module)
        for target, line in imports_of(module):
            other = layer_of(target)
            if other != layer and LAYERS[other] >= LAYERS[layer]:
                upward.append(f"{module} (layer {layer}, rank {LAYERS[layer]}) imports {target} "
                              f"(layer {other}, rank {LAYERS[other]}) at line {line}")
    assert not upward, "imports that do not point down the layers:\n" + "\n".join(upward)


def test_the_layer_check_sees_function_level_and_upward_imports():
    tree = ast.parse("def hint():\n    from cardlab.analysis.draw_odds import describe_draws\n")
    TREES["cardlab.bots.probe"], SOURCES["cardlab.bots.probe"] = tree, ROOT / "bots" / "probe.py"
    try:
        assert imports_of("cardlab.bots.probe") == [("cardlab.analysis.draw_odds", 2)]
    finally:
        del TREES["cardlab.bots.probe"], SOURCES["cardlab.bots.probe"]
    assert LAYERS[layer_of("cardlab.analysis.draw_odds")] > LAYERS[layer_of("cardlab.bots.draw_poker")]


def test_no_module_is_loaded_by_a_string():
    loaders = {"import_module", "__import__", "resolve_name", "find_spec", "load_module"}
    found = []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                name = "importlib" if any(a.name.startswith("importlib") for a in node.names) or (
                    isinstance(node, ast.ImportFrom) and (node.module or "").startswith("importlib")) else None
            if name in loaders | {"importlib"}:
                found.append(f"{module}:{node.lineno} {name}")
    # The one exception: the registry resolves the dotted paths it declares.
    assert found == [f"cardlab.games.registry:{line} resolve_name" for line in _resolve_lines()], found


def test_nothing_is_dispatched_by_a_built_name():
    """No ``getattr(obj, "_" + phase)``: a phase or a game chooses through a declared table."""
    built = []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"getattr", "hasattr"}
                    and len(node.args) > 1 and isinstance(node.args[1], (ast.JoinedStr, ast.BinOp))):
                built.append(f"{module}:{node.lineno}")
    assert not built, built


def _resolve_lines() -> list[int]:
    return [node.lineno for node in ast.walk(TREES["cardlab.games.registry"])
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "resolve_name"]


def test_the_registry_paths_are_asked_for_only_by_the_layers_they_point_to():
    early = []
    for module, tree in TREES.items():
        rank = LAYERS[layer_of(module)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ACCESSORS and rank < ACCESSORS[node.attr]:
                early.append(f"{module}:{node.lineno} asks for {node.attr}")
    assert not early, early
    assert len(_resolve_lines()) == 3  # the rule bot, the search bot and the table


ENGINE = sorted(module for module in SOURCES if LAYERS[layer_of(module)] <= LAYERS["cardlab.bots"]
                or layer_of(module) in {"cardlab.analysis", "cardlab.rooms"})


def test_the_engine_lists_every_game_bot_and_analysis_module():
    assert {"cardlab.games.kontrabluff", "cardlab.games.draw_poker", "cardlab.games.parallel_poker",
            "cardlab.games.fight_for_the_lead", "cardlab.bots.search", "cardlab.analysis.simulate",
            "cardlab.odds", "cardlab.rules", "cardlab.chain", "cardlab.rooms.room"} <= set(ENGINE)
    assert not any(module.startswith(("cardlab.widgets", "cardlab.charts", "cardlab.app")) for module in ENGINE)


def test_engine_modules_import_no_widget_or_chart_library():
    code = (
        "import importlib, sys\n"
        f"for name in {ENGINE!r}: importlib.import_module(name)\n"
        "print(sorted(m for m in ('ipywidgets', 'altair') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout


def test_importing_cardlab_is_light():
    code = "import sys, cardlab; print(sorted(m for m in ('ipywidgets', 'altair', 'pandas', 'dask') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout
    assert cardlab.__version__


def test_the_package_modules_match_the_files():
    walked = {info.name for info in pkgutil.walk_packages(cardlab.__path__, "cardlab.")}
    assert walked | {"cardlab"} == set(SOURCES)
    assert importlib.import_module("cardlab.games").GAMES
