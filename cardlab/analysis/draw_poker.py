"""Polish five-card draw played out by bots: what wins, how hands end, who gains.

The exact odds of one draw are in :mod:`cardlab.analysis.draw_odds`; here whole hands
are played (DP-1 .. DP-10) by seeded bots, and the results come back as tidy pandas
DataFrames for the draw-poker notebook.

>>> frame = hand_outcomes(hands=20, players=(3,), deck_sizes=(32,), seed=1)
>>> len(frame), set(frame["ended"]) <= {"one left", "showdown"}
(20, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pandas as pd

from cardlab.bots import RandomBot, SearchBot
from cardlab.bots.draw_poker import RuleOfThumb
from cardlab.cards import rng_for
from cardlab.games.draw_poker import DrawPoker, DrawPokerState

__all__ = ["hand_outcomes", "winning_categories", "bot_results", "BOTS"]

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
