"""No input can corrupt a game (EN-1 .. EN-6): every argument of every game's public
surface, every setting and every saved file is either taken exactly as its plain form
would be, or refused with a ValueError/TypeError that names it, leaving the state as it
was. Shared histories carry no face-down card (KB-7, DP-5, FL-3, PP-2).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cards import Card
from cardlab.engine import (
    FORMAT,
    MAX_ACTIONS,
    MAX_JSON_BYTES,
    Action,
    GameState,
    IllegalActionError,
    ReplayError,
    SeatError,
    SettingsError,
    cards_in,
)
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from tests.playout import played

GAMES = {
    "kontrabluff": Kontrabluff(target=100),
    "draw_poker": DrawPoker(players=3, hands=3),
    "fight_for_the_lead": FightForTheLead(players=3, games=3),
    "parallel_poker": ParallelPoker(games=2),
}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Values of every type a caller might pass by mistake (or on purpose).
nested = st.recursive(st.none() | st.integers(-3, 3) | st.text(max_size=2),
                      lambda inner: st.lists(inner, max_size=3) | st.tuples(inner) | st.dictionaries(st.text(max_size=2), inner, max_size=2),
                      max_leaves=5)
ANY = st.one_of(
    st.integers(-5, 8),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-5, 8).map(float),
    st.booleans(),
    st.integers(-5, 8).map(np.int64),
    st.integers(0, 8).map(np.uint8),
    st.integers(-5, 8).map(np.float64),
    st.booleans().map(np.bool_),
    st.text(max_size=4),
    st.integers(0, 4).map(str),
    st.none(),
    nested,
)


def plain_seat(value: object, players: int) -> int | None:
    """The seat ``value`` stands for if it is one (an exact int or numpy integer in range)."""
    if (type(value) is int or isinstance(value, np.integer)) and 0 <= value < players:
        return int(value)
    return None


def refused(call, argument: str) -> Exception:
    """Run ``call``, which must raise a ValueError or TypeError naming ``argument``."""
    try:
        call()
    except (ValueError, TypeError) as error:
        assert argument in str(error), f"the error does not name {argument!r}: {error}"
        return error
    raise AssertionError(f"{argument}: a bad value was accepted")


# -- seats (EN-4) and turns (EN-1, EN-2) ----------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
@FAST
@given(value=ANY, seed=st.integers(0, 50), moves=st.integers(0, 30))
def test_every_seat_argument_is_exact_or_refused_naming_it(name, value, seed, moves):
    game = GAMES[name]
    state = played(game, seed, moves)
    before, text = state.clone(), state.to_json()
    seat = plain_seat(value, game.num_players)
    action = None if state.is_terminal else state.legal_actions().sample(np.random.default_rng(seed))
    probe = action or Action("pass")
    calls = {
        "legal_actions": lambda p: list(state.legal_actions(p)) if len(state.legal_actions(p)) < 2000 else state.legal_actions(p),
        "observation": state.observation,
        "hidden_from": state.hidden_from,
        "log_for": state.log_for,
        "can_apply": lambda p: state.can_apply(probe, p),
    }
    for method, call in calls.items():
        if method == "can_apply" and seat is None and value is not None:  # it answers, never raises
            assert call(value) is False
        elif seat is None and not (value is None and method in ("legal_actions", "can_apply")):
            error = refused(lambda: call(value), "player must be a seat")
            assert isinstance(error, SeatError) and error.rule == "EN-4", (method, error)
            assert str(value)[:20] in str(error) or repr(value)[:20] in str(error)
        else:
            assert call(value) == call(seat), method
        assert state == before and state.to_json() == text, f"{method}({value!r}) changed the state"
    # check and apply_for: refused (any reason) without a change, or exactly as with the plain seat
    if seat is None:
        refused(lambda: state.apply_for(value, probe), "seat")
        assert state == before and state.to_json() == text
    elif action is not None:
        twin = state.clone()
        try:
            twin.apply_for(seat, action)
        except IllegalActionError as error:
            with pytest.raises(IllegalActionError, match=error.rule):
                state.apply_for(value, action)
            assert state == before and state.to_json() == text
        else:
            state.apply_for(value, action)
            assert type(state.actions[-1][0]) is int
            assert state == twin and state.to_json() == twin.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
@FAST
@given(value=ANY, seed=st.integers(0, 20))
def test_new_state_takes_exact_seeds_and_dealers(name, value, seed):
    game = GAMES[name]
    if (type(value) is int or isinstance(value, np.integer)) and 0 <= value < 2**128:
        state = game.new_state(seed=value, dealer=0)
        assert state.seed == int(value) and type(state.seed) is int
        assert state.to_json() == game.new_state(seed=int(value), dealer=0).to_json()
    elif value is None:  # a random seed, drawn and kept
        assert type(game.new_state(seed=None).seed) is int
    else:
        assert isinstance(refused(lambda: game.new_state(seed=value, dealer=0), "seed"), SettingsError)
    seat = plain_seat(value, game.num_players)
    if seat is not None:
        state = game.new_state(seed=seed, dealer=value)
        assert state == game.new_state(seed=seed, dealer=seat) and type(state.first_dealer) is int
    elif value is not None:
        assert isinstance(refused(lambda: game.new_state(seed=seed, dealer=value), "dealer"), SettingsError)


@pytest.mark.parametrize("name", sorted(GAMES))
@FAST
@given(value=ANY | st.lists(st.sampled_from(["Ah", "2c", "Ts", "x", 3]), max_size=4), seed=st.integers(0, 20))
def test_what_is_not_an_action_or_a_deck_is_refused_naming_it(name, value, seed):
    game = GAMES[name]
    state = played(game, seed, seed)
    before, text = state.clone(), state.to_json()
    if not state.is_terminal:
        seat = state.current_player
        for call in (lambda: state.apply(value), lambda: state.apply_for(seat, value), lambda: state.check(value, seat)):
            error = refused(call, "action must be a cardlab Action")
            assert isinstance(error, IllegalActionError) and error.rule == "EN-3"
        assert state.can_apply(value) is False
    assert state == before and state.to_json() == text
    if value is not None:  # None: no stacked deck
        refused(lambda: game.new_state(seed=seed, deck=value), "deck")


@FAST
@given(kind=ANY, cards=ANY | st.lists(st.sampled_from(["Ah", "2c", "Ts", "x", 3]), max_size=3), amount=ANY)
def test_an_action_is_well_formed_or_refused_naming_the_part(kind, cards, amount):
    try:
        action = Action(kind, cards, amount)
    except (ValueError, TypeError) as error:
        assert any(word in str(error) for word in ("kind", "card", "amount")), error
        return
    assert type(action.kind) is str and action.kind
    assert isinstance(action.cards, tuple) and all(isinstance(card, Card) for card in action.cards)
    assert action.amount is None or type(action.amount) is int
    assert Action.from_list(json.loads(json.dumps(action.to_list()))) == action


def test_engine_refusals_carry_engine_ids():
    state = Kontrabluff().new_state(seed=1, dealer=0)  # North, the non-dealer, leads (KB-2)
    action = state.legal_actions().sample(np.random.default_rng(0))
    with pytest.raises(IllegalActionError, match="^EN-1: it is North's turn, not South's"):
        state.apply_for(0, action)
    with pytest.raises(IllegalActionError, match="^EN-1: it is North's turn, not South's"):
        state.check(action, 0)
    assert not state.can_apply(action, 0) and state.can_apply(action, 1)
    with pytest.raises(IllegalActionError, match="^EN-3: action must be a cardlab Action, got 'hand_over'"):
        state.check("hand_over")
    with pytest.raises(SeatError, match=r"^EN-4: player must be a seat 0\.\.1, got 1\.0$"):
        state.apply_for(1.0, action)
    with pytest.raises(SeatError, match="got True"):
        state.check(action, True)
    assert state.can_apply(action, np.int64(1)) and not state.can_apply(action, True)  # answers, never raises
    over = played(Kontrabluff(target=20), 3, 10_000)
    assert over.is_terminal
    with pytest.raises(IllegalActionError, match="^EN-2"):
        over.check(Action("pass"), 0)


def test_numpy_seats_are_stored_as_ints():
    state = FightForTheLead(players=3).new_state(seed=2)
    seat = state.current_player
    state.apply_for(np.int64(seat), state.legal_actions(seat).sample(np.random.default_rng(1)))
    assert type(state.actions[-1][0]) is int
    assert json.loads(state.to_json())["actions"][-1][0] == seat


# -- settings (EN-6) ---------------------------------------------------------------------------


FIELDS = {cls: [f.name for f in dataclasses.fields(cls)] for cls in (Kontrabluff, DrawPoker, FightForTheLead, ParallelPoker)}


@pytest.mark.parametrize("cls", list(FIELDS), ids=lambda c: c.__name__)
@FAST
@given(value=ANY | st.sampled_from(["traditional", "32-card", 10**12, 10**12 + 1]), which=st.integers(0, 10))
def test_settings_are_exact_or_refused_naming_the_setting(cls, value, which):
    names = FIELDS[cls]
    name = names[which % len(names)]
    try:
        game = cls(**{name: value})
    except (ValueError, TypeError) as error:
        assert isinstance(error, SettingsError), error
        assert name in str(error) or (name == "players" and "players" in str(error)), f"{name}: {error}"
        return
    # accepted: the same game as with the plain value, every setting a plain value, and it saves
    plain = value
    if isinstance(value, np.integer):
        plain = int(value)
    assert type(value) is not float and not isinstance(value, np.floating)
    assert game == cls(**{name: plain})
    for field in names:
        assert type(getattr(game, field)) in (int, bool, str, type(None)), (field, getattr(game, field))
    state = game.new_state(seed=1)
    assert game.state_from_json(state.to_json()) == state


def test_a_bet_limit_above_the_bound_is_refused_and_a_billion_is_cheap():
    with pytest.raises(SettingsError, match=r"max_bet must be a whole number 1\.\.1000000000000, got 10000000000000"):
        DrawPoker(max_bet=10**13)
    with pytest.raises(SettingsError, match="max_bet"):
        DrawPoker(max_bet=10**30)
    state = DrawPoker(max_bet=10**9, stack=10**12).new_state(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(200):  # random play with a billion amounts on offer
        if state.is_terminal:
            break
        state.apply(state.legal_actions().sample(rng))
    assert state.chips() == 5 * 10**12


# -- hidden information in the shared history ------------------------------------------------


class _Watched(list):
    """A history that checks each event as it is logged against what each seat may know
    then; a card hidden from a seat that sees the event is a leak if it is still hidden
    once the move is over (an event may tell what the move itself turns up, FL-4)."""

    def __init__(self, state: GameState, items=()):
        super().__init__(items)
        self.state = state
        self.suspects: list[tuple[int, Card, str]] = []

    def append(self, record) -> None:
        kind, values, player, action, rule, seen = record
        state = self.state
        for seat in range(state.game.num_players):
            if seen is None or seat in seen:
                hidden = state.hidden_from(seat)
                for card in cards_in(action) & hidden:
                    self.suspects.append((seat, card, f"{rule} event {kind.name} (visible to {seen}) carries {card!r}"))
                for card in cards_in(values) & hidden:  # the record's own fields: read as data, not words
                    self.suspects.append((seat, card, f"{rule} event {kind.name} {values!r} (visible to {seen}) "
                                                      f"names {card!r}"))
        super().append(record)

    def confirm(self) -> None:
        """After a move: no suspect card may still be hidden from its seat."""
        state = self.state
        leaks = [why for seat, card, why in self.suspects if card in state.hidden_from(seat)]
        assert not leaks, leaks
        self.suspects.clear()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(12))
def test_no_event_shows_a_seat_a_card_hidden_from_it(name, seed):
    state = GAMES[name].new_state(seed=seed)
    for kind, values, player, action, rule, seen in state._records:  # the set-up's events
        if seen is None:
            assert not cards_in(action), (rule, kind.name)
    state._records = watched = _Watched(state, state._records)
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        if state.is_terminal:
            break
        state.apply(state.legal_actions().sample(rng))
        assert state._records is watched
        watched.confirm()
    assert state.is_terminal


def test_a_kontrabluff_low_round_keeps_its_face_down_cards_out_of_the_shared_history():
    state = Kontrabluff().new_state(seed=1, dealer=0)
    leader = state.current_player
    low = state.hands[leader][:5]
    state.apply(Action("low", low))
    answer = state.hands[1 - leader][:5]
    state.apply(Action("pass", answer))
    public = [e for e in state.history if e.visible_to is None]
    assert not cards_in(public) & (set(low) | set(answer))
    assert state.actions[-2:] == [(leader, Action("low", low)), (1 - leader, Action("pass", answer))]  # saved
    assert not cards_in(state.observation(1 - leader)) & set(low)


# -- saved games (EN-5) ----------------------------------------------------------------------


def saved(name: str, seed: int = 3, moves: int = 25) -> tuple[GameState, str]:
    state = played(GAMES[name], seed, moves)
    return state, state.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_saved_game_has_a_format_and_loads_to_the_same_state_and_json(name):
    state, text = saved(name)
    data = json.loads(text)
    assert data["format"] == FORMAT == "cardlab/1"
    loaded = GAMES[name].state_from_json(text)
    assert loaded == state and loaded.to_json() == text
    assert GAMES[name].state_from_json(text.encode()) == state


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.pop("format"), "no format field"),
        (lambda d: d.update(format="cardlab/2"), "its format 'cardlab/2' is not one this cardlab reads"),
        (lambda d: d.update(seed=None), "seed must be a whole number"),
        (lambda d: d.update(seed=3.0), "seed must be a whole number"),
        (lambda d: d.update(seed=True), "seed must be a whole number"),
        (lambda d: d.pop("seed"), "the field 'seed' is missing"),
        (lambda d: d.update(dealer=1.0), "dealer must be null or a seat"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d["actions"][0].__setitem__(0, True), "action 1: the seat must be 0..1, got True"),
        (lambda d: d["actions"][1].__setitem__(0, 1.0), "action 2: the seat must be 0..1, got 1.0"),
        (lambda d: d["actions"][2].__setitem__(1, ["lay", "Ah", None]), "action 3: an action's cards"),
        (lambda d: d["actions"].insert(0, d["actions"][0]), "action 2 .* is illegal"),
        (lambda d: d["settings"].update(target=100.0), "settings"),
        (lambda d: d.update(deck=["Ah"] * 52), "deck: "),
    ],
)
def test_a_bad_saved_game_is_a_replay_error_naming_the_field_or_action(change, words):
    data = json.loads(saved("kontrabluff")[1])
    change(data)
    with pytest.raises(ReplayError, match=words):
        GAMES["kontrabluff"].state_from_json(json.dumps(data))


def test_limits_are_checked_before_parsing(monkeypatch):
    from cardlab.engine import saving

    game = GAMES["kontrabluff"]
    with pytest.raises(ReplayError, match="nests 100001 levels deep"):
        game.state_from_json("[" * 100_001 + "]" * 100_001)
    with pytest.raises(ReplayError, match=f"more than the {MAX_JSON_BYTES} bytes"):
        game.state_from_json(" " * (MAX_JSON_BYTES + 1))
    with pytest.raises(ReplayError, match="not JSON"):
        game.state_from_json('{"format": "cardlab/1", "x": [1, 2')
    with pytest.raises(ReplayError, match="expected the text of a saved game, got int"):
        game.state_from_json(5)  # type: ignore[arg-type]
    # the action limit, scaled down (the real one is MAX_ACTIONS)
    monkeypatch.setattr(saving, "MAX_ACTIONS", 100)
    data = json.loads(saved("kontrabluff")[1])
    data["actions"] = [[0, ["pass", [], None]]] * 101
    with pytest.raises(ReplayError, match="holds 101 actions, more than the 100 a saved game may hold"):
        game.state_from_json(json.dumps(data))
    data["actions"] *= 2  # refused before parsing: more lists than 100 actions could hold
    with pytest.raises(ReplayError, match="holds 607 lists, more than a saved game of at most 100 actions"):
        game.state_from_json(json.dumps(data))
    assert MAX_ACTIONS >= 100_000 and MAX_JSON_BYTES >= 2**20  # room for long sessions


# Mutations of a saved game, applied at random places of its JSON tree.
JUNK = [None, True, False, 0, 1, -1, 2, 1.0, 1.5, 10**40, "", "x", "Ah", "cardlab/1", [], {}, [0, ["pass", [], None]],
        ["pass", [], None], ["lay", ["Ah"], None], ["open", [], 3]]


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, path + (index,))


def mutate(data, rng: random.Random):
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        nodes = list(_nodes(data))
        path, node = rng.choice(nodes[1:])
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = rng.choice(["drop", "change", "duplicate", "nest", "grow", "swap"])
        if op == "drop":
            del parent[key]
        elif op == "change":
            parent[key] = copy.deepcopy(rng.choice(JUNK))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
        elif op == "nest":
            parent[key] = [node] if rng.random() < 0.8 else {"x": node}
        elif op == "grow":
            if isinstance(node, list):
                node.append(copy.deepcopy(rng.choice(JUNK)))
            elif isinstance(node, dict):
                node[rng.choice(["x", "seed", "format", "0"])] = copy.deepcopy(rng.choice(JUNK))
            elif isinstance(node, int) and not isinstance(node, bool):
                parent[key] = node + rng.choice([1, -1, 52, 10**20])
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
    return data


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_mutated_saved_games_load_as_written_or_raise_a_replay_error(name, rng):
    game = GAMES[name]
    state, text = _SAVED[name]
    data = mutate(json.loads(text), rng)
    try:
        loaded = game.state_from_json(json.dumps(data))
    except ReplayError as error:
        assert str(error).startswith(f"EN-5: cannot load a {game.name} state from JSON: ") and error.rule == "EN-5"
        return
    # Accepted: the game the file says, exactly (never another one); unchanged files give the same state.
    assert canonical(json.loads(loaded.to_json())) == canonical(data)
    assert loaded == game.state_from_json(loaded.to_json())
    if canonical(data) == canonical(json.loads(text)):
        assert loaded == state


_SAVED = {name: saved(name, seed=5, moves=20) for name in GAMES}
