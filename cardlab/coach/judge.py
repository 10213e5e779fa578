"""The coach's one entry point: :func:`judge` a decision from the seat's own view.

A decision is judged from the :class:`~cardlab.engine.Observation` its seat had just
before it (``state.observation(seat)``) and the action it chose; the coach never sees a
state, so it cannot use a hidden card. Which method judges which decision is declared
by the game's spec (:class:`~cardlab.games.spec.GameSpec`: ``judges``, an exact judge by
kind of action, such as draw poker's draw; ``judge``, a game's own judge of every
decision, such as parallel poker's arrangement), read through its entry
(:meth:`~cardlab.games.registry.GameEntry.exact_judge`); every other decision is sampled
(:func:`cardlab.coach.sampled.judge_by_rollouts`).

>>> from cardlab.engine import Action
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=5)
>>> observation = state.observation(state.current_player)
>>> judge(observation, Action("see", "2c 3c 4c 5c 7d"), move=0)
Traceback (most recent call last):
...
ValueError: the coach judges one of the legal actions of North, and see 2♣ 3♣ 4♣ 5♣ 7♦ is not one
(the kinds open now: lay, low)
"""

from __future__ import annotations

from cardlab.coach.sampled import judge_by_rollouts
from cardlab.coach.verdict import Verdict
from cardlab.engine import Action, Observation
from cardlab.games import game_entry
from cardlab.words import seat_names

__all__ = ["judge"]


def judge(observation: Observation, action: Action, *, move: int) -> Verdict | None:
    """The coach's verdict on ``action``, chosen by ``observation``'s seat at ``move``
    (the index the action takes in ``state.actions``); None where there was no choice
    (a single legal action) or nothing to compare it with.

    Exact where exact odds exist, or the game's own way, as its spec declares; else
    sampled from the seat's own view and seeded by the position: the same position gives
    the same verdict, whatever the cards the seat cannot see. ``action`` must be legal now (a ValueError says why not).
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"the coach judges from a seat's observation (state.observation(seat)), "
                        f"got {type(observation).__name__}")
    if not isinstance(action, Action):
        raise TypeError(f"the coach judges an Action, got {action!r}")
    if type(move) is not int or move < 0:
        raise ValueError(f"move is the action's index in state.actions, a whole number from 0, got {move!r}")
    legal, seat = observation.legal_actions, seat_names(observation.game.num_players)[observation.player]
    if not legal:
        raise ValueError(f"the coach judges a decision, and {seat} has none to make now")
    if action not in legal:
        raise ValueError(f"the coach judges one of the legal actions of {seat}, and {action} is not one "
                         f"(the kinds open now: {', '.join(sorted(legal.kinds()))})")
    if len(legal) == 1:
        return None
    method = game_entry(observation.game).exact_judge(action.kind) or judge_by_rollouts
    return method(observation, action, move=move)
