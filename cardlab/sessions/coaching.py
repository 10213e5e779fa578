"""The coach's notes on one seat's decisions, for any session (issue 28, item 6).

A session hands :meth:`CoachNotes.decided` the seat's observation *before* its decision
(never a hidden card) and the action it chose; the verdict is worked out just after the
page has shown the move (on the event loop, or at once without one), so the coach never
says anything before the student has decided and never slows the click.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff(target=30).new_state(seed=7)
>>> notes = CoachNotes()
>>> seat = state.current_player
>>> before, action = state.observation(seat), next(iter(state.legal_actions()))
>>> notes.decided(before, action, move=len(state.actions), at_once=True)
>>> len(notes.verdicts), len(notes.lines(state.game, over=False))
(1, 1)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from cardlab.engine import Action, Game, Observation

__all__ = ["CoachNotes", "running_loop"]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (a notebook's, Voilà's), even from a widget's click handler
    that runs outside it; None in plain Python (then bots and the coach act at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        loop = getattr(kernel, "io_loop", None)
        return getattr(loop, "asyncio_loop", None)
    except Exception:  # noqa: BLE001 - no kernel: bots move at once
        return None


class CoachNotes:
    """The verdicts on one game's decisions of one seat; cleared with :meth:`clear`."""

    def __init__(self) -> None:
        self.verdicts: list[Any] = []
        self._game = 0  # bumped by clear(): a verdict worked out for an older game is dropped

    def clear(self) -> None:
        """A new game: forget the verdicts (one still being worked out is dropped too)."""
        self.verdicts = []
        self._game += 1

    def decided(self, observation: Observation, action: Action, *, move: int,
                done: Callable[[], None] | None = None, at_once: bool = False) -> None:
        """The seat chose ``action`` at ``observation`` (move number ``move``): judge it just
        after the page has shown the move (``at_once``: now), then call ``done`` (the view
        redraws)."""
        game = self._game

        def judge_now() -> None:
            from cardlab.coach import judge

            if game != self._game:
                return
            verdict = judge(observation, action, move=move)
            self.verdicts = [v for v in self.verdicts if v.move < move]  # an undone decision's verdict goes
            if verdict is not None:
                self.verdicts.append(verdict)

        loop = None if at_once else running_loop()
        if loop is None:
            judge_now()
            return

        def later() -> None:
            judge_now()
            if done is not None:
                done()

        loop.call_soon(later)

    def of(self, seat: int | None) -> list[Any]:
        """The verdicts on ``seat``'s decisions (None: every seat's)."""
        return [v for v in self.verdicts if seat is None or v.seat == seat]

    def review(self, seat: int | None = None) -> tuple[Any, ...]:
        """The decisions that differed from the coach's (``seat``'s only, if given), costliest first."""
        from cardlab.coach import review

        return review(self.of(seat))

    def lines(self, game: Game, *, over: bool, seat: int | None = None) -> tuple[str, ...]:
        """The coach's line on the last decision; at the game's end (``over``) the review.
        ``seat``: the seat at the screen, whom the coach calls "you" (in hot-seat play the
        seat to act): only its own decisions are said."""
        verdicts = self.of(seat)
        if not verdicts:
            return ()
        from cardlab.games import game_entry
        from cardlab.words.coach import coach_line, review_line

        packet = game_entry(game).spec.packet  # an arrangement is said packet by packet (PP-2)
        if over:
            return tuple(review_line(v, game, packet=packet) for v in self.review(seat))
        return (coach_line(verdicts[-1], game, packet=packet),)
