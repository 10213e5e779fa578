"""Parallel poker's arrangement (PP-2): the student's packets against the search's.

Both seats hold the same 25 cards (PP-1); what a seat cannot see is the other's
arrangement. The coach draws the search bot's population of arrangements the other
might make (:meth:`cardlab.bots.parallel_poker.SearchArrangement.population`: the simple
strategies', random ones among them, each strategy weighted alike), seeded by the
position, and scores an arrangement by its weighted mean points margin against them
(showing k is worth k + 2 points, a tie nothing, PP-3, PP-4). The best is the search's
reply to that population (:meth:`~cardlab.bots.parallel_poker.SearchArrangement.respond`),
or the student's own arrangement where it scores higher.
"""

from __future__ import annotations

import math

import numpy as np

from cardlab.bots.parallel_poker import Deal, SearchArrangement
from cardlab.coach.position import position_seed
from cardlab.coach.verdict import Verdict
from cardlab.engine import Action, Observation
from cardlab.games.parallel_poker import ARRANGE, SHOWING_POINTS
from cardlab.odds import Z95

__all__ = ["judge_arrangement"]

_POINTS = np.array(SHOWING_POINTS, dtype=float)  # PP-4: showing k is worth k + 2


def _margins(deal: Deal, positions: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """The points margin of one arrangement against each of ``theirs`` (packet keys, (m, 5))."""
    mine = deal.keys(positions)
    return ((mine > theirs) * _POINTS).sum(axis=1) - ((theirs > mine) * _POINTS).sum(axis=1)


def judge_arrangement(observation: Observation, action: Action, *, move: int) -> Verdict:
    """The verdict on an arrangement (PP-2): its mean points margin against the
    population of the other's likely arrangements, and the search's best reply's.

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> from cardlab.bots.parallel_poker import StrongestFirst
    >>> state = ParallelPoker().new_state(seed=3)
    >>> observation = state.observation(0)
    >>> verdict = judge_arrangement(observation, StrongestFirst()(observation), move=len(state.actions))
    >>> verdict.basis, verdict.unit, verdict.samples, verdict.agrees
    ('arrangements', 'points', 19, False)
    """
    search = SearchArrangement(seed=position_seed(observation))
    deal = Deal(observation.held, observation.game)
    population, weights = search.population(deal)
    weights = weights / weights.sum()
    theirs = deal.keys(population)
    found, _ = search.respond(deal, population, weights)
    mine, best = _margins(deal, deal.positions(action.cards), theirs), _margins(deal, found, theirs)
    value, best_value = float(weights @ mine), float(weights @ best)
    if value >= best_value:  # the student's beats the search's: it is the best found
        best, best_value, best_action = mine, value, action
    else:
        best_action = Action(ARRANGE, deal.cards(found))
    diffs = best - mine
    margin = Z95 * math.sqrt(float((weights**2) @ (diffs - weights @ diffs) ** 2))  # weighted mean's error
    return Verdict(seat=observation.player, move=move, action=action, value=value, best=best_action,
                   best_value=best_value, unit="points", method="sampled", basis="arrangements",
                   samples=len(population), margin=margin, chance=float(weights @ (mine > 0)),
                   best_chance=float(weights @ (best > 0)), chance_of="ahead", hand=tuple(observation.hand))
