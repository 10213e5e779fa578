"""The drill widget (issue 36, item 2): rule drills answered by a click, graded by the engine.

A :class:`Drill` shows the exercise on screen of a :class:`~cardlab.drills.Practice` (the
seeded run of exercises, its answers and each rule's mastery: the rules of drilling live
there, not here) and forwards clicks to it:

- one button per option (a number box and "Check my answer" where the answer is a number);
- a right answer says so briefly (with the reason) and moves on to the next exercise;
- a wrong one marks the right option, shows why (with the rule id, its text on hover) and
  the rule's statement one click away (a ``<details>``), and waits for "Next question";
- a mastery row per rule met: "HR-4: 2 of 5 in a row", "HR-4: mastered";
- each answer is recorded as data (:class:`~cardlab.drills.Answer`) in :attr:`Drill.answers`
  and handed to ``on_answer`` (the classroom stores it);
- a language picker as the tables have.

Keyboard and screen reader: every option is a button reached by Tab; a polite live region
(``cl-live``, :mod:`cardlab.widgets.style`) says the verdict and the next question; the
focus goes to "Next question" after a wrong answer and to the first option (or the number
box) of the next exercise after a right one (:data:`DRILL_SCRIPT`); Enter in the number box
checks it.

>>> drill = Drill(kinds=["which_hand_wins"], seed=3, deck=32)
>>> drill.exercise.kind, len(drill.option_buttons[:len(drill.exercise.options)])
('which_hand_wins', 3)
>>> drill.option_buttons[drill.exercise.answer].click()
>>> drill.answers[0].correct, drill.exercise.seed != drill.answers[0].seed
(True, True)
>>> drill.mastery_lines()
['HR-2: 1 of 5 in a row']
"""

from __future__ import annotations

import html
import re
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from cardlab.drills import MASTERY, Answer, DrillError, Exercise, Practice, Progress, Verdict
from cardlab.rules import rule
from cardlab.widgets.howto import rule_html
from cardlab.widgets.style import fill_tooltips, style_tag
from cardlab.widgets.table import plain_button, plain_html
from cardlab.widgets.words import plain
from cardlab.words import LANGUAGE_NAMES, LANGUAGES, check_language, language, translate as _
from cardlab.words.drills import drill_text, kind_title, streak_text

__all__ = ["Drill", "DRILL_CSS", "DRILL_SCRIPT"]

#: The drill's keyboard helper, installed once per page (a ``<script>`` in an HTML widget
#: never runs; an image's ``onerror`` does, as :data:`cardlab.widgets.style.A11Y_SCRIPT`'s):
#: the widget asks for the focus by a class ``cl-focus-<n>`` on the control, ``n`` growing
#: with each answer; the helper focuses the control of the highest ``n`` once it can be
#: used (a redraw arrives in pieces), if the focus was in the drill or nowhere (never taking
#: it from elsewhere on the page, nor when the page opens). Enter in the number box checks
#: it; Enter, Space and the arrows stay in the drill (JupyterLab would take them).
DRILL_SCRIPT = """(function () {
  if (window.cardlabDrill) { window.cardlabDrill(); return; }
  var timer = null;
  function usable(e) { return !!(e && e.offsetParent && !e.disabled); }
  function asked(e) { var m = /(?:^|\\s)cl-focus-(\\d+)(?:\\s|$)/.exec(String(e.className || '')); return m ? +m[1] : -1; }
  function scan() {
    timer = null;
    Array.prototype.forEach.call(document.querySelectorAll('.cl-drill'), function (d) {
      if (!d.clKeys) {  // Enter, Space and the arrows stay in the drill
        d.clKeys = true;
        d.addEventListener('keydown', function (ev) {
          if (ev.key === 'Enter' || ev.key === ' ' || ev.key.indexOf('Arrow') === 0) { ev.stopPropagation(); }
        });
      }
      var best = null, n = -1;
      Array.prototype.forEach.call(d.querySelectorAll('[class*="cl-focus-"]'), function (e) {
        var k = asked(e); if (k > n) { n = k; best = e; }
      });
      if (!best || n <= (d.clAsked === undefined ? -1 : d.clAsked)) { return; }
      var target = best.matches('button, input') ? best : best.querySelector('input, button');
      if (!usable(target)) { return; }
      var opening = d.clAsked === undefined, now = document.activeElement;
      d.clAsked = n;
      if (opening || (now && now !== document.body && !d.contains(now))) { return; }
      target.focus();
    });
  }
  function soon() { if (!timer) { timer = setTimeout(scan, 20); } }
  window.cardlabDrill = soon;
  window.addEventListener('keydown', function (ev) {  // Enter in the number box checks it (the box keeps its keys)
    var e = ev.target, d = e && e.closest && e.closest('.cl-drill');
    if (ev.key !== 'Enter' || !d || e.tagName !== 'INPUT' || !e.closest('.cl-number')) { return; }
    var check = d.querySelector('.cl-check');
    if (usable(check)) { setTimeout(function () { check.click(); }, 0); }
  }, true);
  new MutationObserver(soon).observe(document.body, {subtree: true, childList: true, attributes: true,
    attributeFilter: ['class', 'disabled', 'style']});
  scan();
})();"""

#: The drill's stylesheet, scoped under ``.cl-drill``: dark words on a light card, every
#: colour pair at WCAG AA (4.5:1) or better, a focus ring that shows on every control.
DRILL_CSS = """
.cl-drill { background: #fbfaf6; color: #1b1b1b; border: 1px solid #b9b3a2; border-radius: 12px;
  padding: 6px 14px 8px 14px; max-width: 900px; box-sizing: border-box;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 15px; }
.cl-drill .widget-html-content, .cl-drill .widget-label { color: #1b1b1b; line-height: 1.4; font-size: 15px; }
.cl-drill h2.cl-drill-title { font-size: 18px; margin: 4px 0 2px 0; }
.cl-drill .cl-question { font-weight: 700; font-size: 16px; margin-top: 4px; }
.cl-drill .cl-prompt { font-size: 16px; margin: 2px 0 4px 0; }
.cl-drill .cl-options, .cl-drill .cl-number-row { align-items: flex-start; padding: 2px 8px; margin-left: -8px; }
.cl-drill .cl-option.jupyter-button { height: auto; min-height: 36px; width: auto; max-width: 100%;
  white-space: normal; text-align: left; padding: 6px 14px; margin: 3px 0; font-size: 15px; line-height: 1.3;
  background: #ffffff; color: #1b1b1b; border: 2px solid #4d5b7a; border-radius: 8px; }
.cl-drill .cl-option.jupyter-button:hover:enabled { background: #e6ecfa; }
.cl-drill .cl-option.jupyter-button:disabled { opacity: 1; cursor: default; background: #f2f2f2; color: #1b1b1b; }
.cl-drill .cl-option.cl-right.jupyter-button { background: #e3f2e6; color: #0f3d19; border-color: #1e6b2e; }
.cl-drill .cl-option.cl-wrong.jupyter-button { background: #fbe9e7; color: #6e1610; border-color: #b3261e; }
.cl-drill .cl-number input { font-size: 16px; color: #1b1b1b; background: #ffffff; border: 2px solid #4d5b7a; }
.cl-drill .cl-check.jupyter-button, .cl-drill .cl-next.jupyter-button { width: auto; height: 36px; padding: 0 16px;
  font-weight: 700; color: #ffffff; border-radius: 8px; }
.cl-drill .cl-check.jupyter-button { background: #1565c0; }
.cl-drill .cl-next.jupyter-button { background: #1e6b2e; margin: 4px 0; align-self: flex-start; }
.cl-drill .cl-verdict { border-radius: 8px; padding: 4px 10px; margin: 4px 0; }
.cl-drill .cl-verdict-right { background: #e3f2e6; border-left: 5px solid #1e6b2e; }
.cl-drill .cl-verdict-wrong { background: #fbe9e7; border-left: 5px solid #b3261e; }
.cl-drill .cl-verdict b { font-size: 16px; }
.cl-drill .cl-refused { color: #8c1d18; font-weight: 600; }
.cl-drill .cl-rule { text-decoration: underline dotted; cursor: help; }
.cl-drill details { margin-top: 3px; }
.cl-drill details summary { cursor: pointer; font-weight: 600; color: #0b4a82; }
.cl-drill .cl-mastery { border-top: 1px solid #d3cebf; margin-top: 6px; padding-top: 2px; font-size: 14px; }
.cl-drill .cl-mastery ul { list-style: none; padding-left: 0; margin: 2px 0; display: flex; flex-wrap: wrap;
  column-gap: 28px; }
.cl-drill .cl-stars { color: #7a4f00; letter-spacing: 1px; margin-right: 4px; }
.cl-drill .cl-stars-done { color: #1e6b2e; }
.cl-drill .cl-drill-controls { align-items: center; margin-top: 4px; }
.cl-drill :focus-visible { outline: 3px solid #1565c0 !important; outline-offset: 2px; box-shadow: 0 0 0 5px #ffffff !important; }
"""


def _drill_tag() -> str:
    """The drill's stylesheet and its helper's image (the same text every time)."""
    return (f"<style>{DRILL_CSS}</style><img hidden alt='' src='data:,' "
            f"onerror='{html.escape(DRILL_SCRIPT, quote=True)}'>")


def _with_rule(text: str, rule_id: str) -> str:
    """Plain words ``text`` as HTML, the first mention of ``rule_id`` marked with its
    statement on hover (:func:`~cardlab.widgets.howto.rule_html`)."""
    escaped = html.escape(text)
    return re.sub(rf"\b{re.escape(rule_id)}\b", lambda _m: rule_html(rule_id), escaped, count=1) if rule_id else escaped


class Drill:
    """A drill: exercises of ``kinds`` (names of :data:`cardlab.drills.KINDS`) or of ``game``
    (the kinds that teach its rules, :func:`cardlab.drills.kinds_for`), seeded by ``seed``
    (the same seed, the same exercises), in ``lang`` (None: the default language; the
    student may switch it). ``settings`` go to the kinds that take them (``deck=32``).
    ``on_answer(answer)`` is called with each :class:`~cardlab.drills.Answer`. The widget
    tree is :attr:`widget`; a notebook cell ending in the drill shows it.

    Bad input (an unknown kind or game, a game with no drills, a bad setting, seed or
    language) raises :class:`~cardlab.drills.DrillError` naming it.
    """

    def __init__(self, kinds: Sequence[str] | str | None = None, *, game: str | None = None, seed: int = 0,
                 lang: str | None = None, on_answer: Callable[[Answer], Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, **settings: Any):
        try:
            self.lang = check_language(lang)
        except ValueError as error:
            raise DrillError(str(error)) from None
        #: The run of exercises this drill shows (its sequence, answers and mastery).
        self.practice = Practice(kinds, game=game, seed=seed, lang=self.lang, clock=clock, **settings)
        self.on_answer = on_answer
        #: What the live region said last (the verdict, the next question).
        self.said = ""
        self.last_error: BaseException | None = None
        self._refused = False  # the number typed was no whole number
        self._right = False  # the last answer was right: its verdict shows above the next exercise
        self._asked = 0  # the focus request's number (DRILL_SCRIPT)
        self._focus: W.DOMWidget | None = None
        self._build()
        self._labels()
        self._refresh()
        fill_tooltips(self.widget)

    # -- what it shows -------------------------------------------------------------------------
    @property
    def exercise(self) -> Exercise:
        """The exercise on screen."""
        return self.practice.exercise

    @property
    def answers(self) -> list[Answer]:
        """Every answer so far, in order (a copy: the records themselves are frozen)."""
        return list(self.practice.answers)

    @property
    def verdict(self) -> Verdict | None:
        """The grade of the exercise on screen once answered (a wrong answer waits for Next)."""
        return self.practice.verdict

    def progress(self) -> tuple[Progress, ...]:
        """Each rule met so far, with its streak and whether it is mastered."""
        return self.practice.progress()

    def mastery_lines(self) -> list[str]:
        """The mastery rows in words: 'HR-4: mastered', 'KB-5: 2 of 5 in a row'."""
        with language(self.lang):
            return [self._mastery_words(p) for p in self.progress()]

    # -- clicks, forwarded -----------------------------------------------------------------------
    def choose(self, index: int) -> Answer:
        """Answer the exercise on screen with option ``index`` (its button's click)."""
        return self._answer(index)

    def _click(self, index: int) -> Answer | None:
        """An option's click: a button that is off or hidden (a forged click) does nothing."""
        if self.practice.answered or index >= len(self.exercise.options):
            return None
        return self._answer(index)

    def check(self, typed: str | int | None = None) -> Answer | None:
        """Answer a number exercise with ``typed`` (default: the number box's text); words
        that are no whole number are refused on the page and change nothing (None)."""
        text = self.number_box.value if typed is None else str(typed)
        if self.exercise.options:
            raise DrillError("this exercise is answered by choosing one of its options, not by a number")
        if not re.fullmatch(r"\s*[+-]?\d{1,9}\s*", text):
            self._refused = True
            self._refresh()
            return None
        return self._answer(int(text))

    def next(self) -> Exercise:
        """Go on to the next exercise (the "Next question" button)."""
        self.practice.next()
        self._right = False
        self._refused = False
        self.number_box.value = ""
        self._ask_focus(self._first_control())
        with language(self.lang):
            self._say(drill_text("said_question", number=self.practice.number + 1, prompt=self.exercise.prompt))
        self._refresh()
        return self.exercise

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (the language picker calls this): the same exercise,
        its verdict and every word redrawn."""
        self.lang = check_language(lang)
        if self._lang_pick.value != self.lang:
            self._lang_pick.value = self.lang
        with language(self.lang):
            self.practice.set_language(self.lang)
            self._labels()
        self._refresh()

    def _answer(self, given: int) -> Answer:
        practice = self.practice
        record = practice.answer(given)  # a bad or second answer raises here, before anything changes
        self._refused = False
        with language(self.lang):
            why = practice.verdict.why
            if record.correct:
                self._right = True
                practice.next()
                self.number_box.value = ""
                self._ask_focus(self._first_control())
                self._say(drill_text("said_right", why=why, number=practice.number + 1, prompt=self.exercise.prompt))
            else:
                self._right = False
                self._ask_focus(self._next)
                self._say(drill_text("said_wrong", why=why))
        self._refresh()
        if self.on_answer is not None:
            self.on_answer(record)
        return record

    # -- drawing -------------------------------------------------------------------------------
    def _say(self, words: str) -> None:
        self.said = words
        self._live.value = html.escape(words)

    def _first_control(self) -> W.DOMWidget:
        return self.option_buttons[0] if self.exercise.options else self.number_box

    def _ask_focus(self, control: W.DOMWidget) -> None:
        """Ask the page's helper to focus ``control`` once it shows (see :data:`DRILL_SCRIPT`)."""
        if self._focus is not None:
            self._focus.remove_class(f"cl-focus-{self._asked}")
        self._asked += 1
        self._focus = control
        control.add_class(f"cl-focus-{self._asked}")

    def _refresh(self) -> None:
        """Redraw everything from the practice (one pure pass; clicks call only this)."""
        with language(self.lang):
            self._draw()

    def _draw(self) -> None:
        exercise, verdict = self.exercise, self.practice.verdict
        question = drill_text("question", number=self.practice.number + 1, title=kind_title(exercise.kind))
        self._question.value = (f"<div class='cl-question'>{html.escape(question)}</div>"
                                f"<div class='cl-prompt'>{html.escape(exercise.prompt)}</div>")
        for index, button in enumerate(self._buttons(len(exercise.options))):
            shown = index < len(exercise.options)
            button.layout.display = None if shown else "none"
            if not shown:
                button.description = ""
                continue
            words = exercise.options[index]
            mark = ""
            for name in ("cl-right", "cl-wrong"):
                button.remove_class(name)
            if verdict is not None and index == exercise.answer:
                mark = "✓ "
                button.add_class("cl-right")
            elif verdict is not None and index == self.practice.given:
                mark = "✗ "
                button.add_class("cl-wrong")
            button.description = mark + words
            button.disabled = verdict is not None
        number = not exercise.options
        self._number_row.layout.display = None if number else "none"
        self.number_box.disabled = self._check.disabled = verdict is not None
        self._next.layout.display = None if verdict is not None else "none"
        self._verdict.value = self._verdict_html(exercise, verdict)
        self._mastery.value = self._mastery_html()

    def _verdict_html(self, exercise: Exercise, verdict: Verdict | None) -> str:
        if self._refused and verdict is None:
            return f"<div class='cl-refused'>{html.escape(drill_text('not_a_number'))}</div>"
        if verdict is not None:  # wrong, waiting for Next: why, and the rule a click away
            said = rule(verdict.rule, self.lang)
            summary = drill_text("read_rule", rule=said.id, title=plain(said.title))
            return (f"<div class='cl-verdict cl-verdict-wrong'><b>{html.escape(drill_text('wrong'))}</b> "
                    f"{_with_rule(verdict.why, verdict.rule)}"
                    f"<details><summary>{html.escape(summary)}</summary>{html.escape(plain(said.statement))}"
                    f"</details></div>")
        if self._right and self.practice.last is not None:  # right: said briefly, above the next question
            said = self.practice.last[2]
            return (f"<div class='cl-verdict cl-verdict-right'><b>{html.escape(drill_text('right'))}</b> "
                    f"{_with_rule(said.why, said.rule)}</div>")
        return ""

    def _mastery_words(self, found: Progress) -> str:
        return drill_text("mastered", rule=found.rule) if found.mastered else streak_text(found.rule, found.streak, MASTERY)

    def _mastery_html(self) -> str:
        found = self.progress()
        head = html.escape(drill_text("progress"))
        if not found:
            return f"<div class='cl-mastery'>{head}<br>{html.escape(drill_text('nothing_yet'))}</div>"
        rows = []
        for item in found:
            stars = "★" * MASTERY if item.mastered else "★" * item.streak + "☆" * (MASTERY - item.streak)
            done = " cl-stars-done" if item.mastered else ""
            rows.append(f"<li><span class='cl-stars{done}' aria-hidden='true'>{stars}</span>"
                        f"{_with_rule(self._mastery_words(item), item.rule)}</li>")
        return f"<div class='cl-mastery'>{head}<ul>{''.join(rows)}</ul></div>"

    # -- building --------------------------------------------------------------------------------
    def _buttons(self, wanted: int) -> list[W.Button]:
        """The option buttons, at least ``wanted`` of them (made on first need, then kept)."""
        while len(self.option_buttons) < wanted:
            index = len(self.option_buttons)
            button = plain_button(description="", tooltip="")
            button.add_class("cl-option")
            button.on_click(lambda _click, i=index: self._guard(self._click, i))
            self.option_buttons.append(button)
            self._options.children = tuple(self.option_buttons)
        return self.option_buttons

    def _build(self) -> None:
        self._style = plain_html(style_tag() + _drill_tag())
        self._title = plain_html()
        self._live = plain_html()  # the polite live region (cardlab.widgets.style): out of sight, read aloud
        self._live.add_class("cl-live")
        self._live.add_class("cl-sr")
        self._question = plain_html()
        self.option_buttons: list[W.Button] = []
        self._options = W.VBox(layout=W.Layout(align_items="flex-start"))
        self._options.add_class("cl-options")
        self._buttons(max(len(self.exercise.options), 3))
        # the number is sent on Enter or on leaving the box, so it reaches the kernel before Check's click
        self.number_box = W.Text(value="", continuous_update=False, layout=W.Layout(width="300px"),
                                 style={"description_width": "initial"})
        self.number_box.add_class("cl-number")
        self._check = plain_button(description="")
        self._check.add_class("cl-check")
        self._check.on_click(lambda _click: self._guard(self.check)
                             if not (self.practice.answered or self.exercise.options) else None)
        self._number_row = W.HBox([self.number_box, self._check], layout=W.Layout(align_items="center"))
        self._number_row.add_class("cl-number-row")
        self._verdict = plain_html()
        self._next = plain_button(description="")
        self._next.add_class("cl-next")
        self._next.on_click(lambda _click: self._guard(self.next) if self.practice.answered else None)
        self._mastery = plain_html()
        self._lang_pick = W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                                     description="Language", layout=W.Layout(width="220px"))
        self._lang_pick.add_class("cl-language")
        self._lang_pick.observe(lambda change: self._guard(self.set_language, change["new"])
                                if change["new"] != self.lang else None, "value")
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))
        controls = W.HBox([self._lang_pick])
        controls.add_class("cl-drill-controls")
        self.widget = W.VBox([self._style, self._title, self._live, self._question, self._options, self._number_row,
                              self._verdict, self._next, self._mastery, controls, self.errors])
        self.widget.add_class("cl-drill")
        self._ask_focus(self._first_control())  # the page's first request: noted, not acted on

    def _labels(self) -> None:
        """The fixed words, in the drill's language (again when it changes)."""
        with language(self.lang):
            self._title.value = f"<h2 class='cl-drill-title'>{html.escape(drill_text('heading'))}</h2>"
            self.number_box.description = drill_text("number")
            self.number_box.placeholder = drill_text("number_hint")
            self._check.description = self._check.tooltip = drill_text("check")
            self._next.description = self._next.tooltip = drill_text("next")
            self._lang_pick.description = _("Language")

    def _guard(self, callback: Callable[..., Any], *args: Any) -> Any:
        """Run a click's callback; an error is shown in the drill, never lost."""
        try:
            with language(self.lang):
                return callback(*args)
        except Exception as error:  # noqa: BLE001 - shown to the person, with the traceback
            self.last_error = error
            self.errors.append_stderr(traceback.format_exc())
            return None
        finally:
            self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
