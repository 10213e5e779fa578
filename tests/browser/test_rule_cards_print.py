"""Each printable rule card prints on one page, A4 and Letter, in Chromium (issue 36, item 5);
axe-core finds nothing serious on it."""

from __future__ import annotations

import re

import pytest

from cardlab.games import GAMES
from cardlab.widgets.rule_card import rule_card_html
from cardlab.words import LANGUAGES

from .a11y import axe_violations


def pages(pdf: bytes) -> int:
    """The pages of a PDF Chromium printed: its page objects (not the page tree's /Pages)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_card_prints_on_one_page(page, game):
    for lang in LANGUAGES:
        page.set_content(rule_card_html(game, lang))
        for paper in ("A4", "Letter"):
            assert pages(page.pdf(format=paper)) == 1, (game, lang, paper)


def test_every_card_is_accessible(page):
    for game in GAMES:
        for lang in LANGUAGES:
            page.set_content(rule_card_html(game, lang))  # a new document: axe-core injected again
            assert axe_violations(page) == [], (game, lang)
