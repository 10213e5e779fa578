"""States hold no words (issue 35, point 4): a state made and played under one language
is the same value as one made and played under another, seat names and all: equal, with
the same key and the same saved JSON, and its seats' observations equal too.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.words import language

GAMES = {
    "kontrabluff": Kontrabluff(target=60),
    "draw_poker": DrawPoker(players=3, hands=3),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead": FightForTheLead(players=4, games=3),
}


def _played(game, lang: str, seed: int, moves: int = 60):
    """The state after ``moves`` seeded random moves (fewer if it ends), made and played
    under ``lang``, and every seat's observation of it (made under ``lang`` too)."""
    with language(lang):
        state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
        for _ in range(moves):
            if state.is_terminal:
                break
            seat = next(p for p in range(game.num_players) if state.legal_actions(p)) if state.simultaneous \
                else state.current_player
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
        return state, [state.observation(seat) for seat in range(game.num_players)]


def _fields(observation) -> dict:
    """An observation's fields but its ``log``: the log is the words view of its events,
    made in the language it is read in (the events, compared, are the data)."""
    return {f.name: getattr(observation, f.name) for f in dataclasses.fields(observation) if f.name != "log"}


@pytest.mark.parametrize("other", ["pl", "uk", "sv"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_is_the_same_value_in_every_language(name, other):
    game = GAMES[name]
    for seed in (1, 2):
        english, seen_in_english = _played(game, "en", seed)
        said, seen_in_other = _played(game, other, seed)
        assert english == said and english.key() == said.key()
        assert english.to_json() == said.to_json()
        assert english.zones() == said.zones()
        for mine, theirs in zip(seen_in_english, seen_in_other):
            assert _fields(mine) == _fields(theirs)
            assert list(mine.events) == list(theirs.events)


# -- the log is words made from the records, in the language it is read in (issue 35) ----------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_states_log_is_said_in_the_language_it_is_read_in(name):
    """A state read in Polish, then in English, then in Ukrainian, and again in Polish, says
    each seat's log in each language: no language's lines stay in the state for another.
    Each language's lines are those a fresh state would make in it, and a clone made
    between two readings says its log in the language it is read in too."""
    game = GAMES[name]
    state, _ = _played(game, "en", seed=3, moves=40)
    fresh = {lang: _played(game, lang, seed=3, moves=40)[0] for lang in ("pl", "en", "uk")}
    said = {}
    for lang in ("pl", "en", "uk", "pl"):
        with language(lang):
            said[lang] = [list(state.log_for(seat)) for seat in range(game.num_players)]
            assert said[lang] == [list(fresh[lang].log_for(seat)) for seat in range(game.num_players)], lang
            observation = state.observation(state.current_player if state.current_player is not None else 0)
            assert list(observation.log) == said[lang][observation.player]
    assert said["pl"] != said["en"] != said["uk"] != said["pl"]
    english_first = said["en"][0][0]
    assert english_first.split(": ", 1)[0] == said["pl"][0][0].split(": ", 1)[0]  # the same rule id, other words
    with language("pl"):
        copy = state.clone()
    with language("uk"):
        assert [list(copy.log_for(seat)) for seat in range(game.num_players)] == said["uk"]
    assert copy == state


def test_a_state_keeps_each_languages_log_flat():
    """Reading a long session's log in two languages, alternately, makes each record's words
    once per language (no language's lines are remade when the other is read)."""
    from cardlab.chain import Chain

    game = GAMES["kontrabluff"]
    state, rng = game.new_state(seed=4), np.random.default_rng(4)
    made = {"lines": 0}
    extend = Chain.extend

    def counting_extend(chain, new):
        new = list(new)
        made["lines"] += len(new)
        extend(chain, new)

    Chain.extend = counting_extend
    try:
        for step in range(400):
            if state.is_terminal:
                break
            with language("pl" if step % 2 else "en"):
                seat = state.current_player
                list(state.log_for(seat))
                state.apply_for(seat, state.legal_actions(seat).sample(rng))
    finally:
        Chain.extend = extend
    records = len(state.history)
    # each record's words once per language, and each seat's lines once per language
    assert made["lines"] <= 2 * records + 2 * 2 * records


def test_a_table_switching_language_mid_game_shows_the_log_in_the_new_one():
    """A Polish table played a few clicks, switched to English, then to Ukrainian: its log
    says the seat's events in the new language each time (and the state's own log, read
    in each, agrees)."""
    import html
    import re

    from tests.test_widgets import click_action
    from cardlab.widgets import play
    from cardlab.words import line

    table = play("kontrabluff", seed=3, lang="pl", target=300)
    rng = np.random.default_rng(3)
    moves = 0
    while moves < 4 and not table.session.state.is_terminal:
        if table.pause is not None:
            table._continue.click()
            continue
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
        moves += 1
    state = table.session.state

    def shown() -> list[str]:
        return [html.unescape(re.sub(r"<[^>]*>", "", line)) for line in re.findall(r"<div>(.*?)</div>", table._log.value)]

    said = {}
    for lang, south in (("pl", "Południe"), ("en", "South"), ("uk", "Південь"), ("pl", "Południe")):
        table.set_language(lang)
        said[lang] = shown()
        assert said[lang] and any(south in line for line in said[lang]), (lang, said[lang])
        with language(lang):  # the seat's log, its own moves said to "you" (issue 36)
            log = [line(event, table.game.num_players, viewer=table.seat) for event in state.events_for(table.seat)]
        assert set(said[lang]) <= set(log)  # the seat's newest lines (up to a result on screen)
    assert not any("South" in line for line in said["pl"] + said["uk"])
