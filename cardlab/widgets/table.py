"""The one table component every game's table is built on.

A :class:`Table` is the referee: it holds the true :class:`~cardlab.engine.GameState`,
but draws only ``state.observation(seat)`` (teacher mode, off by default, adds a
panel with every card). A click calls the engine (``can_apply``, ``apply``), then one
``_refresh()`` rebuilds the view from that observation; the table decides no rule.
Bots (seeded) play the other seats, at a pace set with a slider or step by step.

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
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from cardlab.cards import Card, rng_for
from cardlab.engine import Action, Game, GameState, IllegalActionError, Observation, Replay, seat_names
from cardlab.render import cards_html
from cardlab.widgets.view import board_html, extras_html, label, log_html, per_seat
from cardlab.widgets.style import style_tag

__all__ = ["Table", "bot_for", "Bot", "card_button", "style_card_button"]

Bot = Callable[[Observation], Action]

#: Bot names a table accepts, and the class each names in :mod:`cardlab.bots`.
BOT_NAMES = {"random": "RandomBot", "rule": "RuleBot", "search": "SearchBot"}
_MAX_GROUPED = 5000  # legal actions listed in full to build buttons; beyond, a game's own table


def bot_for(kind: str | Bot, seed: int | None = None, game: Game | None = None) -> Bot:
    """A bot from a name ('random', 'rule', 'search') or a ready callable.

    A bot not written yet falls back to :class:`~cardlab.bots.RandomBot`.
    """
    if callable(kind):
        return kind
    if kind not in BOT_NAMES:
        raise ValueError(f"opponent must be one of {', '.join(BOT_NAMES)} or a callable, got {kind!r}")
    import cardlab.bots as bots

    cls = getattr(bots, BOT_NAMES[kind], None) or bots.RandomBot
    for kwargs in ({"seed": seed, "game": game}, {"seed": seed}):
        try:
            return cls(**kwargs)
        except TypeError:
            continue
    return cls()


class Table:
    """An interactive table for one game: one seat plays against bots, or hot-seat.

    ``seat`` is the person's seat; ``opponent`` a bot name or a callable (or a dict
    seat -> either); ``pace`` the seconds between bot moves (0: at once); with
    ``auto=False`` bots move only when "step" is clicked. ``hotseat=True`` hands every
    seat to people at one screen: the view follows the seat to act, behind a cover.

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
        self.selected: list[Card] = []
        self.message = ""
        self.message_is_error = False
        self.last_error: BaseException | None = None
        self.replay_states: Replay | None = None  # states rebuilt on demand (engine.Replay)
        self._replayed: tuple[Replay, int, GameState] | None = None  # the one on show
        self._pending: asyncio.TimerHandle | None = None
        self._covered = False
        self._groups: dict[str, list[Action]] = {}  # the legal actions on offer, by kind
        self._build(pace, auto, teacher, hints)
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
        """Start a new game from ``seed`` (the seed box's value when None); bots reseeded."""
        self._cancel_pending()
        if seed is None:
            seed = int(self._seed_box.value)
        self._seed_box.value = int(seed)
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
        self._say(f"New game, seed {seed}.")
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

        In hot-seat, a change of seat puts the cover up (the next person uncovers).
        """
        if self.hotseat:
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
        seat = self.view_seat
        if seat not in self.actors():
            raise IllegalActionError("EN-1", f"{self.seats[seat]} is not to act now")
        self.state.apply_for(seat, action)
        self.selected = []
        self._say("")
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
        self.selected = []
        self._covered = False
        if self.hotseat:
            self.seat = player
        self._say(f"Undone: {self.seats[player]}'s last action and what followed.")
        self._advance()
        return True

    def step(self) -> bool:
        """One bot move now (the "step" button); False when no bot is to move."""
        player = self._next_bot()
        if player is None:
            return False
        self._bot_move(player)
        self._refresh()
        return True

    # -- bots --------------------------------------------------------------------
    def _next_bot(self) -> int | None:
        if self.replay_states is not None:
            return None
        return next((p for p in self.actors() if p not in self.humans), None)

    def _bot_move(self, player: int) -> None:
        action = self.bots[player](self.state.observation(player))
        self.state.apply_for(player, action)

    def _advance(self) -> None:
        """Let bots move until a person must act; with a pace, one move per timer tick."""
        self._cancel_pending()
        while self._auto.value and (player := self._next_bot()) is not None:
            loop = _running_loop()
            if self._pace.value > 0 and loop is not None:
                self._pending = loop.call_later(self._pace.value, self._timed_move)
                break
            self._bot_move(player)
        self._refresh()

    def _timed_move(self) -> None:
        self._pending = None
        self._guard(self._timed_move_inner)

    def _timed_move_inner(self) -> None:
        player = self._next_bot()
        if player is not None and self._auto.value:
            self._bot_move(player)
        self._advance()

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # -- teaching aids (a game's table may override) --------------------------------
    def hint_html(self, observation: Observation) -> str:
        """The hint for the seat to act: the search bot's estimated value of each action."""
        if getattr(self, "_hint_bot", None) is None:
            self._hint_bot = bot_for("search", seed=0, game=self.game)
        values = getattr(self._hint_bot, "action_values", None)
        if values is None:
            return "No hint for this game (the search bot is not available)."
        scored = sorted(values(observation).items(), key=lambda item: -item[1])
        rows = "".join(f"<li>{html.escape(self.action_words(a))}: <b>{v:+.1f}</b></li>" for a, v in scored[:6])
        return (
            "Search bot's estimate for each action: the points (or chips) you win or lose on "
            f"average, over deals of the cards you cannot see:<ul style='margin:2px 0'>{rows}</ul>"
        )

    def action_words(self, action: Action) -> str:
        """An action in words for the hint and messages."""
        return label(str(action))

    def over_text(self, observation: Observation) -> str:
        """The status line of a finished game."""
        return "The game is over."

    def shown_points(self, observation: Observation) -> tuple:
        """The scores or stacks to show (a game may hold back results not yet turned up)."""
        return observation.points

    def log_lines(self, observation: Observation) -> tuple[str, ...]:
        """The log lines to show: the seat's log, in plain words with rule ids."""
        return observation.log

    def teacher_html(self) -> str:
        """Every card where it really is (teacher mode only)."""
        state = self.shown_state()
        parts = []
        for name, cards in state.card_locations().items():
            cards = list(cards)
            seat = re.fullmatch(r"(.*) (\d)", name)  # 'hand 2' -> "North's hand"
            if seat and int(seat[2]) < len(self.seats):
                name = f"{self.seats[int(seat[2])]}'s {seat[1]}"
            parts.append(
                f'<div class="cl-zone"><span class="cl-zone-name">{html.escape(name)} ({len(cards)})</span>'
                f"{cards_html(cards, size='sm', fan=len(cards) > 8)}</div>"
            )
        return '<div class="cl-panel"><b>Teacher mode: all cards</b><br>' + "".join(parts) + "</div>"

    # -- the widgets ------------------------------------------------------------------
    def _build(self, pace: float, auto: bool, teacher: bool, hints: bool) -> None:
        self._style = W.HTML(style_tag())
        self._title = W.HTML()
        self._title.add_class("cl-title")
        self._status = W.HTML()
        self._board = W.HTML()
        self._hand = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._hand.add_class("cl-hand")
        self._hand_label = W.HTML()
        self._card_buttons: list[W.Button] = []
        self._cover = W.Button(description="Show my cards", button_style="warning")
        self._cover.on_click(lambda _: self._guard(self._uncover))
        self._actions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._action_buttons: dict[str, W.Button] = {}
        self._amounts: dict[str, W.IntSlider] = {}
        self._extra = W.VBox()  # a game's own controls (parallel poker's packets)
        self._hint = W.HTML()
        self._log = W.HTML()
        self._teacher_view = W.HTML()
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))

        self._seed_box = W.BoundedIntText(value=0, min=0, max=2**62, description="seed", layout=W.Layout(width="170px"))
        self._new = W.Button(description="New game", icon="refresh")
        self._undo = W.Button(description="Undo", icon="undo", tooltip="take back your last action")
        self._step = W.Button(description="Step", icon="step-forward", tooltip="one bot move")
        self._auto = W.Checkbox(value=auto, description="bots move on their own", indent=False, layout=W.Layout(width="190px"))
        self._pace = W.FloatSlider(value=pace, min=0, max=2, step=0.1, description="pace (s)", layout=W.Layout(width="230px"))
        self._hints = W.ToggleButton(value=hints, description="Hints", icon="lightbulb-o")
        self._teacher = W.Checkbox(value=teacher, description="teacher mode (all cards)", indent=False, layout=W.Layout(width="200px"))
        self._replay = W.Button(description="Replay", icon="history", tooltip="replay the finished game")
        self._replay_slider = W.IntSlider(value=0, min=0, max=0, description="move", layout=W.Layout(width="360px", display="none"))

        self._new.on_click(lambda _: self._guard(self.new_game))
        self._undo.on_click(lambda _: self._guard(self.undo))
        self._step.on_click(lambda _: self._guard(self.step))
        self._replay.on_click(lambda _: self._guard(self._toggle_replay))
        for control in (self._hints, self._teacher, self._replay_slider):
            control.observe(lambda _: self._guard(self._refresh), "value")
        self._auto.observe(lambda _: self._guard(self._advance), "value")

        controls = W.HBox(
            [self._seed_box, self._new, self._undo, self._hints, self._teacher, self._auto, self._pace,
             self._step, self._replay, self._replay_slider],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("cl-controls")
        self.widget = W.VBox(
            [self._style, self._title, self._status, self._board, self._hand_label, self._cover, self._hand,
             self._actions, self._extra, self._hint, self._teacher_view, self._log, controls, self.errors]
        )
        self.widget.add_class("cl-table")

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
            self._say(f"Error: {type(error).__name__}: {error} (details below)", error=True)
        try:
            self._refresh()
        except Exception:  # noqa: BLE001
            self.errors.append_stderr(traceback.format_exc())
        return result

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error

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
        """Rebuild the view from the observation (one pure pass; callbacks call only this)."""
        state = self.shown_state()
        seat = self.view_seat
        obs = state.observation(seat)
        replaying = self.replay_states is not None
        my_turn = not replaying and seat in self.actors() and not self._covered
        if self._covered:  # hot-seat: nothing private shows until the next person uncovers it
            obs = dataclasses.replace(obs, hand=(), zones=(), log=())
        self._hand.layout.display = "none" if self._covered else None
        self._cover.layout.display = None if self._covered else "none"
        self._cover.description = f"{self.seats[seat]}: show my cards"

        mode = " · hot-seat" if self.hotseat else ""
        teacher = " · <span class='cl-turn'>teacher mode</span>" if self._teacher.value else ""
        self._title.value = (
            f"<b>{html.escape(self.title)}</b> — you are <b>{self.seats[seat]}</b>{mode} · seed {state.seed}{teacher}"
        )
        self._status.value = self._status_html(obs, my_turn)
        self._board.value = self._board_html(obs)
        self._hand_label.value = f"<span class='cl-zone-name'>{self.seats[seat]}'s hand ({len(obs.hand)} cards)</span>"
        self._groups = self._group(obs) if my_turn else {}
        self._draw_hand(obs, my_turn)
        self._draw_actions(my_turn)
        self._draw_extra(obs, my_turn)
        self._hint.value = (
            f'<div class="cl-panel"><b>Hint.</b> {self.hint_html(obs)}</div>' if self._hints.value and my_turn else ""
        )
        self._teacher_view.value = self.teacher_html() if self._teacher.value else ""
        self._log.value = log_html(self.log_lines(obs))
        self._undo.disabled = replaying or not any(p in self.humans for p, _ in self.state.actions)
        self._step.disabled = replaying or self._next_bot() is None
        self._replay.disabled = not self.state.is_terminal
        self._replay.description = "Exit replay" if replaying else "Replay"
        self._replay_slider.layout.display = None if replaying else "none"

    def _status_html(self, obs: Observation, my_turn: bool) -> str:
        seats = self.seats
        if obs.is_terminal:
            turn = self.over_text(obs)
        elif my_turn:
            turn = f"<span class='cl-turn'>Your turn, {seats[obs.player]}.</span>"
        elif self._covered:
            turn = f"<span class='cl-turn'>Pass the screen to {seats[obs.player]}.</span>"
        elif self.state.simultaneous and not self.state.is_terminal:
            waiting = [seats[p] for p in self.actors()]
            turn = f"Waiting for {', '.join(waiting)}."
        else:
            turn = f"{seats[obs.current_player]} to act." if obs.current_player is not None else ""
        chips = self.state.chips() is not None
        parts = [turn]
        points = self.shown_points(obs)
        if points:
            parts.append(f"{'Stacks' if chips else 'Points'}: {per_seat(seats, points)}")
        if obs.pot is not None:
            parts.append(f"Pot <b>{obs.pot}</b>")
        extras = extras_html(obs, self.seats)
        msg = ""
        if self.message:
            cls = "cl-msg-error" if self.message_is_error else ""
            msg = f"<div class='{cls}' role='status'>{html.escape(self.message)}</div>"
        return f'<div class="cl-panel">{" · ".join(p for p in parts if p)}{extras}{msg}</div>'

    def _board_html(self, obs: Observation) -> str:
        return board_html(obs, self.seats)

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
        if not hand:
            self._hand.layout.display = "none"
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
        children = []
        for kind, group in self._groups.items():
            button = self._action_buttons.get(kind)
            if button is None:
                button = W.Button(description=label(kind), button_style="primary")
                button.add_class("cl-action")
                button.on_click(lambda _, k=kind: self._guard(self._on_action, k))
                self._action_buttons[kind] = button
            amounts = sorted({a.amount for a in group if a.amount is not None})
            if len(amounts) > 1:
                slider = self._amounts.get(kind)
                if slider is None:
                    slider = W.IntSlider(description="amount", layout=W.Layout(width="260px"))
                    slider.observe(lambda _: self._guard(lambda: None), "value")
                    self._amounts[kind] = slider
                low, high = amounts[0], amounts[-1]
                if slider.max < low:
                    slider.max = high
                    slider.min = low
                else:
                    slider.min = low
                    slider.max = high
                slider.value = min(max(slider.value, low), high)
            action = self.candidate(kind)
            ok = self.state.can_apply(action, self.view_seat)
            if action.cards or action.amount is not None:
                button.description = label(str(action))
            elif any(a.cards for a in group):
                button.description = f"{label(kind)} no cards"  # e.g. keep all (FL-6), stand pat (DP-5)
            else:
                button.description = label(kind)
            button.disabled = not ok
            button.tooltip = "" if ok else self._why(action)
            children.append(button)
            if len(amounts) > 1:
                children.append(self._amounts[kind])
        self._actions.children = tuple(children)

    def _why(self, action: Action) -> str:
        if not action.cards and any(a.cards for a in self._groups.get(action.kind, [])):
            return "select cards in your hand first"
        try:
            self.state.check(action, self.view_seat)
        except IllegalActionError as error:
            return str(error)
        return ""

    def _draw_extra(self, obs: Observation, my_turn: bool) -> None:
        """A game's own controls (none by default)."""


def card_button(on_click: Callable[[], Any]) -> W.Button:
    """A button drawn as a card (see :func:`style_card_button`), calling ``on_click()``."""
    button = W.Button(layout=W.Layout(width="56px", height="80px"))
    button.add_class("cl-cardbtn")
    button.on_click(lambda _: on_click())
    return button


def style_card_button(button: W.Button, card: Card | None, *, selected: bool = False, dim: bool = False) -> None:
    """Show ``card`` on a card button (rank over suit, red or black); None hides it."""
    if card is None:
        button.description, button.tooltip = "", ""
        button.layout.display = "none"
        return
    button.layout.display = None
    button.description = f"{card.rank}\n{card.suit.symbol}"
    button.tooltip = card.name
    classes = {"cl-cardbtn", "cl-red" if card.is_red else "cl-black"}
    if selected:
        classes.add("cl-selected")
    if dim:
        classes.add("cl-dim")
    button._dom_classes = tuple(sorted(classes))


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
