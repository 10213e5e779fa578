"""Parallel poker's charts (PP-2 .. PP-5): the questions of :mod:`cardlab.analysis.parallel_poker`.

>>> frame = pd.DataFrame({"strategy": ["a", "a"], "opponent": ["a", "b"], "deals": [9, 9],
...                       "margin": [0.0, 3.0], "margin_low": [0.0, 1.0], "margin_high": [0.0, 5.0],
...                       "points": [5.0, 9.0], "wins": [0.0, 0.8]})
>>> strategy_matrix_chart(frame).to_dict()["title"]["subtitle"][1]
'traditional ranking (PP-3), ace-low straights (HR-5 on)'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from cardlab.analysis.hands import hr5_label
from cardlab.analysis.parallel_poker import best_response_summary
from cardlab.charts.base import WIDTH, chart_title, plain
from cardlab.games.parallel_poker import ParallelPoker

__all__ = ["strategy_matrix_chart", "best_response_chart"]



def settings_of(game) -> str:
    """The PP-3 ranking and HR-5 setting of a parallel-poker game (default settings if None)."""
    game = game or ParallelPoker()
    return f"{game.hierarchy} ranking (PP-3), {hr5_label(game.ace_low)}"


def strategy_matrix_chart(table: pd.DataFrame, game=None) -> alt.LayerChart:
    """Each arranging strategy against each: mean points margin per game, blue = the row wins.

    Takes :func:`cardlab.analysis.parallel_poker.strategy_matrix` and the
    :class:`~cardlab.games.parallel_poker.ParallelPoker` it was played with (default settings
    if None), whose ranking the subtitle names.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"strategy": ["a", "a"], "opponent": ["a", "b"], "deals": [9, 9],
    ...                       "margin": [0.0, 3.0], "margin_low": [0.0, 1.0], "margin_high": [0.0, 5.0],
    ...                       "points": [5.0, 9.0], "wins": [0.0, 0.8]})
    >>> strategy_matrix_chart(frame).to_dict()["layer"][0]["encoding"]["color"]["field"]
    'margin'
    """
    data = plain(table)
    data["label"] = [f"{m:+.1f} ± {(h - lo) / 2:.1f}" for m, lo, h in zip(data.margin, data.margin_low, data.margin_high)]
    names = list(dict.fromkeys(data["strategy"]))
    base = alt.Chart(data, width=alt.Step(105), height=alt.Step(36)).encode(
        x=alt.X("opponent:N", sort=names, title="against", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("strategy:N", sort=names, title="strategy"),
    )
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color("margin:Q", title="points margin", scale=alt.Scale(domain=[-25, 25], scheme="redblue")),
        tooltip=["strategy", "opponent", "deals", alt.Tooltip("points:Q", format=".2f"),
                 alt.Tooltip("margin:Q", format=".2f"), alt.Tooltip("margin_low:Q", format=".2f"),
                 alt.Tooltip("margin_high:Q", format=".2f"), alt.Tooltip("wins:Q", format=".0%")],
    )
    text = base.mark_text(fontSize=12).encode(
        text=alt.Text("label:N"),
        color=alt.condition("abs(datum.margin) > 15", alt.value("white"), alt.value("black")),
    )
    deals = int(data["deals"].max()) if len(data) else 0
    return (cells + text).properties(
        title=chart_title("Parallel poker: strategies against each other (PP-4)",
                     [f"mean points per game of the row minus the column's, ± its 95% interval, over {deals:,} deals "
                      "of 25 cards",
                      settings_of(game)])
    )


def best_response_chart(table: pd.DataFrame, game=None) -> alt.LayerChart:
    """Points a best response takes from each strategy, beside what the search strategy takes.

    Takes :func:`cardlab.analysis.parallel_poker.best_responses` (one row per strategy and
    deal; bars are means over deals) and its game, as :func:`strategy_matrix_chart`.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"strategy": ["a", "a"], "deal": [0, 1], "points": [20, 22], "upper_bound": [20, 22],
    ...                       "gap": [0, 0], "opponent_points": [5, 3], "search_points": [15, 18]})
    >>> best_response_chart(frame).to_dict()["layer"][0]["encoding"]["yOffset"]["field"]
    'answer'
    """
    summary = best_response_summary(table)
    names = list(summary["strategy"])
    answers = {"points": "best response (knows the packets)", "search_points": "search (does not)"}
    long = pd.concat([summary[["strategy"]].assign(answer=label, value=summary[column], low=summary[f"{column}_low"],
                                                   high=summary[f"{column}_high"])
                      for column, label in answers.items()], ignore_index=True)
    deals = int(summary["deals"].max()) if len(summary) else 0
    base = alt.Chart(long).encode(y=alt.Y("strategy:N", sort=names, title="opponent's strategy"),
                                  yOffset=alt.YOffset("answer:N"))
    bars = base.mark_bar().encode(
        x=alt.X("value:Q", title="points per game against it (of 25), 95% interval", scale=alt.Scale(domain=[0, 25])),
        color=alt.Color("answer:N", title=None, legend=alt.Legend(orient="bottom")),
        tooltip=["strategy", "answer", alt.Tooltip("value:Q", format=".1f"), alt.Tooltip("low:Q", format=".1f"),
                 alt.Tooltip("high:Q", format=".1f")],
    )
    whiskers = base.mark_rule(color="black").encode(x="low:Q", x2="high:Q")
    return (
        alt.layer(bars, whiskers, width=WIDTH, height=alt.Step(14))
        .properties(title=chart_title("What a best response takes from each strategy (PP-2, PP-4)",
                                 [f"mean over {deals} deals, black: 95% interval; 25 points is every showing",
                                  settings_of(game)]))
    )
