"""Shared helpers of the interop tests: random play through the click ids, and the
cards a text or a vector mentions (for the hidden-information checks)."""

from __future__ import annotations

import re

import numpy as np

from cardlab.cards import Card
from cardlab.interop.clicks import LINE_CARDS, InfoLayout

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


def cards_in_info_vector(vector: np.ndarray, deck: tuple[Card, ...], layout: InfoLayout) -> set[Card]:
    """The cards anywhere in an information-state vector (``info_vector``): its observation
    part, each log line's cards and each own action's cards (deck index + 1; 0 is none)."""
    found = cards_in_vector(vector[: layout.base], deck)
    lines = vector[layout.lines_at: layout.own_at].reshape(layout.events, layout.line)[:, 1: 1 + LINE_CARDS]
    own = vector[layout.own_at: layout.size].reshape(layout.events, layout.own)[:, 2:]
    assert layout.size == len(vector)
    codes = np.concatenate([lines.ravel(), own.ravel()]).astype(int)
    return found | {deck[i - 1] for i in set(codes[codes > 0].tolist())}
