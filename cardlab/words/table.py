"""The table's own sentences: what a session tells the person at the screen.

A session says things as data (:class:`~cardlab.sessions.Notice`: a name and its
values); this module holds one whole sentence per name, with named placeholders, so a
translator can reorder it. The view shows :func:`notice_text`; nothing else writes them.

>>> notice_text("undone", {"seat": 1}, players=2)
"Undone: North's last move and what followed."
>>> notice_text("undo_turned_up", {}, players=2)
'Undo cannot go back: cards were turned up since your last move (a result, a trick or a card shown).'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardlab.words import (CLICKS, DOMAIN, HEADLINES, LANGUAGE_NAMES, LOCALE_DIR, TEMPLATES, VERBS, YOU_HEADLINES,
                           YOU_TEMPLATES, Each, Lists, Plural, Template, current_language, hand_text, names_text,
                           seat_names, translate)
from cardlab.words.howto import HOW_TO_PLAY
from cardlab.words.refusals import REFUSALS, refusal_line

__all__ = ["NOTICES", "notice_text", "TABLE_TEXT", "table_text", "refusal_text", "beats_text", "untranslated_note",
           "forget_untranslated"]

#: Each notice a session gives, by name: a whole sentence with named placeholders.
NOTICES: dict[str, str | Plural] = {
    "new_game": "A new game: the cards are dealt.",
    "undone": "Undone: {seat}'s last move and what followed.",
    "undone_room": "Undone: your last move and what the computers did after it.",
    "undo_nothing": "Nothing to undo yet: you have not moved.",
    "undo_turned_up": "Undo cannot go back: cards were turned up since your last move (a result, a trick or a card shown).",
    "undo_replaying": "Leave the replay to play on.",
    "undo_off": "Undo is off at this table.",
    "undo_others_moved": "Undo cannot go back: another player has moved since.",
    "taken_back": "A move was taken back at this table.",
    "replay": Plural("Replay: move the slider through the {actions} move.",
                     "Replay: move the slider through the {actions} moves.", "actions"),
    "room_joined": "You play {seat}. Moves by the others appear here as they are made.",
    "paused": "The teacher has paused this table. Wait for them to resume it.",
    "closed": "The teacher has ended this table. Thank you for playing.",
    "refused": "{text}",
    # A room's refusals (cardlab.rooms: RoomError.said).
    "undo_none": "Undo cannot go back: you have not moved yet.",
    "undo_shown": "Undo cannot go back: cards were shown since your move, so it stands.",
    "room_paused": "The teacher has paused this table.",
    "room_closed": "This table is closed.",
    "seat_taken": "This seat is now open in another window; play there.",
    "stale_taken_back": "A move was taken back before your choice arrived. Look again and choose.",
    "stale_moved": "The table moved on before your choice arrived. Look again and choose.",
    "link_refused": "This link does not open a seat: ask your teacher for your own link.",
    # the classroom's store could not be reached for a moment (cardlab.rooms: StoreUnavailable, Reconnecting)
    "store_reconnecting": "The connection to the classroom's store was lost for a moment; reconnecting. "
                          "Look at the table in a few seconds: if your move is not there, make it again.",
    "no_drills": "Your teacher has not chosen any drills for your class yet.",
    "code_malformed": "That is not a join code: a code has eight letters and digits, like {example}.",
    "code_unknown": "No seat has that code. Check it on your slip and type it again.",
    "code_limit": "Too many wrong codes were typed lately. Wait a few minutes and try again, or ask your teacher for your link.",
    # an error that carries no refusal record (see refusal_text), said in another language than English
    "refused_other": "This cannot be done now.",
    "failed": "Something went wrong: {text}. The details are below the table.",
    # a fault in a classroom page (its details go to the server's log, not to the student)
    "room_failed": "Something went wrong on this page. Reload it to play on: your game is kept.",
}

#: The table's fixed words (buttons, headings, the turn line).
TABLE_TEXT: dict[str, str | Plural] = {
    "your_turn": "Your turn: {prompt}.",
    "result_read": "Result: read it, then click Continue.",
    "pass_screen": "Pass the screen to {seat}.",
    "cover": "Pass the screen to {seat}. {seat} clicks here to see their cards.",
    "waiting": "Waiting for {seats} to choose.",
    "to_act": "{seat} to act.",
    "over": "The game is over.",
    "pot": Plural("Pot {pot} chip", "Pot {pot} chips", "pot"),
    "session": "Session: {target}",
    "you_are": "you are {seat}",
    "hotseat": "hot-seat: pass the screen between turns",
    "teacher": "teacher's view",
    "you_hold": Plural("You hold {n} card", "You hold {n} cards", "n"),
    "you_hold_none": "You hold no cards.",
    "standings": "Final standings",
    "seed": "This game's seed was {seed}: a table made with seed={seed} deals the same cards again, to replay or share it.",
    "wins": "{names} wins.",
    "win": "{names} win.",
    # a game whose own words no catalog holds in the page's language (a game added later, issue 35)
    "untranslated": "This game's words are not yet translated into {language}; they show in English.",
    "not_run": "Run this cell to play: the table appears here.",
    # a showdown's result: what beat what (each shown hand is drawn by its seat's name)
    "beats": "{winner}'s {hand}, beats {others}.",
    "beaten": "{seat}'s {hand}",
}


def _say(table: Mapping[str, str | Plural], name: str, values: Mapping[str, Any], players: int) -> str:
    template = table[name]
    values = dict(values)
    if "seat" in values and isinstance(values["seat"], int):
        values["seat"] = seat_names(players)[values["seat"]]
    if isinstance(template, Plural):
        template = template.text(int(values[template.n]))
    else:
        template = translate(template)
    return template.format(**values)


def notice_text(name: str, values: Mapping[str, Any], *, players: int) -> str:
    """A session's notice in words (seats given by number are named)."""
    if name == "refused":
        return refusal_text(**values)
    return _say(NOTICES, name, values, players)


def refusal_text(refusal: Any = None, text: str = "") -> str:
    """A refusal in words, in the current language, with its exact reason: the record an
    :class:`~cardlab.engine.IllegalActionError` carries (:class:`~cardlab.records.Refusal`,
    kept by :func:`cardlab.sessions.seatview.refusal_values`), said whole with its rule id
    ('KB-4: the leader may not pass ...'); an error without a record says its own ``text``
    in English, and a plain sentence in another language.

    >>> from cardlab.engine import NOT_YOUR_TURN
    >>> refusal_text(NOT_YOUR_TURN(1, 0, players=4))
    "EN-1: it is West's turn, not South's"
    >>> from cardlab.words import language
    >>> with language("uk"):
    ...     refusal_text(NOT_YOUR_TURN(1, 0, players=4))
    'EN-1: зараз хід гравця Захід, а не гравця Південь'
    """
    if refusal is not None:
        return refusal_line(refusal)
    return text if current_language() == "en" else translate(NOTICES["refused_other"])


def beats_text(winner: int, hand: Any, beaten: Sequence[tuple[int, Any]], *, players: int) -> str:
    """What beat what at a showdown: the ``winner``'s ``hand`` against each ``beaten``
    (seat, hand) pair, hands as :class:`~cardlab.hands.HandValue` s (DP-8, KB-5).

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.hands import evaluate
    >>> two_pair, nines = evaluate(parse_cards("Kh Kd 5c 5s 2h")), evaluate(parse_cards("9h 9c 7d 4s 3c"))
    >>> beats_text(1, two_pair, [(0, nines)], players=4)
    "West's two pair, kings and fives, beats South's one pair, nines."
    """
    names = seat_names(players)
    others = names_text([table_text("beaten", seat=names[seat], hand=hand_text(value)) for seat, value in beaten])
    return table_text("beats", winner=names[winner], hand=hand_text(hand), others=others)


def table_text(name: str, players: int = 2, **values: Any) -> str:
    """One of the table's fixed sentences.

    >>> table_text("pot", pot=1), table_text("pot", pot=12)
    ('Pot 1 chip', 'Pot 12 chips')
    """
    return _say(TABLE_TEXT, name, values, players)


# -- a game's words in the page's language (issue 35) -------------------------------------------
def untranslated_note(game: str) -> str:
    """What a table says where ``game``'s own words are not in the current language's
    catalog (a game registered later, whose words module is English only): they fall
    back to English, and the note says so, in the page's language; '' where they are
    there (every game of cardlab, in every language: ``tests/test_languages.py``) and in
    English.

    >>> from cardlab.words import language
    >>> import cardlab.games
    >>> with language("pl"):
    ...     untranslated_note("kontrabluff")
    ''
    """
    lang = current_language()
    if lang == "en":
        return ""
    missing = _UNTRANSLATED.get((game, lang))
    if missing is None:
        probe = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)  # a copy: its own fallback
        probe.add_fallback(_Missing())
        missing = _UNTRANSLATED[game, lang] = any(_not_in(probe, context, message)
                                                  for context, message in _messages(game))
    return table_text("untranslated", language=LANGUAGE_NAMES[lang]) if missing else ""


def forget_untranslated(game: str) -> None:
    """Forget what :func:`untranslated_note` found of ``game`` (its words are forgotten)."""
    for key in [key for key in _UNTRANSLATED if key[0] == game]:
        del _UNTRANSLATED[key]


#: Whether a game's words miss a translation, by (game, language): found once (catalogs do not change).
_UNTRANSLATED: dict[tuple[str, str], bool] = {}
_MISSING = object()


class _Missing(gettext.NullTranslations):
    """The last fallback of a probe: a message the catalog lacks comes back as a mark."""

    def gettext(self, message: str) -> Any:
        return _MISSING

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> Any:
        return _MISSING

    def pgettext(self, context: str, message: str) -> Any:
        return _MISSING


def _not_in(probe: gettext.NullTranslations, context: str | None, message: str | Plural) -> bool:
    if isinstance(message, Plural):
        return probe.ngettext(message.one, message.other, 1) is _MISSING
    if context is not None:
        return probe.pgettext(context, message) is _MISSING
    return probe.gettext(message) is _MISSING


def _said(template: Template) -> Iterator[tuple[str | None, str | Plural]]:
    """The messages a template is made of (a list's phrases too)."""
    if isinstance(template, Lists):
        yield from _said(template.template)
        for _, each in template.lists:
            yield from _said(each.phrase)
    elif isinstance(template, Each):
        yield from _said(template.phrase)
    elif template:
        yield None, template


def _messages(game: str) -> Iterator[tuple[str | None, str | Plural]]:
    """A game's own messages: its events', headlines', refusals' and clicks' sentences,
    its buttons and its how-to."""
    for table in (TEMPLATES, HEADLINES, REFUSALS):
        for template in table.get(game, {}).values():
            yield from _said(template)
    for table in (YOU_TEMPLATES, YOU_HEADLINES):  # said to the person at the screen
        for options in table.get(game, {}).values():
            for option in options:
                yield from _said(option.template)
    for click in CLICKS.get(game, {}).values():
        yield None, click
    for verb in VERBS.get(game, {}).values():
        yield "button", verb.button
    how = HOW_TO_PLAY.get(game)
    for paragraph in how.paragraphs if how is not None else ():
        yield None, paragraph.text
