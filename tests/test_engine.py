"""The protocol every game follows (cardlab.engine), proved on Kontrabluff: actions,
errors, legal-action views, JSON saving and loading, seeded determinism, replay."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import numpy as np
import pytest

from cardlab import Action, Card, IllegalActionError, SettingsError
from cardlab.engine import ActionList, Event, Observation, Zone, cards_in
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.words import line, seat_names
from tests.playout import played


def random_game(seed: int, steps: int, game: Kontrabluff | None = None):
    return played(game or Kontrabluff(), seed, steps)


# -- Action ---------------------------------------------------------------------------------


def test_an_action_is_a_frozen_value_built_from_text_or_cards():
    a = Action("see", "7h 5s 4d 3c 2s")
    b = Action("see", [Card.parse(c) for c in "7h 5s 4d 3c 2s".split()])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Action("lay", Card.parse("Ah")) == Action("lay", "Ah")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.kind = "pass"  # type: ignore[misc]
    assert Action("see", "7h 5s 4d 3c 2s") != Action("see", "5s 7h 4d 3c 2s")  # order is kept
    assert str(Action("lay", "Th")) == "lay 10♥"


def test_an_action_round_trips_through_its_list_form():
    for action in [Action("pass"), Action("lay", "Ah"), Action("open", amount=6), Action("low", "2c 3d 4h 5s 7c")]:
        assert Action.from_list(json.loads(json.dumps(action.to_list()))) == action


@pytest.mark.parametrize("bad", [dict(kind=""), dict(kind=3), dict(kind="bet", amount=1.5), dict(kind="bet", amount=True)])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(ValueError):
        Action(**bad)


def test_an_unreadable_card_in_an_action_is_a_clear_error():
    with pytest.raises(ValueError, match="cannot read '1h' as a card"):
        Action("lay", "1h")


# -- errors ---------------------------------------------------------------------------------


def test_an_illegal_action_is_a_value_error_whose_message_starts_with_the_rule():
    state = Kontrabluff().new_state(seed=1, dealer=0)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("pass"))
    assert isinstance(info.value, ValueError)
    assert info.value.rule == "KB-4" and str(info.value).startswith("KB-4: ")


def test_apply_refuses_what_is_not_an_action_and_leaves_the_state():
    state = Kontrabluff().new_state(seed=1)
    before = state.clone()
    with pytest.raises(IllegalActionError, match="^EN-3"):
        state.apply("hand_over")  # type: ignore[arg-type]
    assert state == before


def test_can_apply_answers_without_raising():
    state = Kontrabluff().new_state(seed=1, dealer=0)
    assert state.can_apply(Action("lay", state.hands[1][:1])) and not state.can_apply(Action("pass"))


@pytest.mark.parametrize("kwargs", [dict(seed=-1), dict(seed="7"), dict(seed=True), dict(dealer=2), dict(dealer="0")])
def test_new_state_checks_its_arguments(kwargs):
    with pytest.raises(SettingsError):
        Kontrabluff().new_state(**kwargs)


def test_a_seed_is_drawn_and_kept_when_none_is_given():
    state = Kontrabluff().new_state()
    assert isinstance(state.seed, int)
    assert Kontrabluff().new_state(seed=state.seed) == state


# -- legal actions, observations --------------------------------------------------------------


def test_legal_actions_support_iteration_len_and_in():
    state = Kontrabluff().new_state(seed=2, dealer=1)
    actions = state.legal_actions()
    listed = list(actions)
    assert len(listed) == len(actions) == 262 and len(set(listed)) == 262  # KB-2: 10 lays and 252 lows
    assert all(action in actions for action in listed)
    assert Action("low", listed[-1].cards[:4]) not in actions
    rng = np.random.default_rng(0)
    assert all(actions.sample(rng) in actions for _ in range(50))


def test_the_sample_of_a_view_is_uniform_over_its_actions():
    state = Kontrabluff().new_state(seed=2, dealer=1)
    actions = state.legal_actions()  # 10 lays and 252 lows (KB-2)
    rng = np.random.default_rng(5)
    kinds = [actions.sample(rng).kind for _ in range(4000)]
    assert abs(kinds.count("lay") / 4000 - 10 / 262) < 0.015


def test_action_list_and_zone_and_event_basics():
    listed = ActionList([Action("pass"), Action("hand_over")])
    assert len(listed) == 2 and Action("pass") in listed and listed[1] == Action("hand_over")
    assert listed.kinds() == {"pass", "hand_over"}
    zone = Zone("stock", cards=(None, None, Card.parse("Ah")))
    assert zone.hidden == 2 and zone.key == ("stock", None, None)
    event = Event("kontrabluff", "pass", (0,), player=0, rule="KB-4", visible_to=frozenset({0}))
    assert line(event, 2) == "KB-4: South passes" and event.visible(0) and not event.visible(1)
    assert event.fields == {"seat": 0} and event["seat"] == 0 and not event.is_result
    assert seat_names(2) == ("South", "North")


def test_an_observation_names_only_what_its_seat_may_see():
    state = random_game(4, 5)
    player = state.current_player
    obs = state.observation(player)
    assert isinstance(obs, Observation)
    assert obs.player == player and obs.current_player == player
    assert set(obs.hand) == set(state.hands[player])
    assert not cards_in(obs) & state.hidden_from(player)
    assert obs.zone("stock").hidden == len(state.stock)
    with pytest.raises(KeyError):
        obs.zone("nowhere")


# -- saving and loading ----------------------------------------------------------------------


def test_json_round_trip_is_exact_and_plays_on_identically():
    state = random_game(11, 15)
    text = state.to_json()
    loaded = Kontrabluff().state_from_json(text)
    assert loaded == state and loaded.to_json() == text
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(30):
        if state.is_terminal:
            break
        state.apply(state.legal_actions().sample(rng_a))
        loaded.apply(loaded.legal_actions().sample(rng_b))
    assert loaded == state


def test_a_stacked_deck_is_saved_with_the_state():
    from cardlab.cards import deck

    cards = list(reversed(deck(52)))
    state = Kontrabluff().new_state(seed=3, dealer=0, deck=cards)
    state.apply(Action("lay", state.hands[1][:1]))
    loaded = Kontrabluff().state_from_json(state.to_json())
    assert loaded == state and loaded.stacked == tuple(cards)


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "cannot load a kontrabluff state"),
        ("[1, 2]", "top level is not an object"),
        ('{"game": "draw_poker"}', "holds a game of 'draw_poker'"),
    ],
)
def test_malformed_json_is_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message):
        Kontrabluff().state_from_json(text)


def test_json_with_other_settings_or_bad_fields_is_refused():
    data = json.loads(random_game(5, 4).to_json())
    with pytest.raises(ValueError, match="settings"):
        Kontrabluff(target=100).state_from_json(json.dumps(data))
    for key, value in [("seed", "x"), ("dealer", 7), ("deck", ["Ah"] * 52), ("actions", [[0, ["lay"]]])]:
        bad = dict(data, **{key: value})
        with pytest.raises(ValueError, match="cannot load a kontrabluff state"):
            Kontrabluff().state_from_json(json.dumps(bad))
    missing = {k: v for k, v in data.items() if k != "actions"}
    with pytest.raises(ValueError, match="actions"):
        Kontrabluff().state_from_json(json.dumps(missing))


def test_json_with_an_illegal_action_names_it():
    data = json.loads(random_game(5, 4).to_json())
    player = data["actions"][0][0]
    data["actions"][0] = [player, ["see", ["Ah"], None]]
    with pytest.raises(ValueError, match="action 1 .*is illegal: KB-"):
        Kontrabluff().state_from_json(json.dumps(data))


# -- determinism and replay ----------------------------------------------------------------------


def test_the_same_seed_and_actions_give_the_same_game_in_another_process():
    here = random_game(21, 40).to_json()
    code = (
        "import numpy as np\n"
        "from cardlab.games.kontrabluff import Kontrabluff\n"
        "state = Kontrabluff().new_state(seed=21)\n"
        "rng = np.random.default_rng(21)\n"
        "for _ in range(40):\n"
        "    if state.is_terminal: break\n"
        "    state.apply(state.legal_actions().sample(rng))\n"
        "print(state.to_json())\n"
    )
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert there == here
    # the loaded game reaches the same hands, talon and scores too
    mine, theirs = Kontrabluff().state_from_json(here), Kontrabluff().state_from_json(there)
    assert mine == theirs


def test_replay_yields_every_state_from_the_start():
    state = random_game(6, 12)
    states = list(state.replay())
    assert len(states) == len(state.actions) + 1
    assert states[0] == Kontrabluff().new_state(seed=6)
    assert states[-1] == state
    assert all(len(s.actions) == i for i, s in enumerate(states))


def test_clone_copies_deeply():
    state = random_game(7, 3)
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply(copy.legal_actions().sample(np.random.default_rng(0)))
    assert copy != state and len(state.actions) == 3


# -- the vouched fast path (the engine remembers the view legal_actions handed out) --------------
def _games():
    from cardlab.games.draw_poker import DrawPoker
    from cardlab.games.fight_for_the_lead import FightForTheLead

    return [Kontrabluff(), DrawPoker(), FightForTheLead()]


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_a_drawn_action_is_checked_again_once_the_state_has_moved(game):
    """A view vouches for its drawn action only until the next move: replaying it after
    that is checked in full, and an illegal one raises and changes nothing."""
    rng = np.random.default_rng(1)
    stale_rejected = 0
    for seed in range(15):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            drawn = state.legal_actions().sample(rng)
            state.apply(drawn)
            if state.is_terminal:
                break
            if not state.can_apply(drawn):  # check() only: no new view is offered
                before = state.clone()
                with pytest.raises(IllegalActionError):
                    state.apply(drawn)
                assert state == before
                stale_rejected += 1
    assert stale_rejected > 0


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_a_drawn_action_is_vouched_only_for_the_seat_whose_view_drew_it(game):
    state = game.new_state(seed=3)
    rng = np.random.default_rng(3)
    seat = state.current_player
    drawn = state.legal_actions(seat).sample(rng)
    other = (seat + 1) % game.num_players
    before = state.clone()
    if state.simultaneous and not state.can_apply(drawn, other):
        with pytest.raises(IllegalActionError):
            state.apply_for(other, drawn)
        assert state == before
    elif not state.simultaneous:
        with pytest.raises(IllegalActionError, match="^EN-1"):
            state.apply_for(other, drawn)
        assert state == before
    state.apply_for(seat, drawn)
    assert state.actions[-1] == (seat, drawn)
