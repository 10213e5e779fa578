"""The house rules of STYLE.md that code can check: the engine stays pure.

Engine modules (cards, hands, fast, engine, games, bots, analysis, render) never import
ipywidgets or altair; only cardlab.widgets and cardlab.charts sit on top of them.
"""

import pkgutil
import subprocess
import sys

import cardlab

ENGINE = ["cardlab.cards", "cardlab.chain", "cardlab.hands", "cardlab.fast", "cardlab.engine", "cardlab.render",
          "cardlab.rules"]
for package in ("games", "bots", "analysis"):
    module = __import__(f"cardlab.{package}", fromlist=["_"])
    ENGINE += [f"cardlab.{package}.{info.name}" for info in pkgutil.iter_modules(module.__path__)]


def test_the_engine_lists_every_game_bot_and_analysis_module():
    assert {"cardlab.games.kontrabluff", "cardlab.games.draw_poker", "cardlab.games.parallel_poker",
            "cardlab.games.fight_for_the_lead", "cardlab.bots.search", "cardlab.analysis.simulate"} <= set(ENGINE)


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
