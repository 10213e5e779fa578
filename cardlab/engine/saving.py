"""Saved games: a state as JSON (seed, settings, stacked deck, actions) and back by replaying it (EN-5)."""

from __future__ import annotations

import functools
import json
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.cards import Card, CardError, parse_cards
from cardlab.engine.errors import RefusalError, ReplayError
from cardlab.records import ACTION, COUNT, NUMBER, REFUSAL, TEXT, Action, RefusalKind

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


# -- the refusals of a saved game (EN-5; their words: cardlab/words/refusals.py) -----------------
_load = functools.partial(RefusalKind, "engine")
LOAD_TOO_BIG = _load("load_too_big", "EN-5", game=TEXT, limit=COUNT)
LOAD_NOT_UTF8 = _load("load_not_utf8", "EN-5", game=TEXT, error=TEXT)
LOAD_NOT_TEXT = _load("load_not_text", "EN-5", game=TEXT, type=TEXT)
LOAD_TOO_DEEP = _load("load_too_deep", "EN-5", game=TEXT, depth=COUNT, limit=COUNT)
LOAD_TOO_MANY_LISTS = _load("load_too_many_lists", "EN-5", game=TEXT, lists=COUNT, limit=COUNT)
LOAD_NOT_JSON = _load("load_not_json", "EN-5", game=TEXT, error=TEXT)
LOAD_NOT_OBJECT = _load("load_not_object", "EN-5", game=TEXT)
LOAD_OTHER_GAME = _load("load_other_game", "EN-5", game=TEXT, saved=TEXT)
LOAD_NO_FORMAT = _load("load_no_format", "EN-5", game=TEXT, format=TEXT)
LOAD_UNKNOWN_FORMAT = _load("load_unknown_format", "EN-5", game=TEXT, saved=TEXT, format=TEXT)
LOAD_UNKNOWN_FIELD = _load("load_unknown_field", "EN-5", game=TEXT, field=TEXT)
LOAD_MISSING_FIELD = _load("load_missing_field", "EN-5", game=TEXT, field=TEXT)
LOAD_OTHER_SETTINGS = _load("load_other_settings", "EN-5", game=TEXT, saved=TEXT, settings=TEXT)
LOAD_BAD_SEED = _load("load_bad_seed", "EN-5", game=TEXT, value=TEXT)
LOAD_BAD_DEALER = _load("load_bad_dealer", "EN-5", game=TEXT, last=NUMBER, value=TEXT)
LOAD_BAD_DECK = _load("load_bad_deck", "EN-5", game=TEXT, value=TEXT)
LOAD_DECK_REFUSED = _load("load_deck_refused", "EN-5", game=TEXT, error=TEXT)
LOAD_ACTIONS_NOT_LIST = _load("load_actions_not_list", "EN-5", game=TEXT, value=TEXT)
LOAD_TOO_MANY_ACTIONS = _load("load_too_many_actions", "EN-5", game=TEXT, actions=COUNT, limit=COUNT)
#: How a saved action is written (a refusal shows it as it is: code, not words).
ENTRY_SHAPE = "[seat, [kind, [cards], amount]]"
LOAD_BAD_ENTRY = _load("load_bad_entry", "EN-5", game=TEXT, number=NUMBER, shape=TEXT, value=TEXT)
LOAD_BAD_ENTRY_SEAT = _load("load_bad_entry_seat", "EN-5", game=TEXT, number=NUMBER, last=NUMBER, value=TEXT)
LOAD_BAD_ACTION = _load("load_bad_action", "EN-5", game=TEXT, number=NUMBER, error=TEXT)
LOAD_SETUP_REFUSED = _load("load_setup_refused", "EN-5", game=TEXT, reason=REFUSAL)
LOAD_SETUP_FAILED = _load("load_setup_failed", "EN-5", game=TEXT, error=TEXT)
LOAD_ILLEGAL = _load("load_illegal", "EN-5", game=TEXT, number=NUMBER, action=ACTION, seat=NUMBER, reason=REFUSAL)


def load_state(game: Game, text: str | bytes) -> GameState:
    """``game``'s state saved as ``text`` by :meth:`Saving.to_json`, replayed (see
    :meth:`cardlab.engine.Game.state_from_json`, which calls this). (The texts a refusal
    carries, ``error``, are the messages of the JSON parser and of cardlab's cards module;
    the values, ``repr`` s of what the file holds.)"""
    def fail(kind: RefusalKind, *values: object) -> ReplayError:
        return ReplayError(kind(game.name, *values, players=game.num_players))

    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_BYTES:
            raise fail(LOAD_TOO_BIG, MAX_JSON_BYTES)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise fail(LOAD_NOT_UTF8, str(error)) from None
    if not isinstance(text, str):
        raise fail(LOAD_NOT_TEXT, type(text).__name__)
    if len(text) > MAX_JSON_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_JSON_BYTES:
        raise fail(LOAD_TOO_BIG, MAX_JSON_BYTES)
    depth, lists = _nesting(text)
    if depth > MAX_JSON_DEPTH:
        raise fail(LOAD_TOO_DEEP, depth, MAX_JSON_DEPTH)
    if lists > 3 * MAX_ACTIONS + 16:  # each action is three lists: [seat, [kind, [cards], amount]]
        raise fail(LOAD_TOO_MANY_LISTS, lists, MAX_ACTIONS)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise fail(LOAD_NOT_JSON, str(error)) from None
    if not isinstance(data, dict):
        raise fail(LOAD_NOT_OBJECT)
    if "game" in data and data["game"] != game.name:
        raise fail(LOAD_OTHER_GAME, repr(data["game"]))
    if "format" not in data:
        raise fail(LOAD_NO_FORMAT, FORMAT)
    if data["format"] != FORMAT:
        raise fail(LOAD_UNKNOWN_FORMAT, repr(data["format"]), repr(FORMAT))
    unknown = sorted(map(str, set(data) - set(_SAVED_FIELDS)))
    if unknown:
        raise fail(LOAD_UNKNOWN_FIELD, repr(unknown[0]))
    missing = [name for name in _SAVED_FIELDS if name not in data]
    if missing:
        raise fail(LOAD_MISSING_FIELD, repr(missing[0]))
    if json.dumps(data["settings"], sort_keys=True) != json.dumps(game.settings(), sort_keys=True):  # exact: 4.0 is not 4
        raise fail(LOAD_OTHER_SETTINGS, repr(data["settings"]), repr(game.settings()))
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise fail(LOAD_BAD_SEED, repr(seed))
    dealer = data["dealer"]
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < game.num_players):
        raise fail(LOAD_BAD_DEALER, game.num_players - 1, repr(dealer))
    stacked = data["deck"]
    if stacked is not None:
        if not isinstance(stacked, list) or not all(isinstance(card, str) for card in stacked):
            raise fail(LOAD_BAD_DECK, repr(stacked))
        try:
            stacked = game.check_deck(stacked)
        except ValueError as error:
            raise fail(LOAD_DECK_REFUSED, str(error)) from None
    saved = data["actions"]
    if not isinstance(saved, list):
        raise fail(LOAD_ACTIONS_NOT_LIST, repr(saved))
    if len(saved) > MAX_ACTIONS:
        raise fail(LOAD_TOO_MANY_ACTIONS, len(saved), MAX_ACTIONS)
    actions = []
    for number, entry in enumerate(saved, 1):
        if not isinstance(entry, list) or len(entry) != 2:
            raise fail(LOAD_BAD_ENTRY, number, ENTRY_SHAPE, repr(entry))
        player, parts = entry
        if type(player) is not int or not 0 <= player < game.num_players:
            raise fail(LOAD_BAD_ENTRY_SEAT, number, game.num_players - 1, repr(player))
        try:
            actions.append((player, Action.from_list(parts)))
        except ValueError as error:
            raise fail(LOAD_BAD_ACTION, number, str(error)) from None
    try:
        state = game.new_state(seed=seed, dealer=dealer, deck=stacked)
    except RefusalError as error:
        raise fail(LOAD_SETUP_REFUSED, error.refusal) from None
    except ValueError as error:
        raise fail(LOAD_SETUP_FAILED, str(error)) from None
    for number, (player, action) in enumerate(actions, 1):
        try:
            state.apply_for(player, action)
        except RefusalError as error:
            raise fail(LOAD_ILLEGAL, number, action, player, error.refusal) from None
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
