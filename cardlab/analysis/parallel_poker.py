"""Parallel poker analysis: strategies against each other, and best responses (PP-2 .. PP-4).

- :func:`strategy_matrix`: each strategy's expected points against each, with 95% intervals.
- :func:`best_response`: against one known arrangement, an arrangement scoring as much as
  possible, with an upper bound that says how close to optimal it is.
- :func:`best_responses`: best responses to each strategy over random deals.

>>> from cardlab.games.parallel_poker import showdown
>>> from cardlab.cards import parse_cards
>>> a = parse_cards("9s 9c 8s 8c 7c Ks Kd Kc Js Tc Qd Jd Td 8d 7d As Ah Ad Ac Qs Kh Qh Jh Th 9h")
>>> response = best_response(a)
>>> response.points >= 18, response.points <= response.upper_bound <= 25
(True, True)
>>> showdown(response.arrangement, a)[0] == response.points
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardlab.bots.parallel_poker import (
    SIMPLE_STRATEGIES,
    ArrangingStrategy,
    Deal,
    SearchArrangement,
    StrongestFirst,
    StrongestLast,
)
from cardlab.cards import Card, shuffled_deck
from cardlab.games.parallel_poker import (
    HELD,
    LAID_OUT,
    PACKETS,
    SHOWING_POINTS,
    ParallelPoker,
    showdown,
)
from cardlab.odds import Z95
from cardlab.analysis.stored import Run

__all__ = ["RUNS", "BestResponse", "best_response", "best_responses", "best_response_summary", "strategy_matrix", "default_strategies",
           "random_deals", "last_over_first"]


def default_strategies(seed: int = 0) -> list[ArrangingStrategy]:
    """The four simple strategies and the search, seeded."""
    return [cls(seed=seed + i) for i, cls in enumerate(SIMPLE_STRATEGIES)] + [SearchArrangement(seed=seed + 99)]


def random_deals(n_deals: int, seed: int) -> list[tuple[Card, ...]]:
    """The held cards of ``n_deals`` seeded deals (PP-1: the 25 left after the dealer lays out
    seven), sorted: the deals :func:`strategy_matrix` and :func:`best_responses` play."""
    return [tuple(sorted(shuffled_deck(32, seed, i)[LAID_OUT:])) for i in range(n_deals)]


def _interval(values: np.ndarray) -> tuple[float, float, float]:
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / np.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, mean - half, mean + half


def strategy_matrix(n_deals: int = 200, seed: int = 0, strategies: Sequence[ArrangingStrategy] | None = None,
                    game: ParallelPoker | None = None) -> pd.DataFrame:
    """Expected points of each strategy against each over ``n_deals`` random deals (PP-4).

    Both sides arrange the same 25 cards of each deal; the opponent is a second,
    independently seeded copy of its strategy. One row per (strategy, opponent):

    - ``strategy``, ``opponent``: names; ``deals``: n;
    - ``points``, ``points_low``, ``points_high``: the strategy's mean points a game and its 95% interval;
    - ``opponent_points``: the opponent's mean points;
    - ``margin``, ``margin_low``, ``margin_high``: mean points minus the opponent's, 95% interval;
    - ``wins``, ``draws``, ``losses``: shares of games (PP-5).

    >>> table = strategy_matrix(n_deals=4, seed=1)
    >>> table.shape, sorted(table.strategy.unique())
    ((25, 13), ['balanced', 'random', 'search', 'strongest first', 'strongest last'])
    >>> bool(((table.points + table.opponent_points) <= 25).all())
    True
    """
    game = game or ParallelPoker()
    rows_side = list(strategies) if strategies is not None else default_strategies(seed)
    cols_side = [type(s)(seed=(s.seed or 0) + 10_000) if type(s) is not SearchArrangement
                 else SearchArrangement(seed=(s.seed or 0) + 10_000, samples=s.samples, restarts=s.restarts)
                 for s in rows_side]
    n = len(rows_side)
    points = np.zeros((n, n, n_deals))
    against = np.zeros((n, n, n_deals))
    for d, held in enumerate(random_deals(n_deals, seed)):
        deal = Deal(held, game)
        mine = [s.arrangement(held, game, deal) for s in rows_side]
        theirs = [s.arrangement(held, game, deal) for s in cols_side]
        for i, j in itertools.product(range(n), range(n)):
            points[i, j, d], against[i, j, d] = showdown(mine[i], theirs[j], game.rules)
    rows = []
    for i, j in itertools.product(range(n), range(n)):
        p, q = points[i, j], against[i, j]
        mean, low, high = _interval(p)
        margin, m_low, m_high = _interval(p - q)
        rows.append({
            "strategy": rows_side[i].name, "opponent": cols_side[j].name, "deals": n_deals,
            "points": mean, "points_low": low, "points_high": high, "opponent_points": float(q.mean()),
            "margin": margin, "margin_low": m_low, "margin_high": m_high,
            "wins": float((p > q).mean()), "draws": float((p == q).mean()), "losses": float((p < q).mean()),
        })
    return pd.DataFrame(rows)


def last_over_first(deals: Iterable[Sequence[Card]], game: ParallelPoker | None = None) -> pd.DataFrame:
    """Strongest last against strongest first, deal by deal: ``margin`` (strongest last's
    points minus strongest first's) and ``middle_tie`` (the greedy packets 2, 3 and 4 tie).

    Both lay the same greedy packets P1 >= P2 >= ... >= P5, in opposite orders: first wins
    showings 1 and 2 (3 + 4 points), last showings 4 and 5 (6 + 7), showing 3 ties, so
    the margin is 6. Where P2 = P4 (and so P3), showings 2 and 4 tie too (PP-4): 7 - 3 = 4.

    >>> from cardlab.cards import parse_cards
    >>> royals = parse_cards("As Ks Qs Js Ts Ah Kh Qh Jh Th Ad Kd Qd Jd Td Ac Kc Qc Jc Tc 9s 9h 9d 9c 8s")
    >>> last_over_first([royals, *random_deals(1, seed=2026)]).to_dict("list")
    {'margin': [4, 6], 'middle_tie': [True, False]}
    """
    game = game or ParallelPoker()
    rows = []
    for held in deals:
        deal = Deal(held, game)
        keys = deal.keys(np.concatenate(deal.greedy_packets()))  # P1 .. P5, in strongest-first order
        last, first = showdown(StrongestLast().arrangement(held, game, deal), StrongestFirst().arrangement(held, game, deal),
                               game.rules)
        rows.append({"margin": last - first, "middle_tie": bool(keys[1] == keys[3])})
    return pd.DataFrame(rows, columns=["margin", "middle_tie"])


@dataclass(frozen=True)
class BestResponse:
    """An arrangement against one known opponent arrangement, and how close to optimal it is.

    ``points`` is what ``arrangement`` scores against the opponent; no arrangement
    scores more than ``upper_bound``. ``beatable[k]`` says whether any packet of the
    25 cards beats the opponent's packet k + 1.
    """

    arrangement: tuple[Card, ...]
    points: int
    upper_bound: int
    beatable: tuple[bool, ...]
    nodes: int

    @property
    def gap(self) -> int:
        return self.upper_bound - self.points

    @property
    def proven(self) -> bool:
        """True when ``points`` is the optimum."""
        return self.gap == 0


class _Budget(Exception):
    pass


def best_response(opponent: Sequence[Card], game: ParallelPoker | None = None, node_budget: int = 5_000) -> BestResponse:
    """The arrangement of the same 25 cards that scores most against ``opponent`` (PP-3, PP-4).

    A set S of showings can all be won exactly when S's packets can be made from
    disjoint cards, each beating the opponent's packet there (the other cards fill the
    other packets). So the optimum is the heaviest such S. The sets are tried from the
    heaviest down with a depth-first search over disjoint winning packets (fewest
    choices first, weakest winning packet first), after a local search has found a
    good lower bound. A set whose search runs past ``node_budget`` is left
    undecided and keeps the upper bound above the points found.
    """
    game = game or ParallelPoker()
    opponent = tuple(opponent)
    deal = Deal(sorted(opponent), game)
    opponent_keys = deal.keys(deal.positions(opponent))
    order = np.argsort(deal.subset_keys, kind="stable")
    candidates = []
    for k in range(PACKETS):  # the packets beating the opponent's packet k, weakest first
        winning = order[deal.subset_keys[order] > opponent_keys[k]]
        candidates.append(deal.subset_masks[winning])
    beatable = tuple(len(c) > 0 for c in candidates)

    searcher = SearchArrangement(seed=0, restarts=2)
    start, _ = searcher.respond(deal, deal.positions(opponent)[None, :])
    best_cards = deal.cards(start)
    best_points = showdown(best_cards, opponent, game.rules)[0]

    subsets = sorted(
        (frozenset(s) for r in range(PACKETS + 1) for s in itertools.combinations(range(PACKETS), r)),
        key=lambda s: -sum(SHOWING_POINTS[k] for k in s),
    )
    upper = best_points
    nodes = 0
    for showings in subsets:
        weight = sum(SHOWING_POINTS[k] for k in showings)
        if weight <= best_points:
            break
        if not all(beatable[k] for k in showings):
            continue
        try:
            found, used = _disjoint_winners(showings, candidates, node_budget)
        except _Budget:
            upper = max(upper, weight)
            nodes += node_budget
            continue
        nodes += used
        if found is not None:
            cards = _fill(found, deal)
            points = showdown(cards, opponent, game.rules)[0]
            if points > best_points:
                best_cards, best_points = cards, points
            break
    upper = max(upper, best_points)
    return BestResponse(best_cards, int(best_points), int(upper), beatable, nodes)


def _disjoint_winners(showings: frozenset[int], candidates: list[np.ndarray], budget: int) -> tuple[dict[int, int] | None, int]:
    """Disjoint packets (bit masks) winning every showing in ``showings``, or None if there are none."""
    nodes = 0

    def search(remaining: frozenset[int], used: int) -> dict[int, int] | None:
        nonlocal nodes
        if not remaining:
            return {}
        free = {k: candidates[k][(candidates[k] & used) == 0] for k in remaining}
        k = min(remaining, key=lambda j: len(free[j]))  # the showing with fewest choices first
        for mask in free[k]:
            nodes += 1
            if nodes > budget:
                raise _Budget
            found = search(remaining - {k}, used | int(mask))
            if found is not None:
                found[k] = int(mask)
                return found
        return None

    return search(showings, 0), nodes


def _fill(found: dict[int, int], deal: Deal) -> tuple[Card, ...]:
    """An arrangement with the found packets at their showings and the other cards elsewhere."""
    used = 0
    for mask in found.values():
        used |= mask
    rest = [i for i in range(HELD) if not used >> i & 1]
    positions = []
    for k in range(PACKETS):
        if k in found:
            positions += [i for i in range(HELD) if found[k] >> i & 1]
        else:
            positions += rest[:5]
            rest = rest[5:]
    return deal.cards(np.array(positions))


def best_responses(n_deals: int = 20, seed: int = 0, strategies: Sequence[ArrangingStrategy] | None = None,
                   game: ParallelPoker | None = None, node_budget: int = 5_000) -> pd.DataFrame:
    """Best responses to each strategy's arrangement over ``n_deals`` random deals.

    One row per (strategy, deal): ``strategy`` (the opponent answered), ``deal``,
    ``points`` (the best response's points against it), ``upper_bound`` (no
    arrangement scores more), ``gap`` (their difference; 0 = proven optimal),
    ``opponent_points`` (what the strategy scores against its best response), and
    ``search_points`` (what the default search strategy scores against it, the same deal).

    >>> table = best_responses(n_deals=2, seed=3)
    >>> bool((table.points <= table.upper_bound).all()), bool((table.search_points <= table.upper_bound).all())
    (True, True)
    """
    game = game or ParallelPoker()
    strategies = list(strategies) if strategies is not None else default_strategies(seed)
    search = SearchArrangement(seed=seed + 1_000)
    rows = []
    for d, held in enumerate(random_deals(n_deals, seed)):
        deal = Deal(held, game)
        searched = search.arrangement(held, game, deal)
        for strategy in strategies:
            theirs = strategy.arrangement(held, game, deal)
            response = best_response(theirs, game, node_budget)
            rows.append({
                "strategy": strategy.name, "deal": d, "points": response.points,
                "upper_bound": response.upper_bound, "gap": response.gap,
                "opponent_points": showdown(theirs, response.arrangement, game.rules)[0],
                "search_points": showdown(searched, theirs, game.rules)[0],
            })
    return pd.DataFrame(rows)


def best_response_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Means over deals of :func:`best_responses`, per strategy, with 95% intervals.

    One row per strategy (in the table's order): ``deals``; ``points`` (the best
    response's), ``points_low``, ``points_high``; ``upper_bound``; ``proven`` (share of
    deals where the response is proven optimal); ``search_points`` with its interval.

    >>> summary = best_response_summary(best_responses(n_deals=3, seed=3))
    >>> bool((summary.points_low <= summary.points).all()), int(summary.deals.iloc[0])
    (True, 3)
    """
    rows = []
    for name, group in table.groupby("strategy", sort=False):
        row = {"strategy": name, "deals": len(group)}
        for column in ("points", "search_points"):
            row[column], row[f"{column}_low"], row[f"{column}_high"] = _interval(group[column].to_numpy(dtype=float))
        row["upper_bound"] = float(group.upper_bound.mean())
        row["proven"] = float((group.gap == 0).mean())
        rows.append(row)
    return pd.DataFrame(rows)


#: The seeded runs too big for the notebook's minute, stored with their calls
#: (:mod:`cardlab.analysis.stored`; the game's entry names this table, ``runs``).
RUNS = {
    "pp-strategy-matrix": Run(strategy_matrix, {"n_deals": 1_000, "seed": 2026}),
    "pp-best-responses": Run(best_responses, {"n_deals": 100, "seed": 2026}),
}
