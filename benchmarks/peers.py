"""What every game benchmark shares: random-play throughput, the RLCard peer, a table printer.

Rates are per second of this process's CPU time (``time.process_time``), so other load
on a shared machine slows neither side's figure; ours and the peer's are interleaved and
the best of the rounds is kept for each.

The peer is RLCard's limit Texas hold'em (``pip install -e ".[bench]"``), measured two
ways: through ``env.run`` with its random agents (RLCard's own game loop) and through a
bare ``env.step`` loop choosing uniformly among the legal actions, as our loop does.
"""

from __future__ import annotations

import time
import warnings

import numpy as np

from cardlab.engine import Game, uniform_index


def rlcard_actions_per_second(seconds: float = 3.0, seed: int = 0, *, loop: str = "agents") -> float | None:
    """RLCard limit hold'em random play, actions per CPU second; None without RLCard.

    ``loop="agents"``: ``env.run`` with ``RandomAgent``s, every decision counted.
    ``loop="step"``: ``env.reset``/``env.step`` with a uniformly random legal action,
    drawn with :func:`cardlab.engine.uniform_index`, the very draw our legal-action views
    use (a third of ``rng.integers``' cost, so the peer's loop pays no more than ours).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import rlcard
            from rlcard.agents import RandomAgent
        except ImportError:
            return None
        env = rlcard.make("limit-holdem", config={"seed": seed})  # made before the clock starts
        rng = np.random.default_rng(seed)
        actions, start = 0, time.process_time()
        if loop == "agents":
            env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
        while time.process_time() - start < seconds:
            if loop == "agents":
                trajectories, _ = env.run(is_training=False)
                actions += sum((len(t) - 1) // 2 for t in trajectories)  # state, action, state, ...
            else:
                state, _ = env.reset()
                while not env.is_over():
                    legal = list(state["legal_actions"].keys())
                    state, _ = env.step(legal[uniform_index(rng, len(legal))])
                    actions += 1
        return actions / (time.process_time() - start)


def random_play_actions_per_second(game: Game, seconds: float = 3.0, seed: int = 0, *, observe: bool = False) -> float:
    """Whole games played with uniformly random legal actions: actions per CPU second.

    With ``observe`` each action is chosen from the acting seat's observation, as a
    bot or a table would; without, straight from ``state.legal_actions()``.

    The loop has the shape of the peer's ``loop="step"``: one generator chooses the
    actions of the whole run (RLCard's loop makes one for the run too), and each game
    is a new seeded state (RLCard's ``env.reset``).
    """
    rng = np.random.default_rng(seed)
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_terminal:
            legal = state.observation(state.current_player).legal_actions if observe else state.legal_actions()
            state.apply(legal.sample(rng))
            actions += 1
    return actions / (time.process_time() - start)


def throughput_rows(label: str, game: Game, description: str, quick: bool) -> list[dict]:
    """Rows for one game's random play against both RLCard loops, interleaved, best of rounds."""
    rounds, seconds = (2, 0.5) if quick else (5, 2.0)
    ours, observed, agents, stepped = [], [], [], []
    for _ in range(rounds):
        ours.append(random_play_actions_per_second(game, seconds))
        observed.append(random_play_actions_per_second(game, seconds, observe=True))
        agents.append(rlcard_actions_per_second(seconds, loop="agents"))
        stepped.append(rlcard_actions_per_second(seconds, loop="step"))
    best, best_observed = max(ours), max(observed)
    peer_agents = None if None in agents else max(agents)
    peer_step = None if None in stepped else max(stepped)

    def ratio(value: float, target: str = "2x") -> str:
        if peer_agents is None:
            return "rlcard not installed"
        return f"{value / peer_agents:.2f}x RLCard env.run, {value / peer_step:.2f}x RLCard env.step (target >= {target})"

    rows = [
        {"name": f"{label}_actions_per_second", "value": round(best), "unit": "actions/s",
         "note": f"{description}, random legal actions from state.legal_actions(); {ratio(best)}; best of {rounds}"},
        {"name": f"{label}_observed_actions_per_second", "value": round(best_observed), "unit": "actions/s",
         "note": f"the same, each action chosen from state.observation(seat); {ratio(best_observed, '1x')}"},
    ]
    if peer_agents is not None:
        rows += [
            {"name": "rlcard_limit_holdem_run_actions_per_second", "value": round(peer_agents), "unit": "actions/s",
             "note": "peer: RLCard limit hold'em, env.run with RandomAgents, same run, interleaved"},
            {"name": "rlcard_limit_holdem_step_actions_per_second", "value": round(peer_step), "unit": "actions/s",
             "note": "peer: RLCard limit hold'em, bare env.step loop with random legal actions (our loop's shape)"},
        ]
    return rows


def print_rows(rows: list[dict], indent: str = "") -> None:
    """Print benchmark rows (name, value, unit, note) as an aligned table."""
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{indent}{row['name']:<{width}}  {row['value']!s:>10} {row['unit']:<11} {row['note']}")
