"""Costs that stay flat as a session grows (issue 20): counted, not timed.

- An observation's log is a view over the state's own lines, which grow in place: no
  observation copies the log (the same list object from the first action to the last),
  and over a whole session each seat's lines are made once (lines made <= lines seen).
- Clones share the history, the actions and the lines (cardlab.chain), and a clone that
  goes its own way never changes the other.
- ``state.history`` is a lazy view: reading its last event makes one Event.
- Replay (``state.replay_view()``) rebuilds any state from checkpoints: exactly the
  states of the game, in memory proportional to one state (tracemalloc: 5,000 actions
  against 500, per state's size, at most 2x), and closing frees it.
- ``simulate`` makes each batch's seed when the batch is handed out: the same seeds.
"""

from __future__ import annotations

import gc
import tracemalloc
import weakref

import numpy as np
import pytest

from cardlab.analysis.simulate import BatchSeeds, batch_seeds, simulate
from cardlab.chain import Chain, LogView
from cardlab.engine import Action, Event, GameState, HistoryView, Replay
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker

STAY = Action("stay")
# Actions per test session: parallel poker's arranging is slow to draw, so fewer there.
ACTIONS = {"kontrabluff": 3000, "draw_poker": 3000, "parallel_poker": 600, "fight_for_the_lead": 3000}

# Sessions that last as long as we like: huge targets, deep stacks, many games.
LONG = {
    "kontrabluff": Kontrabluff(target=10**9),
    "draw_poker": DrawPoker(players=4, stack=10**9),
    "parallel_poker": ParallelPoker(games=10**5),
    "fight_for_the_lead": FightForTheLead(players=3, stack=10**9, games=10**5),
}


def step(state: GameState, rng: np.random.Generator):
    """The seat to act observes and plays a random legal action (always staying, FL-10)."""
    seat = state.current_player
    observation = state.observation(seat)
    legal = observation.legal_actions
    state.apply_for(seat, STAY if STAY in legal else legal.sample(rng))
    return seat, observation


def session(game, actions: int, seed: int = 1) -> GameState:
    state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
    while len(state.actions) < actions:
        step(state, rng)
    return state


def rebuilt(state: GameState, actions: int) -> GameState:
    """The state after the first ``actions`` actions, replayed from scratch."""
    fresh = state.game.new_state(seed=state.seed, dealer=state.first_dealer, deck=state.stacked)
    for player, action in state.actions[:actions]:
        fresh.apply_for(player, action)
    return fresh


# -- the log view ------------------------------------------------------------------------
def test_a_log_view_reads_like_the_tuple_it_replaced():
    lines = ["a", "b", "c", "d"]
    view = LogView(lines, 3)
    assert len(view) == 3 and list(view) == ["a", "b", "c"] and tuple(view) == ("a", "b", "c")
    assert view[0] == "a" and view[-1] == "c" and view[1:] == ("b", "c") and view[-5:] == ("a", "b", "c")
    assert view == ("a", "b", "c") and ("a", "b", "c") == view and view != ("a", "b") and view != ("a", "b", "d")
    assert view == ["a", "b", "c"] and view == LogView(["a", "b", "c"])
    assert hash(view) == hash(("a", "b", "c")) and "b" in view and "d" not in view
    assert view.latest(2) == ("b", "c") and view.latest(10) == ("a", "b", "c") and view.latest(0) == ()
    assert list(reversed(view)) == ["c", "b", "a"]
    with pytest.raises(IndexError):
        view[3]  # beyond the fence, although the list holds it


def test_chains_that_share_a_list_never_see_each_others_appends():
    a = Chain([1, 2, 3])
    b = a.copy()
    assert b.shares(a)  # a copy copies nothing
    a.append(4)
    assert a.shares(b)  # the first to go on appends in place
    b.append(5)  # the other takes its own prefix once
    assert not b.shares(a) and a == [1, 2, 3, 4] and b == [1, 2, 3, 5]
    view = a.view()
    a.extend([6, 7])
    assert view == (1, 2, 3, 4) and a[4:] == [6, 7]


# -- observations -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", LONG)
def test_observations_share_the_seat_log_instead_of_copying_it(name):
    """Over a session of 3,000 actions (600 in parallel poker) with an observation per
    action, each seat's log is one list that only grows: every observation's log reads
    that list (never a copy), and the lines made in all come to the lines of the final
    logs (each made once), where a copy per observation would have copied about
    3,000 x 3,000 / 2 lines."""
    state, rng = LONG[name].new_state(seed=2), np.random.default_rng(2)
    first: dict[int, LogView] = {}
    first_events: dict[int, LogView] = {}
    made = {"lines": 0}
    extend = Chain.extend

    def counting_extend(chain, new):
        new = list(new)
        made["lines"] += len(new)
        extend(chain, new)

    Chain.extend = counting_extend
    try:
        while len(state.actions) < ACTIONS[name]:
            seat, observation = step(state, rng)
            first.setdefault(seat, observation.log)
            first_events.setdefault(seat, observation.events.records)
            assert observation.log.shares(first[seat]), "an observation's log was copied"
            assert observation.events.records.shares(first_events[seat]), "an observation's events were copied"
    finally:
        Chain.extend = extend
    seats = state.game.num_players
    records = len(state._records)
    logs = sum(len(state.log_for(seat)) for seat in range(seats))
    events = sum(len(state.events_for(seat)) for seat in range(seats))
    # words made once per record (shared by every seat) plus each seat's lines and records, once each
    assert made["lines"] <= records + logs + events
    assert events == logs  # a line per record the seat may see
    assert logs <= seats * records
    for seat, log in first.items():
        assert state.log_for(seat).shares(log) and len(state.log_for(seat)) > len(log)


def test_parallel_poker_observations_share_the_showings():
    state, rng = LONG["parallel_poker"].new_state(seed=3), np.random.default_rng(3)
    views = []
    while state.round_index < 40:
        views.append(step(state, rng)[1].showings)
    now = state.observation(0).showings
    assert len(now) == 5 * 40 and all(view.shares(now) for view in views)
    assert list(now) == list(state.showings) and views[0] == () and views[-1] == now[:len(views[-1])]


@pytest.mark.parametrize("name", LONG)
def test_a_state_appends_in_place_over_a_whole_session(name):
    """apply never copies the history or the actions: the lists a state starts with are
    the lists it ends with (a copy would be a new list)."""
    state, rng = LONG[name].new_state(seed=4), np.random.default_rng(4)
    records, actions = state._records._items, state.actions._items
    while len(state.actions) < ACTIONS[name]:
        step(state, rng)
    assert state._records._items is records and state.actions._items is actions
    assert state == rebuilt(state, ACTIONS[name])


# -- clones and history ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", LONG)
def test_clones_share_the_history_and_diverge_safely(name):
    state = session(LONG[name], ACTIONS[name] // 5, seed=5)
    lines = {seat: state.log_for(seat) for seat in range(state.game.num_players)}
    copy = state.clone()
    assert copy == state
    assert copy._records.shares(state._records) and copy.actions.shares(state.actions)
    assert all(copy.log_for(seat).shares(lines[seat]) for seat in lines)
    # both go on, each its own way: neither sees the other's moves
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(2)
    for _ in range(40):
        step(state, rng_a)
        step(copy, rng_b)
    for played in (state, copy):
        again = rebuilt(played, len(played.actions))
        assert played == again and played.history == again.history
        assert all(played.log_for(seat) == again.log_for(seat) for seat in lines)
    assert lines[0] == rebuilt(state, ACTIONS[name] // 5).log_for(0)  # an old view is unchanged


def test_history_is_a_lazy_view_of_events():
    state = session(LONG["kontrabluff"], 5000, seed=6)
    history = state.history
    assert isinstance(history, HistoryView) and len(history) == len(state._records) > 5000
    made = {"events": 0}
    init = Event.__init__

    def counting_init(self, *args, **kwargs):
        made["events"] += 1
        init(self, *args, **kwargs)

    Event.__init__ = counting_init
    try:
        last = state.history[-1]
        assert made["events"] == 1  # one Event made, not one per record
        assert history[-3:] == list(history)[-3:] and isinstance(last, Event)
    finally:
        Event.__init__ = init
    events = list(history)
    assert history == events and events == history and history == rebuilt(state, 5000).history
    assert history != events[:-1]


# -- replay -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", LONG)
def test_replay_gives_exactly_the_states_of_the_game(name):
    state = session(LONG[name], 150, seed=7)
    replay = state.replay_view(every=16)
    assert len(replay) == 151
    listed = list(state.replay())
    for position in range(len(replay)):  # every position, each checked against the generator's
        shown = replay[position]
        assert shown == listed[position] and len(shown.actions) == position
        for seat in range(state.game.num_players):
            assert shown.observation(seat).log == listed[position].log_for(seat)
    assert replay[-1] == state and replay[150].history == state.history
    with pytest.raises(IndexError):
        replay[152]


def test_a_replayed_state_plays_on_without_touching_the_replay():
    state = session(LONG["draw_poker"], 300, seed=8)
    replay = state.replay_view(every=32)
    shown = replay[100]
    rng = np.random.default_rng(0)
    for _ in range(20):
        step(shown, rng)
    assert replay[100] == rebuilt(state, 100) and replay[120] == rebuilt(state, 120)
    assert replay[300] == state


def _replay_peak(state: GameState) -> int:
    """Peak bytes of opening a replay and jumping to 20 positions (with an observation)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    replay = state.replay_view()
    for position in np.linspace(0, len(replay) - 1, 20).astype(int):
        replay[int(position)].observation(0)
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return peak


def _state_size(state: GameState) -> int:
    """Bytes of one state with its history and every seat's log (loaded from JSON)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    loaded = state.game.state_from_json(state.to_json())
    for seat in range(state.game.num_players):
        loaded.log_for(seat)
    size = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del loaded
    return size


def test_replay_memory_is_proportional_to_one_state():
    """A replay of 5,000 actions costs, per byte of the state it replays, at most twice
    what a replay of 500 does (keeping every state's own history costs ~10x more)."""
    game = DrawPoker(players=5, stack=10**9)
    short, long = session(game, 500, seed=9), session(game, 5000, seed=9)
    ratios = {len(s.actions): _replay_peak(s) / _state_size(s) for s in (short, long)}
    assert ratios[5000] <= 2 * ratios[500], ratios


def test_closing_a_replay_frees_what_it_used():
    state = session(LONG["draw_poker"], 2000, seed=10)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    replay = state.replay_view()
    shown = replay[1234]
    shown.observation(1)
    checkpoint = weakref.ref(replay._checkpoints[3])
    used = tracemalloc.get_traced_memory()[0] - before
    del replay, shown
    gc.collect()
    left = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert checkpoint() is None and used > 100_000 and left < used / 50, (used, left)


def test_a_table_replays_from_checkpoints_and_frees_them_on_closing():
    from cardlab.sessions import detached
    from cardlab.widgets import DrawPokerTable

    table = DrawPokerTable(seed=1, players=3, stack=10**9, hands=60)
    state, rng = table.session.state, np.random.default_rng(1)
    while not state.is_terminal:
        state.apply(state.legal_actions().sample(rng))
    table._refresh()
    table._replay.click()
    assert isinstance(table.session.replay, Replay) and table._replay_slider.max == len(state.actions)
    for position in (len(state.actions) // 3, 5, len(state.actions)):
        table._replay_slider.value = position
        assert table.observation() == detached(rebuilt(state, position).observation(table.seat), listed=0)
    replay = weakref.ref(table.session.replay)
    table._replay.click()
    gc.collect()
    assert table.session.replay is None and replay() is None


# -- simulate ------------------------------------------------------------------------------------
def test_batch_seeds_are_made_when_asked_and_equal_spawned_ones():
    root = np.random.SeedSequence(11)
    seeds = batch_seeds(root, 50)
    assert isinstance(seeds, BatchSeeds) and root.n_children_spawned == 0  # none made yet
    spawned = np.random.SeedSequence(11).spawn(50)
    for mine, theirs in zip(seeds, spawned):
        assert mine.spawn_key == theirs.spawn_key and mine.entropy == theirs.entropy
        assert (mine.generate_state(8) == theirs.generate_state(8)).all()
    assert root.n_children_spawned == 50  # as spawn(50) leaves it
    assert seeds[-1].spawn_key == (49,) and seeds[3:5][1].spawn_key == (4,)
    gc.collect()
    tracemalloc.start()
    many = batch_seeds(7, 200_000)
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(many) == 200_000 and size < 10_000  # no list of 200,000 seeds


def test_simulate_gives_the_same_numbers_as_with_spawned_seeds():
    def die(rng):
        return {"face": float(rng.integers(1, 7))}

    table = simulate(die, 1000, seed=12, batch_size=7, executor="serial", progress=False)
    faces = [float(rng.integers(1, 7))
             for child, size in zip(np.random.SeedSequence(12).spawn(143), [7] * 142 + [6])
             for rng in [np.random.default_rng(child)] for _ in range(size)]
    assert int(table.loc["face", "n"]) == 1000 == len(faces)
    assert table.loc["face", "mean"] == pytest.approx(np.mean(faces), abs=1e-12)
    # a SeedSequence given twice is spawned on, as before: the second run differs
    root = np.random.SeedSequence(13)
    first = simulate(die, 100, seed=root, executor="serial", progress=False)
    second = simulate(die, 100, seed=root, executor="serial", progress=False)
    assert root.n_children_spawned == 2 * first.attrs["batches"]
    assert first.loc["face", "mean"] != second.loc["face", "mean"]
