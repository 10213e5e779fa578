"""The view every game's table is built on: widgets that draw one seat's view and forward clicks.

A :class:`Table` is the half of a table a person sees. It holds no game: a session
(:class:`~cardlab.sessions.TableSession` at one screen, a room's
:class:`~cardlab.sessions.RoomSession` in a classroom) is the referee and hands the
view a :class:`~cardlab.sessions.SeatView` -- the seat's observation, its offers, the
result on screen, the standings -- and nothing else. A click calls the session, then
one ``_refresh()`` redraws from a fresh SeatView. A test walks the view's objects to
check it holds no game state, no history and no card its seat may not see.

What a class needs from it:

- results stay: after a round, hand, trick or game the table stops on a banner that
  says who won what and by which rule, with the position after the deciding move,
  until "Continue";
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

import html
import threading
import traceback
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle  # not exported by ipywidgets' top level

from cardlab.bots import Bot, bot_for
from cardlab.cards import Card
from cardlab.engine import Action, Event, Game, IllegalActionError, Observation
from cardlab.sessions import SeatView, TableSession
from cardlab.sessions.seatview import LOG_EVENTS
from cardlab.widgets.howto import game_hand_order_html, how_to_play_html
from cardlab.widgets.style import fill_tooltips, page_heading_html, style_tag
from cardlab.widgets.view import (Shown, by_seat_html, cards_html, lines_with_cards_html, log_html, seats_html,
                                  shown_by_seat, winners_of)
from cardlab.widgets.words import GameWords, cards_words, plain, rule_sentence, target_text, words_for
from cardlab.words import (
    DECIMAL_UNITS,
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    UNIT_WORDS,
    check_language,
    hand_text,
    headline,
    language,
    message,
    names_text,
    number_text,
    percent_text,
    rank_letter,
    translate as _,
    translate_in,
    unit_word,
)
from cardlab.words.cards import card_label, spoken
from cardlab.words.classroom import place_text
from cardlab.words.howto import UNITS, amount as unit_amount
from cardlab.words.seats import zone_title
from cardlab.words.table import beats_text, notice_text, table_text, untranslated_note

__all__ = ["Table", "bot_for", "Bot", "card_button", "style_card_button"]



class Table:
    """An interactive table for one game: the view of one seat of a session.

    ``Table(game, seat=0, seed=0, opponent="random", pace=0, auto=True, hotseat=False,
    teacher=False, hints=False)`` makes a :class:`~cardlab.sessions.TableSession` with
    those options; ``Table(game, session=...)`` draws a session made elsewhere (a
    classroom room's). The widget tree is :attr:`widget`; a notebook cell ending in the
    table shows it.

    A game's table draws its own board through these declared hooks (:data:`BOARD_HOOKS`),
    never by overriding the view's private methods (a test holds every game table to it):

    - the board: :meth:`build_board` (its widgets, once), :meth:`board_labels` (their
      words), :meth:`draw_board` (each redraw), :meth:`board_html` (the seats and zones);
    - the hand and the actions: :meth:`draw_hand`, :meth:`hand_label_html`,
      :meth:`select_card`, :meth:`clear_selection`, :meth:`draw_actions`, :meth:`why_not`, :meth:`action_words`,
      :meth:`turn_prompt`;
    - results and scores: :meth:`banner_ready`, :meth:`banner_lines`,
      :meth:`shown_hands`, :meth:`result_context`, :meth:`shown_points`,
      :meth:`over_text`, :meth:`log_events`, :meth:`teacher_html`.
    """

    title = "cardlab"
    #: The methods a game's table may override to draw its board (see the class docstring).
    BOARD_HOOKS = ("build_board", "board_labels", "clear_selection", "draw_board", "board_html", "draw_hand", "hand_label_html",
                   "select_card", "draw_actions", "why_not", "action_words", "turn_prompt", "banner_ready",
                   "banner_lines", "shown_hands", "result_context", "shown_points", "over_text", "log_events",
                   "teacher_html")

    def __init__(self, game: Game, *, session: Any = None, hints: bool = False, coach: bool | None = None,
                 lang: str | None = None, heading: str | None = None, **options: Any):
        #: The table's language: ``"en"``, ``"sv"``, ``"pl"``, ``"uk"`` (None: the default,
        #: see :func:`cardlab.words.default_language`); every word it shows is in it.
        self.lang = check_language(lang)
        #: The page's heading above the table (a message, said in the table's language), if any.
        self.heading_message = heading
        with language(self.lang):
            if session is None:
                if coach is None:
                    coach = not options.get("hotseat", False)
                session = self.session_class(game, coach=coach, **options)
            self.session = session
            self.game = game
            self.words: GameWords = words_for(game.name)
            self.selected: list[Card] = []
            self.last_error: BaseException | None = None
            self.seen: SeatView = session.view()
            self._position: tuple | None = None
            self._hint_cache: tuple[tuple, str] | None = None
            self._build(hints)
            self._labels()
            fill_tooltips(self.widget)
        session.subscribe(self._refresh)
        self._refresh()

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (a student's switch on the page: the language picker
        calls this): every word is redrawn."""
        self.lang = check_language(lang)
        self._hint_cache = None
        if self._lang_pick.value != self.lang:
            self._lang_pick.value = self.lang  # its observer sees the language already set
        with language(self.lang):
            self._labels()
        self._refresh()

    session_class: type = TableSession

    # -- what the view knows (all from the SeatView) ----------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.seen.seats

    @property
    def seat(self) -> int:
        return self.seen.seat

    def observation(self) -> Observation:
        """The seat's observation as the view has it (detached: nothing reaches the state)."""
        return self.seen.observation

    @property
    def message(self) -> str:
        """The session's message on screen, in words ('' for none)."""
        notice = self.seen.notice
        return notice_text(notice.name, notice.values, players=len(self.seats)) if notice is not None else ""

    @property
    def message_is_error(self) -> bool:
        return self.seen.notice is not None and self.seen.notice.error

    @property
    def pause(self) -> Any:
        """The result on screen (a :class:`~cardlab.sessions.ResultView`), or None."""
        return self.seen.result

    # -- clicks, forwarded ----------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Play ``action`` for the seat on screen, then let the bots move; redraws as a click does.
        An illegal action raises :class:`~cardlab.engine.IllegalActionError` and changes nothing."""
        try:
            self.session.play(action)
        finally:
            self.selected = []
            self._refresh()

    def undo(self) -> bool:
        """Take back the seat's last move, if nothing was turned up since (else says why)."""
        done = self.session.undo()
        self.clear_selection()
        self._refresh()
        return done

    def step(self) -> bool:
        done = self.session.step()
        self._refresh()
        return done

    def resume(self) -> None:
        """Leave the result on screen and go on (the "Continue" button)."""
        self.session.resume()
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        self.session.new_game(seed)
        self.clear_selection()
        self._refresh()

    def candidate(self, kind: str) -> Action:
        """The action the button for ``kind`` would play, from the selection and amount."""
        group = self.seen.offers.get(kind, ())
        cards = tuple(self.selected) if any(a.cards for a in group) else ()
        amounts = sorted({a.amount for a in group if a.amount is not None})
        amount = None
        if amounts:
            amount = self._amounts[kind].value if kind in self._amounts and len(amounts) > 1 else amounts[0]
        return Action(kind, cards, amount)

    # -- drawing ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the session (after it changed on its own: a room's poll, a timed bot)."""
        self._refresh()

    def _refresh(self) -> None:
        """Redraw from a fresh SeatView (one pure pass; callbacks call only this).

        Setting a slider inside the pass fires its observer: that nested call does nothing."""
        if self._drawing:
            return
        self._drawing = True
        try:
            with language(self.lang):
                self.seen = self.session.view()
                self._draw()
        finally:
            self._drawing = False

    _drawing = False

    def _draw(self) -> None:
        seen = self.seen
        obs = seen.observation
        my_turn = seen.my_turn
        position = (seen.version, seen.seat, my_turn, seen.replay)
        if position != self._position:  # a new position: the selection and amounts start afresh
            self._position = position
            self.selected = [c for c in self.selected if my_turn and c in obs.hand]
            for slider in self._amounts.values():
                slider.value = slider.min
        self._title.value = self._title_html(seen.seat)
        shown = seen.shown  # while a result is on screen: the position it was decided in
        self._status.value = self._status_html(shown, my_turn)
        self._board.value = self.board_html(shown, my_turn)
        self._draw_banner(seen.result is not None)
        self.draw_hand(shown, my_turn)
        self._hand_label.value = self.hand_label_html(shown, my_turn)
        self.draw_actions(my_turn)
        self.draw_board(obs, my_turn)
        self._draw_confirm()
        self._hint.value = self._hint_value(obs) if self._hints.value and my_turn and seen.controls.hints else ""
        self._draw_coach()
        if seen.every_card is not None:
            self._teacher_view.value = self.teacher_html()
        recent = self.log_shown(shown, LOG_EVENTS)
        self._log.value = log_html(recent, len(seen.seats), last=LOG_EVENTS, explain=_rule_hover)
        live_key = (seen.version, seen.seat, my_turn, seen.replay, seen.result is not None, self.banner_ready(),
                    seen.covered, seen.notice, len(recent))
        if live_key != self._live_key:  # a redraw of the same position says nothing new
            self._live_key = live_key
            self._live.value = self._live_text(recent, shown, my_turn)
        controls = seen.controls
        self._undo.disabled = seen.undo is not None
        self._undo.tooltip = notice_text(seen.undo.name, seen.undo.values, players=len(seen.seats)) if seen.undo else (
            _("Take back your last move"))
        self._step.disabled = not seen.can_step
        for widget, shown_now in ((self._new, controls.new_game), (self._step, controls.step), (self._auto, controls.pace),
                                  (self._pace, controls.pace), (self._undo, controls.undo), (self._hints, controls.hints)):
            widget.layout.display = None if shown_now else "none"
        self._replay.disabled = not (seen.over or seen.replay is not None) or not controls.replay
        self._replay.layout.display = None if (seen.over or seen.replay is not None) and controls.replay else "none"
        self._replay.description = _("Leave the replay") if seen.replay is not None else _("Replay this game")
        self._replay_slider.layout.display = None if seen.replay is not None else "none"
        if seen.replay is not None:  # the slider shows the session's position (set inside the pass: no echo)
            position, last = seen.replay
            if self._replay_slider.max != last:
                self._replay_slider.max = last
            self._replay_slider.value = position
        # the hot-seat cover last: the messages that blank the previous player's cards, log and
        # buttons reach the page before the cover that tells the next player to look
        self._cover.description = table_text("cover", len(seen.seats), seat=seen.seat) if seen.covered else ""
        self._cover.layout.display = None if seen.covered else "none"

    def _title_html(self, seat: int) -> str:
        players = len(self.seats)
        mode = f" · {table_text('hotseat')}" if self.seen.hotseat else ""
        teacher = f" · <span class='cl-turn'>{table_text('teacher')}</span>" if self.seen.every_card is not None else ""
        # a room's page says its table and class, never the store's id for the room
        room = (f"<div class='cl-room'>{html.escape(place_text(self.seen.place))}</div>"
                if self.seen.place is not None else "")
        untranslated = untranslated_note(self.game.name)  # a game added later may speak only English
        note = f"<div class='cl-note'>{html.escape(untranslated)}</div>" if untranslated else ""
        return (f"<div class='cl-title'><b>{html.escape(_(self.title))}</b> — "
                f"{table_text('you_are', players, seat=seat).replace(self.seats[seat], f'<b>{self.seats[seat]}</b>', 1)}"
                f"{mode}{teacher}</div>{room}{note}")

    def hand_label_html(self, obs: Observation, my_turn: bool) -> str:
        """'You hold 5 cards — two pairs, kings and sevens' (the hand's name where the game ranks hands)."""
        if self.seen.covered:
            return ""
        hand = obs.hand
        if not hand:
            return f"<span class='cl-zone-name'>{table_text('you_hold_none')}</span>"
        name = self.hand_name(obs)
        name = f" — <b>{html.escape(name)}</b>" if name else ""
        return f"<div class='cl-you-hold'>{table_text('you_hold', n=len(hand))}{name}:</div>"

    def hand_name(self, obs: Observation) -> str:
        """The name of the seat's hand where the game ranks five-card hands (else '')."""
        rules = getattr(self.game, "rules", None)
        if rules is None or len(obs.hand) != 5:
            return ""
        from cardlab.hands import evaluate

        try:
            return hand_text(evaluate(obs.hand, rules))
        except Exception:  # noqa: BLE001 - a game whose rules are not hand rules
            return ""

    def _hint_value(self, obs: Observation) -> str:
        key = (self.seen.version, obs.player)
        if self._hint_cache is None or self._hint_cache[0] != key:
            head = html.escape(_("Hint."))
            self._hint_cache = (key, f'<div class="cl-panel"><b>{head}</b> {self.hint_html(obs)}</div>')
        return self._hint_cache[1]

    def _draw_coach(self) -> None:
        """The coach's line on the last decision, or the game's review with a replay of each;
        a finished game's review waits for its result to show (:meth:`banner_ready`: it
        speaks of how the game went while parallel poker's showings are still face down)."""
        held = self.seen.over and not self.banner_ready()
        lines = self.seen.coach if self.seen.controls.coach and not held else ()
        if not lines:
            self._coach.value = ""
            self._review.layout.display = "none"
            return
        over = self.seen.over
        head = _("Review: the decisions that differed from the coach's.") if over else _("Coach.")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        # it scrolls in its own box, so the keyboard must reach it (tabindex) to scroll it
        self._coach.value = (f"<div class='cl-panel cl-coach' role='status' tabindex='0' "
                             f"aria-label='{html.escape(head, quote=True)}'><b>{html.escape(head)}</b>"
                             f"<ul style='margin:2px 0'>{items}</ul></div>")
        moves = self.session.coach_moves() if over else ()
        options = [(_("Move {number}").format(number=m + 1), m) for m in moves]
        if list(self._review_pick.options) != options:
            self._review_pick.options = options
            self._review_pick.value = options[0][1] if options else None  # the costliest decision first
        self._review.layout.display = None if options else "none"

    def replay_decision(self, move: int) -> None:
        """Replay the finished game at the position of decision ``move`` (the review's link)."""
        if self.seen.replay is None:
            self._toggle_replay()
        self.session.replay_to(int(move))
        self._refresh()

    def hint_html(self, observation: Observation) -> str:
        """The session's hint for the seat on screen (:mod:`cardlab.sessions.hints`), in words."""
        found = self.session.hint()
        if found is None or found.method == "none":
            return html.escape(_("No hint for this game."))
        unit = self.words.unit
        if found.method == "exact":
            rows = []
            for row in found.rows:
                button = self.words.button(row.action, takes_cards=True)
                said = (_("{button} (throw away {cards}): improves {chance}, average kind {kind}") if row.action.cards
                        else _("{button}: improves {chance}, average kind {kind}"))
                said = html.escape(said).format(button=html.escape(button), cards=html.escape(cards_words(row.action.cards)),
                                                chance=f"<b>{percent_text(row.value, 1)}</b>",
                                                kind=number_text(row.expected, 2))
                rows.append(f"<li>{said}</li>")
            return html.escape(_(
                "Exact odds of each draw, counted over every set of cards you could draw from the cards you "
                "have not seen, {deck}-card deck, DP-5. Improves: the chance to end with a better "
                "kind of hand; average kind: the expected kind on a scale from 0, high card, to 8, the best "
                "kind in this deck.")).format(deck=found.deck_size) + f"<ul style='margin:2px 0'>{''.join(rows)}</ul>"
        worth = html.escape(translate_in("decimal", DECIMAL_UNITS.get(unit, DECIMAL_UNITS["points"])))
        rows = "".join(f"<li>{html.escape(self.words.button(r.action, complete=True))}: "
                       f"{worth.format(amount='<b>' + number_text(r.value, 1, sign=True) + '</b>')}</li>"
                       for r in found.rows)
        said = _("What each choice is worth: the {unit} you gain by the end of the round minus the others' average "
                 "gain (+ good, − bad), averaged over {deals} of the cards you cannot see, with the rule bot "
                 "playing every seat after your choice. The deals are seeded by the position, so the same "
                 "position gives the same hint.")
        deals = unit_amount(found.samples, "deals") if found.samples else _("sampled deals")
        return html.escape(said.format(unit=unit_word(unit) if unit in UNIT_WORDS else _(unit), deals=deals)) + f"<ul style='margin:2px 0'>{rows}</ul>"

    def banner_lines(self) -> list[str]:
        """The result's lines in words: 'North wins 14 chips ... — DP-8', then what beat
        what where hands were shown ("North's two pair, ..., beats South's ...")."""
        result = self.seen.result
        if result is None:
            return []
        lines = []
        for event in result.results:
            text = headline(event, len(self.seats))
            text = text[:1].upper() + text[1:]
            lines.append(f"{text.rstrip('.')} — {event.rule}" if event.rule else text)
        beats = self.beats_line(self.shown_hands(), winners_of(result.results))
        return [*lines, beats] if beats else lines

    def shown_hands(self) -> tuple[Shown, ...]:
        """The cards shown for the result on screen, one entry a seat, the winner first
        (:func:`~cardlab.widgets.view.shown_by_seat`; a game's table may say more)."""
        result = self.seen.result
        if result is None:
            return ()
        return shown_by_seat(result.results, result.context)

    def beats_line(self, shown: Sequence[Shown], winners: Sequence[int]) -> str:
        """What beat what, where one winner's ranked hand beat the other hands shown
        ('' where there is no such showdown, or the hands tied)."""
        if len(winners) != 1 or not shown or shown[0].seat != winners[0] or shown[0].hand is None:
            return ""
        best = shown[0].hand
        beaten = [(item.seat, item.hand) for item in shown[1:] if item.hand is not None]
        if not beaten or any(hand == best for _, hand in beaten):
            return ""
        return beats_text(winners[0], best, beaten, players=len(self.seats))

    def result_context(self) -> Sequence[Event]:
        """The public events that led to the result on screen (the last plays, shown hands)."""
        result = self.seen.result
        return result.context if result is not None else ()

    def standings_html(self) -> str:
        """The final standings of a finished game: points or chips, the winner, the target."""
        obs = self.seen.observation
        points = self.shown_points(obs)
        unit = self.words.unit
        order = sorted(range(len(points)), key=lambda p: -points[p])
        row = html.escape(_("{seat}: {amount}"))
        rows = "".join(f"<li>{row.format(seat=html.escape(self.seats[p]), amount=self._amount_html(points[p], unit))}</li>"
                       for p in order)
        best = [self.seats[p] for p in order if points[p] == points[order[0]]]
        winner = table_text("win" if len(best) > 1 else "wins", names=names_text(best)) if best else ""
        target = target_text(self.game)
        target = f" <span class='cl-facts'>{html.escape(target)}</span>" if target else ""
        seed = self.seen.seed
        said = html.escape(table_text("seed", seed=seed)) if seed is not None else ""
        return (f"<div class='cl-standings'><b>{table_text('standings')}</b>: {winner}{target}<ol>{rows}</ol>"
                f"{said}</div>")

    @staticmethod
    def _amount_html(value: Any, unit: str) -> str:
        """A number with its unit, the number bold: '<b>15</b> points'."""
        if unit not in UNITS:
            return f"<b>{value}</b> {html.escape(_(unit))}"
        return html.escape(message(UNITS[unit], value)).format(n=f"<b>{value}</b>")

    def _stopped_line(self) -> str:
        """The banner's line for a room the teacher paused or ended ('' while it plays)."""
        status = self.seen.status
        if status == "open":
            return ""
        words = notice_text("paused" if status == "paused" else "closed", {}, players=len(self.seats))
        return f"<div class='cl-banner-line cl-stopped'>{html.escape(words)}</div>"

    def _draw_banner(self, paused: bool) -> None:
        over = self.seen.over
        stopped = self._stopped_line()  # a room the teacher paused or ended says so here, above any result
        if (not paused and not over) or not self.banner_ready():
            self._banner.value = f"<div class='cl-banner' role='status'>{stopped}</div>" if stopped else ""
            self._banner.layout.display = None if stopped else "none"
            self._continue.layout.display = "none"
            return
        lines = self.banner_lines()
        context = self.result_context()
        shown = self.shown_hands() if paused else ()
        # the cards shown are drawn by their seats, the lines before them in words only; a
        # trick's cards lie on the board with their players' names: drawn there only
        cards = not shown and not (paused and self.seen.result.brief)
        what = lines_with_cards_html(context, len(self.seats), cards=cards) if context else ""
        what = f"<div class='cl-what'>{what}</div>" if what else ""
        head = "".join(f"<div class='cl-banner-line'>{html.escape(line)}</div>" for line in lines)
        tail = self.standings_html() if over else ""
        self._banner.value = (f"<div class='cl-banner' role='status'>{stopped}{head}{by_seat_html(shown, self.seats)}"
                              f"{what}{tail}</div>")
        self._banner.layout.display = None
        self._continue.layout.display = "none" if over else None

    def _draw_confirm(self) -> None:
        if self._asking is None:
            self._confirm.layout.display = "none"
            self._question.value = ""
            return
        # the question first, so the box never shows its buttons without it
        self._question.value = f"<b>{html.escape(_(self._asking[0]))}</b>"
        self._confirm.layout.display = None

    def _status_html(self, obs: Observation, my_turn: bool) -> str:
        seen = self.seen
        players = len(seen.seats)
        words, marked = self.turn_words(obs, my_turn)
        turn = f"<span class='cl-turn'>{html.escape(words)}</span>" if marked else html.escape(words)
        facts = []
        if obs.pot is not None:
            facts.append(html.escape(table_text("pot", pot=obs.pot)))
        target = target_text(self.game)
        if target:
            facts.append(html.escape(table_text("session", target=target)))
        msg = ""
        notice = seen.notice
        if notice is not None and seen.status == "open":  # a paused or ended room says so in the banner
            cls = "cl-msg-error" if notice.error else "cl-msg"
            msg = f" <span class='{cls}' role='status'>{html.escape(notice_text(notice.name, notice.values, players=players))}</span>"
        return f'<div class="cl-status">{turn}{msg}<div class="cl-facts">{" · ".join(facts)}</div></div>'

    def turn_words(self, obs: Observation, my_turn: bool) -> tuple[str, bool]:
        """The status line's sentence on whose turn it is, and whether it asks this seat
        to do something (drawn marked); the live region says it too."""
        seen = self.seen
        players = len(seen.seats)
        if seen.over or (seen.replay is not None and obs.is_terminal):  # a result's scene is mid-move: not over
            return self.over_text(obs), False
        if seen.status != "open":  # paused or ended by the teacher: the banner says so, nobody is to play
            return "", False
        if seen.result is not None:
            return table_text("result_read"), True
        if my_turn:
            return table_text("your_turn", prompt=self.turn_prompt()), True
        if seen.covered:
            return table_text("pass_screen", players, seat=seen.seat), True
        if len(seen.actors) > 1:
            return table_text("waiting", seats=names_text([seen.seats[p] for p in seen.actors])), False
        return (table_text("to_act", players, seat=seen.actors[0]) if seen.actors else ""), False

    def _live_text(self, recent: Sequence[Event], shown: Observation, my_turn: bool) -> str:
        """What the live region says after a redraw: the moves since the last one (every
        seat's, cards in words), the result on screen once it shows (:meth:`banner_ready`:
        never a result whose cards are still face down), the session's notice, whose turn.

        A screen reader says a live region's new text; the region keeps the last text, so
        an unchanged position says nothing again."""
        players = len(self.seats)
        heard, self._heard = self._heard, (self.seat, tuple(recent[-_HEARD:]))
        fresh: Sequence[Event] = ()
        if self.seen.covered or heard[0] != self.seat:  # hot-seat: nothing the last seat saw is said
            heard = (self.seat, ())
        heard = heard[1]
        if heard and self.seen.replay is None:
            for end in range(len(recent), len(heard) - 1, -1):  # the newest place the last heard events lie
                if tuple(recent[end - len(heard):end]) == heard:
                    fresh = recent[end:]
                    break
            else:
                fresh = recent  # a new deal or game: the newest lines
        result = self.seen.result
        lines = self.banner_lines() if result is not None and self.banner_ready() else []
        if result is not None:  # the banner's lines say the result, with its rule, once it shows
            fresh = [event for event in fresh if event not in result.results]
        said = [spoken(event, players) for event in fresh[-_SAID:]]
        # a move the banner says too (parallel poker's PP-5 line, with its rule) is said once, by the banner
        said = [s for s in said if not any(line.casefold().startswith(s.rstrip(".").casefold()) for line in lines)]
        said += lines
        if self.message:
            said.append(self.message)
        said.append(self.turn_words(shown, my_turn)[0])
        return html.escape(" ".join(s.rstrip(".") + "." for s in said if s))

    def turn_prompt(self) -> str:
        """The choices on offer, in the buttons' words: 'lay a card, or play low'. A game
        whose actions are too many to list (parallel poker's arrangement, PP-2) offers none:
        its verbs' prompts say what to do, never an empty 'Your turn: .'."""
        return self.words.prompt(self.seen.offers or self.words.verbs)

    def board_html(self, obs: Observation, my_turn: bool = False) -> str:
        seen = self.seen
        # no "to act" badge over a result, nor at a table the teacher paused or ended (nobody is to play)
        stopped = seen.result is not None or seen.status != "open"
        acting = [] if stopped else [p for p in seen.actors if p != obs.player or not my_turn]
        return seats_html(obs, seen.seats, unit=self.words.unit, points=self.shown_points(obs), acting=acting)

    @property
    def _single_select(self) -> bool:
        carded = [a for group in self.seen.offers.values() for a in group if a.cards]
        return bool(carded) and all(len(a.cards) == 1 for a in carded)

    def draw_hand(self, obs: Observation, my_turn: bool) -> None:
        hand = () if self.seen.covered else obs.hand
        self.selected = [c for c in self.selected if c in hand]
        playable = {c for group in self.seen.offers.values() for a in group for c in a.cards}
        while len(self._card_buttons) < len(hand):
            index = len(self._card_buttons)
            self._card_buttons.append(card_button(lambda i=index: self._guard(self.select_card, i)))
        if len(self._hand.children) != len(self._card_buttons):
            self._hand.children = tuple(self._card_buttons)
        self._hand.layout.display = "none" if not hand else None
        for i, button in enumerate(self._card_buttons):
            if i >= len(hand):
                style_card_button(button, None)
                continue
            usable = my_turn and hand[i] in playable
            # Dim the cards no action can use now (FL-7: follow suit), not a hand during betting.
            dim = my_turn and bool(playable) and not usable
            style_card_button(button, hand[i], selected=hand[i] in self.selected, dim=dim)
            button.disabled = not usable

    def draw_actions(self, my_turn: bool) -> None:
        shown: list[W.Widget] = []
        reasons = []
        offers = self.seen.offers
        for kind, group in offers.items():
            button = self._action_button(kind)
            amounts = sorted({a.amount for a in group if a.amount is not None})
            slider = None
            if len(amounts) > 1:
                slider = self._amounts.get(kind)
                if slider is None:
                    slider = self._amounts[kind] = W.IntSlider(description=_("chips"), tooltip=_("chips"),
                                                               layout=W.Layout(width="240px"))
                    slider.observe(lambda _: self._guard(lambda: None), "value")
                low, high = amounts[0], amounts[-1]
                if slider.max < low:
                    slider.max = high
                    slider.min = low
                else:
                    slider.min = low
                    slider.max = high
                slider.value = min(max(slider.value, low), high)
            action = self.candidate(kind)
            why = self.why_not(action)
            takes = any(a.cards for a in group)
            button.description = self.words.button(action, takes_cards=takes, complete=not why,
                                                   observation=self.seen.observation)
            button.disabled = bool(why)
            button.tooltip = why or button.description
            if takes:  # Enter on a card plays the chosen cards through this button (see style.A11Y_SCRIPT)
                button.add_class("cl-takes-cards")
            else:
                button.remove_class("cl-takes-cards")
            if why:
                reasons.append(_("{button}: {reason}").format(button=self.words.verb(kind).label(), reason=why))
            shown.append(button)
            if slider is not None:
                shown.append(slider)
        visible = set(map(id, shown))
        for kind, widget in [*self._action_buttons.items(), *self._amounts.items()]:
            widget.layout.display = None if id(widget) in visible else "none"
            if id(widget) not in visible and isinstance(widget, W.Button):  # a hidden button names no card
                widget.description = self.words.verb(kind).label()
                widget.tooltip = widget.description
        children = (*self._action_buttons.values(), *self._amounts.values())
        if self._actions.children != children:  # only when a new kind first shows (made once, kept)
            self._actions.children = children
        self._reason.value = (
            "<div class='cl-reason'>" + "<br>".join(html.escape(r) for r in reasons) + "</div>" if reasons else "")

    def why_not(self, action: Action) -> str:
        """Why the button of ``action`` is off ('' when it may be played)."""
        if not action.cards and any(a.cards for a in self.seen.offers.get(action.kind, ())):
            return _(self.words.verb(action.kind).needs or "Select cards in your hand first.")
        return self.session.reason(action)

    def draw_board(self, obs: Observation, my_turn: bool) -> None:
        """Draw the game's own board widgets (made by :meth:`build_board`; none by default)."""

    def clear_selection(self) -> None:
        """Forget the cards chosen for the next move (a new game, an undo)."""
        self.selected = []

    def build_board(self) -> None:
        """Make the game's own board widgets once, into ``self._extra`` (none by default)."""

    def board_labels(self) -> None:
        """Put the fixed words of the game's own widgets in the table's language."""

    def banner_ready(self) -> bool:
        """Whether the result on screen may show now (a game may hold it back: parallel
        poker's waits for its last showing, PP-3)."""
        return True

    # -- teaching aids (a game's table may override) --------------------------------
    def action_words(self, action: Action) -> str:
        """An action in words for the hint and messages ('Lay A♥', 'Draw 2', 'Stand pat')."""
        takes = any(a.cards for a in self.seen.offers.get(action.kind, ()))
        return self.words.button(action, takes_cards=takes)

    def over_text(self, observation: Observation) -> str:
        """The status line of a finished game."""
        return table_text("over")

    def shown_points(self, observation: Observation) -> tuple:
        """The scores or stacks to show (a game may hold back results not yet turned up)."""
        return observation.points

    def log_events(self, observation: Observation) -> Sequence[Event]:
        """The events the log shows: the seat's newest events."""
        return observation.events

    def log_shown(self, observation: Observation, last: int) -> Sequence[Event]:
        """The newest ``last`` of :meth:`log_events` (while a result is on screen, those of
        its scene: the next deal's lines wait for Continue)."""
        lines = self.log_events(observation)
        return tuple(lines[max(0, len(lines) - last):])

    def teacher_html(self) -> str:
        """Every card where it really is (teacher mode only), one place per line."""
        parts = []
        for zone in self.seen.every_card or ():
            cards, name = list(zone.cards), zone_title(zone, self.seats, self.game.name)
            parts.append(
                f'<div class="cl-zone" style="display:block"><span class="cl-zone-name">{html.escape(name)} '
                f"({len(cards)})</span>{cards_html(cards, size='sm', fan=len(cards) > 8)}</div>"
            )
        head = html.escape(_("Teacher's view: every card"))
        return f'<div class="cl-panel"><b>{head}</b><br>' + "".join(parts) + "</div>"

    # -- the widgets ------------------------------------------------------------------
    def _build(self, hints: bool) -> None:
        session = self.session
        self._asking: tuple[str, Callable[[], Any]] | None = None
        self._style = plain_html(style_tag())
        self._title = plain_html()
        self._status = plain_html()
        self._live = plain_html()  # the polite live region (see cardlab.widgets.style): out of sight, read aloud
        self._live.add_class("cl-live")
        self._live.add_class("cl-sr")
        self._heard: tuple[int, tuple[Event, ...]] = (-1, ())  # the seat and the newest events it heard
        self._live_key: tuple = ()
        self._banner = plain_html(layout=W.Layout(flex="1 1 auto"))
        self._continue = plain_button(description="Continue", button_style="success", icon="play",
                                      tooltip="Go on with the game", layout=W.Layout(flex="0 0 auto", width="130px"))
        self._continue.add_class("cl-continue")
        self._continue.on_click(lambda _: self._guard(self.resume))
        self._question = plain_html()
        self._yes = plain_button(description="Yes", button_style="danger", tooltip="Yes")
        self._no = plain_button(description="Cancel", tooltip="Cancel")
        self._yes.on_click(lambda _: self._guard(self._answer, True))
        self._no.on_click(lambda _: self._guard(self._answer, False))
        self._confirm = W.HBox([self._question, self._yes, self._no], layout=W.Layout(align_items="center"))
        self._confirm.add_class("cl-confirm")
        self._board = plain_html()
        self._hand = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._hand.add_class("cl-hand")
        self._hand_label = plain_html()
        self._hand_label.add_class("cl-you-holds")
        self._card_buttons: list[W.Button] = []
        self._cover = plain_button(description="", button_style="warning", layout=W.Layout(width="auto"))
        self._cover.add_class("cl-cover")
        self._cover.on_click(lambda _: self._guard(session.uncover))
        self._actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._actions.add_class("cl-actions")
        self._action_buttons: dict[str, W.Button] = {}
        self._amounts: dict[str, W.IntSlider] = {}
        for kind in self.words.verbs:  # every kind's button made once, hidden while not on offer
            self._action_button(kind)
        self._reason = plain_html()
        self._extra = W.VBox()  # a game's own controls (parallel poker's packets)
        self._hint = plain_html()
        self._coach = plain_html()
        self._review_pick = W.Dropdown(options=[], description="Decision", layout=W.Layout(width="200px"))
        self._review_go = plain_button(description="Replay this position", icon="history",
                                       tooltip="Replay the finished game at this decision")
        self._review_go.on_click(lambda _: self._guard(self.replay_decision, self._review_pick.value or 0))
        self._review = W.HBox([self._review_pick, self._review_go], layout=W.Layout(display="none"))
        self._review.add_class("cl-review")
        self._howto = plain_html()
        self._log = plain_html()
        self._teacher_view = plain_html()
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))

        self._new = plain_button(description="New game", icon="refresh", tooltip="Start a new game")
        self._undo = plain_button(description="Undo", icon="undo", tooltip="Take back your last move")
        self._step = plain_button(description="Step", icon="step-forward", tooltip="Let the computer make one move")
        auto, pace = getattr(session, "auto", True), getattr(session, "pace", 0.0)
        self._auto = W.Checkbox(value=auto, description="Computers move on their own", indent=False,
                                layout=W.Layout(width="220px"))
        self._pace = W.FloatSlider(value=pace, min=0, max=2, step=0.1, description="Seconds a move",
                                   style={"description_width": "initial"}, layout=W.Layout(width="250px"))
        self._hints = W.ToggleButton(value=hints, description="Hints", icon="lightbulb-o",
                                     tooltip="Show what each choice is worth")
        self._replay = plain_button(description="Replay this game", icon="history", tooltip="Replay the finished game")
        self._replay_slider = W.IntSlider(value=0, min=0, max=0, description="Move",
                                          layout=W.Layout(width="360px", display="none"))
        # the page's language, each language by its own name (a student's switch, issue 29)
        self._lang_pick = W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                                     description="Language", layout=W.Layout(width="220px"))
        self._lang_pick.add_class("cl-language")
        self._lang_pick.observe(lambda change: self.set_language(change["new"]) if change["new"] != self.lang else None,
                                "value")

        self._new.on_click(lambda _click: self._guard(self._ask, N_("Start a new game? This game is lost."),
                                                               self.new_game))
        self._undo.on_click(lambda _: self._guard(self.undo))
        self._step.on_click(lambda _: self._guard(self.step))
        self._replay.on_click(lambda _: self._guard(self._toggle_replay))
        self._hints.observe(lambda _: self._guard(self._refresh), "value")
        self._replay_slider.observe(lambda change: self._guard(session.replay_to, change["new"]), "value")
        for control in (self._auto, self._pace):
            control.observe(lambda _: self._guard(session.set_pace, self._pace.value, self._auto.value), "value")

        controls = W.HBox(
            [self._new, self._undo, self._hints, self._auto, self._pace, self._step, self._replay, self._replay_slider,
             self._lang_pick],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("cl-controls")
        # the hand and the buttons that play it share a row where both fit (the window is 900 px high)
        turn = W.HBox([self._hand_label, self._hand, self._actions],
                      layout=W.Layout(flex_flow="row wrap", align_items="flex-end"))
        turn.add_class("cl-turnrow")
        play_area = W.VBox(
            [W.HBox([self._banner, self._continue], layout=W.Layout(align_items="center")), self._confirm, self._board,
             self._cover, turn, self._reason, self._extra],
            layout=W.Layout(flex="1 1 auto", min_width="0"),
        )
        side = W.VBox([self._howto, self._coach, self._review, self._hint, self._log],
                      layout=W.Layout(width="300px", flex="0 0 300px"))
        side.add_class("cl-side")
        head = W.HBox([self._title, self._status])
        head.add_class("cl-head")
        rows = [self._style, head, self._live, W.HBox([play_area, side]), controls, self.errors]
        if self.heading_message is not None:  # a page's heading (the classroom's join page)
            self.heading = plain_html()
            rows.insert(1, self.heading)
        if self.seen.every_card is not None:  # only a teacher's table has this panel at all
            rows.insert(3, self._teacher_view)  # above the controls
        self.widget = W.VBox(rows)
        self.widget.add_class("cl-table")
        self.build_board()

    def _labels(self) -> None:
        """The fixed words of the table (buttons, tooltips, the how-to) in its language:
        set when it is built and again when its language changes."""
        if self.heading_message is not None:
            self.heading.value = page_heading_html(_(self.heading_message))
        self._howto.value = how_to_play_html(self.game) + game_hand_order_html(self.game)
        labels = (
            (self._continue, _("Continue"), _("Go on with the game")),
            (self._yes, _("Yes"), _("Yes")),
            (self._no, _("Cancel"), _("Cancel")),
            (self._review_pick, _("Decision"), None),
            (self._review_go, _("Replay this position"), _("Replay the finished game at this decision")),
            (self._new, _("New game"), _("Start a new game")),
            (self._undo, _("Undo"), _("Take back your last move")),
            (self._step, _("Step"), _("Let the computer make one move")),
            (self._auto, _("Computers move on their own"), None),
            (self._pace, _("Seconds a move"), None),
            (self._hints, _("Hints"), _("Show what each choice is worth")),
            (self._replay, _("Replay this game"), _("Replay the finished game")),
            (self._replay_slider, _("Move"), None),
            (self._lang_pick, _("Language"), None),
        )
        for widget, description, tooltip in labels:
            widget.description = description
            if tooltip is not None:
                widget.tooltip = tooltip
        for slider in self._amounts.values():
            slider.description = _("chips")
        for kind, button in self._action_buttons.items():
            button.description = button.tooltip = self.words.verb(kind).label()
        self.board_labels()

    def _action_button(self, kind: str) -> W.Button:
        """The permanent button of one kind of action (made on first need, then kept)."""
        button = self._action_buttons.get(kind)
        if button is None:
            words = self.words.verb(kind).label()
            button = plain_button(description=words, tooltip=words, button_style="primary")
            button.add_class("cl-action")
            button.on_click(lambda _, k=kind: self._guard(self._on_action, k))
            button.layout.display = "none"
            self._action_buttons[kind] = button
        return button

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and "text/plain" in bundle:  # what a notebook shows before the cell runs
            bundle = {**bundle, "text/plain": table_text("not_run")}
        return bundle

    def _guard(self, callback: Callable[..., Any], *args: Any) -> Any:
        """Run a callback; an error is shown in the table, never lost."""
        result = None
        try:
            with language(self.lang):
                result = callback(*args)
        except IllegalActionError as error:
            self.session.refuse(error)
        except Exception as error:  # noqa: BLE001 - shown to the person, with the traceback
            self.last_error = error
            self.errors.append_stderr(traceback.format_exc())
            self.session.fail(error)
        try:
            self._refresh()
        except Exception:  # noqa: BLE001
            self.errors.append_stderr(traceback.format_exc())
        return result

    def _ask(self, question: str, then: Callable[[], Any]) -> None:
        """Ask before an action that cannot be taken back (leaving, a new game)."""
        if then == self.new_game and not self.seen.controls.new_game:
            return  # a hidden New game button asks nothing (a forged click)
        self._asking = (question, then)

    def _answer(self, yes: bool) -> None:
        asking, self._asking = self._asking, None
        if yes and asking is not None:
            asking[1]()

    def _toggle_replay(self) -> None:
        if self.seen.replay is None:
            self.session.open_replay()  # the slider follows the session's position when drawn
        else:
            self.session.close_replay()

    def select_card(self, index: int) -> None:
        hand = self.seen.observation.hand
        if index >= len(hand) or not self.seen.my_turn:
            return
        card = hand[index]
        if card in self.selected:
            self.selected.remove(card)
        elif self._single_select:
            self.selected = [card]
        else:
            self.selected.append(card)

    def _on_action(self, kind: str) -> None:
        if kind not in self.seen.offers:
            # A button that is off or hidden, clicked by a forged message: the session (the
            # engine, the room's store) refuses the bare action and says why; nothing changes.
            self.play(Action(kind))
            return
        action = self.candidate(kind)
        question = self.words.verb(kind).ask
        if question:
            self._ask(question, lambda: self.play(action))
            return
        self.play(action)


#: The newest events the live region remembers to find what is new, and the most it says at once.
_HEARD, _SAID = 6, 8


def _rule_hover(rule_id: str) -> str:
    return plain(rule_sentence(rule_id))


#: The one layout and the one style every card button of a page shares: its size is the
#: stylesheet's and a hidden card is hidden by a class (:data:`GONE`), so a card button brings
#: no models of its own besides itself (two fewer a card, so a page loads faster). Neither is
#: ever changed. Kept per kernel, that is per comm manager: a server of many pages in one
#: process (the classroom's) gives each page a kernel of its own, which knows only its own
#: widgets; a page's are forgotten with its kernel.
_SHARED: weakref.WeakKeyDictionary[Any, dict[str, W.Widget]] = weakref.WeakKeyDictionary()
_SHARED_LOCK = threading.Lock()
#: The class that hides a card button (``display: none`` in the stylesheet).
GONE = "cl-gone"


def _shared(name: str, make: Callable[[], W.Widget]) -> W.Widget:
    """This kernel's shared widget ``name`` (made on first need, and again once closed)."""
    import comm

    manager = comm.get_comm_manager()
    with _SHARED_LOCK:
        widgets = _SHARED.setdefault(manager, {})
        widget = widgets.get(name)
        if widget is None or widget.comm is None:
            widget = widgets[name] = make()
        return widget


def plain_button(*args: Any, **kwargs: Any) -> W.Button:
    """An ipywidgets ``Button`` with the style every plain button shares (its colour is its
    ``button_style``, a trait of the button): one model fewer a button.

    >>> plain_button(description="Undo").style is plain_button(description="Step").style
    True
    """
    kwargs.setdefault("style", _shared("style", W.ButtonStyle))
    return W.Button(*args, **kwargs)


def plain_html(*args: Any, **kwargs: Any) -> W.HTML:
    """An ipywidgets ``HTML`` with the style every HTML of the tables shares (the stylesheet
    styles them): one model fewer each."""
    kwargs.setdefault("style", _shared("html-style", HTMLStyle))
    return W.HTML(*args, **kwargs)


def card_button(on_click: Callable[[], Any]) -> W.Button:
    """A button drawn as a card (see :func:`style_card_button`), calling ``on_click()``.

    >>> a, b = card_button(print), card_button(print)
    >>> a.layout is b.layout and a.style is b.style
    True
    """
    button = W.Button(layout=_shared("layout", W.Layout), style=_shared("style", W.ButtonStyle))
    button.add_class("cl-cardbtn")
    button.on_click(lambda _: on_click())
    return button


def card_shown(button: W.Button) -> bool:
    """Whether a card button is on screen (not hidden by :data:`GONE`)."""
    return GONE not in button._dom_classes


def style_card_button(button: W.Button, card: Card | None, *, selected: bool = False, dim: bool = False,
                      small: bool = False) -> None:
    """Show ``card`` on a card button (rank over suit, red or black); None hides it and
    blanks every trait that could tell the card (text, tooltip, colour class)."""
    base = {"cl-cardbtn", "cl-small"} if small else {"cl-cardbtn"}
    if card is None:
        button.description, button.tooltip = "", ""
        button._dom_classes = tuple(sorted(base | {GONE}))
        return
    button.description = f"{rank_letter(card.rank)}\n{card.suit.symbol}"
    button.tooltip = card_label(card)  # its name, "10♥, ten of hearts" (style.A11Y_SCRIPT makes it the aria-label)
    classes = base | {"cl-red" if card.is_red else "cl-black"}
    if selected:
        classes.add("cl-selected")
    if dim:
        classes.add("cl-dim")
    classes = tuple(sorted(classes))
    if button._dom_classes != classes:
        button._dom_classes = classes


