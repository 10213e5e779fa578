"""Refusals are records, said whole in every language (issue 35).

A refusal is data (:class:`cardlab.records.Refusal`: a kind declared once, the refusing
rule, typed values); the error carries it and :mod:`cardlab.words` says it in the table's
language with the exact reason: whose turn it is, which card, how many chips. Here:

- every declared kind of refusal has a whole template in every language, with exactly its
  fields as placeholders, translated (not the English);
- every kind of refusal of every game, the engine and the tables is provoked on a real,
  seeded state (or setting, or saved game): the rule id, the typed values, the state exactly
  as before, and the sentence in sv, pl and uk names its values (the seat's name and the
  card's letters in that language, the numbers) and holds no English word of the English
  sentence;
- errors pickle with their record (process pools, Dask), in a process that never imported
  the game.
"""

from __future__ import annotations

import functools
import json
import pickle
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import cardlab.sessions  # noqa: F401  (the tables' own refusals are declared there)
from cardlab.cards import Card, deck, parse_cards
from cardlab.engine import Action, GameState, IllegalActionError, RefusalError, ReplayError, SeatError, SettingsError
from cardlab.engine import saving
from cardlab.games.draw_poker import DrawPoker, Phase as DrawPhase
from cardlab.games.fight_for_the_lead import FightForTheLead, stacked_deck
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.records import (ACTION, AMOUNTS, CARD, CARDS, CHIPS, COUNT, NUMBER, POINTS, REFUSAL, SEAT, SEATS, TEXT,
                             Refusal, refusal_kinds)
from cardlab.rules import RULES
from cardlab.sessions import TableSession
from cardlab.sessions.seatview import Notice
from cardlab.words import Lists, Plural, card_text, catalog, language, placeholders, seat_names, translate
from cardlab.words.refusals import REFUSALS, refusal_line, refusal_text
from cardlab.words.table import notice_text
from tests.playout import played

LANGS = ("sv", "pl", "uk")
KINDS = refusal_kinds()


# -- (a) a whole template per kind, in every language --------------------------------------------
def _forms(template: str | Plural, lang: str) -> list[tuple[str, str]]:
    """(English, translation) of each form of ``template`` in ``lang``."""
    said = catalog(lang)
    if isinstance(template, str):
        return [(template, said.gettext(template))]
    return [(template.one if n == 1 else template.other, said.ngettext(template.one, template.other, n))
            for n in (1, 2, 5, 21, 22)]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k.game}:{k.name}")
def test_every_refusal_kind_has_a_whole_translated_template_with_exactly_its_fields(kind):
    assert kind.rule in RULES
    template = REFUSALS[kind.game][kind.name]
    main, phrases = (template.template, [each.phrase for _, each in template.lists]) if isinstance(template, Lists) \
        else (template, [])
    assert placeholders(main) == set(kind.field_names), kind
    assert all(placeholders(phrase) <= set(kind.field_names) for phrase in phrases), kind
    for lang in LANGS:
        for said in (main, *phrases):
            for english, translated in _forms(said, lang):
                assert placeholders(translated) == placeholders(english), (lang, translated)
                assert translated != english, f"{lang}: {english!r} is not translated"


def test_every_template_belongs_to_a_declared_kind():
    declared = {(kind.game, kind.name) for kind in KINDS}
    assert {(game, name) for game, table in REFUSALS.items() for name in table} == declared


# -- (b) every kind provoked on a real state, said in every language --------------------------------
#: The junk a player (or a program) may try: every kind of every game and a few of none.
JUNK_KINDS = ["low", "hand_over", "lay", "pass", "see", "open", "call", "raise", "draw", "show", "concede", "arrange",
              "fight", "exchange", "play", "stay", "leave", "bet", "fold", "check"]
GAMES = {
    "kontrabluff": Kontrabluff(target=300),
    "draw_poker": DrawPoker(players=3, stack=6, max_bet=4, hands=6),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead": FightForTheLead(players=3, stack=12, games=4),
}
Call = Callable[[Any], Any]
#: Kinds no state of the four games can meet, each with its reason.
UNREACHABLE = {
    ("engine", "not_legal"): "the base check (every game has its own) and the games' last resort after their view "
                             "refused for a reason they name",
    ("engine", "load_setup_refused"): "a saved game's seed, dealer and deck are checked before the game is made",
    ("engine", "load_setup_failed"): "the same",
}


def _junk(state: GameState, seat: int, rng: np.random.Generator) -> Action:
    kind = JUNK_KINDS[int(rng.integers(len(JUNK_KINDS)))]
    offered = sorted(state.legal_actions(seat).kinds())
    if offered and rng.random() < 0.6:  # often a kind on offer, with the wrong cards or amount
        kind = offered[int(rng.integers(len(offered)))]
    cards = deck(52)
    picked = [cards[i] for i in rng.choice(52, size=int(rng.integers(0, 7)), replace=False)]
    if rng.random() < 0.6:  # often the seat's own cards, sometimes one of them twice
        own = list(state.observation(seat).hand)
        picked = own[: int(rng.integers(0, len(own) + 1))]
        if picked and rng.random() < 0.2:
            picked.append(picked[0])
    amount = None if rng.random() < 0.6 else int(rng.integers(-2, 12))
    return Action(kind, picked, amount)


def _checked(action: Action, seat: int) -> Call:
    return lambda state: state.check(action, seat)


def _searched() -> dict[tuple[str, str], tuple[GameState, Call]]:
    """The first refusal of each kind met in seeded random play with junk tried by every seat."""
    found: dict[tuple[str, str], tuple[GameState, Call]] = {}
    for name, game in GAMES.items():
        for seed in range(40):
            state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
            while not state.is_terminal:
                for seat in range(game.num_players):
                    for _ in range(2):
                        action = _junk(state, seat, rng)
                        try:
                            state.check(action, seat)
                        except IllegalActionError as error:
                            key = (error.refusal.game, error.kind)
                            if key not in found:
                                found[key] = (state.clone(), _checked(action, seat))
                seat = state.current_player
                state.apply_for(seat, state.legal_actions(seat).sample(rng))
            found.setdefault((name, "over"), (state, _checked(Action("pass"), 0)))  # EN-2, once over
    return found


def _draw_poker_at(phase: DrawPhase, game: DrawPoker) -> GameState:
    """A seeded draw-poker state in ``phase`` (random play from seed 0 on)."""
    for seed in range(200):
        state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
        while not state.is_terminal and state.phase is not phase:
            state.apply(state.legal_actions().sample(rng))
        if state.phase is phase:
            return state
    raise AssertionError(f"no {phase}")


def _opened(game: DrawPoker) -> GameState:
    state = game.new_state(seed=3)
    state.apply(Action("open", amount=game.ante + 1))
    return state


def _short_stock() -> GameState:
    """Fight for the Lead with two stock cards left for the exchange (tests/test_fight_for_the_lead.py's)."""
    hands = ["Ah 2h 3h 2c", "Kh 4h 5h 3c", "Qh 6h 7h 4c", "Jh 8h 9c 5c", "Th 6c 7c 8c"]
    rest = [c for c in deck(52) if c not in set(parse_cards(" ".join(hands)) + parse_cards("9h"))]
    state = FightForTheLead(players=5, ante=1, stack=10).new_state(seed=1, dealer=4,
                                                                  deck=stacked_deck(hands, rest[:29] + [Card.parse("9h")]))
    for seat, card in enumerate(("Ah", "Kh", "Qh", "Jh", "Th")):
        state.apply_for(seat, Action("fight", (Card.parse(card),)))
    return state


def _saved() -> dict:
    return json.loads(played(Kontrabluff(), 3, 25).to_json())


def _load(change: Callable[[dict], Any] | None = None, text: Any = None) -> Call:
    def load(_: Any) -> Any:
        data = _saved()
        if change is not None:
            change(data)
        return Kontrabluff().state_from_json(json.dumps(data) if text is None else text)
    return load


def _many_actions(_: Any) -> Any:
    limit, saving.MAX_ACTIONS = saving.MAX_ACTIONS, 100  # the action limit, scaled down (as tests/test_inputs.py)
    try:
        data = _saved()
        data["actions"] = [[0, ["pass", [], None]]] * 101
        return Kontrabluff().state_from_json(json.dumps(data))
    finally:
        saving.MAX_ACTIONS = limit


def _settled(make: Callable[[], Any]) -> Call:
    return lambda _: make()


def _explicit() -> dict[tuple[str, str], tuple[GameState | None, Call]]:
    """The kinds random junk seldom meets, each provoked where it lives."""
    small = DrawPoker(players=3, ante=1, max_bet=10, stack=5)
    showdown = _draw_poker_at(DrawPhase.SHOWDOWN, DrawPoker(players=2, hands=50))
    kontrabluff = Kontrabluff().new_state(seed=1, dealer=0)
    lead = kontrabluff.legal_actions().sample(np.random.default_rng(0))
    illegal = lambda d: d["actions"].insert(0, d["actions"][0])  # noqa: E731  (action 2 replays out of turn)
    waiting = next(session for session in (TableSession(Kontrabluff(), seed=seed, opponent="random", auto=False)
                                            for seed in range(20)) if session.view_seat not in session.actors())
    return {
        # the engine's (EN-1 .. EN-6)
        ("engine", "not_your_turn"): (kontrabluff, lambda s: s.apply_for(0, lead)),
        ("engine", "game_over"): (played(Kontrabluff(target=20), 3, 10_000), lambda s: s.apply(Action("pass"))),
        ("engine", "not_an_action"): (kontrabluff, lambda s: s.apply("hand_over")),
        ("engine", "not_a_seat"): (kontrabluff, lambda s: s.observation(2)),
        ("engine", "setting_range"): (None, _settled(lambda: DrawPoker(players=9))),
        ("engine", "setting_at_least"): (None, _settled(lambda: Kontrabluff(target=0))),
        ("engine", "setting_bool"): (None, _settled(lambda: ParallelPoker(ace_low="yes"))),
        ("engine", "bad_seed"): (None, _settled(lambda: Kontrabluff().new_state(seed=-1))),
        ("engine", "load_too_big"): (None, _load(text=" " * (saving.MAX_JSON_BYTES + 1))),
        ("engine", "load_not_utf8"): (None, _load(text=b"\xff\xfe{")),
        ("engine", "load_not_text"): (None, _load(text=5)),
        ("engine", "load_too_deep"): (None, _load(text="[" * 20 + "]" * 20)),
        ("engine", "load_too_many_lists"): (None, _load(text="[" + "[], " * (3 * saving.MAX_ACTIONS + 20) + "[]]")),
        ("engine", "load_not_json"): (None, _load(text='{"format": "cardlab/1", "x": [1, 2')),
        ("engine", "load_not_object"): (None, _load(text="[1, 2]")),
        ("engine", "load_other_game"): (None, _load(lambda d: d.update(game="draw_poker"))),
        ("engine", "load_no_format"): (None, _load(lambda d: d.pop("format"))),
        ("engine", "load_unknown_format"): (None, _load(lambda d: d.update(format="cardlab/2"))),
        ("engine", "load_unknown_field"): (None, _load(lambda d: d.update(extra=1))),
        ("engine", "load_missing_field"): (None, _load(lambda d: d.pop("seed"))),
        ("engine", "load_other_settings"): (None, _load(lambda d: d["settings"].update(target=100.0))),
        ("engine", "load_bad_seed"): (None, _load(lambda d: d.update(seed=3.0))),
        ("engine", "load_bad_dealer"): (None, _load(lambda d: d.update(dealer=1.0))),
        ("engine", "load_bad_deck"): (None, _load(lambda d: d.update(deck="Ah"))),
        ("engine", "load_deck_refused"): (None, _load(lambda d: d.update(deck=["Ah"] * 52))),
        ("engine", "load_actions_not_list"): (None, _load(lambda d: d.update(actions={}))),
        ("engine", "load_too_many_actions"): (None, _many_actions),
        ("engine", "load_bad_entry"): (None, _load(lambda d: d["actions"].__setitem__(0, [0]))),
        ("engine", "load_bad_entry_seat"): (None, _load(lambda d: d["actions"][0].__setitem__(0, True))),
        ("engine", "load_bad_action"): (None, _load(lambda d: d["actions"][2].__setitem__(1, ["lay", "Ah", None]))),
        ("engine", "load_illegal"): (None, _load(illegal)),
        # the tables' (a click at the wrong moment)
        ("table", "not_to_act"): (None, lambda _: waiting.play(Action("pass"))),
        # each game's settings and its rarer moments
        ("kontrabluff", "match_over"): (played(Kontrabluff(target=20), 3, 10_000), _checked(Action("pass"), 0)),
        ("draw_poker", "deck_size"): (None, _settled(lambda: DrawPoker(deck_size=30))),
        ("draw_poker", "ace_low_short_only"): (None, _settled(lambda: DrawPoker(deck_size=52, ace_low=False))),
        ("draw_poker", "max_bet_above_ante"): (None, _settled(lambda: DrawPoker(ante=5, max_bet=5))),
        ("draw_poker", "stack_below_ante"): (None, _settled(lambda: DrawPoker(ante=5, max_bet=6, stack=4))),
        ("draw_poker", "deck_too_small"): (None, _settled(lambda: DrawPoker(players=8, deck_size=24))),
        ("draw_poker", "already_open"): (_opened(small), lambda s: s.apply(Action("open", amount=3))),
        ("draw_poker", "open_all_in"): (small.new_state(seed=3), lambda s: s.apply(Action("open", amount=8))),
        ("draw_poker", "no_all_in"): (_opened(small), lambda s: s.apply(Action("raise", amount=9))),
        ("draw_poker", "show_or_concede"): (showdown, lambda s: s.apply(Action("draw"))),
        ("draw_poker", "show_takes_nothing"): (showdown, lambda s: s.apply(Action("show", amount=1))),
        ("parallel_poker", "hierarchy"): (None, _settled(lambda: ParallelPoker(hierarchy="52-card"))),
        ("fight_for_the_lead", "stack_below_ante"): (None, _settled(lambda: FightForTheLead(stack=2, ante=3))),
        ("fight_for_the_lead", "exchange_stock"): (_short_stock(), lambda s: s.apply_for(0, Action("exchange", "2c 2h 3h"))),
    }


@functools.cache
def _cases() -> dict[tuple[str, str], tuple[GameState | None, Call]]:
    searched = _searched()
    found = {key: case for key, case in searched.items() if key[1] != "over"}
    over = {name: case for (name, kind), case in searched.items() if kind == "over"}
    for name in GAMES:  # each game's own EN-2, met once its random game ended
        refused = _refusal_of(*over[name])
        found.setdefault((name, refused.name), over[name])
    found.update(_explicit())
    found[("table", "result_on_screen")] = _result_on_screen()
    return found


def _result_on_screen() -> tuple[None, Call]:
    session = TableSession(Kontrabluff(), seed=7, opponent="random", auto=False)
    rng = np.random.default_rng(0)
    while session.result is None:  # play until a result waits for Continue
        if session.view_seat in session.actors():
            session.play(session.state.legal_actions(session.view_seat).sample(rng))
        else:
            session.step()
    return None, lambda _: session.play(Action("pass"))


def _refusal_of(state: GameState | None, call: Call) -> Refusal:
    """The refusal ``call`` raises; the state (if any) is exactly as before, as data and as JSON."""
    if state is not None:
        before, text = state.clone(), state.to_json()
    with pytest.raises(RefusalError) as caught:
        call(state)
    if state is not None:
        assert state == before and state.to_json() == text
    assert str(caught.value) == refusal_line(caught.value.refusal)  # its message is the words layer's
    return caught.value.refusal


def test_every_kind_of_refusal_is_provoked_or_said_why_not():
    declared = {(kind.game, kind.name) for kind in KINDS}
    assert declared - set(_cases()) == set(UNREACHABLE), sorted(declared - set(_cases()) - set(UNREACHABLE))


#: The type each field type's value has.
TYPES = {SEAT: int, COUNT: int, CHIPS: int, POINTS: int, NUMBER: int, CARD: Card, TEXT: str, ACTION: Action,
         REFUSAL: Refusal}


def _typed(refusal: Refusal) -> None:
    for (name, kind), value in zip(refusal.kind.fields, refusal.values):
        if kind in (SEATS, CARDS, AMOUNTS):
            item = {SEATS: int, CARDS: Card, AMOUNTS: int}[kind]
            assert type(value) is tuple and all(type(v) is item for v in value), (name, value)
        else:
            assert type(value) is TYPES[kind], (name, value)
        if kind is SEAT:
            assert 0 <= value < refusal.players


def _values_said(refusal: Refusal) -> list[str]:
    """The words each value must be said with, in the current language."""
    said = []
    for (_, kind), value in zip(refusal.kind.fields, refusal.values):
        if kind is SEAT:
            said.append(seat_names(refusal.players)[value])
        elif kind is CARD:
            said.append(card_text(value))
        elif kind is CARDS:
            said += [card_text(card) for card in value] or [translate("nothing")]
        elif kind in (COUNT, CHIPS, POINTS, NUMBER):
            said.append(str(value))
        elif kind is AMOUNTS:
            said += [str(v) for v in value]
        elif kind is TEXT:
            said.append(value)
        elif kind is REFUSAL:
            said.append(refusal_line(value))
        elif kind is ACTION:
            said.append(value.kind)
    return said


#: What a program, not a player, types and reads: code names said as given.
CODE = re.compile(r"'[^']*'|\"[^\"]*\"|\[(?:[^\[\]]|\[(?:[^\[\]]|\[[^\[\]]*\])*\])*\]|\((?:[a-z_]+, )+[a-z_]+\)"
                  r"|\w+=\w+|\b\w+_\w+\b|\b(?:JSON|UTF|cardlab|Action|True|False|null|format|game|settings|seed"
                  r"|dealer|deck|actions|hierarchy)\b")
#: Words a language shares with English (the same word in its rule pages).
SHARED = {"sv": {"ante", "stack", "hand", "pass", "text", "kontrabluff"}, "pl": {"poker", "kontrabluff"},
          "uk": {"kontrabluff"}}


def _words(text: str, refusal: Refusal) -> set[str]:
    for value in _values_said(refusal):
        text = text.replace(value, " ")
    if refusal.rule in ("EN-3", "EN-4", "EN-5", "EN-6") or refusal.name in _SETTINGS:  # a program's mistake
        text = CODE.sub(" ", text)
    return {word.lower() for word in re.findall(r"[^\W\d_]{3,}", text)}


#: The settings' refusals (the setting's name is code), whatever rule bounds them.
_SETTINGS = {"deck_size", "ace_low_short_only", "max_bet_above_ante", "stack_below_ante", "deck_too_small", "hierarchy",
             "setting_range", "setting_at_least", "setting_bool"}


@pytest.mark.parametrize("key", sorted(set((k.game, k.name) for k in KINDS) - set(UNREACHABLE)), ids=":".join)
def test_each_refusal_names_its_rule_and_values_and_is_said_whole_in_every_language(key):
    refusal = _refusal_of(*_cases()[key])
    assert (refusal.game, refusal.name) == key
    assert refusal.rule in RULES and refusal.rule[:2] in ("EN", "KB", "DP", "PP", "FL", "HR")
    _typed(refusal)
    with language("en"):
        english = refusal_text(refusal)
        english_words = _words(english, refusal)
    for lang in LANGS:
        with language(lang):
            said = refusal_text(refusal)
            assert refusal_line(refusal) == f"{refusal.rule}: {said}"
            missing = [value for value in _values_said(refusal) if value not in said]
            assert not missing, f"{lang}: {said!r} does not name {missing}"
            english_left = (_words(said, refusal) & english_words) - SHARED[lang]
            assert not english_left, f"{lang}: {said!r} holds English {sorted(english_left)}"


def test_a_card_is_said_in_the_languages_letters_and_a_seat_by_its_name():
    state = Kontrabluff().new_state(seed=1, dealer=0)
    queen = next(c for c in deck(52) if c.rank.name == "QUEEN" and c not in state.hands[1])
    refusal = _refusal_of(state, lambda s: s.check(Action("lay", (queen,)), 1))
    assert refusal.fields == {"seat": 1, "cards": (queen,)} and refusal.rule == "KB-3"
    said = {}
    for lang in ("en", *LANGS):
        with language(lang):
            said[lang] = refusal_text(refusal)
    assert said["en"] == f"North does not hold Q{queen.suit.symbol}"
    assert said["sv"] == f"Nord har inte D{queen.suit.symbol} på handen"
    assert said["pl"] == f"Północ nie ma w ręce D{queen.suit.symbol}"
    assert said["uk"] == f"Північ не має в руці Д{queen.suit.symbol}"


def test_a_chip_count_takes_its_plural_in_each_language():
    game = DrawPoker(players=3, ante=1, max_bet=10, stack=5)
    refusal = _refusal_of(_opened(game), lambda s: s.apply(Action("raise", amount=9)))
    assert refusal.name == "no_all_in" and refusal.fields["need"] == 11 and refusal.fields["stack"] == 4
    with language("pl"):
        assert "potrzebuje 11 żetonów, a ma 4" in refusal_text(refusal)
    with language("uk"):
        assert "потрібно 11 фішок" in refusal_text(refusal)


# -- the tables say the exact refusal, in their language ------------------------------------------
def test_a_table_says_the_exact_refusal_in_its_language():
    session = TableSession(Kontrabluff(), seed=1, opponent="random", auto=False)
    seat = session.view_seat
    action = Action("lay", (next(c for c in deck(52) if c not in session.state.hands[seat]),))  # out of turn, or not held
    with pytest.raises(IllegalActionError) as caught:
        session.state.check(action, seat)
    notice = Notice.refusal(caught.value)
    assert notice.values == {"refusal": caught.value.refusal}  # the record, kept, not words
    for lang in LANGS:
        with language(lang):
            said = notice_text(notice.name, notice.values, players=2)
            assert said == refusal_line(caught.value.refusal) and said == session.reason(action)
            assert seat_names(2)[seat] in said


# -- pickled with their records ---------------------------------------------------------------
def _errors() -> list[RefusalError]:
    state = Kontrabluff().new_state(seed=1, dealer=0)
    errors = []
    card = next(c for c in deck(52) if c not in state.hands[1])
    for call in (lambda: state.check(Action("lay", (card,)), 1), lambda: state.observation(7),
                 lambda: DrawPoker(deck_size=30), _load(lambda d: d["actions"].insert(0, d["actions"][0]))):
        try:
            call() if call.__code__.co_argcount == 0 else call(None)
        except RefusalError as error:
            errors.append(error)
    return errors


def test_errors_pickle_with_their_records():
    errors = _errors()
    assert [type(e) for e in errors] == [IllegalActionError, SeatError, SettingsError, ReplayError]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and again.refusal == error.refusal and again.refusal.kind is error.refusal.kind
        assert str(again) == str(error) and again.rule == error.rule and again.values == error.values
    assert errors[0].values["cards"][0] in deck(52) and errors[-1].refusal["reason"].rule == "EN-1"  # a card, a refusal inside
    assert errors[-1].refusal["action"] == Action.from_list(_saved()["actions"][0][1])


def test_an_error_unpickles_and_is_said_in_a_process_that_never_imported_its_game():
    error = _errors()[0]
    code = ("import pickle, sys; import cardlab.engine; from cardlab.words import language\n"
            "assert 'cardlab.games.kontrabluff' not in sys.modules\n"
            "error = pickle.loads(sys.stdin.buffer.read())\n"
            "with language('pl'):\n    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(error), capture_output=True, check=True)
    with language("pl"):
        assert done.stdout.decode().strip() == str(error)


# -- the engine holds no words ------------------------------------------------------------------
def test_the_engine_names_no_seat_and_makes_no_refusals_sentence():
    """The engine reads from the words layer only the log's line of an event and the line of a
    refusal (both made when read), and the language of the moment (a state keeps its log's
    lines by language, so that a log is said in the language it is read in); it has no seat
    names (no ``GameState.name``, ``Observation.seat_names``)."""
    import ast
    from pathlib import Path

    import cardlab.engine as engine

    read = set()
    for path in Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardlab.words"):
                read |= {f"{node.module}.{alias.name}" for alias in node.names}
    assert read == {"cardlab.words.record_line", "cardlab.words.refusals.refusal_line", "cardlab.words.current_language",
                    "cardlab.words.language"}, read
    assert not hasattr(GameState, "name") and not hasattr(engine.Observation, "seat_names")
    assert not hasattr(engine, "seat_names")
