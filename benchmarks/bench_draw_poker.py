"""Speed of Polish five-card draw (DP) on this machine.

- ``draw_poker_actions_per_second``: random play of 5-player sessions
  (``DrawPoker(players=5)``: 52 cards, ante 1, max bet 10, stacks of 100, until one
  player is left): ``state.legal_actions().sample(rng)`` then ``state.apply``, new
  sessions until the time is up. Target: at least 2x the peer.
- ``draw_poker_observed_actions_per_second``: the same, but each action is chosen from
  ``state.observation(seat).legal_actions`` (what a bot sees: zones, the seat's log ...).
- ``rlcard_limit_holdem_actions_per_second``: the peer, RLCard's limit hold'em with
  uniformly random legal actions, measured in the same run, interleaved with ours
  (best of the rounds for each, so that other load on the machine hurts both alike).
  Rates are per second of this process's CPU time (``time.process_time``): the machine
  is shared, and wall-clock rates there measure the neighbours.
- ``draw_poker_best_discard_ms``: :func:`cardlab.analysis.draw_odds.best_discard` for
  one hand: all 32 discards with exact odds (target < 50 ms).

::

    python benchmarks/bench_draw_poker.py           # about 30 s
    python benchmarks/bench_draw_poker.py --quick
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab.analysis.draw_odds import best_discard
from cardlab.cards import shuffled_deck
from cardlab.games.draw_poker import DrawPoker
from cardlab.hands import HandRules

GAME = DrawPoker(players=5)


def draw_poker_actions_per_second(seconds: float, observed: bool = False) -> float:
    """Random legal actions per second over whole 5-player sessions."""
    rng = np.random.default_rng(0)
    actions, seed, start, cpu = 0, 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = GAME.new_state(seed=seed)
        seed += 1
        while not state.is_terminal:
            if observed:
                action = state.observation(state.current_player).legal_actions.sample(rng)
            else:
                action = state.legal_actions().sample(rng)
            state.apply(action)
            actions += 1
    return actions / (time.process_time() - cpu)


def rlcard_limit_holdem_actions_per_second(seconds: float = 3.0) -> float:
    """The peer: RLCard's limit hold'em, uniformly random legal actions, actions per second."""
    import rlcard

    env = rlcard.make("limit-holdem", config={"seed": 0})  # made before the clock starts
    rng = np.random.default_rng(0)
    actions, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            actions += 1
    return actions / (time.process_time() - cpu)


def _peer() -> object | None:
    try:
        from bench_games import rlcard_limit_holdem_actions_per_second as shared  # the lead's, when wired in
    except ImportError:
        shared = rlcard_limit_holdem_actions_per_second
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    return shared


def best_discard_ms(hands: int) -> tuple[float, float]:
    """Mean and worst milliseconds of ``best_discard`` over random 52-card hands."""
    rules = HandRules(52)
    best_discard(shuffled_deck(52, 0)[:5], rules)  # build the multiset tables once
    times = []
    for seed in range(1, hands + 1):
        hand = shuffled_deck(52, seed)[:5]
        start = time.process_time()
        best_discard(hand, rules, "expected")
        times.append((time.process_time() - start) * 1000)
    return float(np.mean(times)), float(np.max(times))


def bench(quick: bool) -> list[dict]:
    """Rows (name, value, unit, note) for benchmarks/bench_games.py."""
    rounds, seconds = (2, 0.5) if quick else (5, 2.0)
    peer = _peer()
    ours, observed, theirs, stepped = [], [], [], []
    for _ in range(rounds):  # interleaved, best of the rounds
        ours.append(draw_poker_actions_per_second(seconds))
        observed.append(draw_poker_actions_per_second(seconds, observed=True))
        if peer is not None:
            theirs.append(peer(seconds))
            if peer is not rlcard_limit_holdem_actions_per_second:
                stepped.append(rlcard_limit_holdem_actions_per_second(seconds))
    best, best_observed = max(ours), max(observed)
    rlcard = max(theirs) if theirs else None
    ratio = f"{best / rlcard:.2f}x RLCard (target >= 2x)" if rlcard else "rlcard not installed"
    mean_ms, worst_ms = best_discard_ms(20 if quick else 200)
    step_row = []
    if stepped:  # the shared peer runs env.run with RandomAgents; a bare env.step loop is faster
        step_row = [{"name": "rlcard_limit_holdem_step_actions_per_second", "value": round(max(stepped)),
                     "unit": "actions/s", "note": f"RLCard env.step loop as ours (no agents, no trajectories); "
                     f"draw poker is {best / max(stepped):.2f}x this"}]
    return [
        {"name": "draw_poker_actions_per_second", "value": round(best), "unit": "actions/s",
         "note": f"5-player sessions, random legal actions from state.legal_actions(); {ratio}; best of {rounds}"},
        {"name": "draw_poker_observed_actions_per_second", "value": round(best_observed), "unit": "actions/s",
         "note": "the same, each action chosen from state.observation(seat)"
         + (f"; {best_observed / rlcard:.2f}x RLCard" if rlcard else "")},
        {"name": "rlcard_limit_holdem_actions_per_second", "value": None if rlcard is None else round(rlcard),
         "unit": "actions/s", "note": "peer: RLCard limit hold'em, random legal actions, same run, interleaved"},
        *step_row,
        {"name": "draw_poker_best_discard_ms", "value": round(mean_ms, 1), "unit": "ms/hand",
         "note": f"best_discard over all 32 discards with exact odds, 52 cards; worst {worst_ms:.1f} ms (target < 50 ms)"},
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings")
    args = parser.parse_args()
    rows = bench(args.quick)
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{row['name']:<{width}}  {row['value']!s:>10} {row['unit']:<10} {row['note']}")


if __name__ == "__main__":
    main()
