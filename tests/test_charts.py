"""Charts are deterministic, titled, labelled and name the HR-5 setting."""

import json

import pytest

from cardlab import charts
from cardlab.analysis import hands as odds
from cardlab.charts import draw_poker as dp_charts
from cardlab.charts import fight_for_the_lead as fl_charts
from cardlab.charts import kontrabluff as kb_charts
from cardlab.charts import parallel_poker as pp_charts

#: Every module of chart builders: the charts every game shares, then each game's own.
MODULES = (charts, kb_charts, dp_charts, pp_charts, fl_charts)


def _hands_charts():
    return {
        "category_odds_chart": lambda: charts.category_odds_chart(odds.category_odds()),
        "hierarchy_chart": lambda: charts.hierarchy_chart(odds.hierarchy_vs_rarity(ace_low=False)),
        "high_card_vs_pair_chart": lambda: charts.high_card_vs_pair_chart(odds.high_card_vs_pair(ace_low=(True, False))),
    }


def _game_charts():
    """Every other builder, on small real tables from the analysis modules (seeded)."""
    from cardlab.analysis import draw_odds, draw_poker, fight_for_the_lead, kontrabluff, parallel_poker

    quick = dict(seed=3, executor="serial", progress=False)
    return {
        "improvement_chart": lambda: charts.improvement_chart(draw_odds.improvement_table((52, 32))),
        "best_discard_chart": lambda: charts.best_discard_chart(draw_odds.best_discard_table((52, 32), hands=draw_odds.DILEMMAS[:2])),
        "continue_or_pass_chart": lambda: kb_charts.continue_or_pass_chart(
            kontrabluff.continue_or_pass(rounds=2, samples=2, **quick), min_decisions=1),
        "low_or_normal_chart": lambda: kb_charts.low_or_normal_chart(kontrabluff.low_or_normal(deals=4, samples=2, **quick)),
        "low_round_chart": lambda: kb_charts.low_round_chart(kontrabluff.low_round_outcomes(rounds=60, **quick)),
        "tournament_chart": lambda: charts.tournament_chart(kontrabluff.bot_tournament(
            matches=2, target=20, bots={"a": __import__("cardlab.bots", fromlist=["RandomBot"]).RandomBot,
                                        "b": __import__("cardlab.bots", fromlist=["RuleBot"]).RuleBot}, **quick)),
        "strategy_matrix_chart": lambda: pp_charts.strategy_matrix_chart(parallel_poker.strategy_matrix(n_deals=3, seed=1)),
        "best_response_chart": lambda: pp_charts.best_response_chart(parallel_poker.best_responses(n_deals=1, seed=1)),
        "lead_chance_chart": lambda: fl_charts.lead_chance_chart(fight_for_the_lead.lead_chances(players=(2, 3), deals=50, seed=1)),
        "exchange_value_chart": lambda: fl_charts.exchange_value_chart(fight_for_the_lead.exchange_value(cards=(0, 1), games=4, seed=1)),
        "session_paths_chart": lambda: fl_charts.session_paths_chart(fight_for_the_lead.session_paths(games=3, seed=1)),
        "class_draws_chart": lambda: dp_charts.class_draws_chart(draw_poker.improvement_by_draw(_class_draws())),
        "draw_cost_chart": lambda: dp_charts.draw_cost_chart(draw_poker.draw_costs(_class_draws())),
    }


def _class_draws():
    """The draws of a small rehearsed class of draw poker (cardlab.rooms.rehearsal), against the exact odds."""
    import tempfile
    from pathlib import Path

    from cardlab.analysis.draw_poker import draws_against_odds
    from cardlab.games.draw_poker import DrawPoker
    from cardlab.rooms import SQLiteStore
    from cardlab.rooms.lesson import lesson_table
    from cardlab.rooms.rehearsal import rehearse_class

    store = SQLiteStore(Path(tempfile.mkdtemp()) / "class.db")
    rehearse_class(store, 6, "draw_poker", 3, seed=4, settings={"hands": 6, "deck_size": 32})
    return draws_against_odds(lesson_table(store), DrawPoker(players=3, deck_size=32).rules)


def test_every_public_builder_is_tested():
    built = [name for module in MODULES for name in module.__all__]
    assert len(built) == len(set(built)) and set(built) == set(_hands_charts()) | set(_game_charts())


@pytest.mark.parametrize("name", list(_game_charts()))
def test_game_chart_is_deterministic_titled_and_labelled(name):
    make = _game_charts()[name]
    first = make().to_json()
    assert first == make().to_json()
    spec = json.loads(first)
    assert spec["title"]["text"]
    assert "param_" not in first and '"view_' not in first
    encodings = [node["encoding"] for node in _walk(spec) if isinstance(node.get("encoding"), dict)]
    # A named x axis, and a y axis whose title was chosen (None only where the labels are the names).
    assert any(e.get("x", {}).get("title") for e in encodings), name
    assert any("title" in e.get("y", {}) for e in encodings), name


def _walk(spec):
    if isinstance(spec, dict):
        yield spec
        for value in spec.values():
            yield from _walk(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from _walk(value)


@pytest.mark.parametrize("name", list(_hands_charts()))
def test_chart_is_deterministic_and_titled(name):
    make = _hands_charts()[name]
    first, second = make().to_json(), make().to_json()
    assert first == second
    spec = json.loads(first)
    assert spec["title"]["text"]
    assert "param_" not in first and "view_" not in first  # no auto-numbered names


@pytest.mark.parametrize("name", list(_hands_charts()))
def test_every_positional_axis_has_a_title(name):
    spec = _hands_charts()[name]().to_dict()
    for node in _walk(spec):
        encoding = node.get("encoding", {}) if isinstance(node.get("encoding"), dict) else {}
        for channel in ("x", "y"):
            if channel in encoding and "field" in encoding[channel] and encoding[channel]["field"] != "y":
                assert encoding[channel].get("title"), (name, channel)


def test_charts_name_the_hr5_setting():
    spec = json.dumps(charts.hierarchy_chart(odds.hierarchy_vs_rarity(ace_low=False)).to_dict()["title"])
    assert odds.hr5_label(False) in spec
    spec = json.dumps(charts.category_odds_chart(odds.category_odds(ace_low=True)).to_dict()["title"])
    assert odds.hr5_label(True) in spec


def test_hierarchy_chart_refuses_two_settings_at_once():
    with pytest.raises(ValueError, match="one HR-5 setting"):
        charts.hierarchy_chart(odds.hierarchy_vs_rarity(ace_low=(True, False)))


def test_impossible_categories_are_left_off_the_log_scale():
    spec = charts.category_odds_chart(odds.category_odds(20, ace_low=True)).to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert all(row["probability"] > 0 for row in rows)
    assert {row["category"] for row in rows}.isdisjoint({"flush", "high card"})


def test_charts_display_as_vegalite_and_svg_without_html_or_random_ids():
    import altair as alt

    chart = charts.high_card_vs_pair_chart(odds.high_card_vs_pair())
    assert alt.renderers.active == "cardlab"
    bundle, _ = chart._repr_mimebundle_()
    assert set(bundle) == {charts.VEGALITE_MIME, charts.SVG_MIME, "text/plain"}
    # The static image (for GitHub and nbviewer) draws this chart: its title is in it.
    assert bundle[charts.SVG_MIME].startswith("<svg") and "high card" in bundle[charts.SVG_MIME].lower()
    assert bundle[charts.VEGALITE_MIME]["$schema"].endswith("/v5.json")
    assert bundle == chart._repr_mimebundle_()[0]
