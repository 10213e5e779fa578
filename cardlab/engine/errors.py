"""The engine's refusals: errors that name the rule, and the checks of seats and settings (EN-3 .. EN-6)."""

from __future__ import annotations

import numpy as np

__all__ = ["IllegalActionError", "SeatError", "SettingsError", "ReplayError", "as_seat", "whole_setting"]


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule id.

    The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class SeatError(IllegalActionError):
    """EN-4: a seat argument that is not a seat of the game; the message names the argument.

    >>> as_seat(1.0, 4)
    Traceback (most recent call last):
    ...
    cardlab.engine.SeatError: EN-4: player must be a seat 0..3, got 1.0
    """

    def __init__(self, argument: str, value: object, players: int):
        super().__init__("EN-4", f"{argument} must be a seat 0..{players - 1}, got {value!r}")
        self.argument = argument


class SettingsError(ValueError):
    """Game settings that the rules do not allow (checked at construction)."""


class ReplayError(ValueError):
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
    raise SeatError(argument, value, players)


def whole_setting(name: str, value: object, low: int, high: int | None = None, rule: str = "EN-6") -> int:
    """A whole-number setting checked at construction (EN-6): an exact int (numpy
    integers become ints, bools are refused) from ``low`` to ``high``; the error names
    the setting, the value and the range.

    >>> whole_setting("ante", np.int64(2), 1)
    2
    >>> whole_setting("players", 2.0, 2, 8)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: EN-6: players must be a whole number 2..8, got 2.0
    """
    span = f"{low}..{high}" if high is not None else f"of at least {low}"
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low or (high is not None and value > high):
        raise SettingsError(f"{rule}: {name} must be a whole number {span}, got {value!r}")
    return int(value)


for _error in (IllegalActionError, SeatError, SettingsError, ReplayError):
    _error.__module__ = "cardlab.engine"  # their public home: tracebacks and reprs name cardlab.engine.SeatError
