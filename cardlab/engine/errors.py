"""The engine's refusals: errors that carry a refusal record, and the checks of seats and settings (EN-1 .. EN-6).

Every refusal is data (:class:`~cardlab.records.Refusal`: a kind declared once, the rule
that refuses, typed values: seats as numbers, cards, chips); an error carries one, and
its message is said by :mod:`cardlab.words` in the current language when it is read
(``str(error)``: the rule id, then the sentence). Nothing here makes a sentence.

>>> error = IllegalActionError(NOT_YOUR_TURN(1, 0, players=2))
>>> error.rule, error.kind, error.values
('EN-1', 'not_your_turn', {'current': 1, 'seat': 0})
>>> str(error)
"EN-1: it is North's turn, not South's"
>>> from cardlab.words import language
>>> with language("sv"):
...     str(error)
'EN-1: det är Nords tur, inte Syds'
"""

from __future__ import annotations

import numpy as np

from cardlab.records import NUMBER, SEAT, TEXT, Refusal, RefusalKind
from cardlab.words.refusals import refusal_line

__all__ = ["RefusalError", "IllegalActionError", "SeatError", "SettingsError", "ReplayError", "as_seat",
           "whole_setting", "truth_setting", "NOT_YOUR_TURN", "GAME_OVER", "NOT_AN_ACTION", "NOT_LEGAL", "NOT_A_SEAT",
           "SETTING_RANGE", "SETTING_AT_LEAST", "SETTING_BOOL", "BAD_SEED"]

# -- the engine's kinds of refusal (their words: cardlab/words/refusals.py) ------------------------
NOT_YOUR_TURN = RefusalKind("engine", "not_your_turn", "EN-1", current=SEAT, seat=SEAT)
GAME_OVER = RefusalKind("engine", "game_over", "EN-2")
NOT_AN_ACTION = RefusalKind("engine", "not_an_action", "EN-3", value=TEXT)
NOT_LEGAL = RefusalKind("engine", "not_legal", "EN-3", seat=SEAT)
NOT_A_SEAT = RefusalKind("engine", "not_a_seat", "EN-4", argument=TEXT, last=NUMBER, value=TEXT)
SETTING_RANGE = RefusalKind("engine", "setting_range", "EN-6", setting=TEXT, low=NUMBER, high=NUMBER, value=TEXT)
SETTING_AT_LEAST = RefusalKind("engine", "setting_at_least", "EN-6", setting=TEXT, low=NUMBER, value=TEXT)
SETTING_BOOL = RefusalKind("engine", "setting_bool", "EN-6", setting=TEXT, value=TEXT)
BAD_SEED = RefusalKind("engine", "bad_seed", "EN-6", value=TEXT)


class RefusalError(ValueError):
    """A ValueError that carries a :class:`~cardlab.records.Refusal`: ``rule``, ``kind``
    (the kind's name) and ``values`` (by field name) read it; its message is the words
    layer's, in the current language. Pickles with its record (process pools, Dask)."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal)
        self.refusal = refusal

    @property
    def rule(self) -> str:
        return self.refusal.rule

    @property
    def kind(self) -> str:
        return self.refusal.kind.name

    @property
    def values(self) -> dict[str, object]:
        return self.refusal.fields

    def __str__(self) -> str:
        return refusal_line(self.refusal)


class IllegalActionError(RefusalError):
    """An action the rules do not allow now; the message names the rule id.

    The state it was applied to is unchanged.
    """


class SeatError(IllegalActionError):
    """EN-4: a seat argument that is not a seat of the game; the message names the argument.

    >>> as_seat(1.0, 4)
    Traceback (most recent call last):
    ...
    cardlab.engine.SeatError: EN-4: player must be a seat 0..3, got 1.0
    """

    @property
    def argument(self) -> str:
        """The name of the argument refused ('player', 'dealer')."""
        return self.refusal["argument"]


class SettingsError(RefusalError):
    """Game settings that the rules do not allow (checked at construction, EN-6 or the
    rule that bounds the setting)."""


class ReplayError(RefusalError):
    """EN-5: a saved game that cannot be loaded; the message names the field or the
    action number that is wrong."""


def as_seat(value: object, players: int, argument: str = "player") -> int:
    """``value`` as a seat 0..players-1 (EN-4): an exact int (numpy integers become
    ints); bools, floats, strings and seats out of range raise :class:`SeatError`.

    >>> as_seat(np.int64(1), 2), type(as_seat(np.int64(1), 2))
    (1, <class 'int'>)
    >>> as_seat(True, 2)
    Traceback (most recent call last):
    ...
    cardlab.engine.SeatError: EN-4: player must be a seat 0..1, got True
    """
    if type(value) is int or (isinstance(value, np.integer) and not isinstance(value, bool)):
        if 0 <= value < players:
            return int(value)
    raise SeatError(NOT_A_SEAT(argument, players - 1, repr(value), players=players))


def whole_setting(name: str, value: object, low: int, high: int | None = None, rule: str = "EN-6") -> int:
    """A whole-number setting checked at construction (EN-6): an exact int (numpy
    integers become ints, bools are refused) from ``low`` to ``high``; the error names
    the setting, the value and the range (and ``rule``, where a game's rule bounds it).

    >>> whole_setting("ante", np.int64(2), 1)
    2
    >>> whole_setting("players", 2.0, 2, 8)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: EN-6: players must be a whole number 2..8, got 2.0
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low or (high is not None and value > high):
        if high is None:
            raise SettingsError(SETTING_AT_LEAST(name, low, repr(value), rule=rule))
        raise SettingsError(SETTING_RANGE(name, low, high, repr(value), rule=rule))
    return int(value)


def truth_setting(name: str, value: object, rule: str = "EN-6") -> bool:
    """A setting that is True or False (exactly: a bool), checked at construction.

    >>> truth_setting("ace_low", "yes", rule="HR-5")
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: HR-5: ace_low must be True or False, got 'yes'
    """
    if not isinstance(value, bool):
        raise SettingsError(SETTING_BOOL(name, repr(value), rule=rule))
    return value


for _error in (RefusalError, IllegalActionError, SeatError, SettingsError, ReplayError):
    _error.__module__ = "cardlab.engine"  # their public home: tracebacks and reprs name cardlab.engine.SeatError
