"""Altair charts of the analysis DataFrames: one function per question, one line per notebook cell.

Each builder takes the DataFrame that the matching :mod:`cardlab.analysis` function
returns and gives a titled chart with labelled axes; where the HR-5 setting matters
the chart says which it used. Charts are deterministic: no random ids, no unnamed
selections, data inlined under a name derived from its content, so the same frame
gives the same chart specification on every run (nbval compares them).

>>> from cardlab.analysis.hands import category_odds
>>> chart = category_odds_chart(category_odds(ace_low=True))
>>> chart.to_dict()["title"]["text"]
'Exact odds of each hand category, 52 down to 20 cards'
>>> chart.to_json() == category_odds_chart(category_odds(ace_low=True)).to_json()
True
"""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd

from cardlab.cards import DECK_SIZES
from cardlab.hands import CATEGORIES

__all__ = [
    "category_odds_chart",
    "hierarchy_chart",
    "high_card_vs_pair_chart",
    "improvement_chart",
    "best_discard_chart",
]

_CATEGORY_NAMES = [str(c) for c in CATEGORIES]
#: Deck sizes from the full deck down, the order every deck axis reads.
_DECKS = list(DECK_SIZES)
_WIDTH = 320
#: Light enough for black text on top, dark enough to tell apart.
_LIGHT_BLUES = ["#f4f8fb", "#dcebf6", "#c4ddf0", "#abcfe9", "#93c1e3", "#7ab3dc"]
_HEIGHT = 220


def _title(text: str, subtitle: str | Sequence[str] | None = None) -> alt.TitleParams:
    if subtitle is None:
        return alt.TitleParams(text, anchor="start")
    return alt.TitleParams(text, subtitle=subtitle, anchor="start")


def _settings_named(frame: pd.DataFrame) -> str:
    """The HR-5 setting(s) a frame holds, in words, for a subtitle."""
    if "hr5" not in frame:
        return ""
    labels = list(dict.fromkeys(frame["hr5"]))
    return labels[0] if len(labels) == 1 else "both HR-5 settings"


def _deck_axis(title: str = "cards in the deck (HR-3)") -> alt.X:
    return alt.X("deck_size:O", sort=_DECKS, title=title, axis=alt.Axis(labelAngle=0))


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy altair inlines identically every time: categoricals as strings, infinities dropped."""
    frame = frame.copy()
    for column in frame.columns:
        if isinstance(frame[column].dtype, pd.CategoricalDtype):
            frame[column] = frame[column].astype(str)
    return frame.replace([float("inf"), float("-inf")], None)


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
    data = _plain(odds[odds["count"] > 0])
    base = (
        alt.Chart(data, width=_WIDTH, height=_HEIGHT + 60)
        .mark_line(point=True)
        .encode(
            x=_deck_axis(),
            y=alt.Y("probability:Q", scale=alt.Scale(type="log"), title="probability of a five-card deal (log)"),
            color=alt.Color("category:N", sort=_CATEGORY_NAMES, title="category (HR-1)"),
            tooltip=["deck_size", "category", "count", "hands", alt.Tooltip("probability:Q", format=".3g"), "hr5"],
        )
    )
    return base.facet(column=alt.Column("hr5:N", title=None)).properties(
        title=_title(
            "Exact odds of each hand category, 52 down to 20 cards",
            f"exact enumeration of every five-card hand; {_settings_named(odds)}",
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
    data = _plain(table)
    data = data.assign(status=data["agree"].map({True: "HR-4 agrees with rarity", False: "rarity says otherwise"}))
    base = alt.Chart(data, width=_WIDTH + 300, height=_HEIGHT + 60).encode(
        x=alt.X("deck_size:O", sort=_DECKS, title="cards in the deck (HR-3)", axis=alt.Axis(labelAngle=0, orient="top")),
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
        title=_title("The HR-4 hierarchy against exact rarity", ["each cell: the category HR-4 puts there", _settings_named(table)])
    )


def high_card_vs_pair_chart(table: pd.DataFrame) -> alt.LayerChart:
    """High-card hands per one-pair hand by deck; below the line, high card is the rarer.

    Takes :func:`cardlab.analysis.hands.high_card_vs_pair`.

    >>> from cardlab.analysis.hands import high_card_vs_pair
    >>> high_card_vs_pair_chart(high_card_vs_pair()).to_dict()["layer"][1]["mark"]["type"]
    'rule'
    """
    data = _plain(table)
    line = (
        alt.Chart(data, width=_WIDTH, height=_HEIGHT)
        .mark_line(point=True)
        .encode(
            x=_deck_axis(),
            y=alt.Y("high_card_per_pair:Q", title="high-card hands per one-pair hand"),
            color=alt.Color("hr5:N", title="HR-5"),
            tooltip=["deck_size", "high_card", "one_pair", alt.Tooltip("high_card_per_pair:Q", format=".3f"), "hr5"],
        )
    )
    even = alt.Chart(pd.DataFrame({"y": [1.0]})).mark_rule(strokeDash=[4, 3], color="black").encode(y="y:Q")
    return (line + even).properties(
        title=_title(
            "Where rarity alone would go further than HR-4",
            "below the dashed line high card is rarer than one pair, yet it still ranks last",
        )
    )


# -- draw poker (DP-5) ---------------------------------------------------------------------------


def _hr5_of(frame: pd.DataFrame) -> str:
    """The HR-5 setting of a frame with an ``ace_low`` column, in words."""
    if "hr5" in frame:
        return _settings_named(frame)
    if "ace_low" not in frame:
        return ""
    from cardlab.analysis.hands import hr5_label

    labels = {hr5_label(bool(v)) for v in frame["ace_low"]}
    return labels.pop() if len(labels) == 1 else "both HR-5 settings"


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
    data = _plain(table)
    holdings = list(dict.fromkeys(data["holding"]))
    decks = sorted(set(data["deck_size"]), reverse=True)
    return (
        alt.Chart(data, width=_WIDTH, height=alt.Step(9))
        .mark_bar()
        .encode(
            y=alt.Y("holding:N", sort=holdings, title=None),
            yOffset=alt.YOffset("deck_size:O", sort=decks),
            x=alt.X(f"{measure}:Q", title=titles[measure], axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("deck_size:O", sort=decks, title="cards in the deck", scale=alt.Scale(scheme="tableau10")),
            tooltip=["holding", "deck_size", "hand", "discard", "draws", "target",
                     alt.Tooltip("improve:Q", format=".2%"), alt.Tooltip("hit:Q", format=".2%")],
        )
        .properties(title=_title("Exact draw odds of the standard holdings (DP-5)",
                                 f"every possible draw counted; HR-4 order of each deck; {_hr5_of(table)}"))
    )


def best_discard_chart(table: pd.DataFrame) -> alt.FacetChart:
    """The best discard of each dilemma hand, per deck and measure; colour = cards drawn.

    Takes :func:`cardlab.analysis.draw_odds.best_discard_table`.

    >>> from cardlab.analysis.draw_odds import best_discard_table
    >>> spec = best_discard_chart(best_discard_table((52, 32))).to_dict()
    >>> spec["facet"]["row"]["field"], spec["spec"]["layer"][1]["mark"]["type"]
    ('measure', 'text')
    """
    data = _plain(table)
    holdings = list(dict.fromkeys(data["holding"]))
    decks = sorted(set(data["deck_size"]), reverse=True)
    base = alt.Chart(data, width=alt.Step(110), height=alt.Step(24)).encode(
        x=alt.X("deck_size:O", sort=decks, title="cards in the deck", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("holding:N", sort=holdings, title=None),
    )
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color("drawn:O", title="cards drawn",
                        scale=alt.Scale(domain=[0, 1, 2, 3, 4, 5], range=_LIGHT_BLUES)),
        tooltip=["holding", "hand", "deck_size", "measure", "best_discard", "drawn", alt.Tooltip("score:Q", format=".4f")],
    )
    labels = base.mark_text(fontSize=11).encode(text="best_discard:N")
    return (cells + labels).facet(row=alt.Row("measure:N", title="best by")).properties(
        title=_title("How the deck changes the best discard (DP-5)",
                     f"each cell: the cards to throw ('-' stands pat); {_hr5_of(table)}")
    )
