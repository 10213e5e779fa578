"""Every bot of every game fits the Bot protocol, and bot_for refuses what does not (issue 15).

The bot classes are found, not listed: every class with a ``__call__`` in every module
of :mod:`cardlab.bots`, so a new bot is checked the day it is written.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import cardlab.bots
from cardlab.bots import BOTS, Bot, RandomBot, RuleBot, SearchBot, bot_for, check_bot
from cardlab.games import GAMES, game_entry

#: Small settings, so that every bot decides quickly.
SETTINGS = {"kontrabluff": {}, "draw_poker": {"players": 3, "deck_size": 32, "hands": 2},
            "parallel_poker": {}, "fight_for_the_lead": {"players": 3, "games": 2}}
BOT_MODULES = [importlib.import_module(f"cardlab.bots.{info.name}") for info in pkgutil.iter_modules(cardlab.bots.__path__)]


def _is_bot_class(cls: object, module: object) -> bool:
    return (isinstance(cls, type) and cls.__module__ == module.__name__ and not inspect.isabstract(cls)
            and any("__call__" in vars(k) for k in cls.__mro__[:-1]) and cls is not Bot)


FOUND = {cls for module in BOT_MODULES for cls in vars(module).values() if _is_bot_class(cls, module)}
GENERIC = set(BOTS.values())
#: Each game's own bots: the classes of the modules its registered bots live in.
OWN = {name: {cls for cls in FOUND if cls.__module__ in {entry.rule_bot_class.__module__,
                                                         (entry.search_bot_class or entry.rule_bot_class).__module__}}
       for name, entry in GAMES.items()}
CASES = [(name, cls) for name in GAMES for cls in sorted(GENERIC | OWN[name], key=lambda c: c.__qualname__)]


def test_every_bot_class_is_generic_or_one_games_own():
    assert GENERIC == {RandomBot, RuleBot, SearchBot} <= FOUND
    assert FOUND == GENERIC | set().union(*OWN.values())
    for name, entry in GAMES.items():
        assert entry.rule_bot_class in OWN[name]
        assert entry.search_bot_class is None or entry.search_bot_class in OWN[name]
    assert len(OWN["parallel_poker"]) == 5  # four simple strategies and the search


@pytest.mark.parametrize(("game_name", "bot_class"), CASES, ids=[f"{g}-{c.__qualname__}" for g, c in CASES])
def test_every_bot_fits_the_protocol_and_plays_a_legal_action(game_name, bot_class):
    bot = bot_class(seed=7)
    assert isinstance(bot, Bot)
    assert bot.seed == 7 and isinstance(bot.name, str) and bot.name
    state = GAMES[game_name].game(**SETTINGS[game_name]).new_state(seed=3)
    seat = state.current_player
    action = bot(state.observation(seat))
    assert action in state.legal_actions(seat)


def test_the_registry_is_consistent():
    for name, entry in GAMES.items():
        assert entry.name == name == entry.game.name and entry.game.state_class is entry.state
        assert entry.rule_bot.startswith("cardlab.bots.") and entry.table.startswith("cardlab.widgets.")
        assert entry.search_bot is None or entry.search_bot.startswith("cardlab.bots.")
        assert game_entry(name) is game_entry(entry.game) is game_entry(entry.game()) is entry


def test_game_entry_refuses_what_is_not_a_registered_game():
    with pytest.raises(ValueError, match="'poker'.*kontrabluff, draw_poker"):
        game_entry("poker")
    with pytest.raises(ValueError, match="no game named 3"):
        game_entry(3)


def test_bot_for_makes_the_named_bot_with_its_seed_and_options():
    for kind, cls in BOTS.items():
        bot = bot_for(kind, seed=5)
        assert type(bot) is cls and bot.seed == 5
    assert bot_for("search", seed=1, samples=3).samples == 3
    ready = RuleBot(seed=4)
    assert bot_for(ready) is ready


def test_bot_for_never_falls_back():
    with pytest.raises(ValueError, match="one of random, rule, search.*'clever'"):
        bot_for("clever")
    with pytest.raises(TypeError, match="unexpected keyword argument 'depth'"):  # the class's own error, not a RandomBot
        bot_for("random", seed=1, depth=3)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        bot_for("search", samples=0)
    with pytest.raises(ValueError, match="no game named"):
        bot_for("rule", game=object())
    with pytest.raises(TypeError, match="options.*ready bot"):
        bot_for(RuleBot(seed=1), samples=3)


def test_a_callable_that_is_not_a_bot_is_refused_naming_what_it_lacks():
    def first_action(observation):
        return observation.legal_actions[0]

    with pytest.raises(TypeError, match=r"first_action is not a bot: it has no name, seed"):
        bot_for(first_action)

    class Nameless:
        seed = None

        def __call__(self, observation):
            return observation.legal_actions[0]

    with pytest.raises(TypeError, match=r"Nameless is not a bot: it has no name \("):
        check_bot(Nameless())
    with pytest.raises(TypeError, match="has no __call__"):
        check_bot("rule")
