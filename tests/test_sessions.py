"""The two halves of a table (issue 28): the session holds the game, the view only a SeatView.

- the view's object graph holds no game state, no history and no card its seat may not
  see, in normal, hot-seat, after-undo and room play;
- during every result of seeded random games, the position on screen is the one after
  the deciding move (the scene);
- Undo at every reveal is refused, and undo before any reveal gives the exact state back.
"""

from __future__ import annotations

import gc
import types

import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.chain import Chain, LogView
from cardlab.engine import Action, GameState, HistoryView, IllegalActionError, Replay, cards_in
from cardlab.games import GAMES
from cardlab.rooms import SeatSession, SQLiteStore
from cardlab.sessions import RoomSession, TableSession, reveals
from cardlab.widgets import play
from cardlab.widgets.join import room_table

SETTINGS = {"kontrabluff": {"target": 30}, "draw_poker": {"players": 3, "hands": 3},
            "parallel_poker": {}, "fight_for_the_lead": {"players": 3, "games": 2}}
WIRES = (TableSession, RoomSession)  # where the view's reach ends: the session is the other side


def reachable(root: object) -> list[object]:
    """Every object the view reaches, not going through a session, a module, a class or a function's globals."""
    seen: set[int] = set()
    found = []
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (WIRES, types.ModuleType, type)):
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, types.FunctionType):
            todo.extend(c.cell_contents for c in (obj.__closure__ or ()) if _filled(c))
            continue
        if isinstance(obj, types.MethodType):
            todo.append(obj.__self__)
            continue
        todo.extend(gc.get_referents(obj))
    return found


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def assert_view_holds_no_game(table) -> None:
    """The view holds no state, history or replay, and only cards its seat may see."""
    session = table.session
    state, seat = session.state, table.seat
    objects = reachable(table)
    kinds = {type(o).__name__ for o in objects if isinstance(o, (GameState, HistoryView, Replay, Chain, LogView))}
    assert not kinds, f"the view reaches {kinds}"
    cards = {o for o in objects if isinstance(o, Card)}
    allowed = cards_in(state.observation(seat)) | {c for e in state.history if e.visible(seat) for c in cards_in(e.values)}
    for sight in getattr(session, "_seen_before", ()):  # nothing: a session keeps no history of sights
        allowed |= sight
    leaked = cards - allowed
    assert not leaked, f"the view of seat {seat} holds {sorted(c.name for c in leaked)}"


def drive(table, rng: np.random.Generator, moves: int, *, undo_every: int = 0) -> int:
    """Click through a table: Continue on results, uncover in hot-seat, a random legal action."""
    done = 0
    for step in range(moves):
        seen = table.seen
        if seen.over:
            break
        if seen.covered:
            table._cover.click()
        elif seen.result is not None:
            table._continue.click()
        elif seen.my_turn:
            if seen.offers:
                table.play(table.session.state.observation(table.seat).legal_actions.sample(rng))
            else:  # parallel poker: the table builds its arrangement
                for card in list(seen.observation.hand):
                    table.put(card)
                table.lay_packets()
            done += 1
            if undo_every and step % undo_every == 0:
                table._undo.click()
        elif not table.step():
            table.refresh()
    return done


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("hotseat", [False, True])
def test_the_views_object_graph_holds_no_game_state_or_hidden_card(name, hotseat):
    rng = np.random.default_rng(5)
    table = play(name, seed=11, hotseat=hotseat, **SETTINGS[name])
    for _ in range(12):
        assert_view_holds_no_game(table)
        if drive(table, rng, 6, undo_every=3) == 0 and table.seen.over:
            break
    assert_view_holds_no_game(table)


@pytest.mark.parametrize("name", ["kontrabluff", "fight_for_the_lead"])
def test_a_rooms_view_holds_no_game_state_or_hidden_card(tmp_path, name):
    store = SQLiteStore(str(tmp_path / "class.db"))
    players = 2 if name == "kontrabluff" else 3
    room = store.create_room(name, SETTINGS[name], seed=4, seats=[None] + ["rule"] * (players - 1))
    table = room_table(SeatSession.join(store, f"room={room}&seat=0&token={store.tokens(room)[0]}"))
    rng = np.random.default_rng(1)
    for _ in range(8):
        table.poll()
        assert_view_holds_no_game(table)
        drive(table, rng, 3)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_result_shows_the_position_after_the_deciding_move(name):
    """The scene: the deciding move's cards have left the mover's hand, and the scores
    already count the result's points (KB-5, DP-8, PP-5, FL-8)."""
    results = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        session = TableSession(GAMES[name].game(**SETTINGS[name]), seed=seed, opponent="random")
        for _ in range(400):
            if session.state.is_terminal and session.result is None:
                break
            if session.result is not None:
                results += 1
                scene, seat = session.result.scene, session.seat
                last_player, last_action = session.state.actions[-1] if len(session.state.actions) else (None, None)
                assert scene.player == seat
                if session.result.results:  # the scene is the engine's position at the result: its newest event is it
                    assert scene.events[-1] == session.result.results[-1]
                    if last_player == seat and last_action.cards:
                        assert not set(last_action.cards) & set(scene.hand)  # the played cards left the hand
                else:  # a game that ends without a result kind (parallel poker's showings): the final position
                    assert session.state.is_terminal and scene.is_terminal
                if session.state.is_terminal:
                    break
                session.resume()
                continue
            if session.my_turn():
                session.play(session.state.observation(session.seat).legal_actions.sample(rng))
            else:
                assert session.step()
    assert results > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_undo_at_every_reveal_is_refused_and_before_one_gives_the_state_back(name):
    refused = restored = 0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        session = TableSession(GAMES[name].game(**SETTINGS[name]), seed=seed)
        for _ in range(300):
            if session.state.is_terminal:
                break
            if session.result is not None:  # a result was turned up: undo must refuse
                assert session.undo() is False and session.notice.name == "undo_turned_up"
                refused += 1
                session.resume()
                continue
            if not session.my_turn():
                session.step()
                continue
            before, start = session.state.clone(), len(session.state.history.records)
            session.play(session.state.observation(session.seat).legal_actions.sample(rng))
            seat, known = session.seat, frozenset(before.observation(session.seat).hand)
            records = session.state.history.records
            turned = any(reveals(records[i], seat, known) for i in range(start, len(records)))
            if turned:
                assert session.undo_refusal() is not None and session.undo() is False
                refused += 1
            elif rng.random() < 0.5:
                assert session.undo() is True
                assert session.state == before and session.state.to_json() == before.to_json()
                restored += 1
    assert refused > 0


def test_undo_costs_the_same_late_in_a_session():
    """An undo restores a kept copy: no replay of the session (counted in actions applied)."""
    session = TableSession(GAMES["draw_poker"].game(players=3, stack=10**6), seed=3, opponent="rule")
    rng = np.random.default_rng(0)
    while len(session.state.actions) < 600:
        if session.result is not None:
            session.resume()
        elif session.my_turn():
            session.play(session.state.observation(session.seat).legal_actions.sample(rng))
        else:
            session.step()
    applied = []
    original = type(session.state)._apply

    def counting(self, action, player):
        applied.append(action)
        return original(self, action, player)

    while True:  # a bet: nothing turned up
        if session.result is not None:
            session.resume()
            continue
        if session.my_turn():
            bets = [a for a in session.state.observation(session.seat).legal_actions if a.kind in {"open", "call"}]
            if bets:
                break
            session.play(session.state.observation(session.seat).legal_actions.sample(rng))
        else:
            session.step()
    session.play(bets[0])
    if session.undo_refusal() is None:
        type(session.state)._apply = counting
        try:
            assert session.undo()
        finally:
            type(session.state)._apply = original
        assert len(applied) < 20  # the bots' replies after the undo at most, never the 600 before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_result_before_the_end_never_says_the_game_is_over(name):
    """The scene of a result is taken mid-move (a hand's end may look terminal then): the
    status line says so only when the game is over (DP-4, KB-5, FL-7)."""
    settings = {**SETTINGS[name], "target": 300} if name == "kontrabluff" else SETTINGS[name]  # rounds before the end
    table = play(name, seed=2, opponent="rule", **settings)
    rng = np.random.default_rng(2)
    results = 0
    for _ in range(300):
        seen = table.seen
        if seen.over:
            assert "The game is over" in table._status.value or name == "parallel_poker"
            break
        if seen.result is not None:
            results += 1
            assert "The game is over" not in table._status.value and "Continue" in table._status.value
            table._continue.click()
        else:
            drive(table, rng, 1)
    assert results > 0 or name == "parallel_poker"


@pytest.mark.parametrize("seat", [0, 2])
def test_the_table_stops_on_the_fight_for_the_lead_and_undo_cannot_go_back_past_it(seat):
    """FL-4 is a result of its own: the table stays on the lead (the fight cards turned
    up by their seats) until Continue, and Undo refuses to take back a fight card."""
    session = TableSession(GAMES["fight_for_the_lead"].game(players=3, games=1), seat=seat, seed=5)
    rng = np.random.default_rng(5)
    for _ in range(10):  # every seat lays one fight card (FL-3): the lead follows at once
        if session.result is not None:
            break
        if session.my_turn():
            session.play(session.state.observation(seat).legal_actions.sample(rng))
        else:
            assert session.step()
    result = session.result
    assert result is not None and result.brief
    (lead,) = result.results
    assert lead.kind.startswith("lead_won") and lead.rule == "FL-4"
    shown = {zone.owner: zone.cards for zone in result.scene.zones if zone.kind == "fight"}
    assert shown == dict(zip(lead["seats"], ((card,) for card in lead["cards"])))  # turned up, by seat
    assert session.undo() is False and session.notice.name == "undo_turned_up"
    with pytest.raises(IllegalActionError, match="Continue"):
        session.play(Action("exchange"))  # the table stays on it until it is read
    session.resume()
    assert session.result is None and session.state.lead == lead["winner"]


def test_a_hint_is_exact_where_the_games_spec_declares_an_exact_hint():
    """Issue 35: draw poker's spec names its exact hint for the draw (DP-5); elsewhere the
    hint is the search's, sampled. No table of the sessions' is keyed by a game's name."""
    from cardlab.bots import RuleBot
    from cardlab.sessions.hints import draw_hint, hint

    assert GAMES["draw_poker"].exact_hint("draw") is draw_hint
    assert [(name, kind) for name, entry in GAMES.items() for kind in entry.spec.kinds if entry.exact_hint(kind)] == [
        ("draw_poker", "draw")]
    bot, methods = RuleBot(seed=2), {}
    for seed in range(20):  # until a hand reaches the draw
        state = GAMES["draw_poker"].game(players=3, hands=1).new_state(seed=seed)
        while not state.is_terminal and len(methods) < 2:
            observation = state.observation(state.current_player)
            if len(observation.legal_actions) > 1:
                methods.setdefault("draw" in observation.legal_actions.kinds(), hint(observation, seed=1).method)
            state.apply(bot(observation))
    assert methods == {True: "exact", False: "sampled"}
