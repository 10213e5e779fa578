"""The drills' sentences (issue 36): every question, option and reason of :mod:`cardlab.drills`.

Each is one whole template with named placeholders (a translator may reorder it), a
:class:`~cardlab.words.Plural` where a number decides the form, said through the catalogs.
Hands are said by :func:`~cardlab.words.hand_text`, cards by :func:`~cardlab.words.cards_text`
(the language's rank letters), chances in plain words (:func:`chance_text`). The functions
take typed values (cards, hand values, seats, fractions) and return words in the current
language; the drills decide what is true, this module only says it.

>>> from fractions import Fraction
>>> chance_text(Fraction(9, 47)), chance_text(Fraction(1552, 5405))
('about 2 times in 10 (9/47)', 'about 3 times in 10')
>>> from cardlab.words import language
>>> with language("pl"):
...     chance_text(Fraction(9, 47))
'około 2 razy na 10 (9/47)'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardlab.cards import Card, Rank, deck_ranks
from cardlab.words import (
    N_,
    NC_,
    Plural,
    card_text,
    cards_text,
    category_text,
    fill,
    hand_text,
    names_text,
    number_text,
    rank_letter,
    seat_names,
    translate,
    translate_in,
)

__all__ = [
    "TITLES",
    "kind_title",
    "chance_text",
    "points_text",
    "chips_text",
    "in_deck",
    "ace_low_sentence",
    "option",
    "DRILL_WORDS",
    "drill_text",
    "streak_text",
]

#: The context of an option's words (a button's 'Pass' is said apart from a rule's title).
OPTION = "drill option"

#: Each kind of exercise as a drill's heading says it.
TITLES = {
    "which_hand_wins": N_("Which hand wins?"),
    "round_points": N_("Points for a Kontrabluff round"),
    "may_kontrabluff": N_("What may you do now in Kontrabluff?"),
    "may_draw_poker": N_("What may you do now in draw poker?"),
    "may_parallel_poker": N_("What may you do now in parallel poker?"),
    "may_fight_for_the_lead": N_("What may you do now in Fight for the Lead?"),
    "chance_to_improve": N_("Chance to improve in draw poker"),
    "best_discard": N_("Best discard in draw poker"),
    "trick_winner": N_("Who takes this trick?"),
    "lead_winner": N_("Who wins the lead?"),
    "showing_winner": N_("Who wins this showing?"),
    "match_score": N_("Points for a game of parallel poker"),
}


def kind_title(kind: str) -> str:
    """A kind of exercise as a heading: 'Which hand wins?'.

    >>> kind_title("trick_winner")
    'Who takes this trick?'
    """
    return translate(TITLES[kind])


# -- numbers with their units, chances ----------------------------------------------------------
POINTS = Plural("{n} point", "{n} points", n="n")
CHIPS = Plural("{n} chip", "{n} chips", n="n")


def points_text(n: int) -> str:
    """'1 point', '15 points'."""
    return fill(POINTS, n=n)


def chips_text(n: int) -> str:
    """'1 chip', '4 chips'."""
    return fill(CHIPS, n=n)


ABOUT = {
    10: Plural("about {n} time in 10", "about {n} times in 10", n="n"),
    100: Plural("about {n} time in 100", "about {n} times in 100", n="n"),
    1000: Plural("about {n} time in 1,000", "about {n} times in 1,000", n="n"),
}
NEVER = N_("never")
ALWAYS = N_("every time")
ALMOST_NEVER = N_("less than once in 1,000")
ALMOST_ALWAYS = N_("almost every time")
WITH_FRACTION = N_("{chance} ({fraction})")


def chance_text(p: Fraction) -> str:
    """A chance in plain words for a 12-year-old: 'about 4 times in 10', with the exact
    fraction where it is small enough to help ('about 2 times in 10 (9/47)').

    >>> [chance_text(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (1, 300), (1, 5000), (99, 100))]
    ['never', 'every time', 'about 3 times in 1,000', 'less than once in 1,000', 'almost every time (99/100)']
    """
    p = Fraction(p)
    words = chance_words(p)
    if 0 < p < 1 and p.denominator <= 100:
        return translate(WITH_FRACTION).format(chance=words, fraction=f"{p.numerator}/{p.denominator}")
    return words


def chance_words(p: Fraction) -> str:
    """The words of :func:`chance_text` without the fraction ('about 2 times in 10'): two
    options whose words are the same would be a guess, not a question."""
    p = Fraction(p)
    if p == 0:
        return translate(NEVER)
    if p == 1:
        return translate(ALWAYS)
    if p >= Fraction(95, 100):
        return translate(ALMOST_ALWAYS)
    if p < Fraction(1, 2000):
        return translate(ALMOST_NEVER)
    scale = 10 if p >= Fraction(1, 10) else 100 if p >= Fraction(1, 200) else 1000
    return fill(ABOUT[scale], n=max(1, round(p * scale)))


# -- decks and their settings ------------------------------------------------------------------
IN_DECK = Plural("in a {deck}-card deck", "in a {deck}-card deck", n="deck")
ACE_LOW_ON = N_("Here the ace-low straight counts: {wheel} is the lowest straight (HR-5).")
ACE_LOW_OFF = N_("Here the ace-low straight does not count: {wheel} is no straight (HR-5).")


def in_deck(deck: int) -> str:
    """'in a 32-card deck'.

    >>> in_deck(32)
    'in a 32-card deck'
    """
    return fill(IN_DECK, deck=deck)


def wheel_text(deck: int) -> str:
    """The ace-low straight of a deck by its ranks: 'A-7-8-9-10' (HR-5)."""
    low = deck_ranks(deck)[:4]
    return "-".join(rank_letter(rank) for rank in (Rank.ACE, *low))


def ace_low_sentence(deck: int, ace_low: bool) -> str:
    """What HR-5 says in a short deck ('' with 52 cards, where A-2-3-4-5 always counts, and
    with 20, where A-10-J-Q-K is the top straight anyway).

    >>> ace_low_sentence(32, False)
    'Here the ace-low straight does not count: A-7-8-9-10 is no straight (HR-5).'
    >>> ace_low_sentence(52, True), ace_low_sentence(20, False)
    ('', '')
    """
    if deck == 52 or deck == 20:
        return ""
    return translate(ACE_LOW_ON if ace_low else ACE_LOW_OFF).format(wheel=wheel_text(deck))


def _join(*sentences: str) -> str:
    return " ".join(sentence for sentence in sentences if sentence)


# -- options -------------------------------------------------------------------------------------
OPTIONS = {
    "tie": NC_("drill option", "Neither: an exact tie"),
    "tie_showing": NC_("drill option", "Neither: a tie, nobody scores"),
    "lay": NC_("drill option", "Lay {card}"),
    "pass": NC_("drill option", "Pass"),
    "low": NC_("drill option", "Play low with {cards}"),
    "hand_over": NC_("drill option", "Hand over"),
    "see": NC_("drill option", "See with {cards}"),
    "call": NC_("drill option", "Call"),
    "check": NC_("drill option", "Check"),
    "arrange": NC_("drill option", "Lay the packets {packets}"),
    "play": NC_("drill option", "Play {card}"),
    "exchange": NC_("drill option", "Exchange {cards}"),
    "keep": NC_("drill option", "Keep all your cards"),
    "throw": NC_("drill option", "Throw away {cards}"),
    "stand": NC_("drill option", "Keep all five cards"),
}


#: The options that name an amount of chips, whose form follows it (kept apart from
#: :data:`OPTIONS`: a plural has no context, so its words are its own).
AMOUNT_OPTIONS = {
    "open": Plural("Open with {n} chip", "Open with {n} chips", n="n"),
    "raise": Plural("Raise by {n} chip", "Raise by {n} chips", n="n"),
}


def option(name: str, *, cards: Sequence[Card] = (), amount: int | None = None) -> str:
    """An option's words: ``name`` one of :data:`OPTIONS`' keys, with its cards or chips.

    >>> option("lay", cards=[Card.parse("Qh")]), option("open", amount=3), option("pass")
    ('Lay Q♥', 'Open with 3 chips', 'Pass')
    >>> option("arrange", cards=[Card.parse(c) for c in "Ah Kh Qh Jh Th 9h 9s 9d 9c 8s".split()])
    'Lay the packets A♥ K♥ Q♥ J♥ 10♥ / 9♥ 9♠ 9♦ 9♣ 8♠'
    """
    words: dict[str, Any] = {}
    if cards:
        words["card"] = card_text(cards[0])
        words["cards"] = cards_text(cards)
        words["packets"] = " / ".join(cards_text(cards[i:i + 5]) for i in range(0, len(cards), 5))
    if name in AMOUNT_OPTIONS:
        return fill(AMOUNT_OPTIONS[name], n=amount)
    return translate_in(OPTION, OPTIONS[name]).format_map(words)


def seat_option(seat: int, players: int) -> str:
    """A seat as an option: its name ('West')."""
    return seat_names(players)[seat]


# -- which hand wins (HR-1 .. HR-5) -------------------------------------------------------------
WHICH_HAND = N_("Which hand wins {in_deck}?")
BEATS_RARER = N_("{winner} ({winner_hand}) beats {loser} ({loser_hand}) {in_deck} ({rule}): {category} is "
                 "rarer there, only {count} of the {total} possible hands, against {other_count} for {other_category}.")
BEATS_ORDER = N_("{winner} ({winner_hand}) beats {loser} ({loser_hand}) {in_deck} ({rule}): {category} ranks "
                 "above {other_category} in every deck, even where it is not rarer ({count} of the {total} "
                 "possible hands, against {other_count} for {other_category}).")
BEATS_SAME = N_("{winner} ({winner_hand}) beats {loser} ({loser_hand}) (HR-2): both are {category}, and the "
                "first rank that differs decides, {rank} against {other_rank}.")
BEATS_WHEEL_ON = N_("{winner} ({winner_hand}) beats {loser} ({loser_hand}) {in_deck} (HR-5): with the "
                    "ace-low straight, {wheel} counts as the lowest straight.")
BEATS_WHEEL_OFF = N_("{winner} ({winner_hand}) beats {loser} ({loser_hand}) {in_deck} (HR-5): without the "
                     "ace-low straight, {wheel} is no straight, only {wheel_hand}.")
EXACT_TIE = N_("{first} and {second} are both {hand}, equal rank for rank: an exact tie (HR-2).")


def which_hand_prompt(deck: int, ace_low: bool) -> str:
    """The question of a which-hand-wins drill.

    >>> which_hand_prompt(36, True)
    'Which hand wins in a 36-card deck? Here the ace-low straight counts: A-6-7-8-9 is the lowest straight (HR-5).'
    """
    return _join(translate(WHICH_HAND).format(in_deck=in_deck(deck)), ace_low_sentence(deck, ace_low))


def _pair(winner: Sequence[Card], loser: Sequence[Card], wv: Any, lv: Any) -> dict[str, str]:
    return {"winner": cards_text(winner), "loser": cards_text(loser), "winner_hand": hand_text(wv),
            "loser_hand": hand_text(lv)}


def beats_by_order(winner: Sequence[Card], loser: Sequence[Card], wv: Any, lv: Any, deck: int, rule: str,
                   count: int, other_count: int, total: int) -> str:
    """Why one category beats another (HR-1 with 52 cards, HR-4 in a short deck), with
    the exact counts of both categories in the deck.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.hands import HandRules, evaluate
    >>> flush, quads = parse_cards("Ah Kh 9h 8h 7h"), parse_cards("8c 8d 8s 8h 7d")
    >>> rules = HandRules(32)
    >>> beats_by_order(flush, quads, evaluate(flush, rules), evaluate(quads, rules), 32, "HR-4", 204, 224, 201376)
    'A♥ K♥ 9♥ 8♥ 7♥ (flush, ace high) beats 8♣ 8♦ 8♠ 8♥ 7♦ (four of a kind, eights) in a 32-card deck (HR-4): flush is rarer there, only 204 of the 201,376 possible hands, against 224 for four of a kind.'
    """
    words = _pair(winner, loser, wv, lv) | {
        "in_deck": in_deck(deck), "rule": rule, "category": category_text(wv.category),
        "other_category": category_text(lv.category), "count": number_text(count),
        "other_count": number_text(other_count), "total": number_text(total)}
    return translate(BEATS_RARER if count < other_count else BEATS_ORDER).format_map(words)


def beats_by_ranks(winner: Sequence[Card], loser: Sequence[Card], wv: Any, lv: Any) -> str:
    """Why one hand beats another of the same category (HR-2): the first rank that differs."""
    rank, other = next((a, b) for a, b in zip(wv.ranks, lv.ranks) if a != b)
    words = _pair(winner, loser, wv, lv) | {"category": category_text(wv.category), "rank": rank_letter(rank),
                                            "other_rank": rank_letter(other)}
    return translate(BEATS_SAME).format_map(words)


def beats_by_wheel(winner: Sequence[Card], loser: Sequence[Card], wv: Any, lv: Any, deck: int, ace_low: bool,
                   wheel: Sequence[Card], wheel_value: Any) -> str:
    """Why HR-5 decides: with the option on the wheel's cards are a straight, without it not."""
    words = _pair(winner, loser, wv, lv) | {"in_deck": in_deck(deck), "wheel": cards_text(wheel),
                                            "wheel_hand": hand_text(wheel_value)}
    return translate(BEATS_WHEEL_ON if ace_low else BEATS_WHEEL_OFF).format_map(words)


def exact_tie(first: Sequence[Card], second: Sequence[Card], value: Any) -> str:
    """Why neither hand wins (HR-2)."""
    return translate(EXACT_TIE).format(first=cards_text(first), second=cards_text(second), hand=hand_text(value))


# -- Kontrabluff: points for a round (KB-5, KB-6) -------------------------------------------------
ROUND_PASSED = N_("A normal round of Kontrabluff: {leader} led; {seat} laid {row} and {other} laid {other_row}; "
                  "then {passer} passed. How many points does {winner} win?")
ROUND_FULL = N_("A normal round of Kontrabluff: {leader} led; {seat} laid {row} and {other} laid {other_row}. "
                "Both rows are full, and {winner} has the better hand. How many points does {winner} win?")
ROUND_LOW_SEEN = N_("A low round of Kontrabluff: {leader} laid five cards face down and {other} saw with {cards}. "
                    "{winner} has the lower hand. How many points does {winner} win?")
ROUND_LOW_PASSED = N_("A low round of Kontrabluff: {leader} laid five cards face down and {other} passed, laying "
                      "five cards face down too. How many points does {leader} win?")
ROUND_CARDS = Plural("{cards} card on the table pays {points} (KB-5): {sum}.",
                     "{cards} cards on the table pay {points} (KB-5): {sum}.", n="cards")
ROUND_SEEN = N_("A low round that is seen pays {points} to the lower hand (KB-6).")
ROUND_PASSED_LOW = N_("A low round that is passed pays {points} to the leader (KB-6).")


def round_prompt(how: str, leader: int, winner: int, rows: Sequence[Sequence[Card]], passer: int | None,
                 seen_with: Sequence[Card]) -> str:
    """The question of a round-points drill; ``how`` is ``"passed"``, ``"full"``,
    ``"low_seen"`` or ``"low_passed"``; ``rows`` South's and North's, the leader's first
    in the words."""
    names = seat_names(2)
    other = 1 - leader
    words = {"leader": names[leader], "seat": names[leader], "other": names[other], "winner": names[winner],
             "row": cards_text(rows[leader]), "other_row": cards_text(rows[other]),
             "passer": names[passer] if passer is not None else "", "cards": cards_text(seen_with)}
    template = {"passed": ROUND_PASSED, "full": ROUND_FULL, "low_seen": ROUND_LOW_SEEN,
                "low_passed": ROUND_LOW_PASSED}[how]
    return translate(template).format_map(words)


def round_why(how: str, cards: int, points: int) -> str:
    """Why a round pays what it pays: the triangular number of the cards on the table
    (KB-5), 55 or 15 for a low round (KB-6).

    >>> round_why("passed", 3, 6), round_why("low_passed", 10, 15)
    ('3 cards on the table pay 6 points (KB-5): 1 + 2 + 3 = 6.', 'A low round that is passed pays 15 points to the leader (KB-6).')
    """
    if how == "low_seen":
        return translate(ROUND_SEEN).format(points=points_text(points))
    if how == "low_passed":
        return translate(ROUND_PASSED_LOW).format(points=points_text(points))
    total = " + ".join(str(n) for n in range(1, cards + 1)) + f" = {number_text(points)}" if cards > 1 else "1"
    return fill(ROUND_CARDS, cards=cards, points=points_text(points), sum=total)


# -- what may you do now (KB-2 .. KB-6, DP-2, DP-3, PP-1, PP-2, FL-6, FL-7) ------------------------
MAY = N_("Which of these may you do now?")
KB_HAND = N_("Kontrabluff. You are {seat} and hold {hand}.")
KB_LEAD_FIRST = N_("You lead the first round of this deal.")
KB_LEAD_HANDED = N_("{other}, the dealer, handed over: you lead the new round.")
KB_CHOOSE = N_("You are the dealer, and a new round begins.")
KB_NORMAL = N_("In this normal round your row holds {row} and {other}'s row holds {other_row}.")
#: Why an action may be taken (the kind of action in the phase the seat is in).
KB_YES = {
    ("lead", "lay"): N_("Yes (KB-3): you lead a normal round by laying a card of your hand face up."),
    ("lead", "low"): N_("Yes (KB-6): whoever leads a new round may play low, laying five cards face down."),
    ("normal", "lay"): N_("Yes (KB-3): in a normal round you lay a card of your hand in your turn."),
    ("normal", "pass"): N_("Yes (KB-4): you may pass in your turn, and so lose the round."),
    ("choose", "low"): N_("Yes (KB-2): the dealer may lead the new round by playing low."),
    ("choose", "hand_over"): N_("Yes (KB-2): the dealer may hand over; then the other player chooses how to lead."),
}
#: Why an action may not be taken, by the kind of mistake.
KB_NO = {
    "not_held": N_("{card} is not in your hand ({rule}): you lay only cards you hold."),
    "leader_pass": N_("The leader may not pass before a card is laid ({rule}): lay a card or play low."),
    "dealer_pass": N_("The dealer may not pass before a card is laid ({rule}): play low or hand over."),
    "dealer_lay": N_("The dealer may lead only by playing low ({rule}): play low or hand over."),
    "lead_other": N_("To lead a new round you lay a card or play low ({rule}): there is nothing to hand over "
                     "or to see."),
    "normal_other": N_("Once a card is laid in a normal round, you may only lay a card or pass ({rule})."),
}


def kb_may_prompt(phase: str, seat: int, hand: Sequence[Card], rows: Sequence[Sequence[Card]],
                  first_round: bool) -> str:
    """The question of a Kontrabluff may-you drill: ``phase`` is ``"lead"``, ``"normal"``
    or ``"choose"``."""
    names = seat_names(2)
    other = names[1 - seat]
    if phase == "lead":
        situation = translate(KB_LEAD_FIRST) if first_round else translate(KB_LEAD_HANDED).format(other=other)
    elif phase == "choose":
        situation = translate(KB_CHOOSE)
    else:
        situation = translate(KB_NORMAL).format(row=cards_text(rows[seat]), other=other,
                                                other_row=cards_text(rows[1 - seat]))
    return _join(translate(KB_HAND).format(seat=names[seat], hand=cards_text(hand)), situation, translate(MAY))


def kb_yes(phase: str, kind: str) -> str:
    """Why a Kontrabluff action is allowed in ``phase`` (``"lead"``, ``"normal"``, ``"choose"``).

    >>> kb_yes("normal", "pass")
    'Yes (KB-4): you may pass in your turn, and so lose the round.'
    """
    return translate(KB_YES[phase, kind])


def kb_no(reason: str, rule: str, card: Card | None = None) -> str:
    """Why a Kontrabluff action is refused: ``reason`` one of :data:`KB_NO`'s, ``rule`` the
    engine's.

    >>> kb_no("not_held", "KB-3", Card.parse("Qh"))
    'Q♥ is not in your hand (KB-3): you lay only cards you hold.'
    """
    return translate(KB_NO[reason]).format(rule=rule, card=card_text(card) if card else "")


DP_BEFORE = N_("Draw poker with an ante of {ante} and bets of at most {max_bet}. You hold {hand}. Nobody has "
               "opened yet, and it is your turn.")
DP_AFTER = N_("Draw poker with an ante of {ante} and bets of at most {max_bet}. You hold {hand}. {opener} opened; "
              "the stake is now {stake}, and you have put in {put} in this betting round.")
DP_YES = {
    "pass_before": N_("Yes (DP-2): before the opening you may pass, leaving the hand and losing your ante."),
    "open": N_("Yes (DP-2): an opening is more than the ante of {ante} and at most {max_bet}."),
    "call": N_("Yes (DP-3): you call by putting in {need}, enough to match the stake."),
    "raise": N_("Yes (DP-3): a raise is at least the ante of {ante} and at most {max_bet} over the stake."),
    "pass_after": N_("Yes (DP-3): you may pass, leaving the hand and losing what you have put in."),
}
DP_NO = {
    "check": N_("There is no check in this game ({rule}): before the opening you pass or open."),
    "not_open": N_("Nobody has opened yet ({rule}): there is nothing to call or raise; pass or open."),
    "open_low": N_("An opening must be more than the ante of {ante} ({rule})."),
    "open_high": N_("An opening may be at most {max_bet} ({rule})."),
    "opened": N_("The pot is already open ({rule}): call, raise or pass."),
    "raise_high": N_("A raise may be at most {max_bet} over the stake ({rule})."),
    "raise_low": N_("A raise must be at least the ante of {ante} ({rule})."),
    "check_after": N_("There is no check in this game ({rule}): once the pot is open you call, raise or pass."),
}


def dp_may_prompt(players: int, seat: int, hand: Sequence[Card], ante: int, max_bet: int, opener: int | None,
                  stake: int, put: int) -> str:
    """The question of a draw-poker may-you drill (DP-2 before the opening, DP-3 after)."""
    words = {"ante": chips_text(ante), "max_bet": chips_text(max_bet), "hand": cards_text(hand)}
    if opener is None:
        situation = translate(DP_BEFORE).format_map(words)
    else:
        situation = translate(DP_AFTER).format_map(words | {
            "opener": seat_names(players)[opener], "stake": chips_text(stake), "put": chips_text(put)})
    return _join(situation, translate(MAY))


def dp_yes(reason: str, ante: int, max_bet: int, need: int = 0) -> str:
    """Why a betting action is allowed (DP-2, DP-3).

    >>> dp_yes("open", 1, 10)
    'Yes (DP-2): an opening is more than the ante of 1 chip and at most 10 chips.'
    """
    return translate(DP_YES[reason]).format(ante=chips_text(ante), max_bet=chips_text(max_bet),
                                            need=chips_text(need))


def dp_no(reason: str, rule: str, ante: int, max_bet: int) -> str:
    """Why a betting action is refused: ``reason`` one of :data:`DP_NO`'s, ``rule`` the engine's.

    >>> dp_no("opened", "DP-3", 1, 10)
    'The pot is already open (DP-3): call, raise or pass.'
    """
    return translate(DP_NO[reason]).format(rule=rule, ante=chips_text(ante), max_bet=chips_text(max_bet))


PP_SITUATION = N_("Parallel poker. The dealer laid out {laid_out}: these seven cards are out of the game. You hold "
                  "the other 25: {held}. Which of these may you lay as your five packets, packet 1 first?")
PP_YES = N_("Yes (PP-2): it uses each of your 25 cards once, in five packets of five.")
PP_NO = {
    "laid_out": N_("{card} was laid out and is out of the game (PP-1); your packets use your 25 cards, each "
                   "once ({rule})."),
    "twice": N_("{card} is laid twice and {missing} not at all ({rule}): each of your 25 cards goes into one "
                "packet."),
    "short": N_("The last packet has only four cards: {missing} is left out ({rule}); all 25 cards go into five "
                "packets of five."),
}


def pp_may_prompt(laid_out: Sequence[Card], held: Sequence[Card]) -> str:
    """The question of a parallel-poker may-you drill (PP-1, PP-2)."""
    return translate(PP_SITUATION).format(laid_out=cards_text(laid_out), held=cards_text(held))


def pp_yes() -> str:
    """Why an arrangement is allowed (PP-2)."""
    return translate(PP_YES)


def pp_no(reason: str, rule: str, card: Card | None, missing: Card | None) -> str:
    """Why an arrangement is refused: ``reason`` one of :data:`PP_NO`'s, ``rule`` the engine's.

    >>> pp_no("short", "PP-2", None, Card.parse("9c"))
    'The last packet has only four cards: 9♣ is left out (PP-2); all 25 cards go into five packets of five.'
    """
    return translate(PP_NO[reason]).format(rule=rule, card=card_text(card) if card else "",
                                           missing=card_text(missing) if missing else "")


FL_HAND = N_("Fight for the Lead. You are {seat} and hold {hand}.")
FL_LEAD = N_("You lead this trick.")
FL_TRICK = N_("In this trick so far: {trick}.")
FL_EXCHANGE = N_("It is your turn to exchange: each card exchanged costs {fee}, and you have {stack}.")
FL_PLAYED = N_("{seat} {card}")
FL_YES = {
    "follow": N_("Yes (FL-7): {card} follows the suit led, {suit}."),
    "void": N_("Yes (FL-7): you hold no card of the suit led, {suit}, so you may play any card."),
    "lead": N_("Yes (FL-7): you lead this trick, so you may play any card."),
    "exchange": N_("Yes (FL-6): in your turn you may exchange any of your cards, paying {fee} a card."),
    "keep": N_("Yes (FL-6): you may keep all your cards."),
}
FL_NO = {
    "follow": N_("You must follow suit ({rule}): {suit} was led and you hold {follow}."),
    "not_held": N_("{card} is not in your hand ({rule})."),
    "exchange_over": N_("The exchange is over ({rule}): now you play a card to the trick."),
    "not_yet": N_("The tricks have not begun ({rule}): now you exchange cards or keep them all."),
}


def trick_text(trick: Sequence[tuple[int, Card]], players: int) -> str:
    """The cards of a trick with their seats, in the order played: 'West K♥, North A♠'."""
    names = seat_names(players)
    return ", ".join(translate(FL_PLAYED).format(seat=names[seat], card=card_text(card)) for seat, card in trick)


def fl_may_prompt(players: int, seat: int, hand: Sequence[Card], phase: str, trick: Sequence[tuple[int, Card]],
                  fee: int, stack: int) -> str:
    """The question of a Fight for the Lead may-you drill: ``phase`` ``"play"`` or
    ``"exchange"``."""
    start = translate(FL_HAND).format(seat=seat_names(players)[seat], hand=cards_text(hand))
    if phase == "exchange":
        situation = translate(FL_EXCHANGE).format(fee=chips_text(fee), stack=chips_text(stack))
    elif trick:
        situation = translate(FL_TRICK).format(trick=trick_text(trick, players))
    else:
        situation = translate(FL_LEAD)
    return _join(start, situation, translate(MAY))


def fl_yes(reason: str, card: Card | None = None, suit: Any = None, fee: int = 0) -> str:
    """Why a play or an exchange is allowed (FL-6, FL-7).

    >>> from cardlab.cards import Suit
    >>> fl_yes("void", suit=Suit.HEARTS)
    'Yes (FL-7): you hold no card of the suit led, ♥, so you may play any card.'
    """
    return translate(FL_YES[reason]).format(card=card_text(card) if card else "", suit=suit.symbol if suit else "",
                                            fee=chips_text(fee))


def fl_no(reason: str, rule: str, card: Card | None = None, suit: Any = None, follow: Sequence[Card] = ()) -> str:
    """Why a play or an exchange is refused: ``reason`` one of :data:`FL_NO`'s, ``rule`` the
    engine's.

    >>> from cardlab.cards import Suit
    >>> fl_no("follow", "FL-7", suit=Suit.HEARTS, follow=[Card.parse("9h")])
    'You must follow suit (FL-7): ♥ was led and you hold 9♥.'
    """
    return translate(FL_NO[reason]).format(rule=rule, card=card_text(card) if card else "",
                                           suit=suit.symbol if suit else "", follow=cards_text(follow))


# -- draw odds (DP-5) -----------------------------------------------------------------------------
DRAW_HAND = N_("Draw poker {in_deck}: you hold {hand} ({hand_said}).")
CHANCE_QUESTION = Plural("You throw away {discard} and draw {n} card from the {unseen} cards you have not seen. How "
                         "likely are you to end with a better kind of hand than {category}?",
                         "You throw away {discard} and draw {n} cards from the {unseen} cards you have not seen. How "
                         "likely are you to end with a better kind of hand than {category}?", n="n")
DISCARD_QUESTION = N_("Which cards should you throw away for the best chance to end with a better kind of hand "
                      "than {category}?")
CHANCE_WHY = N_("If you throw away {discard}, {good} of the {total} possible draws give a better kind of hand than "
                "{category}: {chance} (DP-5).")
CHANCE_WRONG = N_("Throwing away {other} instead gives a better kind of hand {chosen}.")
DISCARD_BEST = N_("Throwing away {discard} gives the best chance: {good} of the {total} possible draws give a "
                  "better kind of hand than {category}, {chance} (DP-5).")
DISCARD_OTHER = N_("Throwing away {discard}: {good} of {total}, {chance}.")
DISCARD_STAND = N_("Keeping all five cards, your hand stays {category}.")


def draw_start(deck: int, ace_low: bool, hand: Sequence[Card], value: Any) -> str:
    """'Draw poker in a 32-card deck: you hold ... (one pair, jacks).' and HR-5's sentence."""
    return _join(translate(DRAW_HAND).format(in_deck=in_deck(deck), hand=cards_text(hand), hand_said=hand_text(value)),
                 ace_low_sentence(deck, ace_low))


def chance_prompt(deck: int, ace_low: bool, hand: Sequence[Card], value: Any, discard: Sequence[Card],
                  unseen: int) -> str:
    """The question of a chance-to-improve drill (DP-5)."""
    return _join(draw_start(deck, ace_low, hand, value), fill(
        CHANCE_QUESTION, discard=cards_text(discard), n=len(discard), unseen=unseen,
        category=category_text(value.category)))


def chance_why(discard: Sequence[Card], good: int, total: int, value: Any) -> str:
    """Why a draw's chance is what it is: the draws counted (DP-5).

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.hands import evaluate
    >>> chance_why(parse_cards("8c 4d 2s"), 4656, 16215, evaluate(parse_cards("Jh Js 8c 4d 2s")))
    'If you throw away 8♣ 4♦ 2♠, 4,656 of the 16,215 possible draws give a better kind of hand than one pair: about 3 times in 10 (DP-5).'
    """
    return translate(CHANCE_WHY).format(discard=cards_text(discard), good=number_text(good), total=number_text(total),
                                        category=category_text(value.category),
                                        chance=chance_text(Fraction(good, total)))


def chance_wrong(chosen: Fraction, other: Sequence[Card]) -> str:
    """What a wrong chance is the chance of."""
    return translate(CHANCE_WRONG).format(chosen=chance_text(chosen), other=cards_text(other))


def discard_prompt(deck: int, ace_low: bool, hand: Sequence[Card], value: Any) -> str:
    """The question of a best-discard drill (DP-5)."""
    return _join(draw_start(deck, ace_low, hand, value),
                 translate(DISCARD_QUESTION).format(category=category_text(value.category)))


def discard_why(best: Sequence[Card], good: int, total: int, value: Any) -> str:
    """Why the best discard is best: its draws counted (DP-5)."""
    return translate(DISCARD_BEST).format(discard=cards_text(best), good=number_text(good), total=number_text(total),
                                          category=category_text(value.category),
                                          chance=chance_text(Fraction(good, total)))


def discard_other(discard: Sequence[Card], good: int, total: int, value: Any) -> str:
    """What another discard gives (its draws counted)."""
    if not discard:
        return translate(DISCARD_STAND).format(category=category_text(value.category))
    return translate(DISCARD_OTHER).format(discard=cards_text(discard), good=number_text(good),
                                           total=number_text(total), chance=chance_text(Fraction(good, total)))


# -- Fight for the Lead: the trick and the lead (FL-4, FL-7) ---------------------------------------
TRICK_QUESTION = N_("Fight for the Lead, no trumps. The trick, in the order played: {trick}. Who takes this trick?")
TRICK_RIGHT = N_("{winner} takes the trick (FL-7): {card} is the highest card of the suit led, {suit}.")
TRICK_OFF_SUIT = N_("{winner} takes the trick, not {chosen} (FL-7): {chosen_card} is not of the suit led, {suit}, "
                    "and with no trumps only that suit wins; {card} is its highest card.")
TRICK_LOWER = N_("{winner} takes the trick, not {chosen} (FL-7): {chosen_card} is lower than {card}, the highest "
                 "card of the suit led, {suit}.")
LEAD_QUESTION = N_("Fight for the Lead. The fight cards are turned up: {fights}. The dealer, {dealer}, turns {turned} "
                   "from the stock, one at a time. Who wins the lead?")
LEAD_QUESTION_OUT = N_("Fight for the Lead. The fight cards are turned up: {fights}. The dealer, {dealer}, turns "
                       "{turned} from the stock, one at a time, and the stock runs out. Who wins the lead?")
LEAD_FIRST = N_("{winner} wins the lead (FL-4): the first card turned, {last}, makes {suit} the fight suit, and "
                "{card} is the highest fight card of that suit.")
LEAD_LATER = Plural("{winner} wins the lead (FL-4): {skipped} matched no fight card's suit, so {last} makes {suit} "
                    "the fight suit, and {card} is the highest fight card of that suit.",
                    "{winner} wins the lead (FL-4): {skipped} matched no fight card's suit, so {last} makes {suit} "
                    "the fight suit, and {card} is the highest fight card of that suit.", n="count")
LEAD_OUT = N_("{winner} wins the lead (FL-4): no turned card matched a fight card's suit before the stock ran out, "
              "so the highest fight card, {card}, wins (a tie goes to the player nearest the dealer's left).")


def trick_prompt(trick: Sequence[tuple[int, Card]], players: int) -> str:
    """The question of a who-takes-this-trick drill (FL-7)."""
    return translate(TRICK_QUESTION).format(trick=trick_text(trick, players))


def trick_why(players: int, winner: int, card: Card, chosen: int, chosen_card: Card) -> str:
    """Why a seat takes the trick (and, for a wrong answer, why the chosen seat does not).

    >>> trick_why(3, 2, Card.parse("Kh"), 1, Card.parse("As"))
    'East takes the trick, not West (FL-7): A♠ is not of the suit led, ♥, and with no trumps only that suit wins; K♥ is its highest card.'
    """
    names = seat_names(players)
    words = {"winner": names[winner], "card": card_text(card), "suit": card.suit.symbol, "chosen": names[chosen],
             "chosen_card": card_text(chosen_card)}
    template = TRICK_RIGHT if chosen == winner else TRICK_OFF_SUIT if chosen_card.suit is not card.suit else TRICK_LOWER
    return translate(template).format_map(words)


def lead_prompt(fights: Sequence[tuple[int, Card]], turned: Sequence[Card], dealer: int, players: int,
                stock_out: bool) -> str:
    """The question of a who-wins-the-lead drill (FL-4)."""
    return translate(LEAD_QUESTION_OUT if stock_out else LEAD_QUESTION).format(
        fights=trick_text(fights, players), dealer=seat_names(players)[dealer], turned=cards_text(turned))


def lead_why(players: int, winner: int, card: Card, turned: Sequence[Card], stock_out: bool) -> str:
    """Why a seat wins the lead (FL-4).

    >>> lead_why(3, 1, Card.parse("9h"), [Card.parse("2s"), Card.parse("5h")], stock_out=False)
    "West wins the lead (FL-4): 2♠ matched no fight card's suit, so 5♥ makes ♥ the fight suit, and 9♥ is the highest fight card of that suit."
    """
    words = {"winner": seat_names(players)[winner], "card": card_text(card)}
    if stock_out:
        return translate(LEAD_OUT).format_map(words)
    last = turned[-1]
    words |= {"last": card_text(last), "suit": last.suit.symbol, "skipped": cards_text(turned[:-1])}
    if len(turned) > 1:
        return fill(LEAD_LATER, count=len(turned) - 1, **words)
    return translate(LEAD_FIRST).format_map(words)


# -- parallel poker: a showing and a game's points (PP-3, PP-4) -------------------------------------
ORDER = {"traditional": N_("Packets rank in the traditional order (HR-1)."),
         "32-card": N_("Packets rank in the 32-card order (HR-4): a flush beats four of a kind.")}
SHOWING_QUESTION = N_("Showing {packet}, worth {points}: {seat} shows {cards} and {other} shows {other_cards}. "
                      "Who wins this showing?")
SHOWING_WIN = N_("{winner} wins showing {packet} (PP-3) and scores {points} (PP-4): {cards} ({hand}) beats "
                 "{other_cards} ({other_hand}).")
SHOWING_TIE = N_("Showing {packet} is a tie (PP-3): {cards} and {other_cards} are both {hand}, equal rank for "
                 "rank, and a tie scores nothing (PP-4).")
GAME_QUESTION = N_("Showing by showing, {seat}'s packets against {other}'s: {showings}. How many points does {seat} "
                   "score in this game?")
GAME_SHOWING = N_("{packet}: {cards} against {other_cards}")
GAME_WON = Plural("{seat} wins showing {won}: {sum} (PP-4: showing k scores k + 2 points; a tie scores nothing).",
                  "{seat} wins showings {won}: {sum} (PP-4: showing k scores k + 2 points; a tie scores nothing).",
                  n="count")
GAME_NONE = N_("{seat} wins no showing and scores nothing (PP-4: only a won showing scores).")
PARALLEL = N_("Parallel poker.")


def pp_start(hierarchy: str, ace_low: bool) -> str:
    """'Parallel poker.', the order of the packets and HR-5's sentence (32 cards)."""
    return _join(translate(PARALLEL), translate(ORDER[hierarchy]), ace_low_sentence(32, ace_low))


def showing_prompt(hierarchy: str, ace_low: bool, packet: int, points: int, packets: Sequence[Sequence[Card]]) -> str:
    """The question of a who-wins-this-showing drill (PP-3)."""
    names = seat_names(2)
    return _join(pp_start(hierarchy, ace_low), translate(SHOWING_QUESTION).format(
        packet=packet, points=points_text(points), seat=names[0], other=names[1], cards=cards_text(packets[0]),
        other_cards=cards_text(packets[1])))


def showing_why(packet: int, winner: int | None, points: int, packets: Sequence[Sequence[Card]],
                values: Sequence[Any]) -> str:
    """Why a showing goes as it goes (PP-3, PP-4)."""
    if winner is None:
        return translate(SHOWING_TIE).format(packet=packet, hand=hand_text(values[0]), cards=cards_text(packets[0]),
                                             other_cards=cards_text(packets[1]))
    return translate(SHOWING_WIN).format(winner=seat_names(2)[winner], packet=packet, points=points_text(points),
                                         cards=cards_text(packets[winner]), other_cards=cards_text(packets[1 - winner]),
                                         hand=hand_text(values[winner]), other_hand=hand_text(values[1 - winner]))


def game_prompt(hierarchy: str, ace_low: bool, seat: int, arrangements: Sequence[Sequence[Sequence[Card]]]) -> str:
    """The question of a game's-points drill (PP-4): five showings, seat ``seat``'s points."""
    names = seat_names(2)
    mine, theirs = arrangements[seat], arrangements[1 - seat]
    showings = "; ".join(translate(GAME_SHOWING).format(packet=k + 1, cards=cards_text(a), other_cards=cards_text(b))
                         for k, (a, b) in enumerate(zip(mine, theirs)))
    return _join(pp_start(hierarchy, ace_low), translate(GAME_QUESTION).format(
        seat=names[seat], other=names[1 - seat], showings=showings))


def game_why(seat: int, won: Sequence[int], points: Sequence[int]) -> str:
    """Why a seat scores what it scores: the showings it won and their points (PP-4).

    >>> game_why(0, [2, 4, 5], [4, 6, 7])
    'South wins showings 2, 4 and 5: 4 + 6 + 7 = 17 (PP-4: showing k scores k + 2 points; a tie scores nothing).'
    """
    name = seat_names(2)[seat]
    if not won:
        return translate(GAME_NONE).format(seat=name)
    total = " + ".join(map(str, points)) + f" = {sum(points)}" if len(points) > 1 else str(points[0])
    return fill(GAME_WON, seat=name, won=names_text([str(k) for k in won]), sum=total, count=len(won))




# -- the drill widget (cardlab.widgets.Drill): its headings, buttons, verdicts and progress ----------
DRILL_WORDS = {
    "heading": N_("Practice the rules"),
    "question": N_("Question {number}: {title}"),
    "right": N_("Right!"),
    "wrong": N_("Not quite."),
    "next": N_("Next question"),
    "check": N_("Check my answer"),
    "number": N_("Your answer"),
    "number_hint": N_("a whole number"),
    "not_a_number": N_("Type a whole number, such as 15, then check it."),
    "read_rule": N_("Read the rule {rule}: {title}"),
    "progress": N_("Your progress, rule by rule: five right in a row masters a rule."),
    "nothing_yet": N_("Answer a question to see your progress here."),
    "mastered": N_("{rule}: mastered"),
    "said_right": N_("Right! {why} Question {number}: {prompt}"),
    "said_wrong": N_("Not quite. {why} When you are ready, go on with Next question."),
    "said_question": N_("Question {number}: {prompt}"),
}
IN_A_ROW = Plural("{rule}: {n} of {goal} in a row", "{rule}: {n} of {goal} in a row", n="n")


def drill_text(name: str, **fields: Any) -> str:
    """One of the drill widget's sentences (:data:`DRILL_WORDS`), filled.

    >>> drill_text("question", number=3, title=kind_title("lead_winner"))
    'Question 3: Who wins the lead?'
    """
    return translate(DRILL_WORDS[name]).format_map(fields)


def streak_text(rule: str, streak: int, goal: int) -> str:
    """A rule's streak towards mastery: 'HR-4: 2 of 5 in a row'.

    >>> streak_text("HR-4", 2, 5)
    'HR-4: 2 of 5 in a row'
    """
    return fill(IN_A_ROW, rule=rule, n=streak, goal=goal)
