"""Exact verdicts: draw poker's draw (DP-5), every possible draw counted.

The 32 discards of the seat's five cards are scored as the draw-poker table's hint
scores them (:func:`cardlab.analysis.draw_odds.discard_table`): the expected kind of
hand after the draw (0 = high card .. 8 = the best kind of the deck, HR-4), ties broken
by the chance to improve, counted over every draw from the cards the seat has not
seen (its own discards are dead). The counting is :mod:`cardlab.odds`.
"""

from __future__ import annotations

from cardlab.coach.verdict import Verdict
from cardlab.engine import Action, Observation
from cardlab.hands import evaluate
from cardlab.odds import all_choices, score_of

__all__ = ["judge_draw"]


def judge_draw(observation: Observation, action: Action, *, move: int) -> Verdict:
    """The exact verdict on a draw (DP-5): ``action`` (a legal ``draw``) against the best
    of the 32 discards, by expected kind of hand, then chance to improve.

    >>> from cardlab.engine import Action
    >>> from cardlab.games.draw_poker import DrawPoker, Phase
    >>> from cardlab.bots import RuleBot
    >>> state, bot = DrawPoker(players=2).new_state(seed=2), RuleBot(seed=1)
    >>> while state.observation(state.current_player).phase is not Phase.DRAW:
    ...     state.apply(bot(state.observation(state.current_player)))
    >>> observation = state.observation(state.current_player)
    >>> verdict = judge_draw(observation, Action("draw", observation.hand), move=len(state.actions))
    >>> verdict.method, verdict.unit, verdict.chance_of, verdict.agrees
    ('exact', 'kind', 'improve', False)
    """
    hand, rules = tuple(observation.hand), observation.game.rules
    improve = score_of("improve", evaluate(hand, rules).category, rules)
    legal = observation.legal_actions
    scored = []  # (expected kind, chance to improve, discard), in all_choices' order
    for choice in all_choices(hand, rules, "expected", dead=getattr(observation, "own_discards", ())):
        if Action("draw", choice.discard) in legal:
            scored.append((float(choice.score), float(improve(choice.odds)), choice.discard))
    best = max(scored, key=lambda row: row[:2])  # the first of the best, as the table's stable sort
    chosen = frozenset(action.cards)
    mine = next(row for row in scored if frozenset(row[2]) == chosen)
    return Verdict(seat=observation.player, move=move, action=action, value=mine[0],
                   best=action if mine[:2] == best[:2] else Action("draw", best[2]), best_value=best[0],
                   unit="kind", method="exact", basis="draws", samples=0, chance=mine[1], best_chance=best[1],
                   chance_of="improve", hand=hand)
