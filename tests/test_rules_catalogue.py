"""The rule catalogue (cardlab.rules) and what cites it: every rule id cited anywhere in
the package, the tests, the notebooks and the README exists; every rule is cited by at
least one test; the pages in docs/rules give every rule under the catalogue's title.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardlab.rules import BOOKS, RULE_ID, RULES, cited, rule, rule_text, rules_of

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*ROOT.glob("README.md"), *(p for folder in ("cardlab", "tests", "notebooks") for pattern in ("*.py", "*.md", "*.ipynb")
                                      for p in (ROOT / folder).rglob(pattern) if ".ipynb_checkpoints" not in p.parts)]
#: Ids that look like rule ids on purpose (an unknown id's refusal), and the files allowed to show them.
NOT_RULES = {"KB-13": {"cardlab/rules.py", "tests/test_rules_catalogue.py"}}
# A test named after a rule: test_kb2_..., test_kb10_kb11_...
TEST_NAME_ID = re.compile(r"(?:^|_)(hr|kb|dp|pp|fl|en)(\d+)(?=_|$)")


def test_the_catalogue_holds_every_book_in_order():
    counts = {book: len(rules_of(book)) for book in BOOKS}
    assert counts == {"HR": 7, "KB": 12, "DP": 10, "PP": 5, "FL": 11, "EN": 6}
    for book in BOOKS:
        assert [r.number for r in rules_of(book)] == list(range(1, counts[book] + 1))
    assert all(r.title and r.statement.endswith(".") and r.statement[0].isupper() for r in RULES.values())
    assert all(len(re.findall(r"[.!?](?:\s|$)", r.statement)) <= 3 for r in RULES.values())  # short statements
    assert rule_text("KB-2").startswith("KB-2 Who leads a round: The non-dealer leads the first round")


@pytest.mark.parametrize("bad", ["KB-13", "XX-1", "", 4])
def test_an_unknown_rule_id_is_a_key_error_that_says_what_exists(bad):
    with pytest.raises(KeyError, match="rule"):
        rule(bad)


def test_the_catalogue_is_engine_layer_and_imports_nothing_of_cardlab():
    tree = ast.parse((ROOT / "cardlab" / "rules.py").read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    # gettext and pathlib read the rules' translations (issue 29) from the catalogs
    assert imported <= {"__future__", "re", "dataclasses", "gettext", "pathlib"}, imported


def test_every_rule_id_cited_in_code_tests_notebooks_and_readme_exists():
    assert len(SOURCES) > 40
    unknown: dict[str, list[str]] = {}
    for path in SOURCES:
        where = path.relative_to(ROOT).as_posix()
        for rid in cited(path.read_text(encoding="utf-8")):
            if rid not in RULES and where not in NOT_RULES.get(rid, ()):
                unknown.setdefault(rid, []).append(where)
    assert not unknown, f"ids cited but not in cardlab.rules: {unknown}"


def _ids_cited_by_tests() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == Path(__file__).name:
            continue  # this file names ids to check them, not to test them
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                ids = set(cited(ast.get_source_segment(source, node) or ""))
                ids |= {f"{book.upper()}-{n}" for book, n in TEST_NAME_ID.findall(node.name)}
                for rid in ids:
                    found.setdefault(rid, set()).add(f"{path.name}::{node.name}")
    return found


def test_every_rule_is_cited_by_a_test():
    tested = _ids_cited_by_tests()
    assert [rid for rid in RULES if rid not in tested] == []
    assert set(tested) <= set(RULES), sorted(set(tested) - set(RULES))


def test_the_docs_give_every_rule_under_its_title_and_cite_only_known_ids():
    pages = {book: ROOT / page for book, (_, page) in BOOKS.items()}
    for book, page in pages.items():
        text = page.read_text(encoding="utf-8")
        headings = dict(re.findall(r"^## ((?:HR|KB|DP|PP|FL|EN)-\d+) (.+)$", text, flags=re.M))
        assert headings == {r.id: r.title for r in rules_of(book)}, page.name
        assert set(cited(text)) <= set(RULES), page.name
        assert "shared/" not in text and "seeds/" not in text  # the repo stands on its own
    index = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    assert all(Path(page).name in index for _, page in BOOKS.values())


def test_the_readme_links_the_rule_pages_of_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", readme)
    assert {page for _, page in BOOKS.values()} <= set(links)
    assert all("://" not in link and not link.startswith(("/", "..")) and (ROOT / link).exists() for link in links)
    assert RULE_ID.search(readme)
    # The rule pages, in English and in docs/rules/<lang>/, and the glossaries link only
    # each other; a link to an anchor (kontrabluff.md#source) needs that anchor.
    for page in [*(ROOT / "docs" / "rules").rglob("*.md"), *(ROOT / "docs" / "glossary").glob("*.md")]:
        for link in re.findall(r"\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
            path, _, anchor = link.partition("#")
            target = page.parent / path if path else page
            assert "://" not in link and target.exists(), (page.relative_to(ROOT).as_posix(), link)
            assert not anchor or f'<a id="{anchor}"></a>' in target.read_text(encoding="utf-8"), (page.name, link)


def test_a_game_added_later_brings_its_own_book_of_rules(monkeypatch):
    """Issue 35: a fifth game's module adds its rules; they are cited, stated and said like cardlab's own."""
    import cardlab.rules as rules

    monkeypatch.setattr(rules, "BOOKS", dict(rules.BOOKS))
    monkeypatch.setattr(rules, "RULES", dict(rules.RULES))
    monkeypatch.setattr(rules, "RULE_ID", rules.RULE_ID)
    added = rules.add_book("HC", "high card", "tests/high_card.md", [("Three cards", "three cards each."),
                                                                      ("Play", "lay one card in turn.")])
    assert [r.id for r in added] == ["HC-1", "HC-2"] and rules.rule("hc-2").statement == "Lay one card in turn."
    assert rules.cited("HC-2 and KB-4") == ["HC-2", "KB-4"] and rules.rules_of("HC") == list(added)
    assert rules.rule_text("HC-1", "pl") == "HC-1 Three cards: Three cards each."  # untranslated: English
    for book, wrong in (("HC", "has its rules already"), ("hc", "two capital letters"), ("XY", "at least one rule")):
        with pytest.raises(ValueError, match=wrong):
            rules.add_book(book, "x", "x.md", [] if book == "XY" else [("T", "s.")])
