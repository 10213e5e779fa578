"""Altair charts of the analysis DataFrames: one function per question, one line per notebook cell.

Each builder takes the DataFrame that the matching :mod:`cardlab.analysis` function
returns and gives a titled chart with labelled axes; where the HR-5 setting matters
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
    "continue_or_pass_chart",
    "low_or_normal_chart",
    "low_round_chart",
    "tournament_chart",
    "strategy_matrix_chart",
    "best_response_chart",
    "lead_chance_chart",
    "exchange_value_chart",
    "session_paths_chart",
    "class_draws_chart",
    "draw_cost_chart",
]

#: The mime type JupyterLab, Voilà and VS Code draw with the vega-lite they ship: no network,
#: and trusted or not. (Altair's own default is HTML that loads vega from a CDN, with a
#: random element id.)
VEGALITE_MIME = "application/vnd.vegalite.v5+json"
_SCHEMA_V5 = "https://vega.github.io/schema/vega-lite/v5.json"
#: The static image beside it: JupyterLab prefers the vega-lite type (its renderer ranks
#: first), GitHub and nbviewer, which run no JavaScript, show the image.
SVG_MIME = "image/svg+xml"
_VL_CONVERT_VERSION = "5.21"


def static_svg(spec: dict) -> str:
    """A vega-lite spec drawn as an SVG image, with no browser (vl-convert, vega-lite 5).

    >>> static_svg({"mark": "point", "data": {"values": [{"x": 1}]}, "encoding": {"x": {"field": "x"}}})[:4]
    '<svg'
    """
    import vl_convert  # imported when a chart is drawn: `import cardlab.charts` stays quick

    return vl_convert.vegalite_to_svg(spec, vl_version=_VL_CONVERT_VERSION)


def _renderer(spec: dict, **metadata) -> tuple[dict, dict]:
    """Altair renderer: the spec under :data:`VEGALITE_MIME`, as the frontends' own vega-lite 5
    reads it, and the same chart as ``image/svg+xml`` for viewers without JavaScript.

    >>> bundle, _ = _renderer({"title": {"text": "t"}, "mark": "point", "data": {"values": [{"x": 1}]}})
    >>> sorted(bundle)
    ['application/vnd.vegalite.v5+json', 'image/svg+xml', 'text/plain']
    """
    spec = {**spec, "$schema": _SCHEMA_V5}  # the fields cardlab uses are the same in vega-lite 5 and 6
    title = spec.get("title", {})
    name = title.get("text", "") if isinstance(title, dict) else str(title)
    return {VEGALITE_MIME: spec, SVG_MIME: static_svg(spec), "text/plain": f"<chart: {name}>" if name else "<chart>"}, {}


alt.renderers.register("cardlab", _renderer)
if alt.renderers.active == "default":  # leave a renderer the user chose alone
    alt.renderers.enable("cardlab")

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


# -- Kontrabluff (KB-4 .. KB-6, KB-12) ------------------------------------------------------------

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
    from cardlab.analysis.kontrabluff import ROW_STRENGTHS

    data = _plain(table[table["decisions"] >= min_decisions])
    rows = [r for r in ROW_STRENGTHS if r in set(data["row"])]
    x = alt.X("on_table:Q", title="cards on the table before the decision", scale=alt.Scale(domain=[0.5, 9.5]),
              axis=alt.Axis(values=list(range(1, 10)), format="d"))
    colour = alt.Color("row:N", sort=rows, title="own row so far (HR-7)")
    base = alt.Chart(data, width=_WIDTH + 80, height=_HEIGHT + 40)
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
        title=_title("Continue or pass? (KB-4, KB-5)",
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
    from cardlab.analysis.kontrabluff import LOW_HANDS

    data = _plain(table)
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
    base = alt.Chart(long, width=_WIDTH + 80, height=_HEIGHT + 40)
    points = base.mark_line(point=True).encode(
        x=x, y=alt.Y("value:Q", title=_NET), color=colour,
        tooltip=["low_hand", "choice", "deals", alt.Tooltip("value:Q", format=".1f")],
    )
    bars = base.mark_errorbar().encode(x=x, y=alt.Y("low:Q", title=_NET), y2="high:Q", color=colour)
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(color="grey").encode(y="y:Q")
    samples = table.attrs.get("samples", "")
    per = f", {samples} sampled deals per choice" if samples else ""
    return (points + bars + zero).properties(
        title=_title("Lead low or lead a card? (KB-2, KB-6)",
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
    from cardlab.analysis.kontrabluff import LOW_HANDS

    data = _plain(table)
    hands = data[(data["low_hand"] != "all") & (data["seen_count"] > 0)]
    overall = data[data["low_hand"] == "all"]
    order = [h for h in LOW_HANDS if h in set(hands["low_hand"])]
    x = alt.X("low_hand:N", sort=order, title="leader's low five (HR-6)", axis=alt.Axis(labelAngle=0))
    y_title = "leader wins, share of seen low rounds"
    y = alt.Y("leader_wins_when_seen:Q", title=y_title, axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    base = alt.Chart(hands, width=_WIDTH + 80, height=_HEIGHT)
    bars = base.mark_bar(color="#4c78a8").encode(
        x=x, y=y, tooltip=["low_hand", "rounds", "seen_count", alt.Tooltip("leader_wins_when_seen:Q", format=".1%")])
    errors = base.mark_errorbar().encode(x=x, y=alt.Y("leader_wins_low:Q", title=y_title), y2="leader_wins_high:Q")
    rule = alt.Chart(overall).mark_rule(strokeDash=[5, 4], color="#e45756").encode(
        y="leader_wins_when_seen:Q", tooltip=[alt.Tooltip("leader_wins_when_seen:Q", format=".1%", title="all hands")])
    share = float(overall["leader_wins_when_seen"].iloc[0]) if len(overall) else float("nan")
    return (bars + errors + rule).properties(
        title=_title("Who wins a seen low round? (KB-6)",
                     [f"the non-dealer leads low with his best five; the other answers as the {responder}",
                      f"dashed: all seen low rounds, the leader wins {share:.0%}"])
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
    data = _plain(table.reset_index() if "bot" not in table.columns else table)
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
        title=_title(title, f"win rate ± its 95% interval, {matches} matches per pairing, in duplicate "
                            "(the same cards, seats swapped); a draw counts half")
    )


# -- parallel poker (PP-2 .. PP-5) -------------------------------------------------------------------


def _pp_settings(game) -> str:
    """The PP-3 ranking and HR-5 setting of a parallel-poker game (default settings if None)."""
    from cardlab.analysis.hands import hr5_label
    from cardlab.games.parallel_poker import ParallelPoker

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
    data = _plain(table)
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
        title=_title("Parallel poker: strategies against each other (PP-4)",
                     [f"mean points per game of the row minus the column's, ± its 95% interval, over {deals:,} deals "
                      "of 25 cards",
                      _pp_settings(game)])
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
    from cardlab.analysis.parallel_poker import best_response_summary

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
        alt.layer(bars, whiskers, width=_WIDTH, height=alt.Step(14))
        .properties(title=_title("What a best response takes from each strategy (PP-2, PP-4)",
                                 [f"mean over {deals} deals, black: 95% interval; 25 points is every showing",
                                  _pp_settings(game)]))
    )


# -- Fight for the Lead (FL-4, FL-6, FL-8 .. FL-11) -----------------------------------------------


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
    from cardlab.analysis.fight_for_the_lead import lead_chance_intervals

    pooled = lead_chance_intervals(table, by="rank")
    data = _plain(pooled)
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
        alt.layer(bars, lines, width=_WIDTH + 80, height=_HEIGHT)
        .properties(title=_title("Who wins the fight for the lead? (FL-4)",
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
    base = alt.Chart(_plain(long), width=_WIDTH + 60, height=_HEIGHT + 20)
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
        net = _plain(table[["k", "net_low", "net_high"]]).assign(measure=names["net"])
        layers.append(alt.Chart(net).mark_errorbar().encode(
            x="k:O", y=alt.Y("net_low:Q", title="chips per game, mean (95% interval of the net)"), y2="net_high:Q",
            color=alt.Color("measure:N", sort=list(names.values()), title=None)))
    return alt.layer(*layers).properties(
        title=_title("What an exchange is worth at the default fee (FL-6)",
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
    data = _plain(paths)
    seats = list(dict.fromkeys(data["name"]))
    stacks = (
        alt.Chart(data, width=_WIDTH + 140, height=_HEIGHT)
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
        alt.Chart(pots, width=_WIDTH + 140, height=_HEIGHT // 2)
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
        title=_title("Stacks and pot over a session (FL-8 .. FL-11)",
                     f"{bots}; stacks and pot always add up to {chips} chips (FL-11)")
    )


# -- a lesson as data (cardlab.rooms.lesson, cardlab.analysis.lesson) ------------------------------


def class_draws_chart(by_drawn: pd.DataFrame) -> alt.LayerChart:
    """The class's draws against the exact odds (DP-5): by cards drawn, the share of draws
    that improved (dots, 95% intervals) and the exact chance of the discards chosen (ticks).

    Takes :func:`cardlab.analysis.lesson.improvement_by_draw`.

    >>> frame = pd.DataFrame({"drawn": [1, 3], "draws": [10, 20], "improved": [2, 6], "share": [0.2, 0.3],
    ...                       "low": [0.05, 0.15], "high": [0.5, 0.5], "exact": [0.17, 0.29]})
    >>> [layer["mark"]["type"] for layer in class_draws_chart(frame).to_dict()["layer"]]
    ['errorbar', 'point', 'tick']
    """
    data = _plain(by_drawn)
    x = alt.X("drawn:O", title="cards drawn", axis=alt.Axis(labelAngle=0))
    y = alt.Y("share:Q", title="share of draws that improved", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    base = alt.Chart(data)
    bars = base.mark_errorbar().encode(x=x, y=alt.Y("low:Q", title=""), y2="high:Q")
    dots = base.mark_point(filled=True, size=70).encode(
        x=x, y=y, tooltip=["drawn", "draws", "improved", alt.Tooltip("share:Q", format=".1%"),
                           alt.Tooltip("exact:Q", format=".1%")])
    exact = base.mark_tick(color="black", thickness=2, size=26).encode(x=x, y=alt.Y("exact:Q", title=""))
    draws = int(by_drawn["draws"].sum())
    return alt.layer(bars, dots, exact, width=_WIDTH, height=_HEIGHT).properties(
        title=_title("The class's draws against the exact odds (DP-5)",
                     [f"{draws} draws; dots: the share that improved, with 95% intervals",
                      "black ticks: the exact chance of the discards the class chose"]))


def draw_cost_chart(costs: pd.DataFrame) -> alt.LayerChart:
    """Which students' draws cost most: each student's mean expected strength given up
    against the best discard, with 95% intervals, most costly at the top.

    Takes :func:`cardlab.analysis.lesson.draw_costs`.

    >>> frame = pd.DataFrame({"table": [1, 1], "student": ["Ana", "Ben"], "player": ["student"] * 2,
    ...                       "draws": [4, 5], "best": [0.5, 1.0], "cost": [0.3, 0.0], "low": [0.1, 0.0],
    ...                       "high": [0.5, 0.0]})
    >>> draw_cost_chart(frame).to_dict()["layer"][1]["encoding"]["y"]["sort"]
    ['Ana', 'Ben']
    """
    data = _plain(costs)
    y = alt.Y("student:N", sort=list(costs["student"]), title=None)
    x = alt.X("cost:Q", title="expected strength given up per draw (hand categories)")
    base = alt.Chart(data)
    bars = base.mark_errorbar().encode(y=y, x=alt.X("low:Q", title=""), x2="high:Q")
    dots = base.mark_point(filled=True, size=60).encode(
        y=y, x=x, color=alt.Color("table:O", title="table"),
        tooltip=["student", "table", "draws", alt.Tooltip("best:Q", format=".0%", title="best discards"),
                 alt.Tooltip("cost:Q", format=".3f")])
    return alt.layer(bars, dots, width=_WIDTH, height=max(_HEIGHT, 16 * len(costs))).properties(
        title=_title("Whose draws cost most? (DP-5)",
                     [f"{int(costs['draws'].sum())} draws against the exact best discard; bars: 95% intervals",
                      "0: always the discard of the highest expected strength"]))
