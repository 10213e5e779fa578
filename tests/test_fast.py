"""cardlab.fast: the batch evaluator gives exactly the scalar keys, on every hand.

The exhaustive scalar comparison (every hand of every deck, both HR-5 settings for the
short decks) costs about 1 µs a hand in pure Python (the scalar evaluator's table
lookup and the loop): 52 cards and the decks of 32 cards and fewer run here; 48 .. 36
cards are in ``test_fast_exhaustive.py``.
"""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab import fast
from cardlab.cards import DECK_SIZES, Card, CardError, deck, parse_cards
from cardlab.hands import CATEGORIES, HandRules, category_counts, evaluate, evaluate_low, hierarchy

# HR-5 is an option for short decks only: 52 cards always count A-2-3-4-5 (HR-1).
SETTINGS = [(size, ace_low) for size in DECK_SIZES for ace_low in (True, False) if ace_low or size < 52]
TEXTBOOK_52 = {  # five-card poker, 52 cards, C(52, 5) = 2,598,960 hands
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
    "one pair": 1098240,
    "high card": 1302540,
}


def scalar_keys(rules: HandRules) -> np.ndarray:
    """evaluate(...).key of every hand, in the row order of all_hands."""
    hands = itertools.combinations(deck(rules.deck_size), 5)
    count = math.comb(rules.deck_size, 5)
    return np.fromiter((evaluate(hand, rules).key for hand in hands), dtype=np.int64, count=count)


def assert_batch_equals_scalar(size: int, ace_low: bool) -> None:
    rules = HandRules(size, ace_low)
    batch = fast.evaluate_batch(fast.all_hands(size), rules)
    scalar = scalar_keys(rules)
    mismatched = np.flatnonzero(batch != scalar)
    assert not len(mismatched), (
        f"{len(mismatched)} hands differ, first {fast.decode(fast.all_hands(size)[mismatched[0]])}"
    )


# ----------------------------------------------------------------- every hand


@pytest.mark.parametrize("size,ace_low", [s for s in SETTINGS if s[0] in (52, 32, 28, 24, 20)])
def test_batch_equals_scalar_on_every_hand(size, ace_low):
    assert_batch_equals_scalar(size, ace_low)
    # (48, 44, 40 and 36 cards: test_fast_exhaustive.py)


@pytest.mark.parametrize("size", DECK_SIZES)
def test_all_hands_is_itertools_combinations_of_the_deck(size):
    hands = fast.all_hands(size)
    assert hands.shape == (math.comb(size, 5), 5) and hands.dtype == np.uint8
    codes = [card.code for card in deck(size)]
    for start in (0, len(hands) // 2, len(hands) - 3000):
        expected = itertools.islice(itertools.combinations(codes, 5), start, start + 3000)
        assert np.array_equal(hands[start : start + 3000], np.array(list(expected), dtype=np.uint8))
    # strictly increasing rows of the deck's codes, in strictly increasing lexicographic order
    assert (np.diff(hands.astype(np.int16), axis=1) > 0).all()
    as_numbers = hands.astype(np.int64) @ (52 ** np.arange(4, -1, -1))
    assert (np.diff(as_numbers) > 0).all()


def test_all_hands_is_read_only_and_other_sizes():
    with pytest.raises(ValueError):
        fast.all_hands(52)[0, 0] = 1
    assert fast.all_hands(20, 2).shape == (190, 2)
    with pytest.raises(CardError, match="cannot take 21 cards from a 20-card deck"):
        fast.all_hands(20, 21)
    with pytest.raises(CardError, match="33"):
        fast.all_hands(33)


# -------------------------------------------------------------------- counts


def test_52_card_enumeration_gives_the_textbook_counts():
    assert fast.enumerate_counts(HandRules(52)) == TEXTBOOK_52


@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_enumeration_equals_combinatorial_counts(size, ace_low):
    counts = fast.enumerate_counts(HandRules(size, ace_low))
    assert counts == category_counts(size, ace_low)
    assert list(counts) == [str(c) for c in CATEGORIES]
    assert sum(counts.values()) == math.comb(size, 5)


def test_enumeration_follows_a_custom_order():
    # The same hands fall in the same categories whatever the order (HR-4 is only an order).
    rules = HandRules(36, order=hierarchy(52))
    assert fast.enumerate_counts(rules) == fast.enumerate_counts(HandRules(36))


# ------------------------------------------------- keys, order and categories


@pytest.mark.parametrize("size,ace_low", [(52, True), (36, False), (32, True), (20, True)])
def test_keys_invariant_under_card_order_and_suit_permutation(size, ace_low):
    rules = HandRules(size, ace_low)
    hands = fast.all_hands(size)
    keys = fast.evaluate_batch(hands, rules)
    rng = np.random.default_rng(size)
    shuffled = rng.permuted(hands, axis=1)  # each row in its own order
    assert np.array_equal(fast.evaluate_batch(shuffled, rules), keys)
    for perm in itertools.permutations(range(4)):
        recoloured = (hands & ~np.uint8(3)) | np.array(perm, dtype=np.uint8)[hands & 3]
        assert np.array_equal(fast.evaluate_batch(recoloured, rules), keys)


@given(st.sampled_from(SETTINGS), st.randoms(use_true_random=False), st.integers(1, 40))
def test_random_hands_match_scalar(setting, random, n):
    rules = HandRules(*setting)
    hands = [random.sample(deck(rules.deck_size), 5) for _ in range(n)]
    keys = fast.evaluate_batch(fast.encode(hands), rules)
    assert keys.dtype == np.int32
    assert keys.tolist() == [evaluate(hand, rules).key for hand in hands]


@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_category_of_keys(size, ace_low):
    rules = HandRules(size, ace_low)
    keys = fast.hand_keys(rules)
    categories = fast.category_of_keys(keys, rules)
    tally = np.bincount(categories, minlength=9)
    assert dict(zip(map(str, CATEGORIES), tally.tolist())) == category_counts(size, ace_low)
    # and the keys order categories as the rules do (HR-4)
    strength = {c: i for i, c in enumerate(reversed(rules.order))}
    by_key = [CATEGORIES[i] for i in categories[np.argsort(keys, kind="stable")]]
    ranks = [strength[c] for c in by_key]
    assert ranks == sorted(ranks)


def test_keys_work_with_a_custom_order():
    rules = HandRules(52, order=tuple(reversed(hierarchy(52))))  # high card best, for once
    hands = fast.encode(["2c 3d 4h 5s 7c", "Ah Kh Qh Jh Th"])
    low, royal = fast.evaluate_batch(hands, rules)
    assert low > royal
    assert [evaluate(h, rules).key for h in fast.decode(hands)] == [low, royal]


def test_long_input_spans_several_chunks_and_any_integer_dtype():
    hands = fast.all_hands(28)
    rows = np.concatenate([hands] * 3)  # several chunks of the inner loop
    for dtype in (np.uint8, np.int16, np.int64, np.uint32):
        keys = fast.evaluate_batch(rows.astype(dtype), HandRules(28))
        assert np.array_equal(keys, np.tile(fast.hand_keys(HandRules(28)), 3))
    assert fast.evaluate_batch(np.empty((0, 5), dtype=np.uint8)).shape == (0,)


# ---------------------------------------------------------- hands_beating


def test_hands_beating_in_52_cards_by_hand_count():
    # From the textbook counts: a royal flush is beaten by nothing, the worst straight
    # flush by the 36 better ones; the best quads by all 40 straight flushes.
    assert fast.hands_beating("Ah Kh Qh Jh Th") == 0
    assert fast.hands_beating("5s 4s 3s 2s As") == 36
    assert fast.hands_beating("Ac Ad Ah As Kd") == 40
    # The worst hand, 7-5-4-3-2 of mixed suits, is beaten by everything else but its
    # 4**5 - 4 suit patterns (HR-6 says it is the best low).
    worst = fast.standing("7h 5s 4d 3c 2s")
    assert worst == fast.Standing(better=math.comb(52, 5) - 1020, tied=1020, worse=0)
    assert fast.standing(evaluate_low(parse_cards("7h 5s 4d 3c 2s"))).better == 0


def test_standing_with_dead_cards_counts_the_other_hands():
    own = parse_cards("Ah Ad Ac Ks Kd")  # aces full of kings
    result = fast.standing(own, dead=own)
    assert result.total == math.comb(47, 5)
    # Better, by hand: straight flushes with no dead card. Hearts and clubs lose the
    # royal and the wheel (8 left each), diamonds also the K-high one (7), spades the
    # royal and the K-high one (8); quads of the 11 ranks 2..Q with a fifth of 43 cards.
    assert result.better == (8 + 7 + 8 + 8) + 11 * 43
    assert result.tied == 0  # no aces full: one ace is left
    assert fast.hands_beating(own, dead="Ah Ad Ac Ks Kd") == result.better


def test_standing_errors():
    with pytest.raises(CardError, match="appears twice"):
        fast.standing("Ah Kd Qs Jc 9h", dead="2c 2c")
    with pytest.raises(CardError, match="5 cards, got 4"):
        fast.hands_beating("Ah Kd Qs Jc")


# ---------------------------------------------------------- encode / decode


def test_encode_decode_round_trip():
    hands = [parse_cards("Ah Kd 10c 2s 7h"), parse_cards("7c 8c 9c Tc Jc")]
    codes = fast.encode(hands)
    assert codes.shape == (2, 5) and codes.dtype == np.uint8
    assert fast.decode(codes) == tuple(hands)
    assert fast.decode(fast.encode("Ah Kd")) == parse_cards("Ah Kd")
    assert fast.encode([Card.parse("2c"), "As"]).tolist() == [0, 51]


def test_evaluate_batch_errors_name_the_problem():
    with pytest.raises(CardError, match=r"shape \(N, 5\).*\(5,\)"):
        fast.evaluate_batch(np.arange(5))
    with pytest.raises(CardError, match="dtype float64"):
        fast.evaluate_batch(np.zeros((1, 5)))
    with pytest.raises(CardError, match="card code 52 is not an integer in 0..51"):
        fast.evaluate_batch([[48, 49, 50, 51, 52]])
    with pytest.raises(CardError, match="card code -1 is not"):
        fast.evaluate_batch([[-1, 49, 50, 51, 48]])
    with pytest.raises(CardError, match=r"code 0 \(2♣\) is not in the 48-card deck"):
        fast.evaluate_batch([[0, 49, 50, 51, 48]], HandRules(48))
    repeated = np.tile(fast.encode("Ah Kd Qs Jc 9h"), (40000, 1))
    repeated[39999, 4] = repeated[39999, 0]  # in the second chunk
    with pytest.raises(CardError, match=r"A♥ appears twice in row 39999 \(A♥ K♦ Q♠ J♣ A♥\)"):
        fast.evaluate_batch(repeated)
    with pytest.raises(CardError, match="same number of cards, got 5 and 4"):
        fast.encode(["Ah Kd Qs Jc 9h", "Ah Kd Qs Jc"])
    with pytest.raises(CardError, match="shape"):
        fast.decode(np.zeros((1, 1, 5), dtype=np.uint8))
