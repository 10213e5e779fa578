"""The rule pages in the games' own languages (issue 29, items 4 and 5).

Every folder ``docs/rules/<lang>/`` (sv, pl, uk ...) holds a full translation of each
English page in ``docs/rules/``: the same headings at the same levels in the same order,
each rule heading starting with the same id (``## KB-4 Passa``). The page of a game
whose source text is in that language keeps the text verbatim in a last section with
the anchor ``<a id="source"></a>``; the texts are kept in ``docs/rules/seeds/``. Each
language has a glossary ``docs/glossary/<lang>.md`` whose every term is found, as
written, in the sections of the rules it names (KB-4 for ``passa``, FL-7 for a trick).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.rules import BOOKS, RULE_ID, RULES, rules_of

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"
SEEDS_DIR = RULES_DIR / "seeds"
GLOSSARY_DIR = ROOT / "docs" / "glossary"
#: The English pages: one per book of cardlab.rules, and the index.
PAGES = ("README.md", *(Path(page).name for _, page in BOOKS.values()))
BOOK_OF_PAGE = {Path(page).name: book for book, (_, page) in BOOKS.items()}
#: Each source text (``<name>.<lang>.txt``) and the pages of its language that keep it.
#: The Polish text describes both poker games: each page keeps the part it concerns, or
#: one keeps it all and the other links to it, but both have the section.
SEED_PAGES = {
    "kontrabluff.sv.txt": ("kontrabluff.md",),
    "poker-and-parallel-poker.pl.txt": ("draw-poker.md", "parallel-poker.md"),
    "fight-for-the-lead.uk.txt": ("fight-for-the-lead.md",),
}
LANGS = sorted(d.name for d in RULES_DIR.iterdir() if d.is_dir() and d != SEEDS_DIR)
SOURCE_ANCHOR = '<a id="source"></a>'
GLOSSARY_HEADER = "| Term | English | Rules | As written |"
HEADING = re.compile(r"^(#{1,6}) +(.+?)\s*$")


def _lines_outside_fences(text: str) -> list[tuple[str, bool]]:
    """Each line with whether it is prose (not inside a fenced block), so a ``#`` in a
    quoted source text is never taken for a heading."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            out.append((line, False))
        else:
            out.append((line, not fenced))
    return out


def _sections(text: str) -> list[tuple[int, str, str]]:
    """The page cut at its headings: (level, heading text, body up to the next heading).

    >>> _sections("# T\\nintro\\n## KB-1 Giv\\nx\\n```text\\n# no\\n```")
    [(0, '', ''), (1, 'T', 'intro'), (2, 'KB-1 Giv', 'x\\n```text\\n# no\\n```')]
    """
    sections: list[tuple[int, str, list[str]]] = [(0, "", [])]
    for line, prose in _lines_outside_fences(text):
        match = HEADING.match(line) if prose else None
        if match:
            sections.append((len(match[1]), match[2], []))
        else:
            sections[-1][2].append(line)
    return [(level, title, "\n".join(body).strip()) for level, title, body in sections]


def _is_source(section: tuple[int, str, str]) -> bool:
    level, _, body = section
    return level == 2 and body.startswith(SOURCE_ANCHOR)


def _shape(text: str) -> list[tuple[int, str | None]]:
    """Each heading's level and, for a rule heading, its id; the source text's section
    (an extra on a translated page) left out."""
    return [(level, m[0] if (m := RULE_ID.match(title)) else None)
            for level, title, body in _sections(text)[1:] if not _is_source((level, title, body))]


def _rule_sections(text: str) -> dict[str, str]:
    """Each rule id's heading and text, down to the next heading of level 1 or 2."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for level, title, body in _sections(text)[1:]:
        if level <= 2:
            current = m[0] if (m := RULE_ID.match(title)) else None
        if current:
            found.setdefault(current, []).append(f"{title}\n{body}")
    return {rid: "\n".join(parts) for rid, parts in found.items()}


def _flat(text: str) -> str:
    """Whitespace normalised and markdown emphasis dropped, lower case: how a form or a
    source text is looked for across the pages' line breaks."""
    return " ".join(text.replace("*", "").split()).casefold()


def _page(lang: str, name: str) -> str:
    return (RULES_DIR / lang / name).read_text(encoding="utf-8")


def test_the_languages_are_folders_named_by_language_code():
    assert "sv" in LANGS
    assert all(re.fullmatch(r"[a-z]{2,3}", lang) for lang in LANGS), LANGS
    assert sorted(p.name for p in RULES_DIR.glob("*.md")) == sorted(PAGES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_page_has_its_translation(lang):
    assert sorted(p.name for p in (RULES_DIR / lang).glob("*.md")) == sorted(PAGES)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_page_has_the_english_headings_and_rule_ids_in_order(lang, page):
    english, translated = (RULES_DIR / page).read_text(encoding="utf-8"), _page(lang, page)
    assert _shape(translated) == _shape(english), "headings differ in level, order or rule id"
    book = BOOK_OF_PAGE.get(page)
    ids = [rid for _, rid in _shape(translated) if rid]
    assert ids == ([r.id for r in rules_of(book)] if book else [])
    # A rule heading is the id, then a title in the language (``## KB-4 Passa``).
    heading = re.compile(rf"({RULE_ID.pattern}) (\S.*)")
    titles = {m[1]: m[2] for _, title, _ in _sections(translated) if (m := heading.match(title))}
    assert list(titles) == ids
    if ids:
        assert any(titles[rid] != RULES[rid].title for rid in ids), "rule titles left in English"
    assert translated != english


@pytest.mark.parametrize("seed", [s for s in SEED_PAGES if s.split(".")[-2] in LANGS])
def test_the_source_text_is_kept_verbatim_beside_its_reading(seed):
    """KB-1 ... KB-12 read the Swedish text, DP and PP the Polish one, FL the Ukrainian one."""
    lang = seed.split(".")[-2]
    text = (SEEDS_DIR / seed).read_text(encoding="utf-8")
    kept = []
    for name in SEED_PAGES[seed]:
        sections = _sections(_page(lang, name))
        assert _is_source(sections[-1]), f"{lang}/{name}: the last section is not the source text with its anchor"
        assert sum(map(_is_source, sections)) == 1
        kept.append(_flat(sections[-1][2]))
    if len(kept) == 1:
        assert "```text" in kept[0] and _flat(text) in kept[0]
    else:
        missing = [line for line in text.splitlines() if line.strip() and not any(_flat(line) in k for k in kept)]
        assert not missing, f"lines of {seed} on none of {SEED_PAGES[seed]}: {missing[:3]}"


def test_every_source_text_is_kept_in_the_repository():
    assert sorted(p.name for p in SEEDS_DIR.glob("*.txt")) == sorted(SEED_PAGES)
    assert all((SEEDS_DIR / seed).read_text(encoding="utf-8").strip() for seed in SEED_PAGES)


def _glossary(lang: str) -> list[dict[str, str]]:
    """The rows of the glossary's one table, by column."""
    lines = (GLOSSARY_DIR / f"{lang}.md").read_text(encoding="utf-8").splitlines()
    tables = [i for i, line in enumerate(lines) if line.startswith("|") and not lines[i - 1].startswith("|")]
    assert len(tables) == 1 and lines[tables[0]].strip() == GLOSSARY_HEADER, "one table with the agreed header"
    columns = [c.strip() for c in GLOSSARY_HEADER.strip("|").split("|")]
    rows = []
    for line in lines[tables[0] + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == len(columns) and all(cells), line
        rows.append(dict(zip(columns, cells)))
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_cites_existing_rules(lang):
    rows = _glossary(lang)
    assert len(rows) >= 30  # the note's words, the hand names and the main game words
    for row in rows:
        ids = [rid.strip() for rid in row["Rules"].split(",")]
        assert all(RULE_ID.fullmatch(rid) and rid in RULES for rid in ids), row


@pytest.mark.parametrize("lang", LANGS)
def test_each_glossary_term_is_used_where_its_rule_is(lang):
    """A row of ``syna`` citing KB-6 and DP-3 needs ``synar`` (as written) in one of
    those sections of the pages in this language."""
    pages: dict[str, dict[str, str]] = {}
    missing = []
    for row in _glossary(lang):
        ids = [rid.strip() for rid in row["Rules"].split(",")]
        sections = []
        for rid in ids:
            page = Path(BOOKS[RULES[rid].book][1]).name
            if page not in pages:
                pages[page] = {r: _flat(s) for r, s in _rule_sections(_page(lang, page)).items()}
            sections.append(pages[page].get(rid, ""))
        for form in (f.strip() for f in row["As written"].split(",")):
            word = re.compile(rf"(?<!\w){re.escape(_flat(form))}(?!\w)")
            if not any(word.search(s) for s in sections):
                missing.append(f"{form!r} not in {', '.join(ids)}")
    assert not missing, missing
