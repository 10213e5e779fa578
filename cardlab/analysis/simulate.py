"""Monte Carlo simulation in seeded batches: one loop, local processes or a Dask cluster.

A *task* plays one game and returns its results, ``task(rng) -> {"name": value}``:
numbers are metrics, strings are group labels (a bot's name, a pairing). A task
may also return a list of such rows (one per seat, per pairing ...).
:func:`simulate` runs ``n`` tasks in batches and returns, per group and metric,
the mean with its 95% interval as a pandas DataFrame.

>>> def die(rng):
...     return {"face": int(rng.integers(1, 7))}
>>> table = simulate(die, 600, seed=1, executor="serial", progress=False)
>>> list(table.columns)
['n', 'mean', 'std', 'sem', 'ci_low', 'ci_high']
>>> int(table.loc["face", "n"]), bool(table.loc["face", "ci_low"] < 3.5 < table.loc["face", "ci_high"])
(600, True)

The result for a seed is the same whatever runs it: batch ``i`` draws from
``numpy.random.SeedSequence(seed).spawn(batches)[i]``, the batch size depends on
``n`` only, and batch totals are combined in batch order, so even the last bit of
a floating-point sum does not depend on the executor, the number of workers or
the order in which batches finish. Batches lost with a worker are run again.

Executors: ``"serial"`` (or None, a plain loop here), ``"processes"`` (the default:
local worker processes), any :class:`concurrent.futures.Executor`, or Dask: a
``dask.distributed.Client``, a ``LocalCluster`` or a scheduler address
(``"tcp://host:8786"``). Dask is imported only when asked for (``cardlab[dask]``).
"""

from __future__ import annotations

import ast
import inspect
import math
import multiprocessing
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Union

import numpy as np
import pandas as pd

from cardlab.odds import Z95

__all__ = [
    "simulate",
    "wilson_interval",
    "simulate_rows",
    "batched",
    "BatchTask",
    "Tally",
    "default_batch_size",
    "batch_seeds",
    "BatchSeeds",
    "plus_minus",
]

Row = Mapping[str, Any]
Task = Callable[[np.random.Generator], Union[Row, Sequence[Row]]]

MAX_BATCH = 10_000  # games per batch at most, so a batch of slow games still reports progress
TARGET_BATCHES = 64  # batches per run at least (when n allows): load balance and progress
LOST_BATCH_LIMIT = 3  # a batch lost with its worker more often than this is a bug, not bad luck


# -- tasks ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchTask:
    """A task that plays a whole batch at once: ``func(rng, size)`` returns its rows.

    The rows come as a DataFrame, a mapping of columns (arrays of length ``size``) or
    a list of row mappings. Vectorised numpy simulations use this form.

    >>> task = batched(lambda rng, size: {"x": rng.random(size)})
    >>> int(simulate(task, 1000, seed=0, executor="serial", progress=False).loc["x", "n"])
    1000
    """

    func: Callable[[np.random.Generator, int], Any]

    def __call__(self, rng: np.random.Generator, size: int) -> Any:
        return self.func(rng, size)


def batched(func: Callable[[np.random.Generator, int], Any]) -> BatchTask:
    """Mark ``func(rng, size)`` as a batch task (see :class:`BatchTask`)."""
    return BatchTask(func)


def default_batch_size(n: int) -> int:
    """Games per batch for a run of ``n``: a function of ``n`` alone, so results never
    depend on the machine; at least :data:`TARGET_BATCHES` batches, at most 10 000 games each.

    >>> default_batch_size(100), default_batch_size(64_000), default_batch_size(10**8)
    (2, 1000, 10000)
    """
    return max(1, min(MAX_BATCH, math.ceil(n / TARGET_BATCHES)))


def batch_seeds(seed: int | np.random.SeedSequence | None, batches: int) -> BatchSeeds:
    """The seed of every batch, spawned in a fixed order from one SeedSequence (each
    made when its batch is handed out: see :class:`BatchSeeds`).

    >>> [s.spawn_key for s in batch_seeds(7, 3)]
    [(0,), (1,), (2,)]
    """
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return BatchSeeds(root, batches)


class BatchSeeds(Sequence[np.random.SeedSequence]):
    """The children ``root.spawn(batches)`` would make, each made when asked for: a run
    of 200,000 batches holds no list of 200,000 seeds. Asking in order spawns from
    ``root`` one child at a time, so ``root`` ends as ``spawn(batches)`` would leave it.

    >>> seeds = BatchSeeds(np.random.SeedSequence(7), 1000)
    >>> seeds[999].spawn_key, len(seeds)
    ((999,), 1000)
    >>> bool((seeds[5].generate_state(4) == np.random.SeedSequence(7).spawn(6)[5].generate_state(4)).all())
    True
    """

    def __init__(self, root: np.random.SeedSequence, batches: int):
        self.root, self._batches = root, batches
        self._first = root.n_children_spawned  # spawn numbers children from this count on

    def __len__(self) -> int:
        return self._batches

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(self._batches)[index]]
        number = self._first + range(self._batches)[index]  # bounds and negative indices as a list's
        root = self.root
        while root.n_children_spawned <= number:  # keep root's count as spawn(batches) leaves it
            root.spawn(1)
        return np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, number), pool_size=root.pool_size)


class _BatchSizes(Sequence[int]):
    """The size of every batch: ``batch_size`` each, the rest in the last (made when read)."""

    def __init__(self, n: int, batch_size: int):
        self.n, self.batch_size = n, batch_size

    def __len__(self) -> int:
        return -(-self.n // self.batch_size)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self))[index]
        return min(self.batch_size, self.n - index * self.batch_size)


def _rows_of(result: Any) -> Iterable[Row]:
    if isinstance(result, Mapping):
        return (result,)
    return result


def _play_batch(task: Task | BatchTask, seed: np.random.SeedSequence, size: int) -> Tally:
    """Play one batch and reduce it to its tally (this is what runs on a worker)."""
    rng = np.random.default_rng(seed)
    tally = Tally()
    if isinstance(task, BatchTask):
        result = task(rng, size)
        if isinstance(result, pd.DataFrame):
            tally.add_columns({name: result[name].to_numpy() for name in result.columns})
        elif isinstance(result, Mapping):
            tally.add_columns(result)
        else:
            tally.add_rows(result)
    else:
        tally.add_rows(row for _ in range(size) for row in _rows_of(task(rng)))
    return tally


# -- running aggregates ------------------------------------------------------------------------
class Tally:
    """Running count, sum and sum of squared deviations per group and metric.

    Batches reduce their games to a tally; tallies merge (Chan et al.'s pairwise
    update, stable where a raw sum of squares would cancel), so memory never grows
    with the number of games. Merging in the same order gives the same bits.

    >>> a, b = Tally(), Tally()
    >>> a.add_rows([{"bot": "x", "score": 1.0}, {"bot": "x", "score": 3.0}])
    >>> b.add_rows([{"bot": "x", "score": 5.0}])
    >>> a.merge(b)
    >>> a.to_frame()[["n", "mean", "std"]]
                  n  mean  std
    bot metric
    x   score     3   3.0  2.0
    """

    def __init__(self) -> None:
        self.groups: tuple[str, ...] | None = None  # the names of the group labels, once seen
        self.stats: dict[tuple[tuple[str, ...], str], list[float]] = {}  # [n, sum, m2]

    def _group_names(self, names: Sequence[str]) -> None:
        names = tuple(names)
        if self.groups is None:
            self.groups = names
        elif names != self.groups:
            raise ValueError(f"every game must give the same group labels; got {self.groups}, then {names}")

    def _add(self, group: tuple[str, ...], metric: str, values: np.ndarray) -> None:
        count = len(values)
        if count == 0:
            return
        total = math.fsum(values)  # exactly rounded: the same however numpy is built
        m2 = math.fsum((values - total / count) ** 2)
        self._merge_one((group, metric), [count, total, m2])

    def _merge_one(self, key: tuple[tuple[str, ...], str], other: list[float]) -> None:
        mine = self.stats.get(key)
        if mine is None:
            self.stats[key] = list(other)
            return
        n_a, s_a, m_a = mine
        n_b, s_b, m_b = other
        count = n_a + n_b
        delta = s_b / n_b - s_a / n_a
        self.stats[key] = [count, s_a + s_b, m_a + m_b + delta * delta * n_a * n_b / count]

    def add_rows(self, rows: Iterable[Row]) -> None:
        """Add games given as mappings: string values are group labels, the rest metrics."""
        columns: dict[tuple[tuple[str, ...], str], list[float]] = {}
        for row in rows:
            labels = tuple(name for name, value in row.items() if isinstance(value, str))
            if labels != self.groups:
                self._group_names(labels)
            group = tuple(row[name] for name in labels)
            for name, value in row.items():
                if not isinstance(value, str) and value is not None:
                    columns.setdefault((group, name), []).append(float(value))
        for (group, metric), values in columns.items():
            self._add(group, metric, np.asarray(values, dtype=float))

    def add_columns(self, columns: Mapping[str, Any]) -> None:
        """Add games given as columns of equal length (string columns are group labels)."""
        arrays = {name: np.asarray(values) for name, values in columns.items()}
        labels = [name for name, values in arrays.items() if values.dtype.kind in "OUS"]
        if labels:
            self._group_names(labels)
            frame = pd.DataFrame(arrays)
            for group, part in frame.groupby(labels, sort=True):
                group = tuple(map(str, group))
                for name in arrays:
                    if name not in labels:
                        self._add(group, name, part[name].to_numpy(dtype=float))
        else:
            self._group_names(())
            for name, values in arrays.items():
                self._add((), name, values.astype(float))

    def merge(self, other: Tally) -> None:
        """Add another tally's games to this one (in place)."""
        if other.groups is not None:
            self._group_names(other.groups)
        for key, stats in other.stats.items():
            self._merge_one(key, stats)

    @property
    def games(self) -> int:
        """The largest count of any metric (the number of rows seen, if all are complete)."""
        return int(max((stats[0] for stats in self.stats.values()), default=0))

    def to_frame(self) -> pd.DataFrame:
        """Mean, standard deviation, standard error and 95% normal interval per group and metric."""
        records = []
        for (group, metric), (count, total, m2) in self.stats.items():
            mean = total / count
            std = math.sqrt(m2 / (count - 1)) if count > 1 else math.nan
            sem = std / math.sqrt(count)
            records.append((*group, metric, int(count), mean, std, sem, mean - Z95 * sem, mean + Z95 * sem))
        groups = self.groups or ()
        names = [*groups, "metric"]
        frame = pd.DataFrame.from_records(records, columns=[*names, "n", "mean", "std", "sem", "ci_low", "ci_high"])
        if groups:
            # groups sorted, metrics in the order the task gave them
            order = {metric: i for i, metric in enumerate(dict.fromkeys(frame["metric"]))}
            frame = frame.sort_values([*groups, "metric"], key=lambda col: col.map(order) if col.name == "metric" else col)
        return frame.set_index(names if len(names) > 1 else "metric")

    def __repr__(self) -> str:
        return f"<Tally of {self.games} games, {len(self.stats)} group/metric cells>"


# -- executors --------------------------------------------------------------------------------
_WORKER_TASK: Any = None


def _init_worker(task_bytes: bytes) -> None:
    """Runs once in each local worker process: unpack the task, leave Ctrl-C to the parent."""
    global _WORKER_TASK
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_TASK = pickle.loads(task_bytes)


def _play_batch_in_worker(seed: np.random.SeedSequence, size: int) -> Tally:
    return _play_batch(_WORKER_TASK, seed, size)


def _dumps(task: Any) -> bytes:
    """Pickle the task; cloudpickle (when installed) also carries functions made in a notebook."""
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - cloudpickle comes with dask
        return pickle.dumps(task)
    return cloudpickle.dumps(task)


def _mp_context() -> multiprocessing.context.BaseContext:
    # fork copies whatever threads hold locks (a Jupyter kernel, a Dask client): unsafe.
    # forkserver starts clean workers quickly where it exists; spawn elsewhere.
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # the server imports numpy and pandas once; each worker forks from it in milliseconds
    # (ignored if a forkserver is already running in this process)
    context.set_forkserver_preload([__name__])
    return context


def _unguarded_script() -> str | None:
    """The path of the script run as ``__main__`` if this call comes from its top level
    outside an ``if __name__ == "__main__":`` block, else None.

    Local workers start by importing the main script (spawn and forkserver do): an
    unguarded call would run again in every worker, which dies starting workers of its
    own, and the batches would be lost again and again. Notebooks and ``python -c`` have
    no main script and need no guard.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path or not str(path).endswith(".py"):
        return None
    frame = inspect.currentframe()
    frame = frame.f_back if frame is not None else None  # the caller's frame
    while frame is not None and not (frame.f_code.co_name == "<module>" and frame.f_globals is vars(main)):
        frame = frame.f_back
    if frame is None:
        return None  # not called from the script's top level (another thread, an import hook)
    try:
        with open(path, encoding="utf-8") as file:
            tree = ast.parse(file.read())
    except (OSError, SyntaxError, ValueError):
        return None
    line = frame.f_lineno
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and "__name__" in ast.unparse(node.test)
                and node.body[0].lineno <= line <= (node.body[-1].end_lineno or line)):
            return None
    return str(path)


def _is_dask(executor: Any) -> bool:
    module = type(executor).__module__
    return module.startswith("distributed") or (isinstance(executor, str) and "://" in executor)


def _progress_bar(total: int, enabled: bool, description: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, unit="game", desc=description, smoothing=0.05)


class _Merger:
    """Merges batch tallies strictly in batch order, holding early arrivals."""

    def __init__(self, sizes: Sequence[int], bar: Any):
        self.sizes = sizes
        self.bar = bar
        self.total = Tally()
        self.held: dict[int, Tally] = {}
        self.next = 0

    def add(self, index: int, tally: Tally) -> None:
        self.held[index] = tally
        self.bar.update(self.sizes[index])
        while self.next in self.held:
            self.total.merge(self.held.pop(self.next))
            self.next += 1

    @property
    def done(self) -> bool:
        return self.next == len(self.sizes)


def _run_serial(task, seeds, sizes, merger: _Merger) -> None:
    for index, (seed, size) in enumerate(zip(seeds, sizes)):
        merger.add(index, _play_batch(task, seed, size))


def _terminate(pool: ProcessPoolExecutor, others: set) -> None:
    """Stop a pool's workers now (running batches too) and release it. Before Python 3.14
    no public call does: its workers are this process's children started since the pool
    was made (``others``: the children there were before, left alone)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python >= 3.14
    if terminate is not None:
        terminate()
    else:
        for process in set(multiprocessing.active_children()) - others:
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _run_futures(task, seeds, sizes, merger: _Merger, executor: Executor | None, workers: int | None) -> None:
    """Run batches on a concurrent.futures executor: ours (a process pool) or the caller's."""
    task_bytes = _dumps(task)
    own = executor is None
    workers = workers or (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()) or 1

    others: set = set()  # the children that are not our pool's workers

    def new_pool() -> Executor:
        others.clear()
        others.update(multiprocessing.active_children())
        return ProcessPoolExecutor(workers, mp_context=_mp_context(), initializer=_init_worker, initargs=(task_bytes,))

    if own:
        pool = new_pool()
    else:
        pool = executor  # its size is private to it: the window is sized by ``workers`` (or the CPUs)

    def submit(index: int) -> Future:
        if own:  # our workers hold the task already (_init_worker)
            return pool.submit(_play_batch_in_worker, seeds[index], sizes[index])
        return pool.submit(_play_batch, task, seeds[index], sizes[index])

    window = 4 * workers  # batches submitted and not yet merged: bounds memory and held tallies
    running: dict[Future, int] = {}
    queued = iter(range(len(sizes)))
    lost = [0] * len(sizes)
    waiting: list[int] = []  # batches to resubmit after a pool broke

    def fill() -> None:
        while len(running) + len(merger.held) < window:
            index = waiting.pop(0) if waiting else next(queued, None)
            if index is None:
                return
            running[submit(index)] = index

    try:
        fill()
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            broken = False
            for future in sorted(done, key=running.__getitem__):
                index = running.pop(future)
                try:
                    tally = future.result()
                except BrokenProcessPool:
                    broken = True
                    lost[index] += 1
                    waiting.append(index)
                    continue
                merger.add(index, tally)
            if broken:
                # a worker died (killed, out of memory): every batch in flight is lost with
                # the pool; start a fresh pool and run them again, same seeds, same result
                for future, index in running.items():
                    lost[index] += 1
                    waiting.append(index)
                running.clear()
                waiting.sort()
                if max(lost) > LOST_BATCH_LIMIT:
                    worst = int(np.argmax(lost))
                    raise RuntimeError(f"batch {worst} was lost with its worker {lost[worst]} times; giving up")
                if own:
                    pool.shutdown(wait=True, cancel_futures=True)
                else:  # the caller's pool is dead: go on with one of ours of the same size
                    own = True
                pool = new_pool()
            fill()
    except BaseException:
        for future in running:
            future.cancel()
        if own:
            _terminate(pool, others)
            own = False
        raise
    finally:
        if own:
            pool.shutdown(wait=True)


def _run_dask(task, seeds, sizes, merger: _Merger, executor: Any) -> None:
    """Run batches on a Dask cluster; the scheduler reruns a batch whose worker died."""
    try:
        from distributed import Client, as_completed
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ImportError("a Dask executor needs dask.distributed: pip install 'cardlab[dask]'") from error

    if isinstance(executor, Client):
        client, own = executor, False
    else:  # a scheduler address or a cluster object
        client, own = Client(executor), True
    try:
        threads = sum(client.nthreads().values()) or 1
        window = 4 * threads
        live: dict[Any, int] = {}  # future -> batch index
        queued = iter(range(len(sizes)))
        pending = as_completed()

        def fill() -> None:
            while len(live) + len(merger.held) < window:
                index = next(queued, None)
                if index is None:
                    return
                # the task goes with every batch (it is small): a batch re-run after its worker
                # died needs nothing that died with it
                future = client.submit(_play_batch, task, seeds[index], sizes[index], pure=False)
                live[future] = index
                pending.add(future)

        try:
            fill()
            for future in pending:
                index = live.pop(future)
                merger.add(index, future.result())  # a task's own error is raised here
                future.release()
                fill()
        except BaseException:
            client.cancel(list(live), force=True)  # batches already running finish, unheard
            raise
    finally:
        if own:
            client.close()


# -- the entry points ---------------------------------------------------------------------------
def simulate(
    task: Task | BatchTask,
    n: int,
    *,
    seed: int | np.random.SeedSequence | None,
    executor: Any = "processes",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool = True,
    description: str | None = None,
) -> pd.DataFrame:
    """Run ``task`` ``n`` times in seeded batches and summarise every metric.

    ``task(rng)`` plays one game with the numpy generator it is given and returns a
    mapping (or a list of mappings): numbers are metrics, strings group labels. It
    must be picklable to run on workers (a module-level function or class instance;
    in a notebook, cloudpickle carries local functions). A :class:`BatchTask` plays a
    whole batch at once.

    Returns one row per group and metric: ``n``, ``mean``, ``std``, ``sem`` and the
    95% normal interval ``ci_low``, ``ci_high``. ``frame.attrs`` records the seed,
    games, batches, executor and seconds taken.

    ``executor``: ``"serial"`` or None (a plain loop in this process), ``"processes"``
    (``workers`` local processes, default one per core; a script needs the usual
    ``if __name__ == "__main__":`` guard, as with any multiprocessing), a
    :class:`concurrent.futures.Executor`, or Dask (a ``distributed.Client``, a cluster or
    a scheduler address). ``batch_size`` defaults to :func:`default_batch_size`.
    The result for a ``seed`` (and batch size) is identical on all of them.
    ``progress`` shows a tqdm bar (a widget in notebooks); Ctrl-C or a notebook's stop
    cancels the batches not yet run and stops local workers.

    >>> def coin(rng):
    ...     heads = rng.random() < 0.5
    ...     return {"side": "heads" if heads else "tails", "value": 1.0 if heads else -1.0}
    >>> table = simulate(coin, 1000, seed=3, executor="serial", progress=False)
    >>> table.index.names
    FrozenList(['side', 'metric'])
    >>> int(table["n"].sum()), float(table.loc[("heads", "value"), "mean"])
    (1000, 1.0)
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a positive whole number of games, got {n!r}")
    for name, value in (("batch_size", batch_size), ("workers", workers)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1):
            raise ValueError(f"{name} must be a positive whole number or None, got {value!r}")
    batch_size = default_batch_size(n) if batch_size is None else int(batch_size)
    workers = None if workers is None else int(workers)
    if seed is None:
        seed = np.random.SeedSequence()  # fresh entropy, kept in attrs so the run can be repeated
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    sizes = _BatchSizes(int(n), batch_size)
    seeds = batch_seeds(root, len(sizes))
    start = time.perf_counter()
    with _progress_bar(int(n), progress, description or getattr(task, "__name__", type(task).__name__)) as bar:
        merger = _Merger(sizes, bar)
        if executor is None or executor == "serial":
            kind = "serial"
            _run_serial(task, seeds, sizes, merger)
        elif executor == "processes":
            kind = "processes"
            script = _unguarded_script()
            if script is not None:
                raise RuntimeError(
                    f"simulate(executor='processes') was called at the top level of the script {script} "
                    "without the guard `if __name__ == \"__main__\":`. Every worker process imports the "
                    "script first, so the call would run again in each of them. Put the call under that "
                    "guard, or pass executor='serial'.")
            _run_futures(task, seeds, sizes, merger, None, workers)
        elif _is_dask(executor):
            kind = "dask"
            _run_dask(task, seeds, sizes, merger, executor)
        elif isinstance(executor, Executor):
            kind = type(executor).__name__
            _run_futures(task, seeds, sizes, merger, executor, workers)
        else:
            raise TypeError(
                f"executor must be 'serial', 'processes', None, a concurrent.futures.Executor or a Dask "
                f"client, cluster or address; got {executor!r}"
            )
    if not merger.done:  # pragma: no cover - every path above either finishes or raises
        raise RuntimeError("simulation ended before every batch was merged")
    frame = merger.total.to_frame()
    frame.attrs.update(
        seed=root.entropy, games=int(n), batch_size=batch_size, batches=len(sizes), executor=kind,
        seconds=time.perf_counter() - start,
    )
    return frame


def simulate_rows(
    task: Task | BatchTask, n: int, *, seed: int | np.random.SeedSequence, batch_size: int | None = None
) -> pd.DataFrame:
    """The games :func:`simulate` would summarise, one row each, played here (small ``n``).

    For looking at single games and checking summaries; memory grows with ``n``.

    >>> def die(rng):
    ...     return {"face": int(rng.integers(1, 7))}
    >>> rows = simulate_rows(die, 200, seed=1)
    >>> summary = simulate(die, 200, seed=1, executor="serial", progress=False)
    >>> bool(rows["face"].mean() == summary.loc["face", "mean"]), len(rows)
    (True, 200)
    """
    batch_size = default_batch_size(n) if batch_size is None else batch_size
    sizes = _BatchSizes(n, batch_size)
    frames = []
    for batch, (child, size) in enumerate(zip(batch_seeds(seed, len(sizes)), sizes)):
        rng = np.random.default_rng(child)
        if isinstance(task, BatchTask):
            result = task(rng, size)
            frame = result if isinstance(result, pd.DataFrame) else pd.DataFrame(result)
        else:
            frame = pd.DataFrame([row for _ in range(size) for row in _rows_of(task(rng))])
        frames.append(frame.assign(batch=batch))
    return pd.concat(frames, ignore_index=True)



def plus_minus(table: pd.DataFrame, column: str, digits: int = 3) -> pd.Series:
    """``column`` with its 95% interval as text, "mean ± half-width", for a table a reader reads.

    The interval is ``column_low`` .. ``column_high`` (or ``ci_low`` .. ``ci_high``); an
    asymmetric one (Wilson's) is shown by its larger half.

    >>> frame = pd.DataFrame({"chance": [0.4], "chance_low": [0.31], "chance_high": [0.5]})
    >>> plus_minus(frame, "chance", 2).tolist()
    ['0.40 ± 0.10']
    """
    low = table[f"{column}_low"] if f"{column}_low" in table else table["ci_low"]
    high = table[f"{column}_high"] if f"{column}_high" in table else table["ci_high"]
    half = np.maximum(table[column] - low, high - table[column])
    return pd.Series([f"{m:.{digits}f} ± {h:.{digits}f}" for m, h in zip(table[column], half)], index=table.index)


def wilson_interval(successes: np.ndarray | int, trials: np.ndarray | int, z: float = Z95):
    """The 95% Wilson score interval of a share (good near 0 and 1, unlike the normal one).

    >>> low, high = wilson_interval(40, 100)
    >>> round(float(low), 3), round(float(high), 3)
    (0.309, 0.498)
    """
    n = np.asarray(trials, dtype=float)
    share = np.asarray(successes, dtype=float) / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
