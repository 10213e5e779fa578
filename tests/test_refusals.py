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


def test_every_declared_refusal_names_a_known_rule():
    import cardlab.sessions  # noqa: F401  (the tables' own refusals)
    from cardlab.records import refusal_kinds

    kinds = refusal_kinds()
    assert {kind.game for kind in kinds} >= {"engine", "table", *GAMES}
    assert all(kind.rule in RULES for kind in kinds), [kind for kind in kinds if kind.rule not in RULES]


# -- no sentence is made where a refusal is raised (issue 35) ------------------------------------
#: Errors a game or the engine may raise with English words: a programmer's mistake, never a
#: player's (a wrong type, a missing method, a bad index).
PROGRAMMERS_ERRORS = {"TypeError", "NotImplementedError", "AttributeError", "KeyError", "IndexError"}
#: ValueErrors (and the cards' CardError) raised with English words where no player can cause
#: them, by (module, function): each with its reason.
FOR_PROGRAMMERS = {
    ("engine/game.py", "check_deck"),  # a stacked deck is given in code (new_state(deck=)); a saved one is EN-5's
    ("engine/saving.py", "deck_cards"),  # the same stacked deck, read
    ("engine/saving.py", "to_json"),  # a sample for search has no history to save
    ("engine/replay.py", "__init__"),  # a replay's checkpoint spacing, given in code
    ("games/chips.py", "share_left_over"),  # an internal check of the chip games
    ("games/draw_poker.py", "adapter_bounds"),  # the OpenSpiel adapter needs a bounded session (its caller's setting)
    ("games/fight_for_the_lead.py", "adapter_bounds"),
    ("games/fight_for_the_lead.py", "stacked_deck"),  # a helper for stacked decks in tests and notebooks
    ("games/fight_for_the_lead.py", "_deal_unseen"),  # an observation that does not add up (sampling for search)
    ("games/registry.py", "game_entry"),  # a game asked for by a name in code
    ("games/registry.py", "register"),  # a game's module registering itself wrongly (a contributor's mistake)
    ("games/spec.py", "__post_init__"),  # a game's spec that contradicts itself (a contributor's mistake)
}
_RULE_ID = __import__("re").compile(r"[A-Z]{2}-\d+")


def _words_made(node):
    """The string literals and f-strings of a raise's call that make words: an f-string
    anywhere, a literal passed as a value (a rule id aside) or joined, concatenated or formatted."""
    import ast

    found = [n for n in ast.walk(node) if isinstance(n, ast.JoinedStr)]
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        values = [*call.args, *(k.value for k in call.keywords)]
        while any(isinstance(v, ast.IfExp) for v in values):
            values = [w for v in values for w in ((v.body, v.orelse) if isinstance(v, ast.IfExp) else (v,))]
        found += [v for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
                  and not _RULE_ID.fullmatch(v.value)]
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Constant):  # ", ".join(...)
            found.append(call.func.value)
    found += [n for n in ast.walk(node) if isinstance(n, ast.BinOp)
              and any(isinstance(side, ast.Constant) and isinstance(side.value, str) for side in (n.left, n.right))]
    return found


def _raises(root):
    """Every raise of the games and the engine: (file, enclosing function, exception name, node)."""
    import ast
    from pathlib import Path

    for path in sorted([*Path(root, "engine").glob("*.py"), *Path(root, "games").glob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = f"{path.parent.name}/{path.name}"
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                inner = [f for f in functions if f.lineno <= node.lineno <= f.end_lineno]
                function = max(inner, key=lambda f: f.lineno).name if inner else ""
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                yield where, function, name, node


def test_no_raise_in_the_games_or_the_engine_makes_a_sentence():
    """A refusal a player may see is raised with a record (typed values), never with words:
    only cardlab.words makes its sentence, in the table's language (issue 35)."""
    from pathlib import Path

    import cardlab

    made, refusals = [], 0
    for where, function, name, node in _raises(Path(cardlab.__file__).parent):
        if name in PROGRAMMERS_ERRORS or (where, function) in FOR_PROGRAMMERS:
            continue
        refusals += 1
        if _words_made(node.exc):
            made.append(f"{where}:{node.lineno} ({function}) raise {name}(...) makes words")
    assert not made, "\n".join(made)
    assert refusals > 60  # the games' and the engine's refusals were all read


def test_the_sentence_check_sees_f_strings_literals_and_joins():
    import ast

    for source, expected in [('raise IllegalActionError("EN-3", f"{kind} is not a Kontrabluff action")', 1),
                             ('raise SettingsError("players must be 2..5")', 1),
                             ('raise SettingsError(DECK_SIZE(", ".join(sizes), value))', 1),
                             ('raise IllegalActionError(NOT_HELD(seat, cards, rule="KB-3"))', 0),
                             ('raise IllegalActionError(ONE(players=2, rule="DP-3" if opened else "DP-2"))', 0),
                             ('raise ReplayError(LOAD(name + " state"))', 1)]:
        assert len(_words_made(ast.parse(source).body[0].exc)) == expected, source
