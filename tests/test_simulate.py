"""simulate(): the same seed gives the same result on every executor, even when a worker dies."""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardlab.analysis.simulate import Tally, batch_seeds, batched, default_batch_size, simulate, simulate_rows

distributed = pytest.importorskip("distributed")

N = 3000
SEED = 20260101


def dealt_pair(rng: np.random.Generator) -> dict:
    """A tiny card task: two cards from a 52-card deck; group by suitedness; floats that
    do not add up exactly, so any change in summation order shows in the last bits."""
    first, second = rng.choice(52, size=2, replace=False)
    suited = first % 4 == second % 4
    return {
        "kind": "suited" if suited else "offsuit",
        "pair": float(first // 4 == second // 4),
        "gap": abs(first // 4 - second // 4) / 7.0,
        "noise": rng.standard_normal() * 1e3 + 1e6,
    }


_calls = 0


class KillOnce:
    """A task whose worker process kills itself once in the middle of a run (signalled
    through a file, so the re-run batch plays normally)."""

    def __init__(self, flag: Path, after: int = 60):
        self.flag = str(flag)
        self.after = after
        self.parent = os.getpid()

    def __call__(self, rng: np.random.Generator) -> dict:
        global _calls
        _calls += 1
        if _calls == self.after and os.getpid() != self.parent:
            try:
                os.close(os.open(self.flag, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return dealt_pair(rng)


def slow(rng: np.random.Generator) -> dict:
    time.sleep(0.02)
    return {"x": rng.random()}


def broken(rng: np.random.Generator) -> dict:
    if rng.random() < 0.01:
        raise ArithmeticError("a bug in the task")
    return {"x": 1.0}


@pytest.fixture(scope="module")
def expected() -> pd.DataFrame:
    return simulate(dealt_pair, N, seed=SEED, executor="serial", progress=False)


def test_summary_equals_plain_pandas_on_the_same_games(expected):
    # the games rebuilt by hand from the documented seeding: batch i uses spawn(...)[i]
    size = default_batch_size(N)
    sizes = [size] * (N // size) + ([N % size] if N % size else [])
    rows = []
    for child, count in zip(np.random.SeedSequence(SEED).spawn(len(sizes)), sizes):
        rng = np.random.default_rng(child)
        rows.extend(dealt_pair(rng) for _ in range(count))
    games = pd.DataFrame(rows)
    plain = games.groupby("kind").agg(["count", "mean", "std"])
    for kind in ("offsuit", "suited"):
        for metric in ("pair", "gap", "noise"):
            got = expected.loc[(kind, metric)]
            count, mean, std = plain.loc[kind, metric]
            assert got["n"] == count
            assert math.isclose(got["mean"], mean, rel_tol=1e-12)
            assert math.isclose(got["std"], std, rel_tol=1e-9)
            half = 1.959963984540054 * std / math.sqrt(count)
            assert math.isclose(got["ci_high"] - got["ci_low"], 2 * half, rel_tol=1e-9)
    assert int(expected.xs("pair", level="metric")["n"].sum()) == N
    # 4 of the other 51 cards share the suit of the first... 12/51 of pairs are suited
    suited = expected.loc[("suited", "pair"), "n"] / N
    assert abs(suited - 12 / 51) < 4 * math.sqrt(12 / 51 * 39 / 51 / N)
    assert simulate_rows(dealt_pair, N, seed=SEED).drop(columns="batch").equals(games)


def test_a_different_seed_gives_different_games(expected):
    other = simulate(dealt_pair, N, seed=SEED + 1, executor="serial", progress=False)
    assert not other.equals(expected)


@pytest.mark.parametrize("workers", [1, 2])
def test_local_processes_give_identical_results(expected, workers):
    got = simulate(dealt_pair, N, seed=SEED, workers=workers, progress=False)
    assert got.equals(expected)
    assert got.attrs["executor"] == "processes"


def test_any_concurrent_futures_executor_gives_identical_results(expected):
    with ThreadPoolExecutor(3) as pool:
        assert simulate(dealt_pair, N, seed=SEED, executor=pool, progress=False).equals(expected)


@pytest.mark.parametrize("workers", [1, 2])
def test_dask_local_cluster_gives_identical_results(expected, workers):
    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster, distributed.Client(cluster) as client:
        got = simulate(dealt_pair, N, seed=SEED, executor=client, progress=False)
        assert got.equals(expected)
        # a scheduler address works as well (a client of our own, closed afterwards)
        assert simulate(dealt_pair, 500, seed=1, executor=cluster.scheduler_address, progress=False).equals(
            simulate(dealt_pair, 500, seed=1, executor="serial", progress=False)
        )


def test_a_killed_local_worker_is_replaced_and_the_result_is_exact(expected, tmp_path):
    flag = tmp_path / "killed"
    got = simulate(KillOnce(flag), N, seed=SEED, workers=2, progress=False)
    assert flag.exists(), "the worker was not killed: the test proved nothing"
    assert got.equals(expected)


def test_a_killed_dask_worker_is_replaced_and_the_result_is_exact(expected, tmp_path):
    flag = tmp_path / "killed"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster, distributed.Client(cluster) as client:
        got = simulate(KillOnce(flag), N, seed=SEED, executor=client, progress=False)
    assert flag.exists(), "the worker was not killed: the test proved nothing"
    assert got.equals(expected)


def test_an_error_in_the_task_is_raised_not_retried():
    with pytest.raises(ArithmeticError, match="a bug in the task"):
        simulate(broken, 2000, seed=0, workers=2, progress=False)
    assert not [p for p in multiprocessing.active_children() if p.is_alive()], "workers left running"


class SlowCounted:
    """A slow task that appends one byte to a file per game, so a test can count the games
    really played (in any process) after a cancel."""

    def __init__(self, path: Path):
        self.path = str(path)

    def __call__(self, rng: np.random.Generator) -> dict:
        time.sleep(0.02)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            os.write(fd, b".")
        finally:
            os.close(fd)
        return {"x": rng.random()}


def test_ctrl_c_cancels_the_run_and_stops_the_workers(tmp_path):
    # SIGINT may be ignored in the process that runs the tests (nohup, background shells,
    # some CI runners): restore Python's own handler so the signal raises KeyboardInterrupt.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    played = tmp_path / "played"
    games = 500  # 10 s of sleeping on two workers if the cancel never came: short either way
    stop = threading.Event()

    def interrupt_once_games_run() -> None:  # Ctrl-C once the workers have started playing
        deadline = time.monotonic() + 30
        while not stop.is_set() and time.monotonic() < deadline:
            if played.exists() and played.stat().st_size >= 20:
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.01)

    watcher = threading.Thread(target=interrupt_once_games_run, daemon=True)
    watcher.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            simulate(SlowCounted(played), games, seed=0, workers=2, batch_size=10, progress=False)
    finally:
        stop.set()
        watcher.join()
        signal.signal(signal.SIGINT, previous)
    time.sleep(0.5)
    assert not [p for p in multiprocessing.active_children() if p.is_alive()], "workers left running"
    done = played.stat().st_size if played.exists() else 0
    assert 0 < done < games, f"{done} of {games} games were played: the cancel did not stop the batches not yet run"
    time.sleep(0.5)
    assert (played.stat().st_size if played.exists() else 0) == done, "games went on after the cancel"


def test_batch_tasks_and_merging_in_batch_order():
    def uniform(rng, size):
        return {"hand": np.where(rng.random(size) < 0.3, "low", "high"), "x": rng.random(size)}

    task = batched(uniform)
    got = simulate(task, 5000, seed=4, executor="serial", progress=False, batch_size=700)
    rows = simulate_rows(task, 5000, seed=4, batch_size=700)
    plain = rows.groupby("hand")["x"].agg(["count", "mean"])
    assert got.loc[("low", "x"), "n"] == plain.loc["low", "count"]
    assert math.isclose(got.loc[("high", "x"), "mean"], plain.loc["high", "mean"], rel_tol=1e-12)
    assert got.index.names == ["hand", "metric"]


def test_tally_merge_is_the_tally_of_all_the_games():
    values = np.random.default_rng(0).standard_normal(1001) + 1e8  # a large mean: sums of squares cancel
    whole, parts = Tally(), Tally()
    whole.add_rows({"v": v} for v in values)
    for chunk in np.array_split(values, 7):
        part = Tally()
        part.add_rows({"v": v} for v in chunk)
        parts.merge(part)
    a, b = whole.to_frame().loc["v"], parts.to_frame().loc["v"]
    assert a["n"] == b["n"] == 1001
    assert math.isclose(a["std"], np.std(values, ddof=1), rel_tol=1e-9)
    assert math.isclose(b["std"], np.std(values, ddof=1), rel_tol=1e-9)


def test_inconsistent_group_labels_are_refused():
    tally = Tally()
    with pytest.raises(ValueError, match="same group labels"):
        tally.add_rows([{"bot": "a", "x": 1.0}, {"x": 2.0}])


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="positive whole number"):
        simulate(dealt_pair, 0, seed=1, executor="serial")
    for name, value in [("batch_size", 2.5), ("batch_size", True), ("batch_size", 0), ("workers", 1.0), ("workers", "2")]:
        with pytest.raises(ValueError, match=f"{name} must be a positive whole number or None, got {value!r}"):
            simulate(dealt_pair, 10, seed=1, executor="serial", **{name: value})
    with pytest.raises(TypeError, match="executor must be"):
        simulate(dealt_pair, 10, seed=1, executor="threads")


def test_batch_seeds_are_spawned_in_order():
    seeds = batch_seeds(9, 4)
    assert [s.spawn_key for s in seeds] == [(0,), (1,), (2,), (3,)]
    assert all(s.entropy == 9 for s in seeds)


# -- tournaments, on Kontrabluff ------------------------------------------------------------------
from cardlab.analysis.tournament import play_match, play_round, round_margins, tournament  # noqa: E402
from cardlab.bots import RandomBot  # noqa: E402

TRIANGLES = {k * (k + 1) // 2 for k in range(1, 11)}  # KB-5


@pytest.fixture(scope="module")
def kontrabluff():
    return pytest.importorskip("cardlab.games.kontrabluff").Kontrabluff


class Passer:
    """Passes whenever KB-4 lets him, else plays the first legal action: fully predictable."""

    def __init__(self, seed: int):
        self.seed = seed

    def __call__(self, observation):
        actions = list(observation.legal_actions)
        return next((a for a in actions if a.kind == "pass"), actions[0])


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_match_ends_when_one_seat_reaches_the_target(kontrabluff, seed):
    result = play_match(kontrabluff(target=100), [RandomBot(seed), RandomBot(seed + 10)], seed)
    assert result.winner is not None
    assert result.points[result.winner] >= 100 > result.points[1 - result.winner]  # KB-12
    assert result.rounds >= 2 and result.actions > result.rounds
    assert play_match(kontrabluff(target=100), [RandomBot(seed), RandomBot(seed + 10)], seed) == result


@pytest.mark.parametrize("seed", range(6))
def test_a_round_pays_one_seat_a_kb5_or_kb6_amount(kontrabluff, seed):
    gains = play_round(kontrabluff(), [RandomBot(seed), Passer(0)], seed)
    assert sorted(gains)[0] == 0
    assert max(gains) in TRIANGLES | {15, 55}  # KB-5, KB-6


def test_round_margins_in_duplicate_cancel_for_identical_deterministic_bots(kontrabluff):
    table = round_margins(kontrabluff(), Passer, Passer, 200, seed=3, executor="serial", progress=False)
    assert table.loc["margin", "mean"] == 0 and table.loc["margin", "std"] == 0
    # the seat effect is real and mirrored: what seat 0 wins, seat 1 loses on the same cards
    assert table.loc["margin_in_seat_0", "mean"] == -table.loc["margin_in_seat_1", "mean"] != 0


def test_a_tournament_is_identical_on_processes_and_consistent(kontrabluff):
    bots = {"passer": Passer, "random": RandomBot, "random2": RandomBot}
    game = kontrabluff(target=60)
    serial = tournament(game, bots, 20, seed=8, executor="serial", progress=False)
    assert tournament(game, bots, 20, seed=8, workers=2, progress=False).equals(serial)
    assert serial.loc[("passer", "random"), "matches"] == 20 and serial.loc[("passer", "all"), "matches"] == 40
    for a, b in [("passer", "random"), ("random", "random2")]:
        assert serial.loc[(a, b), "win_rate"] + serial.loc[(b, a), "win_rate"] == 1
        assert serial.loc[(a, b), "margin"] == -serial.loc[(b, a), "margin"]
    low, rate, high = serial.loc[("random", "all"), ["win_rate_low", "win_rate", "win_rate_high"]]
    assert low <= rate <= high


def test_the_progress_bar_counts_games(capsys):
    simulate(dealt_pair, 300, seed=1, executor="serial", progress=True, description="pairs")
    err = capsys.readouterr().err
    assert "pairs" in err and "300/300" in err


SCRIPT = '''from cardlab.analysis.simulate import simulate

def coin(rng):
    return {"value": float(rng.random() < 0.5)}

def run():
    return simulate(coin, 400, seed=1, workers=2, progress=False)

{call}
'''


@pytest.mark.parametrize("call, guarded", [("run()", False), ("print(simulate(coin, 400, seed=1, workers=2, progress=False))", False),
                                           ('if __name__ == "__main__":\n    print(int(run()["n"].sum()))', True)])
def test_a_script_without_the_main_guard_is_told_so(tmp_path, call, guarded):
    import subprocess
    import sys

    script = tmp_path / "script.py"
    script.write_text(SCRIPT.replace("{call}", call))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    if guarded:
        assert done.returncode == 0 and done.stdout.strip() == "400", done.stderr
    else:
        assert done.returncode != 0
        assert 'without the guard `if __name__ == "__main__":`' in done.stderr, done.stderr[-2000:]
        assert "lost" not in done.stderr
