"""Polish five-card draw played out by bots: what wins, how hands end, who gains.

The exact odds of one draw are in :mod:`cardlab.analysis.draw_odds`; here whole hands
are played (DP-1 .. DP-10) by seeded bots, and the results come back as tidy pandas
DataFrames for the draw-poker notebook.

>>> frame = hand_outcomes(hands=20, players=(3,), deck_sizes=(32,), seed=1)
>>> len(frame), set(frame["ended"]) <= {"one left", "showdown"}
(20, True)

A class's lesson of draw poker (:func:`cardlab.rooms.lesson.lesson_table`) asks more:
:func:`draws_against_odds`, every draw (DP-5) beside its exact odds, from
:func:`cardlab.analysis.draw_odds.discard_table`: the chance the chosen discard had to
improve, the best discard's, the expected strength it gave up, and whether the hand did
improve; :func:`improvement_by_draw`, the class's improvements against the exact odds, by
cards drawn, with 95% intervals; :func:`draw_costs`, what each student's draws gave up.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore
>>> from cardlab.rooms.lesson import lesson_table
>>> from cardlab.rooms.rehearsal import rehearse_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> _ = rehearse_class(store, ["Ana", "Ben", "Cy"], "draw_poker", 3, seed=1, settings={"hands": 3})
>>> draws = draws_against_odds(lesson_table(store))
>>> draws[["student", "discard", "best", "improved"]].head(2).values.tolist()
[['Cy', 'Q♦ K♥', '4♥ A♦ K♥', False], ['Ana', '4♠ 6♦ K♦', '4♠ 6♦ K♦', False]]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pandas as pd

from cardlab.analysis.draw_odds import discard_table
from cardlab.analysis.simulate import wilson_interval
from cardlab.bots import RandomBot, SearchBot
from cardlab.bots.draw_poker import RuleOfThumb
from cardlab.cards import parse_cards, rng_for
from cardlab.games.draw_poker import DrawPoker, DrawPokerState
from cardlab.hands import HandRules, evaluate

__all__ = ["hand_outcomes", "winning_categories", "bot_results", "BOTS", "draws_against_odds", "draw_costs",
           "improvement_by_draw"]

_DEFAULT_RULES = HandRules()

#: Bot factories by name (``factory(seed) -> bot``); "search" is slow (Monte Carlo rollouts).
BOTS: dict[str, Callable[[int], Any]] = {
    "random": RandomBot,
    "rule": RuleOfThumb,
    "search": functools.partial(SearchBot, samples=8),
}


def _session(game: DrawPoker, bots: Sequence[Callable], seed: int) -> DrawPokerState:
    """A whole session played by cardlab's own bots (of :data:`BOTS`), trusted to play legal actions."""
    state = game.new_state(seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        state.apply_trusted(seat, bots[seat](state.observation(seat)))
    return state


def hand_outcomes(hands: int = 200, players: Iterable[int] = (3, 5), deck_sizes: Iterable[int] = (52, 36, 32),
                  seed: int = 2026, ace_low: bool = True, bot: str = "rule") -> pd.DataFrame:
    """``hands`` hands for each table (players x deck size) played by ``bot`` at every seat.

    Stacks are deep (1,000 chips, ante 1, max bet 10) so nobody leaves (DP-10). Tables
    too small for the draw (DP-5) are skipped. One row per hand; columns:
    ``players``, ``deck_size``, ``ace_low``, ``hand`` (1..hands), ``ended`` ('one left'
    for DP-4, 'showdown' for DP-8), ``category`` (the winning category at a showdown,
    else None), ``winners`` (how many split the pot), ``pot``, ``carried`` (chips left
    in the pot by a split, DP-8), ``refilled`` (the stock ran out in the draw, DP-5).

    >>> frame = hand_outcomes(hands=10, players=(8,), deck_sizes=(48,), seed=3)
    >>> set(frame["ended"]) <= {"one left", "showdown"}, int(frame["players"].iloc[0])
    (True, 8)
    """
    rows = []
    for n in players:
        for size in deck_sizes:
            if size < 5 * (n + 1):
                continue
            low = ace_low or size == 52  # HR-5 is a short-deck option; 52 cards count A-2-3-4-5 (HR-1)
            game = DrawPoker(players=n, deck_size=size, ace_low=low, stack=1000, max_bet=10, hands=hands)
            base = int(rng_for(seed, n, size).integers(2**62))
            state = _session(game, [BOTS[bot](base + seat) for seat in range(n)], base)
            for result in state.results:
                rows.append({
                    "players": n, "deck_size": size, "ace_low": ace_low, "hand": result.hand,
                    "ended": "showdown" if result.rule == "DP-8" else "one left",
                    "category": None if result.value is None else str(result.value.category),
                    "winners": len(result.winners), "pot": result.pot, "carried": result.carried,
                    "refilled": result.refilled,
                })
    return pd.DataFrame(rows)


def winning_categories(outcomes: pd.DataFrame) -> pd.DataFrame:
    """Share of showdowns won by each category, per deck size (from :func:`hand_outcomes`).

    Columns: ``deck_size``, ``category``, ``showdowns`` (count), ``share`` (of that
    deck's showdowns).

    >>> table = winning_categories(hand_outcomes(hands=30, players=(4,), deck_sizes=(32,), seed=2))
    >>> bool(abs(table["share"].sum() - 1) < 1e-9)
    True
    """
    shown = outcomes[outcomes["ended"] == "showdown"]
    counts = shown.groupby(["deck_size", "category"]).size().rename("showdowns").reset_index()
    counts["share"] = counts["showdowns"] / counts.groupby("deck_size")["showdowns"].transform("sum")
    return counts.sort_values(["deck_size", "showdowns"], ascending=[False, False]).reset_index(drop=True)


def bot_results(sessions: int = 20, seed: int = 2026, players: int = 4, deck_size: int = 52,
                lineup: Sequence[str] = ("rule", "random"), hands: int = 30) -> pd.DataFrame:
    """Net chips per hand of each bot kind, seats rotating so each kind sits everywhere.

    Each session seats the kinds of ``lineup`` in turn around the table, starting at a
    seat that moves one place per session; stacks of 200, ante 1, max bet 10,
    ``hands`` hands. One row per seat and session; columns: ``session``, ``seat``,
    ``bot``, ``net`` (chips won), ``per_hand`` (net per hand played).

    >>> frame = bot_results(sessions=2, players=3, deck_size=32, hands=5, seed=4)
    >>> len(frame), int(frame["net"].sum()) <= 0
    (6, True)
    """
    rows = []
    game = DrawPoker(players=players, deck_size=deck_size, stack=200, max_bet=10, hands=hands)
    for session in range(sessions):
        kinds = [lineup[(seat + session) % len(lineup)] for seat in range(players)]
        base = int(rng_for(seed, session).integers(2**62))
        state = _session(game, [BOTS[kind](base + seat) for seat, kind in enumerate(kinds)], base)
        played = max(state.round_index, 1)
        for seat, (kind, net) in enumerate(zip(kinds, state.returns())):
            rows.append({"session": session, "seat": seat, "bot": kind, "net": net, "per_hand": net / played})
    return pd.DataFrame(rows)


# -- a lesson's draws (cardlab.rooms.lesson) --------------------------------------------------------
def _text(codes: str) -> str:
    return " ".join(map(str, parse_cards(codes))) or "-"


def draws_against_odds(table: pd.DataFrame, rules: HandRules = _DEFAULT_RULES) -> pd.DataFrame:
    """Every draw-poker draw of the lesson beside its exact odds (DP-5, cards as the log
    writes them): ``discard`` and ``best`` (the discard of the highest expected strength),
    ``improve`` and ``best_improve`` (exact chances of a better category), ``cost`` (the
    expected strength given up, in categories: 0 for a best draw), and ``improved``
    (whether the hand after the draw is of a better category). ``rules`` are the rooms'
    hand rules (``DrawPoker(...).rules``)."""
    rows = []
    odds: dict[str, pd.DataFrame] = {}
    for row in table[(table["game"] == DrawPoker.name) & (table["kind"] == "draw")].itertuples():
        exact = odds.get(row.hand)
        if exact is None:
            exact = odds[row.hand] = discard_table(row.hand, rules).assign(
                key=lambda t: t["discard"].map(lambda d: frozenset(d.split()) - {"-"}))
        chosen = exact[exact["key"] == frozenset(_text(row.cards).split()) - {"-"}].iloc[0]
        best = exact.iloc[0]
        before, after = evaluate(parse_cards(row.hand), rules), evaluate(parse_cards(row.hand_after), rules)
        rows.append({"table": row.table, "student": row.student, "player": row.player, "number": row.number,
                     "round": row.round,
                     "hand": _text(row.hand), "discard": chosen["discard"], "drawn": int(chosen["drawn"]),
                     "best": best["discard"], "improve": chosen["improve"], "best_improve": best["improve"],
                     "cost": best["expected"] - chosen["expected"],
                     "improved": rules.order.index(after.category) < rules.order.index(before.category)})
    return pd.DataFrame(rows)


def improvement_by_draw(draws: pd.DataFrame) -> pd.DataFrame:
    """The class's draws by cards drawn: how many, how many improved, that share with its
    95% Wilson interval (``low``, ``high``) and the exact chance of the discards chosen
    (``exact``, their mean): if the deals are fair the share is near the exact chance.

    >>> frame = pd.DataFrame({"drawn": [1, 1, 3, 3], "improved": [True, False, False, False],
    ...                       "improve": [0.2, 0.2, 0.3, 0.3]})
    >>> by_drawn = improvement_by_draw(frame)
    >>> by_drawn[["drawn", "draws", "improved"]].values.tolist(), by_drawn["exact"].tolist()
    ([[1, 2, 1], [3, 2, 0]], [0.2, 0.3])
    """
    grouped = draws.groupby("drawn").agg(draws=("improved", "size"), improved=("improved", "sum"),
                                         exact=("improve", "mean")).reset_index()
    grouped["improved"] = grouped["improved"].astype(int)
    grouped["share"] = grouped["improved"] / grouped["draws"]
    grouped["low"], grouped["high"] = wilson_interval(grouped["improved"].to_numpy(), grouped["draws"].to_numpy())
    return grouped[["drawn", "draws", "improved", "share", "low", "high", "exact"]]


def draw_costs(draws: pd.DataFrame) -> pd.DataFrame:
    """Each student's draws (from :func:`draws_against_odds`): how many, the share that
    was a best discard, and the mean expected strength given up with its 95% interval
    (``cost``, ``low``, ``high``, normal); most costly first.

    >>> frame = pd.DataFrame({"table": [1, 1, 1], "student": ["Ana", "Ana", "Ben"], "player": ["student"] * 3,
    ...                       "cost": [0.0, 0.5, 0.0]})
    >>> draw_costs(frame)[["student", "draws", "best", "cost"]].values.tolist()
    [['Ana', 2, 0.5, 0.25], ['Ben', 1, 1.0, 0.0]]
    """
    grouped = draws.groupby(["table", "student", "player"], sort=False)["cost"]
    frame = grouped.agg(draws="size", best=lambda c: float((c <= 1e-12).mean()), cost="mean",
                        spread=lambda c: float(c.std(ddof=1)) if len(c) > 1 else float("nan")).reset_index()
    half = 1.96 * frame["spread"] / frame["draws"] ** 0.5
    frame["low"], frame["high"] = frame["cost"] - half, frame["cost"] + half
    frame = frame.drop(columns="spread")
    return frame.sort_values("cost", ascending=False, kind="stable").reset_index(drop=True)
