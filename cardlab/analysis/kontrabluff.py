"""Kontrabluff by simulation: expected points of continuing or passing, of playing low, and bot results.

Every figure is *net points* for the player deciding: his points from the round minus
his opponent's (KB-5, KB-6), so passing with ``n`` cards on the table is worth exactly
``-triangle(n)``. The values of the other choices come from
:class:`~cardlab.bots.SearchBot`: for each decision it deals the cards the player cannot
see at random (KB-7), plays each candidate out with the rule bot, and averages. Each
function plays seeded opening rounds of fresh deals in parallel through
:func:`~cardlab.analysis.simulate.simulate` (a progress bar, the same numbers on any
executor) and takes a size parameter for bigger runs.

>>> table = low_round_outcomes(rounds=40, seed=1, executor="serial", progress=False)
>>> set(table.columns) >= {"low_hand", "rounds", "seen", "leader_wins_when_seen"}
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from cardlab.analysis.simulate import simulate
from cardlab.analysis.tournament import tournament
from cardlab.bots import RandomBot, RuleBot, SearchBot
from cardlab.bots.kontrabluff import best_low
from cardlab.cards import Card
from cardlab.engine import Action
from cardlab.games.kontrabluff import Kontrabluff, KontrabluffState, Phase, hand_value, triangle
from cardlab.hands import Category, evaluate_partial
from cardlab.analysis.stored import Run

__all__ = [
    "RUNS",
    "ROW_STRENGTHS",
    "LOW_HANDS",
    "row_strength",
    "low_hand",
    "continue_or_pass",
    "low_or_normal",
    "low_round_outcomes",
    "bot_tournament",
]

SEED_BOUND = 2**63

#: Labels of a row's strength so far (HR-7), weakest first.
ROW_STRENGTHS: tuple[str, ...] = ("empty", "no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind",
                                  "straight", "flush", "straight flush")
#: Labels of a hand's best low five (HR-6), best first.
LOW_HANDS: tuple[str, ...] = ("7 high", "8 high", "9 high", "10 high", "J high", "Q high", "K high", "A high", "no low")


def row_strength(row: tuple[Card, ...] | list[Card]) -> str:
    """What a row shows so far (HR-7): 'empty', 'no pair', 'one pair', ... (see :data:`ROW_STRENGTHS`).

    >>> from cardlab.cards import parse_cards
    >>> row_strength(()), row_strength(parse_cards("Qh Qs 3d")), row_strength(parse_cards("2h 7s"))
    ('empty', 'one pair', 'no pair')
    """
    if not row:
        return "empty"
    category = evaluate_partial(row).category
    return "no pair" if category is Category.HIGH_CARD else str(category)


def low_hand(cards: tuple[Card, ...] | list[Card]) -> str:
    """The best low five of a hand (HR-6), by its top card: '7 high' .. 'A high', or 'no low'.

    'no low' means every five cards hold a pair, straight or flush.

    >>> from cardlab.cards import parse_cards
    >>> low_hand(parse_cards("7h 5s 4d 3c 2s Kd Kh Qs Jc 9d")), low_hand(parse_cards("Ah Ad As Ac Kh Kd Ks Kc Qh Qd"))
    ('7 high', 'no low')
    """
    _, five = best_low(list(cards))
    value = hand_value(five)
    if value.category is not Category.HIGH_CARD:
        return "no low"
    return f"{value.ranks[0]} high"


def _fresh_deal(rng: np.random.Generator) -> tuple[KontrabluffState, int]:
    seed, bot_seed = (int(s) for s in rng.integers(SEED_BOUND, size=2, dtype=np.int64))
    return Kontrabluff().new_state(seed=seed), bot_seed


def _best(values: Mapping[Action, float], kind: str) -> float | None:
    found = [value for action, value in values.items() if action.kind == kind]
    return max(found) if found else None


def _verdict(low: pd.Series, high: pd.Series, other: pd.Series, above: str, below: str) -> np.ndarray:
    """``above`` where the whole 95% interval is above ``other``, ``below`` where it is under, else 'either'."""
    return np.where(low > other, above, np.where(high < other, below, "either"))


@dataclass(frozen=True)
class ContinueTask:
    """One normal opening round played by two search bots; a row per decision to lay or pass (KB-4).

    The round is made normal (the non-dealer leads the deal's first round with his best
    card, KB-2) and played to two full rows: at each turn both values are recorded, then the
    best card is laid, so every number of cards on the table is reached.
    """

    samples: int = 8

    def __call__(self, rng: np.random.Generator) -> list[dict[str, Any]]:
        state, bot_seed = _fresh_deal(rng)
        bots = [SearchBot(bot_seed, samples=self.samples), SearchBot(bot_seed + 1, samples=self.samples)]
        start, rows = state.round_index, []
        while not state.is_terminal and state.round_index == start:
            seat = state.current_player
            obs = state.observation(seat)
            if state.phase is Phase.LEAD:  # the deal's first round: no dealer's choice (KB-2)
                values = bots[seat].action_values(obs)
                action = max((a for a in values if a.kind == "lay"), key=values.__getitem__)
            elif state.phase is Phase.NORMAL and len(obs.legal_actions.kinds()) == 2:
                values = bots[seat].action_values(obs)
                on_table = len(state.rows[0]) + len(state.rows[1])
                lay = _best(values, "lay")
                if lay is not None:
                    rows.append({"on_table": str(on_table), "row": row_strength(state.rows[seat]),
                                 "continue": lay, "pass": float(-triangle(on_table))})
                action = max((a for a in values if a.kind == "lay"), key=values.__getitem__)
            else:
                action = bots[seat](obs)
            state.apply_trusted(seat, action)  # a search bot's choice among the legal actions
        return rows


def continue_or_pass(rounds: int = 60, seed: int = 2026, *, samples: int = 8, executor: Any = "processes",
                     progress: bool = True) -> pd.DataFrame:
    """Expected net points of continuing against passing, by cards on the table and own row (KB-4, KB-5).

    Plays ``rounds`` normal opening rounds (the non-dealer leads a card, KB-2)
    between two :class:`~cardlab.bots.SearchBot` (``samples`` sampled deals per
    decision); at every turn where passing is allowed it records the search bot's value
    of its best card (``continue``) and of passing (``pass`` = minus the points of the
    cards on the table), then lays that card, so every round reaches 9 cards on the table. One row per (``on_table``,
    ``row``): ``decisions``, ``continue`` with ``continue_low``/``continue_high`` (95%
    interval over decisions), ``pass``, ``gain`` (continue minus pass), ``better`` (the
    larger mean) and ``verdict`` ('continue' or 'pass' where the interval of ``continue``
    lies wholly above or below ``pass``, else 'either'; 'either' too for a single decision).

    >>> table = continue_or_pass(rounds=4, seed=1, samples=2, executor="serial", progress=False)
    >>> bool((table["pass"] == [-triangle(n) for n in table["on_table"]]).all())
    True
    """
    summary = simulate(ContinueTask(samples), rounds, seed=seed, executor=executor, progress=progress,
                       description="Kontrabluff rounds (search bot)")
    wide = summary.reset_index().pivot(index=["on_table", "row"], columns="metric")
    table = pd.DataFrame({
        "decisions": wide[("n", "continue")].astype(int),
        "continue": wide[("mean", "continue")],
        "continue_low": wide[("ci_low", "continue")],
        "continue_high": wide[("ci_high", "continue")],
        "pass": wide[("mean", "pass")],
    }).reset_index()
    table["on_table"] = table["on_table"].astype(int)
    table["gain"] = table["continue"] - table["pass"]
    table["better"] = np.where(table["gain"] > 0, "continue", "pass")
    table["verdict"] = _verdict(table["continue_low"], table["continue_high"], table["pass"], "continue", "pass")
    table["row"] = pd.Categorical(table["row"], categories=ROW_STRENGTHS, ordered=True)
    table = table.sort_values(["on_table", "row"], ignore_index=True)
    table.attrs.update(summary.attrs, samples=samples)
    return table


@dataclass(frozen=True)
class LeadTask:
    """A fresh deal's first round, led by the non-dealer (KB-2): the leader's value of low and of a card."""

    samples: int = 8

    def __call__(self, rng: np.random.Generator) -> dict[str, Any]:
        state, bot_seed = _fresh_deal(rng)
        leader = state.current_player
        values = SearchBot(bot_seed, samples=self.samples).action_values(state.observation(leader))
        low, normal = _best(values, "low"), _best(values, "lay")
        return {"low_hand": low_hand(state.hands[leader]), "low": low, "normal": normal}


def low_or_normal(deals: int = 200, seed: int = 2026, *, samples: int = 8, executor: Any = "processes",
                  progress: bool = True) -> pd.DataFrame:
    """Expected net points of leading low against a normal round, by the leader's best low hand (KB-2, KB-6).

    Each of ``deals`` fresh deals starts with its first round, which the non-dealer leads
    holding ten cards (KB-2). The search bot values leading low with his best low five
    (``low``) and leading his best card in a normal round (``normal``). One row per
    ``low_hand`` (:data:`LOW_HANDS`, best first): ``deals``, both means with 95% intervals,
    ``gain`` (low minus normal), ``better`` (the larger mean) and ``verdict`` ('low' or
    'normal' where the two intervals do not overlap, else 'either').

    >>> table = low_or_normal(deals=6, seed=1, samples=2, executor="serial", progress=False)
    >>> int(table["deals"].sum())
    6
    """
    summary = simulate(LeadTask(samples), deals, seed=seed, executor=executor, progress=progress,
                       description="Kontrabluff leads (search bot)")
    wide = summary.reset_index().pivot(index="low_hand", columns="metric")
    table = pd.DataFrame({"deals": wide[("n", "low")].astype(int)}, index=wide.index)
    for metric in ("low", "normal"):
        table[metric] = wide[("mean", metric)]
        table[f"{metric}_low"] = wide[("ci_low", metric)]
        table[f"{metric}_high"] = wide[("ci_high", metric)]
    table = table.reset_index()
    table["gain"] = table["low"] - table["normal"]
    table["better"] = np.where(table["gain"] > 0, "low", "normal")
    table["verdict"] = np.where(table["low_low"] > table["normal_high"], "low",
                                np.where(table["low_high"] < table["normal_low"], "normal", "either"))
    table["low_hand"] = pd.Categorical(table["low_hand"], categories=LOW_HANDS, ordered=True)
    table = table.sort_values("low_hand", ignore_index=True)
    table.attrs.update(summary.attrs, samples=samples)
    return table


@dataclass(frozen=True)
class LowRoundTask:
    """A fresh deal whose first leader, the non-dealer (KB-2), leads low with his best low five (KB-6);
    the other answers as ``bot``."""

    bot: Callable[[int], Callable] = RuleBot

    def __call__(self, rng: np.random.Generator) -> dict[str, Any]:
        state, bot_seed = _fresh_deal(rng)
        leader = state.current_player
        strength = low_hand(state.hands[leader])
        _, five = best_low(list(state.hands[leader]))
        state.apply(Action("low", tuple(five)))
        before = state.scores
        responder = state.current_player
        action = self.bot(bot_seed)(state.observation(responder))
        state.apply(action)
        gain = state.scores[leader] - before[leader]
        seen = action.kind == "see"
        return {"low_hand": strength, "seen": float(seen), "leader_wins_when_seen": float(gain > 0) if seen else None,
                "leader_points": float(gain - (state.scores[responder] - before[responder]))}


def low_round_outcomes(rounds: int = 2000, seed: int = 2026, *, bot: Callable[[int], Callable] = RuleBot,
                       executor: Any = "processes", progress: bool = True) -> pd.DataFrame:
    """How often a low round is seen, and how often the leader wins it when seen (KB-6).

    In each of ``rounds`` fresh deals the non-dealer leads low with his best low five (KB-2); the
    other player, played by ``bot`` (a factory ``bot(seed)``, by default the rule bot),
    sees or passes. One row per leader's ``low_hand`` and one ``"all"`` row:
    ``rounds``, ``seen`` (share seen), ``leader_wins_when_seen`` (``leader_wins_low``,
    ``leader_wins_high``), ``leader_points`` (net points per low lead), each with its 95%
    interval (``seen_low`` ... ``leader_points_high``).

    >>> table = low_round_outcomes(rounds=50, seed=3, executor="serial", progress=False)
    >>> table.iloc[-1]["low_hand"], int(table.iloc[-1]["rounds"])
    ('all', 50)
    """
    task = LowRoundTask(bot)
    summary = simulate(task, rounds, seed=seed, executor=executor, progress=progress,
                       description="Kontrabluff low rounds")
    frame = summary.reset_index()
    rows = []
    for name, group in frame.groupby("low_hand", sort=False):
        rows.append(_low_row(name, group.set_index("metric")))
    table = pd.DataFrame(rows)
    table["low_hand"] = pd.Categorical(table["low_hand"], categories=LOW_HANDS, ordered=True)
    table = table.sort_values("low_hand", ignore_index=True)
    overall = _overall(frame)
    table = pd.concat([table.astype({"low_hand": str}), pd.DataFrame([overall])], ignore_index=True)
    table.attrs.update(summary.attrs)
    return table


def _low_row(name: str, stats: pd.DataFrame) -> dict[str, Any]:
    won = stats.loc["leader_wins_when_seen"] if "leader_wins_when_seen" in stats.index else None
    return {
        "low_hand": name,
        "rounds": int(stats.loc["seen", "n"]),
        "seen": float(stats.loc["seen", "mean"]),
        "seen_count": int(round(stats.loc["seen", "mean"] * stats.loc["seen", "n"])),
        "leader_wins_when_seen": float(won["mean"]) if won is not None else float("nan"),
        "leader_wins_low": float(won["ci_low"]) if won is not None else float("nan"),
        "leader_wins_high": float(won["ci_high"]) if won is not None else float("nan"),
        "leader_points": float(stats.loc["leader_points", "mean"]),
        "seen_low": float(stats.loc["seen", "ci_low"]),
        "seen_high": float(stats.loc["seen", "ci_high"]),
        "leader_points_low": float(stats.loc["leader_points", "ci_low"]),
        "leader_points_high": float(stats.loc["leader_points", "ci_high"]),
    }


def _pooled_interval(stats: pd.DataFrame) -> tuple[float, float, float]:
    """Mean and 95% normal interval of groups pooled from their ``n``, ``mean`` and ``std``."""
    n = float(stats["n"].sum())
    mean = float((stats["mean"] * stats["n"]).sum() / n)
    squares = ((stats["n"] - 1) * stats["std"].fillna(0) ** 2 + stats["n"] * (stats["mean"] - mean) ** 2).sum()
    half = 1.959963984540054 * np.sqrt(squares / (n - 1) / n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def _overall(frame: pd.DataFrame) -> dict[str, Any]:
    """Pool the per-hand groups into one row (counts and means exactly; a normal interval)."""
    seen = frame[frame.metric == "seen"]
    won = frame[frame.metric == "leader_wins_when_seen"]
    points = frame[frame.metric == "leader_points"]
    rounds = int(seen["n"].sum())
    seen_count = int(round((seen["mean"] * seen["n"]).sum()))
    wins = float((won["mean"] * won["n"]).sum())
    share = wins / seen_count if seen_count else float("nan")
    half = 1.959963984540054 * np.sqrt(share * (1 - share) / seen_count) if seen_count else float("nan")
    seen_share, seen_low, seen_high = _pooled_interval(seen)
    mean_points, points_low, points_high = _pooled_interval(points)
    return {"low_hand": "all", "rounds": rounds, "seen": seen_count / rounds, "seen_count": seen_count,
            "leader_wins_when_seen": share, "leader_wins_low": share - half, "leader_wins_high": share + half,
            "leader_points": mean_points, "seen_low": seen_low, "seen_high": seen_high,
            "leader_points_low": points_low, "leader_points_high": points_high}


def bot_tournament(matches: int = 20, seed: int = 2026, *, target: int = 100, samples: int = 8,
                   bots: Mapping[str, Callable[[int], Callable]] | None = None, executor: Any = "processes",
                   progress: bool = True) -> pd.DataFrame:
    """A round robin of the random, rule and search bots in matches to ``target`` points (KB-12).

    ``matches`` per pairing, in duplicate (the same cards with the seats swapped); the
    table of :func:`cardlab.analysis.tournament.tournament` (win rates and margins with
    95% intervals), its index reset to ``bot`` and ``opponent`` columns.

    >>> table = bot_tournament(matches=2, target=20, samples=2, bots={"random": RandomBot, "rule": RuleBot},
    ...                        executor="serial", progress=False)
    >>> sorted(set(table["bot"]))
    ['random', 'rule']
    """
    if bots is None:
        bots = {"random": RandomBot, "rule": RuleBot, "search": functools.partial(SearchBot, samples=samples)}
    table = tournament(Kontrabluff(target=target), bots, matches, seed, executor=executor, progress=progress)
    attrs = dict(table.attrs)
    table = table.reset_index()
    table.attrs.update(attrs, target=target, samples=samples)
    return table


#: The seeded runs too big for the notebook's minute, stored with their calls
#: (:mod:`cardlab.analysis.stored`; the game's entry names this table, ``runs``).
RUNS = {
    "kb-continue-or-pass": Run(continue_or_pass, {"rounds": 2_000, "samples": 6, "seed": 2026, "progress": False}),
    "kb-low-or-normal": Run(low_or_normal, {"deals": 10_000, "samples": 6, "seed": 2026, "progress": False}),
    "kb-low-rounds": Run(low_round_outcomes, {"rounds": 20_000, "seed": 2026, "progress": False}),
    "kb-tournament": Run(bot_tournament, {"matches": 200, "target": 100, "samples": 6, "seed": 2026, "progress": False}),
}
