"""The coach's sentences (issues 28, 36): one line on a decision, and one line a review lists.

A verdict (:class:`cardlab.coach.Verdict`) is put into words here only: whole sentences
with named placeholders (so a translator can reorder them), every number with its unit,
said to the student ("you") in words a 12-year-old reads: what a choice costs, rounded
("about 8 points worse than the best choice"), and how often it wins, as the drills say
a chance ("about 1 time in 10"); no margins, intervals or sample sizes (a notebook reads
them from the verdict).
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
You passed: about 8 points worse than the best choice, laying 9♠. You win this round about 1 time in 10.
By laying 9♠, you win it about 6 times in 10.
>>> print(review_line(verdict, Kontrabluff()))
Move 10: You passed; laying 9♠ was about 8 points better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.words import N_, Plural, cards_text, message, translate_in

__all__ = ["Said", "ACTIONS", "ROUNDS", "ROUND", "THIS_ROUNDS", "THIS_ROUND", "SENTENCES", "coach_words", "coach_line", "review_line", "action_words",
           "chance_said"]


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
#: The round as the object of "you win ...": 'this round', 'this hand', 'this game', a
#: message with the context :data:`THIS_ROUND` (a translation says it in the case its
#: sentence asks: 'tę rundę', 'to rozdanie', 'цю гру').
THIS_ROUNDS: dict[str, str] = {}
THIS_ROUND = "this round of play"


def coach_words(game: str, actions: dict[str, Said], *, round: str, this_round: str | None = None) -> None:
    """Register how the coach says ``game``'s kinds of action and its round word (its
    words module calls this once; ``round`` is the English word, in context :data:`ROUND`;
    ``this_round`` the words 'you win ...' takes, 'this <round>' by default, in context
    :data:`THIS_ROUND`)."""
    ACTIONS[game], ROUNDS[game] = dict(actions), round
    THIS_ROUNDS[game] = this_round or f"this {round}"


# -- the sentences (issue 36: words for a 12-year-old) -------------------------------------------------
# The coach talks to the student ("you"), rounds what a choice costs to a whole number
# ("about 6 chips worse than the best choice") and says chances as the drills do ("about 4
# times in 10", :func:`cardlab.words.drills.chance_words`). The margins and intervals of a
# sampled verdict stay in the :class:`cardlab.coach.Verdict` (``margin``, ``interval``,
# ``samples``), for the notebooks' analysis; the coach does not say them.
#: The student's choice against the coach's: the best, about as good (within the margin),
#: a little worse (less than one unit), or about ``n`` units worse (by the unit counted in).
BEST = N_("{chosen}: the best choice the coach found.")
CLOSE = N_("{chosen}: about as good as the best choice the coach found, {best}.")
LITTLE = N_("{chosen}: a little worse than the best choice, {best}.")
WORSE = {
    "points": Plural("{chosen}: about {n} point worse than the best choice, {best}.",
                     "{chosen}: about {n} points worse than the best choice, {best}.", n="n"),
    "chips": Plural("{chosen}: about {n} chip worse than the best choice, {best}.",
                    "{chosen}: about {n} chips worse than the best choice, {best}.", n="n"),
}
WORSE_OTHER = N_("{chosen}: about {amount} worse than the best choice, {best}.")  # a unit of another game
#: How often the student wins the round (the verdict's ``chance``), and how often the best
#: choice would (``best_chance``); a chance of 0 in sampled deals is "almost never".
YOU_WIN = N_("You win {this_round} {chance}.")
YOU_WIN_NONE = N_("You almost never win {this_round}.")
BEST_WINS = N_("By {best}, you win it {chance}.")
BEST_WINS_NONE = N_("By {best}, you almost never win it.")
#: A draw (DP-5, exact): how often the hand gets better, and the draw that gives a better
#: hand on average where the student's did not.
DRAW_BEST = N_("{chosen}: the best draw.")
DRAW_OTHER = N_("{chosen}: not the best draw.")
HAND_BETTER = N_("Your hand gets better {chance}.")
HAND_SAME = N_("Your hand cannot get better.")
BEST_DRAW = N_("By {best}, you get a better hand on average, and it gets better {chance}.")
BEST_DRAW_SAME = N_("By {best}, you keep a better hand on average, though it cannot get better.")
#: A line of the game's review (moves count from 1).
REVIEW_DRAW = N_("Move {number}: {done}; {best} gives a better hand on average.")
REVIEW_LITTLE = N_("Move {number}: {done}; {best} was a little better.")
REVIEW_WORSE = {
    "points": Plural("Move {number}: {done}; {best} was about {n} point better.",
                     "Move {number}: {done}; {best} was about {n} points better.", n="n"),
    "chips": Plural("Move {number}: {done}; {best} was about {n} chip better.",
                    "Move {number}: {done}; {best} was about {n} chips better.", n="n"),
}
REVIEW_OTHER = N_("Move {number}: {done}; {best} was about {amount} better.")
#: Every sentence of the coach (the catalogs take them from here).
SENTENCES = (BEST, CLOSE, LITTLE, *WORSE.values(), WORSE_OTHER, YOU_WIN, YOU_WIN_NONE, BEST_WINS, BEST_WINS_NONE,
             DRAW_BEST, DRAW_OTHER, HAND_BETTER, HAND_SAME, BEST_DRAW, BEST_DRAW_SAME, REVIEW_DRAW, REVIEW_LITTLE,
             *REVIEW_WORSE.values(), REVIEW_OTHER)


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


def chance_said(p: float) -> str:
    """A chance as the drills say it ('about 4 times in 10', 'almost every time'), without
    their exact fraction: the coach's chances are estimates.

    >>> chance_said(0.38), chance_said(0.97), chance_said(0.06)
    ('about 4 times in 10', 'almost every time', 'about 6 times in 100')
    """
    from fractions import Fraction

    from cardlab.words.drills import chance_words  # the drills' words (loaded when the coach speaks)

    return chance_words(Fraction(p).limit_denominator(10_000))


def _sentences(*said: str) -> str:
    return " ".join(said)


def _worse(verdict: Any, chosen: str, best: str) -> str:
    """The student's choice against the best, in whole units: 'You passed: about 8 points
    worse than the best choice, laying 9♠.'"""
    if verdict.action == verdict.best:
        return message(BEST).format(chosen=chosen)
    if verdict.agrees:
        return message(CLOSE).format(chosen=chosen, best=best)
    n = round(verdict.cost)
    if n < 1:
        return message(LITTLE).format(chosen=chosen, best=best)
    if verdict.unit in WORSE:
        return message(WORSE[verdict.unit], n).format(chosen=chosen, best=best, n=n)
    return message(WORSE_OTHER).format(chosen=chosen, best=best, amount=_units(n, verdict.unit))


def _units(n: int, unit: str) -> str:
    """``n`` with its unit, for a unit the coach has no sentence of its own for."""
    from cardlab.words.howto import UNITS

    return message(UNITS[unit], n).format(n=n) if unit in UNITS else f"{n} {unit}"


def coach_line(verdict: Any, game: Any, *, packet: int = 0) -> str:
    """The coach's line on one decision (a :class:`cardlab.coach.Verdict`) in ``game``
    (its settings), to the student ("you"), in plain words; ``packet`` as :func:`action_words`'s.

    >>> from types import SimpleNamespace
    >>> from cardlab.cards import parse_cards
    >>> from cardlab.records import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> verdict = SimpleNamespace(action=Action("draw", "8c 4d 2s"), best=Action("draw", "4d 2s"), value=1.02,
    ...     best_value=1.05, chance=0.2871, best_chance=0.312, method="exact", agrees=False, cost=0.03,
    ...     hand=parse_cards("Jh Js 8c 4d 2s"))
    >>> print(coach_line(verdict, DrawPoker()))
    You drew 3 cards: not the best draw. Your hand gets better about 3 times in 10. By keeping J♥ J♠ 8♣
    and drawing 2 cards, you get a better hand on average, and it gets better about 3 times in 10.
    """
    name = game.name
    chosen = action_words(verdict.action, name, done=True, packet=packet)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand, packet=packet)
    if verdict.method == "exact":
        same = verdict.agrees
        start = message(DRAW_BEST if same else DRAW_OTHER).format(chosen=chosen)
        said = [start, message(HAND_BETTER).format(chance=chance_said(verdict.chance)) if verdict.chance > 0
                else message(HAND_SAME)]
        if not same:
            said.append(message(BEST_DRAW).format(best=best, chance=chance_said(verdict.best_chance))
                        if verdict.best_chance > 0 else message(BEST_DRAW_SAME).format(best=best))
        return _sentences(*said)
    this_round = translate_in(THIS_ROUND, THIS_ROUNDS[name])
    said = [_worse(verdict, chosen, best)]
    if verdict.chance is not None:
        said.append(message(YOU_WIN).format(this_round=this_round, chance=chance_said(verdict.chance))
                    if verdict.chance > 0 else message(YOU_WIN_NONE).format(this_round=this_round))
    if not verdict.agrees and verdict.best_chance is not None:
        said.append(message(BEST_WINS).format(best=best, chance=chance_said(verdict.best_chance))
                    if verdict.best_chance > 0 else message(BEST_WINS_NONE).format(best=best))
    return _sentences(*said)


def review_line(verdict: Any, game: Any, *, packet: int = 0) -> str:
    """One line of the game's review: a decision that differed, with about what it cost
    (a table makes it a link that replays the position; moves count from 1); ``packet``
    as :func:`action_words`'s.

    >>> from types import SimpleNamespace
    >>> from cardlab.records import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> verdict = SimpleNamespace(move=11, action=Action("draw", "8c 4d 2s"), best=Action("draw"), cost=0.031,
    ...     method="exact", hand=())
    >>> review_line(verdict, DrawPoker())
    'Move 12: You drew 3 cards; standing pat gives a better hand on average.'
    """
    name = game.name
    done = action_words(verdict.action, name, done=True, packet=packet)
    best = action_words(verdict.best, name, done=False, hand=verdict.hand, packet=packet)
    words = {"number": verdict.move + 1, "done": done, "best": best}
    if verdict.method == "exact":
        return message(REVIEW_DRAW).format_map(words)
    n = round(verdict.cost)
    if n < 1:
        return message(REVIEW_LITTLE).format_map(words)
    if verdict.unit in REVIEW_WORSE:
        return message(REVIEW_WORSE[verdict.unit], n).format_map(words | {"n": n})
    return message(REVIEW_OTHER).format_map(words | {"amount": _units(n, verdict.unit)})
