"""Saved games: a state as JSON (seed, settings, stacked deck, actions) and back by replaying it (EN-5)."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.cards import Card, CardError, parse_cards
from cardlab.engine.errors import ReplayError
from cardlab.records import Action

if TYPE_CHECKING:
    from cardlab.chain import Chain
    from cardlab.engine.game import Game
    from cardlab.engine.state import GameState

__all__ = ["FORMAT", "MAX_JSON_BYTES", "MAX_JSON_DEPTH", "MAX_ACTIONS", "MAX_SEED", "Saving", "load_state", "deck_cards",
           "jsonable"]


#: The version written in every saved game's ``format`` field (EN-5).
FORMAT = "cardlab/1"
_SAVED_FIELDS = ("format", "game", "settings", "seed", "dealer", "deck", "actions")
#: Limits of a saved game, checked before the text is parsed or replayed (EN-5).
MAX_JSON_BYTES = 8 * 2**20
MAX_JSON_DEPTH = 8
MAX_ACTIONS = 200_000
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)  # an unclosed string runs to the end: linear time


def _nesting(text: str) -> tuple[int, int]:
    """How deep ``[`` and ``{`` nest in JSON text, and how many ``[`` it holds, brackets
    inside strings not counted (numpy over the bytes: checked before parsing, so no deep
    or overlong file reaches the parser).

    >>> _nesting('{"a": [[1], "]]"]}')
    (3, 2)
    """
    bare = np.frombuffer(_JSON_STRING.sub("", text).encode("utf-8", "surrogatepass"), dtype=np.uint8)
    steps = np.zeros(256, dtype=np.int8)
    steps[[ord("["), ord("{")]] = 1
    steps[[ord("]"), ord("}")]] = -1
    depth = np.cumsum(steps[bare], dtype=np.int32)
    return (int(depth.max()) if len(depth) else 0), int(np.count_nonzero(bare == ord("[")))


def deck_cards(cards: Any) -> tuple[Card, ...]:
    """The cards of a stacked deck (``new_state(deck=)``), read; the error names ``deck``."""
    try:
        return parse_cards(cards, allow_repeats=True)
    except CardError as error:
        raise CardError(f"deck must be the game's cards in dealing order: {error}") from None


def jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Card):
        return value.short
    if hasattr(value, "value") and not isinstance(value, (int, float, str, bool)):
        return value.value
    return value


#: Seeds are whole numbers below this (numpy's SeedSequence takes any, but a saved
#: game stays small and a typo of a thousand digits is refused).
MAX_SEED = 2**128


def load_state(game: Game, text: str | bytes) -> GameState:
    """``game``'s state saved as ``text`` by :meth:`Saving.to_json`, replayed (see
    :meth:`cardlab.engine.Game.state_from_json`, which calls this)."""
    def fail(message: str) -> ReplayError:
        return ReplayError(f"cannot load a {game.name} state from JSON: {message} (EN-5)")

    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_BYTES:
            raise fail(f"it holds {len(text)} bytes, more than the {MAX_JSON_BYTES} a saved game may hold")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise fail(f"it is not UTF-8 text ({error})") from None
    if not isinstance(text, str):
        raise fail(f"expected the text of a saved game, got {type(text).__name__}")
    if len(text) > MAX_JSON_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_JSON_BYTES:
        raise fail(f"it holds more than the {MAX_JSON_BYTES} bytes a saved game may hold")
    depth, lists = _nesting(text)
    if depth > MAX_JSON_DEPTH:
        raise fail(f"it nests {depth} levels deep; a saved game nests at most {MAX_JSON_DEPTH}")
    if lists > 3 * MAX_ACTIONS + 16:  # each action is three lists: [seat, [kind, [cards], amount]]
        raise fail(f"it holds {lists} lists, more than a saved game of at most {MAX_ACTIONS} actions could hold")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise fail(f"it is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise fail("the top level is not an object")
    if "game" in data and data["game"] != game.name:
        raise fail(f"it holds a game of {data['game']!r}, not {game.name!r}")
    if "format" not in data:
        raise fail(f"it has no format field (a saved game begins with \"format\": \"{FORMAT}\")")
    if data["format"] != FORMAT:
        raise fail(f"its format {data['format']!r} is not one this cardlab reads ({FORMAT!r})")
    unknown = sorted(map(str, set(data) - set(_SAVED_FIELDS)))
    if unknown:
        raise fail(f"unknown field {unknown[0]!r} (a saved game holds {', '.join(_SAVED_FIELDS)})")
    missing = [name for name in _SAVED_FIELDS if name not in data]
    if missing:
        raise fail(f"the field {missing[0]!r} is missing")
    if json.dumps(data["settings"], sort_keys=True) != json.dumps(game.settings(), sort_keys=True):  # exact: 4.0 is not 4
        raise fail(f"its settings {data['settings']!r} differ from this game's {game.settings()!r}")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise fail(f"seed must be a whole number 0..2**128-1, got {seed!r}")
    dealer = data["dealer"]
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < game.num_players):
        raise fail(f"dealer must be null or a seat 0..{game.num_players - 1}, got {dealer!r}")
    stacked = data["deck"]
    if stacked is not None:
        if not isinstance(stacked, list) or not all(isinstance(card, str) for card in stacked):
            raise fail(f"deck must be null or a list of card codes, got {stacked!r}")
        try:
            stacked = game.check_deck(stacked)
        except ValueError as error:
            raise fail(f"deck: {error}") from None
    saved = data["actions"]
    if not isinstance(saved, list):
        raise fail(f"actions must be a list, got {saved!r}")
    if len(saved) > MAX_ACTIONS:
        raise fail(f"it holds {len(saved)} actions, more than the {MAX_ACTIONS} a saved game may hold")
    actions = []
    for number, entry in enumerate(saved, 1):
        if not isinstance(entry, list) or len(entry) != 2:
            raise fail(f"action {number} must be [seat, [kind, [cards], amount]], got {entry!r}")
        player, parts = entry
        if type(player) is not int or not 0 <= player < game.num_players:
            raise fail(f"action {number}: the seat must be 0..{game.num_players - 1}, got {player!r}")
        try:
            actions.append((player, Action.from_list(parts)))
        except ValueError as error:
            raise fail(f"action {number}: {error}") from None
    try:
        state = game.new_state(seed=seed, dealer=dealer, deck=stacked)
    except ValueError as error:
        raise fail(str(error)) from None
    for number, (player, action) in enumerate(actions, 1):
        try:
            state.apply_for(player, action)
        except ValueError as error:
            raise fail(f"action {number} ({action}, seat {player}) is illegal: {error}") from None
    return state


class Saving:
    """Saving a state (a part of :class:`~cardlab.engine.GameState`)."""

    # What this part reads from the state (GameState's fields; tests/test_engine_fields.py checks the list).
    game: Game
    seed: int
    first_dealer: int | None
    stacked: tuple[Card, ...] | None
    actions: Chain[tuple[int, Action]]
    sampled: bool

    def to_json(self) -> str:
        """The state as JSON text; ``game.state_from_json`` replays it exactly (EN-5).

        It holds the format version, the game and its settings, the seed, the first
        dealer, the stacked deck (or null) and every action with its seat:

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> sorted(json.loads(Kontrabluff().new_state(seed=1).to_json()).items())[:4]
        [('actions', []), ('dealer', None), ('deck', None), ('format', 'cardlab/1')]
        """
        if self.sampled:
            raise ValueError("a sampled state (for search) has no history to save")
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game.name,
                "settings": self.game.settings(),
                "seed": self.seed,
                "dealer": self.first_dealer,
                "deck": None if self.stacked is None else [c.short for c in self.stacked],
                "actions": [[p, a.to_list()] for p, a in self.actions],
            }
        )
