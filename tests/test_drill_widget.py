"""The drill widget (issue 36, item 2), without a browser: built, clicked, and read.

A right answer says so and moves on; a wrong one shows why (with the rule id, its text
one click away) and waits for Next; five right in a row master a rule; each answer is a
frozen record (cardlab.drills.Answer) in ``Drill.answers`` and ``on_answer``; the seed
gives the sequence; every language shows no English; bad input is refused naming it and
changes nothing. The real browser (keyboard, focus, axe-core) is
tests/browser/test_drill_in_browser.py.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
import re
from types import SimpleNamespace

import pytest

from cardlab import drills
from cardlab.drills import KINDS, MASTERY, Answer, DrillError, Practice
from cardlab.rules import rule
from cardlab.widgets import Drill
from cardlab.words import LANGUAGES
from tests.test_widgets import visible_texts


def clock():
    """A clock that moves 2.5 s a reading: every answer takes 2.5 s."""
    return itertools.count(0, 2.5).__next__


def wrong_option(drill: Drill) -> int:
    return (drill.exercise.answer + 1) % len(drill.exercise.options)


def answer(drill: Drill, right: bool) -> Answer:
    """Answer the exercise on screen by its button (or the number box and Check), right or not."""
    before = len(drill.answers)
    exercise = drill.exercise
    if exercise.options:
        drill.option_buttons[exercise.answer if right else wrong_option(drill)].click()
    else:
        drill.number_box.value = str(exercise.answer if right else exercise.answer + 1)
        drill._check.click()
    assert len(drill.answers) == before + 1, drill.errors.outputs
    return drill.answers[-1]


def texts(drill: Drill) -> str:
    """What a person can read or hear of the drill (its style sheet left out)."""
    return "\n".join(visible_texts(SimpleNamespace(widget=drill.widget, _style=drill._style)))


def focus_asked(drill: Drill):
    """The control the drill last asked the page to focus (its class cl-focus-<n>, the highest n)."""
    asked = []
    for widget in [*drill.option_buttons, drill.number_box, drill._next, drill._check]:
        for name in widget._dom_classes:
            if name.startswith("cl-focus-"):
                asked.append((int(name.rpartition("-")[2]), widget))
    return max(asked, key=lambda item: item[0])


# -- a right answer, a wrong one, Next ---------------------------------------------------------------
def test_a_right_answer_says_so_and_moves_on_to_the_next_exercise():
    drill = Drill(kinds=["which_hand_wins"], seed=3, deck=32, clock=clock())
    shown = drill.exercise
    asked = focus_asked(drill)[0]
    record = answer(drill, right=True)
    assert record == Answer("which_hand_wins", shown.rule, True, 2.5, shown.seed, shown.answer)
    assert drill.exercise != shown and drill.verdict is None  # moved on, nothing waits
    why = shown.grade(shown.answer).why
    verdict = html.unescape(re.sub(r"<[^>]*>", "", drill._verdict.value))
    assert verdict == f"Right! {why}" and "cl-verdict-right" in drill._verdict.value
    assert drill.said == f"Right! {why} Question 2: {drill.exercise.prompt}"
    assert html.unescape(drill._live.value) == drill.said and {"cl-live", "cl-sr"} <= set(drill._live._dom_classes)
    number, control = focus_asked(drill)
    assert number > asked and control is drill.option_buttons[0]  # the first option of the next exercise
    assert drill._next.layout.display == "none" and not any(b.disabled for b in drill.option_buttons)
    assert "Question 2: Which hand wins?" in texts(drill)


def test_a_wrong_answer_shows_why_with_the_rule_and_waits_for_next():
    drill = Drill(kinds=["which_hand_wins"], seed=3, deck=32, clock=clock())
    shown = drill.exercise
    chosen = wrong_option(drill)
    record = answer(drill, right=False)
    assert (record.correct, record.given, record.rule) == (False, chosen, shown.rule)
    verdict = drill.verdict
    assert drill.exercise is shown and not verdict.correct and verdict.rule in verdict.why
    page = drill._verdict.value
    said = rule(verdict.rule)
    assert "Not quite." in page and html.escape(verdict.why.split(f"({verdict.rule})")[0]) in page
    assert f'<span class="cl-rule" title="{html.escape(str(said), quote=True)}">{verdict.rule}</span>' in page
    details = re.search(r"<details><summary>(.*?)</summary>(.*?)</details>", page)
    assert details and details[1] == html.escape(f"Read the rule {said.id}: {said.title}")
    assert html.unescape(details[2]) == said.statement  # the rule's text one click away
    buttons = drill.option_buttons
    assert buttons[shown.answer].description.startswith("✓ ") and "cl-right" in buttons[shown.answer]._dom_classes
    assert buttons[chosen].description.startswith("✗ ") and "cl-wrong" in buttons[chosen]._dom_classes
    assert all(b.disabled for b in buttons) and drill._next.layout.display is None
    assert focus_asked(drill)[1] is drill._next
    assert drill.said == f"Not quite. {verdict.why} When you are ready, go on with Next question."
    # the result stays until read: the options are off, a forged click changes nothing
    buttons[shown.answer].click()
    assert len(drill.answers) == 1 and drill.exercise is shown and not drill.errors.outputs
    with pytest.raises(DrillError, match="answered already"):
        drill.choose(shown.answer)
    drill._next.click()
    assert drill.exercise != shown and drill.verdict is None and drill._verdict.value == ""
    assert focus_asked(drill)[1] is drill.option_buttons[0] and drill._next.layout.display == "none"
    assert drill.said == f"Question 2: {drill.exercise.prompt}"


def test_a_number_is_typed_and_checked_and_words_are_refused():
    drill = Drill(kinds=["round_points"], seed=4, clock=clock())
    shown = drill.exercise
    assert not shown.options and drill._number_row.layout.display is None
    assert all(b.layout.display == "none" for b in drill.option_buttons)
    assert focus_asked(drill)[1] is drill.number_box
    for typed in ("", "ten", "2.5", "1e3"):
        drill.number_box.value = typed
        drill._check.click()
        assert drill.answers == [] and drill.exercise is shown
        assert "Type a whole number, such as 15, then check it." in texts(drill)
    drill.number_box.value = f" {shown.answer + 1} "
    drill._check.click()
    assert drill.answers[-1].given == shown.answer + 1 and not drill.answers[-1].correct
    assert "Not quite." in drill._verdict.value and drill.number_box.disabled and focus_asked(drill)[1] is drill._next
    drill._next.click()
    assert drill.number_box.value == "" and not drill.number_box.disabled
    record = answer(drill, right=True)
    assert record.correct and record.kind == "round_points" and record.rule in ("KB-5", "KB-6")
    with pytest.raises(DrillError, match="a whole number"):
        drill.exercise.grade("12")


# -- records, mastery, the sequence ------------------------------------------------------------------------
def test_each_answer_is_a_frozen_record_read_by_the_caller_and_on_answer():
    heard = []
    drill = Drill(kinds=["lead_winner", "trick_winner"], seed=7, on_answer=heard.append, clock=clock())
    for right in (True, False, True):
        answer(drill, right)
        if drill.verdict is not None:
            drill._next.click()
    assert heard == drill.answers and [a.correct for a in heard] == [True, False, True]
    assert all(a.seconds == 2.5 for a in heard)  # from the exercise shown to the answer
    assert type(heard[0]).__module__.startswith("cardlab.drills") and dataclasses.is_dataclass(heard[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        heard[0].correct = False  # type: ignore[misc]
    drill.answers.clear()  # the caller's copy: the drill's own records stay
    assert len(drill.answers) == 3
    assert {a.kind for a in heard} <= {"lead_winner", "trick_winner"}
    assert all(drills.exercise(a.kind, a.seed).rule == a.rule for a in heard)  # a record makes its exercise again


def test_five_right_in_a_row_master_a_rule():
    drill = Drill(kinds=["lead_winner"], seed=2)  # one rule: FL-4
    assert "Answer a question to see your progress here." in texts(drill)
    answer(drill, right=True)
    answer(drill, right=False)
    drill._next.click()
    assert drill.mastery_lines() == ["FL-4: 0 of 5 in a row"]
    for streak in range(1, MASTERY + 1):
        assert drill.mastery_lines() == [f"FL-4: {streak - 1} of 5 in a row"]
        answer(drill, right=True)
    assert drill.mastery_lines() == ["FL-4: mastered"]
    assert "★★★★★" in drill._mastery.value and "aria-hidden='true'" in drill._mastery.value
    assert "FL-4: mastered" in html.unescape(re.sub(r"<[^>]*>", "", drill._mastery.value))
    answer(drill, right=False)  # a slip later keeps the rule mastered
    assert drill.mastery_lines() == ["FL-4: mastered"] and drill.progress()[0].streak == 0


def test_a_rule_is_mastered_only_by_its_own_answers_in_a_row():
    progress = drills.practice.progress
    said = [Answer("k", rule, ok, 1.0, 0, 0) for rule, ok in
            [("HR-4", True), ("HR-2", True), ("HR-4", True), ("HR-4", True), ("HR-2", False), ("HR-4", True)]]
    assert [(p.rule, p.streak, p.mastered) for p in progress(said)] == [("HR-4", 4, False), ("HR-2", 0, False)]
    said.append(Answer("k", "HR-4", True, 1.0, 0, 0))
    assert progress(said)[0].mastered and (progress(said)[0].right, progress(said)[0].answered) == (5, 5)


def test_the_seed_gives_the_sequence_whatever_the_answers():
    def sequence(seed: int, right: bool) -> list:
        drill = Drill(game="fight_for_the_lead", seed=seed)
        made = []
        for _ in range(6):
            made.append(drill.exercise)
            answer(drill, right)
            if drill.verdict is not None:
                drill._next.click()
        return made

    first = sequence(5, right=True)
    assert sequence(5, right=False) == first  # the same exercises, answered otherwise
    assert sequence(6, right=True) != first
    assert {e.kind for e in first} == {"may_fight_for_the_lead", "trick_winner", "lead_winner"}  # each round deals every kind
    assert [e.kind for e in first[:3]] != [e.kind for e in first[3:]] or len(set(e.seed for e in first)) == 6


def test_game_chooses_the_kinds_that_teach_its_rules():
    for name in ("kontrabluff", "draw_poker", "parallel_poker", "fight_for_the_lead"):
        kinds = Drill(game=name).practice.kinds
        own = [k for k, kind in KINDS.items() if kind.game == name]
        assert set(own) <= set(kinds) and set(kinds) - set(own) <= {"which_hand_wins"}
        assert ("which_hand_wins" in kinds) == (name != "fight_for_the_lead")  # HR-1 ... HR-5 where hands are ranked


def test_settings_go_to_the_kinds_that_take_them():
    drill = Drill(kinds=["which_hand_wins", "lead_winner"], seed=1, deck=24, players=4)
    for _ in range(4):
        exercise = drill.exercise
        if exercise.kind == "which_hand_wins":
            assert exercise.data["deck"] == 24
        else:
            assert exercise.data["players"] == 4
        answer(drill, right=True)


# -- languages ---------------------------------------------------------------------------------------------
def walk_texts(drill: Drill, steps: int = 12) -> list[str]:
    """Everything the drill shows over ``steps`` exercises: each shown, answered wrong (why,
    the rule, Next), then the next answered right (the brief verdict), and the mastery rows."""
    seen = [texts(drill)]
    for step in range(steps):
        answer(drill, right=step % 2 == 1)
        seen.append(texts(drill))
        if drill.verdict is not None:
            drill._next.click()
            seen.append(texts(drill))
    return seen


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_shows_no_english(lang):
    from tests.test_language_walk import check_text, english_pieces

    pieces = english_pieces(lang)
    drill = Drill(kinds=list(KINDS), seed=11, lang=lang)
    for number, text in enumerate(walk_texts(drill, steps=2 * len(KINDS))):
        check_text(text, pieces, f"{lang} drill, screen {number}", lang=lang)
    assert drill._lang_pick.value == lang and drill.exercise.lang == lang


def test_english_shows_plain_words_and_no_field_names():
    from tests.test_language_walk import check_text

    drill = Drill(kinds=list(KINDS), seed=11)
    for number, text in enumerate(walk_texts(drill, steps=len(KINDS))):
        check_text(text, frozenset(), f"en drill, screen {number}", lang="en")


def test_the_language_picker_says_the_same_exercise_in_another_language():
    drill = Drill(kinds=["which_hand_wins"], seed=3, deck=32)
    answer(drill, right=True)
    answer(drill, right=False)
    shown, verdict = drill.exercise, drill.verdict
    drill._lang_pick.value = "pl"
    assert drill.lang == "pl" and drill.exercise.data == shown.data and drill.exercise.prompt != shown.prompt
    assert drill.verdict.rule == verdict.rule and drill.verdict.why != verdict.why
    assert "Niezupełnie." in drill._verdict.value and "Dobrze!" not in drill._verdict.value
    assert drill._next.description == "Następne pytanie" and "Pytanie 2:" in drill._question.value
    drill._lang_pick.value = "en"
    assert drill.exercise.prompt == shown.prompt and drill.verdict.why == verdict.why


# -- bad input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, named", [
    (lambda: Drill(kinds=["poker"]), "no drill kind 'poker'"),
    (lambda: Drill(kinds=[]), "kinds is empty"),
    (lambda: Drill(), "choose the drills by kinds"),
    (lambda: Drill(kinds=["lead_winner"], game="fight_for_the_lead"), "not both"),
    (lambda: Drill(game="chess"), "no game 'chess'"),
    (lambda: Drill(game=3), "no game 3"),
    (lambda: Drill(kinds=["which_hand_wins"], deck=33), "33"),
    (lambda: Drill(kinds=["which_hand_wins"], players=3), "no drill chosen takes players=3"),
    (lambda: Drill(kinds=["lead_winner"], seed=-1), "-1"),
    (lambda: Drill(kinds=["lead_winner"], seed="1"), "'1'"),
    (lambda: Drill(kinds=["lead_winner"], lang="de"), "'de'"),
])
def test_bad_input_is_refused_naming_it(call, named):
    with pytest.raises(DrillError) as error:
        call()
    assert named in str(error.value)


def test_a_game_with_no_drills_is_refused(monkeypatch):
    """A game registered without drills of its own (a new game, before its drills are
    written) is refused by name, not given the hand drills alone."""
    others = {name: kind for name, kind in KINDS.items() if kind.game != "parallel_poker"}
    monkeypatch.setattr(drills, "KINDS", others)
    with pytest.raises(DrillError, match="the game 'parallel_poker' has no drills yet"):
        Drill(game="parallel_poker")


def test_a_bad_answer_is_refused_and_changes_nothing():
    drill = Drill(kinds=["which_hand_wins"], seed=3, deck=32)
    shown, said, page = drill.exercise, drill.said, drill._verdict.value
    for bad in (3, -1, "1", None, 1.0, True):
        with pytest.raises(DrillError):
            drill.choose(bad)  # type: ignore[arg-type]
        assert (drill.exercise, drill.answers, drill.verdict, drill.said, drill._verdict.value) == (shown, [], None, said, page)
    with pytest.raises(DrillError, match="choosing one of its options"):
        drill.check("2")
    assert drill.answers == []


# -- keyboard and screen reader, as the page gets them -----------------------------------------------------
def test_the_page_gets_the_keyboard_helper_and_the_live_region():
    from cardlab.widgets.drill import DRILL_SCRIPT

    drill = Drill(kinds=["trick_winner"], seed=1)
    style = drill._style.value
    assert "onerror=" in style and html.escape(DRILL_SCRIPT, quote=True) in style and "cl-live" in style
    assert "cl-drill" in drill.widget._dom_classes
    assert all("cl-option" in b._dom_classes for b in drill.option_buttons)
    assert "cl-number" in drill.number_box._dom_classes and "cl-next" in drill._next._dom_classes
    assert all(b.tooltip == "" for b in drill.option_buttons)  # no "null" on the page
    assert drill._lang_pick.description == "Language" and "cl-language" in drill._lang_pick._dom_classes
    assert "<h2 class='cl-drill-title'>Practice the rules</h2>" == drill._title.value


def test_the_widget_holds_no_rules():
    """It grades through the exercise and counts mastery through cardlab.drills: no hand
    evaluation, no game, no streak of its own."""
    import inspect

    from cardlab.widgets import drill as module

    source = inspect.getsource(module)
    assert not re.search(r"import .*\b(hands|games|engine)\b|evaluate\(|\.grade\(|streak \+ 1|streak \+= 1", source)
    assert Practice.__module__ == "cardlab.drills.practice"
