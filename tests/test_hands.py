"""cardlab.hands: categories (HR-1), ties (HR-2), short decks (HR-3, HR-4, HR-5),
low (HR-6) and partial hands (HR-7), exact counts and every error path."""

import math
import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import DECK_SIZES, CardError, Rank, Suit, deck, deck_ranks, parse_cards
from cardlab.hands import (
    CATEGORIES,
    Category,
    HandRules,
    HandRulesError,
    HandValue,
    category_counts,
    compare,
    evaluate,
    evaluate_low,
    evaluate_partial,
    hierarchy,
    rarity_order,
    value_counts,
)
from cardlab.words import hand_text

# HR-5 is an option for short decks only: 52 cards always count A-2-3-4-5 (HR-1).
SETTINGS = [(size, ace_low) for size in DECK_SIZES for ace_low in (True, False) if ace_low or size < 52]
HR1_NAMES = [
    "straight flush", "four of a kind", "full house", "flush", "straight",
    "three of a kind", "two pair", "one pair", "high card",
]  # fmt: skip
TEXTBOOK_52 = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
# HR-4 as the rule page writes it: the top five, best first, per deck size.
SF, FK, FH, FL, ST = "straight flush", "four of a kind", "full house", "flush", "straight"
HR4_TABLE = {52: [SF, FK, FH, FL, ST]}
HR4_TABLE |= {n: [SF, FK, FL, FH, ST] for n in (48, 44, 40, 36)}
HR4_TABLE |= {n: [SF, FL, FK, FH, ST] for n in (32, 28, 24, 20)}
LOWER_FOUR = ["three of a kind", "two pair", "one pair", "high card"]


def value(text, rules=HandRules()):
    return evaluate(parse_cards(text), rules)


def key_of(text, rules=HandRules()):
    return value(text, rules).key


@st.composite
def rules_and_hand(draw, size=5):
    rules = HandRules(*draw(st.sampled_from(SETTINGS)))
    hand = draw(st.lists(st.sampled_from(deck(rules.deck_size)), min_size=size, max_size=size, unique=True))
    return rules, hand


# ----------------------------------------------------------------- HR-1


def test_categories_carry_exactly_the_hr1_names_in_order():
    assert [str(c) for c in CATEGORIES] == HR1_NAMES
    assert all(Category(name) == name for name in HR1_NAMES)


@pytest.mark.parametrize(
    "text,category,words",
    [
        ("Ah Kh Qh Jh Th", "straight flush", "straight flush, ace high"),
        ("5d 4d 3d 2d Ad", "straight flush", "straight flush, five high"),
        ("9c 9d 9h 9s 2c", "four of a kind", "four of a kind, nines"),
        ("Kh Ks Kd 7c 7h", "full house", "full house, kings over sevens"),
        ("Ah Jh 8h 4h 2h", "flush", "flush, ace high"),
        ("Ah 2d 3c 4s 5h", "straight", "straight, five high"),
        ("Tc Jd Qh Ks Ac", "straight", "straight, ace high"),
        ("6c 6d 6h Ks 2c", "three of a kind", "three of a kind, sixes"),
        ("Jh Js 4d 4c 2s", "two pair", "two pair, jacks and fours"),
        ("Qh Qs 9d 4c 2s", "one pair", "one pair, queens"),
        ("Ah Js 9d 4c 2s", "high card", "high card, ace"),
        ("Qh Ks Ad 2c 3s", "high card", "high card, ace"),  # no wrap-around (HR-1)
        ("Kh Ks Kd 7c Ah", "three of a kind", "three of a kind, kings"),
    ],
)
def test_hr1_categories_and_descriptions(text, category, words):
    result = value(text)
    assert result.category == category and hand_text(result) == words
    # the repr reads as code, with no words (each language's are hand_text's)
    assert isinstance(result, HandValue) and eval(repr(result), {"HandValue": HandValue, "Category": Category, "Rank": Rank}) == result
    assert repr(result).startswith(f"HandValue(key={result.key}, category=Category.") and words not in repr(result)


def test_hr1_order_on_52_cards_best_first():
    hands = ["9h Th Jh Qh Kh", "2c 2d 2h 2s 3c", "3c 3d 3h 2s 2c", "2h 4h 6h 8h Th",
             "Ah 2d 3c 4s 5h", "2c 2d 2h 3s 4c", "2c 2d 3h 3s 4c", "2c 2d 3h 4s 5c", "Ac Qd Jh 9s 8c"]  # fmt: skip
    values = [value(h) for h in hands]
    assert [str(v.category) for v in values] == HR1_NAMES
    assert values == sorted(values, reverse=True) and len(set(values)) == 9


def test_textbook_counts_for_52_cards():
    counts = category_counts(52)
    assert list(counts) == HR1_NAMES and list(counts.values()) == TEXTBOOK_52


# ----------------------------------------------------------------- HR-2


@pytest.mark.parametrize(
    "better,worse,why",
    [
        ("Ah Kd 4s 3c 2h", "Ac Qd Js Tc 8h", "high card: the highest cards first"),
        ("Ah Kd Qs Jc 9h", "Ac Kh Qd Jd 8s", "high card: down to the fifth card"),
        ("Ah Kh 4h 3h 2h", "Ac Qc Jc Tc 8c", "flush: the highest cards first"),
        ("Ah Kh Qh Jh 8h", "Ac Kc Qc Jc 7c", "flush: down to the fifth card"),
        ("9h 9d 4s 3c 2h", "8h 8d As Kc Qh", "one pair: the pair first"),
        ("9h 9d As 3c 2h", "9s 9c Kd Qc Jh", "one pair: then the side cards"),
        ("9h 9d As Kc 3h", "9s 9c Ad Kh 2c", "one pair: down to the last side card"),
        ("Kh Kd 3s 3c 2h", "Qh Qd Js Jc Ah", "two pair: the higher pair"),
        ("Kh Kd 4s 4c 2h", "Ks Kc 3d 3h Ah", "two pair: then the lower pair"),
        ("Kh Kd 4s 4c 3h", "Ks Kc 4d 4h 2c", "two pair: then the fifth card"),
        ("8h 8d 8s 2c 3h", "7h 7d 7s Ac Kh", "three of a kind: the three cards"),
        ("8h 8d 8s Ac 3h", "8h 8d 8s Kc Qh", "three of a kind: then the rest (several decks)"),
        ("8h 8d 8s 2c 2h", "7h 7d 7s Ac Ah", "full house: the three cards"),
        ("8h 8d 8s Ac Ah", "8h 8d 8s Kc Kh", "full house: then the pair (several decks)"),
        ("3h 3d 3s 3c 2h", "2h 2d 2s 2c Ah", "four of a kind: the four cards"),
        ("9h 9d 9s 9c Ah", "9h 9d 9s 9c Kh", "four of a kind: then the fifth"),
        ("6h 5d 4s 3c 2h", "5h 4d 3s 2c Ah", "straight: the top card; five-high is lowest"),
        ("Ah Kd Qs Jc Th", "Kh Qd Js Tc 9h", "straight: the top card"),
        ("6h 5h 4h 3h 2h", "5s 4s 3s 2s As", "straight flush: the top card"),
    ],
)
def test_hr2_tie_breaks(better, worse, why):
    assert value(better) > value(worse), why
    assert compare(better.split(), worse.split()) == 1 and compare(worse.split(), better.split()) == -1


@pytest.mark.parametrize(
    "a,b",
    [
        ("Ah Kd Qs Jc 9h", "As Kc Qd Jh 9c"),
        ("Ah Jh 8h 4h 2h", "As Js 8s 4s 2s"),
        ("Th Td 5s 5c 2h", "Ts Tc 5d 5h 2c"),
        ("Ah 2d 3c 4s 5h", "As 2c 3d 4h 5s"),
    ],
)
def test_hr2_hands_equal_on_every_step_tie_exactly(a, b):
    assert value(a) == value(b) and hash(value(a)) == hash(value(b))
    assert compare(a.split(), b.split()) == 0


# ------------------------------------------------------------ HR-3, HR-4


def test_hr4_table_holds():
    for size in DECK_SIZES:
        assert [str(c) for c in hierarchy(size)] == HR4_TABLE[size] + LOWER_FOUR
        assert HandRules(size).order == hierarchy(size)


@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_every_value_of_a_better_category_beats_every_value_of_a_worse_one(size, ace_low):
    rules = HandRules(size, ace_low)
    values = value_counts(rules)  # worst first
    seen = [v.category for v, _ in values]
    order = [c for c in reversed(rules.order) if c in seen]
    assert [c for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c] == order  # contiguous blocks
    assert sum(n for _, n in values) == math.comb(size, 5)


@pytest.mark.parametrize("size,ace_low", [s for s in SETTINGS if s[0] >= 32])
def test_hr4_table_agrees_with_rarity_on_the_top_five(size, ace_low):
    assert rarity_order(size, ace_low)[:5] == hierarchy(size)[:5]


def test_what_rarity_says_for_the_decks_outside_the_table():
    # 28 cards: rarity agrees with the 32-card column the rule page prescribes.
    assert rarity_order(28)[:5] == hierarchy(32)[:5] == rarity_order(28, ace_low=False)[:5]
    # 24 cards: the 32 column too, but with HR-5 flushes and straight flushes tie
    # (12 each: three rank sets of five, each a straight or not, four suits).
    c24 = category_counts(24)
    assert c24["flush"] == c24["straight flush"] == 12
    assert rarity_order(24, ace_low=False)[:5] == hierarchy(32)[:5]
    # 20 cards: five ranks, so five different ranks are always 10-J-Q-K-A:
    # no flush and no high card exists, and HR-5 changes nothing.
    c20 = category_counts(20)
    assert c20["flush"] == c20["high card"] == 0
    assert c20["straight flush"] == 4 and c20["straight"] == 4**5 - 4
    assert c20 == category_counts(20, ace_low=False)
    assert rarity_order(20)[:2] == (Category.FLUSH, Category.HIGH_CARD)


def test_high_card_is_rarer_than_one_pair_from_44_cards_down():
    # HR-4's remark ("below 44 cards") is already true at 44: 463,080 < 506,880.
    for size in DECK_SIZES:
        counts = category_counts(size)
        assert (counts["high card"] < counts["one pair"]) == (size <= 44), size


def test_short_deck_orders_in_play():
    flush, full = "7h 9h Jh Kh Ah", "7c 7d 7s 8c 8d"
    quads = "7c 7d 7h 7s 8c"
    assert value(flush) < value(full)  # 52: full house > flush
    assert value(flush, HandRules(36)) > value(full, HandRules(36)) < value(quads, HandRules(36))
    assert value(flush, HandRules(32)) > value(quads, HandRules(32)) > value(full, HandRules(32))
    assert value(flush, HandRules(32, order=hierarchy(52))) < value(full, HandRules(32, order=hierarchy(52)))


def test_rarity_order_is_derived_from_the_counts():
    for size, ace_low in SETTINGS:
        counts = category_counts(size, ace_low)
        ranked = [counts[str(c)] for c in rarity_order(size, ace_low)]
        assert ranked == sorted(ranked) and sorted(map(str, rarity_order(size, ace_low))) == sorted(HR1_NAMES)
    assert [str(c) for c in rarity_order(52)] == HR1_NAMES


@pytest.mark.parametrize("size,ace_low", SETTINGS)
def test_straight_counts_follow_from_the_number_of_windows(size, ace_low):
    # r ranks make r - 4 runs of five, plus the ace-low run with HR-5 (in 20 cards
    # A-10-J-Q-K is already the top run); each run is 4 straight flushes and
    # 4**5 - 4 straights.
    r = size // 4
    runs = r - 4 + (ace_low and r > 5)
    counts = category_counts(size, ace_low)
    assert counts["straight flush"] == 4 * runs and counts["straight"] == (4**5 - 4) * runs
    assert counts["four of a kind"] == r * (size - 4)
    assert counts["full house"] == r * 4 * (r - 1) * 6


# ----------------------------------------------------------------- HR-5


@pytest.mark.parametrize("size", DECK_SIZES)
def test_hr5_ace_low_straight_in_every_deck(size):
    low = [str(r) for r in deck_ranks(size)[:5]]
    wheel = f"Ah {low[0]}c {low[1]}d {low[2]}s {low[3]}c".replace("10", "T")
    lowest_run = " ".join(f"{r}{s}" for r, s in zip(low, "cdhsc")).replace("10", "T")
    with_rule = HandRules(size)
    without = HandRules(size, ace_low=False) if size < 52 else with_rule  # 52: always counted (HR-1)
    if size == 20:  # A-10-J-Q-K is the only run: a straight either way, ace high
        assert hand_text(value(wheel, with_rule)) == hand_text(value(wheel, without)) == "straight, ace high"
        return
    assert hand_text(value(wheel, with_rule)) == f"straight, {deck_ranks(size)[3].word} high"
    assert value(wheel, with_rule) < value(lowest_run, with_rule)
    assert value(wheel, without).category == ("straight" if size == 52 else "high card")
    lower = [v for v, _ in value_counts(with_rule) if v.category == "straight"]
    assert lower[0] == value(wheel, with_rule)  # the lowest straight of the deck


def test_hr5_examples_from_the_rule_page():
    rules32, rules36 = HandRules(32), HandRules(36)
    assert hand_text(value("Ah 7c 8d 9s Th", rules32)) == "straight, ten high"
    assert value("Ah 7c 8d 9s Th", rules32) < value("7c 8d 9s Th Jh", rules32)
    assert hand_text(value("Ah 6c 7d 8s 9h", rules36)) == "straight, nine high"
    assert value("Ah 7h 8h 9h Th", rules32).category == "straight flush"
    assert value("Ah 3d 4c 5s 6h", HandRules(48, ace_low=False)).category == "high card"


def test_hr5_is_an_option_for_short_decks_only_hr1_counts_the_wheel_with_52_cards():
    with pytest.raises(HandRulesError, match=r"52 cards: HR-1 always counts A-2-3-4-5 .*HR-5 .*short decks only"):
        HandRules(52, ace_low=False)
    with pytest.raises(ValueError):  # a ValueError, as every bad setting
        HandRules(deck_size=52, ace_low=False)
    assert hand_text(value("Ah 2d 3c 4s 5h")) == "straight, five high"


# ----------------------------------------------------------------- HR-6


def test_hr6_the_best_low_with_52_cards_is_7_5_4_3_2_mixed():
    best = evaluate_low(parse_cards("7h 5s 4d 3c 2s"))
    worst_high, count = value_counts()[0]
    assert worst_high == value("7h 5s 4d 3c 2s") and count == 4**5 - 4
    for other in ["7h 6s 4d 3c 2s", "8h 5s 4d 3c 2s", "6h 5s 4d 3c 2s", "7h 5h 4h 3h 2h", "Ah 2s 3d 4c 6s", "2h 2s 3d 4c 5s"]:
        assert best > evaluate_low(parse_cards(other)), other
    assert hand_text(best) == "high card, seven (low)" and best.low


def test_hr6_straights_and_flushes_count_against_you_and_the_ace_is_high():
    low = lambda text, rules=HandRules(): evaluate_low(parse_cards(text), rules)  # noqa: E731
    assert low("7h 6s 4d 3c 2s") > low("6h 5s 4d 3c 2s")  # the straight is worse
    assert low("8h 6h 4h 3h 2d") > low("8h 6h 4h 3h 2h")  # so is the flush
    assert low("Kh Qs Jd 9c 8s") > low("Ah 2s 3d 4c 6s")  # the ace is high
    no_wheel = HandRules(48, ace_low=False)
    assert low("Ah 3s 4d 5c 6s", no_wheel) > low("Ah 3s 4d 5c 7s", no_wheel)
    # 32 cards: 7-8-9-10-J is a straight, so the best low is Q-10-9-8-7.
    rules = HandRules(32)
    assert value_counts(rules)[0][0] == value("Qh Ts 9d 8c 7s", rules)


@given(rules_and_hand(), st.data())
def test_hr6_low_is_the_exact_inverse_of_high(case, data):
    rules, a = case
    b = data.draw(st.lists(st.sampled_from(deck(rules.deck_size)), min_size=5, max_size=5, unique=True))
    high = compare(a, b, rules)
    assert compare(a, b, rules, low=True) == -high
    assert (evaluate_low(a, rules) > evaluate_low(b, rules)) == (high < 0)


def test_low_and_high_values_do_not_compare():
    with pytest.raises(TypeError, match="cannot compare a high value with a low value"):
        _ = value("7h 5s 4d 3c 2s") < evaluate_low(parse_cards("7h 5s 4d 3c 2s"))
    assert value("7h 5s 4d 3c 2s") != evaluate_low(parse_cards("7h 5s 4d 3c 2s"))


# ----------------------------------------------------------------- HR-7


@pytest.mark.parametrize(
    "text,words",
    [
        ("Ah", "high card, ace"),
        ("Qh Qs", "one pair, queens"),
        ("Qh Qs 3d", "one pair, queens"),
        ("Qh Qs 3d 3c", "two pair, queens and threes"),
        ("5h 5s 5d", "three of a kind, fives"),
        ("5h 5s 5d Ac", "three of a kind, fives"),
        ("5h 5s 5d 5c", "four of a kind, fives"),
        ("9h Th Jh Qh", "high card, queen"),  # four to a straight flush show nothing yet
    ],
)
def test_hr7_partial_hands_show_only_what_they_have(text, words):
    assert hand_text(evaluate_partial(parse_cards(text))) == words


def test_hr7_partial_order():
    p = lambda text: evaluate_partial(parse_cards(text))  # noqa: E731
    assert p("2h 2s") > p("Ah Ks Qd Jc")
    assert p("Qh Qs 3d") > p("Jh Js Ad")
    assert p("3h 3s 2d 2c") > p("Ah As Kd Qc")
    assert p("2h 2s 2d") > p("Ah As Kd Kc")
    assert p("2h 2s 2d 2c") > p("Ah As Ad Kc")
    assert p("Qh Qs Ad") > p("Qd Qc Kd")  # side cards count, as in HR-2
    assert evaluate_partial(parse_cards("Kh Ks Kd 7c 7h")) == value("Kh Ks Kd 7c 7h")


# ------------------------------------------------------ invariants (hypothesis)


@given(rules_and_hand(), st.permutations(list(Suit)), st.randoms(use_true_random=False))
def test_value_does_not_change_with_card_order_or_suit_names(case, suits, random):
    rules, hand = case
    original = evaluate(hand, rules)
    shuffled = list(hand)
    random.shuffle(shuffled)
    assert evaluate(shuffled, rules) == original
    rename = dict(zip(Suit, suits))
    recoloured = [type(card)(card.rank, rename[card.suit]) for card in hand]
    assert evaluate(recoloured, rules) == original
    assert evaluate([c.short for c in hand], rules) == original  # text works too


@given(rules_and_hand())
def test_key_orders_like_the_value_and_category_is_consistent(case):
    rules, hand = case
    result = evaluate(hand, rules)
    assert result.key >> 20 == rules.strength(result.category)
    assert evaluate_partial(hand, rules) == result


# ------------------------------------------------------------- rules as data


def test_hand_rules_are_values():
    assert HandRules(32) == HandRules(32, True, hierarchy(32)) and hash(HandRules(32)) == hash(HandRules(32))
    assert HandRules(32) != HandRules(32, ace_low=False)
    assert pickle.loads(pickle.dumps(HandRules(36, False))) == HandRules(36, False)
    assert HandRules(36, order=[str(c) for c in hierarchy(52)]).order == hierarchy(52)
    assert HandRules().strength("straight flush") == 8 and HandRules().strength(Category.HIGH_CARD) == 0
    assert [str(r) for r in HandRules(20).ranks] == ["10", "J", "Q", "K", "A"]


# ------------------------------------------------------------------- errors


def test_rules_errors_name_the_bad_value():
    with pytest.raises(CardError, match=r"deck size 33 is not one of 52, .* \(HR-3\)"):
        HandRules(33)
    with pytest.raises(CardError, match="deck size 50"):
        hierarchy(50)
    with pytest.raises(ValueError, match=r"ace_low must be True or False, got 'yes' \(HR-5\)"):
        HandRules(52, ace_low="yes")
    with pytest.raises(ValueError, match="unknown category in order .*royal flush"):
        HandRules(52, order=["royal flush", *HR1_NAMES[1:]])
    with pytest.raises(ValueError, match="order must list each of the nine HR-1 categories once"):
        HandRules(52, order=HR1_NAMES[:8])
    with pytest.raises(ValueError, match="order must list each of the nine HR-1 categories once"):
        HandRules(52, order=[*HR1_NAMES[:8], HR1_NAMES[0]])
    with pytest.raises(ValueError, match="'royal flush' is not a valid Category"):
        HandRules().strength("royal flush")


def test_hand_errors_name_the_bad_value():
    with pytest.raises(CardError, match=re.escape("a hand here has 5 cards, got 4: A♥ K♦ Q♠ J♣")):
        evaluate(parse_cards("Ah Kd Qs Jc"))
    with pytest.raises(CardError, match="a hand here has 5 cards, got 6"):
        evaluate(parse_cards("Ah Kd Qs Jc 9h 8h"))
    with pytest.raises(CardError, match="card A♥ appears twice"):
        evaluate(parse_cards("Ah Kd Qs Jc Ah", allow_repeats=True))
    with pytest.raises(CardError, match=re.escape("6♣ is not in the 32-card deck, which runs 7-A (HR-3)")):
        evaluate(parse_cards("6c 7d 8h 9s Tc"), HandRules(32))
    with pytest.raises(CardError, match="cannot read 'Kx' as a card"):
        evaluate(["Ah", "Kx", "Qs", "Jc", "9h"])
    with pytest.raises(CardError, match="a hand here has 1 to 5 cards, got 0"):
        evaluate_partial([])
    with pytest.raises(CardError, match="a hand here has 1 to 5 cards, got 6"):
        evaluate_partial(parse_cards("Ah Kd Qs Jc 9h 8h"))
    with pytest.raises(CardError, match=re.escape("2♣ is not in the 36-card deck")):
        evaluate_partial(parse_cards("2c"), HandRules(36))
    with pytest.raises(CardError, match="appears twice"):
        compare("Ah Ah Qs Jc 9h".split(), "Ah Kd Qs Jc 9h".split())


@given(rules_and_hand())
def test_duplicate_in_a_hand_is_always_an_error(case):
    rules, cards = case
    with pytest.raises(CardError, match="appears twice"):
        evaluate([*cards[:4], cards[0]], rules)
