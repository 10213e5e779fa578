"""The scalar evaluators' table lookups against the rules computed hand by hand.

``hands._reference_evaluate`` is the path ``evaluate`` took before the tables (check the
cards, sort the rank numbers, find the category and tie-breaks, HR-1 .. HR-6); every
hand of every deck setting (8 short decks x HR-5 on/off, and 52 cards) must get the
same key, category, ranks and words from the tables, in any card order and any form.
"""

import itertools
import math
import re
import subprocess
import sys

import numpy as np
import pytest

from cardlab import fast
from cardlab.cards import DECK_SIZES, Card, CardError, deck, parse_cards
from cardlab.hands import (
    HandRules,
    HandValue,
    _checked,
    _reference_evaluate,
    _value_of,
    compare,
    evaluate,
    evaluate_low,
    evaluate_partial,
    value_counts,
)
from cardlab.words import hand_text

# HR-5 is an option for short decks only: 52 cards always count A-2-3-4-5 (HR-1).
SETTINGS = [(size, ace_low) for size in DECK_SIZES for ace_low in (True, False) if ace_low or size < 52]


def reference_partial(cards, rules):
    """What evaluate_partial did before the tables (HR-7)."""
    cards = _checked(tuple(cards), rules, range(1, 6))
    if len(cards) == 5:
        return _reference_evaluate(cards, rules)
    return _value_of(tuple(sorted((card.rank.number for card in cards), reverse=True)), False, rules)


def dicts(tables: list[dict]) -> list[dict]:
    """The different dicts of a table (it holds the plain and the flush dict many times)."""
    return list({id(table): table for table in tables}.values())


def same(a: HandValue, b: HandValue) -> bool:
    return (a.key, a.category, a.ranks, a.low, repr(a)) == (b.key, b.category, b.ranks, b.low, repr(b))


def reference_keys(rules: HandRules) -> tuple[np.ndarray, dict[int, HandValue]]:
    """The reference key of every hand of ``fast.all_hands``, and the reference value per key.

    A hand's value depends only on its ranks and whether it is a flush, so the reference
    runs once per such class (a representative hand, found with numpy) and the class of
    every hand gives its key.
    """
    hands = fast.all_hands(rules.deck_size)
    ranks, suits = hands // 4, hands % 4  # rows are sorted codes: ranks ascending
    flush = (suits == suits[:, :1]).all(axis=1)
    klass = ranks.astype(np.int64) @ (13 ** np.arange(5)) + flush * 13**5
    classes, first, inverse = np.unique(klass, return_index=True, return_inverse=True)
    values = [_reference_evaluate(fast.decode(hands[i]), rules) for i in first]
    keys = np.array([v.key for v in values], dtype=np.int64)
    return keys[inverse], {v.key: v for v in values}


# ------------------------------------------------------------ every hand


@pytest.mark.slow
@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_every_hand_of_every_setting_equals_the_reference(size, ace_low):
    rules = HandRules(size, ace_low)
    expected, by_key = reference_keys(rules)
    hands = itertools.combinations(deck(size), 5)  # the row order of fast.all_hands
    got = np.fromiter((evaluate(hand, rules).key for hand in hands), dtype=np.int64, count=math.comb(size, 5))
    wrong = np.flatnonzero(got != expected)
    assert not len(wrong), f"{len(wrong)} hands differ, first {fast.decode(fast.all_hands(size)[wrong[0]])}"
    # Each key stands for one value: the tables' value of that key is the reference's.
    table_values = {v.key: v for table in dicts(rules._tables) for v in table.values()}
    assert set(table_values) >= set(by_key)
    assert all(same(table_values[key], value) for key, value in by_key.items())
    # And so do the low values (HR-6): the same key, low, the same words with " (low)".
    low_values = {v.key: v for table in dicts(rules._low_tables) for v in table.values()}
    assert all(v.low and same(v, HandValue(k, by_key[k].category, by_key[k].ranks, low=True))
               for k, v in low_values.items() if k in by_key)


@pytest.mark.parametrize("size,ace_low", [(32, True), (36, False)])
def test_every_low_hand_equals_the_reference(size, ace_low):
    rules = HandRules(size, ace_low)
    expected, _ = reference_keys(rules)
    lows = [evaluate_low(hand, rules) for hand in itertools.combinations(deck(size), 5)]
    assert all(v.low for v in lows)
    assert np.array_equal(np.fromiter((v.key for v in lows), dtype=np.int64, count=len(lows)), expected)
    assert hand_text(lows[0]).endswith(" (low)")


@pytest.mark.parametrize("size,ace_low", [(52, True), (32, False), (20, True)])
def test_every_partial_hand_equals_the_reference(size, ace_low):
    # A partial hand's value depends only on its ranks (HR-7): the reference runs on
    # one hand per rank multiset, every hand's key is checked against its class.
    rules = HandRules(size, ace_low)
    for n in range(1, 5):
        hands = fast.all_hands(size, n)
        klass = (hands // 4).astype(np.int64) @ (13 ** np.arange(n))
        _, first, inverse = np.unique(klass, return_index=True, return_inverse=True)
        want = [reference_partial(fast.decode(hands[i]), rules) for i in first]
        got = [evaluate_partial(fast.decode(hands[i]), rules) for i in first]
        assert all(same(g, w) for g, w in zip(got, want))
        keys = np.array([w.key for w in want])[inverse]
        combos = itertools.combinations(deck(size), n)  # the row order of all_hands
        assert np.array_equal(np.fromiter((evaluate_partial(h, rules).key for h in combos), dtype=np.int64), keys)


def test_every_value_of_value_counts_comes_from_the_tables():
    for size, ace_low in SETTINGS:
        rules = HandRules(size, ace_low)
        assert sum(n for _, n in value_counts(rules)) == math.comb(size, 5)
        table_ids = {id(v) for table in dicts(rules._tables) for v in table.values()}
        assert {id(v) for v, _ in value_counts(rules)} <= table_ids


# ------------------------------------------------- random hands, any form


@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_random_hands_in_any_order_and_form_equal_the_reference(size, ace_low):
    rules = HandRules(size, ace_low)
    rng = np.random.default_rng([size, ace_low])
    cards = deck(size)
    for _ in range(1500):
        hand = [cards[i] for i in rng.choice(size, 5, replace=False)]  # shuffled order
        want = _reference_evaluate(hand, rules)
        forms = [tuple(hand), list(hand), iter(hand), [c.short for c in hand], tuple(str(c) for c in hand)]
        for form in forms:
            assert same(evaluate(form, rules), want), (form, want)
        assert same(evaluate_low(hand[::-1], rules), HandValue(want.key, want.category, want.ranks, low=True))
        assert same(evaluate_partial(hand, rules), want)
        other = [cards[i] for i in rng.choice(size, 5, replace=False)]
        other_key = _reference_evaluate(other, rules).key
        expected = (want.key > other_key) - (want.key < other_key)
        assert compare(hand, tuple(other), rules) == expected == -compare(hand, other, rules, low=True)


def test_cards_built_by_hand_are_coded_like_the_deck_cards():
    # Card(rank, suit) makes a new object, equal to the deck's: same term, same value.
    made = tuple(type(c)(c.rank, c.suit) for c in parse_cards("Ah Kh Qh Jh Th"))
    assert made[0] is not Card.parse("Ah") and [c.hand_term for c in made] == [c.hand_term for c in parse_cards("Ah Kh Qh Jh Th")]
    assert hand_text(evaluate(made)) == "straight flush, ace high"


# ------------------------------------------------------------------ errors


BAD_HANDS = [
    ("Ah Kd Qs Jc", 52),  # four cards
    ("Ah Kd Qs Jc 9h 8h", 52),  # six
    ("Ah Kd Qs Jc Ah", 52),  # a card twice
    ("Ah Ah Ah Ah Ah", 52),  # five times the same card: five of a kind
    ("As Ad Ah Ac As", 52),
    ("6c 7d 8h 9s Tc", 32),  # 6♣ is not in the 32-card deck
    ("2c 2d 2h 2s 3c", 48),
    ("9c Tc Jc Qc Kc", 20),  # a flush with a card below the deck
    ("Ah Kh Qh Jh 9h 9h", 52),
]


@pytest.mark.parametrize("text,size", BAD_HANDS)
@pytest.mark.parametrize("form", [tuple, list, iter, lambda cards: [c.short for c in cards]])
def test_errors_are_the_reference_errors(text, size, form):
    rules = HandRules(size)
    cards = parse_cards(text, allow_repeats=True)
    with pytest.raises(CardError) as want:
        _reference_evaluate(cards, rules)
    for evaluator in (evaluate, evaluate_low):
        with pytest.raises(CardError, match=re.escape(str(want.value))):
            evaluator(form(cards), rules)
    if len(cards) == 5:
        with pytest.raises(CardError, match=re.escape(str(want.value))):
            evaluate_partial(form(cards), rules)
        with pytest.raises(CardError, match=re.escape(str(want.value))):
            compare(form(cards), parse_cards("2c 3c 4c 5c 7d"), rules)


def test_an_iterator_of_six_cards_shows_all_six():
    with pytest.raises(CardError, match=re.escape("a hand here has 5 cards, got 6: A♥ K♦ Q♠ J♣ 9♥ 8♥")):
        evaluate(iter(parse_cards("Ah Kd Qs Jc 9h 8h")))


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: evaluate(parse_cards("Ah Kd Qs Jc 9h"), 32), TypeError, "rules must be a HandRules, got 32"),
        (lambda: evaluate(parse_cards("Ah Kd Qs Jc 9h"), None), TypeError, "rules must be a HandRules, got None"),
        (lambda: evaluate(None), TypeError, "cards must be an iterable of cards (Card or text such as 'Ah'), got None"),
        (lambda: evaluate(5), TypeError, "cards must be an iterable of cards (Card or text such as 'Ah'), got 5"),
        (lambda: evaluate("Ah Kd Qs Jc 9h"), CardError, "cards must be separate cards, got the string 'Ah Kd Qs Jc 9h'"),
        (lambda: evaluate([1, 2, 3, 4, 5]), CardError, "cannot read 1 as a card"),
        (lambda: evaluate_low(None), TypeError, "cards must be an iterable of cards"),
        (lambda: evaluate_low(parse_cards("Ah Kd Qs Jc 9h"), "32"), TypeError, "rules must be a HandRules, got '32'"),
        (lambda: evaluate_partial(None), TypeError, "cards must be an iterable of cards"),
        (lambda: evaluate_partial(parse_cards("Ah Kd"), 32), TypeError, "rules must be a HandRules, got 32"),
        (lambda: evaluate_partial(parse_cards("Ah Ah"), HandRules()), CardError, "card A♥ appears twice"),
        (lambda: compare(None, parse_cards("Ah Kd Qs Jc 9h")), TypeError, "cards must be an iterable of cards"),
        (lambda: compare("Ah Kd Qs Jc 9h".split(), "As Kc Qd Jh 9c".split(), low="yes"), TypeError,
         "low must be True or False (HR-6), got 'yes'"),
        (lambda: compare("Ah Kd Qs Jc 9h".split(), "As Kc Qd Jh 9c".split(), 32), TypeError, "rules must be a HandRules, got 32"),
        (lambda: value_counts(32), TypeError, "rules must be a HandRules, got 32"),
        (lambda: HandRules(52.0), CardError, "deck size 52.0 is not one of 52, 48"),
        (lambda: HandRules(True), CardError, "deck size True is not one of"),
        (lambda: HandRules("32"), CardError, "deck size '32' is not one of"),
        (lambda: HandRules(None), CardError, "deck size None is not one of"),
        (lambda: HandRules(32, order=5), TypeError, "order must be a sequence of the nine HR-1 categories, got 5"),
        (lambda: HandRules(32, order="flush"), TypeError, "order must be a sequence of the nine HR-1 categories, got 'flush'"),
        (lambda: HandRules(32, ace_low=1), ValueError, "ace_low must be True or False, got 1 (HR-5)"),
    ],
)
def test_bad_arguments_get_an_error_naming_the_argument_and_value(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()


def test_numpy_deck_sizes_are_accepted_and_stored_as_int():
    rules = HandRules(np.int64(32))
    assert type(rules.deck_size) is int and rules == HandRules(32) and hash(rules) == hash(HandRules(32))


# ------------------------------------------------------- made once, lazily


def test_tables_are_made_on_first_use_and_shared_by_equal_rules():
    rules = HandRules(44, ace_low=False, order=list(HandRules(44).order))  # a fresh instance
    assert "_tables" not in vars(rules)
    evaluate(parse_cards("Ah Kd Qs Jc 9h"), rules)
    assert "_tables" in vars(rules) and "_low_tables" not in vars(rules)
    assert HandRules(44, ace_low=False)._tables is rules._tables


def test_importing_cardlab_builds_no_table():
    code = ("import cardlab, cardlab.hands as h; "
            "print([f.cache_info().currsize for f in (h._high_dicts, h._build_tables, h._build_low_tables, h._build_partial_tables)])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[0, 0, 0, 0]"
