"""Speed of Fight for the Lead (FL) on this machine.

- ``fight_for_the_lead_actions_per_second``: random play of 4-player sessions
  (``FightForTheLead(players=4)``: ante 4, fee 4, stacks of 100, 10 games at most):
  ``state.legal_actions().sample(rng)`` then ``state.apply``, new sessions until the
  time is up. Target: at least 2x the peer.
- ``fight_for_the_lead_observed_actions_per_second``: the same, each action chosen
  from ``state.observation(seat).legal_actions`` (what a bot sees: zones, the log ...).
- ``rlcard_limit_holdem_actions_per_second``: the peer, RLCard's limit hold'em with
  uniformly random legal actions, measured in the same run, interleaved with ours
  (best of the rounds for each, so that other load on the machine hurts both alike).

::

    python benchmarks/bench_fight_for_the_lead.py           # about 30 s
    python benchmarks/bench_fight_for_the_lead.py --quick
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from cardlab.games.fight_for_the_lead import FightForTheLead

GAME = FightForTheLead(players=4)


def fight_for_the_lead_actions_per_second(seconds: float, observed: bool = False) -> float:
    """Random legal actions per second over whole 4-player sessions."""
    rng = np.random.default_rng(0)
    actions, seed, start = 0, 0, time.perf_counter()
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
    return actions / (time.perf_counter() - start)


def rlcard_limit_holdem_actions_per_second(seconds: float = 3.0) -> float:
    """The peer: RLCard's limit hold'em, uniformly random legal actions, actions per second."""
    import rlcard

    env = rlcard.make("limit-holdem", config={"seed": 0})
    rng = np.random.default_rng(0)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            actions += 1
    return actions / (time.perf_counter() - start)


def _peer() -> Callable[[float], float] | None:
    try:
        from bench_games import rlcard_limit_holdem_actions_per_second as shared  # the lead's, when wired in
    except ImportError:
        shared = rlcard_limit_holdem_actions_per_second
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    return shared


def bench(quick: bool) -> list[dict]:
    """Rows (name, value, unit, note) for benchmarks/bench_games.py."""
    rounds, seconds = (2, 0.5) if quick else (5, 2.0)
    peer = _peer()
    ours, observed, theirs = [], [], []
    for _ in range(rounds):  # interleaved, best of the rounds
        ours.append(fight_for_the_lead_actions_per_second(seconds))
        observed.append(fight_for_the_lead_actions_per_second(seconds, observed=True))
        if peer is not None:
            theirs.append(peer(seconds))
    best, best_observed = max(ours), max(observed)
    rlcard = max(theirs) if theirs else None
    ratio = f"{best / rlcard:.2f}x RLCard (target >= 2x)" if rlcard else "rlcard not installed"
    return [
        {"name": "fight_for_the_lead_actions_per_second", "value": round(best), "unit": "actions/s",
         "note": f"4-player sessions, random legal actions from state.legal_actions(); {ratio}; best of {rounds}"},
        {"name": "fight_for_the_lead_observed_actions_per_second", "value": round(best_observed),
         "unit": "actions/s", "note": "the same, each action chosen from state.observation(seat)"
         + (f"; {best_observed / rlcard:.2f}x RLCard" if rlcard else "")},
        {"name": "rlcard_limit_holdem_actions_per_second", "value": None if rlcard is None else round(rlcard),
         "unit": "actions/s", "note": "peer: RLCard limit hold'em, random legal actions, same run, interleaved"},
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
