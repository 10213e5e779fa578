"""Refusals in words (issue 35): one whole template per kind of refusal, said in any language.

A refusal is data (:class:`~cardlab.records.Refusal`: its kind, the rule that refuses, typed
values); this module says it, as :mod:`cardlab.words` says an event: the kind's template,
with named placeholders, in the current language, a seat by its name in that language, a
card in its letters, a count with its plural. The engine's and the tables' templates are
here; each game's are in its words module (``cardlab/words/<game>.py``), registered with
:func:`refusals`. :class:`cardlab.engine.IllegalActionError` says its refusal with
:func:`refusal_line`.

>>> from cardlab.engine import NOT_YOUR_TURN
>>> refusal = NOT_YOUR_TURN(1, 0, players=2)
>>> refusal_line(refusal)
"EN-1: it is North's turn, not South's"
>>> from cardlab.words import language
>>> with language("pl"):
...     refusal_text(refusal)
'teraz kolej gracza Północ, nie gracza Południe'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.words import Template, say

__all__ = ["REFUSALS", "refusals", "refusal_text", "refusal_line"]

#: Every kind of refusal's template, by game ("engine", "table", a game's name), then kind name.
REFUSALS: dict[str, dict[str, Template]] = {}


def refusals(game: str, table: Mapping[str, Template]) -> dict[str, Template]:
    """Register ``game``'s refusal templates (its words module calls this once)."""
    REFUSALS[game] = dict(table)
    return REFUSALS[game]


def refusal_text(refusal: Any) -> str:
    """The sentence of ``refusal`` (a :class:`~cardlab.records.Refusal`) in the current
    language, without its rule id."""
    kind = refusal.kind
    return say(REFUSALS[kind.game][kind.name], kind, refusal.values, refusal.players)


def refusal_line(refusal: Any) -> str:
    """``refusal`` as an error says it: its rule id, then its sentence ('KB-4: ...')."""
    return f"{refusal.rule}: {refusal_text(refusal)}"


#: The prefix of every refusal of a saved game (EN-5), kept whole in each template.
_LOAD = "cannot load a {game} state from JSON: "

# The engine's refusals (EN-1 .. EN-6), declared in cardlab.engine.errors and cardlab.engine.saving.
refusals("engine", {
    "not_your_turn": "it is {current}'s turn, not {seat}'s",  # EN-1
    "game_over": "the game is over: no move can be played",  # EN-2
    "not_an_action": "action must be a cardlab Action, got {value}",  # EN-3
    "not_legal": "{seat} may not make this move now",  # EN-3
    "not_a_seat": "{argument} must be a seat 0..{last}, got {value}",  # EN-4
    "setting_range": "{setting} must be a whole number {low}..{high}, got {value}",  # EN-6
    "setting_at_least": "{setting} must be a whole number of at least {low}, got {value}",  # EN-6
    "setting_bool": "{setting} must be True or False, got {value}",
    "bad_seed": "seed must be a whole number 0..2**128-1, got {value}",  # EN-6
    # EN-5: a saved game
    "load_too_big": _LOAD + "it holds more than the {limit} bytes a saved game may hold",
    "load_not_utf8": _LOAD + "it is not UTF-8 text ({error})",
    "load_not_text": _LOAD + "expected the text of a saved game, got {type}",
    "load_too_deep": _LOAD + "it nests {depth} levels deep; a saved game nests at most {limit}",
    "load_too_many_lists": _LOAD + "it holds {lists} lists, more than a saved game of at most {limit} actions could hold",
    "load_not_json": _LOAD + "it is not JSON ({error})",
    "load_not_object": _LOAD + "the top level is not an object",
    "load_other_game": _LOAD + "it holds a game of {saved}",
    "load_no_format": _LOAD + "it has no format field (a saved game begins with \"format\": \"{format}\")",
    "load_unknown_format": _LOAD + "its format {saved} is not one this cardlab reads ({format})",
    "load_unknown_field": _LOAD + "unknown field {field} (a saved game holds format, game, settings, seed, dealer, "
                                  "deck and actions)",
    "load_missing_field": _LOAD + "the field {field} is missing",
    "load_other_settings": _LOAD + "its settings {saved} differ from this game's {settings}",
    "load_bad_seed": _LOAD + "seed must be a whole number 0..2**128-1, got {value}",
    "load_bad_dealer": _LOAD + "dealer must be null or a seat 0..{last}, got {value}",
    "load_bad_deck": _LOAD + "deck must be null or a list of card codes, got {value}",
    "load_deck_refused": _LOAD + "deck: {error}",
    "load_actions_not_list": _LOAD + "actions must be a list, got {value}",
    "load_too_many_actions": _LOAD + "it holds {actions} actions, more than the {limit} a saved game may hold",
    "load_bad_entry": _LOAD + "action {number} must be {shape}, got {value}",
    "load_bad_entry_seat": _LOAD + "action {number}: the seat must be 0..{last}, got {value}",
    "load_bad_action": _LOAD + "action {number}: {error}",
    "load_setup_refused": _LOAD + "{reason}",
    "load_setup_failed": _LOAD + "{error}",
    "load_illegal": _LOAD + "action {number} ({action}, seat {seat}) is illegal: {reason}",
})

# The tables' own refusals (cardlab.sessions: a click at the wrong moment).
refusals("table", {
    "result_on_screen": "the result is still on screen: click Continue first",  # EN-1
    "not_to_act": "{seat} is not to act now",  # EN-1
})
