"""Cards in words for screen readers (issue 30): 'ten of hearts', 'face-down card', and a
record's sentence with every card it names said in words.

A card's name is one whole template (``"{rank} of {suit}"``, :func:`cardlab.words.card_name`,
re-exported here with :data:`~cardlab.words.FACE_DOWN`)
filled with the rank's and the suit's own words, each a message of its own, so a
catalogue may reorder the name and translate each word. The tables and the live region
use these; the log keeps its short symbols ('10♥').

>>> from cardlab.cards import Card
>>> card_name(Card.parse("10h")), card_name(None)
('ten of hearts', 'face-down card')
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> spoken(Kontrabluff().new_state(seed=1, dealer=0).history[2], 2)[:50]
'South is dealt five of hearts, six of clubs, king '
"""

from __future__ import annotations

import re

from cardlab.cards import Card, CardError, Rank
from cardlab.records import Event
from cardlab.words import FACE_DOWN, N_, card_name, card_text, parts, rank_letter, translate

__all__ = ["FACE_DOWN", "TypedCardsError", "card_label", "card_name", "read_cards", "spoken", "typing_example"]

#: The cards a typing example shows (an ace, a queen, a ten: letters that differ by language).
_EXAMPLE = ("Ah", "Qd", "10c", "7s", "7h")
#: A suit typed as a letter (the codes' own: clubs, diamonds, hearts, spades) or a symbol.
_SUIT_KEYS = "cdhs♣♦♥♠"


def spoken(event: Event, players: int, viewer: int | None = None) -> str:
    """The sentence of ``event`` (:func:`~cardlab.words.describe`'s, said to ``viewer``
    as there) with each card it names said by its name, for a screen reader's live region
    (cards one after another are parted by commas, as names of several words need)."""
    said = parts(event, players, cases=True, viewer=viewer)
    out = []
    for i, part in enumerate(said):
        if type(part) is tuple:
            out.append(card_name(*part))  # in the case the sentence asks ('kładzie ósemkę kier')
        elif part.isspace() and 0 < i < len(said) - 1 and type(said[i - 1]) is tuple and type(said[i + 1]) is tuple:
            out.append(", ")
        else:
            out.append(part)
    return "".join(out)


def card_label(card: Card) -> str:
    """A card button's name: what it shows, then the card in words ('10♥, ten of hearts'),
    so the name a screen reader says holds the visible label (WCAG 2.5.3: a person who
    speaks to the computer says what is seen) and the words tell the suit's symbol.

    >>> card_label(Card.parse("10h"))
    '10♥, ten of hearts'
    >>> from cardlab.words import language
    >>> with language("pl"):
    ...     card_label(Card.parse("Qs"))
    'D♠, dama pik'
    """
    return f"{card_text(card)}, {card_name(card)}"


class TypedCardsError(CardError):
    """Cards that cannot be read (as typed) or picked (too many, or not in the deck): the
    message is a sentence of the words layer, said in the language that was current when
    it was raised. A :class:`~cardlab.cards.CardError`."""


def _ranks_typed() -> dict[str, str]:
    """Each way the current language writes a rank, upper-cased, to the codes' letter:
    'W' (Polish), 'KN' (Swedish), 'В' (Ukrainian) -> 'J'; the codes' own letters too."""
    typed = {letter: letter for letter in "23456789TJQKA"} | {"10": "T"}
    for rank in Rank:
        typed.setdefault(rank_letter(rank).upper(), str(rank) if str(rank) != "10" else "T")
    return typed


def read_cards(text: str) -> tuple[Card, ...]:
    """Cards typed as the current language writes them, or as cardlab's codes: a rank
    letter of the page ('D' is a queen in Polish and Swedish, 'Kn' a Swedish jack, 'Т' a
    Ukrainian ace) or of the codes (J Q K A, T or 10), then a suit as a symbol or as
    the codes' letter (c d h s). Split on spaces or commas, capitals or not. A token that
    is no card, or a card typed twice, raises :class:`TypedCardsError` with a sentence
    in the current language.

    >>> read_cards("Ah qd 10c")
    (Card('Ah'), Card('Qd'), Card('Tc'))
    >>> from cardlab.words import language
    >>> with language("pl"):
    ...     read_cards("Dh W♠ Ad")
    (Card('Qh'), Card('Js'), Card('Ad'))
    >>> with language("sv"):
    ...     read_cards("Kn♥ Eh")
    (Card('Jh'), Card('Ah'))
    >>> read_cards("Ah 1x")
    Traceback (most recent call last):
    ...
    cardlab.words.cards.TypedCardsError: '1x' is not a card: type a rank (2-10, J, Q, K, A) then a suit (h d c s or ♥ ♦ ♣ ♠), e.g. Ah Qd 10c 7s 7h
    """
    ranks = _ranks_typed()
    cards: list[Card] = []
    for token in text.replace(",", " ").split():
        match = re.fullmatch(f"(.+?)([{_SUIT_KEYS}])", token, flags=re.IGNORECASE)
        rank = ranks.get(match.group(1).upper()) if match else None
        if rank is None:
            raise TypedCardsError(translate(N_("{typed} is not a card: type a rank ({ranks}) then a suit "
                                               "(h d c s or ♥ ♦ ♣ ♠), e.g. {example}")).format(
                typed=repr(token), ranks=_ranks_said(), example=typing_example()))
        card = Card.parse(rank + match.group(2))
        if card in cards:
            raise TypedCardsError(translate(N_("{card} is typed twice: a hand holds each card once")).format(
                card=card_name(card)))
        cards.append(card)
    return tuple(cards)


def _ranks_said() -> str:
    """The ranks as the current language writes them, for a hint: '2-10, W, D, K, A'."""
    return "2-10, " + ", ".join(rank_letter(rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))


def typing_example() -> str:
    """Five cards as a person types them in the current language (the rank letters of the
    page, the suits as letters): 'Ah Qd 10c 7s 7h', in Polish 'Ah Dd 10c 7s 7h'.

    >>> from cardlab.words import language
    >>> with language("uk"):
    ...     typing_example()
    'Тh Дd 10c 7s 7h'
    """
    cards = [Card.parse(code) for code in _EXAMPLE]
    return " ".join(rank_letter(card.rank) + card.suit.value for card in cards)
