"""Fight for the Lead's charts (FL-4, FL-6, FL-8 .. FL-11): the questions of
:mod:`cardlab.analysis.fight_for_the_lead`.

>>> frame = pd.DataFrame({"players": [2, 2], "rank": ["2", "A"], "rank_number": [2, 14], "suit_length": [1, 1],
...                       "fights": [10, 10], "leads": [3, 8]})
>>> lead_chance_chart(frame).to_dict()["title"]["text"]
'Who wins the fight for the lead? (FL-4)'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from cardlab.analysis.fight_for_the_lead import lead_chance_intervals
from cardlab.charts.base import HEIGHT, WIDTH, chart_title, plain

__all__ = ["lead_chance_chart", "exchange_value_chart", "session_paths_chart"]



def lead_chance_chart(table: pd.DataFrame) -> alt.LayerChart:
    """The chance that a fight card wins the lead, by its rank, one line per number of players.

    Takes :func:`cardlab.analysis.fight_for_the_lead.lead_chances` (pooled over the
    length of the fight card's suit in hand).

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"players": [2, 2], "rank": ["2", "A"], "rank_number": [2, 14], "suit_length": [1, 1],
    ...                       "fights": [10, 10], "leads": [3, 8]})
    >>> lead_chance_chart(frame).to_dict()["layer"][1]["encoding"]["x"]["sort"][:3]
    ['2', '3', '4']
    """
    pooled = lead_chance_intervals(table, by="rank")
    data = plain(pooled)
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deals = int(pooled.groupby("players")["leads"].sum().max()) if len(pooled) else 0
    x = alt.X("rank:N", sort=ranks, title="rank of the fight card", axis=alt.Axis(labelAngle=0))
    color = alt.Color("players:O", title="players")
    lines = (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=x,
            y=alt.Y("chance:Q", title="chance to win the lead (95% interval)", axis=alt.Axis(format="%")),
            color=color,
            tooltip=["players", "rank", "fights", "leads", alt.Tooltip("chance:Q", format=".1%"),
                     alt.Tooltip("chance_low:Q", format=".1%"), alt.Tooltip("chance_high:Q", format=".1%")],
        )
    )
    bars = alt.Chart(data).mark_errorbar().encode(x=x, y=alt.Y("chance_low:Q", title=""), y2="chance_high:Q", color=color)
    return (
        alt.layer(bars, lines, width=WIDTH + 80, height=HEIGHT)
        .properties(title=chart_title("Who wins the fight for the lead? (FL-4)",
                                 f"{deals:,} simulated deals per number of players, fight card drawn at random "
                                 "from the hand; bars: 95% intervals"))
    )


def exchange_value_chart(table: pd.DataFrame) -> alt.LayerChart:
    """Chips won, paid and netted by exchanging the k lowest cards (FL-6, FL-8, FL-9).

    Takes :func:`cardlab.analysis.fight_for_the_lead.exchange_value`.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"k": [0, 1], "fee": [0, 4], "games": [5, 5], "payout": [3.0, 6.0], "net": [3.0, 2.0],
    ...                       "net_after_stake": [-1.0, -2.0]})
    >>> sorted(set(exchange_value_chart(frame).layer[0].data["measure"]))
    ['fee paid', 'net after the FL-9 stake', 'net chips (payout - fee)', 'payout (FL-8)']
    """
    names = {"payout": "payout (FL-8)", "fee": "fee paid", "net": "net chips (payout - fee)",
             "net_after_stake": "net after the FL-9 stake"}
    long = table.melt(id_vars=["k", "games"], value_vars=list(names), var_name="measure", value_name="chips")
    long["measure"] = long["measure"].map(names)
    base = alt.Chart(plain(long), width=WIDTH + 60, height=HEIGHT + 20)
    lines = base.mark_line(point=True).encode(
        x=alt.X("k:O", title="cards exchanged (the lowest first)", axis=alt.Axis(labelAngle=0)),
        y=alt.Y("chips:Q", title="chips per game, mean"),
        color=alt.Color("measure:N", sort=list(names.values()), title=None, legend=alt.Legend(orient="right")),
        tooltip=["k", "measure", alt.Tooltip("chips:Q", format=".2f"), "games"],
    )
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(color="grey").encode(y="y:Q")
    games = int(table["games"].max()) if len(table) else 0
    layers = [lines, zero]
    if "net_low" in table:  # the net's 95% interval
        net = plain(table[["k", "net_low", "net_high"]]).assign(measure=names["net"])
        layers.append(alt.Chart(net).mark_errorbar().encode(
            x="k:O", y=alt.Y("net_low:Q", title="chips per game, mean (95% interval of the net)"), y2="net_high:Q",
            color=alt.Color("measure:N", sort=list(names.values()), title=None)))
    return alt.layer(*layers).properties(
        title=chart_title("What an exchange is worth at the default fee (FL-6)",
                     f"first player to exchange, one ante per card, the rest played by rule bots; {games} deals")
    )


def session_paths_chart(paths: pd.DataFrame) -> alt.VConcatChart:
    """Stacks game by game over a session (top) and the pot each game paid out (bottom).

    Takes :func:`cardlab.analysis.fight_for_the_lead.session_paths`.

    >>> from cardlab.analysis.fight_for_the_lead import session_paths
    >>> spec = session_paths_chart(session_paths(games=2, seed=1)).to_dict()
    >>> len(spec["vconcat"])
    2
    """
    data = plain(paths)
    seats = list(dict.fromkeys(data["name"]))
    stacks = (
        alt.Chart(data, width=WIDTH + 140, height=HEIGHT)
        .mark_line(point=True)
        .encode(
            x=alt.X("game:Q", title="after game", axis=alt.Axis(format="d")),
            y=alt.Y("stack:Q", title="stack (chips)"),
            color=alt.Color("name:N", sort=seats, title="seat"),
            tooltip=["game", "name", "bot", "stack", "tricks", "played", "pot"],
        )
    )
    pots = data.drop_duplicates("game").dropna(subset=["pot_played"])
    pot = (
        alt.Chart(pots, width=WIDTH + 140, height=HEIGHT // 2)
        .mark_bar(color="#9c755f")
        .encode(
            x=alt.X("game:Q", title="game", axis=alt.Axis(format="d")),
            y=alt.Y("pot_played:Q", title="pot paid out"),
            tooltip=["game", "pot_played", "pot"],
        )
    )
    chips = int(data["chips"].iloc[0]) if len(data) else 0
    bots = ", ".join(f"{n} {b}" for n, b in data.drop_duplicates("name")[["name", "bot"]].itertuples(index=False))
    return alt.vconcat(stacks, pot).properties(
        title=chart_title("Stacks and pot over a session (FL-8 .. FL-11)",
                     f"{bots}; stacks and pot always add up to {chips} chips (FL-11)")
    )
