"""Shared helpers of the interop tests: random play through the click ids, and the
cards a text or a vector mentions (for the hidden-information checks)."""

from __future__ import annotations

import re

import numpy as np

from cardlab.cards import Card
from cardlab.interop.clicks import HISTORY, LOG_LINES

_CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")

#: Small settings so that a whole game is quick (a short Kontrabluff match).
QUICK = {"kontrabluff": {"target": 30}, "draw_poker": {}, "parallel_poker": {}, "fight_for_the_lead": {}}


def cards_in_text(text: str) -> set[Card]:
    """Every card written in ``text`` the way cardlab writes cards (A♠, 10♥).

    >>> sorted(cards_in_text("lay A♠; pass 10♥ 2♣"))
    [Card('2c'), Card('Th'), Card('As')]
    """
    return {Card.parse(rank + suit) for rank, suit in _CARD.findall(text)}


def cards_in_vector(vector: np.ndarray, deck: tuple[Card, ...]) -> set[Card]:
    """The cards marked in the three per-card blocks of an observation vector."""
    d = len(deck)
    marked = np.flatnonzero(vector[: 3 * d]) % d
    return {deck[i] for i in marked}


def cards_in_info_vector(vector: np.ndarray, deck: tuple[Card, ...], base: int, kinds: int) -> set[Card]:
    """The cards marked anywhere in an information-state vector (``info_vector``): its
    observation part (``base`` numbers), each own action's card block, each log line's."""
    d = len(deck)
    found = cards_in_vector(vector[:base], deck)
    at = base + 3
    history = vector[at: at + HISTORY * (d + kinds + 1)].reshape(HISTORY, d + kinds + 1)[:, :d]
    at += HISTORY * (d + kinds + 1)
    log = vector[at: at + LOG_LINES * d].reshape(LOG_LINES, d)
    assert at + LOG_LINES * d == len(vector)
    return found | {deck[i] for i in np.flatnonzero(history.any(axis=0) | log.any(axis=0))}
