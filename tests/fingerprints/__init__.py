"""Fingerprints of seeded games: proof that a refactor changed no game.

Each game setting below is played from many seeds by seeded bots; every game is
reduced to two SHA-256 digests, kept per seed in ``<game>.json`` beside this file:

- ``play``: what happened and where it ended, independent of wording: every history
  event's record (kind, fields, seat, action, rule id and who may see it, as
  ``Event.to_json`` saves it); the actions; the final returns, points, chips and every
  card's place.
- ``words``: the same games in words (:mod:`cardlab.words`): every event's sentence and
  each seat's log.

A rule change (a game plays differently) regenerates ``play``; a wording change
regenerates only ``words``. Either is done in a commit of its own that says why::

    python -m tests.fingerprints            # rewrite every file
    python -m tests.fingerprints kontrabluff

The random chooser picks by index from the legal actions *sorted by their text*, so a
change in the order in which a game lists its actions (or in how a view samples)
does not change the games; only where a view is too large to list (parallel poker's
arrangements, PP-2) does it use the view's own ``sample``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.bots import RuleBot, SearchBot
from cardlab.engine import Action, Game, GameState, Observation, Zone
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.words import describe

HERE = Path(__file__).parent
LISTED_AT_MOST = 5_000  # larger views are sampled, not listed
MAX_ACTIONS = 200_000


class SortedRandomBot:
    """A uniform random choice among the legal actions sorted by their text (seeded)."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) > LISTED_AT_MOST:
            return legal.sample(self.rng)
        actions = sorted(legal, key=_sort_key)
        return actions[int(self.rng.integers(len(actions)))]


_SHORT: dict[Any, str] = {}


def _sort_key(action: Action) -> tuple:
    """An action's place in a canonical order: kind, cards as text, amount."""
    cards = []
    for card in action.cards:
        short = _SHORT.get(card)
        if short is None:
            short = _SHORT[card] = card.short
        cards.append(short)
    return action.kind, cards, action.amount or 0


@dataclass(frozen=True)
class Setting:
    """One game setting played from ``seeds`` seeds by one kind of bot."""

    label: str
    game: Game
    bot: str  # "random", "rule" or "search"
    seeds: int


def _bot(kind: str, seed: int) -> Callable[[Observation], Action]:
    if kind == "random":
        return SortedRandomBot(seed)
    if kind == "rule":
        return RuleBot(seed)
    if kind == "search":
        return SearchBot(seed, samples=4)
    raise ValueError(kind)


SETTINGS: dict[str, tuple[Setting, ...]] = {
    "kontrabluff": (
        Setting("random, to 100", Kontrabluff(target=100), "random", 300),
        Setting("random, to 300", Kontrabluff(), "random", 40),
        Setting("rule, to 300", Kontrabluff(), "rule", 30),
        Setting("search, to 120", Kontrabluff(target=120), "search", 3),
    ),
    "draw_poker": (
        Setting("random, 5 players, 52 cards, 15 hands", DrawPoker(hands=15), "random", 300),
        Setting("random, 3 players, 32 cards, no HR-5, 10 hands",
                DrawPoker(players=3, deck_size=32, ace_low=False, hands=10), "random", 100),
        Setting("random, 2 players, 20 cards, small stacks",
                DrawPoker(players=2, deck_size=20, stack=12, max_bet=4), "random", 100),
        Setting("rule, 4 players, 36 cards, 10 hands", DrawPoker(players=4, deck_size=36, hands=10), "rule", 30),
        Setting("search, 3 players, 2 hands", DrawPoker(players=3, hands=2), "search", 3),
    ),
    "parallel_poker": (
        Setting("random, traditional", ParallelPoker(), "random", 300),
        Setting("random, 32-card order, no HR-5, 2 games",
                ParallelPoker(hierarchy="32-card", ace_low=False, games=2), "random", 100),
        Setting("rule", ParallelPoker(), "rule", 20),
        Setting("search", ParallelPoker(), "search", 2),
    ),
    "fight_for_the_lead": (
        Setting("random, 4 players", FightForTheLead(), "random", 300),
        Setting("random, 2 players, free exchange", FightForTheLead(players=2, exchange_fee=0), "random", 100),
        Setting("random, 5 players, small stacks", FightForTheLead(players=5, stack=30, games=20), "random", 100),
        Setting("random, 3 players", FightForTheLead(players=3, ante=2, games=6), "random", 100),
        Setting("rule, 4 players", FightForTheLead(), "rule", 30),
        Setting("search, 3 players, 3 games", FightForTheLead(players=3, games=3), "search", 3),
    ),
}


def play(setting: Setting, seed: int) -> GameState:
    """Play one game of ``setting`` from ``seed`` to its end, a bot per seat."""
    state = setting.game.new_state(seed=seed)
    bots = [_bot(setting.bot, seed * 10 + seat) for seat in range(setting.game.num_players)]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return state
        seat = state.current_player
        state.apply_for(seat, bots[seat](state.observation(seat)))
    raise AssertionError(f"{setting.label}, seed {seed}: no end after {MAX_ACTIONS} actions")


def _action(action: Action | None) -> Any:
    return None if action is None else [action.kind, [c.short for c in action.cards], action.amount]


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, separators=(",", ":")).encode()).hexdigest()


def digests(state: GameState) -> dict[str, str]:
    """The ``play`` and ``words`` digests of a finished game (see the module docstring)."""
    history = state.history
    places: dict[str, list[str]] = {}
    for zone in state.zones():
        places.setdefault(stored_key(state.game.name, zone), []).extend(c.short for c in zone.cards)
    places = {key: sorted(cards) for key, cards in places.items()}
    play_part = {
        "events": [e.to_json() for e in history],
        "actions": [[seat, _action(action)] for seat, action in state.actions],
        "returns": [float(r) for r in state.returns()],
        "points": [float(p) for p in state.points],
        "chips": state.chips(),
        "places": sorted(places.items()),
    }
    words_part = {
        "texts": [describe(e, state.game.num_players) for e in history],
        "logs": [list(state.log_for(seat)) for seat in range(state.game.num_players)],
    }
    return {"play": _digest(play_part), "words": _digest(words_part)}


#: The names of a two-seat game's seats the stored digests were made with (in English).
_TWO_SEATS = ("South", "North")
#: Where a zone's cards were filed under ``card_locations()``, the words-keyed places that
#: ``zones()`` replaced (issue 35), by game and (kind, has an owner): the stored digests
#: hash the places by those keys, so they are kept here only (``{seat}`` a seat number,
#: ``{name}`` its English name; zones of one key are put together).
_STORED_KEYS = {
    "kontrabluff": {("hand", True): "{name} hand", ("row", True): "{name} row", ("low", True): "{name} low",
                    ("stock", False): "talon", ("discard", False): "discard"},
    "draw_poker": {("hand", True): "hand {seat}", ("discard", True): "discards {seat}", ("stock", False): "stock",
                   ("muck", False): "muck"},
    "parallel_poker": {("laid_out", True): "{name}'s deck: laid out", ("hand", True): "{name}'s hand",
                       ("packet", True): "{name}'s packets"},
    "fight_for_the_lead": {("hand", True): "hand {seat}", ("fight", True): "fight {seat}",
                           ("discard", True): "given up {seat}", ("stock", False): "stock", ("turned", False): "turned",
                           ("discard", False): "fight discard", ("trick", False): "trick",
                           ("tricks", True): "tricks taken"},
}


def stored_key(game_name: str, zone: Zone) -> str:
    """The key under which the stored digests hold ``zone``'s cards.

    >>> stored_key("parallel_poker", Zone("packet", 1, 3)), stored_key("fight_for_the_lead", Zone("tricks", 2))
    ("North's packets", 'tricks taken')
    """
    template = _STORED_KEYS[game_name][zone.kind, zone.owner is not None]
    return template.format(seat=zone.owner, name=_TWO_SEATS[zone.owner] if "{name}" in template else "")


def fingerprint(game_name: str) -> dict[str, dict[str, dict[str, str]]]:
    """Every setting of ``game_name``: seed -> its two digests."""
    return {
        setting.label: {str(seed): digests(play(setting, seed)) for seed in range(setting.seeds)}
        for setting in SETTINGS[game_name]
    }


def path(game_name: str) -> Path:
    return HERE / f"{game_name}.json"


def stored(game_name: str) -> dict[str, dict[str, dict[str, str]]]:
    return json.loads(path(game_name).read_text())
