"""The games of cardlab: each game's settings, state, spec, bots and table, registered once.

:data:`GAMES` is the one list of games, read-only to its readers; a game is added only by
:func:`register`, which each game's module calls at its end (``cardlab.games`` imports the
four games of cardlab, so they are there whenever the package is). Bots, rooms, interop,
the coach, the sessions and the widgets look a game up here instead of building a module
name from the game's name, and :func:`by_game` gives them live tables of their own, so a
game registered later (a fifth game of a test, say) is everywhere at once.

A game's settings and state classes and its spec sit in this layer; its bots, its table,
the coach's judges and the hints sit in layers above (``cardlab.bots``, ``cardlab.coach``,
``cardlab.sessions``, ``cardlab.widgets``), so they are named by their full dotted path,
``"package.module:name"``, and loaded only when a caller of that layer asks (the
accessors of :class:`GameEntry`; ``tests/test_architecture.py`` checks who may ask):
importing a game never imports a bot, a judge or a widget.

>>> entry = GAMES["kontrabluff"]
>>> entry.title, entry.game.name, entry.state.__name__
('Kontrabluff', 'kontrabluff', 'KontrabluffState')
>>> entry.rule_bot_class(seed=1)
KontrabluffRuleBot(seed=1)
>>> game_entry(entry.game(target=30)) is entry      # a game's settings find their entry
True
>>> game_entry("poker")
Traceback (most recent call last):
...
ValueError: no game named 'poker' in cardlab.games.GAMES; the games are kontrabluff, draw_poker, parallel_poker, fight_for_the_lead
>>> GAMES["poker"] = entry
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar

from cardlab.engine import Game, GameState
from cardlab.games.spec import GameSpec
from cardlab.records import forget_kinds
from cardlab.words import forget_words

__all__ = ["GameEntry", "GAMES", "GENERIC_TABLE", "register", "unregister", "game_entry", "by_game"]

T = TypeVar("T")

#: The table every game can be played at (a game may name a table of its own).
GENERIC_TABLE = "cardlab.widgets.tables:GameTable"


def _resolve(path: str) -> Any:
    """The object a declared dotted path names (the one place that loads by a string)."""
    return pkgutil.resolve_name(path)


@dataclass(frozen=True)
class GameEntry:
    """One game's wiring: its title, its settings class (which names its state class), its
    spec (the facts every other layer reads: seats, actions and their rules, events, unit,
    adapter bounds, hand rules, how-to figures, the coach's and the hints' methods), its own
    bots and its table.

    ``rule_bot``, ``search_bot`` and ``table`` are dotted paths (``"module:Class"``) to
    classes in the layers above the games; ``search_bot`` is None for a game that the
    generic :class:`cardlab.bots.SearchBot` plays itself, and ``table`` defaults to the
    generic table (:data:`GENERIC_TABLE`). ``drills`` is the path of the game's drills (a
    tuple of :class:`cardlab.drills.base.Maker`, in the order a lesson meets them), and
    ``runs`` of its stored seeded runs (a mapping of names to
    :class:`cardlab.analysis.stored.Run`); None where it has none. ``title`` is English
    (the catalogs translate it).
    """

    title: str
    game: type[Game]
    spec: GameSpec
    rule_bot: str
    search_bot: str | None = None
    table: str = GENERIC_TABLE
    drills: str | None = None
    runs: str | None = None

    @property
    def name(self) -> str:
        """The game's name: its settings' ``name`` and its spec's."""
        return self.spec.name

    @property
    def state(self) -> type[GameState]:
        """The game's state class."""
        return self.game.state_class

    @property
    def rule_bot_class(self) -> type:
        """The game's rule-of-thumb bot (for the bots' layer and above)."""
        return _resolve(self.rule_bot)

    @property
    def search_bot_class(self) -> type | None:
        """The game's own search bot, or None when the generic search bot plays it."""
        return None if self.search_bot is None else _resolve(self.search_bot)

    @property
    def table_class(self) -> type:
        """The game's interactive table (for the widgets' layer only: it imports ipywidgets)."""
        return _resolve(self.table)

    @property
    def drill_makers(self) -> tuple[Any, ...]:
        """The game's kinds of drill (for the drills' layer and above; none: ``()``)."""
        return () if self.drills is None else tuple(_resolve(self.drills))

    @property
    def stored_runs(self) -> Mapping[str, Any]:
        """The game's stored seeded runs by name (for the analysis layer and above; none: empty)."""
        return MappingProxyType({} if self.runs is None else dict(_resolve(self.runs)))

    def exact_judge(self, kind: str) -> Callable[..., Any] | None:
        """The coach's exact judge of an action of ``kind`` (the spec's ``judges``), else
        the game's own judge of every decision (its ``judge``), else None (for the coach's
        layer and above)."""
        path = self.spec.judges.get(kind) or self.spec.judge
        return None if path is None else _resolve(path)

    def exact_hint(self, kind: str) -> Callable[..., Any] | None:
        """The exact hint for a choice among actions of ``kind`` (the spec's ``hints``), or
        None (for the sessions' layer and above)."""
        path = self.spec.hints.get(kind)
        return None if path is None else _resolve(path)


_GAMES: dict[str, GameEntry] = {}
#: Every game of cardlab, by the name its settings class declares (``Game.name``), in the
#: order they were registered: a read-only view (:func:`register` adds a game).
GAMES: Mapping[str, GameEntry] = MappingProxyType(_GAMES)


def register(entry: GameEntry) -> GameEntry:
    """Add a game to :data:`GAMES` (its module calls this once, at its end) and return its
    entry. The settings' ``name``, the spec's and the state class must agree, and the
    name must be new; a ValueError says what does not fit.

    >>> register(GAMES["kontrabluff"])
    Traceback (most recent call last):
    ...
    ValueError: a game named 'kontrabluff' is registered already
    """
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register takes a GameEntry, got {type(entry).__name__}")
    name = entry.spec.name
    if not (isinstance(entry.game, type) and issubclass(entry.game, Game)) or entry.game.name != name:
        raise ValueError(f"the settings class of game {name!r} must be a Game whose name is {name!r}")
    state = getattr(entry.game, "state_class", None)
    if not (isinstance(state, type) and issubclass(state, GameState)):
        raise ValueError(f"{entry.game.__name__}.state_class must be the game's GameState class")
    if name in _GAMES:
        raise ValueError(f"a game named {name!r} is registered already")
    _GAMES[name] = entry
    return entry


def unregister(name: str, *, forget: bool = False) -> GameEntry:
    """Take the game ``name`` out of :data:`GAMES` and return its entry: for a test that
    registers a game of its own and leaves the registry as it found it. Its words and its
    kinds of event and refusal stay registered under its name, unused, so that the same
    entry may be registered again; ``forget=True`` forgets them too
    (:func:`cardlab.words.forget_words`, :func:`cardlab.records.forget_kinds`): a test's
    game then leaves no trace (a book of rules it added is :func:`cardlab.rules.remove_book`'s).
    A KeyError for a game not registered.

    >>> entry = unregister("fight_for_the_lead")  # the last registered, so the order stays
    >>> game_entry(entry.game(players=3))
    Traceback (most recent call last):
    ...
    ValueError: no game named FightForTheLead(players=3, ...) in cardlab.games.GAMES; the games are kontrabluff, draw_poker, parallel_poker
    >>> register(entry) is entry, list(GAMES)[-1]
    (True, 'fight_for_the_lead')
    """
    entry = _GAMES.pop(name)
    if forget:
        forget_words(name)
        forget_kinds(name)
    return entry


def game_entry(game: str | Game | type[Game] | Any) -> GameEntry:
    """The entry of a game given by its name, its settings or its settings class.

    Anything else, or a game not in :data:`GAMES`, raises a ValueError naming it.

    >>> from cardlab.games.draw_poker import DrawPoker
    >>> game_entry("draw_poker").game is DrawPoker and game_entry(DrawPoker).name
    'draw_poker'
    """
    if isinstance(game, str):
        entry = GAMES.get(game)
    elif isinstance(game, type) and issubclass(game, Game):
        entry = GAMES.get(game.name)
        entry = entry if entry is not None and entry.game is game else None
    elif isinstance(game, Game):
        entry = GAMES.get(type(game).name)
        entry = entry if entry is not None and isinstance(game, entry.game) else None
    else:
        entry = None
    if entry is None:
        raise ValueError(f"no game named {game!r} in cardlab.games.GAMES; the games are {', '.join(GAMES)}")
    return entry


class _ByGame(Mapping[str, T]):
    """A live, read-only table of one fact per registered game (see :func:`by_game`)."""

    __slots__ = ("_fact", "_made")

    def __init__(self, fact: Callable[[GameEntry], T]):
        self._fact = fact
        self._made: dict[str, tuple[GameEntry, T]] = {}

    def __getitem__(self, name: str) -> T:
        entry = _GAMES[name]  # KeyError for a game not registered
        made = self._made.get(name)
        if made is None or made[0] is not entry:
            made = self._made[name] = (entry, self._fact(entry))
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter(_GAMES)

    def __len__(self) -> int:
        return len(_GAMES)

    def __repr__(self) -> str:
        return f"by_game({dict(self)!r})"


def by_game(fact: Callable[[GameEntry], T]) -> Mapping[str, T]:
    """A read-only table of ``fact(entry)`` for every game of :data:`GAMES`, by name, that
    follows the registry: a game registered later is in it too. Each fact is made once,
    when first read.

    >>> players = by_game(lambda entry: entry.spec.players)
    >>> players["fight_for_the_lead"], list(players) == list(GAMES)
    ((2, 5), True)
    """
    return _ByGame(fact)
