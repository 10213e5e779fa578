"""The one table component every game's table is built on.

A :class:`Table` is the referee: it holds the true :class:`~cardlab.engine.GameState`,
but draws only ``state.observation(seat)``. A click calls the engine (``can_apply``,
``apply``), then one ``_refresh()`` rebuilds the view from that observation; the table
decides no rule. Bots (seeded) play the other seats, at a pace or step by step.

What a class needs from it:

- results stay: after a round, hand, trick or game the table stops on a banner that
  says who won what and by which rule, with the cards just turned up, until
  "Continue";
- nothing secret in the page: every widget that syncs to the browser holds only what
  the viewing seat may see (hidden card buttons are blanked, classes too), the seed
  is shown only once the game is over, and teacher mode (every card) is chosen when
  the table is built (``teacher=True``), not by a student's control;
- widgets are made once: the action buttons of every kind are permanent children,
  hidden when not on offer (issue 20: no widget per move).

>>> from cardlab.widgets.table import Table, bot_for
>>> bot_for("random", seed=1)
RandomBot(seed=1)
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import re
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from cardlab.bots import Bot, bot_for
from cardlab.cards import Card, rng_for
from cardlab.engine import Action, Event, Game, GameState, IllegalActionError, Observation, Replay, seat_names
from cardlab.render import cards_html
from cardlab.widgets.style import style_tag
from cardlab.widgets.view import lines_with_cards_html, log_html, seats_html
from cardlab.widgets.words import GameWords, plain, rule_sentence, target_text, words_for
from cardlab.words import describe

__all__ = ["Table", "bot_for", "Bot", "card_button", "style_card_button", "Pause"]

_MAX_GROUPED = 5000  # legal actions listed in full to build buttons; beyond, a game's own table
_LOG_LINES = 200  # the newest lines the log shows
_BRIEF_PAUSE = 1.5  # s: the least a brief result (a trick) stays when bots move on their own at a pace


@dataclasses.dataclass(frozen=True)
class Pause:
    """A result the table stays on: its events, the public events that led to it, and the
    board as the viewer saw it just before (``before``, the viewer's observation)."""

    results: tuple[Event, ...]
    context: tuple[Event, ...]
    before: Observation
    brief: bool = False
    #: how many of the viewer's log lines lead up to the result (the next deal's wait too)
    log_upto: int | None = None


class Table:
    """An interactive table for one game: one seat plays against bots, or hot-seat.

    ``seat`` is the person's seat; ``opponent`` a bot name or a :class:`~cardlab.bots.Bot` (or a dict
    seat -> either); ``pace`` the seconds between bot moves (0: at once); with
    ``auto=False`` bots move only when "Step" is clicked. ``hotseat=True`` hands every
    seat to people at one screen: the view follows the seat to act, behind a cover.
    ``teacher=True`` adds a panel with every card (for a teacher's screen only).

    The widget tree is :attr:`widget`; a notebook cell ending in the table shows it.
    """

    title = "cardlab"

    def __init__(
        self,
        game: Game,
        *,
        seat: int = 0,
        seed: int | None = 0,
        opponent: str | Bot | dict[int, str | Bot] = "random",
        pace: float = 0.0,
        auto: bool = True,
        hotseat: bool = False,
        teacher: bool = False,
        hints: bool = False,
    ):
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be 0..{game.num_players - 1}, got {seat!r}")
        self.game = game
        self.seat = seat
        self.opponent = opponent
        self.hotseat = hotseat
        self.teacher = bool(teacher)
        self.words: GameWords = words_for(game.name)
        self.selected: list[Card] = []
        self.message = ""
        self.message_is_error = False
        self.last_error: BaseException | None = None
        self.replay_states: Replay | None = None  # states rebuilt on demand (engine.Replay)
        self._replayed: tuple[Replay, int, GameState] | None = None  # the one on show
        self.pause: Pause | None = None
        self._pending: asyncio.TimerHandle | None = None
        self._covered = False
        self._asking: tuple[str, Callable[[], Any]] | None = None
        self._groups: dict[str, list[Action]] = {}  # the legal actions on offer, by kind
        self._events_seen = 0
        self._position: tuple | None = None
        self._hint_cache: tuple[tuple, str] | None = None
        self._first_seed = 0 if seed is None else int(seed)
        self._games_started = 0
        self._build(pace, auto, hints)
        self.new_game(seed)

    # -- the game ---------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.game.num_players)

    @property
    def humans(self) -> frozenset[int]:
        """The seats people play."""
        return frozenset(range(self.game.num_players)) if self.hotseat else frozenset({self.seat})

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game from ``seed``; None draws the next seed of this table's own
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
        self.selected = []
        self.replay_states = None
        self.pause = None
        self._asking = None
        self._events_seen = len(self.state.history)
        self._say("A new game: the cards are dealt.")
        self._advance()

    def actors(self, state: GameState | None = None) -> list[int]:
        """The seats that must act now (several during simultaneous choices, FL-3, PP-2)."""
        state = self.state if state is None else state
        if state.is_terminal:
            return []
        if not state.simultaneous:
            return [state.current_player]
        return [p for p in range(self.game.num_players) if next(iter(state.legal_actions(p)), None) is not None]

    @property
    def view_seat(self) -> int:
        """The seat whose observation the table draws (in hot-seat, the seat to act).

        In hot-seat, a change of seat puts the cover up (the next person uncovers);
        while a result is on screen the view stays with the person who saw it.
        """
        if self.hotseat and self.pause is None:
            actors = [p for p in self.actors() if p in self.humans]
            if actors and self.seat not in actors:
                self.seat = actors[0]
                self.selected = []
                self._covered = True
        return self.seat

    def observation(self) -> Observation:
        """What the table shows now: the view seat's observation (of the replayed state)."""
        return self.shown_state().observation(self.view_seat)

    def shown_state(self) -> GameState:
        replay, position = self.replay_states, self._replay_slider.value
        if replay is None:
            self._replayed = None  # a closed replay keeps nothing
            return self.state
        if self._replayed is None or self._replayed[0] is not replay or self._replayed[1] != position:
            self._replayed = (replay, position, replay[position])  # a jump: rebuilt from a checkpoint
        return self._replayed[2]

    def play(self, action: Action) -> None:
        """Play ``action`` for the view seat, then let the bots move (as a click does)."""
        if self.pause is not None and not self.state.is_terminal:
            raise IllegalActionError("EN-1", "the result is still on screen: click Continue first")
        seat = self.view_seat
        if seat not in self.actors():
            raise IllegalActionError("EN-1", f"{self.seats[seat]} is not to act now")
        before = self.state.observation(seat)
        self.state.apply_for(seat, action)
        self.selected = []
        self._say("")
        if not self._check_results(before):
            self._advance()

    def undo(self) -> bool:
        """Take back the seat's last action and everything after it; False if none."""
        humans = self.humans
        last = max((i for i, (p, _) in enumerate(self.state.actions) if p in humans), default=None)
        if last is None:
            self._say("Nothing to undo yet.")
            return False
        self._cancel_pending()
        old = self.state
        state = self.game.new_state(seed=old.seed, dealer=old.first_dealer, deck=old.stacked)
        for player, action in old.actions[:last]:
            state.apply_for(player, action)
        player, action = old.actions[last]
        self.state = state
        self.replay_states = None
        self.pause = None
        self._asking = None
        self.selected = []
        self._covered = False
        self._events_seen = len(state.history)
        if self.hotseat:
            self.seat = player
        self._say(f"Undone: {self.seats[player]}'s last action and what followed.")
        self._advance()
        return True

    def step(self) -> bool:
        """One bot move now (the "Step" button); False when no bot is to move."""
        player = self._next_bot()
        if player is None:
            return False
        self._bot_move(player)
        self._refresh()
        return True

    def resume(self) -> None:
        """Leave the result on screen and go on (the "Continue" button)."""
        if self.pause is None or self.state.is_terminal:
            return
        self.pause = None
        self._cancel_pending()
        self._advance()

    # -- results ---------------------------------------------------------------------
    def _check_results(self, before: Observation) -> bool:
        """Stop on the results among the events since the last look; True if stopped."""
        history = self.state.history
        start, self._events_seen = self._events_seen, len(history)
        seat = self.seat  # the person who saw the move (in hot-seat, before the screen passes)
        new = [history[i] for i in range(start, len(history)) if history[i].visible(seat)]
        major = tuple(e for e in new if e.spec.result)
        brief = tuple(e for e in new if e.spec.brief)
        if not (major or brief) and not self.state.is_terminal:
            return False
        results = major or brief
        last = max((i for i, e in enumerate(new) if e in results), default=len(new) - 1)
        # what led to the result (the next deal's lines wait for Continue)
        public = tuple(e for e in new[: last + 1] if e.visible_to is None and e not in results)
        log_upto = len(self.state.log_for(seat)) - (len(new) - (last + 1))  # a log line per event it may see
        self.pause = Pause(results, public, before, brief=not major and not self.state.is_terminal, log_upto=log_upto)
        return True

    def banner_lines(self) -> list[str]:
        """The pause's result lines in words: 'North wins 14 chips ... — DP-8'."""
        if self.pause is None:
            return []
        lines = []
        for event in self.pause.results:
            text = describe(event, self.game.num_players)
            text = text[:1].upper() + text[1:]
            lines.append(f"{text.rstrip('.')} — {event.rule}" if event.rule else text)
        return lines

    def result_context(self) -> Sequence[Event]:
        """The public events that led to the result on screen (the last plays, shown hands)."""
        return self.pause.context[-8:] if self.pause is not None else ()

    def standings_html(self) -> str:
        """The final standings of a finished game: points or chips, the winner, the target."""
        obs = self.state.observation(self.seat)
        points = self.shown_points(obs)
        unit = self.words.unit
        order = sorted(range(len(points)), key=lambda p: -points[p])
        rows = "".join(f"<li>{self.seats[p]}: <b>{points[p]}</b> {unit}</li>" for p in order)
        best = [self.seats[p] for p in order if points[p] == points[order[0]]]
        winner = f"{' and '.join(best)} {'win' if len(best) > 1 else 'wins'}" if best else ""
        return (
            f"<div class='cl-standings'><b>Final standings</b> ({html.escape(target_text(self.game))}): "
            f"{winner}.<ol>{rows}</ol>This game's seed was <b>{self.state.seed}</b>: a table made with "
            f"<code>seed={self.state.seed}</code> deals the same cards again (to replay or share it).</div>"
        )

    # -- bots --------------------------------------------------------------------
    def _next_bot(self) -> int | None:
        if self.replay_states is not None or self.pause is not None:
            return None
        return next((p for p in self.actors() if p not in self.humans), None)

    def _bot_move(self, player: int) -> bool:
        """One bot move; True if it led to a result the table stops on."""
        seat = self.seat
        before = self.state.observation(seat)
        action = self.bots[player](self.state.observation(player))
        self.state.apply_for(player, action)
        return self._check_results(before)

    def _advance(self) -> None:
        """Let bots move until a person must act or a result shows; with a pace, one move per tick."""
        self._cancel_pending()
        if self.pause is None and self.state.is_terminal:
            self._check_results(self.state.observation(self.seat))
        while self._auto.value and (player := self._next_bot()) is not None:
            loop = _running_loop()
            if self._pace.value > 0 and loop is not None:
                self._pending = loop.call_later(self._pace.value, self._timed_move)
                break
            if self._bot_move(player):
                break
        if self.pause is not None and self.pause.brief and self._auto.value and self._pace.value > 0:
            loop = _running_loop()
            if loop is not None:  # with a pace, a trick stays that long (1.5 s at least), then play goes on
                self._pending = loop.call_later(max(self._pace.value, _BRIEF_PAUSE), self._timed_resume)
        self._refresh()

    def _timed_move(self) -> None:
        self._pending = None
        self._guard(self._timed_move_inner)

    def _timed_move_inner(self) -> None:
        player = self._next_bot()
        if player is not None and self._auto.value and self._bot_move(player):
            self._advance()
            return
        self._advance()

    def _timed_resume(self) -> None:
        self._pending = None
        if self.pause is not None and self.pause.brief:
            self._guard(self.resume)

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # -- teaching aids (a game's table may override) --------------------------------
    def hint_html(self, observation: Observation) -> str:
        """The search bot's estimated value of each action, seeded by the position (the
        same position always gives the same hint)."""
        position = (len(self.state.actions), observation.player)
        bot = bot_for("search", seed=int(rng_for(self.state.seed, 31, *position).integers(2**31)), game=self.game)
        values = getattr(bot, "action_values", None)
        if values is None:
            return "No hint for this game."
        scored = sorted(values(observation).items(), key=lambda item: (-item[1], str(item[0])))
        unit = self.words.unit
        rows = "".join(
            f"<li>{html.escape(self.words.button(a, complete=True))}: <b>{v:+.1f}</b> {unit}</li>" for a, v in scored[:6])
        samples = getattr(bot, "samples", None)
        how = f"{samples} sampled deals" if samples else "sampled deals"
        return (
            f"What each choice is worth: the {unit} you gain by the end of the round minus the others' average "
            f"gain (+ good, − bad), averaged over {how} of the cards you cannot see, with the rule bot "
            f"playing every seat after your choice. The deals are seeded by the position, so the same "
            f"position gives the same hint.<ul style='margin:2px 0'>{rows}</ul>"
        )

    def action_words(self, action: Action) -> str:
        """An action in words for the hint and messages ('Lay A♥', 'Draw 2', 'Stand pat')."""
        takes = any(a.cards for a in self._groups.get(action.kind, ()))
        return self.words.button(action, takes_cards=takes)

    def over_text(self, observation: Observation) -> str:
        """The status line of a finished game."""
        return "The game is over."

    def shown_points(self, observation: Observation) -> tuple:
        """The scores or stacks to show (a game may hold back results not yet turned up)."""
        return observation.points

    def log_events(self, observation: Observation) -> Sequence[Event]:
        """The events the log shows: the seat's events (its log, as records)."""
        return observation.events

    def log_shown(self, observation: Observation, held: bool, last: int) -> Sequence[Event]:
        """The newest ``last`` of :meth:`log_events`; while a result is ``held`` on screen,
        only those up to the result (like the board, the next deal's lines wait for
        Continue). A seat's events slice in O(events shown), however long the session."""
        lines = self.log_events(observation)
        end = len(lines)
        pause = self.pause
        if held and pause is not None and pause.log_upto is not None and observation.player == pause.before.player:
            end = min(end, pause.log_upto)
        return lines[max(0, end - last):end]

    def teacher_html(self) -> str:
        """Every card where it really is (teacher mode only), one place per line."""
        state = self.shown_state()
        parts = []
        for name, cards in state.card_locations().items():
            cards = list(cards)
            seat = re.fullmatch(r"(.*) (\d)", name)  # 'hand 2' -> "North's hand"
            if seat and int(seat[2]) < len(self.seats):
                name = f"{self.seats[int(seat[2])]}'s {seat[1]}"
            parts.append(
                f'<div class="cl-zone" style="display:block"><span class="cl-zone-name">{html.escape(name)} '
                f"({len(cards)})</span>{cards_html(cards, size='sm', fan=len(cards) > 8)}</div>"
            )
        return '<div class="cl-panel"><b>Teacher\'s view: every card</b><br>' + "".join(parts) + "</div>"

    # -- the widgets ------------------------------------------------------------------
    def _build(self, pace: float, auto: bool, hints: bool) -> None:
        self._style = W.HTML(style_tag())
        self._title = W.HTML()
        self._status = W.HTML()
        self._banner = W.HTML(layout=W.Layout(flex="1 1 auto"))
        self._continue = W.Button(description="Continue", button_style="success", icon="play",
                                  layout=W.Layout(flex="0 0 auto", width="130px"))
        self._continue.add_class("cl-continue")
        self._continue.on_click(lambda _: self._guard(self.resume))
        self._question = W.HTML()
        self._yes = W.Button(description="Yes", button_style="danger")
        self._no = W.Button(description="Cancel")
        self._yes.on_click(lambda _: self._guard(self._answer, True))
        self._no.on_click(lambda _: self._guard(self._answer, False))
        self._confirm = W.HBox([self._question, self._yes, self._no], layout=W.Layout(align_items="center"))
        self._confirm.add_class("cl-confirm")
        self._board = W.HTML()
        self._hand = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._hand.add_class("cl-hand")
        self._hand_label = W.HTML()
        self._card_buttons: list[W.Button] = []
        self._cover = W.Button(description="Show my cards", button_style="warning", layout=W.Layout(width="auto"))
        self._cover.add_class("cl-cover")
        self._cover.on_click(lambda _: self._guard(self._uncover))
        self._actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._actions.add_class("cl-actions")
        self._action_buttons: dict[str, W.Button] = {}
        self._amounts: dict[str, W.IntSlider] = {}
        for kind in self.words.verbs:  # every kind's button made once, hidden while not on offer
            self._action_button(kind)
        self._reason = W.HTML()
        self._extra = W.VBox()  # a game's own controls (parallel poker's packets)
        self._hint = W.HTML()
        self._log = W.HTML()
        self._teacher_view = W.HTML()
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))

        self._new = W.Button(description="New game", icon="refresh")
        self._undo = W.Button(description="Undo", icon="undo", tooltip="take back your last action")
        self._step = W.Button(description="Step", icon="step-forward", tooltip="one bot move")
        self._auto = W.Checkbox(value=auto, description="bots move on their own", indent=False, layout=W.Layout(width="180px"))
        self._pace = W.FloatSlider(value=pace, min=0, max=2, step=0.1, description="pace (s)", layout=W.Layout(width="210px"))
        self._hints = W.ToggleButton(value=hints, description="Hints", icon="lightbulb-o")
        self._replay = W.Button(description="Replay this game", icon="history", tooltip="replay the finished game")
        self._replay_slider = W.IntSlider(value=0, min=0, max=0, description="move", layout=W.Layout(width="360px", display="none"))

        self._new.on_click(lambda _: self._guard(self._ask, "Start a new game? This game is lost.", self.new_game))
        self._undo.on_click(lambda _: self._guard(self.undo))
        self._step.on_click(lambda _: self._guard(self.step))
        self._replay.on_click(lambda _: self._guard(self._toggle_replay))
        for control in (self._hints, self._replay_slider):
            control.observe(lambda _: self._guard(self._refresh), "value")
        self._auto.observe(lambda _: self._guard(self._advance), "value")

        controls = W.HBox(
            [self._new, self._undo, self._hints, self._auto, self._pace, self._step, self._replay, self._replay_slider],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("cl-controls")
        play_area = W.VBox(
            [W.HBox([self._banner, self._continue], layout=W.Layout(align_items="center")), self._confirm, self._board, self._hand_label, self._cover, self._hand,
             self._actions, self._reason, self._extra],
            layout=W.Layout(flex="1 1 auto", min_width="0"),
        )
        side = W.VBox([self._hint, self._log], layout=W.Layout(width="300px", flex="0 0 300px"))
        side.add_class("cl-side")
        rows = [self._style, self._title, self._status, W.HBox([play_area, side]), controls, self.errors]
        if self.teacher:  # only a teacher's table has this panel at all
            rows.insert(4, self._teacher_view)
        self.widget = W.VBox(rows)
        self.widget.add_class("cl-table")

    def _action_button(self, kind: str) -> W.Button:
        """The permanent button of one kind of action (made on first need, then kept)."""
        button = self._action_buttons.get(kind)
        if button is None:
            button = W.Button(description=self.words.verb(kind).button, button_style="primary")
            button.add_class("cl-action")
            button.on_click(lambda _, k=kind: self._guard(self._on_action, k))
            button.layout.display = "none"
            self._action_buttons[kind] = button
        return button

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _guard(self, callback: Callable[..., Any], *args: Any) -> Any:
        """Run a callback; an error is shown in the table, never lost."""
        result = None
        try:
            result = callback(*args)
        except IllegalActionError as error:
            self._say(str(error), error=True)
        except Exception as error:  # noqa: BLE001 - shown to the person, with the traceback
            self.last_error = error
            self.errors.append_stderr(traceback.format_exc())
            self._say(f"Something went wrong: {error} (details below)", error=True)
        try:
            self._refresh()
        except Exception:  # noqa: BLE001
            self.errors.append_stderr(traceback.format_exc())
        return result

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error

    def _ask(self, question: str, then: Callable[[], Any]) -> None:
        """Ask before an action that cannot be taken back (leaving, a new game)."""
        self._asking = (question, then)

    def _answer(self, yes: bool) -> None:
        asking, self._asking = self._asking, None
        if yes and asking is not None:
            asking[1]()

    def _uncover(self) -> None:
        self._covered = False

    def _toggle_replay(self) -> None:
        if self.replay_states is None:
            self.replay_states = self.state.replay_view()
            self._replay_slider.max = len(self.replay_states) - 1
            self._replay_slider.value = 0
            self._say(f"Replay: move the slider through the {len(self.replay_states) - 1} actions.")
        else:
            self.replay_states = self._replayed = None  # frees the checkpoints and the state on show
            self._say("")

    def _select(self, index: int) -> None:
        hand = self.observation().hand
        if index >= len(hand):
            return
        card = hand[index]
        if card in self.selected:
            self.selected.remove(card)
        elif self._single_select:
            self.selected = [card]
        else:
            self.selected.append(card)

    def _on_action(self, kind: str) -> None:
        action = self.candidate(kind)
        question = self.words.verb(kind).ask
        if question:
            self._ask(question, lambda: self.play(action))
            return
        self.play(action)

    def candidate(self, kind: str) -> Action:
        """The action the button for ``kind`` would play, from the selection and amount."""
        groups = self._groups
        group = groups.get(kind, [])
        cards = tuple(self.selected) if any(a.cards for a in group) else ()
        amounts = sorted({a.amount for a in group if a.amount is not None})
        amount = None
        if amounts:
            amount = self._amounts[kind].value if kind in self._amounts and len(amounts) > 1 else amounts[0]
        return Action(kind, cards, amount)

    # -- drawing ----------------------------------------------------------------------
    def _refresh(self) -> None:
        """Rebuild the view from the observation (one pure pass; callbacks call only this).

        Setting a slider inside the pass fires its observer: that nested call does nothing."""
        if self._drawing:
            return
        self._drawing = True
        try:
            self._draw()
        finally:
            self._drawing = False

    _drawing = False

    def _draw(self) -> None:
        state = self.shown_state()
        seat = self.view_seat
        obs = state.observation(seat)
        replaying = self.replay_states is not None
        paused = self.pause is not None and not replaying
        my_turn = not replaying and not paused and seat in self.actors() and not self._covered
        position = (id(state), len(state.actions), seat, my_turn)
        if position != self._position:  # a new position: the selection and amounts start afresh
            self._position = position
            self.selected = [c for c in self.selected if my_turn and c in obs.hand]
            for slider in self._amounts.values():
                slider.value = slider.min
        if self._covered:  # hot-seat: nothing private shows until the next person uncovers it
            obs = dataclasses.replace(obs, hand=(), zones=(), log=(), events=())
        self._cover.layout.display = None if self._covered else "none"
        self._cover.description = (
            f"Pass the screen to {self.seats[seat]} — {self.seats[seat]} clicks here to see their cards")

        self._groups = self._group(obs) if my_turn else {}
        self._title.value = self._title_html(seat)
        # While a result is on screen, the table stays as the seat saw it when it was decided
        # (its hand, the pot, the rows): the next deal waits for Continue.
        held = paused and not self.state.is_terminal and not self._covered
        shown = self.pause.before if held else obs
        self._status.value = self._status_html(shown, my_turn)
        self._board.value = self._board_html(shown, my_turn)
        self._draw_banner(paused)
        self._draw_hand(shown, my_turn)
        self._hand_label.value = self._hand_label_html(shown, my_turn)
        self._draw_actions(my_turn)
        self._draw_extra(obs, my_turn)
        self._draw_confirm()
        self._hint.value = self._hint_value(obs) if self._hints.value and my_turn else ""
        if self.teacher:
            self._teacher_view.value = self.teacher_html()
        recent = self.log_shown(obs, held, _LOG_LINES)
        self._log.value = log_html(recent, self.game.num_players, last=_LOG_LINES, explain=_rule_hover)
        self._undo.disabled = replaying or not any(p in self.humans for p, _ in self.state.actions)
        self._step.disabled = replaying or self._next_bot() is None
        self._replay.disabled = not self.state.is_terminal
        self._replay.layout.display = None if self.state.is_terminal else "none"
        self._replay.description = "Leave the replay" if replaying else "Replay this game"
        self._replay_slider.layout.display = None if replaying else "none"

    def _title_html(self, seat: int) -> str:
        mode = " · hot-seat: pass the screen between turns" if self.hotseat else ""
        teacher = " · <span class='cl-turn'>teacher's view</span>" if self.teacher else ""
        return (f"<div class='cl-title'><b>{html.escape(self.title)}</b> — you are <b>{self.seats[seat]}</b>"
                f"{mode}{teacher}</div>")

    def _hand_label_html(self, obs: Observation, my_turn: bool) -> str:
        """'You hold A♥ K♥ ... — two pairs, kings and sevens' (the hand's name where the game ranks hands)."""
        if self._covered:
            return ""
        hand = obs.hand
        if not hand:
            return "<span class='cl-zone-name'>You hold no cards.</span>"
        name = self.hand_name(obs)
        name = f" — <b>{html.escape(name)}</b>" if name else ""
        return f"<div class='cl-you-hold'>You hold {len(hand)} card{'s' * (len(hand) != 1)}{name}:</div>"

    def hand_name(self, obs: Observation) -> str:
        """The name of the seat's hand where the game ranks five-card hands (else '')."""
        rules = getattr(self.game, "rules", None)
        if rules is None or len(obs.hand) != 5:
            return ""
        from cardlab.hands import evaluate

        try:
            return evaluate(obs.hand, rules).describe()
        except Exception:  # noqa: BLE001 - a game whose rules are not hand rules
            return ""

    def _hint_value(self, obs: Observation) -> str:
        key = (id(self.state), len(self.state.actions), obs.player)
        if self._hint_cache is None or self._hint_cache[0] != key:
            self._hint_cache = (key, f'<div class="cl-panel"><b>Hint.</b> {self.hint_html(obs)}</div>')
        return self._hint_cache[1]

    def _draw_banner(self, paused: bool) -> None:
        over = self.state.is_terminal and self.replay_states is None
        if not paused and not over:
            self._banner.value = ""
            self._banner.layout.display = "none"
            self._continue.layout.display = "none"
            return
        lines = self.banner_lines()
        context = self.result_context()
        what = lines_with_cards_html(context, self.game.num_players) if context else ""
        what = f"<div class='cl-what'>{what}</div>" if what else ""
        head = "".join(f"<div class='cl-banner-line'>{html.escape(line)}</div>" for line in lines)
        tail = self.standings_html() if over else ""
        self._banner.value = f"<div class='cl-banner' role='status'>{head}{what}{tail}</div>"
        self._banner.layout.display = None
        self._continue.layout.display = "none" if over else None

    def _draw_confirm(self) -> None:
        if self._asking is None:
            self._confirm.layout.display = "none"
            self._question.value = ""
            return
        self._confirm.layout.display = None
        self._question.value = f"<b>{html.escape(self._asking[0])}</b>"

    def _status_html(self, obs: Observation, my_turn: bool) -> str:
        seats = self.seats
        if obs.is_terminal:
            turn = self.over_text(obs)
        elif self.pause is not None and self.replay_states is None:
            turn = "<span class='cl-turn'>Result: read it, then click Continue.</span>"
        elif my_turn:
            turn = f"<span class='cl-turn'>Your turn: {html.escape(self.turn_prompt())}.</span>"
        elif self._covered:
            turn = f"<span class='cl-turn'>Pass the screen to {seats[obs.player]}.</span>"
        elif self.state.simultaneous and not self.state.is_terminal:
            waiting = [seats[p] for p in self.actors()]
            turn = f"Waiting for {', '.join(waiting)}."
        else:
            turn = f"{seats[obs.current_player]} to act." if obs.current_player is not None else ""
        facts = []
        if obs.pot is not None:
            facts.append(f"Pot <b>{obs.pot}</b> chips")
        target = target_text(self.game)
        if target:
            facts.append(f"Session: {html.escape(target)}")
        msg = ""
        if self.message:
            cls = "cl-msg-error" if self.message_is_error else "cl-msg"
            msg = f" <span class='{cls}' role='status'>{html.escape(self.message)}</span>"
        return f'<div class="cl-status">{turn}{msg}<div class="cl-facts">{" · ".join(facts)}</div></div>'

    def turn_prompt(self) -> str:
        """The choices on offer, in the buttons' words: 'lay a card, or play low'."""
        return self.words.prompt(self._groups)

    def _board_html(self, obs: Observation, my_turn: bool = False) -> str:
        acting = [] if self.pause is not None else [p for p in self.actors() if p != obs.player or not my_turn]
        return seats_html(obs, self.seats, unit=self.words.unit, points=self.shown_points(obs), acting=acting)

    def _group(self, obs: Observation) -> dict[str, list[Action]]:
        groups: dict[str, list[Action]] = {}
        for i, action in enumerate(obs.legal_actions):
            if i >= _MAX_GROUPED:
                break
            groups.setdefault(action.kind, []).append(action)
        return groups

    @property
    def _single_select(self) -> bool:
        carded = [a for group in self._groups.values() for a in group if a.cards]
        return bool(carded) and all(len(a.cards) == 1 for a in carded)

    def _draw_hand(self, obs: Observation, my_turn: bool) -> None:
        hand = obs.hand
        self.selected = [c for c in self.selected if c in hand]
        playable = {c for group in self._groups.values() for a in group for c in a.cards}
        while len(self._card_buttons) < len(hand):
            index = len(self._card_buttons)
            self._card_buttons.append(card_button(lambda i=index: self._guard(self._select, i)))
        if len(self._hand.children) != len(self._card_buttons):
            self._hand.children = tuple(self._card_buttons)
        self._hand.layout.display = "none" if self._covered or not hand else None
        for i, button in enumerate(self._card_buttons):
            if i >= len(hand):
                style_card_button(button, None)
                continue
            usable = my_turn and hand[i] in playable
            # Dim the cards no action can use now (FL-7: follow suit), not a hand during betting.
            dim = my_turn and bool(playable) and not usable
            style_card_button(button, hand[i], selected=hand[i] in self.selected, dim=dim)
            button.disabled = not usable

    def _draw_actions(self, my_turn: bool) -> None:
        shown: list[W.Widget] = []
        reasons = []
        for kind, group in self._groups.items():
            button = self._action_button(kind)
            amounts = sorted({a.amount for a in group if a.amount is not None})
            slider = None
            if len(amounts) > 1:
                slider = self._amounts.get(kind)
                if slider is None:
                    slider = self._amounts[kind] = W.IntSlider(description="amount", layout=W.Layout(width="240px"))
                    slider.observe(lambda _: self._guard(lambda: None), "value")
                low, high = amounts[0], amounts[-1]
                if slider.max < low:
                    slider.max = high
                    slider.min = low
                else:
                    slider.min = low
                    slider.max = high
                slider.value = min(max(slider.value, low), high)
                slider.description = "chips"
            action = self.candidate(kind)
            ok = self.state.can_apply(action, self.view_seat)
            takes = any(a.cards for a in group)
            button.description = self.words.button(action, takes_cards=takes, complete=ok)
            button.disabled = not ok
            why = "" if ok else self._why(action)
            button.tooltip = why
            if why:
                reasons.append(f"{self.words.verb(kind).button}: {why}")
            shown.append(button)
            if slider is not None:
                shown.append(slider)
        visible = set(map(id, shown))
        for widget in [*self._action_buttons.values(), *self._amounts.values()]:
            widget.layout.display = None if id(widget) in visible else "none"
            if id(widget) not in visible and isinstance(widget, W.Button):  # a hidden button names no card
                widget.tooltip = ""
                widget.description = self.words.verb(next(k for k, b in self._action_buttons.items() if b is widget)).button
        children = (*self._action_buttons.values(), *self._amounts.values())
        if self._actions.children != children:  # only when a new kind first shows (made once, kept)
            self._actions.children = children
        self._reason.value = (
            "<div class='cl-reason'>" + "<br>".join(html.escape(r) for r in reasons) + "</div>" if reasons else "")

    def _why(self, action: Action) -> str:
        if not action.cards and any(a.cards for a in self._groups.get(action.kind, [])):
            return self.words.verb(action.kind).needs or "select cards in your hand first."
        try:
            self.state.check(action, self.view_seat)
        except IllegalActionError as error:
            return str(error)
        return ""

    def _draw_extra(self, obs: Observation, my_turn: bool) -> None:
        """A game's own controls (none by default)."""


def _rule_hover(rule_id: str) -> str:
    return plain(rule_sentence(rule_id))


def card_button(on_click: Callable[[], Any]) -> W.Button:
    """A button drawn as a card (see :func:`style_card_button`), calling ``on_click()``."""
    button = W.Button(layout=W.Layout(width="56px", height="80px"))
    button.add_class("cl-cardbtn")
    button.on_click(lambda _: on_click())
    return button


def style_card_button(button: W.Button, card: Card | None, *, selected: bool = False, dim: bool = False,
                      small: bool = False) -> None:
    """Show ``card`` on a card button (rank over suit, red or black); None hides it and
    blanks every trait that could tell the card (text, tooltip, colour class)."""
    base = {"cl-cardbtn", "cl-small"} if small else {"cl-cardbtn"}
    if card is None:
        button.description, button.tooltip = "", ""
        button._dom_classes = tuple(sorted(base))
        button.layout.display = "none"
        return
    button.layout.display = None
    button.description = f"{card.rank}\n{card.suit.symbol}"
    button.tooltip = card.name
    classes = base | {"cl-red" if card.is_red else "cl-black"}
    if selected:
        classes.add("cl-selected")
    if dim:
        classes.add("cl-dim")
    classes = tuple(sorted(classes))
    if button._dom_classes != classes:
        button._dom_classes = classes


def _running_loop() -> asyncio.AbstractEventLoop | None:
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
