"""The teacher's drills panel (issue 36): give a class a drill set, and see how the class does.

Part of the teacher's page (:class:`cardlab.widgets.classroom.TeacherDashboard`). The
teacher picks a class and a set (a game's drills, the hand rankings, every drill; the
kinds may be ticked one by one), and gives it: the class's pages show a *Practise the
rules* button beside each table (:mod:`cardlab.widgets.practice`). As the students
answer, the panel shows, per rule, how many of the class have mastered it (five right in
a row) and the rules most missed; the answers download as a CSV file.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben"], "fight_for_the_lead", 2, seed=1)
>>> panel = ClassDrills(store, lang="en")
>>> panel.refresh()
>>> panel.kinds.value
('may_fight_for_the_lead', 'trick_winner', 'lead_winner')
>>> panel.assign.click()
>>> store.drills(class_id)
('may_fight_for_the_lead', 'trick_winner', 'lead_winner')
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
from typing import Any

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as W

from cardlab.drills import KINDS, DrillError
from cardlab.games import by_game
from cardlab.rooms import EVERY_DRILL, HAND_RANKINGS, RoomStore, assign_drills, game_kinds
from cardlab.rules import rule
from cardlab.widgets.practice import PRACTICE_HEADING
from cardlab.widgets.style import fill_tooltips
from cardlab.words import N_, Plural, check_language, current_language, fill, language, number_text, translate as _
from cardlab.words.classroom import class_name
from cardlab.words.drills import kind_title

__all__ = ["ClassDrills", "DRILL_SETS", "MASTERY_STREAK", "RuleResult", "class_results", "hardest"]

#: Right answers in a row that master a rule (as :data:`cardlab.analysis.lesson.MASTERY_STREAK`).
MASTERY_STREAK = 5

#: The drill sets a teacher chooses from: each game with drills, the hand rankings, every drill.
DRILL_SETS: dict[str, str] = {
    **{game: title for game, title in by_game(lambda entry: entry.title).items()
       if any(kind.game == game for kind in KINDS.values())},
    HAND_RANKINGS: N_("Hand rankings (every poker game)"),
    EVERY_DRILL: N_("Every drill"),
}
_COLUMNS = (N_("Rule"), N_("Mastered (five right in a row)"), N_("Answers"), N_("Wrong"))
_SAVE = Plural("Save the answers ({n} answer) as a CSV file", "Save the answers ({n} answers) as a CSV file", n="n")
#: How many of the class have mastered a rule.
_OF = N_("{mastered} of {n}")
_MISSED = Plural("{rule}: {wrong} of {n} answer wrong", "{rule}: {wrong} of {n} answers wrong", n="n")


@dataclass(frozen=True)
class RuleResult:
    """A class's results on one rule: how many students answered it and how many mastered
    it (:data:`MASTERY_STREAK` right in a row), the class's answers and wrong ones."""

    rule: str
    students: int
    mastered: int
    answers: int
    wrong: int

    @property
    def missed(self) -> float:
        return self.wrong / self.answers


def class_results(answers: Iterable[Any], streak: int = MASTERY_STREAK) -> list[RuleResult]:
    """Per rule, in the rules' order, a class's results from its answers (the store's
    :class:`~cardlab.rooms.DrillAnswer` s, in the order they came): the dashboard's count,
    the same as :func:`cardlab.analysis.lesson.drill_mastery` (a test holds them together)
    without loading pandas on the teacher's page.

    >>> from types import SimpleNamespace as A
    >>> said = [A(number=1, rule="KB-5", correct=True)] * 5 + [A(number=2, rule="KB-5", correct=False)]
    >>> class_results(said)
    [RuleResult(rule='KB-5', students=2, mastered=1, answers=6, wrong=1)]
    """
    runs: dict[tuple[str, int], tuple[int, int]] = {}  # (rule, student) -> (run now, longest run)
    counts: dict[str, list[int]] = {}  # rule -> [answers, wrong]
    for answer in answers:
        run, best = runs.get((answer.rule, answer.number), (0, 0))
        run = run + 1 if answer.correct else 0
        runs[answer.rule, answer.number] = (run, max(best, run))
        count = counts.setdefault(answer.rule, [0, 0])
        count[0] += 1
        count[1] += not answer.correct
    found = []
    for rule_id in sorted(counts, key=_rule_order):
        bests = [best for (each, _number), (_run, best) in runs.items() if each == rule_id]
        found.append(RuleResult(rule_id, len(bests), sum(best >= streak for best in bests), *counts[rule_id]))
    return found


def hardest(results: Sequence[RuleResult], top: int = 3, least: int = MASTERY_STREAK) -> list[RuleResult]:
    """The rules the class found hardest (as :func:`cardlab.analysis.lesson.most_missed`):
    the largest share wrong, then the most wrong, among rules missed and answered at least
    ``least`` times."""
    missed = [row for row in results if row.wrong and row.answers >= least]
    return sorted(missed, key=lambda row: (-row.missed, -row.wrong))[:top]


def _rule_order(rule_id: str) -> tuple[str, int]:
    book, _, number = rule_id.partition("-")
    return (book, int(number) if number.isdigit() else 0)


def _rule_words(rule_id: str) -> str:
    """A rule as the panel names it: its id and title ('KB-4 Passing'), in the current language."""
    try:
        return f"{rule_id} {rule(rule_id, current_language()).title}"
    except KeyError:
        return rule_id


class ClassDrills:
    """The drills panel of the teacher's page, in ``lang`` (see the module)."""

    def __init__(self, store: RoomStore, *, lang: str | None = None):
        self.store = store
        self.lang = check_language(lang)
        self._results: dict[str, tuple[int, str]] = {}  # class -> (answers counted, their results' HTML)
        wide = {"description_width": "initial"}
        self.head = W.HTML()
        self.class_pick = W.Dropdown(options=[], style=wide, layout=W.Layout(width="460px"))
        self.set_pick = W.Dropdown(options=[], style=wide, layout=W.Layout(width="auto"))
        self.kinds = W.SelectMultiple(options=[], rows=6, style=wide, layout=W.Layout(width="620px"))
        self.assign = W.Button(button_style="success", icon="graduation-cap", layout=W.Layout(width="auto"))
        self.stop = W.Button(layout=W.Layout(width="auto"))
        self.download = W.Button(icon="table", layout=W.Layout(width="auto"))
        self.message = W.HTML()
        self.now = W.HTML()
        self.results = W.HTML()
        self.csv_link = W.HTML()
        self._said: tuple[str | Plural, int, dict[str, Any]] | None = None
        self._quiet = False  # new labels on the same choices: no observer acts on them
        self.class_pick.observe(lambda _change: None if self._quiet else self._class_changed(), "value")
        self.set_pick.observe(lambda _change: None if self._quiet else self._set_changed(), "value")
        self.assign.on_click(lambda _click: self._guard(self._assign_clicked))
        self.stop.on_click(lambda _click: self._guard(self._stop_clicked))
        self.download.on_click(lambda _click: self._guard(self._download_clicked))
        self.widget = W.VBox([
            self.head, W.HBox([self.class_pick, self.set_pick]), self.kinds,
            W.HBox([self.assign, self.stop]), self.message, self.now, self.results,
            W.HBox([self.download, self.csv_link], layout=W.Layout(align_items="center"))])
        self.widget.add_class("cl-class-drills")
        self.labels()
        self.refresh()
        fill_tooltips(self.widget)

    # -- words ------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        self._results.clear()
        self.labels()
        self.refresh()

    def labels(self) -> None:
        """Say the panel's fixed words in its language."""
        with language(self.lang):
            button = "<b>" + html.escape(_(PRACTICE_HEADING)) + "</b>"
            self.head.value = ("<h2>" + html.escape(_("Drills")) + "</h2><p>"
                               + html.escape(_("Give a class drills on the rules: its students get a {button} button "
                                               "beside their table. Every answer counts here; five right in a row "
                                               "masters a rule.")).format(button=button) + "</p>")
            self.class_pick.description = _("Class")
            self.set_pick.description = _("Drill set")
            self.kinds.description = _("Drills")
            self.assign.description = _("Give these drills to the class")
            self.stop.description = _("Take the class's drills away")
            self.download.description = _("Download the answers (CSV)")
            self._relabel(self.set_pick, [(_(title), name) for name, title in DRILL_SETS.items()])
            self._relabel(self.kinds, [(f"{kind_title(name)} ({', '.join(kind.rules)})", name)
                                       for name, kind in KINDS.items()])
            if self._said is not None:
                self._say(*self._said[:2], **self._said[2])

    def _relabel(self, widget: W.Dropdown | W.SelectMultiple, options: list[tuple[str, Any]]) -> None:
        if list(widget.options) == options:
            return
        chosen = widget.value
        self._quiet = True
        try:
            widget.options = options
            widget.value = chosen
        finally:
            self._quiet = False

    def _say(self, template: str | Plural, count: int = 1, **fields: Any) -> None:
        """A message line in the panel's language (said again when the language changes);
        a field may be a function that says it in the language at hand (a class's name)."""
        self._said = (template, count, fields)
        with language(self.lang):
            values = {name: value() if callable(value) else value for name, value in fields.items()}
            said = (template.text(count) if isinstance(template, Plural) else _(template)).format_map(values)
            self.message.value = f"<div>{html.escape(said)}</div>"

    # -- the store --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the classes, the chosen class's drills and its results from the store."""
        with language(self.lang):
            classes = self.store.classes()
            options = [(fill(Plural("{name} · {game} · {n} table", "{name} · {game} · {n} tables", n="n"),
                             name=class_name(info.name, info.students), n=len(info.rooms),
                             game=_(DRILL_SETS.get(info.game, info.game))), info.id) for info in classes]
            if options != list(self.class_pick.options):
                chosen = self.class_pick.value
                values = [value for _, value in options]
                self._quiet = True
                try:
                    self.class_pick.options = options
                    self.class_pick.value = chosen if chosen in values else values[-1] if values else None
                finally:
                    self._quiet = False
                if self.class_pick.value != chosen:  # a new class: the newest, its drills ready to give
                    self._class_changed(redraw=False)
            chosen = self.class_pick.value
            for button in (self.assign, self.stop, self.download):
                button.disabled = chosen is None
            if chosen is None:
                self.now.value = self.results.value = ""
                return
            info = next(info for info in classes if info.id == chosen)
            kinds = self.store.drills(chosen)
            said = class_name(info.name, info.students)
            self.now.value = "<p>" + html.escape(
                _("Drills for {name}: {drills}").format(name=said, drills=" · ".join(kind_title(k) for k in kinds))
                if kinds else _("No drills for {name} yet.").format(name=said)) + "</p>"
            self.stop.disabled = not kinds
            answered = kinds or self.store.answers(chosen)  # a class never given drills: no results to speak of
            self.results.value = self._results_html(chosen, info.students) if answered else ""

    def _results_html(self, class_id: str, students: int) -> str:
        """The class's results per rule, and the rules most missed (made again only when new answers came)."""
        count = len(self.store.answers(class_id))
        cached = self._results.get(class_id)
        if cached is not None and cached[0] == count:
            return cached[1]
        if not count:
            made = "<p>" + html.escape(_("No answers yet: the results show here as the students answer.")) + "</p>"
        else:
            results = class_results(self.store.answers(class_id))
            head = "".join(f"<th>{html.escape(_(column))}</th>" for column in _COLUMNS)
            rows = "".join(
                f"<tr><td>{html.escape(_rule_words(row.rule))}</td>"
                f"<td>{html.escape(_(_OF).format(mastered=row.mastered, n=students))}</td>"
                f"<td>{number_text(row.answers)}</td><td>{number_text(row.wrong)}</td></tr>"
                for row in results)
            missed = [fill(_MISSED, rule=_rule_words(row.rule), wrong=row.wrong, n=row.answers)
                      for row in hardest(results)]
            worst = ("<p>" + html.escape(_("Most missed: {rules}.").format(rules="; ".join(missed))) + "</p>"
                     if missed else "")
            made = f'<table class="cl-rooms cl-drill-results"><tr>{head}</tr>{rows}</table>{worst}'
        self._results[class_id] = (count, made)
        return made

    # -- clicks ---------------------------------------------------------------------------------
    def _class_changed(self, *, redraw: bool = True) -> None:
        """A class picked: its drill set if it has one, else its game's drills, ready to give."""
        chosen = self.class_pick.value
        if chosen is None:
            return
        kinds = self.store.drills(chosen)
        if kinds:
            self.kinds.value = tuple(kind for kind in kinds if kind in KINDS)
            same = [name for name in DRILL_SETS if game_kinds(name) == kinds]  # the set it is, if it is one
            self._quiet = True
            try:
                self.set_pick.value = same[0] if same else None
            finally:
                self._quiet = False
        else:
            game = next(info.game for info in self.store.classes() if info.id == chosen)
            self._quiet = True
            try:
                self.set_pick.value = game if game in DRILL_SETS else EVERY_DRILL
            finally:
                self._quiet = False
            self._set_changed()
        self.message.value, self._said = "", None
        if redraw:
            self.refresh()

    def _set_changed(self) -> None:
        self.kinds.value = game_kinds(self.set_pick.value)

    def _assign_clicked(self) -> None:
        chosen = self.class_pick.value
        if not self.kinds.value:
            self._say(N_("Choose at least one drill first."))
            return
        assign_drills(self.store, chosen, kinds=list(self.kinds.value))
        info = next(info for info in self.store.classes() if info.id == chosen)
        self._say(N_("{name} now has these drills: their pages show them within seconds."),
                  name=lambda: class_name(info.name, info.students))
        self.refresh()

    def _stop_clicked(self) -> None:
        chosen = self.class_pick.value
        assign_drills(self.store, chosen, kinds=[])
        info = next(info for info in self.store.classes() if info.id == chosen)
        self._say(N_("{name} has no drills now; their answers so far are kept."),
                  name=lambda: class_name(info.name, info.students))
        self.refresh()

    def _download_clicked(self) -> None:
        from cardlab.rooms.lesson import drill_table  # pandas: only when the teacher asks

        with language(self.lang):
            table = drill_table(self.store, self.class_pick.value)
        data = base64.b64encode(table.to_csv(index=False).encode()).decode()
        stamp = _dt.datetime.now().strftime("%Y-%m-%d-%H%M")
        rows = len(table)
        with language(self.lang):
            words = _SAVE.text(rows).format(n=number_text(rows))
        self.csv_link.value = (f'<a download="drills-{stamp}.csv" href="data:text/csv;base64,{data}">'
                               f'{html.escape(words)}</a>')

    def _guard(self, action: Any) -> None:
        try:
            action()
        except (DrillError, ValueError) as error:  # the teacher sees what went wrong, in words
            self._say(N_("That did not work: {error}"), error=str(error))
