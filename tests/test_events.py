"""Events as data (issue 26): every game records typed events, one layer puts them into words.

- Every kind of every game is declared once with typed fields, and has one whole template
  whose placeholders are exactly its fields.
- Random play of every game (two players and the most) records only events whose fields
  have their declared types, whose sentences leave no placeholder, no empty field and no
  ``None``, and that come back equal from JSON.
- An observation carries exactly the records its seat may see, and its log is those
  records in words, line by line.
- The adapters' tensors are made from the records: other words for every event change no
  number (while the information strings, which are words, do change).
"""

from __future__ import annotations

import json
import string

import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.engine import Game
from cardlab.games import GAMES
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.hands import HandValue
from cardlab.records import (
    AMOUNTS,
    CARD,
    CARDS,
    CHIPS,
    COUNT,
    HAND,
    NUMBER,
    POINTS,
    SEAT,
    SEATS,
    Event,
    event_kind,
    event_kinds,
)
from cardlab import words
from cardlab.words import Lists, Plural, describe, line, placeholders

#: Every game at two seats and at its most (draw poker's five, Fight for the Lead's five).
TABLES: dict[str, Game] = {
    "kontrabluff": Kontrabluff(target=120),
    "draw_poker 2": DrawPoker(players=2, deck_size=32, hands=6),
    "draw_poker 5": DrawPoker(players=5, hands=6),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead 2": FightForTheLead(players=2, games=4),
    "fight_for_the_lead 5": FightForTheLead(players=5, games=4),
}


def play(game: Game, seed: int, limit: int = 4000):
    state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
    for _ in range(limit):
        if state.is_terminal:
            break
        if state.simultaneous:
            seat = next(p for p in range(game.num_players) if state.legal_actions(p))
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
        else:
            state.apply(state.legal_actions().sample(rng))
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_headline_is_a_whole_template_of_a_result_kind_and_its_fields(name):
    """A banner's headline (FL-4's lead) names only its kind's fields, and only a kind a table stops on."""
    for kind_name, template in words.HEADLINES.get(name, {}).items():
        kind = event_kind(name, kind_name)
        assert kind.result or kind.brief, kind
        assert placeholders(template) <= set(kind.field_names), kind
        for text in _texts(template):
            assert all(field and not spec and not conversion
                       for _, field, spec, conversion in string.Formatter().parse(text) if field is not None), text
    if name == "fight_for_the_lead":  # FL-4: every way the lead is won has its headline
        assert {k.name for k in event_kinds(name) if k.rule == "FL-4"} == set(words.HEADLINES[name])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_kind_has_one_whole_template_with_exactly_its_fields(name):
    kinds = event_kinds(name)
    assert kinds, f"{name} declares no events"
    table = words.TEMPLATES[name]
    assert sorted(table) == sorted(kind.name for kind in kinds), "templates without a kind, or kinds without words"
    for kind in kinds:
        template = table[kind.name]
        assert placeholders(template) == set(kind.field_names), kind
        main = template.template if isinstance(template, Lists) else template
        if isinstance(main, Plural):
            assert dict(kind.fields)[main.n] in (COUNT, CHIPS, POINTS, NUMBER), kind
        for text in _texts(template):  # whole sentences: no positional or formatted placeholder
            assert all(field and not spec and not conversion
                       for _, field, spec, conversion in string.Formatter().parse(text) if field is not None), text
    assert len({kind.code for kind in kinds}) == len(kinds)


def _texts(template) -> list[str]:
    """Every text of a template: its forms, and the phrases of its list fields."""
    if isinstance(template, str):
        return [template]
    if isinstance(template, Plural):
        return [template.one, template.other]
    return _texts(template.template) + [t for _, each in template.lists for t in _texts(each.phrase)]


def _typed(kind, value, players: int) -> bool:
    if kind is SEAT:
        return type(value) is int and 0 <= value < players
    if kind is SEATS:
        return type(value) is tuple and value and all(type(v) is int and 0 <= v < players for v in value)
    if kind is CARD:
        return type(value) is Card
    if kind is CARDS:
        return type(value) is tuple and all(type(v) is Card for v in value)
    if kind is HAND:
        return isinstance(value, HandValue)
    if kind is AMOUNTS:
        return type(value) is tuple and all(type(v) is int for v in value)
    return type(value) is int and value >= 0


@pytest.mark.parametrize("label", sorted(TABLES))
@pytest.mark.parametrize("seed", range(4))
def test_random_play_records_typed_events_that_read_whole_and_round_trip(label, seed):
    game = TABLES[label]
    state = play(game, seed)
    players = game.num_players
    history = list(state.history)
    assert history and state.is_terminal
    for event in history:
        spec = event.spec
        assert len(event.values) == len(spec.fields), event
        for (field, kind), value in zip(spec.fields, event.values):
            assert _typed(kind, value, players), f"{event.kind}.{field} = {value!r} is not a {kind.name}"
            if kind is AMOUNTS:  # one amount per seat of the event's SEATS field
                assert len(value) == len(next(v for (_, k), v in zip(spec.fields, event.values) if k is SEATS))
        text = describe(event, players)
        assert text.strip() and "{" not in text and "}" not in text and "None" not in text, (event, text)
        assert "  " not in text and not text.endswith(" "), (event, text)  # no field made empty words
        assert line(event, players) == f"{event.rule}: {text}"
        assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event


@pytest.mark.parametrize("label", sorted(TABLES))
def test_an_observation_carries_exactly_the_records_its_seat_may_see(label):
    game = TABLES[label]
    state = play(game, 3, limit=150)
    history = list(state.history)
    for seat in range(game.num_players):
        obs = state.observation(seat)
        mine = [event for event in history if event.visible(seat)]
        assert list(obs.events) == mine
        assert list(obs.log) == [line(event, game.num_players) for event in mine]
        assert len(mine) < len(history) or all(event.visible_to is None for event in history)


def test_a_private_event_is_in_no_other_seats_observation():
    state = Kontrabluff().new_state(seed=5, dealer=0)
    dealt = [event for event in state.history if event.kind == "dealt"]
    assert [event.visible_to for event in dealt] == [frozenset({0}), frozenset({1})]
    south = state.observation(0).events
    assert dealt[0] in list(south) and dealt[1] not in list(south)


def _other_words(table: dict) -> dict:
    """The same templates with other words: each field kept, the order and the rest changed."""
    def swap(text: str) -> str:
        fields = [field for _, field, _, _ in string.Formatter().parse(text) if field]
        return "«" + " / ".join("{" + field + "}" for field in reversed(fields)) + "» said otherwise"

    def other(t):
        if isinstance(t, str):
            return swap(t)
        if isinstance(t, Plural):
            return Plural(swap(t.one), swap(t.other) + "s", t.n)
        return Lists(other(t.template), **dict(t.lists))

    return {name: other(t) for name, t in table.items()}


@pytest.mark.parametrize("label", sorted(TABLES))
def test_other_words_change_no_tensor(label, monkeypatch):
    pytest.importorskip("pyspiel")
    from cardlab.interop.clicks import Clicks, info_layout, info_text, info_vector, own_actions

    game = TABLES[label]
    name = game.name
    clicks = Clicks(game)

    def tensors_and_texts():
        state = play(game, 7, limit=60)
        layout = info_layout(game, 2 * len(state.history) + 10)
        out = []
        for seat in range(game.num_players):
            obs, mine = state.observation(seat), own_actions(state, seat)
            out.append((info_vector(obs, mine, clicks, layout), info_text(obs, mine)))
        return out

    before = tensors_and_texts()
    monkeypatch.setitem(words.TEMPLATES, name, _other_words(words.TEMPLATES[name]))
    after = tensors_and_texts()
    for (vector, text), (vector2, text2) in zip(before, after):
        assert text != text2 and "said otherwise" in text2  # the words did change
        np.testing.assert_array_equal(vector, vector2)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_words_say_their_not_his(name):
    """The seats are anyone: no template says 'his', 'him' or 'he' (the log and the tables
    read the same words; nothing rewrites a sentence afterwards)."""
    import re

    for kind, template in words.TEMPLATES[name].items():
        for text in _texts(template):
            assert not re.search(r"\b(his|him|he|He)\b", text), (kind, text)
