"""The cost of the OpenSpiel and PettingZoo adapters against cardlab's own loops (issue 18).

    PYTHONPATH=$PWD python benchmarks/bench_interop.py

Random play of each game, the same settings, in one run:

* cardlab's random loop (legal view, ``sample``, ``apply_for``), against OpenSpiel with
  explicit chance (a chance node per card shuffled; a random legal click each step) and
  with ``chance="sampled"`` (no chance node: the game's seed shuffles every deck, as in
  cardlab's loop);
* cardlab's bot loop (``state.observation(seat)`` to a ``RandomBot`` each action, the
  loop of every cardlab bot), against PettingZoo (``observe`` each step, a random id
  from its action mask): both look at the seat's view before each move.

Speeds are cardlab actions per CPU second (a five-card low counts once, however many
clicks it takes); a ratio is cardlab's loop / the adapter (target: at most 2); steps are
OpenSpiel's steps (chance nodes and clicks) per cardlab action. A step's own cost is
set against OpenSpiel's Python Kuhn poker (``python_kuhn_poker``, shipped with
OpenSpiel, measured in the same run): what a step of a Python game with next to no rules
of its own costs through pyspiel. Last, ISMCTS's time per decision at the notebook's settings.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from cardlab.bots import RandomBot
from cardlab.engine import uniform_index
from cardlab.interop import openspiel as cos
from cardlab.interop.pettingzoo import env_for

SETTINGS = {"kontrabluff": {"target": 30}, "draw_poker": {"players": 2, "hands": 1}, "parallel_poker": {},
            "fight_for_the_lead": {"players": 2, "games": 1}}


def native(name: str, seconds: float, observe: bool = False) -> float:
    """cardlab's own loop: a random legal action (``observe``: a ``RandomBot`` given the
    seat's observation, the bot loop) applied, game after game; actions per CPU second."""
    settings = cos.GAMES[name][0](**SETTINGS[name])
    rng = np.random.default_rng(0)
    bot = RandomBot(seed=0)
    actions, start, seed = 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        state = settings.new_state(seed=seed)
        seed += 1
        while not state.is_terminal:
            seat = state.current_player
            if observe:
                state.apply_for(seat, bot(state.observation(seat)))
            else:
                state.apply_for(seat, state.legal_actions(seat).sample(rng))
        actions += len(state.actions)
    return actions / (time.process_time() - start)


def random_step(state, rng: np.random.Generator) -> None:
    """One OpenSpiel step: a chance outcome, a joint move or a move, uniformly at random
    with the very draw cardlab's own loop makes (``engine.uniform_index``), so neither
    side pays more for its dice."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[uniform_index(rng, len(outcomes))][0])
    elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        joint = [state.legal_actions(p) for p in range(2)]
        state.apply_actions([legal[uniform_index(rng, len(legal))] if legal else 0 for legal in joint])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[uniform_index(rng, len(legal))])


def openspiel(name: str, seconds: float, chance: str = "explicit") -> float:
    game = cos.load(name, chance=chance, **SETTINGS[name])
    rng = np.random.default_rng(0)
    actions, steps, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            steps += 1
            random_step(state, rng)
        actions += len(state.cardlab_state.actions)
    spent = time.process_time() - start
    STEPS[name, chance] = steps / actions
    STEP_US[name, chance] = 1e6 * spent / steps
    return actions / spent


STEPS: dict[tuple[str, str], float] = {}  # OpenSpiel steps (chance nodes and clicks) per cardlab action
STEP_US: dict[tuple[str, str], float] = {}  # CPU microseconds per OpenSpiel step


def kuhn_step_us(seconds: float, name: str = "python_kuhn_poker") -> float:
    """CPU microseconds per step of random play of one of OpenSpiel's own games (its
    Python Kuhn poker: the least a Python game's step costs through pyspiel)."""
    importlib.import_module("open_spiel.python.games.kuhn_poker")  # registers python_kuhn_poker

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            steps += 1
            random_step(state, rng)
    return 1e6 * (time.process_time() - start) / steps


def _pettingzoo_loop(env, seconds: float, actions_in_game: Callable[[Any], int] | None = None) -> tuple[int, float]:
    """Random play through an AEC environment (``observe`` each step, a random id of its
    mask), game after game: the actions played (``actions_in_game(env)`` at each game's
    end, else the agents' steps) and the CPU seconds spent."""
    rng = np.random.default_rng(0)
    actions, start, seed = 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        steps = 0
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            legal = np.flatnonzero(env.observe(agent)["action_mask"])
            env.step(int(legal[uniform_index(rng, len(legal))]))
            steps += 1
        actions += steps if actions_in_game is None else actions_in_game(env)
    return actions, time.process_time() - start


def pettingzoo(name: str, seconds: float) -> float:
    """Our environment: cardlab actions per CPU second (``env.state`` is the cardlab state)."""
    actions, spent = _pettingzoo_loop(env_for(name, **SETTINGS[name]), seconds, lambda env: len(env.state.actions))
    return actions / spent


def pettingzoo_peer(seconds: float) -> tuple[float, float] | None:
    """The field's own bridge, measured the same way: PettingZoo's ``texas_holdem_v4`` (RLCard's
    limit hold'em as an AEC environment) and RLCard's own ``env.step`` loop, actions per
    CPU second; None without them (``pip install -e ".[bench]"``)."""
    import warnings

    from peers import rlcard_actions_per_second

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            from pettingzoo.classic import texas_holdem_v4
        except ImportError:  # RLCard, or pygame (PettingZoo's classic games import it)
            return None
        native_rate = rlcard_actions_per_second(seconds, loop="step")
        steps, spent = _pettingzoo_loop(texas_holdem_v4.env(), seconds)
    return native_rate, steps / spent


def ismcts_seconds(name: str, settings: dict, decisions: int = 20, simulations: int = 20) -> float:
    game = cos.load(name, **settings)
    bot = cos.ismcts_bot(game, simulations=simulations, seed=0)
    rng = np.random.default_rng(0)
    times: list[float] = []
    while len(times) < decisions:
        state = game.new_initial_state()
        while not state.is_terminal() and len(times) < decisions:
            if state.is_chance_node():
                random_step(state, rng)
            else:
                start = time.perf_counter()
                state.apply_action(bot.step(state))
                times.append(time.perf_counter() - start)
    return float(np.median(times))


def tensor_ms(name: str, games: int = 3) -> tuple[float, int]:
    """The mean time of one perfect-recall information-state tensor along random games (ms), and its size."""
    game = cos.load(name, **SETTINGS[name])
    rng = np.random.default_rng(0)
    spent, calls = 0.0, 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                start = time.process_time()
                state.information_state_tensor(max(state.current_player(), 0))
                spent += time.process_time() - start
                calls += 1
            random_step(state, rng)
    return 1000 * spent / calls, game.information_state_tensor_shape()[0]


def main(seconds: float = 2.0) -> None:
    floor = kuhn_step_us(seconds)
    print("OpenSpiel: random play, cardlab actions per CPU second; ratio = cardlab's random loop / the adapter"
          " (target <= 2);\nsteps = OpenSpiel steps per cardlab action; us = CPU microseconds per step (cardlab's"
          " work included);\nat Kuhn = the ratio if each step cost cardlab's own work plus one step of OpenSpiel's"
          f" own python_kuhn_poker\n({floor:.1f} us, measured in this run): what that many steps cost a Python game"
          " through pyspiel")
    print(f"{'game':19} {'random':>7} | {'explicit':>8} {'ratio':>5} {'steps':>5} {'us':>5} {'at Kuhn':>7} |"
          f" {'sampled':>7} {'ratio':>5} {'steps':>5} {'us':>5} {'at Kuhn':>7}")
    natives = {}
    for name in SETTINGS:
        a = natives[name] = native(name, seconds)
        cells = []
        for chance in ("explicit", "sampled"):
            rate = openspiel(name, seconds, chance)
            steps = STEPS[name, chance]
            cells.append(f"{rate:8.0f} {a / rate:5.1f} {steps:5.1f} {STEP_US[name, chance]:5.1f} {1 + steps * floor * a / 1e6:7.1f}")
        print(f"{name:19} {a:7.0f} | {cells[0]} | {cells[1]}")
    print("\nPettingZoo: cardlab actions per CPU second; ratio = cardlab's bot loop (an observation to a RandomBot"
          " each action) / the environment")
    print(f"{'game':19} {'bot loop':>8} | {'PettingZoo':>10} {'ratio':>5} | {'random loop':>11} {'ratio':>5}")
    for name in SETTINGS:
        o, c = native(name, seconds, observe=True), pettingzoo(name, seconds)
        print(f"{name:19} {o:8.0f} | {c:10.0f} {o / c:5.1f} | {natives[name]:11.0f} {natives[name] / c:5.1f}")
    peer = pettingzoo_peer(seconds)
    if peer is None:
        print("peer: PettingZoo's texas_holdem_v4 needs RLCard and pygame (pip install -e \".[bench]\")")
    else:
        print(f"peer, RLCard limit hold'em: RLCard's env.step loop {peer[0]:.0f} actions/s, PettingZoo's texas_holdem_v4"
              f" {peer[1]:.0f}: ratio {peer[0] / peer[1]:.1f}")
    print()
    for name in SETTINGS:
        ms, size = tensor_ms(name)
        print(f"information-state tensor, {name}: {size} numbers, {ms:.2f} ms a call (only when an algorithm asks)")
    for name, settings in (("kontrabluff", {"target": 15}), ("draw_poker", {})):
        print(f"ISMCTS, 20 simulations, {name}: median {1000 * ismcts_seconds(name, settings):.0f} ms per click decision")


if __name__ == "__main__":
    main()
