"""Charts are deterministic, titled, labelled and name the HR-5 setting."""

import json

import pytest

from cardlab import charts
from cardlab.analysis import hands as odds


def _hands_charts():
    return {
        "category_odds": lambda: charts.category_odds_chart(odds.category_odds()),
        "hierarchy": lambda: charts.hierarchy_chart(odds.hierarchy_vs_rarity(ace_low=False)),
        "high_card_vs_pair": lambda: charts.high_card_vs_pair_chart(odds.high_card_vs_pair(ace_low=(True, False))),
    }


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
