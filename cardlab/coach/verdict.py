"""What the coach says of one decision (:class:`Verdict`), and the game's review of them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.cards import Card
from cardlab.engine import Action

__all__ = ["Verdict", "review", "STAKES"]

#: The units a game's stake is counted in; a verdict in another unit (a draw's average
#: kind of hand, DP-5) is listed after them in a review.
STAKES = frozenset({"chips", "points"})


@dataclass(frozen=True)
class Verdict:
    """The coach's comparison of one decision with the best it can work out.

    ``seat`` decided ``action`` at ``move`` (its index in ``state.actions``); ``value`` is
    what it is worth, ``best`` the best action found and ``best_value`` its worth, both in
    ``unit``: ``"kind"`` (a draw's expected kind of hand, 0 = high card .. 8 = the best
    kind of the deck, DP-5, HR-4), ``"chips"`` or ``"points"`` (the seat's gain less the
    others' mean gain until the round ends, in the game's stake).

    ``method`` is ``"exact"`` (every possible draw counted, ``basis="draws"``,
    ``samples=0`` and ``margin=0``) or ``"sampled"``: ``samples`` deals of the unseen
    cards (``basis="deals"``) or arrangements the other seat might make
    (``basis="arrangements"``, PP-2), and ``margin`` the half-width of the 95% interval
    of :attr:`cost`. ``chance`` and ``best_chance`` are the chance to improve (exact draws)
    or to come out of the round ahead (sampled), as ``chance_of`` says
    (``"improve"`` or ``"ahead"``): the chance to win the round, or for the chip games
    to win chips in it. ``hand`` is the seat's own cards at the decision (the words say
    what a draw keeps with it).

    The coach's words (:mod:`cardlab.words.coach`) say a choice's cost in whole units and
    its chances as the drills do, to a 12-year-old; the margin, :attr:`interval` and
    ``samples`` are for the notebooks' analysis.

    >>> verdict = Verdict(seat=0, move=9, action=Action("pass"), value=-6.0, best=Action("lay", "9s"),
    ...                   best_value=1.5, unit="points", method="sampled", basis="deals", samples=400, margin=1.2)
    >>> verdict.cost, verdict.agrees, verdict.interval
    (7.5, False, (6.3, 8.7))
    """

    seat: int
    move: int
    action: Action
    value: float
    best: Action
    best_value: float
    unit: str
    method: str
    basis: str
    samples: int
    margin: float = 0.0
    chance: float | None = None
    best_chance: float | None = None
    chance_of: str = "ahead"
    hand: tuple[Card, ...] = ()

    @property
    def cost(self) -> float:
        """What the choice gave up against the best, in ``unit`` (never below 0)."""
        return max(0.0, self.best_value - self.value)

    @property
    def agrees(self) -> bool:
        """The coach's choice, or as good within the 95% margin (within 1e-9 when exact)."""
        return self.action == self.best or self.cost <= max(self.margin, 1e-9)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`cost` (a point when exact)."""
        return (self.best_value - self.value - self.margin, self.best_value - self.value + self.margin)


def review(verdicts: Iterable[Verdict | None]) -> tuple[Verdict, ...]:
    """The decisions that differed from the coach's, costliest first: those counted in
    the game's stake (chips, points) first, then the others (a draw's kind of hand);
    equal costs in move order. ``None`` entries (decisions the coach let pass) are skipped.

    >>> def said(move, value, best, unit="points"):
    ...     return Verdict(seat=0, move=move, action=Action("pass"), value=value, best=Action("call"),
    ...                    best_value=best, unit=unit, method="sampled", basis="deals", samples=100, margin=0.5)
    >>> [v.move for v in review([said(1, -1.0, -0.8), None, said(4, -3.0, 1.0), said(6, 0.0, 2.0, "kind")])]
    [4, 6]
    """
    differed = [v for v in verdicts if v is not None and not v.agrees]
    return tuple(sorted(differed, key=lambda v: (v.unit not in STAKES, -v.cost, v.move)))
