"""Fight for the Lead by simulation: who wins the lead, what an exchange is worth,
and how stacks and the pot move over a session (docs/rules/fight-for-the-lead.md).

Every function is seeded and returns a tidy pandas DataFrame whose columns its
docstring lists; :mod:`cardlab.charts` and the notebooks draw them.

>>> table = lead_chances(players=(3,), deals=200, seed=1)
>>> set(table.columns) >= {"players", "rank", "suit_length", "fights", "leads", "chance"}
True
>>> int(table["fights"].sum())
600
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from cardlab.bots import Bot, bot_for
from cardlab.bots.fight_for_the_lead import RuleOfThumb
from cardlab.cards import Card, Rank, deck
from cardlab.engine import Action
from cardlab.words import seat_names
from cardlab.games.fight_for_the_lead import HAND_SIZE, FightForTheLead, Phase, fight_winner
from cardlab.analysis.simulate import wilson_interval  # noqa: F401  (also read from here)
from cardlab.odds import Z95
from cardlab.analysis.stored import Run

__all__ = ["RUNS", "lead_chances", "lead_chance_intervals", "exchange_value", "session_paths", "session_games", "make_bot"]

_DECK = deck(52)


def lead_chances(players: Iterable[int] = (2, 3, 4, 5), deals: int = 2000, seed: int = 0) -> pd.DataFrame:
    """FL-4 by simulation: the chance that a fight card wins the lead, by its rank, the
    length of its suit in the 4-card hand it came from, and the number of players.

    Each of ``deals`` shuffled deals per player count gives every seat a random fight
    card from its hand (so every rank is sampled alike); the stock then decides.

    Columns: ``players``; ``rank`` ('2' .. 'A'); ``rank_number`` (2 .. 14);
    ``suit_length`` (1 .. 4, the fight card's suit in the hand, itself included);
    ``fights`` (how many fight cards of that kind); ``leads`` (how many won the lead);
    ``chance`` (leads / fights).

    >>> t = lead_chances(players=(2, 5), deals=300, seed=0)
    >>> by = t.groupby("players")[["fights", "leads"]].sum()
    >>> by["leads"].tolist()     # exactly one lead a deal
    [300, 300]
    >>> aces = t[t["rank"] == "A"].groupby("players")[["fights", "leads"]].sum()
    >>> bool(aces.loc[2, "leads"] / aces.loc[2, "fights"] > aces.loc[5, "leads"] / aces.loc[5, "fights"])
    True
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals!r}")
    rows: dict[tuple[int, int, int], list[int]] = {}
    for n in players:
        FightForTheLead(players=n)  # checks the player count (FL: 2-5)
        rng = np.random.default_rng([seed, n])
        for _ in range(deals):
            order = rng.permutation(52)
            cards = [_DECK[i] for i in order]
            picks = rng.integers(HAND_SIZE, size=n)
            fights, lengths = [], []
            for seat in range(n):
                hand = cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]
                card = hand[picks[seat]]
                fights.append((seat, card))
                lengths.append(sum(c.suit is card.suit for c in hand))
            winner, _ = fight_winner(fights, cards[n * HAND_SIZE :])
            for (seat, card), length in zip(fights, lengths):
                tally = rows.setdefault((n, card.rank.number, length), [0, 0])
                tally[0] += 1
                tally[1] += seat == winner
    table = pd.DataFrame(
        [(n, str(Rank.from_number(r)), r, length, f, w) for (n, r, length), (f, w) in sorted(rows.items())],
        columns=["players", "rank", "rank_number", "suit_length", "fights", "leads"],
    )
    table["chance"] = table["leads"] / table["fights"]
    return table


def _mean_interval(values: np.ndarray) -> tuple[float, float, float]:
    """Mean and 95% normal interval."""
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / np.sqrt(len(values)) if len(values) > 1 else np.nan
    return mean, mean - half, mean + half


def lead_chance_intervals(table: pd.DataFrame, by: str = "rank") -> pd.DataFrame:
    """Pool :func:`lead_chances` by ``"rank"`` or ``"suit_length"``: the chance with its 95% interval.

    Columns: ``players``; ``rank_number`` and ``rank`` (or ``suit_length``); ``fights``;
    ``leads``; ``chance``; ``chance_low`` and ``chance_high`` (Wilson, per fight card: a
    deal's fight cards are not independent, but one card of a given rank per deal is rare).

    >>> t = lead_chance_intervals(lead_chances(players=(2,), deals=500, seed=1))
    >>> len(t), bool(((t.chance_low <= t.chance) & (t.chance <= t.chance_high)).all())
    (13, True)
    """
    keys = ["players", "rank_number", "rank"] if by == "rank" else ["players", by]
    pooled = table.groupby(keys, as_index=False)[["fights", "leads"]].sum()
    pooled["chance"] = pooled["leads"] / pooled["fights"]
    pooled["chance_low"], pooled["chance_high"] = wilson_interval(pooled["leads"], pooled["fights"])
    return pooled


def _lowest(hand: Sequence[Card], k: int) -> tuple[Card, ...]:
    low = sorted(hand, key=lambda c: c.rank.number)[:k]
    return tuple(c for c in hand if c in low)


def exchange_value(cards: Iterable[int] = (0, 1, 2, 3, 4), games: int = 200, players: int = 4,
                   seed: int = 0) -> pd.DataFrame:
    """FL-6 at the default fee (one ante a card): what exchanging the k lowest cards is worth.

    In each of ``games`` seeded first games, every seat fights by the rule-of-thumb bot;
    the first to exchange (the dealer's left) then gives up his k lowest cards, for each
    k of ``cards`` on copies of the same deal (common random numbers); everyone else
    exchanges and plays by the rule-of-thumb bot.

    Columns: ``k``; ``fee`` (chips paid); ``games``; ``tricks`` (mean tricks taken);
    ``no_trick`` (share of games with no trick, FL-9) with ``no_trick_low`` and
    ``no_trick_high`` (Wilson); ``payout`` (mean chips won, FL-8); ``net`` (mean payout
    minus fee); ``stake`` (mean FL-9 stake owed to play on: the pot when no trick was
    taken) with ``stake_low`` and ``stake_high``; ``net_after_stake`` (net minus stake,
    as if the stake were lost: it goes into the next pot, of which the player may win
    some back) with ``net_after_stake_low`` and ``net_after_stake_high``; ``net_low`` and
    ``net_high`` (its 95% interval); ``step`` with ``step_low`` and ``step_high``: the
    change of net from exchanging one card fewer, paired over the same deals, with its
    95% interval (empty for the first k).

    >>> t = exchange_value(cards=(0, 2), games=40, seed=3)
    >>> t["fee"].tolist()
    [0, 8]
    >>> bool((t["net"] == t["payout"] - t["fee"]).all())
    True
    >>> bool(((t.no_trick_low <= t.no_trick) & (t.no_trick <= t.no_trick_high)).all())
    True
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    game = FightForTheLead(players=players, games=1)
    ks = list(cards)
    bot = RuleOfThumb()
    results = {k: [] for k in ks}
    for index in range(games):
        start = game.new_state(seed=int(np.random.SeedSequence([seed, index]).generate_state(1)[0]))
        while start.phase is Phase.FIGHT:
            seat = start.current_player
            start.apply_trusted(seat, bot(start.observation(seat)))  # cardlab's rule bot: legal actions
        me = start.current_player
        for k in ks:
            state = start.clone()
            most = max(len(a.cards) for a in state.legal_actions(me))
            if k > most:
                continue
            state.apply_for(me, Action("exchange", _lowest(state.hands[me], k)))
            while not state.is_terminal:
                seat = state.current_player
                state.apply_trusted(seat, bot(state.observation(seat)))
            payout = state.stacks[me] - (start.stacks[me] - k * game.exchange_fee)
            stake = state.last_pot if state.tricks[me] == 0 else 0
            results[k].append((state.tricks[me], payout, stake))
    rows, previous = [], None
    for k in ks:
        data = np.array(results[k], dtype=float).reshape(-1, 3)
        if not len(data):
            continue
        tricks, payout, stake = data.mean(axis=0)
        fee = k * game.exchange_fee
        net = data[:, 1] - fee
        row = dict(k=k, fee=fee, games=len(data), tricks=tricks, no_trick=float((data[:, 0] == 0).mean()),
                   payout=payout, net=payout - fee, stake=stake, net_after_stake=payout - fee - stake)
        row["net_low"], row["net_high"] = _mean_interval(net)[1:]
        low, high = wilson_interval(int((data[:, 0] == 0).sum()), len(data))
        row["no_trick_low"], row["no_trick_high"] = float(low), float(high)
        row["stake_low"], row["stake_high"] = _mean_interval(data[:, 2])[1:]
        row["net_after_stake_low"], row["net_after_stake_high"] = _mean_interval(net - data[:, 2])[1:]
        # The same deals for every k (common random numbers): the change from one card fewer, paired.
        change = net - previous if previous is not None and len(previous) == len(net) else None
        row["step"], row["step_low"], row["step_high"] = _mean_interval(change) if change is not None else (np.nan,) * 3
        rows.append(row)
        previous = net
    return pd.DataFrame(rows)


def session_games(paths: pd.DataFrame) -> pd.DataFrame:
    """One row per game of :func:`session_paths`: the ``pot`` it paid out, how many of its
    players took no trick (``trickless``), and ``after_trickless``: whether the game
    before had such a player, who then owed the FL-9 stake into this game's pot.

    >>> games = session_games(session_paths(games=4, seed=2))
    >>> list(games.columns), bool(games.after_trickless.iloc[0])
    (['pot', 'trickless', 'after_trickless'], False)
    """
    played = paths[paths["game"] > 0]
    pot = played.groupby("game")["pot_played"].first().astype(int)
    trickless = (played["played"] & (played["tricks"] == 0)).groupby(played["game"]).sum().astype(int)
    games = pd.DataFrame({"pot": pot, "trickless": trickless})
    games["after_trickless"] = games["trickless"].shift(1, fill_value=0) > 0
    return games


def make_bot(kind: str | Bot, seed: int | None = None) -> Bot:
    """A bot from its name ('random', 'rule', 'search': 8 samples, for speed) or the bot itself
    (:func:`cardlab.bots.bot_for`: anything else is refused with the reason).

    >>> make_bot("rule").name, make_bot("random", seed=1).name
    ('rule', 'random')
    """
    return bot_for(kind, seed, **({"samples": 8} if kind == "search" else {}))


def session_paths(bots: Sequence[str | Bot] = ("rule", "rule", "rule", "random"), games: int = 20,
                  seed: int = 0, **settings: int) -> pd.DataFrame:
    """Stacks and pot game by game over one seeded session (FL-8 .. FL-11).

    ``bots`` names one bot per seat (their number is the number of players);
    ``settings`` go to :class:`FightForTheLead` (ante, stack, exchange_fee).

    Columns, one row per seat after each game (game 0 is the start, after the antes):
    ``game``; ``seat``; ``name`` (South, West ...); ``bot``; ``stack``; ``tricks``
    (taken in that game, 0 if he sat out); ``played`` (whether he played that game);
    ``in_session`` (not out of the session by its payout; a voluntary leave, FL-10,
    shows a game later); ``pot`` (left in the pot after the payout: the remainder,
    FL-8); ``pot_played`` (the pot the game paid out);
    ``chips`` (stacks plus pot: constant by FL-11).

    >>> paths = session_paths(games=3, seed=2)
    >>> int(paths["chips"].nunique()), int(paths["game"].min())
    (1, 0)
    """
    players = len(bots)
    game = FightForTheLead(players=players, games=games, **settings)
    seated = [make_bot(b, seed=None if seed is None else seed * 101 + i) for i, b in enumerate(bots)]
    names = seat_names(players)
    state = game.new_state(seed=seed)
    rows: list[dict] = []

    def record(number: int, played: Sequence[int], pot_played: int | None) -> None:
        for seat in range(players):
            rows.append(dict(game=number, seat=seat, name=names[seat], bot=getattr(seated[seat], "name", "bot"),
                             stack=state.stacks[seat], tricks=state.tricks[seat] if seat in played else 0,
                             played=seat in played, in_session=state.in_session[seat], pot=state.pot,
                             pot_played=pot_played, chips=state.chips()))

    record(0, (), None)
    while not state.is_terminal:
        seat = state.current_player
        played, before = state.turn_order, state.round_index
        state.apply_for(seat, seated[seat](state.observation(seat)))
        if state.round_index != before:
            record(state.round_index, played, state.last_pot)
    return pd.DataFrame(rows)


#: The seeded runs too big for the notebook's minute, stored with their calls
#: (:mod:`cardlab.analysis.stored`; the game's entry names this table, ``runs``).
RUNS = {
    "fl-lead-chances": Run(lead_chances, {"players": (2, 3, 4, 5), "deals": 40_000, "seed": 2026}),
    "fl-exchange-value": Run(exchange_value, {"cards": (0, 1, 2, 3, 4), "games": 3_000, "players": 4, "seed": 2026}),
}
