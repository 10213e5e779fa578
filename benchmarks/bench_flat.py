"""Costs that stay flat as a session grows (issue 20), one run.

1. Long sessions with an observation per action, as tables and bots play: the seat to
   act observes, draws a random legal action from its observation and plays it. CPU
   microseconds per action over the 1,000 actions after action 1,000 and after action
   100,000 (target ratio <= 1.5), played on clones of the session at those marks, best
   of 5 rounds taken in turn. Peer, measured in the same run: the same windows (50
   actions) when each observation's log is also copied whole (``tuple(obs.log)``), which
   is what every observation did before the logs were shared (issue 20's quadratic loop).
2. Replay of a 20,000-action draw-poker session: time and peak memory (tracemalloc) to
   open ``state.replay_view()``, the slider's time to jump to a position (random ones,
   the worst case being the last before a checkpoint), and what stays allocated after
   closing. Peer: every state kept, as the table did (``list(state.replay())``; its
   clones now share one history, so this is no longer the 2.9 GB of issue 20).
3. Reading ``state.history`` of the 100,000-action Kontrabluff match: the view, its
   last event, and one pass over every event (time and peak memory).

    PYTHONPATH=$PWD python benchmarks/bench_flat.py           # about 3-5 minutes
    PYTHONPATH=$PWD python benchmarks/bench_flat.py --quick   # 20,000-action sessions
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

import numpy as np

from cardlab.engine import Action
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker

WINDOW = 1_000  # actions timed before each mark (CPU time: the machine is shared)
PEER_WINDOW = 50  # the copying peer is slow late in a session: a shorter window

SESSIONS = {
    "Kontrabluff (target 10^9)": Kontrabluff(target=10**9),
    "draw poker (5 seats, deep stacks)": DrawPoker(players=5, stack=10**9),
    "parallel poker (60,000-game match)": ParallelPoker(games=60_000),
    "Fight for the Lead (4 seats, deep stacks)": FightForTheLead(stack=10**9, games=10**6),
}


STAY = Action("stay")  # Fight for the Lead's bots always stay (FL-10), so the session goes on


def step(state, rng, copy_log: bool = False) -> None:
    seat = state.current_player
    observation = state.observation(seat)
    if copy_log:
        tuple(observation.log)
    legal = observation.legal_actions
    state.apply_for(seat, STAY if STAY in legal else legal.sample(rng))


def window(saved, seed: int, actions: int, copy_log: bool = False) -> float:
    """Microseconds per action of ``actions`` observed actions played on from a clone of
    ``saved``. The clone's first moves take its own copy of the shared lists (once, as
    any clone that goes its own way): they are played before the clock starts, and a
    full collection then moves those copies to the old generation, where the session's
    own lists are (else the next young collection walks them once: ~100 ms at 100,000
    Kontrabluff actions, an artefact of timing on a clone)."""
    state, rng = saved.clone(), np.random.default_rng(seed)
    for _ in range(3 * state.game.num_players):
        step(state, rng)
    gc.collect()
    start = time.process_time()
    for _ in range(actions):
        step(state, rng, copy_log)
    return (time.process_time() - start) / actions * 1e6


def session_costs(game, marks: list[int], seed: int = 1, rounds: int = 5):
    """Microseconds per action after each mark (best of ``rounds``, the marks taken in
    turn so that the machine's load falls on all alike): shared logs, and the copying
    peer. Returns the costs and the session's state at the last mark."""
    state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
    saved = {}
    for mark in marks:
        while len(state.actions) < mark:
            step(state, rng)
        saved[mark] = state.clone()
    ours = {mark: float("inf") for mark in marks}
    peer = dict(ours)
    for r in range(rounds):
        for mark in marks:
            ours[mark] = min(ours[mark], window(saved[mark], r, WINDOW))
            peer[mark] = min(peer[mark], window(saved[mark], r, PEER_WINDOW, copy_log=True))
    return {mark: (ours[mark], peer[mark]) for mark in marks}, state


def draw_poker_session(actions: int, seed: int = 2):
    state, rng = DrawPoker(players=5, stack=10**9).new_state(seed=seed), np.random.default_rng(seed)
    while len(state.actions) < actions:
        state.apply(state.legal_actions().sample(rng))
    return state


def peak_mb(make) -> tuple[float, float]:
    """Seconds of ``make()`` (untraced), then its peak MB under tracemalloc (a second run)."""
    gc.collect()
    start = time.process_time()
    made = make()
    seconds = time.process_time() - start
    del made
    gc.collect()
    tracemalloc.start()
    made = make()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del made
    return seconds, peak / 2**20


def history_costs(state) -> tuple[float, float]:
    def read():
        history = state.history
        last = history[-1]
        count = sum(1 for _ in history)
        return last, count
    return peak_mb(read)


def replay_costs(actions: int, jumps: int = 200) -> dict[str, float]:
    state = draw_poker_session(actions)
    state.log_for(0)  # a table has shown its seat's log
    seat = 0
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    start = time.process_time()
    replay = state.replay_view()
    opened = time.process_time() - start
    rng = np.random.default_rng(3)
    positions = [int(p) for p in rng.integers(len(replay), size=jumps)]
    far = len(replay) // replay.every * replay.every - 1  # the most actions past a checkpoint
    positions.append(far if far < len(replay) - 1 else far - replay.every)
    times = []
    for position in positions:
        start = time.process_time()
        replay[position].observation(seat)
        times.append(time.process_time() - start)
    peak = tracemalloc.get_traced_memory()[1] - before
    del replay
    gc.collect()
    left = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    # the open time without tracemalloc's overhead
    start = time.process_time()
    state.replay_view()
    opened_plain = time.process_time() - start
    listed_s, listed_mb = peak_mb(lambda: list(state.replay()))
    return {"actions": len(state.actions), "open_s": opened_plain, "open_traced_s": opened,
            "listed_s": listed_s, "listed_mb": listed_mb,
            "peak_mb": peak / 2**20, "left_mb": left / 2**20,
            "jump_mean_ms": 1e3 * float(np.mean(times)), "jump_max_ms": 1e3 * max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sessions of 20,000 actions")
    parser.add_argument("--only", help="run only sessions whose name contains this")
    args = parser.parse_args()
    last = 20_000 if args.quick else 100_000
    marks = [1_000, last]
    kontrabluff = None
    print(f"1. an observation per action: CPU us per action over {WINDOW} actions after each mark, best of 5 "
          f"(peer: + a whole-log copy per observation, {PEER_WINDOW} actions)")
    print(f"{'session':44} {'at 1,000':>9} {'at ' + format(last, ','):>11} {'ratio':>6}"
          f" {'peer 1,000':>11} {'peer ' + format(last, ','):>13} {'peer ratio':>10}")
    for name, game in SESSIONS.items():
        if args.only and args.only not in name:
            continue
        start = time.process_time()
        costs, state = session_costs(game, marks)
        if name.startswith("Kontrabluff"):
            kontrabluff = state
        (a, pa), (b, pb) = costs[marks[0]], costs[marks[1]]
        print(f"{name:44} {a:9.1f} {b:11.1f} {b / a:6.2f} {pa:11.1f} {pb:13.1f} {pb / pa:10.1f}"
              f"   ({time.process_time() - start:.0f} s)", flush=True)
    size = 5_000 if args.quick else 20_000
    print(f"\n2. replay of a {size:,}-action draw-poker session (5 seats; checkpoint every 64 actions)")
    r = replay_costs(size)
    print(f"open {r['open_s']:.2f} s (under tracemalloc {r['open_traced_s']:.2f} s); peak {r['peak_mb']:.1f} MB "
          f"while open and jumping; jump + observation mean {r['jump_mean_ms']:.1f} ms, max {r['jump_max_ms']:.1f} ms; "
          f"left allocated after closing {r['left_mb']:.2f} MB")
    print(f"peer: every state kept (list(state.replay())): {r['listed_s']:.2f} s, peak {r['listed_mb']:.1f} MB")
    if kontrabluff is not None:
        seconds, mb = history_costs(kontrabluff)
        print(f"\n3. state.history of the {len(kontrabluff.actions):,}-action Kontrabluff match "
              f"({len(kontrabluff.history):,} events): view, last event and one pass over all "
              f"{seconds:.2f} s, peak {mb:.2f} MB")


if __name__ == "__main__":
    main()
