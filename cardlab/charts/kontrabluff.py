"""Kontrabluff's charts (KB-4 .. KB-6): the questions of :mod:`cardlab.analysis.kontrabluff`.

>>> from cardlab.analysis.kontrabluff import LOW_HANDS
>>> frame = pd.DataFrame({"low_hand": [LOW_HANDS[0]], "deals": [3], "low": [40.0], "low_low": [30.0],
...                       "low_high": [50.0], "normal": [-5.0], "normal_low": [-9.0], "normal_high": [-1.0]})
>>> low_or_normal_chart(frame).to_dict()["title"]["text"]
'Lead low or lead a card? (KB-2, KB-6)'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from cardlab.analysis.kontrabluff import LOW_HANDS, ROW_STRENGTHS
from cardlab.charts.base import HEIGHT, WIDTH, chart_title, plain

__all__ = ["continue_or_pass_chart", "low_or_normal_chart", "low_round_chart"]


_NET = "expected net points (yours minus the opponent's)"


def continue_or_pass_chart(table: pd.DataFrame, min_decisions: int = 3) -> alt.LayerChart:
    """Continuing against passing: the search bot's value of its best card, by cards on the table.

    Takes :func:`cardlab.analysis.kontrabluff.continue_or_pass`. One line per strength of
    the player's own row (HR-7) with 95% intervals; the dashed line is passing, which
    gives the opponent the triangle number of the cards on the table (KB-5). Cells with
    fewer than ``min_decisions`` decisions are left out.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"on_table": [1, 2], "row": ["empty", "no pair"], "decisions": [5, 5],
    ...                       "continue": [2.0, 1.0], "continue_low": [0.0, -1.0], "continue_high": [4.0, 3.0],
    ...                       "pass": [-1.0, -3.0]})
    >>> [layer["mark"]["type"] for layer in continue_or_pass_chart(frame).to_dict()["layer"]]
    ['line', 'errorbar', 'line']
    """
    data = plain(table[table["decisions"] >= min_decisions])
    rows = [r for r in ROW_STRENGTHS if r in set(data["row"])]
    x = alt.X("on_table:Q", title="cards on the table before the decision", scale=alt.Scale(domain=[0.5, 9.5]),
              axis=alt.Axis(values=list(range(1, 10)), format="d"))
    colour = alt.Color("row:N", sort=rows, title="own row so far (HR-7)")
    base = alt.Chart(data, width=WIDTH + 80, height=HEIGHT + 40)
    keep = base.mark_line(point=True).encode(
        x=x, y=alt.Y("continue:Q", title=_NET), color=colour,
        tooltip=["on_table", "row", "decisions", alt.Tooltip("continue:Q", format=".1f"), "pass"],
    )
    bars = base.mark_errorbar().encode(x=x, y=alt.Y("continue_low:Q", title=_NET), y2="continue_high:Q", color=colour)
    passing = (
        alt.Chart(pd.DataFrame({"on_table": range(1, 10), "pass": [-n * (n + 1) / 2 for n in range(1, 10)]}))
        .mark_line(strokeDash=[5, 4], color="black")
        .encode(x=x, y="pass:Q", tooltip=["on_table", "pass"])
    )
    samples = table.attrs.get("samples", "")
    per = f", {samples} sampled deals per decision" if samples else ""
    return (keep + bars + passing).properties(
        title=chart_title("Continue or pass? (KB-4, KB-5)",
                     [f"search bot estimates over {int(table['decisions'].sum())} decisions{per}",
                      "dashed: passing, which pays the opponent for every card on the table"])
    )


def low_or_normal_chart(table: pd.DataFrame) -> alt.LayerChart:
    """Leading low against a normal round, by the leader's best low hand, with 95% intervals.

    Takes :func:`cardlab.analysis.kontrabluff.low_or_normal`.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"low_hand": ["7 high"], "deals": [3], "low": [40.0], "low_low": [30.0],
    ...                       "low_high": [50.0], "normal": [-5.0], "normal_low": [-9.0], "normal_high": [-1.0]})
    >>> low_or_normal_chart(frame).to_dict()["title"]["text"]
    'Lead low or lead a card? (KB-2, KB-6)'
    """
    data = plain(table)
    long = pd.concat(
        [
            data[["low_hand", "deals"]].assign(
                choice=name, value=data[name], low=data[f"{name}_low"], high=data[f"{name}_high"])
            for name in ("low", "normal")
        ],
        ignore_index=True,
    ).replace({"choice": {"low": "lead low (KB-6)", "normal": "lead a card (KB-3)"}})
    hands = [h for h in LOW_HANDS if h in set(long["low_hand"])]
    x = alt.X("low_hand:N", sort=hands, title="leader's best low five (HR-6)", axis=alt.Axis(labelAngle=0))
    colour = alt.Color("choice:N", title=None, legend=alt.Legend(orient="bottom"))
    base = alt.Chart(long, width=WIDTH + 80, height=HEIGHT + 40)
    points = base.mark_line(point=True).encode(
        x=x, y=alt.Y("value:Q", title=_NET), color=colour,
        tooltip=["low_hand", "choice", "deals", alt.Tooltip("value:Q", format=".1f")],
    )
    bars = base.mark_errorbar().encode(x=x, y=alt.Y("low:Q", title=_NET), y2="high:Q", color=colour)
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(color="grey").encode(y="y:Q")
    samples = table.attrs.get("samples", "")
    per = f", {samples} sampled deals per choice" if samples else ""
    return (points + bars + zero).properties(
        title=chart_title("Lead low or lead a card? (KB-2, KB-6)",
                     f"search bot estimates over {int(table['deals'].sum())} fresh deals, the non-dealer leads{per}")
    )


def low_round_chart(table: pd.DataFrame, responder: str = "rule bot") -> alt.LayerChart:
    """How often the leader wins a seen low round, by his low hand; the rule shows all hands together.

    Takes :func:`cardlab.analysis.kontrabluff.low_round_outcomes`.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"low_hand": ["7 high", "all"], "rounds": [10, 10], "seen": [0.5, 0.5],
    ...                       "seen_count": [5, 5], "leader_wins_when_seen": [1.0, 1.0],
    ...                       "leader_wins_low": [1.0, 1.0], "leader_wins_high": [1.0, 1.0]})
    >>> low_round_chart(frame).to_dict()["layer"][0]["mark"]["type"]
    'bar'
    """
    data = plain(table)
    hands = data[(data["low_hand"] != "all") & (data["seen_count"] > 0)]
    overall = data[data["low_hand"] == "all"]
    order = [h for h in LOW_HANDS if h in set(hands["low_hand"])]
    x = alt.X("low_hand:N", sort=order, title="leader's low five (HR-6)", axis=alt.Axis(labelAngle=0))
    y_title = "leader wins, share of seen low rounds"
    y = alt.Y("leader_wins_when_seen:Q", title=y_title, axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    base = alt.Chart(hands, width=WIDTH + 80, height=HEIGHT)
    bars = base.mark_bar(color="#4c78a8").encode(
        x=x, y=y, tooltip=["low_hand", "rounds", "seen_count", alt.Tooltip("leader_wins_when_seen:Q", format=".1%")])
    errors = base.mark_errorbar().encode(x=x, y=alt.Y("leader_wins_low:Q", title=y_title), y2="leader_wins_high:Q")
    rule = alt.Chart(overall).mark_rule(strokeDash=[5, 4], color="#e45756").encode(
        y="leader_wins_when_seen:Q", tooltip=[alt.Tooltip("leader_wins_when_seen:Q", format=".1%", title="all hands")])
    share = float(overall["leader_wins_when_seen"].iloc[0]) if len(overall) else float("nan")
    return (bars + errors + rule).properties(
        title=chart_title("Who wins a seen low round? (KB-6)",
                     [f"the non-dealer leads low with his best five; the other answers as the {responder}",
                      f"dashed: all seen low rounds, the leader wins {share:.0%}"])
    )
