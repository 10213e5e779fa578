"""The coach's notes on one seat's decisions, for any session (issue 28, item 6).

A session hands :meth:`CoachNotes.decided` the seat's observation *before* its decision
(never a hidden card) and the action it chose; the verdict is worked out after the page
has shown the move, away from the page (the page's :class:`~cardlab.sessions.clock.Clock`:
a worker thread, then back on the page; at once in plain Python), so the coach never says
anything before the student has decided, never slows the click, and never holds up the
other pages of a server.

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

from collections.abc import Callable
from typing import Any

from cardlab.engine import Action, Game, Observation
from cardlab.sessions.clock import Clock, current_clock, running_loop

__all__ = ["CoachNotes", "running_loop"]


class CoachNotes:
    """The verdicts on one game's decisions of one seat; cleared with :meth:`clear`.
    ``clock``: where the verdicts are worked out (default: the page's, :func:`current_clock`)."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock if clock is not None else current_clock()
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

        def judge_it() -> Any:
            from cardlab.coach import judge

            return judge(observation, action, move=move)

        def keep(verdict: Any) -> None:
            if game != self._game:
                return  # worked out for a game that is gone
            self.verdicts = [v for v in self.verdicts if v.move < move]  # an undone decision's verdict goes
            if verdict is not None:
                self.verdicts.append(verdict)

        if at_once or self.clock is None:
            keep(judge_it())
            return

        def then(verdict: Any) -> None:
            keep(verdict)
            if done is not None:
                done()

        self.clock.off(judge_it, then)

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
