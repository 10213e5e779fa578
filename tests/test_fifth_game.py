"""A fifth game in three files of its own plays wherever cardlab's four do (issue 35, item 5).

Three Tricks (``tests/three_tricks.py``: its rules, settings, state, spec, kinds of event
and refusal, registration; ``tests/three_tricks_words.py``: its words, English only;
``tests/three_tricks_bot.py``: its bot) is registered by the module fixture below and
forgotten after it, with everything it brought, so no other test ever sees it (the
fixture checks that the registries are as it found them; a subprocess checks it again
from a clean start). In between it is played: by random play and by its bot, at the
generic table by clicking to the final standings (in English, and in Polish, where its
words fall back to English and the table says so), in a room of the classroom store, in
the OpenSpiel and PettingZoo adapters (their own API tests), and with the coach; and it
refuses an illegal action with a refusal record of its own, said in words.
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cardlab import rules, words
from cardlab.engine import IllegalActionError
from cardlab.games import GAMES
from cardlab.records import event_kinds, refusal_kinds
from cardlab.words import language

NAME = "three_tricks"
FILES = ("tests.three_tricks", "tests.three_tricks_words", "tests.three_tricks_bot")
ROOT = Path(__file__).resolve().parent.parent


def traces() -> dict[str, object]:
    """Where cardlab holds the fifth game, its rules, kinds and words (empty without it): the
    registry of games, the rules' books, the kinds of event and refusal, and every table of
    the words layer's modules that holds it by name (found, not listed: a registry added
    later is checked too)."""
    held = {}
    for info in pkgutil.iter_modules(words.__path__, "cardlab.words."):
        module = importlib.import_module(info.name)
        held.update({f"{info.name}.{name}": NAME in table for name, table in vars(module).items()
                     if isinstance(table, dict)})
    held.update({f"cardlab.words.{name}": NAME in table for name, table in vars(words).items() if isinstance(table, dict)})
    return {"games": NAME in GAMES, "books": "TT" in rules.BOOKS,
            "rules": tuple(rule for rule in rules.RULES if rule.startswith("TT-")),
            "cited": bool(rules.RULE_ID.search("TT-1")), "events": event_kinds(NAME), "refusal kinds": refusal_kinds(NAME),
            "modules": tuple(m for m in FILES if m in sys.modules), **held}


@pytest.fixture(scope="module")
def game():
    """The fifth game, registered for this module's tests only and forgotten after them."""
    before = traces()
    module = importlib.import_module("tests.three_tricks")
    assert NAME in GAMES and traces() != before
    yield module
    module.forget()
    import tests

    for name in FILES:
        sys.modules.pop(name, None)
        tests.__dict__.pop(name.rpartition(".")[2], None)
    assert traces() == before, "the fifth game left a trace"


def _random_game(module, seed: int, **settings):
    state, rng = module.ThreeTricks(**settings).new_state(seed=seed), np.random.default_rng(seed)
    while not state.is_terminal:
        state.apply(state.legal_actions().sample(rng))
    return state


# -- the game itself ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_to_the_end_and_saves_samples_and_clones(game, players):
    entry = GAMES[NAME]
    assert entry.game is game.ThreeTricks and entry.state is game.ThreeTricksState and entry.title == "Three Tricks"
    state = _random_game(game, seed=players, players=players, deals=2)
    assert sum(state.points) == 6 and abs(sum(state.returns())) < 1e-12  # TT-4: a point a trick
    assert [event.kind for event in state.history if event.is_result] == ["deal_over", "deal_over", "game_won"]
    assert game.ThreeTricks(players=players).state_from_json(state.to_json()) == state
    middle = game.ThreeTricks(players=players).new_state(seed=1)
    middle.apply(middle.legal_actions()[0])
    copy = middle.clone()
    assert copy == middle and copy.key() == middle.key()
    sample = middle.game.sample_state(middle.observation(0), np.random.default_rng(0))
    assert sample.hands[0] == middle.hands[0] and sorted(map(len, sample.hands)) == sorted(map(len, middle.hands))
    assert sorted(card for zone in middle.zones() for card in zone.cards) == sorted(middle.game.full_deck)


def test_its_bot_and_the_generic_bots_play_it(game):
    from cardlab.bots import RandomBot, RuleBot, SearchBot

    for bots in ([RuleBot(seed=1), RandomBot(seed=2)], [SearchBot(seed=3, samples=4), RuleBot(seed=4)]):
        state = game.ThreeTricks(deals=1).new_state(seed=5)
        while not state.is_terminal:
            seat = state.current_player
            action = bots[seat](state.observation(seat))
            assert action in state.legal_actions()
            state.apply(action)
    assert GAMES[NAME].rule_bot_class(seed=1) is not None and repr(RuleBot(seed=1).for_game(state.game)) == \
        "HighestFirst(seed=1)"


def _following_position(module):
    """A state where the seat to act holds a card of the suit led and one of another suit."""
    for seed in range(200):
        state = module.ThreeTricks(deals=1).new_state(seed=seed)
        state.apply(state.legal_actions()[0])
        seat, led = state.current_player, state.trick_cards[0].suit
        other = [card for card in state.hands[seat] if card.suit is not led]
        if other and any(card.suit is led for card in state.hands[seat]):
            return state, seat, other[0]
    raise AssertionError("no seed deals a player both suits")


def test_it_refuses_an_illegal_action_with_its_own_refusal_said_in_words(game):
    """TT-3: who holds the suit led must follow; the refusal is the game's own record (its
    kind, rule and typed values), said in words in English, and in Polish with Polish seat
    names and card letters around the game's English words; the state is as it was."""
    from cardlab.engine import Action

    state, seat, wrong = _following_position(game)
    before, saved = state.clone(), state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Action("play", (wrong,)))
    refusal = refused.value.refusal
    assert (refusal.kind, refusal.rule) == (game.FOLLOW_SUIT, "TT-3")
    assert refusal.fields == {"seat": seat, "led": state.trick_cards[0]}
    names = words.seat_names(2)
    assert str(refused.value) == (f"TT-3: {names[seat]} holds the suit led ({words.card_text(state.trick_cards[0])}) "
                                  "and has to play a card of it")
    with language("pl"):
        polish = str(refused.value)
        assert words.seat_names(2)[seat] in polish and "has to play a card of it" in polish and names[seat] not in polish
    assert state == before and state.to_json() == saved
    for action, kind in ((Action("play", state.hands[seat][:2]), game.PLAY_ONE), (Action("pass"), game.UNKNOWN_KIND),
                         (Action("play", (state.stock[0],)), game.NOT_HELD)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action)
        assert refused.value.refusal.kind is kind and state == before


# -- at the table ------------------------------------------------------------------------------
def test_it_is_played_at_the_generic_table_by_clicking_to_the_final_standings(game):
    from cardlab.widgets import TABLES, GameTable, play
    from tests.test_widgets import play_through_buttons

    assert TABLES[NAME] is GameTable
    table = play(NAME, seed=11, players=3, deals=2)
    assert table.title == "Three Tricks" and "cl-note" not in table._title.value  # English: nothing to say
    moves = play_through_buttons(table, np.random.default_rng(1))
    state = table.session.state
    assert state.is_terminal and moves == 6  # the seat's own card of each of six tricks
    assert table.game.state_from_json(state.to_json()) == state
    assert "The game is over" in table._status.value
    banner = table._banner.value
    assert "Final standings" in banner and f"seed={state.seed}" in banner
    for seat, points in enumerate(table.shown_points(table.observation())):
        assert f"{table.seats[seat]}: <b>{points}</b>" in banner
    assert ">TT-4<" in table._log.value and "wins trick 3" in table._log.value


def test_in_polish_its_words_fall_back_to_english_and_the_table_says_so(game):
    from cardlab.widgets import play
    from tests.test_widgets import play_through_buttons

    table = play(NAME, seed=12, players=2, deals=1, lang="pl")
    note = re.search(r"<div class='cl-note'>(.*?)</div>", table._title.value)
    assert note and html.unescape(note.group(1)) == ("Ta gra nie ma jeszcze tłumaczenia na język: Polski; jej słowa "
                                                    "są wyświetlane po angielsku.")
    assert "Południe" in table._title.value  # cardlab's own words are Polish
    play_through_buttons(table, np.random.default_rng(2), check_leaks=False)
    log = html.unescape(re.sub(r"<[^>]*>", "", table._log.value))
    # the game's own words in English (a sentence the catalog holds for another game is said in Polish),
    # its seats and cards in Polish: 'TT-1: Deal 1: Południe deals three cards to each player.'
    assert re.search(r"TT-1: (Południe|Północ) is dealt (10|[WDKA])[♠♥♦♣]\.", log), log
    assert re.search(r"TT-5: Deal 1 is over\. Points: Południe \d, Północ \d\.", log), log
    assert "Wyniki końcowe" in table._banner.value
    table.set_language("en")
    assert "cl-note" not in table._title.value
    table.set_language("uk")
    assert "Українська" in table._title.value
    # cardlab's own games are translated: no note
    other = play("kontrabluff", seed=1, lang="pl")
    assert "cl-note" not in other._title.value


# -- in a room -----------------------------------------------------------------------------------
def test_it_is_played_in_a_room_of_the_classroom_store(game, tmp_path):
    from cardlab.rooms import Room, SQLiteStore
    from cardlab.sessions import RoomSession
    from cardlab.rooms import SeatSession
    from cardlab.widgets.join import room_table
    from tests.test_sessions import drive

    store = SQLiteStore(str(tmp_path / "class.db"))
    room = store.create_room(NAME, {"players": 3, "deals": 1}, seed=4, seats=[None, "rule", "random"])
    session = SeatSession.join(store, f"room={room}&seat=0&token={store.tokens(room)[0]}")
    table = room_table(session, lang="pl")
    assert isinstance(table.session, RoomSession) and "cl-note" in table._title.value
    rng = np.random.default_rng(1)
    for _ in range(40):
        table.poll()
        if table.seen.over:
            break
        drive(table, rng, 3)
    final = Room(store, room).state
    assert final.is_terminal and sum(final.points) == 3
    replayed = final.game.new_state(seed=final.seed, dealer=final.first_dealer)
    for seat, action in final.actions:
        replayed.apply_for(seat, action)
    assert replayed == final
    store.close()


# -- the game-AI adapters ------------------------------------------------------------------------
def test_openspiel_plays_it_and_its_consistency_test_passes(game):
    pyspiel = pytest.importorskip("pyspiel")
    from cardlab.interop import openspiel as cos

    loaded = cos.load(NAME, players=3, deals=1)
    assert loaded.num_players() == 3 and cos.registered(NAME) == f"cardlab_{NAME}"
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)
    sampled = cos.load(NAME, chance="sampled", deals=1)
    pyspiel.random_sim_test(sampled, num_sims=2, serialize=False, verbose=False)
    state = loaded.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    text = state.observation_string(state.current_player())
    assert "three_tricks" not in text and "TT-1" in state.information_state_string(state.current_player())


def test_pettingzoo_api_and_seed_tests_pass(game):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cardlab.interop.pettingzoo import env_for

    api_test(env_for(NAME, render_mode="ansi", players=3, deals=1), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env_for(NAME, render_mode="ansi", deals=1), num_cycles=100)


# -- the coach ---------------------------------------------------------------------------------
def test_the_coach_gives_a_verdict_in_words(game, monkeypatch):
    from cardlab.coach import Verdict, judge, review
    from cardlab.coach import sampled
    from cardlab.words.coach import coach_line, review_line

    monkeypatch.setattr(sampled, "BUDGET", 300)
    state, rng, verdicts = game.ThreeTricks(deals=1).new_state(seed=3), np.random.default_rng(3), []
    while not state.is_terminal:
        seat = state.current_player
        observation = state.observation(seat)
        action = observation.legal_actions.sample(rng)
        if seat == 0:
            verdict = judge(observation, action, move=len(state.actions))
            assert (verdict is None) == (len(observation.legal_actions) == 1)
            if verdict is not None:
                verdicts.append(verdict)
        state.apply(action)
    assert verdicts and all(isinstance(v, Verdict) and v.method == "sampled" and v.unit == "points" for v in verdicts)
    line = coach_line(verdicts[0], state.game)
    assert "put " in line and " on the trick" in line and "{" not in line and line.endswith(".")  # its own words
    with language("pl"):  # cardlab's words in Polish, the game's own in English
        polish = coach_line(verdicts[0], state.game)
    assert polish != line and " on the trick" in polish and "{" not in polish
    for verdict in review(verdicts):
        assert f"{verdict.move + 1}" in review_line(verdict, state.game) and " on the trick" in review_line(
            verdict, state.game)


# -- no trace -------------------------------------------------------------------------------------
def test_registering_and_forgetting_it_leaves_no_trace():
    """From a clean start, in a process of its own: cardlab's registries, rules and words are
    the same before the game is imported and after it is played and forgotten."""
    code = (
        "import sys\n"
        "from tests.test_fifth_game import traces, _random_game\n"
        "before = traces()\n"
        "import tests.three_tricks as game\n"
        "assert traces() != before\n"
        "_random_game(game, 1, players=4)\n"
        "from cardlab.widgets import play\n"
        "play('three_tricks', seed=1, lang='pl')\n"
        "game.forget()\n"
        "for name in ('tests.three_tricks', 'tests.three_tricks_words', 'tests.three_tricks_bot'):\n"
        "    sys.modules.pop(name, None)\n"
        "after = traces()\n"
        "print(after == before, sorted(k for k in after if after[k] != before[k]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "True []", result.stdout + result.stderr
