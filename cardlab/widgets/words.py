"""The tables' words: one place for how each action, turn and result is said.

A button, the "your turn" line and a hint say an action with the same verb (the
log's verb is the engine's: "lays", "plays on", "stands pat"...). Nothing here is a
rule: the engine says which actions are legal and what happened; this module only
names them for people.

>>> words = words_for("draw_poker")
>>> words.button(Action("draw"), takes_cards=True), words.button(Action("draw", "Ah 2c"), takes_cards=True)
('Stand pat', 'Draw 2')
>>> from cardlab.games.fight_for_the_lead import FightForTheLead
>>> obs = FightForTheLead(players=2).new_state(seed=3).observation(1)
>>> words_for("fight_for_the_lead").button(Action("exchange", obs.hand[:1]), takes_cards=True, observation=obs)
'Exchange 1 for 4 chips'
>>> words.prompt({"open", "pass"})
'open, or pass (you leave the hand)'
>>> plain("South keeps his cards.")
'South keeps their cards.'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardlab.engine import Action
from cardlab.games import by_game
from cardlab.words import SESSIONS, VERBS, Verb, cards_text, choices_text, current_language, fill, session_text, translate

__all__ = ["Verb", "GameWords", "WORDS", "words_for", "plain", "cards_words", "rule_sentence", "target_text"]


@dataclass(frozen=True)
class GameWords:
    """A game's verbs, in button order, and the unit of its standings. (Which events a
    table stops on is the game's own declaration: ``EventKind.result`` and ``brief``.)"""

    verbs: dict[str, Verb]
    unit: str = "points"
    costs: dict[str, Callable[[Any, Action], int]] = field(default_factory=dict)

    def verb(self, kind: str) -> Verb:
        return self.verbs.get(kind) or Verb(kind.replace("_", " ").capitalize(), kind.replace("_", " "))

    def button(self, action: Action, *, takes_cards: bool = False, complete: bool = True,
               observation: Any = None) -> str:
        """The button's words for ``action`` as it would be played now.

        ``complete``: the action is legal as chosen (else the plain verb shows).
        ``observation``: the seat's view; given it, an action that costs chips says how
        many, as the game counts them (its spec's ``cost``: 'Exchange 1 for 4 chips').
        """
        verb = self.verb(action.kind)
        cost = self.costs.get(action.kind)
        if observation is not None and complete and cost is not None and verb.costs:
            chips = cost(observation, action)
            if chips:
                return fill(verb.costs, chips=chips, n=len(action.cards), amount=action.amount,
                            cards=cards_words(action.cards))
        if action.cards and complete and verb.chosen:
            return verb.label("chosen").format(cards=cards_words(action.cards), n=len(action.cards),
                                                 amount=action.amount)
        if takes_cards and not action.cards and verb.none:
            return verb.label("none")
        if action.amount is not None and verb.chosen and "{cards}" not in verb.chosen and "{n}" not in verb.chosen:
            return verb.label("chosen").format(amount=action.amount, cards="", n=0)
        return verb.label()

    def prompt(self, kinds: Iterable[str]) -> str:
        """The choices on offer in words, in button order: 'lay a card, or pass'."""
        kinds = set(kinds)
        order = [k for k in self.verbs if k in kinds] + sorted(kinds - set(self.verbs))
        return choices_text([translate(self.verb(k).prompt) for k in order])


#: Each game's verbs (its words module, :mod:`cardlab.words`) and the unit of its standings (its spec).
WORDS: Mapping[str, GameWords] = by_game(lambda entry: GameWords(
    VERBS.get(entry.name, {}), unit=entry.spec.unit,
    costs={a.kind: a.cost for a in entry.spec.actions if a.cost is not None}))


def words_for(game_name: str) -> GameWords:
    """A game's words (a game without an entry gets its kinds with spaces)."""
    return WORDS.get(game_name, GameWords({}))


def cards_words(cards: Iterable[Any]) -> str:
    """Cards as the log writes them, in the current language: 'A♥ 10♣'."""
    cards = list(cards)
    return cards_text(cards) if cards else ""


_THEIR = [(re.compile(r"\bhis\b"), "their"), (re.compile(r"\bhim\b"), "them"), (re.compile(r"\bhe must\b"), "they must"),
          (re.compile(r"\bHe must\b"), "They must")]


def plain(line: str) -> str:
    """A log line as a table shows it: 'their', never 'his' (the seats are anyone)."""
    for pattern, word in _THEIR:
        line = pattern.sub(word, line)
    return line


def rule_sentence(rule_id: str) -> str:
    """The rule's text for the log's hover, from :func:`cardlab.rules.rule_text` ('' for an unknown id).

    >>> rule_sentence("KB-4").startswith("KB-4")
    True
    """
    return _rule_sentence(rule_id, current_language())


@functools.cache
def _rule_sentence(rule_id: str, lang: str) -> str:
    from cardlab.rules import rule_text

    try:
        return str(rule_text(rule_id, lang=lang))
    except (KeyError, LookupError, ValueError):
        return ""


def target_text(game: Any) -> str:
    """What ends the session, in words, without brackets (a table may put it in brackets):
    'first to 300 points wins, rule KB-12' ('' for no game).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> target_text(Kontrabluff()), target_text(Kontrabluff(target=1))
    ('first to 300 points wins, rule KB-12', 'first to 1 point wins, rule KB-12')
    """
    return session_text(game) if getattr(game, "name", None) in SESSIONS else ""
