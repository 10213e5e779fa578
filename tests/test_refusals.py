"""Every refusal names a rule a teacher can look up (docs/rules, cardlab.rules): in random
play of every game, whatever is tried, an illegal action is refused with a known rule id
and leaves the game as it was; bad settings (EN-6) and bad saved games (EN-5) likewise.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardlab.cards import deck
from cardlab.engine import Action, IllegalActionError, SettingsError
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.rules import RULES, cited
from tests.playout import played

GAMES = {
    "kontrabluff": Kontrabluff(target=60),
    "draw_poker": DrawPoker(players=3, stack=15, max_bet=3, hands=4),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead": FightForTheLead(players=3, stack=30, games=3),
}
KINDS = ["low", "hand_over", "lay", "pass", "see", "open", "call", "raise", "draw", "show", "concede", "arrange",
         "fight", "exchange", "play", "stay", "leave", "bet", "fold", "check"]


def _junk(state, rng: np.random.Generator) -> Action:
    """A random action: any kind of any game (or none), a few cards of the deck, an amount or not."""
    kind = KINDS[int(rng.integers(len(KINDS)))]
    offered = sorted(state.legal_actions(state.current_player).kinds()) if state.current_player is not None else []
    if offered and rng.random() < 0.5:  # often a kind on offer, with the wrong cards or amount
        kind = offered[int(rng.integers(len(offered)))]
    cards = deck(52)
    picked = [cards[i] for i in rng.choice(52, size=int(rng.integers(0, 7)), replace=False)]
    if rng.random() < 0.5 and state.current_player is not None:  # often the seat's own cards
        own = list(state.observation(state.current_player).hand)
        picked = own[: int(rng.integers(0, len(own) + 1))]
    amount = None if rng.random() < 0.6 else int(rng.integers(-2, 20))
    return Action(kind, picked, amount)


def _assert_refused_with_a_known_rule(call, state) -> str | None:
    before = state.to_json()
    try:
        call()
    except IllegalActionError as error:
        assert error.rule in RULES, f"{error.rule!r} is not a rule id: {error}"
        assert str(error).startswith(f"{error.rule}: ")
        assert set(cited(str(error))) <= set(RULES), str(error)
        assert state.to_json() == before
        return error.rule
    return None


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_in_random_play_names_a_known_rule(name):
    game = GAMES[name]
    seen: set[str] = set()
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(5_000):
            seat = state.current_player if state.current_player is not None else 0
            for _ in range(3):
                action = _junk(state, rng)
                legal = not state.is_terminal and action in state.legal_actions(seat)
                if not legal:
                    rule = _assert_refused_with_a_known_rule(lambda: state.check(action, seat), state)
                    assert rule is not None, f"{action} was not refused"
                    seen.add(rule)
                    assert not state.can_apply(action, seat)
                other = (seat + 1) % game.num_players  # a seat out of turn (EN-1) where turns are kept
                if not state.simultaneous and not state.is_terminal:
                    rule = _assert_refused_with_a_known_rule(lambda: state.check(action, other), state)
                    assert rule == "EN-1"
                    seen.add(rule)
            if state.is_terminal:
                rule = _assert_refused_with_a_known_rule(lambda: state.check(Action("pass"), 0), state)
                assert rule == "EN-2"
                seen.add(rule)
                break
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
        else:
            raise AssertionError("no end")
    prefix = {"kontrabluff": "KB", "draw_poker": "DP", "parallel_poker": "PP", "fight_for_the_lead": "FL"}[name]
    assert any(rule.startswith(prefix) for rule in seen) and {"EN-2", "EN-3"} <= seen, seen


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [7, -1, 2**70, "0", None.__class__])  # bools and floats: the entry points' seat checks (issue 14)
def test_en4_a_seat_outside_the_table_is_refused(name, seat):
    state = GAMES[name].new_state(seed=1)
    action = next(iter(state.legal_actions(state.current_player)))
    with pytest.raises(IllegalActionError) as error:
        state.check(action, seat)
    assert error.value.rule == "EN-4" and repr(seat) in str(error.value)
    assert not state.can_apply(action, seat)
    assert state.can_apply(action, np.int64(state.current_player))  # a numpy seat is a seat


@pytest.mark.parametrize("make", [
    lambda: Kontrabluff(target=0),
    lambda: Kontrabluff(target=2.5),
    lambda: DrawPoker(players=9),
    lambda: DrawPoker(ante=0),
    lambda: DrawPoker(hands=0),
    lambda: DrawPoker(deck_size=30),
    lambda: DrawPoker(ante=5, max_bet=5),
    lambda: DrawPoker(players=8, deck_size=40),
    lambda: ParallelPoker(games=0),
    lambda: ParallelPoker(hierarchy="52-card"),
    lambda: FightForTheLead(players=6),
    lambda: FightForTheLead(stack=2, ante=3),
    lambda: FightForTheLead(exchange_fee=-1),
    lambda: FightForTheLead(games="3"),
])
def test_en6_settings_out_of_range_are_refused_naming_a_rule(make):
    with pytest.raises(SettingsError) as error:
        make()
    ids = cited(str(error.value))
    assert ids and set(ids) <= set(RULES), str(error.value)


def test_en6_generic_ranges_are_en6_and_rule_bound_settings_name_their_rule():
    for make, rule in [(lambda: DrawPoker(hands=0), "EN-6"), (lambda: FightForTheLead(players=1), "EN-6"),
                       (lambda: DrawPoker(ante=5, max_bet=5), "DP-2"), (lambda: Kontrabluff(target=0), "KB-12")]:
        with pytest.raises(SettingsError) as error:
            make()
        assert rule in cited(str(error.value)), str(error.value)


def test_en5_a_saved_game_loads_only_if_it_replays_legally():
    game = Kontrabluff()
    state = played(game, 4, 6)
    assert len(state.actions) == 6
    text = state.to_json()
    assert game.state_from_json(text) == state
    data = json.loads(text)
    data["actions"][2][1] = ["pass", [], None] if data["actions"][2][1][0] != "pass" else ["lay", ["Ah"], None]
    with pytest.raises(ValueError, match="action 3"):
        game.state_from_json(json.dumps(data))
    incomplete = json.loads(text)
    del incomplete["actions"]
    with pytest.raises(ValueError):
        game.state_from_json(json.dumps(incomplete))


def test_every_refusal_raised_in_the_games_names_a_rule_id_in_its_code():
    """Read every ``raise IllegalActionError(...)``/``SettingsError(...)`` of cardlab/games: a
    literal rule id must be a known one, and a settings message must cite one."""
    import ast
    from pathlib import Path

    import cardlab.games

    checked = 0
    for path in Path(cardlab.games.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "IllegalActionError" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    assert first.value in RULES, f"{path.name}:{node.lineno}: {first.value!r} is not a rule id"
                    checked += 1
            elif node.func.id == "SettingsError" and node.args:
                if any(isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
                       and part.value.id == "error" for part in ast.walk(node.args[0])):
                    continue  # a caught SettingsError passed on with more words: its id is inside
                text = "".join(part.value for part in ast.walk(node.args[0])
                               if isinstance(part, ast.Constant) and isinstance(part.value, str))
                assert cited(text) and set(cited(text)) <= set(RULES), f"{path.name}:{node.lineno}: {text!r}"
                checked += 1
    assert checked > 40
