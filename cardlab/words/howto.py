"""How to play each game, in plain words from the rule pages (issue 28): the machinery and
the registries. Each game's how-to and glossary are in its own words module
(``cardlab/words/<game>.py``), which registers them with :func:`howto_words`.

A how-to has the aim, a turn, and the scoring that matters, each paragraph with its rule
ids; a glossary explains the words a table shows (talon, muck, stock, low round ...), each
in one sentence with its rule id.

Paragraphs are whole sentences with named placeholders (``{target}``, ``{ante}``). The
figures come from the game's own code and settings, declared by its spec
(:attr:`cardlab.games.spec.GameSpec.figures`) as typed values, never as words: an
:class:`Amount` (a number with its unit) or :class:`Numbers` (a list of numbers), said
here in the current language (:func:`figure_text`); a figure the game's words make from
its settings (draw poker's session, DP-10) is :attr:`HowToPlay.said`'s.

>>> from cardlab.games import GAMES
>>> how = HOW_TO_PLAY["kontrabluff"]
>>> how.aim.rules, sorted(how.aim.placeholders())
(('KB-12',), ['target'])
>>> TERMS["kontrabluff"]["talon"].text
'The face-down cards left after the deal; the loser of a round refills both hands from it.'
>>> amount(1, "chips"), amount(4, "chips"), amount(2, "games")
('1 chip', '4 chips', '2 games')
>>> figure_text(Amount(32, "cards")), figure_text(Numbers((3, 4, 5))), figure_text(5)
('32 cards', '3, 4, 5', '5')
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.words import N_, Plural, fill, number_text

__all__ = ["Paragraph", "HowToPlay", "Term", "Amount", "Numbers", "Figure", "HOW_TO_PLAY", "TERMS", "UNITS",
           "RULE_CARD_TITLE", "amount", "figure_text", "howto_words", "said_figures"]

#: The title of a game's printable rule card (:mod:`cardlab.widgets.rule_card`).
RULE_CARD_TITLE = N_("{game}: rule card")

#: A number said with its unit, singular or plural.
UNITS: dict[str, Plural] = {
    "chips": Plural("{n} chip", "{n} chips", n="n"),
    "points": Plural("{n} point", "{n} points", n="n"),
    "cards": Plural("{n} card", "{n} cards", n="n"),
    "games": Plural("{n} game", "{n} games", n="n"),
    "hands": Plural("{n} hand", "{n} hands", n="n"),
    "tricks": Plural("{n} trick", "{n} tricks", n="n"),
    "packets": Plural("{n} packet", "{n} packets", n="n"),
    "deals": Plural("{n} sampled deal", "{n} sampled deals", n="n"),  # a hint's samples
}


def amount(n: int, unit: str) -> str:
    """``n`` with its unit ('1 chip', '3 points'); see :data:`UNITS`."""
    return fill(UNITS[unit], n=n)


@dataclass(frozen=True)
class Amount:
    """A figure that is a number with its unit (a key of :data:`UNITS`): ``Amount(4,
    "chips")`` is said '4 chips', '4 żetony'."""

    n: int
    unit: str

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"a figure's unit is one of {', '.join(UNITS)}, got {self.unit!r}")


@dataclass(frozen=True)
class Numbers:
    """A figure that is a list of numbers, said in order: ``Numbers((1, 3, 6))`` is '1, 3, 6'."""

    values: tuple[int, ...]


#: A how-to's figure: a bare number, an :class:`Amount` or :class:`Numbers`.
Figure = int | Amount | Numbers


def figure_text(figure: Figure) -> str:
    """A figure in the current language (see :data:`Figure`)."""
    if isinstance(figure, Amount):
        return amount(figure.n, figure.unit)
    if isinstance(figure, Numbers):
        return ", ".join(number_text(value) for value in figure.values)
    if isinstance(figure, int) and not isinstance(figure, bool):
        return number_text(figure)
    raise TypeError(f"a how-to's figure is a number, an Amount or Numbers, got {figure!r}")


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a how-to: a heading, whole sentences with named placeholders, and
    the rule ids it sums up."""

    heading: str
    text: str
    rules: tuple[str, ...]

    def placeholders(self) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(self.text) if name}

    def say(self, figures: dict[str, str]) -> str:
        """The paragraph with the game's figures put in."""
        return fill(self.text, **figures)


def _nothing_said(game: Any) -> Mapping[str, str]:
    return {}


@dataclass(frozen=True)
class HowToPlay:
    """A game's how-to: the aim, a turn, and the scoring (one or more paragraphs).

    ``said(game)`` gives the figures the game's words make from its settings, in the
    current language, where a figure is a choice of sentence rather than a number (draw
    poker's session: '3 hands, or until one player is left' or 'until one player is
    left', DP-10); every other figure is the spec's (:func:`said_figures`).
    """

    game: str
    aim: Paragraph
    turn: Paragraph
    scoring: tuple[Paragraph, ...]
    said: Callable[[Any], Mapping[str, str]] = _nothing_said

    @property
    def paragraphs(self) -> tuple[Paragraph, ...]:
        return (self.aim, self.turn, *self.scoring)

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id the how-to cites, in order, once each."""
        return tuple(dict.fromkeys(rule for p in self.paragraphs for rule in p.rules))


@dataclass(frozen=True)
class Term:
    """A word the table shows, explained in one plain sentence, with the rule that defines it."""

    word: str
    text: str
    rule: str


#: Each game's how-to, by the game's name (registered by its words module).
HOW_TO_PLAY: dict[str, HowToPlay] = {}
#: Each game's glossary: every word its table shows that a newcomer may not know.
TERMS: dict[str, dict[str, Term]] = {}


def howto_words(how: HowToPlay, *terms: Term) -> HowToPlay:
    """Register a game's how-to and its glossary (its words module calls this once)."""
    HOW_TO_PLAY[how.game] = how
    TERMS[how.game] = {term.word: term for term in terms}
    return how


def said_figures(game: Any, figures: Mapping[str, Figure]) -> dict[str, str]:
    """Every figure of ``game``'s how-to in the current language: the spec's ``figures``
    said by :func:`figure_text`, and the game's words' own (:attr:`HowToPlay.said`)."""
    said = {name: figure_text(figure) for name, figure in figures.items()}
    return said | dict(HOW_TO_PLAY[game.name].said(game))
