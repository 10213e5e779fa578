"""The rules on the page (issue 28): every game's how-to cites known rule ids and says the
scoring figures its code computes; the hand order of the deck in play; a glossary whose
terms the table uses; words without None, snake_case, nested brackets or '1 chips'.
"""

from __future__ import annotations

import html
import re

import pytest

from cardlab import words
from cardlab.engine import Action
from cardlab.games import draw_poker, fight_for_the_lead, kontrabluff, parallel_poker
from cardlab.games.registry import GAMES
from cardlab.hands import Category, HandRules, hierarchy
from cardlab.rules import RULES, cited
from cardlab.widgets.howto import (figures, game_hand_order_html, game_hand_rules, hand_order_html, how_to_play_html,
                                   term_html)
from cardlab.widgets.words import target_text, words_for
from cardlab.words.howto import HOW_TO_PLAY, TERMS, Amount, Numbers, amount, figure_text

SETTINGS = {
    "kontrabluff": [kontrabluff.Kontrabluff(), kontrabluff.Kontrabluff(target=1)],
    "draw_poker": [draw_poker.DrawPoker(), draw_poker.DrawPoker(players=2, deck_size=32, ante=1, hands=1)],
    "parallel_poker": [parallel_poker.ParallelPoker(), parallel_poker.ParallelPoker(games=3, hierarchy="32-card")],
    "fight_for_the_lead": [fight_for_the_lead.FightForTheLead(), fight_for_the_lead.FightForTheLead(ante=1, games=1)],
}
ALL = [game for games in SETTINGS.values() for game in games]


def _visible(page: str) -> str:
    """The text a reader sees: tags and their attributes dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _nested(text: str) -> bool:
    depth = 0
    for char in text:
        depth += char == "("
        if depth > 1:
            return True
        depth -= char == ")"
    return False


def test_every_game_has_a_how_to_and_a_glossary():
    assert set(HOW_TO_PLAY) == set(GAMES) == set(TERMS)


@pytest.mark.parametrize("game", ALL, ids=repr)
def test_how_to_cites_only_known_rule_ids_and_fills_every_figure(game):
    how = HOW_TO_PLAY[game.name]
    said = figures(game)
    for paragraph in how.paragraphs:
        assert paragraph.rules and set(paragraph.rules) <= set(RULES), paragraph
        assert paragraph.placeholders() <= set(said), paragraph.placeholders() - set(said)
        assert set(cited(paragraph.text)) <= set(RULES)
    for term in TERMS[game.name].values():
        assert term.rule in RULES, term
    page = how_to_play_html(game)
    assert page.startswith('<details class="cl-howto"><summary>How to play</summary>') and page.endswith("</details>")
    assert "<details open" not in page  # folded by default
    assert "{" not in _visible(page)
    for rule in how.rules:
        assert f">{rule}</span>" in page


@pytest.mark.parametrize("game", ALL, ids=repr)
def test_the_specs_figures_are_typed_values_the_words_say(game):
    """Issue 35: a game's spec declares its how-to's figures as numbers, amounts with their
    unit or lists of numbers, never words; the words layer says them in each language."""
    declared = GAMES[game.name].spec.figures(game)
    assert declared and all(type(f) in (int, Amount, Numbers) for f in declared.values()), declared
    for lang in words.LANGUAGES:
        with words.language(lang):
            said = figures(game)
            assert {name: said[name] for name in declared} == {name: figure_text(f) for name, f in declared.items()}
    assert figure_text(Amount(1, "chips")) == "1 chip"
    with words.language("pl"):
        assert figure_text(Amount(32, "cards")) == "32 karty" and figure_text(Numbers((1000, 3))) == "1000, 3"
    with pytest.raises(ValueError, match="unit is one of"):
        Amount(3, "card")
    with pytest.raises(TypeError, match="an Amount or Numbers"):
        figure_text("32-card")


def test_parallel_poker_says_its_deck_size_in_each_language():
    """The deck size is an amount said by a translated message ('32-card' was English in every language)."""
    said = {}
    for lang, deck in (("en", "32 cards"), ("sv", "32 kort"), ("pl", "32 karty"), ("uk", "32 карти")):
        with words.language(lang):
            said[lang] = _visible(how_to_play_html(parallel_poker.ParallelPoker()))
            assert deck in said[lang], lang
    assert all("32-card" not in text for text in said.values())


def test_kontrabluff_says_its_scoring_table_target_and_low_points_from_the_code():
    game = kontrabluff.Kontrabluff(target=120)
    text = _visible(how_to_play_html(game))
    assert ", ".join(str(kontrabluff.triangle(n)) for n in range(1, 11)) in text
    assert f"reach {game.target} points" in text
    assert f"{kontrabluff.LOW_SEEN_POINTS} points to the lower hand" in text
    assert f"{kontrabluff.LOW_PASSED_POINTS} points to the leader" in text
    assert "reach 1 point at" in _visible(how_to_play_html(kontrabluff.Kontrabluff(target=1)))


def test_parallel_poker_and_fight_for_the_lead_say_their_figures_from_the_code():
    text = _visible(how_to_play_html(parallel_poker.ParallelPoker()))
    assert ", ".join(map(str, parallel_poker.SHOWING_POINTS)) + " points" in text
    assert f"{sum(parallel_poker.SHOWING_POINTS)} points in all" in text
    game = fight_for_the_lead.FightForTheLead(ante=3, exchange_fee=2)
    text = _visible(how_to_play_html(game))
    assert "ante of 3 chips" in text and "for 2 chips a card" in text and "a quarter of the pot" in text
    assert "for 1 chip a card" in _visible(how_to_play_html(fight_for_the_lead.FightForTheLead(exchange_fee=1)))
    text = _visible(how_to_play_html(draw_poker.DrawPoker(ante=2, max_bet=7, hands=3)))
    assert "ante of 2 chips" in text and "at most 7 chips" in text and "3 hands" in text


def _order(page: str) -> list[str]:
    return re.findall(r"<li>([^<]+)</li>", page)


def test_hand_order_for_32_cards_puts_flush_above_four_of_a_kind_hr4():
    page = hand_order_html(HandRules(32))
    order = _order(page)
    assert order == [str(c) for c in hierarchy(32)]
    assert order.index("flush") < order.index("four of a kind")
    assert "flush beats four of a kind" in _visible(page) and ">HR-4<" in page
    assert "A-7-8-9-10 is the lowest straight" in _visible(page)
    assert page.startswith('<details class="cl-howto"><summary>Hand order, 32 cards</summary>')


def test_hand_order_for_52_cards_is_the_usual_one():
    order = _order(hand_order_html(HandRules(52)))
    assert order == ["straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind",
                     "two pair", "one pair", "high card"]
    assert order == [str(c) for c in Category]


def test_each_game_gets_the_hand_order_of_the_deck_in_play():
    assert game_hand_rules(kontrabluff.Kontrabluff()) == HandRules()
    assert game_hand_rules(draw_poker.DrawPoker(players=2, deck_size=32)).order == hierarchy(32)
    assert game_hand_rules(parallel_poker.ParallelPoker()).order == hierarchy(52)  # PP-3: traditional by default
    assert game_hand_rules(parallel_poker.ParallelPoker(hierarchy="32-card")).order == hierarchy(32)
    assert game_hand_rules(fight_for_the_lead.FightForTheLead()) is None  # tricks, no poker hands
    assert hand_order_html(None) == ""
    assert "upside down" in hand_order_html(HandRules(), low=True)
    # the panel a table shows: the spec's hand rules and low round (KB-6 only)
    assert [name for name, entry in GAMES.items() if entry.spec.low] == ["kontrabluff"]
    for game in ALL:
        panel = game_hand_order_html(game)
        assert panel == hand_order_html(game_hand_rules(game), low=game.name == "kontrabluff")
        assert ("upside down" in panel) == (game.name == "kontrabluff")


def _game_words(name: str) -> str:
    """Everything a game's table can say: its how-to, its event templates, verbs and zone words."""
    texts = [p.text for p in HOW_TO_PLAY[name].paragraphs]
    for template in words.TEMPLATES[name].values():
        texts.append(repr(template))
    for verb in words.VERBS[name].values():
        texts.append(repr(verb))
    texts += list(words.ZONE_WORDS[name].values())
    return " ".join(texts).lower()


@pytest.mark.parametrize("name", sorted(TERMS))
def test_every_term_in_the_glossary_is_used_by_the_game(name):
    said = _game_words(name)
    for term in TERMS[name]:
        assert re.search(rf"\b{re.escape(term)}", said), f"{name}: {term!r} is in no how-to or words of the game"


def test_the_issues_terms_are_explained():
    assert {"talon", "low round"} <= set(TERMS["kontrabluff"])
    assert {"muck", "stock", "pot", "stake"} <= set(TERMS["draw_poker"])
    assert {"stake", "fight card", "trick", "lead", "pot"} <= set(TERMS["fight_for_the_lead"])
    assert "packet" in TERMS["parallel_poker"]


def _all_texts(lang: str = "en"):
    """Every text of the how-to pages, the session lines, the hand orders and the glossary
    terms, in ``lang``."""
    with words.language(lang):
        for game in ALL:
            yield repr(game), _visible(how_to_play_html(game))
            yield repr(game) + " target", target_text(game)
            rules = game_hand_rules(game)
            yield repr(game) + " order", _visible(hand_order_html(rules, low=True))
        for name, terms in TERMS.items():
            for term in terms.values():
                yield f"{name} {term.word}", f"{words.translate(term.word)}: {words.translate(term.text)}"


@pytest.mark.parametrize(("lang", "where", "text"), [(lang, where, text) for lang in words.LANGUAGES
                                                     for where, text in _all_texts(lang)],
                         ids=lambda x: str(x)[:40])
def test_no_none_null_repr_snake_case_or_nested_brackets(lang, where, text):
    """The words test, in every language (issue 29): no field name or key, no repr."""
    assert not re.search(r"\b(None|null|nan)\b", text), (where, text)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (where, text)  # no keys such as hand_over
    assert not re.search(r"\w+\(|'\w+'|\"\w+\"", text), (where, text)  # no repr
    assert not re.search(r"\{\w*\}", text), (where, text)  # no placeholder left
    assert not _nested(text), (where, text)
    assert not re.search(r"\b1 (chips|points|cards|games|hands|tricks)\b", text), (where, text)


@pytest.mark.parametrize("n", [1, 2, 5])
def test_plural_words_are_right_for_1_2_and_5(n):
    s = "" if n == 1 else "s"
    for unit in ("chip", "point", "card", "game", "hand", "trick", "packet"):
        assert amount(n, unit + "s") == f"{n} {unit}{s}"
    assert target_text(kontrabluff.Kontrabluff(target=n)) == f"first to {n} point{s} wins, rule KB-12"
    assert target_text(parallel_poker.ParallelPoker(games=n)).startswith(f"{n} game{s};")
    assert target_text(fight_for_the_lead.FightForTheLead(games=n)).startswith(f"{n} game{s},")
    assert target_text(draw_poker.DrawPoker(hands=n)).startswith(f"{n} hand{s},")
    assert f"for {n} chip{s} a card" in _visible(how_to_play_html(fight_for_the_lead.FightForTheLead(exchange_fee=n)))


def test_plural_log_words_are_right_for_one():
    """The rare words of the issue: 'the session of 1 games', '1 cards discarded', '1 chips'."""
    fl = {kind.name: kind for kind in GAMES["fight_for_the_lead"].spec.events}
    dp = {kind.name: kind for kind in GAMES["draw_poker"].spec.events}
    said = words.say(words.TEMPLATES["fight_for_the_lead"]["session_over"], fl["session_over"], (1, (0, 1), (90, 110)), 2)
    assert said.startswith("The session of 1 game is over.")
    said = words.say(words.TEMPLATES["draw_poker"]["stock_refilled"], dp["stock_refilled"], (1,), 2)
    assert "the 1 card discarded by the other players is shuffled" in said
    said = words.say(words.TEMPLATES["fight_for_the_lead"]["exchange"], fl["exchange"], (0, 1, 1, 9), 2)
    assert said == "South exchanges 1 card for 1 chip; the pot is 9 chips."
    said = words.say(words.TEMPLATES["draw_poker"]["leaves_table"], dp["leaves_table"], (1, 1), 2)
    assert said == "North has 1 chip, less than the ante, and leaves the table"


def test_term_html_marks_the_first_appearance_with_its_explanation():
    page = term_html("kontrabluff", "talon", "32 cards in the talon; the talon is empty")
    assert page.count("<dfn") == 1 and page.index("<dfn") < page.index("; the talon")
    assert 'title="The face-down cards' in page and "(KB-1)" in page
    assert '<span class="cl-sr">: The face-down cards' in page  # read by screen readers too
    assert term_html("kontrabluff", "muck", "a <b> muck") == "a &lt;b&gt; muck"  # not a term of this game
    assert term_html("draw_poker", "muck", "nothing here") == "nothing here"


def test_buttons_of_actions_that_cost_chips_say_the_cost_from_the_game():
    game = fight_for_the_lead.FightForTheLead(players=2, exchange_fee=3)
    obs = game.new_state(seed=3).observation(1)
    fl = words_for("fight_for_the_lead")
    one, two = Action("exchange", obs.hand[:1]), Action("exchange", obs.hand[:2])
    assert fl.button(one, takes_cards=True, observation=obs) == "Exchange 1 for 3 chips"
    assert fl.button(two, takes_cards=True, observation=obs) == "Exchange 2 for 6 chips"
    assert fl.button(one, takes_cards=True) == "Exchange 1"  # without the observation: as before
    assert fl.button(Action("exchange"), takes_cards=True, observation=obs) == "Keep all"
    cheap = fight_for_the_lead.FightForTheLead(players=2, exchange_fee=1).new_state(seed=3).observation(1)
    assert fl.button(one, takes_cards=True, observation=cheap) == "Exchange 1 for 1 chip"
    free = fight_for_the_lead.FightForTheLead(players=2, exchange_fee=0).new_state(seed=3).observation(1)
    assert fl.button(one, takes_cards=True, observation=free) == "Exchange 1"

    dp = words_for("draw_poker")
    state = draw_poker.DrawPoker(players=2, ante=1, max_bet=5).new_state(seed=1)
    seat = state.current_player
    obs = state.observation(seat)
    assert dp.button(Action("open", amount=3), observation=obs) == "Open with 3 chips"
    state.apply(Action("open", amount=3))
    obs = state.observation(state.current_player)
    assert obs.to_call == 3
    assert dp.button(Action("call"), observation=obs) == "Call for 3 chips"
    assert dp.button(Action("raise", amount=2), observation=obs) == "Raise by 2 for 5 chips"
