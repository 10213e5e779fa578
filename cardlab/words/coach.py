"""The coach's sentences (issue 28): one line on a decision, and one line a review lists.

A verdict (:class:`cardlab.coach.Verdict`) is put into words here only: whole sentences
with named placeholders (so a translator can reorder them), every number with its unit.
How each kind of action is said, as done (``"You laid {cards}"``) and as the coach's
choice (``"laying {cards}"``), and each game's round word are in the game's own words module
(``cardlab/words/<game>.py``), registered in :data:`ACTIONS` and :data:`ROUNDS`
(:func:`coach_words`).

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

__all__ = ["Said", "ACTIONS", "ROUNDS", "ROUND", "coach_words", "coach_line", "review_line", "action_words"]


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


#: Each game's kinds of action, as the coach says them (registered by its words module).
ACTIONS: dict[str, dict[str, Said]] = {}
#: What each game's verdicts count to: its scoring unit's round (the spec's ``round_unit``:
#: KB-9's round, DP-8's hand, FL-9's and PP-5's game), a message with the context
#: :data:`ROUND` in the catalogs: draw poker's 'hand' is a deal ('rozdanie', 'роздача',
#: 'giv'), not the cards held (a zone's 'hand': 'ręka', 'рука', 'hand').
ROUNDS: dict[str, str] = {}
ROUND = "round of play"


def coach_words(game: str, actions: dict[str, Said], *, round: str) -> None:
    """Register how the coach says ``game``'s kinds of action and its round word (its
    words module calls this once; ``round`` is the English word, in context :data:`ROUND`)."""
    ACTIONS[game], ROUNDS[game] = dict(actions), round


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


def action_words(action: Any, game: str, *, done: bool, hand: tuple = (), packet: int = 0) -> str:
    """``action`` as the coach says it: as the student's (``done``: 'You laid 9♠') or as
    the coach's choice ('laying 9♠'); ``hand``, the seat's cards, names what a draw keeps;
    ``packet``, the size of a packet (the game's spec's), says an arrangement's cards
    packet by packet ('7♣ 8♣ 9♣ 10♣ J♣ / ...').

    >>> import cardlab.games  # the games register their words
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
    size = packet or n or 1
    words = {"cards": cards_text(action.cards), "n": n, "amount": action.amount,
             "kept": cards_text([card for card in hand if card not in action.cards]),
             "packets": " / ".join(cards_text(action.cards[i:i + size]) for i in range(0, n, size))}
    count = action.amount if isinstance(template, Plural) and template.n == "amount" else n
    return message(template, count).format_map(words)


def _amount(value: float, unit: str, sign: bool = False) -> str:
    """An average in points or chips, one decimal, in the current language's way ('+1.5
    points', '+1,5 punktu'): a decimal amount's own form (:func:`cardlab.words.decimal_amount`)."""
    return decimal_amount(value, unit, 1, sign=sign)


def coach_line(verdict: Any, game: Any, *, packet: int = 0) -> str:
    """The coach's line on one decision (a :class:`cardlab.coach.Verdict`) in ``game``
    (its settings); ``packet`` as :func:`action_words`'s.

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
    chosen = action_words(verdict.action, name, done=True, packet=packet)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand, packet=packet)
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


def review_line(verdict: Any, game: Any, *, packet: int = 0) -> str:
    """One line of the game's review: a decision that differed, with its estimated cost
    (a table makes it a link that replays the position; moves count from 1); ``packet``
    as :func:`action_words`'s.

    >>> from types import SimpleNamespace
    >>> from cardlab.records import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> verdict = SimpleNamespace(move=11, action=Action("draw", "8c 4d 2s"), best=Action("draw"), cost=0.031,
    ...     method="exact", hand=())
    >>> review_line(verdict, DrawPoker())
    'Move 12: You drew 3 cards; standing pat gives an average kind 0.03 higher on a scale of 0 to 8, exact.'
    """
    name = game.name
    done = action_words(verdict.action, name, done=True, packet=packet)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand, packet=packet)
    words = {"number": verdict.move + 1, "done": done, "best": best}
    if verdict.method == "exact":
        return message(REVIEW_EXACT).format_map(words | {"cost": number_text(verdict.cost, 2)})
    unit = verdict.unit
    return message(REVIEW_SAMPLED).format_map(words | {"cost": _amount(verdict.cost, unit),
                                                       "margin": _amount(verdict.margin, unit)})
