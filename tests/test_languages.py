"""The languages (issue 29): the catalogs, their plural forms, and the one switch.

cardlab speaks English, Swedish (Kontrabluff's source text), Polish (draw poker and
parallel poker) and Ukrainian (Fight for the Lead). The messages are gettext catalogs
made with Babel (``tools/catalogs.sh``): ``cardlab/locale/cardlab.pot``, one ``.po`` per
language and its compiled ``.mo``.
"""

from __future__ import annotations

import gettext
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from cardlab.cards import Card
from cardlab.engine import Action
from cardlab.rules import rule, rule_text
from cardlab.words import (
    LANGUAGES,
    Plural,
    card_text,
    cards_text,
    check_language,
    current_language,
    fill,
    language,
    translate,
)

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardlab" / "locale"
OTHERS = ("sv", "pl", "uk")
#: The languages whose catalogs are translated in full (the others fall back to English).
TRANSLATED: tuple[str, ...] = ("sv", "pl", "uk")

#: gettext's standard Plural-Forms of each language (shared/notes/languages.md).
PLURAL_FORMS = {
    "sv": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
#: The form each count takes: 1 karta, 2 karty, 5 kart, 11 kart, 21 kart, 22 karty, 25 kart;
#: 1 карта, 2 карти, 5 карт, 11 карт, 21 карта, 22 карти, 25 карт.
FORMS = {
    "sv": {1: 0, 2: 1, 5: 1, 11: 1, 21: 1, 22: 1, 25: 1},
    "pl": {1: 0, 2: 1, 5: 2, 11: 2, 21: 2, 22: 1, 25: 2},
    "uk": {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2},
}


def _po(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlab.po", "rb") as file:
        return read_po(file)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _ids(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def test_the_template_holds_every_message_a_fresh_extraction_finds(tmp_path):
    """The committed .pot is what ``tools/catalogs.sh extract`` makes now: no message of the
    registries (templates, verbs, notices, rules ...) or of a call is missing from it."""
    if shutil.which("pybabel") is None:
        pytest.skip("pybabel is not installed")
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "cardlab", copy / "cardlab", ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.po"))
    for name in ("babel.cfg", "pyproject.toml"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "tools", copy / "tools")
    subprocess.run(["bash", "tools/catalogs.sh", "extract"], cwd=copy, check=True, capture_output=True)
    with open(copy / "cardlab" / "locale" / "cardlab.pot", "rb") as file:
        fresh = _ids(read_po(file))
    with open(LOCALE / "cardlab.pot", "rb") as file:
        kept = _ids(read_po(file))
    assert fresh == kept, (f"missing from cardlab.pot: {sorted(map(str, fresh - kept))[:10]}; "
                           f"stale: {sorted(map(str, kept - fresh))[:10]} (run tools/catalogs.sh)")


def test_the_template_has_the_registries_messages():
    with open(LOCALE / "cardlab.pot", "rb") as file:
        ids = _ids(read_po(file))
    from cardlab.catalogs import messages

    wanted = {(context, (msgid, plural) if plural else msgid) for msgid, plural, context in messages()}
    assert wanted <= ids and len(ids) > 500
    assert (None, "{seat} lays {card}") in ids and ("rank letter", "J") in ids  # KB-3; a card's rank letter


@pytest.mark.parametrize("lang", OTHERS)
def test_each_catalog_has_its_languages_plural_forms_and_every_message(lang):
    catalog = _po(lang)
    assert catalog.plural_forms == PLURAL_FORMS[lang]
    with open(LOCALE / "cardlab.pot", "rb") as file:
        template = _ids(read_po(file))
    # a catalog being translated elsewhere catches up with the template when it is merged
    # (tools/catalogs.sh update <lang>); a translated one holds exactly its messages
    assert _ids(catalog) == template if lang in TRANSLATED else len(template - _ids(catalog)) < 10


@pytest.mark.parametrize("lang", OTHERS)
def test_every_translation_keeps_the_placeholders_of_its_message(lang):
    """A translation may reorder a sentence, never lose or invent a named placeholder."""
    wrong = []
    for message in _po(lang):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*map(_fields, ids))
        for said in strings:
            if said and _fields(said) != wanted:
                wrong.append((message.id, said))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_is_translated(lang):
    if lang not in TRANSLATED:
        pytest.xfail(f"the {lang} catalog is being translated (it falls back to English meanwhile)")
    untranslated = [m.id for m in _po(lang) if m.id and (not m.string or not all(m.string) or m.fuzzy)]
    assert not untranslated, untranslated[:10]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_compiled_catalog_matches_its_source(lang):
    """The .mo the wheel ships says what the .po says (tools/catalogs.sh compile)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlab.mo", "rb") as file:
        compiled = gettext.GNUTranslations(file)
    for message in _po(lang):
        if not message.id or message.fuzzy or not message.string or not all(message.string):
            continue
        if isinstance(message.id, str):
            got = (compiled.pgettext(message.context, message.id) if message.context
                   else compiled.gettext(message.id))
            assert got == message.string, message.id
        else:
            for n in (1, 2, 5):
                index = compiled.plural(n)
                assert compiled.ngettext(*message.id, n) == message.string[index], message.id


@pytest.mark.parametrize("lang", OTHERS)
def test_plural_forms_for_1_2_5_11_21_22_25(lang):
    header = PLURAL_FORMS[lang].split("plural=")[1].rstrip(";")
    plural = gettext.c2py(header)
    assert {n: plural(n) for n in FORMS[lang]} == FORMS[lang]
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlab.mo", "rb") as file:
        compiled = gettext.GNUTranslations(file)
    assert {n: compiled.plural(n) for n in FORMS[lang]} == FORMS[lang]


def test_the_switch_is_one_context_per_table_and_english_by_default(monkeypatch):
    assert check_language("pl_PL.UTF-8") == "pl" and check_language("uk") == "uk"
    with pytest.raises(ValueError, match="cardlab speaks en, sv, pl, uk"):
        check_language("de")
    with language("en"):
        assert fill(Plural("{n} card", "{n} cards", n="n"), n=5) == "5 cards"
        with language("pl"):
            assert current_language() == "pl"
        assert current_language() == "en"


def test_an_untranslated_message_falls_back_to_english():
    with language("pl"):
        assert translate("no such message, ever") == "no such message, ever"


def test_rank_letters_follow_the_language():
    """Rank letters as each language writes them; suits stay symbols."""
    queen, jack, ace = Card.parse("Qh"), Card.parse("Js"), Card.parse("Ad")
    with language("en"):
        assert (card_text(queen), cards_text([jack, ace])) == ("Q♥", "J♠ A♦")
    wanted = {"pl": ("D♥", "W♠ A♦"), "sv": ("D♥", "Kn♠ E♦"), "uk": ("Д♥", "В♠ Т♦")}
    for lang, said in wanted.items():
        if lang not in TRANSLATED:
            continue
        with language(lang):
            assert (card_text(queen), cards_text([jack, ace])) == said


def test_rules_take_a_language():
    assert rule("KB-4", lang="en") == rule("KB-4") and rule_text("KB-4").startswith("KB-4 Passing")
    for lang in TRANSLATED:
        assert rule("KB-4", lang=lang).title != "Passing" and rule("KB-4", lang=lang).id == "KB-4"
    with pytest.raises(ValueError):
        rule("KB-4", lang="xx")


def _event_messages() -> dict[str, set[str]]:
    """Each message of an event's sentence (its template, headline or a list's phrase, both
    forms of a plural; in the third person or said to you) with the names of the card
    fields it may fill."""
    from cardlab.games import GAMES
    from cardlab.records import CARD, CARDS
    from cardlab.words import HEADLINES, TEMPLATES, YOU_HEADLINES, YOU_TEMPLATES, Each, Lists

    found: dict[str, set[str]] = {}

    def add(template, cards: set[str]) -> None:
        if isinstance(template, Lists):
            add(template.template, cards)
            for _, each in template.lists:
                add(each, cards)
        elif isinstance(template, Each):
            add(template.phrase, cards)
        elif isinstance(template, Plural):
            for text in (template.one, template.other):
                found.setdefault(text, set()).update(cards)
        else:
            found.setdefault(template, set()).update(cards)

    for name, entry in GAMES.items():
        for kind in entry.spec.events:
            cards = {field for field, type_ in kind.fields if type_ in (CARD, CARDS)}
            for table in (TEMPLATES, HEADLINES):
                if kind.name in table.get(name, {}):
                    add(table[name][kind.name], cards)
            for said_to_you in (YOU_TEMPLATES, YOU_HEADLINES):
                for option in said_to_you.get(name, {}).get(kind.name, ()):
                    add(option.template, cards)
    return found


@pytest.mark.parametrize("lang", OTHERS)
def test_a_case_is_asked_only_of_an_events_cards(lang):
    """A translation may ask a card in a grammatical case (``{card:acc}``: the object of a
    verb, 'kładzie ósemkę kier') only of an event's card field, whose words know it."""
    from cardlab.words import CASES

    events = _event_messages()
    wrong = []
    for message in _po(lang):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for said in strings:
            for _, name, spec, _ in string.Formatter().parse(said or ""):
                if name and spec and not (spec in CASES and any(name in events.get(i, ()) for i in ids)):
                    wrong.append((ids[0], f"{{{name}:{spec}}}"))
    assert not wrong, wrong[:5]


def test_a_screen_reader_hears_a_played_card_as_the_verbs_object():
    """The live region says each card by its name in the case its sentence asks: Polish
    and Ukrainian put the card a player lays in the accusative; the symbols read the same."""
    from cardlab.games.kontrabluff import Kontrabluff
    from cardlab.words import card_name, describe
    from cardlab.words.cards import spoken

    state = Kontrabluff().new_state(seed=1, dealer=1)
    state.apply(Action("lay", "8h"))  # KB-3
    laid = state.history[-1]
    said = {"en": ("South lays 8♥", "South lays eight of hearts"), "sv": ("Syd lägger upp 8♥", "Syd lägger upp hjärter åtta"),
            "pl": ("Południe kładzie 8♥", "Południe kładzie ósemkę kier"), "uk": ("Південь кладе 8♥", "Південь кладе вісімку чирв")}
    for lang, (text, words) in said.items():
        with language(lang):
            assert (describe(laid, 2), spoken(laid, 2)) == (text, words)
    for code, pl, uk in (("Ks", "króla pik", "короля пік"), ("Qd", "damę karo", "даму бубен"), ("Ac", "asa trefl", "туза треф")):
        with language("pl"):
            assert card_name(Card.parse(code), "acc") == pl
        with language("uk"):
            assert card_name(Card.parse(code), "acc") == uk
