"""The coach (issue 28, point 6): verdicts from a seat's own view, the same for the same
position and the same whatever the cards the seat cannot see; exact for draw poker's
draw (DP-5); well-formed in every game; in words through :mod:`cardlab.words.coach`.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys

import numpy as np
import pytest

from cardlab.analysis.draw_odds import discard_table
from cardlab.bots import RandomBot, RuleBot, SearchBot
from cardlab.coach import Verdict, judge, position_seed, review
from cardlab.coach import sampled
from cardlab.coach.position import position_key
from cardlab.engine import Action
from cardlab.games import GAMES
from cardlab.games.draw_poker import DrawPoker, Phase
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.words.coach import ACTIONS, ROUNDS, chance_said, coach_line, review_line


def seat_of(state) -> int:
    """The seat to act; in a joint phase (PP-2) the first seat with a choice."""
    seat = state.current_player
    return seat if seat is not None else next(s for s in range(state.game.num_players) if state.legal_actions(s))


def reshuffled_positions(game, seed: int, wanted: int):
    """Positions of seat 0 in a game dealt from a stacked deck, each with the same
    position in a second game whose cards hidden from seat 0 are permuted among their
    places in the deck (the same actions replayed): (observation, other observation,
    the rule bot's action). Only positions where the replay stays legal and the seat's
    view is the same, yet the hidden cards lie elsewhere, are kept."""
    rng = np.random.default_rng(seed)
    deck = [game.stacked_deck[i] for i in rng.permutation(len(game.stacked_deck))]
    state = game.new_state(seed=seed, dealer=0, deck=deck)
    bots = [RuleBot(seed=s) for s in range(game.num_players)]
    played, found = [], []
    while not state.is_terminal and len(found) < wanted and len(played) < 40:
        seat = seat_of(state)
        observation = state.observation(seat)
        action = bots[seat](observation)
        if seat == 0 and len(observation.legal_actions) > 1:
            hidden = sorted(state.hidden_from(0))
            swap = dict(zip(hidden, (hidden[i] for i in rng.permutation(len(hidden)))))
            other = game.new_state(seed=seed, dealer=0, deck=[swap.get(card, card) for card in deck])
            if all(other.can_apply(a, s) and other.apply_for(s, a) is None for s, a in played):
                if (position_key(other.observation(0)) == position_key(observation)
                        and other.zones() != state.zones()):
                    found.append((observation, other.observation(0), action))
        played.append((seat, action))
        state.apply_for(seat, action)
    return found


# -- the same position, the same verdict ---------------------------------------------------------


@pytest.mark.parametrize("game", [Kontrabluff(), DrawPoker(players=3), FightForTheLead()], ids=lambda g: g.name)
def test_the_verdict_is_the_same_when_the_unseen_cards_are_reshuffled(game):
    positions = [p for seed in range(3, 7) for p in reshuffled_positions(game, seed=seed, wanted=2)][:2]
    assert len(positions) == 2  # draw poker's first hand often ends at seat 0's first decision: more seeds
    for observation, other, action in positions:
        assert position_seed(observation) == position_seed(other)
        move = 7
        first = judge(observation, action, move=move)
        assert first == judge(other, action, move=move)
        assert first == judge(observation, action, move=move)  # and the same again
        assert first is None or first.method in ("exact", "sampled")


def test_parallel_poker_verdict_does_not_see_the_other_arrangement():
    game = ParallelPoker()
    verdicts = []
    for bot in (RuleBot(seed=1), RandomBot(seed=2)):  # seat 1 has laid his packets (PP-2), two ways
        state = game.new_state(seed=8)
        state.apply_for(1, bot(state.observation(1)))
        observation = state.observation(0)
        verdicts.append(judge(observation, RuleBot(seed=3)(observation), move=1))
    assert verdicts[0] is not None and verdicts[0].basis == "arrangements" and verdicts[0].samples > 1
    assert verdicts[0] == verdicts[1]


def test_the_best_does_not_depend_on_the_choice_judged():
    state = Kontrabluff().new_state(seed=6)
    observation = state.observation(state.current_player)
    candidates = SearchBot(seed=position_seed(observation)).candidates(observation)
    assert len(candidates) >= 2
    verdicts = [judge(observation, action, move=0) for action in candidates]
    assert len({(v.best, v.best_value, v.samples) for v in verdicts}) == 1
    assert sum(v.action == v.best for v in verdicts) == 1


# -- exact where exact odds exist ------------------------------------------------------------------


def draw_position(seed: int = 2):
    state, bot = DrawPoker(players=2).new_state(seed=seed), RuleBot(seed=1)
    while state.observation(state.current_player).phase is not Phase.DRAW:
        state.apply(bot(state.observation(state.current_player)))
    return state, state.observation(state.current_player)


def test_the_draw_verdict_is_exact_and_equals_the_discard_table():
    state, observation = draw_position()
    table = discard_table(observation.hand, observation.game.rules, dead=observation.own_discards)
    rows = {frozenset(c for c in observation.hand if str(c) in row.discard.split()): row for row in table.itertuples()}
    top = table.iloc[0]
    for action in (Action("draw"), Action("draw", observation.hand), RuleBot(seed=1)(observation)):
        verdict = judge(observation, action, move=len(state.actions))
        row = rows[frozenset(action.cards)]
        assert (verdict.method, verdict.basis, verdict.unit, verdict.samples, verdict.margin) == ("exact", "draws", "kind", 0, 0)
        assert verdict.value == pytest.approx(row.expected, abs=1e-12)
        assert verdict.chance == pytest.approx(row.improve, abs=1e-12)
        assert verdict.best_value == pytest.approx(top["expected"], abs=1e-12)
        assert verdict.best_chance == pytest.approx(top["improve"], abs=1e-12)
        assert verdict.agrees == (verdict.cost == 0) and verdict.best in observation.legal_actions
        line = coach_line(verdict, observation.game)
        assert line.startswith(("You drew", "You stood pat")) and line.endswith("."), line
        assert (": the best draw." in line) == verdict.agrees and (": not the best draw." in line) != verdict.agrees
        said = f"Your hand gets better {chance_said(verdict.chance)}." if verdict.chance else "Your hand cannot get better."
        assert said in line, line
        assert_plain_words(line)
    best = judge(observation, Action("draw", [c for c in observation.hand if str(c) in top["discard"].split()]), move=0)
    assert best.agrees and best.cost == 0 and best.best == best.action


# -- the coach sees only the seat's view -----------------------------------------------------------


def test_judge_needs_only_the_observation():
    state = Kontrabluff().new_state(seed=5)
    seat = state.current_player
    observation, move = state.observation(seat), len(state.actions)
    action = RuleBot(seed=1)(observation)
    expected = judge(observation, action, move=move)
    del state
    gc.collect()
    assert judge(observation, action, move=move) == expected
    with pytest.raises(TypeError, match="observation"):
        judge(Kontrabluff().new_state(seed=5), action, move=move)


def test_the_coach_imports_no_widget_library():
    code = "import sys, cardlab.coach; print(sorted(m for m in ('ipywidgets', 'altair', 'pandas') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout


def test_a_bad_decision_is_refused_with_its_reason():
    state = Kontrabluff().new_state(seed=5)
    seat = state.current_player
    observation = state.observation(seat)
    with pytest.raises(ValueError, match=r"legal actions of North, and see .* is not one \(the kinds open now: lay, low\)"):
        judge(observation, Action("see", "2c 3c 4c 5c 7d"), move=0)
    with pytest.raises(TypeError, match="an Action"):
        judge(observation, "lay Ah", move=0)
    with pytest.raises(ValueError, match="index in state.actions"):
        judge(observation, RuleBot(seed=1)(observation), move=-1)
    with pytest.raises(ValueError, match="South has none to make now"):
        judge(state.observation(1 - seat), Action("pass"), move=0)


# -- every game: well-formed verdicts in words -------------------------------------------------------

UNITS = r"( (points?|chips?|cards?)\b| times? in (10|100|1,000)\b|[♠♥♦♣])"
#: What a 12-year-old should not have to read in the coach's line (issue 36): a statistician's
#: words, a percentage, a seat's name for the student, a count of samples.
STATISTICIAN = re.compile(r"margin|give or take|interval|on average this|of the time|sampled|deals of|arrangements|"
                          r"exact\b|scale of|%|\b(South|North|East|West)\b|\bthey must\b", re.IGNORECASE)


def assert_numbers_have_units(line: str) -> None:
    """Every number of a coach's line is an amount with its unit, a count of cards, a
    chance in the drills' words ('about 4 times in 10'), a card's rank or a move's number."""
    for found in re.finditer(r"(?<![\w.,])[-+]?\d+(?:[.,]\d+)*", line):
        before, after = line[:found.start()], line[found.end():]
        if re.match(UNITS, after) or re.search(r"times? in $", before) or before.endswith("Move "):
            continue
        raise AssertionError(f"{found.group()!r} has no unit in {line!r}")


def assert_plain_words(line: str) -> None:
    """The coach's line in words for a 12-year-old: to the student ("you"), whole numbers
    with their units, no statistician's words."""
    assert re.search(r"\b(You|you|Your|your)\b", line), line
    found = STATISTICIAN.search(line)
    assert found is None, f"{found.group()!r} in {line!r}"
    assert not re.search(r"\d[.,]\d", line), f"a decimal in {line!r}"
    assert_numbers_have_units(line)


#: A short session of each of cardlab's own games (a game a test registers has its own tests:
#: tests/test_fifth_game.py).
SHORT = {"kontrabluff": Kontrabluff(target=20), "draw_poker": DrawPoker(players=3, hands=1),
         "parallel_poker": ParallelPoker(), "fight_for_the_lead": FightForTheLead(games=1)}


def test_every_game_has_a_short_setting_and_coach_words():
    assert set(SHORT) == {name for name, entry in GAMES.items() if entry.game.__module__.startswith("cardlab.")}
    for name, entry in GAMES.items():
        assert set(ACTIONS[name]) == set(entry.spec.kinds), name
        assert ROUNDS[name] == entry.spec.round_unit, name  # the words name what the spec's round_index counts


def test_the_specs_declare_which_judge_judges_what():
    """Issue 35: the exact and own judges are the games' declarations (dotted paths the
    coach loads), not a table of the coach's keyed by the games' names."""
    from cardlab.coach.parallel_poker import judge_arrangement
    from cardlab.coach.exact import judge_draw

    draw, arrange = GAMES["draw_poker"], GAMES["parallel_poker"]
    assert draw.exact_judge("draw") is judge_draw and draw.exact_judge("open") is None
    assert arrange.exact_judge("arrange") is judge_arrangement
    assert all(entry.exact_judge(kind) is None for name, entry in GAMES.items()
               if name in ("kontrabluff", "fight_for_the_lead") for kind in entry.spec.kinds)


@pytest.mark.parametrize("name", list(SHORT))
def test_every_decision_of_random_play_gets_a_well_formed_verdict(name, monkeypatch):
    monkeypatch.setattr(sampled, "BUDGET", 300)  # fewer worlds: the form is tested here, not the figures
    game = SHORT[name]
    judged = []
    for seed in range(2):
        state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
        while not state.is_terminal and len(judged) < 6 * (seed + 1):
            seat = seat_of(state)
            observation = state.observation(seat)
            action = observation.legal_actions.sample(rng)
            if seat == 0:
                verdict = judge(observation, action, move=len(state.actions))
                if len(observation.legal_actions) == 1:
                    assert verdict is None
                if verdict is not None:
                    judged.append((verdict, observation))
            state.apply_for(seat, action)
    assert judged
    for verdict, observation in judged:
        assert isinstance(verdict, Verdict) and verdict.seat == 0 and verdict.cost >= 0
        assert verdict.best in observation.legal_actions and verdict.action in observation.legal_actions
        assert verdict.best_value >= verdict.value - 1e-12 and verdict.margin >= 0
        assert (verdict.method == "exact") == (verdict.unit == "kind") == (verdict.samples == 0)
        assert 0 <= verdict.chance <= 1 and 0 <= verdict.best_chance <= 1
        assert verdict.agrees or verdict.action != verdict.best
        line = coach_line(verdict, game)
        assert "{" not in line and "}" not in line and line.endswith(".")
        assert not re.search(r"\([^)]*\(", line), line  # no nested brackets
        assert_plain_words(line)
        assert_the_line_says_the_verdict(line, verdict, name)
    differed = review(v for v, _ in judged)
    assert all(not v.agrees for v in differed)
    assert [v.cost for v in differed if v.unit != "kind"] == sorted((v.cost for v in differed if v.unit != "kind"),
                                                                   reverse=True)
    for verdict in differed:
        said = review_line(verdict, game)
        assert said.startswith(f"Move {verdict.move + 1}: You "), said
        assert_plain_words(said)
        n = round(verdict.cost)
        if verdict.method == "exact":
            assert said.endswith("gives a better hand on average."), said
        else:
            assert said.endswith(f"was about {n} {verdict.unit if n != 1 else verdict.unit[:-1]} better." if n >= 1
                                 else "was a little better."), said


def assert_the_line_says_the_verdict(line: str, verdict: Verdict, game: str) -> None:
    """The sampled line says the choice against the best in whole units and the chances
    in the drills' words: 'about 8 points worse than the best choice', 'about 4 times in 10'."""
    if verdict.method == "exact":
        return
    n, unit = round(verdict.cost), verdict.unit
    if verdict.action == verdict.best:
        assert ": the best choice the coach found." in line, line
    elif verdict.agrees:
        assert ": about as good as the best choice the coach found, " in line, line
    elif n < 1:
        assert ": a little worse than the best choice, " in line, line
    else:
        assert f": about {n} {unit if n != 1 else unit[:-1]} worse than the best choice, " in line, line
    this = f"this {ROUNDS[game]}"  # KB-9's round, DP-8's hand, FL-9's and PP-5's game
    assert (f"You win {this} {chance_said(verdict.chance)}." if verdict.chance else f"You almost never win {this}.") in line, line
    if not verdict.agrees:
        assert (f", you win it {chance_said(verdict.best_chance)}." in line if verdict.best_chance
                else ", you almost never win it." in line), line
    else:
        assert "By " not in line, line


# -- words for a 12-year-old, in every language (issue 36, item 6) ------------------------------------

def _sampled(game, **fields) -> tuple:
    base = dict(seat=0, move=4, action=Action("pass"), value=-6.0, best=Action("lay", "9s"), best_value=1.5,
                unit="points", method="sampled", basis="deals", samples=400, margin=1.2, chance=0.12, best_chance=0.58)
    return game, Verdict(**(base | fields))


def _exact(**fields) -> tuple:
    from cardlab.cards import parse_cards

    base = dict(seat=0, move=11, action=Action("draw", "8c 4d 2s"), value=1.02, best=Action("draw", "4d 2s"),
                best_value=1.05, unit="kind", method="exact", basis="draws", samples=0, chance=0.2871,
                best_chance=0.312, chance_of="improve", hand=parse_cards("Jh Js 8c 4d 2s"))
    return DrawPoker(), Verdict(**(base | fields))


#: One verdict for each kind of line the coach says, with the line it says in English.
LINES = [
    (_sampled(Kontrabluff()), "You passed: about 8 points worse than the best choice, laying 9♠. You win this round "
                              "about 1 time in 10. By laying 9♠, you win it about 6 times in 10."),
    (_sampled(Kontrabluff(), action=Action("lay", "9s"), value=1.5), "You laid 9♠: the best choice the coach found. "
                                                                     "You win this round about 1 time in 10."),
    (_sampled(Kontrabluff(), value=0.7), "You passed: about as good as the best choice the coach found, laying 9♠. "
                                         "You win this round about 1 time in 10."),
    (_sampled(Kontrabluff(), value=1.2, margin=0.1, chance=0.0, best_chance=0.0),
     "You passed: a little worse than the best choice, laying 9♠. You almost never win this round. "
     "By laying 9♠, you almost never win it."),
    (_sampled(DrawPoker(), best=Action("call"), unit="chips", value=-1.0, best_value=0.1, margin=0.3, chance=0.97),
     "You passed: about 1 chip worse than the best choice, calling. You win this hand almost every time. "
     "By calling, you win it about 6 times in 10."),
    (_sampled(FightForTheLead(), action=Action("stay"), best=Action("leave"), unit="chips", value=-6.2,
              best_value=15.9, chance=0.0, best_chance=0.41),
     "You played on: about 22 chips worse than the best choice, leaving the table. You almost never win this game. "
     "By leaving the table, you win it about 4 times in 10."),
    (_exact(), "You drew 3 cards: not the best draw. Your hand gets better about 3 times in 10. By keeping J♥ J♠ 8♣ "
               "and drawing 2 cards, you get a better hand on average, and it gets better about 3 times in 10."),
    (_exact(best=Action("draw", "8c 4d 2s"), best_value=1.02, best_chance=0.2871),
     "You drew 3 cards: the best draw. Your hand gets better about 3 times in 10."),
    (_exact(action=Action("draw", "4d 2s"), best=Action("draw"), chance=0.3, best_chance=0.0),
     "You drew 2 cards: not the best draw. Your hand gets better about 3 times in 10. By standing pat, you keep a "
     "better hand on average, though it cannot get better."),
]


@pytest.mark.parametrize("case, english", LINES, ids=range(len(LINES)))
def test_the_coach_speaks_to_the_student_in_plain_words(case, english):
    """'about 8 points worse than the best choice', 'you win this about 4 times in 10': whole
    units, the drills' chances, "you"; no margin, interval, sample count or percentage (the
    verdict keeps them for a notebook)."""
    game, verdict = case
    line = coach_line(verdict, game)
    assert line == english
    assert_plain_words(line)
    if not verdict.agrees:
        said = review_line(verdict, game)
        assert_plain_words(said)
        assert said.startswith(f"Move {verdict.move + 1}: You ")
    assert verdict.margin == 0 or verdict.interval[1] - verdict.interval[0] == pytest.approx(2 * verdict.margin)


@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
def test_the_coach_says_every_line_in_each_language_without_english(lang):
    """Each kind of line, and its review line, in Swedish, Polish and Ukrainian: no English
    piece or word (the language walk's checks), no placeholder, the numbers of the English."""
    from cardlab.words import language
    from tests.test_language_walk import check_text, english_pieces

    pieces = english_pieces(lang)
    for (game, verdict), _english in LINES:
        said = {}
        for language_code in ("en", lang):
            with language(language_code):
                said[language_code] = [coach_line(verdict, game)] + ([] if verdict.agrees else [review_line(verdict, game)])
        for line, english in zip(said[lang], said["en"]):
            check_text(line, pieces, f"{lang} coach", lang=lang)
            assert line != english
            assert sorted(re.findall(r"\d+", line)) == sorted(re.findall(r"\d+", english)), (line, english)


def test_in_hot_seat_play_the_coach_speaks_to_the_seat_at_the_screen_only():
    """"You" is the seat at the screen (in hot-seat play the seat to act): each person reads
    the coach's line on their own decisions, never the last player's (whose line may name the
    cards they kept), and nothing while the cover is up; the review is each seat's own."""
    from cardlab.sessions import TableSession

    session = TableSession(DrawPoker(players=2), seed=2, hotseat=True, coach=True)
    decided: dict[int, list[int]] = {0: [], 1: []}
    for _ in range(60):
        view = session.view()
        if view.over:
            break
        if view.covered:
            assert view.coach == ()
            session.uncover()
            continue
        if view.result is not None:
            session.resume()
            continue
        own = [v for v in session.verdicts if v.seat == view.seat]
        assert view.coach == ((coach_line(own[-1], session.game),) if own else ()), (view.seat, view.coach)
        if view.my_turn:
            seat, action = view.seat, next(iter(view.offers.values()))[0]
            session.play(action)
            decided[seat].append(len(session.state.actions) - 1)
    assert decided[0] and decided[1]
    assert {v.seat for v in session.verdicts} == {0, 1}
    for seat in (0, 1):
        assert all(v.seat == seat for v in session.notes.review(seat))
