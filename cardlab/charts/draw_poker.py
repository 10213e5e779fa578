"""Draw poker's charts of a lesson (DP-5): a class's draws against the exact odds, from
:func:`cardlab.analysis.draw_poker.draws_against_odds` (the exact odds of one draw, for
any game that draws, are :mod:`cardlab.charts`' :func:`~cardlab.charts.improvement_chart`
and :func:`~cardlab.charts.best_discard_chart`).

>>> frame = pd.DataFrame({"drawn": [1, 3], "draws": [10, 20], "improved": [2, 6], "share": [0.2, 0.3],
...                       "low": [0.05, 0.15], "high": [0.5, 0.5], "exact": [0.17, 0.29]})
>>> class_draws_chart(frame).to_dict()["title"]["text"]
"The class's draws against the exact odds (DP-5)"
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from cardlab.charts.base import HEIGHT, WIDTH, chart_title, plain

__all__ = ["class_draws_chart", "draw_cost_chart"]



def class_draws_chart(by_drawn: pd.DataFrame) -> alt.LayerChart:
    """The class's draws against the exact odds (DP-5): by cards drawn, the share of draws
    that improved (dots, 95% intervals) and the exact chance of the discards chosen (ticks).

    Takes :func:`cardlab.analysis.draw_poker.improvement_by_draw`.

    >>> frame = pd.DataFrame({"drawn": [1, 3], "draws": [10, 20], "improved": [2, 6], "share": [0.2, 0.3],
    ...                       "low": [0.05, 0.15], "high": [0.5, 0.5], "exact": [0.17, 0.29]})
    >>> [layer["mark"]["type"] for layer in class_draws_chart(frame).to_dict()["layer"]]
    ['errorbar', 'point', 'tick']
    """
    data = plain(by_drawn)
    x = alt.X("drawn:O", title="cards drawn", axis=alt.Axis(labelAngle=0))
    y = alt.Y("share:Q", title="share of draws that improved", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    base = alt.Chart(data)
    bars = base.mark_errorbar().encode(x=x, y=alt.Y("low:Q", title=""), y2="high:Q")
    dots = base.mark_point(filled=True, size=70).encode(
        x=x, y=y, tooltip=["drawn", "draws", "improved", alt.Tooltip("share:Q", format=".1%"),
                           alt.Tooltip("exact:Q", format=".1%")])
    exact = base.mark_tick(color="black", thickness=2, size=26).encode(x=x, y=alt.Y("exact:Q", title=""))
    draws = int(by_drawn["draws"].sum())
    return alt.layer(bars, dots, exact, width=WIDTH, height=HEIGHT).properties(
        title=chart_title("The class's draws against the exact odds (DP-5)",
                     [f"{draws} draws; dots: the share that improved, with 95% intervals",
                      "black ticks: the exact chance of the discards the class chose"]))


def draw_cost_chart(costs: pd.DataFrame) -> alt.LayerChart:
    """Which students' draws cost most: each student's mean expected strength given up
    against the best discard, with 95% intervals, most costly at the top.

    Takes :func:`cardlab.analysis.draw_poker.draw_costs`.

    >>> frame = pd.DataFrame({"table": [1, 1], "student": ["Ana", "Ben"], "player": ["student"] * 2,
    ...                       "draws": [4, 5], "best": [0.5, 1.0], "cost": [0.3, 0.0], "low": [0.1, 0.0],
    ...                       "high": [0.5, 0.0]})
    >>> draw_cost_chart(frame).to_dict()["layer"][1]["encoding"]["y"]["sort"]
    ['Ana', 'Ben']
    """
    data = plain(costs)
    y = alt.Y("student:N", sort=list(costs["student"]), title=None)
    x = alt.X("cost:Q", title="expected strength given up per draw (hand categories)")
    base = alt.Chart(data)
    bars = base.mark_errorbar().encode(y=y, x=alt.X("low:Q", title=""), x2="high:Q")
    dots = base.mark_point(filled=True, size=60).encode(
        y=y, x=x, color=alt.Color("table:O", title="table"),
        tooltip=["student", "table", "draws", alt.Tooltip("best:Q", format=".0%", title="best discards"),
                 alt.Tooltip("cost:Q", format=".3f")])
    return alt.layer(bars, dots, width=WIDTH, height=max(HEIGHT, 16 * len(costs))).properties(
        title=chart_title("Whose draws cost most? (DP-5)",
                     [f"{int(costs['draws'].sum())} draws against the exact best discard; bars: 95% intervals",
                      "0: always the discard of the highest expected strength"]))
