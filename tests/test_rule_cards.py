"""The printable rule cards (issue 36, item 5): the committed cards are what the package makes.

``docs/teaching/cards/<game>.<lang>.html`` is written by ``python -m cardlab.widgets.rule_card``
from the games' own data (the how-to words, the spec's figures, the hand order), so a card
that differs from :func:`~cardlab.widgets.rule_card.rule_card_html` has drifted from the
rules: make the cards again. That each card prints on one page is
``tests/browser/test_rule_cards_print.py``'s.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.games import GAMES
from cardlab.widgets.rule_card import card_name, rule_card_html, write_cards
from cardlab.words import LANGUAGES
from cardlab.words.howto import HOW_TO_PLAY

CARDS = Path(__file__).resolve().parent.parent / "docs" / "teaching" / "cards"
PAIRS = [(game, lang) for game in GAMES for lang in LANGUAGES]


@pytest.mark.parametrize(("game", "lang"), PAIRS)
def test_the_committed_card_is_what_the_package_makes(game, lang):
    path = CARDS / card_name(game, lang)
    assert path.exists(), f"{path.name} is missing: python -m cardlab.widgets.rule_card docs/teaching/cards"
    assert path.read_text(encoding="utf-8") == rule_card_html(game, lang), (
        f"{path.name} has drifted from the rules: python -m cardlab.widgets.rule_card docs/teaching/cards")


def test_there_is_no_other_card():
    assert sorted(p.name for p in CARDS.glob("*.html")) == sorted(card_name(g, lang) for g, lang in PAIRS)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_card_cites_every_rule_of_its_how_to_in_every_language(game):
    for lang in LANGUAGES:
        card = rule_card_html(game, lang)
        assert f'<html lang="{lang}">' in card
        cited = set(re.findall(r"\b[A-Z]{2}-\d+\b", card))
        assert set(HOW_TO_PLAY[game].rules) <= cited, (lang, set(HOW_TO_PLAY[game].rules) - cited)


def test_the_hand_order_follows_the_deck():
    from cardlab.games.draw_poker import DrawPoker

    def order(card):
        return re.findall(r"<li><b>([^<]+)</b>", card)

    assert order(rule_card_html(DrawPoker(deck_size=52)))[1:4] == ["four of a kind", "full house", "flush"]
    assert order(rule_card_html(DrawPoker(deck_size=36)))[1:4] == ["four of a kind", "flush", "full house"]  # HR-4
    assert order(rule_card_html(DrawPoker(deck_size=32)))[1:4] == ["flush", "four of a kind", "full house"]
    # every example is a hand of its own kind, checked by the engine when made; none in 20 cards for a flush
    assert "<li><b>flush</b></li>" in rule_card_html(DrawPoker(deck_size=20, players=2))


def test_the_writer_writes_every_card(tmp_path):
    written = write_cards(tmp_path)
    assert sorted(p.name for p in written) == sorted(card_name(g, lang) for g, lang in PAIRS)
    assert (tmp_path / card_name("kontrabluff", "uk")).read_text(encoding="utf-8") == rule_card_html("kontrabluff", "uk")


def test_a_bad_language_is_refused():
    with pytest.raises(ValueError, match="xx"):
        rule_card_html("kontrabluff", "xx")
