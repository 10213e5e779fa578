"""The gaps the translators found (issue 29): one English word with two meanings, buttons
and rule titles, plural forms and numbers of the coach, a sentence no longer parsed
back, every table's ``lang=`` and parallel poker's turn line, in every language.
"""

from __future__ import annotations

import html
import inspect
import re

import pytest

from cardlab.games.draw_poker import DrawPoker
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.records import Action
from cardlab.rules import rule
from cardlab.words import LANGUAGES, VERBS, decimal_amount, language, number_text, percent_text, translate_in
from cardlab.words.coach import ROUND, ROUNDS, coach_line
from cardlab.words.seats import zone_word

OTHERS = ("sv", "pl", "uk")


@pytest.mark.parametrize(("lang", "held", "deal"), [("pl", "ręka", "rozdanie"), ("uk", "рука", "роздача"),
                                                    ("sv", "hand", "giv")])
def test_a_hand_held_and_a_hand_dealt_are_two_words(lang, held, deal):
    """The zone 'hand' (the cards held) and draw poker's 'hand' the coach counts in (a deal,
    DP-8) are two messages with their own contexts."""
    with language(lang):
        assert zone_word("hand") == held
        assert translate_in(ROUND, ROUNDS["draw_poker"]) == deal


@pytest.mark.parametrize("lang", OTHERS)
def test_a_button_says_a_command_where_a_rule_title_names_the_step(lang):
    """'Exchange' (FL-6) and 'Draw' (DP-5) are rule titles and buttons: the button's message
    has the context 'button', so each says its own form."""
    pages = {"FL-6": VERBS["fight_for_the_lead"]["exchange"], "DP-5": VERBS["draw_poker"]["draw"]}
    for rule_id, verb in pages.items():
        title = rule(rule_id, lang=lang).title
        with language(lang):
            button = verb.label()
        assert button != title, (rule_id, button)
        with language("en"):
            assert verb.label() == rule(rule_id, lang="en").title  # one English word, two messages
    with language("sv"):
        assert VERBS["fight_for_the_lead"]["exchange"].label() == "Byt"
    assert rule("FL-6", lang="sv").title == "Byte"


@pytest.mark.parametrize(("lang", "numbers"), [
    ("en", ("2,000", "20,000", "-7.5", "+1.5", "28.7%")),
    ("sv", ("2\u00a0000", "20\u00a0000", "\u22127,5", "+1,5", "28,7\u00a0%")),
    ("pl", ("2000", "20\u00a0000", "-7,5", "+1,5", "28,7%")),
    ("uk", ("2\u00a0000", "20\u00a0000", "-7,5", "+1,5", "28,7%")),
])
def test_numbers_are_written_the_languages_way(lang, numbers):
    with language(lang):
        said = (number_text(2000), number_text(20000), number_text(-7.5, 1), number_text(1.5, 1, sign=True),
                percent_text(0.2871, 1))
    assert said == numbers


@pytest.mark.parametrize(("lang", "points", "chips"), [("en", "7.5 points", "1.0 chips"),
                                                       ("pl", "7,5 punktu", "1,0 żetonu"),
                                                       ("uk", "7,5 очка", "1,0 фішки"),
                                                       ("sv", "7,5 poäng", "1,0 marker")])
def test_a_decimal_amount_takes_the_form_for_fractions(lang, points, chips):
    """gettext's plural forms count whole numbers; an amount with decimals is its own
    message, in the form every language uses for fractions (CLDR's 'other')."""
    with language(lang):
        assert (decimal_amount(7.5, "points"), decimal_amount(1.0, "chips")) == (points, chips)


def _verdict(cost: float):
    from types import SimpleNamespace

    return SimpleNamespace(seat=0, move=3, action=Action("pass"), value=-cost, best=Action("call"), best_value=0.0,
                           cost=cost, unit="chips", method="sampled", basis="deals", samples=400, margin=0.2,
                           chance=0.12, best_chance=0.58, chance_of="ahead", agrees=False, hand=())


@pytest.mark.parametrize(("cost", "form"), [(1.2, "1 żeton"), (2.4, "2 żetony"), (5.0, "5 żetonów"), (22.0, "22 żetony"),
                                            (25.4, "25 żetonów")])
def test_the_coach_counts_with_the_real_count(cost, form):
    """'about 22 chips worse' takes Polish's second form (żetony), '25' the third: ngettext
    gets the whole number said, not 1 or 2; DP-8's unit is a deal ('to rozdanie'), and the
    chance is said as the drills say it ('około 1 raz na 10')."""
    with language("pl"):
        line = coach_line(_verdict(cost), DrawPoker())
    assert f"o {form} gorzej" in line and "Wygrywasz to rozdanie około 1 raz na 10." in line, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_draw_pokers_how_to_says_the_session_without_parsing_a_sentence(lang):
    """The how-to's session length is a template of its own (no rule part cut off a
    sentence, DP-10)."""
    from cardlab.widgets import howto
    from cardlab.words.draw_poker import session_length

    assert ".partition(" not in inspect.getsource(howto)
    with language(lang):
        for game in (DrawPoker(hands=3), DrawPoker()):
            said = howto.figures(game)["session"]
            assert said == session_length(game) and "DP-10" not in said
            assert said in howto.how_to_play_html(game)


@pytest.mark.parametrize("name", ["kontrabluff", "draw_poker", "parallel_poker", "fight_for_the_lead"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_takes_lang_for_every_game(name, lang):
    from cardlab.widgets import play

    table = play(name, seed=1, lang=lang)
    assert table.lang == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_parallel_pokers_turn_line_says_what_to_do(lang):
    """The arrangement is offered as no list (PP-2): the turn line says the verb's prompt,
    on the game's own table and on a plain one, never 'Your turn: .'."""
    from cardlab.widgets import ParallelPokerTable, Table

    for table in (ParallelPokerTable(seed=2, lang=lang), Table(ParallelPoker(), seed=2, lang=lang)):
        assert table.seen.my_turn and not table.seen.offers
        status = html.unescape(re.sub(r"<[^>]*>", "", table._status.value))
        with language(lang):
            prompt = table.turn_prompt()
        assert len(prompt) > 20 and f": {prompt}." in status
        assert ": ." not in status
