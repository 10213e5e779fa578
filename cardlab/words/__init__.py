"""The one layer that puts cardlab's records into words (issue 26).

The engine records what happened as typed :class:`~cardlab.records.Event` values; this
layer alone makes sentences of them, for the tables, the logs, the notebooks and the
adapters' strings. Each game's words live in a module of their own
(``cardlab/words/<game>.py``): one whole template per kind of event, with named
placeholders (``"{seat} lays {card}"``), or a :class:`Plural` whose form follows a count,
so a translator can reorder a sentence and nothing ever parses one back; its verbs and
clicks, its how-to and glossary (:mod:`cardlab.words.howto`) and its coach's sentences
(:mod:`cardlab.words.coach`). That module registers them here when the game's own module
(``cardlab/games/<game>.py``) imports it: this package imports no game, so there is no
import cycle, and a game's words are there whenever one of its states is.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=1, dealer=0)
>>> event = state.history[0]
>>> event.kind, event.fields
('first_dealer', {'dealer': 0})
>>> describe(event, players=2), line(event, players=2)
('South deals first', 'KB-1: South deals first')
"""

from __future__ import annotations

import contextvars
import gettext
import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.cards import Card, deck
from cardlab.records import (
    ACTION,
    AMOUNTS,
    CARD,
    CARDS,
    COUNT,
    HAND,
    REFUSAL,
    SEAT,
    SEATS,
    Event,
    EventKind,
    FieldType,
    RefusalKind,
)

__all__ = [
    "Plural",
    "Verb",
    "VERBS",
    "CLICKS",
    "SESSIONS",
    "ZONE_WORDS",
    "game_words",
    "forget_words",
    "fill",
    "session_text",
    "Each",
    "Lists",
    "unit",
    "TEMPLATES",
    "templates",
    "describe",
    "say",
    "HEADLINES",
    "headlines",
    "headline",
    "line",
    "parts",
    "record_line",
    "seat_names",
    "cards_text",
    "names_text",
    "placeholders",
    "translate",
    "translate_in",
    "NC_",
    "message",
    "number_text",
    "percent_text",
    "decimal_amount",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LANGUAGE_VARIABLE",
    "language",
    "current_language",
    "default_language",
    "catalog",
    "card_text",
    "card_name",
    "CASES",
    "FACE_DOWN",
    "rank_letter",
    "hand_text",
    "choices_text",
    "UNIT_WORDS",
    "unit_word",
]

# -- languages (issue 29) ---------------------------------------------------------------------
#: The languages cardlab speaks: English (the messages themselves) and the languages of the
#: games' source texts, Swedish (Kontrabluff), Polish (draw and parallel poker) and
#: Ukrainian (Fight for the Lead).
LANGUAGES: tuple[str, ...] = ("en", "sv", "pl", "uk")

#: Each language by its own name, as a language picker lists them (never translated: a
#: reader finds their own language by the name they know).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "sv": "Svenska", "pl": "Polski", "uk": "Українська"}

#: Where the compiled catalogs are: ``cardlab/locale/<lang>/LC_MESSAGES/cardlab.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "cardlab"

# One catalog per language, loaded on first use (importing cardlab reads no catalog).
_CATALOGS: dict[str, gettext.NullTranslations] = {"en": gettext.NullTranslations()}
# The language of the sentences being made now: a context variable, so two tables of a
# kernel (or two rooms of a server's threads) each speak their own language.
_CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("cardlab_language", default="")
_DEFAULT: list[str] = []  # the default language, found once


def _language_code(lang: str | None) -> str | None:
    """'pl' from 'pl', 'pl_PL.UTF-8', 'PL'; None for a language cardlab does not speak."""
    if not lang:
        return None
    code = lang.replace("-", "_").split("_")[0].split(".")[0].lower()
    if code == "ua":  # a common mistake for Ukrainian's code (ua is the country)
        code = "uk"
    return code if code in LANGUAGES else None


#: The environment variable that sets the default language over the locale's
#: (``cardlab-classroom --lang pl`` sets it for every page's kernel).
LANGUAGE_VARIABLE = "CARDLAB_LANGUAGE"


def default_language() -> str:
    """The language when none is chosen: ``$CARDLAB_LANGUAGE``'s, else the locale's
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) where it is one of
    :data:`LANGUAGES`, else English.

    >>> default_language() in LANGUAGES
    True
    """
    if not _DEFAULT:
        found = "en"
        for name in (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            value = os.environ.get(name)
            if value:
                found = next((c for c in map(_language_code, value.split(":")) if c), None) or "en"
                break
        _DEFAULT.append(found)
    return _DEFAULT[0]


def current_language() -> str:
    """The language sentences are made in now (see :func:`language`).

    >>> with language("pl"):
    ...     current_language()
    'pl'
    """
    return _CURRENT.get() or default_language()


def check_language(lang: str | None) -> str:
    """``lang`` as one of :data:`LANGUAGES` (None: the default); a ``ValueError`` that
    lists them otherwise.

    >>> check_language("pl_PL.UTF-8"), check_language(None) in LANGUAGES
    ('pl', True)
    >>> check_language("de")
    Traceback (most recent call last):
    ...
    ValueError: cardlab speaks en, sv, pl, uk; not 'de'
    """
    if lang is None:
        return default_language()
    code = _language_code(lang) if isinstance(lang, str) else None
    if code is None:
        raise ValueError(f"cardlab speaks {', '.join(LANGUAGES)}; not {lang!r}")
    return code


def catalog(lang: str | None = None) -> gettext.NullTranslations:
    """The gettext catalog of ``lang`` (default: the current language), loaded once; a
    language whose catalog is missing falls back to English."""
    lang = lang or current_language()
    found = _CATALOGS.get(lang)
    if found is None:
        found = _CATALOGS[lang] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    return found


def _catalog() -> gettext.NullTranslations:
    found = _CATALOGS.get(_CURRENT.get() or default_language())
    return found if found is not None else catalog()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Make every sentence inside the block in ``lang`` (``"en"``, ``"sv"``, ``"pl"``,
    ``"uk"``; None: the default language). Blocks nest; each thread and task has its own.

    >>> with language("en"):
    ...     fill(Plural("{n} card", "{n} cards", n="n"), n=2)
    '2 cards'
    """
    token = _CURRENT.set(check_language(lang))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


def translate(message: str) -> str:
    """A whole message in the current language (gettext's ``gettext``)."""
    return _catalog().gettext(message)


_ = translate  # the name gettext's tools look for


def N_(message: str) -> str:  # noqa: N802 (gettext's name)
    """Mark a message for the catalogs without translating it yet (it is translated where
    it is said)."""
    return message


#: What a face-down card says (its name, and a card back's label).
FACE_DOWN = N_("face-down card")


def translate_in(context: str, message: str) -> str:
    """A message in the current language, where one English word has two meanings
    (gettext's ``pgettext``): ``translate_in("rank letter", "J")``."""
    return _catalog().pgettext(context, message)


def NC_(context: str, message: str) -> str:  # noqa: N802 (gettext's name)
    """Mark a message with its context for the catalogs without translating it yet (it is
    translated where it is said, with :func:`translate_in` and the same context)."""
    return message


# -- numbers, by language -------------------------------------------------------------------------
#: How each language writes a number: (decimal sign, thousands separator, grouped from how
#: many digits, minus sign, percent after the number) -- CLDR's conventions: '2,000.5' and
#: '12%' in English, '2 000,5' and '12 %' in Swedish (with its minus sign '−'), '2000,5' but
#: '20 000,5' in Polish, '2 000,5' in Ukrainian. The spaces do not break.
NUMBERS: dict[str, tuple[str, str, int, str, str]] = {
    "en": (".", ",", 4, "-", "%"),
    "sv": (",", "\u00a0", 4, "\u2212", "\u00a0%"),
    "pl": (",", "\u00a0", 5, "-", "%"),
    "uk": (",", "\u00a0", 4, "-", "%"),
}


def number_text(value: float, digits: int = 0, *, sign: bool = False) -> str:
    """A number as the current language writes it, with ``digits`` after the decimal sign
    (``sign``: '+' before a positive number).

    >>> number_text(2000), number_text(-1.25, 1), number_text(1.5, 1, sign=True)
    ('2,000', '-1.2', '+1.5')
    >>> with language("pl"):
    ...     number_text(2000), number_text(20000), number_text(-7.5, 1)
    ('2000', '20\\xa0000', '-7,5')
    """
    point, group, grouped, minus, _percent = NUMBERS.get(current_language(), NUMBERS["en"])
    text = f"{abs(value):,.{digits}f}"
    whole, _, fraction = text.partition(".")
    if len(whole.replace(",", "")) < grouped:
        whole = whole.replace(",", "")
    text = whole.replace(",", group) + (point + fraction if fraction else "")
    if round(value, digits) < 0:
        return minus + text
    return "+" + text if sign and round(value, digits) > 0 else text


def percent_text(fraction: float, digits: int = 0) -> str:
    """A share as a percentage in the current language: '28.7%', '28,7%', '28,7 %'.

    >>> percent_text(0.2871, 1), percent_text(0.12)
    ('28.7%', '12%')
    >>> with language("sv"):
    ...     percent_text(0.2871, 1)
    '28,7\\xa0%'
    """
    return number_text(fraction * 100, digits) + NUMBERS.get(current_language(), NUMBERS["en"])[4]


def decimal_amount(value: float, units: str, digits: int = 1, *, sign: bool = False) -> str:
    """A measured amount with a decimal fraction and its unit ('+1.5 points', '1,0 punktu').

    gettext's plural forms are for whole numbers; a number written with decimals takes
    the form CLDR calls 'other' in every language (English '1.0 points', Polish '1,5
    punktu', Ukrainian '1,5 очка'), which no count can choose among Polish's or
    Ukrainian's three forms. So a decimal amount is a message of its own, ``"{amount}
    points"`` in context ``"decimal"``, which the catalogs translate with that form;
    ``units`` is its plural English unit ('points', 'chips').

    >>> decimal_amount(1.0, "points"), decimal_amount(-6.04, "chips", sign=True)
    ('1.0 points', '-6.0 chips')
    """
    return translate_in("decimal", DECIMAL_UNITS[units]).format(amount=number_text(value, digits, sign=sign))


#: The decimal amounts' messages by unit (see :func:`decimal_amount`).
DECIMAL_UNITS = {"points": NC_("decimal", "{amount} points"), "chips": NC_("decimal", "{amount} chips")}

#: A game's unit as a noun in the plural, where a sentence names it with no number ('the
#: points you gain'; context "unit"): said with :func:`unit_word`.
UNIT_WORDS = {"points": NC_("unit", "points"), "chips": NC_("unit", "chips")}


def unit_word(units: str) -> str:
    """A game's unit (``"points"``, ``"chips"``) as a plural noun in the current language.

    >>> unit_word("points")
    'points'
    """
    return translate_in("unit", UNIT_WORDS[units])


@dataclass(frozen=True)
class Plural:
    """A message whose form follows the count in field ``n`` (gettext's ``ngettext``).

    >>> Plural("{n} card", "{n} cards", n="n").text(3)
    '{n} cards'
    """

    one: str
    other: str
    n: str

    def text(self, count: int) -> str:
        return _catalog().ngettext(self.one, self.other, count)


def message(template: str | Plural, count: int = 1) -> str:
    """A message as the catalog gives it: a plain one translated, a :class:`Plural` in the
    form for ``count``; placeholders are left for the caller to fill.

    >>> message("{seat} passes"), message(Plural("{n} deal", "{n} deals", n="n"), 2)
    ('{seat} passes', '{n} deals')
    """
    return template.text(count) if isinstance(template, Plural) else _catalog().gettext(template)


@dataclass(frozen=True)
class Each:
    """How a sentence says a list field (SEATS, CARDS, AMOUNTS): ``phrase`` once per item,
    joined by ``sep``. Each placeholder of the phrase names a list field of the event (of
    the same length) and is filled with its item: a seat's name, a card, a number; a
    :class:`Plural` phrase follows its own item's count. See :class:`Lists`.

    For a number field (COUNT, CHIPS, POINTS) the phrase is said once, with the number:
    ``Each(Plural("{pot} chip", "{pot} chips", n="pot"))`` says the unit of a sentence's
    second count ('1 chip', '5 chips') where its :class:`Plural` already follows another.
    :func:`unit` makes one.
    """

    phrase: str | Plural
    sep: str = ", "


@dataclass(frozen=True, init=False)
class Lists:
    """A sentence (``template``) some of whose fields are said by a phrase of their own
    (``field=Each(phrase)``): a list field item by item instead of as a plain list
    ('South 8 (2 tricks), West 4 (1 trick)'), a number with its unit (:func:`unit`).

    >>> from cardlab.records import SEATS, AMOUNTS, EventKind
    >>> kind = EventKind("example_words", "stacks", "EX-1", seats=SEATS, stacks=AMOUNTS)
    >>> said = Lists("Stacks: {seats}.", seats=Each("{seats} {stacks}"))
    >>> say(said, kind, ((0, 1), (98, 102)), 2)
    'Stacks: South 98, North 102.'
    """

    template: str | Plural
    lists: tuple[tuple[str, Each], ...]

    def __init__(self, template: str | Plural, **lists: Each):
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "lists", tuple(lists.items()))


Template = str | Plural | Lists


def unit(field: str, one: str, other: str) -> Each:
    """A number field said with its unit, in the singular or the plural by its value
    (for :class:`Lists`): ``unit("pot", "chip", "chips")``.

    >>> from cardlab.records import CHIPS, COUNT, EventKind
    >>> kind = EventKind("example_words", "paid", "EX-1", cards=COUNT, fee=CHIPS)
    >>> said = Lists(Plural("{cards} card for {fee}", "{cards} cards for {fee}", n="cards"),
    ...              fee=unit("fee", "chip", "chips"))
    >>> say(said, kind, (1, 1), 2), say(said, kind, (2, 8), 2)
    ('1 card for 1 chip', '2 cards for 8 chips')
    """
    return Each(Plural(f"{{{field}}} {one}", f"{{{field}}} {other}", n=field))


@dataclass(frozen=True)
class Verb:
    """How a table says one kind of action.

    ``button``: the button with nothing chosen; ``chosen``: with cards or an amount
    (``{cards}``, ``{n}`` the number of cards, ``{amount}``); ``none``: the button when
    the action takes no card though it could (keep all, stand pat); ``prompt``: in
    "Your turn: ..."; ``needs``: what to do before the button works; ``ask``: a
    question asked before the action is played (leaving for good); ``costs``: the button
    when the action costs chips (``{chips}`` the cost from the game, with ``{cards}``,
    ``{n}``, ``{amount}`` as in ``chosen``), a :class:`Plural` by ``chips``.
    """

    button: str
    prompt: str
    chosen: str = ""
    none: str = ""
    needs: str = ""
    ask: str = ""
    costs: str | Plural = ""

    def label(self, field: str = "button") -> str:
        """The plain button (or the button's other words, ``field`` ``"chosen"`` or
        ``"none"``) in the current language, placeholders left in. These messages have the
        context ``"button"``: a button's 'Exchange' or 'Draw' is a command ('Byt',
        'Wymień'), where a rule's title of the same English word names the step ('Byte',
        'Wymiana').

        >>> Verb("Exchange", "exchange").label(), Verb("Draw", "draw", chosen="Draw {n}").label("chosen")
        ('Exchange', 'Draw {n}')
        """
        return translate_in("button", getattr(self, field))


#: Each game's other words, registered by its words module (:func:`game_words`): the
#: tables' verbs in button order, the adapters' button words ('lay {card}', 'open with
#: {amount}') and what ends a session.
VERBS: dict[str, dict[str, Verb]] = {}
CLICKS: dict[str, dict[str, str]] = {}
SESSIONS: dict[str, Callable[[Any], str]] = {}
#: A game's own word for a kind of zone where its rule pages have one (Kontrabluff's talon).
ZONE_WORDS: dict[str, dict[str, str]] = {}


def game_words(game: str, *, verbs: Mapping[str, Verb], clicks: Mapping[str, str],
               session: Callable[[Any], str], zones: Mapping[str, str] | None = None) -> None:
    """Register ``game``'s verbs, button words, session words and zone words (its words
    module calls this once)."""
    VERBS[game], CLICKS[game], SESSIONS[game] = dict(verbs), dict(clicks), session
    ZONE_WORDS[game] = dict(zones or {})


def forget_words(game: str) -> None:
    """Forget every word ``game``'s words module registered: its templates, headlines,
    verbs, clicks, session and zone words, how-to and glossary, coach's sentences and
    refusals (a test's game leaves no trace: :func:`cardlab.games.unregister` with
    ``forget=True``)."""
    from cardlab.words import coach, howto, refusals, table  # the registries of this layer's own modules

    for registry in (TEMPLATES, HEADLINES, VERBS, CLICKS, SESSIONS, ZONE_WORDS, howto.HOW_TO_PLAY, howto.TERMS,
                     coach.ACTIONS, coach.ROUNDS, coach.THIS_ROUNDS, refusals.REFUSALS):
        registry.pop(game, None)
    table.forget_untranslated(game)


def fill(template: str | Plural, **fields: Any) -> str:
    """A whole sentence with its named fields put in (a :class:`Plural` takes the form its
    count field asks for): the words of something that is not an event.

    >>> fill(Plural("{games} game", "{games} games", n="games"), games=1)
    '1 game'
    """
    if type(template) is str:
        return _catalog().gettext(template).format_map(fields)
    return template.text(fields[template.n]).format_map(fields)


def session_text(game: Any) -> str:
    """What ends a session of ``game`` (its settings), in words: 'first to 300 points wins, rule KB-12'
    (no brackets: a table may put the whole in brackets).

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> session_text(ParallelPoker(games=3)), session_text(ParallelPoker(games=1))
    ('3 games; more points wins, rule PP-5', '1 game; more points wins, rule PP-5')
    """
    return SESSIONS[game.name](game)


#: Every game's templates by kind name, registered by the game's words module.
TEMPLATES: dict[str, dict[str, Template]] = {}


def templates(game: str, table: Mapping[str, Template]) -> dict[str, Template]:
    """Register ``game``'s templates (its words module calls this once)."""
    TEMPLATES[game] = dict(table)
    return TEMPLATES[game]


def seat_names(n: int) -> tuple[str, ...]:
    """Names of the seats, clockwise from seat 0 (the table's own seat at the bottom).

    >>> seat_names(2), seat_names(4)
    (('South', 'North'), ('South', 'West', 'North', 'East'))
    >>> seat_names(6)[:2]  # past the compass's names, seats are counted from 1
    ('Seat 1', 'Seat 2')
    """
    key = (current_language(), n)
    found = _SAID_SEATS.get(key)
    if found is None:
        names = SEAT_NAMES.get(n)
        if names is None:
            found = tuple(translate("Seat {number}").format(number=i + 1) for i in range(n))  # counted from 1, as people count
        else:
            found = tuple(translate(name) for name in names)
        _SAID_SEATS[key] = found
    return found


_SAID_SEATS: dict[tuple[str, int], tuple[str, ...]] = {}
SEAT_NAMES = {
    1: ("South",),
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
}

# -- cards and hands in words, by language -------------------------------------------------------
_DECK = deck(52)  # by code
#: The rank letters a language may write differently (jack, queen, king, ace); the numbers
#: stay, and the suits stay symbols. Their words are in the catalogs (context "rank letter").
LETTERS = ("J", "Q", "K", "A")
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
                "kings", "aces")
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_CARD_TEXTS: dict[str, tuple[str, ...]] = {}


def rank_letter(rank: Any) -> str:
    """A rank as the current language writes it on a card: 'J', 'W' (Polish), 'Kn'
    (Swedish), 'В' (Ukrainian); numbers as they are.

    >>> from cardlab.cards import Rank
    >>> rank_letter(Rank.JACK), rank_letter(Rank.TEN)
    ('J', '10')
    """
    text = str(rank)
    return translate_in("rank letter", text) if text in LETTERS else text


def _card_text() -> tuple[str, ...]:
    """Each card's words in the current language, by its code ('A♥', 'W♥', 'Т♥')."""
    lang = current_language()
    found = _CARD_TEXTS.get(lang)
    if found is None:
        found = _CARD_TEXTS[lang] = tuple(rank_letter(card.rank) + card.suit.symbol for card in _DECK)
    return found


def card_text(card: Card) -> str:
    """A card as the log writes it, in the current language: 'Q♥' ('D♥' in Polish).

    >>> card_text(Card.parse("Qh"))
    'Q♥'
    """
    return _card_text()[card.code]


#: The grammatical cases a sentence may ask a card's name in, as a format spec of its
#: placeholder (``{card:acc}``, ``{cards:acc}``), each with the context of its rank words:
#: the object of a verb is in the accusative in Polish and Ukrainian ('kładzie
#: dziewiątkę', 'кладе вісімку'), which only a card said in words (a screen reader's)
#: shows; the symbols ('8♥') read the same in every case.
CASES: dict[str, str] = {"acc": "rank, accusative"}


def card_name(card: Card | None, case: str = "") -> str:
    """A card's name in words (a screen reader's): 'ace of hearts'; a face-down card
    (None) is :data:`FACE_DOWN`. ``case``: one of :data:`CASES` (the accusative of a
    card a sentence names as a verb's object), else the name as a name.

    >>> card_name(Card.parse("Ah")), card_name(None)
    ('ace of hearts', 'face-down card')
    >>> with language("pl"):
    ...     card_name(Card.parse("8h")), card_name(Card.parse("8h"), "acc")
    ('ósemka kier', 'ósemkę kier')
    """
    if card is None:
        return translate(FACE_DOWN)
    rank = translate_in(CASES[case] if case else "rank", RANK_WORDS[card.rank.index])
    suit = translate_in("suit", SUIT_WORDS[card.suit.value])
    return translate("{rank} of {suit}").format(rank=rank, suit=suit)


#: How each category of hand (HR-1) is said with its ranks: ``{rank}`` a rank's name,
#: ``{ranks}``/``{other}`` ranks in the plural (the main group, the second group).
HAND_WORDS: dict[str, str] = {
    "straight flush": "straight flush, {rank} high",
    "four of a kind": "four of a kind, {ranks}",
    "full house": "full house, {ranks} over {other}",
    "flush": "flush, {rank} high",
    "straight": "straight, {rank} high",
    "three of a kind": "three of a kind, {ranks}",
    "two pair": "two pair, {ranks} and {other}",
    "one pair": "one pair, {ranks}",
    "high card": "high card, {rank}",
}


def category_text(category: Any) -> str:
    """A category of hand (HR-1) in the current language: 'four of a kind'."""
    return translate(str(category))


def hand_text(value: Any) -> str:
    """A hand's value (:class:`cardlab.hands.HandValue`) in words, in the current language.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.hands import evaluate, evaluate_low
    >>> hand_text(evaluate(parse_cards("Jh Js 4d 4c 2s"))), hand_text(evaluate_low(parse_cards("7h 5s 4d 3c 2s")))
    ('two pair, jacks and fours', 'high card, seven (low)')
    """
    ranks = value.ranks
    words: dict[str, str] = {}
    if ranks:
        words["rank"] = translate_in("rank", RANK_WORDS[ranks[0].index])
        words["ranks"] = translate_in("ranks", RANK_PLURALS[ranks[0].index])
    if len(ranks) > 1:
        words["other"] = translate_in("ranks", RANK_PLURALS[ranks[1].index])
    template = HAND_WORDS.get(str(value.category))
    text = translate(template).format_map(words) if template and ranks else category_text(value.category)
    return translate("{hand} (low)").format(hand=text) if value.low else text


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the log writes them: 'A♥ 10♣' ('nothing' for none).

    >>> cards_text(Card.parse(c) for c in ("Ah", "10c")), cards_text(())
    ('A♥ 10♣', 'nothing')
    """
    text = _card_text()
    return " ".join([text[card.code] for card in cards]) or translate("nothing")


def names_text(names: Sequence[str]) -> str:
    """'South', 'South and North', 'South, West and East'.

    >>> names_text(["South", "West", "East"])
    'South, West and East'
    """
    if len(names) <= 1:
        return "".join(names)
    return translate("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def choices_text(choices: Sequence[str]) -> str:
    """Choices on offer, the last after 'or': 'lay a card, play low, or pass'.

    >>> choices_text(["lay a card", "play low", "pass"])
    'lay a card, play low, or pass'
    """
    if len(choices) <= 1:
        return "".join(choices)
    return translate("{choices}, or {last}").format(choices=", ".join(choices[:-1]), last=choices[-1])


class _Said(str):
    """Cards in a sentence (as symbols, or as :func:`parts`'s marks) that a template asks
    in a grammatical case (``{card:acc}``, :data:`CASES`): the same symbols, marked with
    the case for a name said in words (``cases``: by case; None where it reads the same)."""

    __slots__ = ("cases",)
    cases: dict[str, str] | None

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return str(self) if self.cases is None else self.cases[spec]
        return str.__format__(str(self), spec)


def _said(text: str, cases: dict[str, str] | None = None) -> _Said:
    said = _Said(text)
    said.cases = cases
    return said


_CASE_SPECS = tuple(f":{case}}}" for case in CASES)


def _cased(template: str) -> bool:
    """Whether a template asks a card in a case (``{card:acc}``): its values must know it."""
    if ":" in template:
        for spec in _CASE_SPECS:
            if spec in template:
                return True
    return False


def _words(kind: FieldType, value: Any, names: tuple[str, ...], card_text: tuple[str, ...] | None = None) -> Any:
    if kind is SEAT:
        return names[value]
    if kind is CARDS:
        card_text = card_text or _card_text()
        return " ".join([card_text[card.code] for card in value]) or translate("nothing")
    if kind is CARD:
        return (card_text or _card_text())[value.code]
    if kind is SEATS:
        return names_text([names[seat] for seat in value])
    if kind is HAND:
        return hand_text(value)
    if kind is AMOUNTS:
        return ", ".join(str(amount) for amount in value)
    if kind is ACTION:  # its kind as the code names it, its cards in the language's letters, its amount
        said = [value.kind, *((card_text or _card_text())[card.code] for card in value.cards)]
        return " ".join(said if value.amount is None else [*said, str(value.amount)])
    if kind is REFUSAL:  # a refusal inside another, with its rule: 'KB-4: the leader may not pass ...'
        from cardlab.words.refusals import refusal_line

        return refusal_line(value)
    return value  # numbers, and TEXT: said as given


def _cased_words(kind: FieldType, value: Any, names: tuple[str, ...], card_text: tuple[str, ...] | None = None) -> Any:
    """:func:`_words`, cards as :class:`_Said` (for a template that asks a card in a case;
    the rest keep :func:`_words`'s plain path, the one every other sentence takes)."""
    said = _words(kind, value, names, card_text)
    if kind is not CARDS and kind is not CARD:
        return said
    if card_text is not _CARD_MARK or (kind is CARDS and not value):
        return _said(said)
    if kind is CARD:
        return _said(said, {case: marks[value.code] for case, marks in _CASE_MARKS.items()})
    return _said(said, {case: " ".join([marks[card.code] for card in value]) for case, marks in _CASE_MARKS.items()})


_ITEM = {SEATS: SEAT, CARDS: CARD, AMOUNTS: COUNT}  # how one item of a list field is said


def _text(spec: EventKind, values: tuple[Any, ...], players: int) -> str:
    return say(TEMPLATES[spec.game][spec.name], spec, values, players)


def say(template: Template, spec: EventKind | RefusalKind, values: tuple[Any, ...], players: int,
        card_text: tuple[str, ...] | None = None) -> str:
    """A record's sentence: ``template`` (its kind's, in English: the catalog gives the current
    language's) filled with the ``values`` of the fields of ``spec`` (an event's or a
    refusal's kind), each said by its type: a seat by its name at a table of ``players``, a
    card in the language's letters (``card_text``: each card's text by its code, where a
    caller marks cards, see :func:`parts`), a hand in words, a number as it is.

    >>> from cardlab.records import SEAT, CARD, RefusalKind
    >>> kind = RefusalKind("example_words", "not_held", "EX-1", seat=SEAT, card=CARD)
    >>> say("{seat} does not hold {card}", kind, (1, Card.parse("Qh")), 4)
    'West does not hold Q♥'
    """
    names = seat_names(players)
    lists: tuple[tuple[str, Each], ...] = ()
    if type(template) is Lists:
        template, lists = template.template, template.lists
    if type(template) is not str:
        template = template.text(values[spec.field_names.index(template.n)])
    else:
        template = _catalog().gettext(template)
    cased = ":" in template and _cased(template)  # rare: most sentences take the plain path
    said = _cased_words if cased else _words
    words = {name: said(kind, value, names, card_text) for (name, kind), value in zip(spec.fields, values)}
    for name, each in lists:
        value = values[spec.field_names.index(name)]
        if type(value) is tuple:
            words[name] = _items(each, spec, values, names, len(value), card_text)
        else:  # a number said with its unit (see :func:`unit`)
            words[name] = _one(each.phrase, spec, values, names, card_text)
        if cased:  # a list's phrase says its own cards' case
            words[name] = _said(words[name])
    return template.format_map(words)


def _one(phrase: str | Plural, spec: EventKind, values: tuple[Any, ...], names: tuple[str, ...],
         card_text: tuple[str, ...] | None = None) -> str:
    """A phrase of single fields said once (see :class:`Each`)."""
    kinds, fields = dict(spec.fields), dict(zip(spec.field_names, values))
    text = phrase.text(fields[phrase.n]) if type(phrase) is not str else _catalog().gettext(phrase)
    said = _cased_words if _cased(text) else _words
    return text.format_map({name: said(kinds[name], fields[name], names, card_text)
                            for name in placeholders(phrase)})


def _items(each: Each, spec: EventKind, values: tuple[Any, ...], names: tuple[str, ...], n: int,
           card_text: tuple[str, ...] | None = None) -> str:
    """A list field said item by item (see :class:`Each`)."""
    phrase = each.phrase
    kinds, fields = dict(spec.fields), dict(zip(spec.field_names, values))
    said = []
    for i in range(n):
        item = {name: fields[name][i] for name in placeholders(phrase)}
        text = phrase.text(item[phrase.n]) if type(phrase) is not str else _catalog().gettext(phrase)
        words = _cased_words if _cased(text) else _words
        said.append(text.format_map({name: words(_ITEM.get(kinds[name], kinds[name]), value, names, card_text)
                                     for name, value in item.items()}))
    return each.sep.join(said)


#: Each card as one private-use character while a sentence is split into words and cards,
#: one set of characters for a card named as a name and one for each case of :data:`CASES`.
_CARD_MARK = tuple(chr(0xE000 + code) for code in range(52))
_CASE_MARKS = {case: tuple(chr(0xE040 + 0x40 * i + code) for code in range(52)) for i, case in enumerate(CASES)}
_MARKED = {mark: (card, "") for mark, card in zip(_CARD_MARK, deck(52))}
_MARKED.update({mark: (card, case) for case, marks in _CASE_MARKS.items() for mark, card in zip(marks, deck(52))})


def parts(event: Event, players: int, *, cases: bool = False) -> tuple[str | Card | tuple[Card, str], ...]:
    """The sentence for ``event`` as words and the cards its fields name, in order (a
    table draws the cards as cards); joined as text, the parts are :func:`describe`'s.
    ``cases``: each card as (card, the case the sentence says it in, '' or one of
    :data:`CASES`), for its name in words (:func:`cardlab.words.cards.spoken`).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> state = Kontrabluff().new_state(seed=1, dealer=0)
    >>> parts(state.history[2], 2)[:3]
    ('South is dealt ', Card('5h'), ' ')
    """
    text = say(TEMPLATES[event.game][event.kind], event.spec, event.values, players, _CARD_MARK)
    out: list[str | Card | tuple[Card, str]] = []
    words: list[str] = []
    for char in text:
        marked = _MARKED.get(char)
        if marked is None:
            words.append(char)
        else:
            if words:
                out.append("".join(words))
                words = []
            out.append(marked if cases else marked[0])
    if words:
        out.append("".join(words))
    return tuple(out)


def describe(event: Event, players: int) -> str:
    """The sentence for ``event`` at a table of ``players`` seats (no rule id).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> describe(Kontrabluff().new_state(seed=3, dealer=1).history[0], 2)
    'North deals first'
    """
    return _text(event.spec, event.values, players)


#: A result's headline where the log's sentence tells a longer story: by game, then kind
#: (a table's banner says it; the log keeps :func:`describe`'s sentence).
HEADLINES: dict[str, dict[str, Template]] = {}


def headlines(game: str, table: Mapping[str, Template]) -> dict[str, Template]:
    """Register ``game``'s result headlines (its words module calls this once)."""
    HEADLINES[game] = dict(table)
    return HEADLINES[game]


def headline(event: Event, players: int) -> str:
    """What a table's banner says of the result ``event``: its headline if its game has
    one for its kind (a whole template, as :func:`describe`'s), else its sentence.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> event = Kontrabluff().new_state(seed=3, dealer=1).history[0]
    >>> headline(event, 2) == describe(event, 2)
    True
    """
    said = HEADLINES.get(event.game, {}).get(event.kind)
    if said is None:
        return describe(event, players)
    return say(said, event.spec, event.values, players)


def line(event: Event, players: int) -> str:
    """The log's line for ``event``: its rule id, then its sentence ('KB-3: South lays 7♥')."""
    return record_line(event.spec, event.values, event.rule, players)


def record_line(spec: EventKind, values: tuple[Any, ...], rule: str, players: int) -> str:
    """:func:`line` from a record's parts (the engine's log reads its records this way)."""
    text = _text(spec, values, players)
    return f"{rule}: {text}" if rule else text


def placeholders(template: Template) -> set[str]:
    """The named placeholders of a template (both forms of a plural).

    >>> sorted(placeholders(Plural("{seat} wins {n} point", "{seat} wins {n} points", n="n")))
    ['n', 'seat']
    """
    if isinstance(template, Lists):
        return placeholders(template.template).union(*(placeholders(each.phrase) for _, each in template.lists))
    texts = (template,) if isinstance(template, str) else (template.one, template.other)
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}

