"""The teacher's guides (issue 36, item 5): one per game in every language, each a 45-minute
plan that links its printable rule card and names the game's drills as the app says them.

English guides are ``docs/teaching/<game>.md``, the others ``docs/teaching/<lang>/<game>.md``
(as ``docs/rules/`` keeps its languages); the cards are ``docs/teaching/cards/``
(``tests/test_rule_cards.py`` checks them against the package).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.drills import KINDS
from cardlab.games import GAMES
from cardlab.widgets.rule_card import card_name
from cardlab.words import LANGUAGES, language
from cardlab.words.drills import kind_title

TEACHING = Path(__file__).resolve().parent.parent / "docs" / "teaching"
GUIDES = [(game, lang) for game in GAMES for lang in LANGUAGES]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
RULE_ID = re.compile(r"\b(?:HR|KB|DP|PP|FL)-\d+\b")


def folder(lang: str) -> Path:
    return TEACHING if lang == "en" else TEACHING / lang


def guide(game: str, lang: str) -> Path:
    return folder(lang) / f"{game.replace('_', '-')}.md"


def objectives(text: str) -> list[set[str]]:
    """The rule ids of each objective: the bullets under the first level-2 heading."""
    part = text.split("\n## ", 2)[1]
    return [set(RULE_ID.findall(line.split(":")[0])) for line in part.splitlines() if line.startswith("- **")]


@pytest.mark.parametrize(("game", "lang"), GUIDES)
def test_a_guide_links_its_card_and_every_link_resolves(game, lang):
    path = guide(game, lang)
    assert path.exists(), path
    text = path.read_text(encoding="utf-8")
    links = [link for link in LINK.findall(text) if "://" not in link]
    assert any(link.endswith(card_name(game, lang)) for link in links), f"{path} does not link its card"
    missing = [link for link in links if not (path.parent / link).resolve().exists()]
    assert not missing, f"{path}: broken links {missing}"


@pytest.mark.parametrize(("game", "lang"), GUIDES)
def test_a_guide_plans_45_minutes(game, lang):
    text = guide(game, lang).read_text(encoding="utf-8")
    minutes = [int(row.group(1)) for row in re.finditer(r"^\| (\d+) \|", text, flags=re.MULTILINE)]
    assert len(minutes) == 5 and sum(minutes) == 45, minutes


@pytest.mark.parametrize(("game", "lang"), GUIDES)
def test_a_guide_names_the_games_drills_as_the_app_says_them(game, lang):
    text = guide(game, lang).read_text(encoding="utf-8")
    kinds = [name for name, kind in KINDS.items() if kind.game == game]
    assert kinds
    with language(lang):
        titles = [kind_title(name) for name in kinds]
    assert all(f"*{title}*" in text for title in titles), [t for t in titles if f"*{t}*" not in text]


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g, lang in GUIDES if lang != "en"])
def test_a_translation_has_the_english_guides_objectives_and_parts(game, lang):
    english, text = (guide(game, "en").read_text(encoding="utf-8"), guide(game, lang).read_text(encoding="utf-8"))
    assert objectives(text) == objectives(english) and len(objectives(english)) >= 3
    assert len(re.findall(r"^## ", text, flags=re.MULTILINE)) == len(re.findall(r"^## ", english, flags=re.MULTILINE))
    assert sorted(RULE_ID.findall(text)) == sorted(RULE_ID.findall(english))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_an_index_of_the_guides_and_cards(lang):
    index = folder(lang) / "README.md"
    text = index.read_text(encoding="utf-8")
    for game in GAMES:
        assert f"({game.replace('_', '-')}.md)" in text
        for other in LANGUAGES:
            assert card_name(game, other) in text
    assert not [link for link in LINK.findall(text) if "://" not in link and not (index.parent / link).resolve().exists()]
