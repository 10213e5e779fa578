"""The coach's sentences (issue 28): one line on a decision, and one line a review lists.

A verdict (:class:`cardlab.coach.Verdict`) is put into words here only: whole sentences
with named placeholders (so a translator can reorder them), every number with its unit.
How each kind of action is said, as done (``"You laid {cards}"``) and as the coach's
choice (``"laying {cards}"``), is in :data:`ACTIONS`.

>>> from types import SimpleNamespace
>>> from cardlab.records import Action
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> verdict = SimpleNamespace(seat=0, move=9, action=Action("pass"), value=-6.0, best=Action("lay", "9s"),
...     best_value=1.5, cost=7.5, unit="points", method="sampled", basis="deals", samples=2000, margin=1.2,
...     chance=0.12, best_chance=0.58, chance_of="ahead", agrees=False, hand=())
>>> print(coach_line(verdict, Kontrabluff()))
You passed: -6.0 points on average this round, winning it 12% of the time; laying 9♠: +1.5 points,
winning 58% of the time, 7.5 points more, give or take 1.2 points; over 2,000 deals of the unseen cards.
>>> print(review_line(verdict, Kontrabluff()))
Move 10: You passed; laying 9♠ was 7.5 points better, give or take 1.2 points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.words import Plural, cards_text, decimal_amount, message, number_text, percent_text, seat_names, translate_in

__all__ = ["Said", "ACTIONS", "ROUNDS", "coach_line", "review_line", "action_words"]


@dataclass(frozen=True)
class Said:
    """How the coach says one kind of action: ``done`` (a sentence's start, the student's
    choice) and ``doing`` (the coach's choice), each with a form for an action without
    cards where the kind may take none (stand pat, keep all). Placeholders: ``{cards}``,
    ``{n}`` (how many cards), ``{kept}`` (the cards kept by a draw), ``{amount}``
    (chips), ``{packets}`` (an arrangement, packet by packet)."""

    done: str | Plural
    doing: str | Plural
    done_none: str | Plural = ""
    doing_none: str | Plural = ""


def _chips(verb: str, doing: str) -> Said:
    return Said(Plural(f"You {verb} {{amount}} chip", f"You {verb} {{amount}} chips", n="amount"),
                Plural(f"{doing} {{amount}} chip", f"{doing} {{amount}} chips", n="amount"))


#: Each game's kinds of action, as the coach says them.
ACTIONS: dict[str, dict[str, Said]] = {
    "kontrabluff": {
        "lay": Said("You laid {cards}", "laying {cards}"),  # KB-3
        "low": Said("You played low with {cards}", "playing low with {cards}"),  # KB-6
        "hand_over": Said("You handed over", "handing over"),  # KB-2
        "pass": Said("You passed, laying {cards} face down", "passing, laying {cards} face down",  # KB-6
                     "You passed", "passing"),  # KB-4
        "see": Said("You saw with {cards}", "seeing with {cards}"),  # KB-6
    },
    "draw_poker": {
        "open": _chips("opened with", "opening with"),  # DP-2
        "call": Said("You called", "calling"),  # DP-3
        "raise": _chips("raised by", "raising by"),  # DP-3
        "pass": Said("You passed", "passing"),  # DP-2, DP-3
        "draw": Said(Plural("You drew {n} card", "You drew {n} cards", n="n"),  # DP-5
                     Plural("keeping {kept} and drawing {n} card", "keeping {kept} and drawing {n} cards", n="n"),
                     "You stood pat", "standing pat"),
        "show": Said("You showed your hand", "showing your hand"),  # DP-7
        "concede": Said("You conceded", "conceding"),  # DP-7
    },
    "fight_for_the_lead": {
        "fight": Said("You fought with {cards}", "fighting with {cards}"),  # FL-3
        "exchange": Said(Plural("You exchanged {n} card, {cards}", "You exchanged {n} cards, {cards}", n="n"),  # FL-6
                         "exchanging {cards}", "You kept all your cards", "keeping all your cards"),
        "play": Said("You played {cards}", "playing {cards}"),  # FL-7
        "stay": Said("You played on", "playing on"),  # FL-10
        "leave": Said("You left the table", "leaving the table"),  # FL-10
    },
    "parallel_poker": {
        "arrange": Said("You laid the packets {packets}", "laying the packets {packets}"),  # PP-2
    },
}

#: What each game's verdicts count to: its scoring unit's round (KB-9, DP-8, FL-9, PP-5), in
#: the catalogs with the context :data:`ROUND`: draw poker's 'hand' is a deal ('rozdanie',
#: 'роздача', 'giv'), not the cards held (a zone's 'hand': 'ręka', 'рука', 'hand').
ROUNDS = {"kontrabluff": "round", "draw_poker": "hand", "fight_for_the_lead": "game", "parallel_poker": "game"}
ROUND = "round of play"

OVER = {
    "deals": Plural("{samples} deal of the unseen cards", "{samples} deals of the unseen cards", n="samples"),
    "arrangements": Plural("{samples} arrangement {other} might make", "{samples} arrangements {other} might make",
                           n="samples"),
}

# -- the sentences: exact (a draw, DP-5) and sampled, the coach's choice or not --------------------
EXACT_SAME = ("{chosen}: the best draw; it improves your hand {chance} of the time, average kind {value} "
              "on a scale of 0 to 8, exact.")
EXACT_OTHER = ("{chosen}: improves {chance} of the time, average kind {value} on a scale of 0 to 8; "
               "{best} improves {best_chance}, average kind {best_value}, exact.")
SAMPLED_SAME = ("{chosen}: the best choice the coach found, {value} on average this {round}, winning it "
                "{chance} of the time; over {over}.")
SAMPLED_CLOSE = ("{chosen}: {value} on average this {round}, winning it {chance} of the time; {best} gets "
                 "{cost} more, within the margin of error of {margin}; over {over}.")
SAMPLED_OTHER = ("{chosen}: {value} on average this {round}, winning it {chance} of the time; {best}: "
                 "{best_value}, winning {best_chance} of the time, {cost} more, give or take {margin}; over {over}.")
REVIEW_EXACT = "Move {number}: {done}; {best} gives an average kind {cost} higher on a scale of 0 to 8, exact."
REVIEW_SAMPLED = "Move {number}: {done}; {best} was {cost} better, give or take {margin}."


def action_words(action: Any, game: str, *, done: bool, hand: tuple = ()) -> str:
    """``action`` as the coach says it: as the student's (``done``: 'You laid 9♠') or as
    the coach's choice ('laying 9♠'); ``hand``, the seat's cards, names what a draw keeps.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.records import Action
    >>> action_words(Action("draw", "8c 4d 2s"), "draw_poker", done=True)
    'You drew 3 cards'
    >>> action_words(Action("draw", "4d 2s"), "draw_poker", done=False, hand=parse_cards("Jh Js Ac 4d 2s"))
    'keeping J♥ J♠ A♣ and drawing 2 cards'
    """
    said = ACTIONS[game][action.kind]
    none = not action.cards and (said.done_none if done else said.doing_none)
    template = none or (said.done if done else said.doing)
    n = len(action.cards)
    words = {"cards": cards_text(action.cards), "n": n, "amount": action.amount,
             "kept": cards_text([card for card in hand if card not in action.cards]),
             "packets": " / ".join(cards_text(action.cards[i:i + 5]) for i in range(0, n, 5))}
    count = action.amount if isinstance(template, Plural) and template.n == "amount" else n
    return message(template, count).format_map(words)


def _amount(value: float, unit: str, sign: bool = False) -> str:
    """An average in points or chips, one decimal, in the current language's way ('+1.5
    points', '+1,5 punktu'): a decimal amount's own form (:func:`cardlab.words.decimal_amount`)."""
    return decimal_amount(value, unit, 1, sign=sign)


def coach_line(verdict: Any, game: Any) -> str:
    """The coach's line on one decision (a :class:`cardlab.coach.Verdict`) in ``game``
    (its settings).

    >>> from types import SimpleNamespace
    >>> from cardlab.cards import parse_cards
    >>> from cardlab.records import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> verdict = SimpleNamespace(action=Action("draw", "8c 4d 2s"), best=Action("draw", "4d 2s"), value=1.02,
    ...     best_value=1.05, chance=0.2871, best_chance=0.312, method="exact", agrees=False, cost=0.03,
    ...     hand=parse_cards("Jh Js 8c 4d 2s"))
    >>> print(coach_line(verdict, DrawPoker()))
    You drew 3 cards: improves 28.7% of the time, average kind 1.02 on a scale of 0 to 8;
    keeping J♥ J♠ 8♣ and drawing 2 cards improves 31.2%, average kind 1.05, exact.
    """
    name = game.name
    chosen = action_words(verdict.action, name, done=True)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand)
    if verdict.method == "exact":
        same = verdict.agrees
        words = {"chosen": chosen, "best": best, "chance": percent_text(verdict.chance, 1),
                 "value": number_text(verdict.value, 2), "best_chance": percent_text(verdict.best_chance, 1),
                 "best_value": number_text(verdict.best_value, 2)}
        return message(EXACT_SAME if same else EXACT_OTHER).format_map(words)
    unit = verdict.unit
    others = [seat for seat in range(game.num_players) if seat != verdict.seat]
    other = seat_names(game.num_players)[others[0]] if len(others) == 1 else message("another player")
    words = {"chosen": chosen, "best": best, "round": translate_in(ROUND, ROUNDS[name]),
             "value": _amount(verdict.value, unit, sign=True),
             "best_value": _amount(verdict.best_value, unit, sign=True),
             "chance": percent_text(verdict.chance), "best_chance": percent_text(verdict.best_chance),
             "cost": _amount(verdict.cost, unit), "margin": _amount(verdict.margin, unit),
             "over": message(OVER[verdict.basis], verdict.samples).format(samples=number_text(verdict.samples),
                                                                               other=other)}
    template = SAMPLED_SAME if verdict.action == verdict.best else SAMPLED_CLOSE if verdict.agrees else SAMPLED_OTHER
    return message(template).format_map(words)


def review_line(verdict: Any, game: Any) -> str:
    """One line of the game's review: a decision that differed, with its estimated cost
    (a table makes it a link that replays the position; moves count from 1).

    >>> from types import SimpleNamespace
    >>> from cardlab.records import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> verdict = SimpleNamespace(move=11, action=Action("draw", "8c 4d 2s"), best=Action("draw"), cost=0.031,
    ...     method="exact", hand=())
    >>> review_line(verdict, DrawPoker())
    'Move 12: You drew 3 cards; standing pat gives an average kind 0.03 higher on a scale of 0 to 8, exact.'
    """
    name = game.name
    done = action_words(verdict.action, name, done=True)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand)
    words = {"number": verdict.move + 1, "done": done, "best": best}
    if verdict.method == "exact":
        return message(REVIEW_EXACT).format_map(words | {"cost": number_text(verdict.cost, 2)})
    unit = verdict.unit
    return message(REVIEW_SAMPLED).format_map(words | {"cost": _amount(verdict.cost, unit),
                                                       "margin": _amount(verdict.margin, unit)})
