"""cardlab.cards: parsing, formatting, ordering, decks (HR-3) and every error path."""

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab import CardError
from cardlab.cards import (
    seeded_integer,
    seeded_permutation,
    DECK_SIZES,
    Card,
    Rank,
    Suit,
    check_distinct,
    deck,
    deck_ranks,
    deck_starting_with,
    format_cards,
    interleave,
    parse_cards,
    rng_for,
    shuffled_deck,
)

ALL_CARDS = deck(52)
cards = st.sampled_from(ALL_CARDS)


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize("text", ["Ah", "AH", "ah", "A♥", "a♥", "A♡", " Ah "])
def test_parse_accepts_the_usual_spellings(text):
    assert Card.parse(text) == Card(Rank.ACE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10h", "Th", "TH", "th", "10♥", "T♥", "10H"])
def test_parse_accepts_both_spellings_of_ten(text):
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)


def test_format():
    assert str(Card.parse("Ah")) == "A♥"
    assert str(Card.parse("Th")) == "10♥"
    assert repr(Card.parse("10s")) == "Card('Ts')"
    assert Card.parse("Qd").name == "queen of diamonds"
    assert format_cards(parse_cards("Ah 10c 2s")) == "A♥ 10♣ 2♠"
    assert Card.parse("Ah").is_red and not Card.parse("As").is_red


@given(cards)
def test_every_spelling_round_trips(card):
    assert Card.parse(card.short) == card
    assert Card.parse(str(card)) == card
    assert Card.parse(card.short.upper()) == Card.parse(card.short.lower()) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.from_code(card.code) is Card.parse(card.short)
    assert pickle.loads(pickle.dumps(card)) == card


@given(st.lists(cards, min_size=1, max_size=10, unique=True), st.sampled_from([" ", ", ", ","]))
def test_parse_cards_round_trips(hand, separator):
    assert parse_cards(separator.join(c.short for c in hand)) == tuple(hand)
    assert parse_cards(format_cards(hand)) == tuple(hand)
    assert parse_cards([str(c) for c in hand]) == tuple(hand)
    assert parse_cards(hand) == tuple(hand)


def test_parse_cards_example_and_repeats():
    assert parse_cards("Ah Kd 10c") == (Card.parse("Ah"), Card.parse("Kd"), Card.parse("Tc"))
    assert parse_cards("Ah ah", allow_repeats=True) == (Card.parse("Ah"),) * 2
    assert parse_cards("") == ()


# --------------------------------------------------------- values and order


def test_codes_cover_0_to_51_in_rank_then_suit_order():
    assert [card.code for card in ALL_CARDS] == list(range(52))
    assert Card.parse("2c").code == 0 and Card.parse("As").code == 51
    assert Card.parse("Kh").code == 4 * Rank.KING.index + Suit.HEARTS.index


def test_cards_are_frozen_hashable_and_sorted_by_rank_then_suit():
    card = Card.parse("Ah")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO
    assert len({Card.parse("Ah"), Card(Rank.ACE, Suit.HEARTS), Card.parse("A♥")}) == 1
    assert sorted(parse_cards("Ah 2s Kd 2c")) == list(parse_cards("2c 2s Kd Ah"))
    assert Card.parse("2s") < Card.parse("3c") and Card.parse("Ah") >= Card.parse("Ad")
    assert max(parse_cards("9h Ts 9s")) == Card.parse("Ts")


def test_ranks_and_suits():
    assert [r.number for r in Rank] == list(range(2, 15))
    assert sorted(Rank, reverse=True)[0] is Rank.ACE
    assert Rank.TWO < Rank.THREE <= Rank.THREE and Rank.ACE > Rank.KING >= Rank.KING
    assert Rank.from_number(10) is Rank.TEN and str(Rank.TEN) == "10"
    assert Rank.SIX.word == "six" and not hasattr(Rank.SIX, "plural")  # a hand's words are cardlab.words.hand_text's
    assert [s.symbol for s in sorted(Suit)] == ["♣", "♦", "♥", "♠"]
    assert {s for s in Suit if s.is_red} == {Suit.DIAMONDS, Suit.HEARTS}
    with pytest.raises(TypeError):
        _ = Rank.ACE < 3
    with pytest.raises(TypeError):
        _ = Suit.CLUBS < "d"
    assert pickle.loads(pickle.dumps(Rank.ACE)) is Rank.ACE


# --------------------------------------------------------------------- decks


@pytest.mark.parametrize("size", DECK_SIZES)
def test_decks_remove_the_lowest_ranks_four_suits_at_a_time(size):
    cards = deck(size)
    assert len(cards) == len(set(cards)) == size
    lowest = {52: "2", 48: "3", 44: "4", 40: "5", 36: "6", 32: "7", 28: "8", 24: "9", 20: "10"}[size]
    assert str(cards[0].rank) == lowest and str(deck_ranks(size)[0]) == lowest  # HR-3
    assert {c.rank for c in cards} == set(deck_ranks(size)) and deck_ranks(size)[-1] is Rank.ACE
    assert all(sum(c.rank is r for c in cards) == 4 for r in deck_ranks(size))
    assert list(cards) == sorted(cards) and set(cards) <= set(ALL_CARDS)


@pytest.mark.parametrize("size", DECK_SIZES)
def test_shuffles_are_seeded_permutations(size):
    a, b = shuffled_deck(size, 7), shuffled_deck(size, 7)
    assert a == b and sorted(a) == list(deck(size))
    assert shuffled_deck(size, 8) != a
    assert shuffled_deck(size, 7, 1) != a  # another stream of the same seed
    assert shuffled_deck(size, 7, 1) == shuffled_deck(size, 7, 1)


@given(st.one_of(st.integers(0, 2**32 - 1), st.integers(0, 2**128 - 1), st.sampled_from([0, 1, 2**32, 2**64])),
       st.lists(st.one_of(st.integers(0, 64), st.integers(0, 2**70)), min_size=1, max_size=3),
       st.sampled_from([52, 32, 25, 7, 2]))
def test_seeded_draws_are_rng_fors(seed, keys, n):
    # the fast path of the engine's shuffles (numpy's SeedSequence hashing on ints) draws
    # exactly what a fresh rng_for(seed, *keys) draws, for any seed and key path
    assert seeded_permutation(n, seed, *keys) == rng_for(seed, *keys).permutation(n).tolist()
    assert seeded_integer(n, seed, *keys) == int(rng_for(seed, *keys).integers(n))


def test_seeded_draws_are_rng_fors_exhaustively_for_small_seeds():
    for seed in range(300):
        for key in range(12):
            assert seeded_permutation(52, seed, key) == rng_for(seed, key).permutation(52).tolist()


@given(st.one_of(st.integers(0, 2**32 - 1), st.integers(0, 2**128 - 1)),
       st.lists(st.one_of(st.integers(0, 300), st.integers(0, 2**70)), min_size=1, max_size=3),
       st.one_of(st.sampled_from([1, 2, 3, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32, 2**40]),
                 st.integers(2, 2**32 - 1)))
def test_seeded_integer_is_rng_fors_for_any_bound(seed, keys, high):
    # seeded_integer draws small bounds on ints (PCG64's first output, numpy's Lemire
    # method); bounds just above 2**31 reject about half the first draws (numpy draws
    # again), 2**32 and above take numpy's other paths: all must be rng_for's draw
    assert seeded_integer(high, seed, *keys) == int(rng_for(seed, *keys).integers(high))


def test_seeded_integer_is_rng_fors_exhaustively_for_small_seeds():
    # the engine's first-dealer draw (KB-1, DP-1 ...) for every seed of the fingerprints and more
    for seed in range(3000):
        for high in (2, 3, 4):
            assert seeded_integer(high, seed, 0) == int(rng_for(seed, 0).integers(high))
    for seed in range(300):
        for key in range(1, 300, 7):
            assert seeded_integer(52, seed, key) == int(rng_for(seed, key).integers(52))


def test_rng_for_streams():
    assert rng_for(3, 1, 2).integers(10**9) == rng_for(3, 1, 2).integers(10**9)
    assert rng_for(3, 1).integers(10**9) != rng_for(3, 2).integers(10**9)
    rng_for(None).integers(5)  # fresh entropy is allowed


# ------------------------------------------------------------------- errors


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize("text", ["1h", "Ax", "", "AhK", "11h", "A", "h", "Ah Kd", "Zz"])
def test_bad_text_says_what_was_wrong_and_what_is_accepted(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    message = str(error.value)
    assert repr(text) in message
    assert "a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)" in message


@pytest.mark.parametrize("value", [12, None, 3.5, ("A", "h")])
def test_non_strings_are_rejected(value):
    with pytest.raises(CardError, match=rf"cannot read {__import__('re').escape(repr(value))} as a card: expected a string"):
        Card.parse(value)


@pytest.mark.parametrize("code", [52, -1, 3.0, "1"])
def test_bad_codes(code):
    with pytest.raises(CardError, match=rf"card code {__import__('re').escape(repr(code))} is not an integer in 0..51"):
        Card.from_code(code)


def test_card_needs_enums():
    with pytest.raises(CardError, match="Card needs a Rank and a Suit, got 'A', 'h'"):
        Card("A", "h")


def test_bad_rank_number():
    with pytest.raises(CardError, match="rank number 15 is not in 2..14"):
        Rank.from_number(15)


@pytest.mark.parametrize("call", [deck, deck_ranks, shuffled_deck])
def test_bad_deck_size(call):
    with pytest.raises(CardError, match=r"deck size 33 is not one of 52, 48, 44, 40, 36, 32, 28, 24, 20 \(HR-3\)"):
        call(33)


def test_a_duplicate_card_is_an_error():
    with pytest.raises(CardError, match="card A♥ appears twice in 'Ah Kd ah'; a hand from one deck holds each card once"):
        parse_cards("Ah Kd ah")
    with pytest.raises(CardError, match="card 2♣ appears twice;"):
        check_distinct(parse_cards("2c 2c", allow_repeats=True))
    with pytest.raises(CardError, match="cannot read 'Kx'"):
        parse_cards(["Ah", "Kx"])


@pytest.mark.parametrize("seed", [-1, "7", 1.5])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match=rf"seed must be a non-negative integer or None, got {__import__('re').escape(repr(seed))}"):
        rng_for(seed)


# -- helpers refuse bad arguments with clear errors ----------------------------------------------


def test_deck_starting_with_refuses_cards_outside_the_deck_and_repeats():
    assert len(deck_starting_with("Ah Kd", 32)) == 32
    with pytest.raises(CardError, match="2♣ is not in the 32-card deck"):
        deck_starting_with("2c", 32)
    with pytest.raises(CardError, match="appears twice"):
        deck_starting_with("Ah ah")
    with pytest.raises(CardError, match="deck size 32.0 is not one of"):
        deck_starting_with("Ah", 32.0)  # type: ignore[arg-type]


def test_interleave_refuses_repeated_cards_and_unequal_hands():
    assert interleave(["Ah", "Kh"], "2c 3c") == parse_cards("Ah 2c Kh 3c")
    with pytest.raises(CardError, match="card A♥ appears twice"):
        interleave("Ah Kh", "2c Ah")
    with pytest.raises(CardError, match="as many cards each, got 2, 1"):
        interleave("Ah Kh", "2c")
    with pytest.raises(CardError, match="cannot read 5 as cards"):
        interleave("Ah", 5)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [True, False, 1.0, "1", None, -1, 52, np.float64(3)])
def test_from_code_refuses_what_is_not_a_card_code(code):
    with pytest.raises(CardError, match="is not an integer in 0..51"):
        Card.from_code(code)  # type: ignore[arg-type]


def test_from_code_takes_numpy_integers():
    assert Card.from_code(np.int64(51)) == Card.from_code(51) == Card.parse("As")


@pytest.mark.parametrize("seed", [True, 1.0, "1", -1])
def test_rng_for_refuses_what_is_not_a_seed(seed):
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        rng_for(seed)  # type: ignore[arg-type]
