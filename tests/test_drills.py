"""The drills (issue 36): every kind against an independent check written here.

Which hand wins is checked against a brute-force evaluator of this file (categories by
counting ranks and suits, HR-4's order from exact category counts made here by rank
multisets) over every deck of 52 to 20 cards, with and without the ace-low straight;
draw odds against the enumeration of every draw; round points against KB-5's table and
KB-6's figures as the rule page writes them; the tricks, the lead and the showings
against FL-4, FL-7, PP-3 and PP-4 as written; the may-you options against each game's
rule written out here. Then the grading (the right answer right, every wrong one wrong,
with the rule id in the reason), the languages (same exercise, no English), the variety
across seeds and the refusals of bad input.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import DECK_SIZES, Card, deck
from cardlab.drills import KINDS, MAKERS, DrillError, Exercise, exercise
from cardlab.rules import rule
from cardlab.words import drills as said
from cardlab.words import language

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = [(size, ace_low) for size in DECK_SIZES for ace_low in ((True,) if size == 52 else (True, False))]
OTHERS = ("sv", "pl", "uk")

# -- a brute-force evaluator, independent of cardlab.hands ----------------------------------------
SF, QUADS, FULL, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH = (
    "straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind", "two pair",
    "one pair", "high card")
ORDER_52 = (SF, QUADS, FULL, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH)  # HR-1, best first
TOP = ORDER_52[:5]


def lowest(size: int) -> int:
    return 15 - size // 4  # HR-3: 52 cards from the 2, 32 from the 7, 20 from the 10


def straight_top(numbers: set[int], size: int, ace_low: bool) -> int | None:
    if len(numbers) != 5:
        return None
    if max(numbers) - min(numbers) == 4:
        return max(numbers)
    low = lowest(size)
    if (ace_low or size == 52) and numbers == {14, low, low + 1, low + 2, low + 3}:
        return low + 3  # HR-5 (HR-1 with 52 cards): the ace below the four lowest ranks
    return None


def shape_category(counts: list[int], flush: bool, straight: bool) -> str:
    counts = sorted(counts, reverse=True)
    if straight:
        return SF if flush else STRAIGHT
    if flush:
        return FLUSH
    return {(4, 1): QUADS, (3, 2): FULL, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR,
            (1, 1, 1, 1, 1): HIGH}[tuple(counts)]


def counted(size: int, ace_low: bool) -> Counter:
    """How many five-card hands of the deck fall in each category: every rank multiset, with
    its number of suit choices."""
    tally: Counter = Counter()
    for ranks in itertools.combinations_with_replacement(range(lowest(size), 15), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            straight = straight_top(set(ranks), size, ace_low) is not None
            tally[shape_category([1] * 5, True, straight)] += 4
            tally[shape_category([1] * 5, False, straight)] += 4**5 - 4
        else:
            tally[shape_category(list(counts.values()), False, False)] += math.prod(
                math.comb(4, c) for c in counts.values())
    return tally


def order_of(size: int, ace_low: bool) -> tuple[str, ...]:
    """HR-4 from the counts: the top five by rarity (equal counts in the 52-card order; a
    category that cannot occur left out), the lower four as they always are."""
    tally = counted(size, ace_low)
    top = sorted((c for c in TOP if tally[c]), key=lambda c: (tally[c], ORDER_52.index(c)))
    return tuple(top) + ORDER_52[5:]


ORDERS = {(size, ace_low): order_of(size, ace_low) for size, ace_low in SETTINGS} | {(32, False): order_of(32, False)}


def value(cards, size: int, ace_low: bool, order: tuple[str, ...] | None = None) -> tuple:
    """A comparable value: the category's place in the order, then the tie-break ranks (HR-2)."""
    order = order or ORDERS[size, ace_low]
    numbers = [c.rank.number for c in cards]
    counts = Counter(numbers)
    flush = len({c.suit for c in cards}) == 1
    top = straight_top(set(numbers), size, ace_low)
    category = shape_category(list(counts.values()), flush, top is not None)
    if top is not None:
        ranks: tuple[int, ...] = (top,)
    else:
        ranks = tuple(n for n, _ in sorted(counts.items(), key=lambda item: (-item[1], -item[0])))
    return (-order.index(category), ranks), category


def test_the_brute_force_order_is_hr4_as_the_rule_page_writes_it():
    page = (ROOT / "docs/rules/hand-rankings.md").read_text()
    rows = dict(re.findall(r"^\| ([\d, ]+?) \| (straight flush > .*?) \|$", page, flags=re.M))
    for sizes, top in rows.items():
        written = tuple(part.strip("* ") for part in top.split(">"))
        for size in map(int, sizes.split(", ")):
            assert ORDERS[size, True][:5] == written
    assert ORDERS[20, True][:4] == (SF, QUADS, FULL, STRAIGHT)  # no flush in 20 cards; the 32-card column
    assert counted(52, True)[QUADS] == 624 and sum(counted(20, False).values()) == math.comb(20, 5)


# -- which hand wins (HR-1 .. HR-5) ----------------------------------------------------------------
@pytest.mark.parametrize("size, ace_low", SETTINGS)
def test_which_hand_wins_agrees_with_the_brute_force_evaluator(size, ace_low):
    rules_seen = Counter()
    for seed in range(30):
        drill = exercise("which_hand_wins", seed, deck=size, ace_low=ace_low)
        first, second = drill.data["hands"]
        assert drill.data["deck"] == size and drill.data["ace_low"] is ace_low
        assert len(set(first) | set(second)) == 10 and set(first) | set(second) <= set(deck(size))
        a, b = value(first, size, ace_low)[0], value(second, size, ace_low)[0]
        assert drill.answer == (0 if a > b else 1 if b > a else 2), (seed, drill.prompt, drill.options)
        assert drill.options[:2] == (" ".join(map(str, first)), " ".join(map(str, second)))
        rules_seen[drill.rule] += 1
    if size < 52:
        assert rules_seen["HR-4"] >= 6, rules_seen  # the short deck's order decides often


def test_which_hand_wins_lets_hr4s_changed_order_decide_often_in_short_decks():
    swapped = 0
    seeds = range(200)
    for seed in seeds:
        drill = exercise("which_hand_wins", seed, deck=int([48, 44, 40, 36, 32, 28, 24][seed % 7]))
        size, ace_low = drill.data["deck"], drill.data["ace_low"]
        categories = [value(h, size, ace_low)[1] for h in drill.data["hands"]]
        if drill.rule == "HR-4" and all(c in TOP for c in categories) and categories[0] != categories[1]:
            here = ORDERS[size, ace_low]
            swapped += (here.index(categories[0]) < here.index(categories[1])) != (
                ORDER_52.index(categories[0]) < ORDER_52.index(categories[1]))
    assert swapped >= len(seeds) // 5, swapped


def test_which_hand_wins_says_hr5_where_the_ace_low_option_decides():
    found = 0
    for seed in range(150):
        drill = exercise("which_hand_wins", seed, deck=32)
        size, hands = 32, drill.data["hands"]
        with_, without = ([value(h, size, option)[0] for h in hands] for option in (True, False))
        flips = (with_[0] > with_[1], with_[1] > with_[0]) != (without[0] > without[1], without[1] > without[0])
        assert (drill.rule == "HR-5") == flips
        found += flips
        if flips:
            assert "HR-5" in drill.grade(drill.answer).why and "A♥ 7" not in drill.prompt
    assert found >= 5


def test_the_reason_says_the_exact_counts_of_the_deck():
    drill = next(d for d in (exercise("which_hand_wins", s, deck=32) for s in range(100))
                 if d.rule == "HR-4" and {value(h, 32, d.data["ace_low"])[1] for h in d.data["hands"]} == {FLUSH, QUADS})
    why = drill.grade(drill.answer).why
    tally = counted(32, drill.data["ace_low"])
    assert f"only {tally[FLUSH]} of the 201,376 possible hands, against {tally[QUADS]} for four of a kind" in why, why
    assert "flush is rarer there" in why and "in a 32-card deck (HR-4)" in why


@given(seed=st.integers(0, 2**32), setting=st.sampled_from(SETTINGS))
def test_any_seed_makes_a_which_hand_wins_graded_right_and_wrong(seed, setting):
    size, ace_low = setting
    drill = exercise("which_hand_wins", seed, deck=size, ace_low=ace_low)
    verdicts = [drill.grade(i) for i in range(3)]
    assert [v.correct for v in verdicts] == [i == drill.answer for i in range(3)]
    assert all(v.rule in v.why and v.rule in KINDS["which_hand_wins"].rules for v in verdicts)


# -- round points (KB-5, KB-6) ------------------------------------------------------------------------
def kb_figures() -> tuple[dict[int, int], int, int]:
    """KB-5's table and KB-6's two figures, read from the rule page."""
    page = (ROOT / "docs/rules/kontrabluff.md").read_text()
    cards = re.search(r"^\| cards on table \|(.*)\|$", page, flags=re.M).group(1).split("|")
    points = re.search(r"^\| points \|(.*)\|$", page, flags=re.M).group(1).split("|")
    table = {int(c): int(p) for c, p in zip(cards, points)}
    seen = int(re.search(r"lower hand wins \*\*(\d+)\*\* points", page).group(1))
    passed = int(re.search(r"the leader wins \*\*(\d+)\*\* points", page).group(1))
    return table, seen, passed


@pytest.mark.parametrize("low", [False, True, None])
def test_round_points_follow_kb5s_table_and_kb6(low):
    table, seen_points, passed_points = kb_figures()
    assert table[7] == 28 and (seen_points, passed_points) == (55, 15)
    hows = Counter()
    for seed in range(40):
        drill = exercise("round_points", seed, **({} if low is None else {"low": low}))
        data = drill.data
        hows[data["how"]] += 1
        assert drill.options == () and drill.rule == ("KB-6" if data["how"].startswith("low") else "KB-5")
        if data["how"] in ("passed", "full"):
            on_table = len(data["rows"][0]) + len(data["rows"][1])
            assert drill.answer == table[on_table] and data["cards"] == on_table
            assert (on_table == 10) == (data["how"] == "full")
            assert abs(len(data["rows"][data["leader"]]) - len(data["rows"][1 - data["leader"]]) - 0.5) == 0.5
        if data["how"] == "passed":
            assert data["passer"] == 1 - data["winner"]
        if data["how"] == "full":  # KB-5: the better hand, HR-1 with 52 cards; a tie to the leader
            mine, theirs = (value(data["rows"][s], 52, True)[0] for s in (data["winner"], 1 - data["winner"]))
            assert mine > theirs or (mine == theirs and data["winner"] == data["leader"])
        if data["how"] == "low_seen":
            assert drill.answer == seen_points and len(data["seen_with"]) == 5
        if data["how"] == "low_passed":
            assert drill.answer == passed_points and data["winner"] == data["leader"]
        right, wrong = drill.grade(drill.answer), drill.grade(drill.answer + 1)
        assert right.correct and not wrong.correct and right.rule in wrong.why and right.why == wrong.why
    if low is None:
        assert len(hows) >= 3, hows
    else:
        assert all(how.startswith("low") == low for how in hows)


# -- what may you do now: each game's rule written out here -----------------------------------------------
def kb_allowed(data, action) -> bool:
    hand, phase = set(data["hand"]), data["phase"]
    cards = set(action.cards)
    held = len(cards) == len(action.cards) and cards <= hand
    if phase == "lead":  # KB-2, KB-3, KB-6: a card or low, never a pass (KB-4)
        return held and ((action.kind == "lay" and len(cards) == 1) or (action.kind == "low" and len(cards) == 5))
    if phase == "normal":  # KB-3, KB-4
        return (action.kind == "lay" and len(cards) == 1 and held) or (action.kind == "pass" and not cards)
    return (action.kind == "low" and len(cards) == 5 and held) or (action.kind == "hand_over" and not cards)  # KB-2


def dp_allowed(data, action) -> bool:
    game, stack = data["game"], data["stack"]
    if data["opener"] is None:  # DP-2: pass, or open above the ante up to max_bet; no check, no call
        return action.kind == "pass" or (action.kind == "open" and game.ante < action.amount <= min(game.max_bet, stack))
    need = data["stake"] - data["put"]  # DP-3: pass, call, or raise by the ante up to max_bet; no all-in
    return (action.kind == "pass" or (action.kind == "call" and need <= stack)
            or (action.kind == "raise" and game.ante <= action.amount <= game.max_bet and need + action.amount <= stack))


def pp_allowed(data, action) -> bool:
    return action.kind == "arrange" and sorted(action.cards) == sorted(data["held"])  # PP-2: each held card once


def fl_allowed(data, action) -> bool:
    hand, game = data["hand"], data["game"]
    if data["phase"] == "exchange":  # FL-6: cards held, as many as the stock and the chips allow
        most = min(4, data["stock"], data["stack"] // game.exchange_fee if game.exchange_fee else 4)
        return (action.kind == "exchange" and len(set(action.cards)) == len(action.cards) <= most
                and set(action.cards) <= set(hand))
    if action.kind != "play" or len(action.cards) != 1 or action.cards[0] not in hand:
        return False
    if not data["trick"]:
        return True  # FL-7: the leader plays any card
    led = data["trick"][0][1].suit
    return action.cards[0].suit is led or all(c.suit is not led for c in hand)


MAY = {"may_kontrabluff": kb_allowed, "may_draw_poker": dp_allowed, "may_parallel_poker": pp_allowed,
       "may_fight_for_the_lead": fl_allowed}


@pytest.mark.parametrize("kind", sorted(MAY))
def test_may_you_offers_exactly_one_legal_action_by_the_rules_written_here(kind):
    reasons = Counter()
    for seed in range(40):
        drill = exercise(kind, seed)
        actions = drill.data["actions"]
        allowed = [MAY[kind](drill.data, action) for action in actions]
        assert allowed.count(True) == 1 and allowed.index(True) == drill.answer, (seed, drill.prompt, actions)
        assert len(set(actions)) == len(actions) >= 3 and len(drill.options) == len(actions)
        for i, action in enumerate(actions):
            verdict = drill.grade(i)
            assert verdict.correct == (i == drill.answer)
            assert verdict.rule in verdict.why and verdict.rule in KINDS[kind].rules, (verdict, kind)
            reasons[drill.data["reasons"][i]] += 1
    assert len(reasons) >= 4, reasons  # several kinds of mistake are offered


def test_a_may_you_refusal_names_the_engines_rule():
    from cardlab.drills.play import refusal, replay

    for kind in MAY:
        for seed in range(10):
            drill = exercise(kind, seed)
            state = replay(drill.data["game"], drill.data["seed"], drill.data["moves"])
            before = state.key()
            for i, action in enumerate(drill.data["actions"]):
                if i != drill.answer:
                    assert drill.grade(i).rule == refusal(state, drill.data["seat"], action)
            assert state.key() == before  # asking the engine changes nothing


# -- draw odds (DP-5): every draw enumerated here -----------------------------------------------------------
def improving(hand, discard, size, ace_low) -> Fraction:
    """The chance of a better category than now after ``discard``: every draw dealt here."""
    kept = [c for c in hand if c not in discard]
    unseen = [c for c in deck(size) if c not in hand]
    now = ORDERS[size, ace_low].index(value(hand, size, ace_low)[1])
    draws = list(itertools.combinations(unseen, len(discard)))
    good = sum(ORDERS[size, ace_low].index(value(kept + list(drawn), size, ace_low)[1]) < now for drawn in draws)
    return Fraction(good, len(draws))


def small(hand, discard, size) -> bool:
    return math.comb(size - 5, len(discard)) <= 20_000


def test_the_chance_to_improve_is_the_enumerated_chance():
    checked = 0
    for seed in range(60):
        size = (52, 36, 32, 28, 24, 20)[seed % 6]
        drill = exercise("chance_to_improve", seed, deck=size)
        data = drill.data
        if not small(data["hand"], data["discard"], size):
            continue
        chance = improving(data["hand"], data["discard"], size, data["ace_low"])
        assert drill.options[drill.answer] == said.chance_text(chance), (seed, drill.prompt)
        assert data["discards"][drill.answer] == data["discard"]
        for i, discard in enumerate(data["discards"]):
            if i != drill.answer and small(data["hand"], discard, size):
                assert improving(data["hand"], discard, size, data["ace_low"]) != chance
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("size", [20, 24, 28])
def test_the_best_discard_is_the_best_of_every_enumerated_discard(size):
    for seed in range(4):
        drill = exercise("best_discard", seed, deck=size)
        hand, ace_low = drill.data["hand"], drill.data["ace_low"]
        every = {d: improving(hand, d, size, ace_low) for n in range(6) for d in itertools.combinations(hand, n)}
        shown = [every[tuple(d)] for d in drill.data["discards"]]
        assert shown[drill.answer] == max(every.values()), (seed, drill.prompt)
        assert all(chance < shown[drill.answer] for i, chance in enumerate(shown) if i != drill.answer)


# -- Fight for the Lead: FL-4 and FL-7 as written -------------------------------------------------------------
def test_who_takes_the_trick_is_the_highest_card_of_the_suit_led():
    for seed in range(40):
        drill = exercise("trick_winner", seed)
        trick = drill.data["trick"]
        led = trick[0][1].suit
        winner = max((card.rank.number, seat) for seat, card in trick if card.suit is led)[1]
        assert [seat for seat, _ in trick].index(winner) == drill.answer
        assert len(trick) == drill.data["players"] == len(drill.options)


def test_who_wins_the_lead_follows_fl4():
    outcomes = Counter()
    for seed in range(40):
        drill = exercise("lead_winner", seed)
        fights, turned = drill.data["fights"], drill.data["turned"]
        winner = None
        for i, card in enumerate(turned):
            of_suit = [(fight.rank.number, seat) for seat, fight in fights if fight.suit is card.suit]
            if of_suit:
                winner = max(of_suit)[1]
                assert i == len(turned) - 1  # the dealer stops at the first suit that a fight card shares
                break
        if winner is None:  # the stock ran out: the highest, a tie to the nearest the dealer's left
            top = max(fight.rank.number for _, fight in fights)
            winner = next(seat for seat, fight in fights if fight.rank.number == top)
        assert [seat for seat, _ in fights].index(winner) == drill.answer
        outcomes[len(turned) > 1] += 1
    assert outcomes[True] and outcomes[False]


# -- parallel poker: PP-3 and PP-4 as written -----------------------------------------------------------------
def pp_value(packet, hierarchy, ace_low):
    order = ORDER_52 if hierarchy == "traditional" else ORDERS[32, ace_low]
    return value(packet, 32, ace_low, order)[0]


def test_who_wins_a_showing_and_a_games_points_follow_pp3_and_pp4():
    for seed in range(30):
        drill = exercise("showing_winner", seed)
        data = drill.data
        a, b = (pp_value(p, data["hierarchy"], data["ace_low"]) for p in data["packets"])
        assert drill.answer == (0 if a > b else 1 if b > a else 2)
        game = exercise("match_score", seed)
        data = game.data
        mine, theirs = data["arrangements"][data["seat"]], data["arrangements"][1 - data["seat"]]
        points = sum(k + 2 for k, (x, y) in enumerate(zip(mine, theirs), start=1)
                     if pp_value(x, data["hierarchy"], data["ace_low"]) > pp_value(y, data["hierarchy"], data["ace_low"]))
        assert game.answer == points
        assert sorted(c for p in mine for c in p) == sorted(c for p in theirs for c in p)  # PP-1: the same 25 cards


# -- grading, languages, variety ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_right_answer_is_graded_right_and_every_wrong_one_wrong_with_the_rule(kind):
    for seed in range(8):
        drill = exercise(kind, seed)
        assert drill.rule in KINDS[kind].rules
        answers = range(len(drill.options)) if drill.options else (drill.answer, drill.answer + 1, 0, 99)
        for answer in answers:
            verdict = drill.grade(answer)
            assert verdict.correct == (answer == drill.answer), (kind, seed, answer)
            assert re.search(rf"\b{verdict.rule}\b", verdict.why), verdict
            assert verdict.rule in KINDS[kind].rules


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_same_seed_gives_the_same_exercise_in_every_language(kind):
    for seed in (0, 5):
        english = exercise(kind, seed)
        for lang in OTHERS:
            other = exercise(kind, seed, lang=lang)
            assert (other.data == english.data, other.answer, other.rule, len(other.options)) == (
                True, english.answer, english.rule, len(english.options))
            assert other.prompt != english.prompt and other.lang == lang
            assert other.grade(other.answer).rule == english.grade(english.answer).rule


#: English words of the games that must not show in another language's drill.
ENGLISH = ("flush", "straight", "full house", "four of a kind", "three of a kind", "two pair", "one pair",
           "high card", "wins", "beats", "chips", "chip", "points", "point", "trick", "tricks", "lead", "deck",
           "hand", "cards", "card", "pass", "throw", "showing", "packet", "packets", "dealer", "stock", "ante",
           "Which", "Who", "How", "What", "the", "and", "of", "you", "Yes", "jack", "queen", "king", "ace")
#: Words that are the language's own too (Swedish 'hand' and 'ante').
SAME = {"sv": {"hand", "ante"}, "pl": set(), "uk": set()}


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_in_the_other_languages_drills(lang):
    words = [word for word in ENGLISH if word not in SAME[lang]]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", flags=re.IGNORECASE)
    for kind in KINDS:
        for seed in range(6):
            drill = exercise(kind, seed, lang=lang)
            answers = range(len(drill.options)) if drill.options else (drill.answer, drill.answer + 1)
            texts = [drill.prompt, *drill.options, *(drill.grade(a).why for a in answers)]
            with language(lang):
                texts.append(said.kind_title(kind))
            for text in texts:
                found = pattern.findall(text)
                assert not found, (kind, seed, found, text)


def test_the_words_say_numbers_and_letters_of_the_language():
    drill = exercise("best_discard", 0, deck=52, lang="pl")
    english = exercise("best_discard", 0, deck=52)
    assert "16\xa0215" in drill.grade(drill.answer).why and "16,215" in english.grade(english.answer).why
    hands = exercise("which_hand_wins", 3, deck=32, lang="uk")
    assert not set("JQKA") & set("".join(hands.options)), hands.options  # В Д К Т


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_exercises_vary_across_seeds(kind):
    made = [exercise(kind, seed) for seed in range(50)]
    assert len({(d.prompt, d.options) for d in made}) >= 45
    if made[0].options:
        assert len({d.answer for d in made}) >= 2  # the right option is not always in one place


def test_every_kind_cites_real_rules_and_the_kinds_the_issue_asks_for():
    assert {"which_hand_wins", "round_points", "chance_to_improve", "best_discard", "trick_winner", "lead_winner",
            "showing_winner", "match_score", "may_kontrabluff", "may_draw_poker", "may_parallel_poker",
            "may_fight_for_the_lead"} <= set(KINDS)
    for name, kind in KINDS.items():
        assert kind.name == name and kind.answer in ("choice", "number") and kind.rules
        assert all(rule(r).id == r for r in kind.rules)
    assert set(KINDS["which_hand_wins"].rules) == {"HR-1", "HR-2", "HR-3", "HR-4", "HR-5"}
    assert all(set(MAKERS[name].settings) == set(kind.settings) for name, kind in KINDS.items())
    assert {"KB-5", "KB-6"} <= set(KINDS["round_points"].rules)


def test_an_exercise_and_its_verdict_are_frozen():
    drill = exercise("which_hand_wins", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        drill.answer = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        drill.data["deck"] = 20  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        drill.grade(0).correct = True  # type: ignore[misc]
    assert isinstance(drill, Exercise) and drill == exercise("which_hand_wins", 1) and hash(drill)
    assert all(isinstance(c, Card) for h in drill.data["hands"] for c in h)


# -- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, named", [
    (lambda: exercise("poker", 1), "'poker'"),
    (lambda: exercise(None, 1), "None"),
    (lambda: exercise("which_hand_wins", 1, deck=33), "33"),
    (lambda: exercise("which_hand_wins", 1, deck="32"), "'32'"),
    (lambda: exercise("which_hand_wins", 1, ace_low="yes"), "'yes'"),
    (lambda: exercise("which_hand_wins", 1, deck=52, ace_low=False), "ace_low=False"),
    (lambda: exercise("which_hand_wins", 1, players=3), "players=3"),
    (lambda: exercise("trick_winner", 1, players=6), "6"),
    (lambda: exercise("showing_winner", 1, hierarchy="52-card"), "'52-card'"),
    (lambda: exercise("round_points", 1, low=1), "1"),
    (lambda: exercise("round_points", -1), "-1"),
    (lambda: exercise("round_points", 1.5), "1.5"),
    (lambda: exercise("round_points", True), "True"),
    (lambda: exercise("round_points", "3"), "'3'"),
    (lambda: exercise("round_points", 3, lang="de"), "'de'"),
])
def test_bad_input_to_exercise_is_refused_naming_the_value(call, named):
    with pytest.raises(DrillError) as error:
        call()
    assert named in str(error.value)


@pytest.mark.parametrize("kind, answer, named", [
    ("which_hand_wins", 3, "3"), ("which_hand_wins", -1, "-1"), ("which_hand_wins", "1", "'1'"),
    ("which_hand_wins", 1.0, "1.0"), ("which_hand_wins", None, "None"), ("which_hand_wins", True, "True"),
    ("round_points", "28", "'28'"), ("round_points", 28.0, "28.0"), ("round_points", None, "None"),
    ("may_draw_poker", 9, "9"),
])
def test_bad_input_to_grade_is_refused_naming_the_value_and_changes_nothing(kind, answer, named):
    drill = exercise(kind, 2)
    before = (drill.prompt, drill.options, drill.answer, dict(drill.data))
    with pytest.raises(DrillError) as error:
        drill.grade(answer)
    assert named in str(error.value)
    assert (drill.prompt, drill.options, drill.answer, dict(drill.data)) == before
    assert drill.grade(drill.answer).correct


@given(p=st.fractions(min_value=0, max_value=1, max_denominator=20_000))
def test_a_chance_in_words_is_about_right(p):
    text = said.chance_text(p)
    found = re.match(r"about (\d+) times? in (1,000|100|10)\b", text)
    if found:
        n, scale = int(found.group(1)), int(found.group(2).replace(",", ""))
        assert abs(Fraction(n, scale) - p) <= Fraction(1, 2 * scale) or n == 1
    else:
        assert text.split(" (")[0] in ("never", "every time", "almost every time", "less than once in 1,000")
    assert text.endswith(f"({p.numerator}/{p.denominator})") == (0 < p < 1 and p.denominator <= 100)


def test_the_same_seed_gives_the_same_exercise_in_another_process():
    """A class's students each have a kernel of their own: nothing may depend on a process's
    hash seed (no set order leaks into an exercise)."""
    code = ("from cardlab.drills import KINDS, exercise\n"
            "print([(k, s, repr(sorted((n, repr(v)) for n, v in exercise(k, s).data.items())), exercise(k, s).answer)"
            " for k in KINDS for s in (0, 7)])")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(outputs) == 1 and "which_hand_wins" in outputs.pop()
