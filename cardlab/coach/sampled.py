"""Sampled verdicts: deal the unseen cards as the seat's view allows, play each choice out.

Each world is a full state consistent with the seat's observation
(``game.sample_state``: the cards it has not seen, shuffled and dealt to the places it
cannot see), redrawn up to :data:`TRIES` times when the rule bot finds it implausible
(the others would not have played as they did with those cards). In every world the
rule bot's short list of candidates (:meth:`cardlab.bots.SearchBot.candidates`) and the
student's action are each played, then the rule bot plays every seat until the round
ends (:func:`cardlab.bots.search.rollout_gain`: the seat's gain less the others' mean
gain). All choices share the worlds, so the cost is measured on paired differences.

Everything is seeded by the position (:func:`cardlab.coach.position.position_seed`):
the worlds by it, each candidate's rollout bot by it and the candidate, so a choice's
value does not depend on which other action the student took. The number of worlds is
counted in work, not seconds (:data:`BUDGET`), so it too follows from the position.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from cardlab.bots import RuleBot, SearchBot
from cardlab.bots.search import rollout_gain
from cardlab.coach.position import derived_seed, position_seed
from cardlab.coach.verdict import Verdict
from cardlab.engine import Action, GameState, Observation
from cardlab.games import game_entry
from cardlab.games.spec import Takes
from cardlab.odds import Z95

__all__ = ["judge_by_rollouts", "BUDGET", "DRAW_COST", "MOST", "LEAST", "TRIES"]

#: The work of one sampled verdict, in rollout actions of the candidates (the student's
#: own choice, when not a candidate, is extra): 60-100 microseconds of CPU each, so a
#: verdict that spends it takes about 120 ms of CPU, and two or three times that on a busy,
#: shared 2-core machine (``benchmarks/bench_coach.py``).
BUDGET = 1500
#: What drawing one world (and the rule bot's check that it fits the others' play) counts
#: against the budget, in rollout actions: Kontrabluff's draws cost as much as its rollouts.
DRAW_COST = 6
#: The most and the fewest worlds of a verdict (the fewest even over the budget).
MOST, LEAST = 500, 16
#: Draws of a world before an implausible one is replaced by an earlier plausible one.
TRIES = 4


def _worlds(observation: Observation, rng: np.random.Generator) -> Iterator[tuple[GameState, int]]:
    """Worlds consistent with ``observation``, each with the number of draws it took:
    the first plausible one of up to :data:`TRIES` draws, else the plausible ones drawn
    before, in turn, else the last drawn."""
    game, judge = observation.game, RuleBot(seed=0)  # plausible() draws nothing at random
    plausible: list[GameState] = []
    reused = 0
    while True:
        for draws in range(1, TRIES + 1):
            world = game.sample_state(observation, rng)
            if judge.plausible(world, observation):
                plausible.append(world)
                break
        else:
            if plausible:
                world, reused = plausible[reused % len(plausible)], reused + 1
        yield world, draws


def _same_as(action: Action, takes: Takes) -> tuple:
    """What makes two actions the same choice (chosen cards in any order); its text is
    the same in every process, so it seeds the choice's rollout bot."""
    cards = tuple(sorted(action.cards, key=lambda card: card.code)) if takes is Takes.CHOSEN else action.cards
    return action.kind, tuple(card.short for card in cards), action.amount


def judge_by_rollouts(observation: Observation, action: Action, *, move: int, budget: int | None = None,
                      most: int | None = None, least: int | None = None) -> Verdict | None:
    """The sampled verdict on ``action`` (legal for the observation's seat): None when the
    rule bot's candidates and the action are one choice (nothing to compare). ``budget``,
    ``most`` and ``least`` default to :data:`BUDGET`, :data:`MOST` and :data:`LEAST` as
    they are when called.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> state = Kontrabluff().new_state(seed=5)
    >>> observation = state.observation(state.current_player)
    >>> action = next(iter(observation.legal_actions))
    >>> verdict = judge_by_rollouts(observation, action, move=len(state.actions))
    >>> verdict.method, verdict.basis, verdict.unit, verdict.cost >= 0
    ('sampled', 'deals', 'points', True)
    >>> verdict == judge_by_rollouts(observation, action, move=len(state.actions))
    True
    """
    budget = BUDGET if budget is None else budget
    most, least = MOST if most is None else most, LEAST if least is None else least
    seed, spec = position_seed(observation), game_entry(observation.game).spec
    key = {kind: spec.action(kind).takes for kind in spec.kinds}
    choices: dict[tuple, Action] = {}
    for candidate in SearchBot(seed=seed).candidates(observation):
        choices.setdefault(_same_as(candidate, key[candidate.kind]), candidate)
    counted = len(choices)  # the candidates; the student's action, if extra, is not budgeted
    mine = _same_as(action, key[action.kind])
    choices[mine] = action
    if len(choices) < 2:
        return None
    actions, keys = list(choices.values()), list(choices)
    chosen = keys.index(mine)
    bots = [RuleBot(seed=derived_seed(seed, *k)) for k in keys]
    gains: list[list[float]] = [[] for _ in actions]
    rng, player, spent = np.random.default_rng(seed), observation.player, 0
    for n, (world, draws) in enumerate(_worlds(observation, rng), start=1):
        spent += DRAW_COST * draws
        for i, (candidate, bot) in enumerate(zip(actions, bots)):
            state = world.clone()
            played = len(state.actions)
            gains[i].append(rollout_gain(state, player, candidate, bot))
            if i < counted:
                spent += len(state.actions) - played
        if n >= most or (n >= least and spent >= budget):
            break
    table = np.array(gains)
    means = table.mean(axis=1)
    best = int(np.argmax(means))  # ties: the earlier, the rule bot's own choice first
    diffs = table[best] - table[chosen]
    margin = Z95 * float(diffs.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    ahead = (table > 0).mean(axis=1)
    return Verdict(seat=player, move=move, action=action, value=float(means[chosen]), best=actions[best],
                   best_value=float(means[best]), unit=spec.unit, method="sampled", basis="deals", samples=n,
                   margin=margin, chance=float(ahead[chosen]), best_chance=float(ahead[best]), chance_of="ahead",
                   hand=tuple(observation.hand))
