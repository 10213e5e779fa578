"""Altair charts of the analysis DataFrames: one function per question, one line per notebook cell.

Each builder takes the DataFrame that the matching :mod:`cardlab.analysis` function
returns and gives a titled chart with labelled axes (the charts of one game's questions
are in its own module, ``cardlab/charts/<game>.py``: :mod:`cardlab.charts.kontrabluff`,
the charts of its analysis module, and so on); where the HR-5 setting matters
the chart says which it used. Charts are deterministic: no random ids, no unnamed
selections, data inlined under a name derived from its content, so the same frame
gives the same chart specification on every run (nbval compares them).

Importing this module registers and enables the ``"cardlab"`` altair renderer (unless
another renderer was chosen): a chart is shown as its vega-lite spec under
:data:`VEGALITE_MIME`, which JupyterLab, Voilà and VS Code draw interactively with the
vega-lite they ship, offline and in untrusted notebooks (altair's default HTML needs a
CDN), and beside it as a static SVG image (drawn by vl-convert), which GitHub and
nbviewer show without JavaScript; a frontend picks the richest type it can draw.
``alt.renderers.enable("default")`` switches back.

>>> from cardlab.analysis.hands import category_odds
>>> chart = category_odds_chart(category_odds(ace_low=True))
>>> chart.to_dict()["title"]["text"]
'Exact odds of each hand category, 52 down to 20 cards'
>>> chart.to_json() == category_odds_chart(category_odds(ace_low=True)).to_json()
True
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from cardlab.charts.base import (CATEGORY_NAMES, DECKS, HEIGHT, LIGHT_BLUES, SVG_MIME, VEGALITE_MIME, WIDTH,  # noqa: F401
                                 chart_title, deck_axis, hr5_of, plain, settings_named, static_svg)

__all__ = [
    "category_odds_chart",
    "hierarchy_chart",
    "high_card_vs_pair_chart",
    "improvement_chart",
    "best_discard_chart",
    "tournament_chart",
]

# -- hands and short decks (HR-3, HR-4, HR-5) ------------------------------------------------


def category_odds_chart(odds: pd.DataFrame) -> alt.FacetChart:
    """The probability of each category against deck size, log scale; one panel per HR-5 setting.

    Takes :func:`cardlab.analysis.hands.category_odds`. Impossible categories (a flush
    with 20 cards) have no point on a log scale and are left out.

    >>> from cardlab.analysis.hands import category_odds
    >>> spec = category_odds_chart(category_odds()).to_dict()
    >>> spec["spec"]["encoding"]["y"]["scale"]["type"], spec["facet"]["column"]["field"]
    ('log', 'hr5')
    """
    data = plain(odds[odds["count"] > 0])
    base = (
        alt.Chart(data, width=WIDTH, height=HEIGHT + 60)
        .mark_line(point=True)
        .encode(
            x=deck_axis(),
            y=alt.Y("probability:Q", scale=alt.Scale(type="log"), title="probability of a five-card deal (log)"),
            color=alt.Color("category:N", sort=CATEGORY_NAMES, title="category (HR-1)"),
            tooltip=["deck_size", "category", "count", "hands", alt.Tooltip("probability:Q", format=".3g"), "hr5"],
        )
    )
    return base.facet(column=alt.Column("hr5:N", title=None)).properties(
        title=chart_title(
            "Exact odds of each hand category, 52 down to 20 cards",
            f"exact enumeration of every five-card hand; {settings_named(odds)}",
        )
    )


def hierarchy_chart(table: pd.DataFrame) -> alt.LayerChart:
    """HR-4's order against the order of rarity: one column per deck, grey where they disagree.

    Takes :func:`cardlab.analysis.hands.hierarchy_vs_rarity` for one HR-5 setting. Each
    cell names the category HR-4 puts at that place; the tooltip names the category that
    rarity alone would put there.

    >>> from cardlab.analysis.hands import hierarchy_vs_rarity
    >>> chart = hierarchy_chart(hierarchy_vs_rarity(ace_low=True))
    >>> chart.to_dict()["title"]["subtitle"][1]
    'ace-low straights (HR-5 on)'
    """
    if table["hr5"].nunique() != 1:
        raise ValueError("hierarchy_chart draws one HR-5 setting at a time; filter the table on 'ace_low' first")
    data = plain(table)
    data = data.assign(status=data["agree"].map({True: "HR-4 agrees with rarity", False: "rarity says otherwise"}))
    base = alt.Chart(data, width=WIDTH + 300, height=HEIGHT + 60).encode(
        x=alt.X("deck_size:O", sort=DECKS, title="cards in the deck (HR-3)", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("position:O", title="place in the order (1 = best, and rarest)"),
    )
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color(
            "status:N",
            scale=alt.Scale(domain=["HR-4 agrees with rarity", "rarity says otherwise"], range=["#cfe3f3", "#bdbdbd"]),
            title=None,
            legend=alt.Legend(orient="bottom"),
        ),
        tooltip=[
            "deck_size",
            "position",
            alt.Tooltip("hr4:N", title="HR-4"),
            alt.Tooltip("rarity:N", title="by rarity"),
        ],
    )
    labels = base.mark_text(fontSize=9).encode(text="hr4:N")
    return (cells + labels).properties(
        title=chart_title("The HR-4 hierarchy against exact rarity", ["each cell: the category HR-4 puts there", settings_named(table)])
    )


def high_card_vs_pair_chart(table: pd.DataFrame) -> alt.LayerChart:
    """High-card hands per one-pair hand by deck; below the line, high card is the rarer.

    Takes :func:`cardlab.analysis.hands.high_card_vs_pair`.

    >>> from cardlab.analysis.hands import high_card_vs_pair
    >>> high_card_vs_pair_chart(high_card_vs_pair()).to_dict()["layer"][1]["mark"]["type"]
    'rule'
    """
    data = plain(table)
    line = (
        alt.Chart(data, width=WIDTH, height=HEIGHT)
        .mark_line(point=True)
        .encode(
            x=deck_axis(),
            y=alt.Y("high_card_per_pair:Q", title="high-card hands per one-pair hand"),
            color=alt.Color("hr5:N", title="HR-5"),
            tooltip=["deck_size", "high_card", "one_pair", alt.Tooltip("high_card_per_pair:Q", format=".3f"), "hr5"],
        )
    )
    even = alt.Chart(pd.DataFrame({"y": [1.0]})).mark_rule(strokeDash=[4, 3], color="black").encode(y="y:Q")
    return (line + even).properties(
        title=chart_title(
            "Where rarity alone would go further than HR-4",
            "below the dashed line high card is rarer than one pair, yet it still ranks last",
        )
    )


# -- draw poker (DP-5) ---------------------------------------------------------------------------


def improvement_chart(table: pd.DataFrame, measure: str = "improve") -> alt.Chart:
    """The exact chance that each standard holding improves by drawing, one bar per deck.

    Takes :func:`cardlab.analysis.draw_odds.improvement_table`; ``measure`` is
    ``"improve"`` (a better category than now) or ``"hit"`` (the category drawn for, or
    better, in the deck's HR-4 order).

    >>> from cardlab.analysis.draw_odds import improvement_table
    >>> spec = improvement_chart(improvement_table((52, 32))).to_dict()
    >>> spec["encoding"]["x"]["title"], spec["encoding"]["yOffset"]["field"]
    ('chance to improve on the draw', 'deck_size')
    """
    titles = {"improve": "chance to improve on the draw", "hit": "chance to make the category drawn for, or better"}
    if measure not in titles:
        raise ValueError(f"measure must be one of {sorted(titles)}, got {measure!r}")
    data = plain(table)
    holdings = list(dict.fromkeys(data["holding"]))
    decks = sorted(set(data["deck_size"]), reverse=True)
    return (
        alt.Chart(data, width=WIDTH, height=alt.Step(9))
        .mark_bar()
        .encode(
            y=alt.Y("holding:N", sort=holdings, title=None),
            yOffset=alt.YOffset("deck_size:O", sort=decks),
            x=alt.X(f"{measure}:Q", title=titles[measure], axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("deck_size:O", sort=decks, title="cards in the deck", scale=alt.Scale(scheme="tableau10")),
            tooltip=["holding", "deck_size", "hand", "discard", "draws", "target",
                     alt.Tooltip("improve:Q", format=".2%"), alt.Tooltip("hit:Q", format=".2%")],
        )
        .properties(title=chart_title("Exact draw odds of the standard holdings (DP-5)",
                                 f"every possible draw counted; HR-4 order of each deck; {hr5_of(table)}"))
    )


def best_discard_chart(table: pd.DataFrame) -> alt.FacetChart:
    """The best discard of each dilemma hand, per deck and measure; colour = cards drawn.

    Takes :func:`cardlab.analysis.draw_odds.best_discard_table`.

    >>> from cardlab.analysis.draw_odds import best_discard_table
    >>> spec = best_discard_chart(best_discard_table((52, 32))).to_dict()
    >>> spec["facet"]["row"]["field"], spec["spec"]["layer"][1]["mark"]["type"]
    ('measure', 'text')
    """
    data = plain(table)
    holdings = list(dict.fromkeys(data["holding"]))
    decks = sorted(set(data["deck_size"]), reverse=True)
    base = alt.Chart(data, width=alt.Step(110), height=alt.Step(24)).encode(
        x=alt.X("deck_size:O", sort=decks, title="cards in the deck", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("holding:N", sort=holdings, title=None),
    )
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color("drawn:O", title="cards drawn",
                        scale=alt.Scale(domain=[0, 1, 2, 3, 4, 5], range=LIGHT_BLUES)),
        tooltip=["holding", "hand", "deck_size", "measure", "best_discard", "drawn", alt.Tooltip("score:Q", format=".4f")],
    )
    labels = base.mark_text(fontSize=11).encode(text="best_discard:N")
    return (cells + labels).facet(row=alt.Row("measure:N", title="best by")).properties(
        title=chart_title("How the deck changes the best discard (DP-5)",
                     f"each cell: the cards to throw ('-' stands pat); {hr5_of(table)}")
    )



def tournament_chart(table: pd.DataFrame, title: str = "Bot tournament") -> alt.LayerChart:
    """A round robin as a matrix: each bot's win rate against each opponent, with its margin.

    Takes :func:`cardlab.analysis.tournament.tournament` (index reset) or
    :func:`cardlab.analysis.kontrabluff.bot_tournament`.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"bot": ["a", "b"], "opponent": ["b", "a"], "matches": [4, 4], "win_rate": [0.75, 0.25],
    ...                       "margin": [10.0, -10.0], "margin_per_round": [2.0, -2.0]})
    >>> tournament_chart(frame).to_dict()["layer"][0]["encoding"]["color"]["field"]
    'win_rate'
    """
    data = plain(table.reset_index() if "bot" not in table.columns else table)
    data = data[data["opponent"] != "all"].copy()
    if "win_rate_low" in data:
        data["label"] = [f"{w:.0%} ± {(h - lo) / 2 * 100:.0f}" for w, lo, h in
                         zip(data.win_rate, data.win_rate_low, data.win_rate_high)]
    else:
        data["label"] = [f"{w:.0%}" for w in data.win_rate]
    bots = list(dict.fromkeys(data["bot"]))
    base = alt.Chart(data, width=alt.Step(100), height=alt.Step(40)).encode(
        x=alt.X("opponent:N", sort=bots, title="against", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("bot:N", sort=bots, title="bot"),
    )
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1], scheme="redblue")),
        tooltip=["bot", "opponent", "matches", alt.Tooltip("win_rate:Q", format=".0%"),
                 alt.Tooltip("margin:Q", format=".1f"), alt.Tooltip("margin_per_round:Q", format=".1f")],
    )
    text = base.mark_text(fontSize=12).encode(
        text=alt.Text("label:N"),
        color=alt.condition("abs(datum.win_rate - 0.5) > 0.3", alt.value("white"), alt.value("black")),
    )
    matches = int(data["matches"].max()) if len(data) else 0
    return (cells + text).properties(
        title=chart_title(title, f"win rate ± its 95% interval, {matches} matches per pairing, in duplicate "
                            "(the same cards, seats swapped); a draw counts half")
    )
