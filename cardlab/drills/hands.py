"""Which hand wins (HR-1 .. HR-5): two five-card hands in any deck of 52 to 20 cards.

The hands are dealt so that the rules a student must know decide often: in a short deck
about half the exercises compare two of the top categories whose order HR-4 changes
(a flush against a full house with 36 to 48 cards, against four of a kind with 32 and
fewer), some turn on the ace-low straight (HR-5), some on the ranks inside a category
(HR-2), the rest are plain deals. The engine's :func:`~cardlab.hands.evaluate` decides;
the exact category counts (:func:`~cardlab.hands.category_counts`) say why.

>>> from cardlab.drills import exercise
>>> drill = exercise("which_hand_wins", seed=4, deck=32)
>>> drill.data["deck"], len(drill.data["hands"]), drill.options[2]
(32, 2, 'Neither: an exact tie')
>>> drill.grade(drill.answer).correct
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardlab.cards import DECK_SIZES, Card, deck, deck_ranks
from cardlab.drills.base import DrillError, Judged, Kind, Made, Maker, ace_low_setting, deck_setting
from cardlab.hands import CATEGORIES, Category, HandRules, HandValue, category_counts, evaluate, hierarchy
from cardlab.words import cards_text, drills as said

__all__ = ["MAKER", "hand_of", "deciding_rule", "deck_and_ace_low"]

KIND = Kind("which_hand_wins", ("HR-1", "HR-2", "HR-3", "HR-4", "HR-5"), None, "choice", ("deck", "ace_low"))
TIE = 2  # the third option: an exact tie

_C = Category
_TOP = hierarchy(52)[:5]
_TRIES = 60


def _pick(rng: np.random.Generator, items: Sequence) -> Any:
    return items[int(rng.integers(len(items)))]


def hand_of(category: Category, rules: HandRules, rng: np.random.Generator,
            free: Sequence[Card]) -> tuple[Card, ...] | None:
    """Five cards of ``free`` that make ``category`` under ``rules`` (checked by the engine),
    or None if ``free`` holds no such hand (a flush in 20 cards, HR-3).

    >>> rules = HandRules(32)
    >>> hand = hand_of(Category.FLUSH, rules, np.random.default_rng(1), deck(32))
    >>> evaluate(hand, rules).category
    <Category.FLUSH: 'flush'>
    """
    by_rank: dict[int, list[Card]] = {}
    for card in free:
        by_rank.setdefault(card.rank.number, []).append(card)
    numbers = sorted(by_rank)
    for _ in range(_TRIES):
        hand = _attempt(category, rules, rng, free, by_rank, numbers)
        if hand is not None and len(set(hand)) == 5 and evaluate(hand, rules).category is category:
            return tuple(hand)
    return None


def _cards_of(rng: np.random.Generator, cards: list[Card], n: int) -> list[Card] | None:
    if len(cards) < n:
        return None
    order = rng.permutation(len(cards))[:n]
    return [cards[i] for i in order]


def _attempt(category: Category, rules: HandRules, rng: np.random.Generator, free: Sequence[Card],
             by_rank: dict[int, list[Card]], numbers: list[int]) -> list[Card] | None:
    """One try at ``category`` (the caller checks it with the engine)."""
    groups = {_C.FOUR_OF_A_KIND: (4, 1), _C.FULL_HOUSE: (3, 2), _C.THREE_OF_A_KIND: (3, 1, 1),
              _C.TWO_PAIR: (2, 2, 1), _C.ONE_PAIR: (2, 1, 1, 1), _C.HIGH_CARD: (1, 1, 1, 1, 1)}
    if category in groups:
        sizes = groups[category]
        order = [numbers[i] for i in rng.permutation(len(numbers))]
        hand: list[Card] = []
        for size in sizes:
            number = next((n for n in order if len(by_rank[n]) >= size), None)
            if number is None:
                return None
            order.remove(number)
            hand += _cards_of(rng, by_rank[number], size) or []
        return hand
    if category in (_C.STRAIGHT, _C.STRAIGHT_FLUSH):
        sets = [s for s in rules.straights if all(n in by_rank for n in s)]
        if not sets:
            return None
        ranks = _pick(rng, sorted(sorted(s) for s in sets))
        if category is _C.STRAIGHT:
            return [_pick(rng, by_rank[n]) for n in ranks]
        suits = [suit for suit in {c.suit for c in free}
                 if all(any(c.suit is suit for c in by_rank[n]) for n in ranks)]
        if not suits:
            return None
        suit = _pick(rng, sorted(suits))
        return [next(c for c in by_rank[n] if c.suit is suit) for n in ranks]
    # a flush: five cards of one suit
    suits = sorted({c.suit for c in free})
    suit = _pick(rng, suits)
    return _cards_of(rng, [c for c in free if c.suit is suit], 5)


def _possible(deck_size: int, ace_low: bool) -> list[Category]:
    counts = category_counts(deck_size, ace_low)
    return [c for c in CATEGORIES if counts[str(c)] > 0]


def _swapped(deck_size: int, possible: list[Category]) -> list[tuple[Category, Category]]:
    """The pairs of top categories whose order in this deck differs from 52 cards' (HR-4)."""
    order, classic = hierarchy(deck_size), hierarchy(52)
    return [(a, b) for a in _TOP for b in _TOP if a in possible and b in possible
            and order.index(a) < order.index(b) and classic.index(a) > classic.index(b)]


def _wheel(rules: HandRules, rng: np.random.Generator) -> tuple[Card, ...]:
    """The ace with the deck's four lowest ranks (HR-5), in mixed suits."""
    numbers = [14, *[r.number for r in deck_ranks(rules.deck_size)[:4]]]
    cards = [c for c in deck(rules.deck_size) if c.rank.number in numbers]
    while True:
        hand = tuple(_pick(rng, [c for c in cards if c.rank.number == n]) for n in numbers)
        if len({c.suit for c in hand}) > 1:
            return hand


def _deal(rules: HandRules, rng: np.random.Generator) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two hands as the exercise's scenario drawn from ``rng`` asks (see the module's text)."""
    size, cards = rules.deck_size, deck(rules.deck_size)
    possible = _possible(size, rules.ace_low)
    roll = rng.random()
    short = size < 52
    pairs: list[tuple[Category, Category]] = []
    if roll < (0.45 if short else 0.3):  # the order of the top categories decides (HR-4, HR-1)
        swapped = _swapped(size, possible)
        top = [c for c in _TOP if c in possible]
        pairs = swapped if swapped and rng.random() < 0.7 else [(a, b) for a in top for b in top if a != b]
    elif roll < (0.6 if short else 0.45) and 20 < size:  # the ace-low straight (HR-5; HR-1 with 52)
        wheel = _wheel(rules, rng)
        free = [c for c in cards if c not in wheel]
        other = _pick(rng, [_C.HIGH_CARD, _C.ONE_PAIR, _C.TWO_PAIR, _C.THREE_OF_A_KIND, _C.STRAIGHT])
        hand = hand_of(other, rules, rng, free)
        if hand is not None:
            return (wheel, hand) if rng.random() < 0.5 else (hand, wheel)
    elif roll < 0.8:  # one category: the ranks decide (HR-2)
        category = _pick(rng, possible)
        pairs = [(category, category)]
    if pairs:
        a, b = _pick(rng, pairs)
        if rng.random() < 0.5:
            a, b = b, a
        first = hand_of(a, rules, rng, cards)
        if first is not None:
            second = hand_of(b, rules, rng, [c for c in cards if c not in first])
            if second is not None:
                return first, second
    order = rng.permutation(len(cards))  # a plain deal of ten cards
    dealt = [cards[i] for i in order[:10]]
    return tuple(dealt[:5]), tuple(dealt[5:])


def deciding_rule(hands: Sequence[Sequence[Card]], rules: HandRules) -> str:
    """The rule that decides between two hands: HR-5 where the ace-low option changes the
    result, else HR-4 (a short deck) or HR-1 (52 cards) where the categories differ, else HR-2.

    >>> from cardlab.cards import parse_cards
    >>> wheel, pair = parse_cards("Ah 7c 8d 9s Th"), parse_cards("Jh Js 8c 9h Kd")
    >>> deciding_rule([wheel, pair], HandRules(32)), deciding_rule([wheel, pair], HandRules(52))
    ('HR-5', 'HR-1')
    """
    a, b = (evaluate(tuple(h), rules) for h in hands)
    if 20 < rules.deck_size < 52:
        other = HandRules(rules.deck_size, not rules.ace_low)
        c, d = (evaluate(tuple(h), other) for h in hands)
        if (a > b, b > a) != (c > d, d > c):
            return "HR-5"
    if a.category is not b.category:
        return "HR-4" if rules.deck_size < 52 else "HR-1"
    return "HR-2"


def _rules(data: Mapping[str, Any]) -> HandRules:
    return HandRules(data["deck"], data["ace_low"])


def deck_and_ace_low(rng: np.random.Generator, settings: Mapping[str, Any]) -> tuple[int, bool]:
    """The deck size and the HR-5 option: the settings', else drawn from ``rng`` (any deck
    of HR-3; the ace-low straight on or off in a short deck, always on with 52, HR-1).

    >>> deck_and_ace_low(np.random.default_rng(0), {"deck": 52})
    (52, True)
    >>> deck_and_ace_low(np.random.default_rng(0), {"deck": 52, "ace_low": False})
    Traceback (most recent call last):
    ...
    cardlab.drills.DrillError: ace_low=False is not allowed with 52 cards: A-2-3-4-5 is always a straight there (HR-1)
    """
    size = settings.get("deck")
    ace_low = settings.get("ace_low")
    if size == 52 and ace_low is False:
        raise DrillError("ace_low=False is not allowed with 52 cards: A-2-3-4-5 is always a straight there (HR-1)")
    if size is None:
        sizes = [s for s in DECK_SIZES if s < 52] if ace_low is False else list(DECK_SIZES)
        size = int(_pick(rng, sizes))
    if ace_low is None:
        ace_low = size == 52 or bool(rng.random() < 0.5)
    return size, ace_low


def _make(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    size, ace_low = deck_and_ace_low(rng, settings)
    rules = HandRules(size, ace_low)
    hands = _deal(rules, rng)
    a, b = (evaluate(h, rules) for h in hands)
    answer = 0 if a > b else 1 if b > a else TIE
    data = {"hands": hands, "deck": size, "ace_low": ace_low}
    return Made(deciding_rule(hands, rules), data, answer, 3)


def _say(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    hands = data["hands"]
    return (said.which_hand_prompt(data["deck"], data["ace_low"]),
            (cards_text(hands[0]), cards_text(hands[1]), said.option("tie")))


def _judge(data: Mapping[str, Any], answer: int) -> Judged:
    rules = _rules(data)
    hands = data["hands"]
    values: list[HandValue] = [evaluate(h, rules) for h in hands]
    right = 0 if values[0] > values[1] else 1 if values[1] > values[0] else TIE
    rule = deciding_rule(hands, rules)
    if right == TIE:
        return Judged(answer == TIE, "HR-2", said.exact_tie(hands[0], hands[1], values[0]))
    winner, loser = hands[right], hands[1 - right]
    wv, lv = values[right], values[1 - right]
    if rule == "HR-5":
        other = HandRules(rules.deck_size, not rules.ace_low)
        wheel = next(h for h in hands if evaluate(h, rules).category is not evaluate(h, other).category)
        why = said.beats_by_wheel(winner, loser, wv, lv, rules.deck_size, rules.ace_low, wheel, evaluate(wheel, rules))
    elif rule == "HR-2":
        why = said.beats_by_ranks(winner, loser, wv, lv)
    else:
        counts = category_counts(rules.deck_size, rules.ace_low)
        why = said.beats_by_order(winner, loser, wv, lv, rules.deck_size, rule, counts[str(wv.category)],
                                  counts[str(lv.category)], math.comb(rules.deck_size, 5))
    return Judged(answer == right, rule, why)


MAKER = Maker(KIND, _make, _say, _judge, {"deck": deck_setting, "ace_low": ace_low_setting}, stream=0)
