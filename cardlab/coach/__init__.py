"""The coach (issue 28): after each decision of a student, the best the engine can work out.

:func:`judge` takes only the seat's :class:`~cardlab.engine.Observation` from just before
the decision and the action chosen, and returns a :class:`Verdict`: exact where exact
odds exist (draw poker's draw, DP-5), else sampled from the seat's own view (the unseen
cards dealt at random, each choice played out by the rule bot) and seeded by the
position, so that the same position always gives the same verdict, whatever the hidden
cards. :func:`review` lists a game's decisions that differed from the coach's, costliest
first. :mod:`cardlab.words.coach` puts verdicts into words; the tables show them.

>>> from cardlab.bots import RuleBot
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state, bot, verdicts = Kontrabluff(target=20).new_state(seed=6), RuleBot(seed=1), []
>>> while not state.is_terminal and len(state.actions) < 12:
...     seat = state.current_player
...     observation = state.observation(seat)
...     action = bot(observation)
...     verdicts.append(judge(observation, action, move=len(state.actions)) if seat == 0 else None)
...     state.apply(action)
>>> [(v.move, v.method, v.agrees) for v in verdicts if v]
[(1, 'sampled', True), (3, 'sampled', True), (5, 'sampled', False), (7, 'sampled', True), (9, 'sampled', True)]
>>> [(v.move, str(v.action), str(v.best)) for v in review(verdicts)]
[(5, 'lay 8♣', 'pass')]

Layout: :mod:`~cardlab.coach.verdict` (the record and the review),
:mod:`~cardlab.coach.position` (the position's seed), :mod:`~cardlab.coach.exact`,
:mod:`~cardlab.coach.sampled`, a game's own judge (:mod:`~cardlab.coach.parallel_poker`: the methods) and
:mod:`~cardlab.coach.judge` (which method judges what).
"""

from cardlab.coach.judge import judge
from cardlab.coach.position import position_seed
from cardlab.coach.verdict import Verdict, review

__all__ = ["Verdict", "judge", "review", "position_seed"]
