"""The house rules of STYLE.md that code can check: every import arrow points down the layers.

Every module of cardlab belongs to a layer of :data:`LAYERS`; it may import its own
layer and any layer of a lower rank, never one beside it or above it. Imports are read
from the source with ``ast`` (function-level imports included), so an import hidden in
a function counts too. No module loads another by a string, except the registry's
declared dotted paths (:mod:`cardlab.games.registry`: a game's bots, table, judges and
hints), and only the layers those paths point to may ask for them. The engine layers never
import ipywidgets or altair. No module outside a game's own files names the game (issue
35), and the words import no game.
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
#: -> drills -> (analysis, rooms, interop, coach) -> sessions -> (charts, widgets) -> app; the package's own
#: ``__init__`` re-exports the few names a notebook starts with and sits on top.
LAYERS = {
    "cardlab.cards": 0,
    "cardlab.chain": 0,
    "cardlab.hands": 1,
    "cardlab.fast": 2,
    "cardlab.odds": 2,
    "cardlab.render": 4,  # draws cards in the words layer's language (rank letters, card names)
    "cardlab.records": 2,
    "cardlab.words": 3,
    "cardlab.engine": 4,
    "cardlab.rules": 5,
    "cardlab.games": 6,
    "cardlab.bots": 7,
    "cardlab.drills": 7.5,  # exercises made and graded by the games, said by the words; below every user of them
    "cardlab.analysis": 8,
    "cardlab.rooms": 8,
    "cardlab.interop": 8,
    "cardlab.coach": 8,
    "cardlab.sessions": 9,
    "cardlab.charts": 10,
    "cardlab.widgets": 10,
    "cardlab.app": 11,
    "cardlab": 12,
}
#: The registry's accessors that load a class or a function of a higher layer by its
#: declared path (a game's entry and spec), and the lowest rank that may use each.
ACCESSORS = {"rule_bot_class": LAYERS["cardlab.bots"], "search_bot_class": LAYERS["cardlab.bots"],
             "table_class": LAYERS["cardlab.widgets"], "exact_judge": LAYERS["cardlab.coach"],
             "exact_hint": LAYERS["cardlab.sessions"], "drill_makers": LAYERS["cardlab.drills"],
             "stored_runs": LAYERS["cardlab.analysis"]}
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
    # one loader, which every accessor calls: the bots, the table, the judges and the hints
    assert len(_resolve_lines()) == 1
    tree = TREES["cardlab.games.registry"]
    entry = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "GameEntry")
    loads = {node.name for node in entry.body if isinstance(node, ast.FunctionDef)
             and any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "_resolve"
                     for call in ast.walk(node))}
    assert loads == set(ACCESSORS), loads


ENGINE = sorted(module for module in SOURCES if LAYERS[layer_of(module)] <= LAYERS["cardlab.bots"]
                or layer_of(module) in {"cardlab.drills", "cardlab.analysis", "cardlab.rooms", "cardlab.coach",
                                        "cardlab.sessions"})


def test_the_engine_lists_every_game_bot_and_analysis_module():
    assert {"cardlab.games.kontrabluff", "cardlab.games.draw_poker", "cardlab.games.parallel_poker",
            "cardlab.games.fight_for_the_lead", "cardlab.bots.search", "cardlab.analysis.simulate",
            "cardlab.odds", "cardlab.rules", "cardlab.chain", "cardlab.rooms.room", "cardlab.coach.judge",
            "cardlab.sessions.local"} <= set(ENGINE)
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


# -- private names stay in their module ---------------------------------------------------
#
# What counts as reading another module's private name (a name with one leading
# underscore that is not a dunder):
#   1. ``from m import _n`` (absolute or relative) of any other module;
#   2. ``x._n`` read (load or delete), and ``getattr``/``hasattr`` of ``x`` with the constant
#      ``"_n"``, where ``x`` is not ``self``, ``cls`` or ``super()`` and ``_n`` is not one of
#      this module's own names. A module's own names: the functions and classes it defines,
#      the names its classes assign in their bodies or on ``self``/``cls``, its
#      ``__slots__`` entries, and the attributes it sets on functions it defines (the
#      engine's ``_seat_checked`` marks on its wrappers). So a game overriding an engine hook (``self._apply``) is its
#      own business, one view comparing another of its class (``other._cards``) too, and
#      ``module._n``, ``state._rng``, ``pool._processes`` are not.
# IPython's display protocol (``_repr_mimebundle_``, ``_repr_html_``, ``_ipython_display_``)
# is public by IPython's convention, although its names start with an underscore.
#: Left on purpose, each with its reason: (module, name).
PRIVATE_READS_ALLOWED = {
    # ipywidgets has no public reader of a widget's CSS classes (add_class/remove_class
    # send one message each); the table compares and sets the whole tuple in one sync.
    ("cardlab.widgets.table", "_dom_classes"),
}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and not (
        name.startswith(("_repr_", "_ipython_")) and name.endswith("_"))


def _own_names(tree: ast.Module) -> set[str]:
    own = set()
    functions = {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target] if isinstance(
                        item, (ast.AnnAssign, ast.AugAssign)) else []
                    own.update(t.id for t in targets if isinstance(t, ast.Name))
                    if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                        own.update(c.value for c in ast.walk(item.value) if isinstance(c, ast.Constant) and isinstance(c.value, str))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) \
                and (node.value.id in ("self", "cls") or node.value.id in functions):
            own.add(node.attr)
    return own


def private_reads(module: str) -> list[str]:
    """Where ``module`` reads another module's private name (see above), as "module:line what"."""
    tree, own, found = TREES[module], _own_names(TREES[module]), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"{module}:{node.lineno} from {'.' * node.level}{node.module or ''} import {alias.name}"
                      for alias in node.names if _private(alias.name)]
            continue
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Store):
            target, name = node.value, node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"getattr", "hasattr"}
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            target, name = node.args[0], node.args[1].value
        else:
            continue
        if not _private(name) or name in own or (module, name) in PRIVATE_READS_ALLOWED:
            continue
        if (isinstance(target, ast.Name) and target.id in ("self", "cls")) or (
                isinstance(target, ast.Call) and isinstance(target.func, ast.Name) and target.func.id == "super"):
            continue
        found.append(f"{module}:{node.lineno} {ast.unparse(target)}.{name}")
    return found


def test_no_module_reads_another_modules_private_names():
    found = [line for module in SOURCES for line in private_reads(module)]
    assert not found, "private names read across modules (make them public or add an accessor):\n" + "\n".join(found)


def test_the_private_check_sees_imports_attributes_and_getattr():
    source = ("from cardlab.hands import _make_key\nfrom . import _helper\nimport sys\n"
              "class View:\n    __slots__ = ('_cards',)\n    def __eq__(self, other):\n        return self._cards == other._cards\n"
              "def f(pool, state):\n    sys._getframe(1); state._rng(1); super()._draw()\n"
              "    return getattr(pool, '_processes', None), state._repr_html_(), state.__class__\n")
    TREES["cardlab.bots.probe"], SOURCES["cardlab.bots.probe"] = ast.parse(source), ROOT / "bots" / "probe.py"
    try:
        assert [line.split(" ", 1)[1] for line in private_reads("cardlab.bots.probe")] == [
            "from cardlab.hands import _make_key", "from . import _helper", "sys._getframe", "state._rng", "pool._processes"]
    finally:
        del TREES["cardlab.bots.probe"], SOURCES["cardlab.bots.probe"]
    assert all(name == "cardlab.widgets.table" for name, _ in PRIVATE_READS_ALLOWED)  # and nothing else excused


# -- a game in one place (issue 35) ---------------------------------------------------------
#
# Everything about a game is in its own files; every other module reads the game's spec
# and entry (cardlab.games.spec, cardlab.games.registry), never its name. A game's own
# files are the modules of its module's name (``kontrabluff`` for
# ``cardlab/games/kontrabluff.py``) in these packages: its rules, its words, its bots, its drills, its
# analysis, its coach's judge, its charts, its adapters' extras and its table. No other module
# names the game: no string holds its name, its module's name or a dotted path into one of
# its own modules (docstrings, their examples, may name any game); no import brings one of
# its own modules (``from cardlab.games.kontrabluff import ...``, ``import cardlab.bots.draw_poker``,
# ``from cardlab.analysis import kontrabluff``); no attribute path reaches into one
# (``cardlab.games.kontrabluff.X``); and no name in the code holds the game's module name or
# its settings class's (``kuhn_draw_poker``, ``KontrabluffTable``). The one exception is
# :data:`REGISTERS_THE_GAMES`: the package that imports cardlab's own games so that each
# registers itself.
#: The packages whose ``<game module>.py`` is a game's own file.
OWN_PACKAGES = ("cardlab.games", "cardlab.words", "cardlab.bots", "cardlab.drills", "cardlab.analysis",
                "cardlab.coach", "cardlab.interop", "cardlab.charts", "cardlab.widgets")
#: The one module that imports (only imports) cardlab's own games: each registers itself when imported.
REGISTERS_THE_GAMES = "cardlab.games"


def own_modules(entry) -> set[str]:
    """The modules that are the game's own files (see above)."""
    stem = entry.game.__module__.rpartition(".")[2]
    return {f"{package}.{stem}" for package in OWN_PACKAGES}


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for an attribute path of plain names, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def _names_in_code(node: ast.AST) -> list[str]:
    """The names a node of code defines or reads (a function's, a class's, an argument's,
    a variable's, an attribute's, an import's alias)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.asname] if node.asname else []
    return []


def names_of_games(module: str, games) -> list[str]:
    """Where ``module`` names a game that is not its own, as "module:line what (game)":
    a string, an import, an attribute path or a name in the code (see above)."""
    tree, found = TREES[module], []
    docstrings = _docstrings(tree)
    imports = imports_of(module)
    for name, entry in games.items():
        own = own_modules(entry)
        if module in own:
            continue
        stem = entry.game.__module__.rpartition(".")[2]
        spelled = (stem.lower(), entry.game.__name__.lower())
        for target, line in imports:
            if target in own and module != REGISTERS_THE_GAMES:
                found.append(f"{module}:{line} imports {target} ({name})")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                text = node.value
                if text in {name, stem} or any(text == path or text.startswith((path + ":", path + ".")) for path in own):
                    found.append(f"{module}:{node.lineno} {text!r} ({name})")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                path = _dotted(node)
                if path is not None and any(path == mine or path.startswith(mine + ".") for mine in own):
                    found.append(f"{module}:{node.lineno} {path} ({name})")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                continue  # an import is checked by its target above (its alias below)
            for word in _names_in_code(node):
                if any(spelling in word.lower() for spelling in spelled):
                    found.append(f"{module}:{getattr(node, 'lineno', '?')} name {word} ({name})")
    return sorted(set(found), key=lambda line: (int(line.split(":")[1].split()[0]), line))


def test_no_module_outside_a_games_own_files_names_it():
    from cardlab.games import GAMES

    found = [line for module in SOURCES for line in names_of_games(module, GAMES)]
    assert not found, ("modules that name a game outside its own files (read the game's spec or entry instead):\n"
                       + "\n".join(found))


def test_only_the_games_package_imports_the_games_and_only_imports_them():
    """The exception names no game but by importing it: no string, no name, no attribute path."""
    from cardlab.games import GAMES

    tree = TREES[REGISTERS_THE_GAMES]
    imported = {target for target, _ in imports_of(REGISTERS_THE_GAMES)}
    assert {entry.game.__module__ for entry in GAMES.values() if entry.game.__module__.startswith("cardlab.")} <= imported
    body = [node for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))]
    TREES["cardlab.games.probe"], SOURCES["cardlab.games.probe"] = ast.Module(body=body, type_ignores=[]), ROOT / "games" / "probe.py"
    try:
        assert names_of_games("cardlab.games.probe", GAMES) == []
    finally:
        del TREES["cardlab.games.probe"], SOURCES["cardlab.games.probe"]


def test_the_game_name_check_sees_names_modules_paths_imports_and_code_but_not_docstrings():
    from cardlab.games import GAMES

    source = ('"""A doctest may say kontrabluff."""\n'
              'import cardlab.bots.draw_poker\n'
              'from cardlab.analysis import kontrabluff as kb\n'
              'from cardlab.games.fight_for_the_lead import FightForTheLead\n'
              'def f(game):\n    """Or draw_poker."""\n'
              '    low = game.name == "kontrabluff"\n'
              '    budget = {"draw_poker": 1500}\n'
              '    table = "cardlab.widgets.parallel_poker:ParallelPokerTable"\n'
              '    return f"{game.name}", "poker", "cardlab.games.fight_for_the_lead"\n'
              'def kuhn_draw_poker():\n    return cardlab.games.kontrabluff.Kontrabluff\n')
    own_words = TREES["cardlab.words.draw_poker"]
    TREES["cardlab.coach.probe"], SOURCES["cardlab.coach.probe"] = ast.parse(source), ROOT / "coach" / "probe.py"
    TREES["cardlab.words.draw_poker"] = ast.parse('X = "kontrabluff"\nY = "draw_poker"\nimport cardlab.bots.draw_poker\n')
    try:
        assert [line.split(" ", 1)[1] for line in names_of_games("cardlab.coach.probe", GAMES)] == [
            "imports cardlab.bots.draw_poker (draw_poker)",
            "imports cardlab.analysis.kontrabluff (kontrabluff)",
            "imports cardlab.games.fight_for_the_lead (fight_for_the_lead)",
            "'kontrabluff' (kontrabluff)", "'draw_poker' (draw_poker)",
            "'cardlab.widgets.parallel_poker:ParallelPokerTable' (parallel_poker)",
            "'cardlab.games.fight_for_the_lead' (fight_for_the_lead)",
            "name kuhn_draw_poker (draw_poker)",
            "cardlab.games.kontrabluff (kontrabluff)", "cardlab.games.kontrabluff.Kontrabluff (kontrabluff)",
            "name Kontrabluff (kontrabluff)", "name kontrabluff (kontrabluff)"]
        # a game's own words may name it, and no other game
        assert [line.split(" ", 1)[1] for line in names_of_games("cardlab.words.draw_poker", GAMES)] == [
            "'kontrabluff' (kontrabluff)"]
        assert own_modules(GAMES["draw_poker"]) == {f"cardlab.{package}.draw_poker" for package in (
            "games", "words", "bots", "drills", "analysis", "coach", "interop", "charts", "widgets")}
    finally:
        del TREES["cardlab.coach.probe"], SOURCES["cardlab.coach.probe"]
        TREES["cardlab.words.draw_poker"] = own_words


def test_the_words_import_no_game_and_a_game_brings_its_words():
    """No cycle between the games and their words: cardlab.words imports no game and no
    game's words; each game's module imports its own words module (which registers them)."""
    code = ("import sys, cardlab.words, cardlab.words.howto, cardlab.words.coach\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardlab.games') or m.count('.') == 2"
            " and m.startswith('cardlab.words.')))\n"
            "import cardlab.games.parallel_poker\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardlab.words.')))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = result.stdout.strip().splitlines()
    assert before == "['cardlab.words.coach', 'cardlab.words.howto', 'cardlab.words.refusals']", before
    from cardlab.games import GAMES

    assert {f"cardlab.words.{entry.game.__module__.rpartition('.')[2]}" for entry in GAMES.values()} <= set(ast.literal_eval(after))
