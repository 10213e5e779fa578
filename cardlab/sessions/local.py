"""A table session at one screen: the game, the bots and their pace, the results it stops
on, Undo, hot-seat turns. No widgets: a view (:mod:`cardlab.widgets.table`) asks it for
a :class:`~cardlab.sessions.seatview.SeatView` and forwards clicks to it.

The session is the referee: it holds the true :class:`~cardlab.engine.GameState` and
hands out only what the seat on screen may see.

- **Results stay** (EventKind ``result``/``brief``): the session stops on them with the
  position as it stood when the result was decided (the *scene*: the deciding card in
  its row, the new scores), until :meth:`resume`.
- **Undo never reveals**: it goes back only to a point after which nothing was turned
  up (a result, a trick, a showing, a card dealt or drawn, an opponent's card shown);
  past such a point :meth:`undo` refuses and says why.
- **Hot-seat**: every seat is a person's; when the turn passes to another seat the
  cover goes up and the view shows nothing private until :meth:`uncover`.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> session = TableSession(Kontrabluff(target=30), seed=7)  # North led a low round (KB-6)
>>> view = session.view()
>>> view.seat, view.my_turn, sorted(view.offers)
(0, True, ['pass', 'see'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.bots import Bot, bot_for
from cardlab.cards import Card, rng_for
from cardlab.engine import Action, Game, GameState, IllegalActionError, Observation, Replay, Zone, to_act
from cardlab.records import reveals
from cardlab.sessions.clock import Handle, current_clock
from cardlab.sessions.coaching import CoachNotes
from cardlab.sessions.seatview import (MAX_LISTED, NOT_TO_ACT, RESULT_ON_SCREEN, Controls, Notice, ResultView, SeatView,
                                       detached, offers_of, refusal_values)
from cardlab.words import seat_names
from cardlab.words.table import refusal_text

__all__ = ["TableSession", "ResultWatch", "BRIEF_PAUSE", "reveals", "listed_for", "result_after"]

#: s: the least a brief result (a trick) stays when bots move on their own at a pace
BRIEF_PAUSE = 1.5
#: The public events a result shows as what led to it.
_CONTEXT = 8


class TableSession:
    """One game at one screen: ``seat`` plays against bots (``opponent``: a bot name, a
    :class:`~cardlab.bots.Bot`, or a dict seat -> either), or every seat is a person's
    (``hotseat``). ``pace``: seconds between bot moves (0: at once); with ``auto=False``
    bots move only on :meth:`step`. ``teacher``: the view may show every card.

    Views :meth:`subscribe` to be told when the session changed on its own (a bot's
    timed move).
    """

    def __init__(self, game: Game, *, seat: int = 0, seed: int | None = 0,
                 opponent: str | Bot | dict[int, str | Bot] = "random", pace: float = 0.0, auto: bool = True,
                 hotseat: bool = False, teacher: bool = False, coach: bool = False):
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be 0..{game.num_players - 1}, got {seat!r}")
        self.game = game
        self.seat = seat
        self.opponent = opponent
        self.hotseat = hotseat
        self.teacher = bool(teacher)
        self.pace = float(pace)
        self.auto = bool(auto)
        self.coach = bool(coach)
        self.notice: Notice | None = None
        self.result: ResultView | None = None
        self.covered = False
        self.replay: Replay | None = None
        self.replay_position = 0
        self._replayed: tuple[int, GameState] | None = None
        #: Where the bots' paced moves and the coach's verdicts run (the page's; None: at once).
        self.clock = current_clock()
        self.notes = CoachNotes(self.clock)  # the coach's verdicts on this game's decisions
        self._listeners: list[Callable[[], None]] = []
        self._pending: Handle | None = None
        self._undo_points: list[tuple[GameState, int, dict[int, frozenset[Card]]]] = []
        self._moves_made = 0
        self._scanned = 0
        self._first_seed = 0 if seed is None else int(seed)
        self._games_started = 0
        self.new_game(seed)

    # -- the game ---------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.game.num_players)

    @property
    def humans(self) -> frozenset[int]:
        """The seats people play."""
        return frozenset(range(self.game.num_players)) if self.hotseat else frozenset({self.seat})

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever the session changes on its own (a timed bot move)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game from ``seed``; None draws the next seed of this session's own
        sequence (the student does not see it until the game is over)."""
        self._cancel_pending()
        if seed is None:
            seed = int(rng_for(self._first_seed, 104729, self._games_started).integers(2**31))
        self._games_started += 1
        self.state = self.game.new_state(seed=int(seed))
        self.bots: dict[int, Bot] = {}
        for player in range(self.game.num_players):
            if player in self.humans:
                continue
            kind = self.opponent.get(player, "random") if isinstance(self.opponent, dict) else self.opponent
            bot_seed = int(rng_for(int(seed), 7919, player).integers(2**31))
            self.bots[player] = bot_for(kind, seed=bot_seed, game=self.game)
        self.replay = None
        self.result = None
        self.covered = False
        self.notes.clear()
        self._undo_points = []
        self._moves_made = 0
        self._scanned = len(self.state.history.records)
        self._say("new_game")
        self._advance()

    def actors(self) -> list[int]:
        """The seats that must act now (several during simultaneous choices, FL-3, PP-2)."""
        return to_act(self.state)

    @property
    def view_seat(self) -> int:
        """The seat on screen (in hot-seat, the seat to act: a change puts the cover up;
        while a result is on screen the view stays with the person who saw it)."""
        return self._follow(self.actors())

    def _follow(self, actors: list[int]) -> int:
        """The seat on screen, given the seats to act (asked once per view)."""
        if self.hotseat and self.result is None:
            people = [p for p in actors if p in self.humans]
            if people and self.seat not in people:
                self.seat = people[0]
                self.covered = True
        return self.seat

    def shown_state(self) -> GameState:
        """The state on screen: the replayed one while a finished game is replayed."""
        if self.replay is None:
            self._replayed = None  # a closed replay keeps nothing
            return self.state
        if self._replayed is None or self._replayed[0] != self.replay_position:
            self._replayed = (self.replay_position, self.replay[self.replay_position])  # rebuilt from a checkpoint
        return self._replayed[1]

    def my_turn(self, actors: list[int] | None = None) -> bool:
        actors = self.actors() if actors is None else actors
        return (self.replay is None and self.result is None and not self.covered
                and self._follow(actors) in actors)

    # -- what the view receives ---------------------------------------------------------
    def view(self) -> SeatView:
        """What the seat on screen may see now (see :class:`SeatView`)."""
        actors = self.actors()  # asked once: in a simultaneous phase it lists every seat's actions
        seat = self._follow(actors)
        state = self.shown_state()
        obs = state.observation(seat)
        mine = self.my_turn(actors)
        if self.covered:  # hot-seat: nothing private until the next person uncovers
            obs = _bare(obs)
        else:
            obs = detached(obs, listed=0 if not mine else listed_for(self.game))
        offers = offers_of(obs) if mine else {}
        over = self.state.is_terminal and self.replay is None
        return SeatView(
            game=self.game, seat=seat, seats=self.seats, observation=obs, my_turn=mine,
            actors=tuple(actors), offers=offers, result=self.result if self.replay is None else None,
            over=over, covered=self.covered, hotseat=self.hotseat,
            seed=self.state.seed if self.state.is_terminal else None,
            undo=self.undo_refusal(), can_step=self._next_bot(actors) is not None,
            controls=self.controls(), notice=self.notice, coach=self.coach_lines(),
            replay=(self.replay_position, len(self.replay) - 1) if self.replay is not None else None,
            every_card=self.every_card() if self.teacher else None,
            version=len(self.state.actions),
        )

    def controls(self) -> Controls:
        return Controls(coach=self.coach)

    def reason(self, action: Action) -> str:
        """Why the seat on screen may not play ``action`` now ('' if it may)."""
        try:
            self.state.check(action, self.view_seat)
        except IllegalActionError as error:
            return refusal_text(**refusal_values(error))
        return ""

    def every_card(self) -> tuple[Zone, ...]:
        """Every card where it really is, zone by zone (a teacher's table only)."""
        if not self.teacher:
            raise PermissionError("only a teacher's table shows every card")
        return self.shown_state().zones()

    def coach_lines(self) -> tuple[str, ...]:
        """The coach's line on the seat's last decision (after it was made, never before),
        and at the game's end the review: the decisions that differed, with their cost. The
        coach speaks to the seat on screen ("you"; in hot-seat play the seat to act) of its
        own decisions only."""
        if not self.coach or self.covered:  # hot-seat: nothing of anyone's until the next person uncovers
            return ()
        return self.notes.lines(self.game, over=self.state.is_terminal, seat=self.seat)

    def coach_moves(self) -> tuple[int, ...]:
        """The move numbers of the review's decisions (a view links each to its replay)."""
        return tuple(v.move for v in self.notes.review(self.seat)) if self.coach and self.state.is_terminal else ()

    # -- clicks -------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Play ``action`` for the seat on screen, then let the bots move."""
        if self.result is not None and not self.state.is_terminal:
            raise IllegalActionError(RESULT_ON_SCREEN())
        seat = self.view_seat
        if seat not in self.actors():
            raise IllegalActionError(NOT_TO_ACT(seat, players=self.game.num_players))
        point = self.state.clone()
        known = {p: frozenset(self.state.observation(p).hand) for p in self.humans}
        start = len(self.state.history.records)
        self._apply(seat, action)  # refuses (state unchanged) unless legal
        self._moves_made += 1
        self._undo_points.append((point, seat, known))
        self._reveal_check(since=start)
        self.notice = None
        self._judge(point, seat, action)
        if self.result is None:
            self._advance()

    def _judge(self, before: GameState, seat: int, action: Action) -> None:
        """The coach's verdict on a decision, from the seat's view before it (never a hidden
        card): at once without an event loop, else just after the page shows the move."""
        if self.coach:
            self.notes.decided(before.observation(seat), action, move=len(before.actions), done=self._changed)

    @property
    def verdicts(self) -> list[Any]:
        """The coach's verdicts on this game's decisions so far."""
        return self.notes.verdicts

    def review(self) -> tuple[Any, ...]:
        """The decisions of this game that differed from the coach's, costliest first."""
        return self.notes.review()

    def resume(self) -> None:
        """Leave the result on screen and go on (Continue)."""
        if self.result is None or self.state.is_terminal:
            return
        self.result = None
        self._cancel_pending()
        self._advance()

    def step(self) -> bool:
        """One bot move now; False when no bot is to move."""
        player = self._next_bot()
        if player is None:
            return False
        self._bot_move(player)
        return True

    def uncover(self) -> None:
        self.covered = False

    def set_pace(self, pace: float, auto: bool) -> None:
        """Seconds between the bots' moves, and whether they move on their own."""
        self.pace, self.auto = float(pace), bool(auto)
        self._advance()

    # -- undo ------------------------------------------------------------------------
    def undo_refusal(self) -> Notice | None:
        """None when Undo may take a move back now, else why not."""
        if self.replay is not None:
            return Notice("undo_replaying")
        if not self._undo_points:
            return Notice("undo_turned_up" if self._moves_made else "undo_nothing")
        return None

    def undo(self) -> bool:
        """Take back the last move of a person and what followed, if nothing was turned up
        since; else say why not. True if a move was taken back."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.notice = refusal
            return False
        self._cancel_pending()
        point, seat, _ = self._undo_points.pop()
        self.state = point
        self._scanned = len(point.history.records)
        self.result = None
        self.covered = False
        if self.hotseat:
            self.seat = seat
        self.notice = Notice("undone", {"seat": seat})
        self._advance()
        return True

    def _reveal_check(self, since: int | None = None) -> None:
        """Forget the undo points behind anything turned up (the records since the last look)."""
        records = self.state.history.records
        end = len(records)
        start = self._scanned if since is None else since
        if self._undo_points:
            known = self._undo_points[-1][2]  # a draw or a deal between two points was a reveal itself
            for index in range(start, end):
                if any(reveals(records[index], seat, cards) for seat, cards in known.items()):
                    self._undo_points.clear()
                    break
        self._scanned = end

    # -- applying and results -------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        """Apply one move, keeping the scene of the results it decides."""
        with ResultWatch(self.state, [self.seat] if not self.hotseat else sorted(self.humans)) as watch:
            self.state.apply_for(player, action)
        if player not in self.humans:
            self._reveal_check()
        if watch.decided or self.state.is_terminal:
            self._stop_on(watch.start, watch.decided, watch.scenes.get(self.seat))

    def _stop_on(self, start: int, decided: list[int], scene: Observation | None) -> None:
        """Stay on the results recorded from ``start`` on that the seat on screen may see."""
        found = result_after(self.state, self.seat, start, decided, scene)
        if found is not None:
            self.result = found

    def _next_bot(self, actors: list[int] | None = None) -> int | None:
        if self.replay is not None or self.result is not None:
            return None
        return next((p for p in (self.actors() if actors is None else actors) if p not in self.humans), None)

    def _bot_move(self, player: int) -> bool:
        """One bot move; True if it led to a result the session stops on."""
        action = self.bots[player](self.state.observation(player))
        self._apply(player, action)
        return self.result is not None

    def _advance(self) -> None:
        """Let bots move until a person must act or a result shows; with a pace, one move per tick."""
        self._cancel_pending()
        if self.result is None and self.state.is_terminal:
            self._stop_on(len(self.state.history.records), [], None)
        while self.auto and (player := self._next_bot()) is not None:
            if self.pace > 0 and self.clock is not None:
                self._pending = self.clock.later(self.pace, self._timed_move)
                break
            if self._bot_move(player):
                break
        if self.result is not None and self.result.brief and self.auto and self.pace > 0:
            if self.clock is not None:  # with a pace, a trick stays that long (1.5 s at least), then play goes on
                self._pending = self.clock.later(max(self.pace, BRIEF_PAUSE), self._timed_resume)

    def _timed_move(self) -> None:
        self._pending = None
        player = self._next_bot()
        if player is not None and self.auto:
            self._bot_move(player)
        if self.result is None or self.result.brief:
            self._advance()
        self._changed()

    def _timed_resume(self) -> None:
        self._pending = None
        if self.result is not None and self.result.brief:
            self.resume()
            self._changed()

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # -- replay of a finished game ------------------------------------------------------
    def open_replay(self) -> None:
        if not self.state.is_terminal:
            return
        self.replay = self.state.replay_view()
        self.replay_position = 0
        self._replayed = None
        self.notice = Notice("replay", {"actions": len(self.replay) - 1})

    def close_replay(self) -> None:
        self.replay = self._replayed = None  # frees the checkpoints and the state on show
        self.notice = None

    def replay_to(self, position: int) -> None:
        if self.replay is not None:
            self.replay_position = max(0, min(int(position), len(self.replay) - 1))

    def hint(self) -> Any:
        """What each choice of the seat to act is worth (:mod:`cardlab.sessions.hints`),
        seeded by the position; None when the seat on screen is not to act."""
        if not self.my_turn():
            return None
        from cardlab.sessions.hints import position_hint

        return position_hint(self.state, self.view_seat)

    def fail(self, error: BaseException) -> None:
        """Keep an unexpected error for the view to show."""
        self.notice = Notice("failed", {"text": str(error)}, error=True)

    def _say(self, name: str, **values: Any) -> None:
        self.notice = Notice(name, values)

    def refuse(self, error: BaseException) -> None:
        """Keep a refusal (an illegal click) for the view to show."""
        self.notice = Notice.refusal(error)


class ResultWatch:
    """Around one move (``with ResultWatch(state, seats) as watch:``): the index of each
    result or trick the move records (``decided``) and each watched seat's observation at
    the last of them (``scenes``: the position it was decided in). The engine calls back
    through ``state.on_result`` only while the watch is on, so clones never carry it."""

    def __init__(self, state: GameState, seats: list[int]):
        self.state, self.seats = state, seats
        self.start = len(state.history.records)
        self.decided: list[int] = []
        self.scenes: dict[int, Observation] = {}

    def _capture(self, index: int) -> None:
        self.decided.append(index)
        for seat in self.seats:
            self.scenes[seat] = detached(self.state.observation(seat), listed=0)

    def __enter__(self) -> ResultWatch:
        self.state.on_result = self._capture
        return self

    def __exit__(self, *exc: Any) -> None:
        del self.state.on_result  # back to the class's None


def listed_for(game: Game) -> int:
    """How many legal actions a view gets listed: none where a seat lays out packets (its
    arrangements are too many to list; the game's own view builds the one action, PP-2)."""
    from cardlab.games import GAMES

    entry = GAMES.get(game.name)
    return 0 if entry is not None and entry.spec.packet else MAX_LISTED


def result_after(state: GameState, seat: int, start: int, decided: list[int],
                 scene: Observation | None) -> ResultView | None:
    """The result a seat's screen stays on after records ``start``.. of ``state``: the
    result events at ``decided`` it may see (or the end of the game), the public plays
    that led to them, and the ``scene`` (the position when they were decided)."""
    history = state.history
    results = tuple(e for e in (history[i] for i in decided) if e.visible(seat))
    if not results and not state.is_terminal:
        return None
    if scene is None:
        scene = detached(state.observation(seat), listed=0)
    major = tuple(e for e in results if e.spec.result)
    last = max(decided, default=len(history.records) - 1)
    context: list = []  # the public plays that led to it, back to the previous result
    for index in range(last, max(-1, last - 60), -1):
        event = history[index]
        if event.spec.result or event.spec.brief:
            if index in decided:
                continue
            break
        if event.visible_to is None:
            context.append(event)
            if len(context) == _CONTEXT:
                break
    context.reverse()
    return ResultView(major or results, tuple(context), scene, brief=not major and not state.is_terminal)


def _bare(obs: Observation) -> Observation:
    """A covered hot-seat screen: no hand, no zones, no events, no actions."""
    import dataclasses

    from cardlab.engine.views import NO_ACTIONS

    return dataclasses.replace(obs, hand=(), zones=(), log=(), events=(), legal_actions=NO_ACTIONS)


