"""The tables' words: one place for how each action, turn and result is said.

A button, the "your turn" line and a hint say an action with the same verb (the
log's verb is the engine's: "lays", "plays on", "stands pat"...). Nothing here is a
rule: the engine says which actions are legal and what happened; this module only
names them for people.

>>> words = words_for("draw_poker")
>>> words.button(Action("draw"), takes_cards=True), words.button(Action("draw", "Ah 2c"), takes_cards=True)
('Stand pat', 'Draw 2')
>>> words.prompt({"open", "pass"})
'open, or pass (you leave the hand)'
>>> plain("South keeps his cards.")
'South keeps their cards.'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardlab.engine import Action

__all__ = ["Verb", "GameWords", "WORDS", "words_for", "plain", "cards_words", "rule_sentence", "target_text"]


@dataclass(frozen=True)
class Verb:
    """How one kind of action is said.

    ``button``: the button with nothing chosen; ``chosen``: with cards or an amount
    (``{cards}``, ``{n}`` the number of cards, ``{amount}``); ``none``: the button when
    the action takes no card though it could (keep all, stand pat); ``prompt``: in
    "Your turn: ..."; ``needs``: what to do before the button works; ``ask``: a
    question asked before the action is played (leaving for good).
    """

    button: str
    prompt: str
    chosen: str = ""
    none: str = ""
    needs: str = ""
    ask: str = ""


@dataclass(frozen=True)
class GameWords:
    """A game's verbs, in button order, and the unit of its standings. (Which events a
    table stops on is the game's own declaration: ``EventKind.result`` and ``brief``.)"""

    verbs: dict[str, Verb]
    unit: str = "points"

    def verb(self, kind: str) -> Verb:
        return self.verbs.get(kind) or Verb(kind.replace("_", " ").capitalize(), kind.replace("_", " "))

    def button(self, action: Action, *, takes_cards: bool = False, complete: bool = True) -> str:
        """The button's words for ``action`` as it would be played now.

        ``complete``: the action is legal as chosen (else the plain verb shows).
        """
        verb = self.verb(action.kind)
        if action.cards and complete and verb.chosen:
            return verb.chosen.format(cards=cards_words(action.cards), n=len(action.cards), amount=action.amount)
        if takes_cards and not action.cards and verb.none:
            return verb.none
        if action.amount is not None and verb.chosen and "{cards}" not in verb.chosen and "{n}" not in verb.chosen:
            return verb.chosen.format(amount=action.amount, cards="", n=0)
        return verb.button

    def prompt(self, kinds: Iterable[str]) -> str:
        """The choices on offer in words, in button order: 'lay a card, or pass'."""
        kinds = set(kinds)
        order = [k for k in self.verbs if k in kinds] + sorted(kinds - set(self.verbs))
        said = [self.verb(k).prompt for k in order]
        if len(said) <= 1:
            return "".join(said)
        return ", ".join(said[:-1]) + ", or " + said[-1]


WORDS: dict[str, GameWords] = {
    "kontrabluff": GameWords(
        verbs={
            "lay": Verb("Lay a card", "lay a card", chosen="Lay {cards}", needs="Select one card of your hand to lay."),
            "low": Verb("Play low", "play low with five cards", chosen="Play low",
                        needs="Select five cards to play low (KB-6)."),
            "hand_over": Verb("Hand over", "hand over (the other chooses)"),
            "see": Verb("See", "see with five cards", chosen="See", needs="Select five cards to see with (KB-6)."),
            "pass": Verb("Pass", "pass (you lose the round)", chosen="Pass",
                         needs="Select five cards to lay face down (KB-6)."),
        },
    ),
    "draw_poker": GameWords(
        verbs={
            "open": Verb("Open", "open", chosen="Open {amount}"),
            "call": Verb("Call", "call"),
            "raise": Verb("Raise", "raise", chosen="Raise {amount}"),
            "draw": Verb("Draw", "draw (select the cards to throw away) or stand pat", chosen="Draw {n}",
                         none="Stand pat"),
            "show": Verb("Show", "show your hand"),
            "concede": Verb("Concede", "concede without showing"),
            "pass": Verb("Pass", "pass (you leave the hand)"),
        },
        unit="chips",
    ),
    "fight_for_the_lead": GameWords(
        verbs={
            "fight": Verb("Fight", "choose a fight card", chosen="Fight with {cards}",
                          needs="Select the card to fight with."),
            "exchange": Verb("Exchange", "exchange cards (select them) or keep all", chosen="Exchange {n}",
                             none="Keep all"),
            "play": Verb("Play", "play a card", chosen="Play {cards}", needs="Select the card to play."),
            "stay": Verb("Play on", "play on"),
            "leave": Verb("Leave", "leave the table for good",
                          ask="Leave the table for good? The bots finish the session without you."),
        },
        unit="chips",
    ),
    "parallel_poker": GameWords(
        verbs={"arrange": Verb("Lay the packets", "fill your five packets, then lay them")},
    ),
}


def words_for(game_name: str) -> GameWords:
    """A game's words (a game without an entry gets its kinds with spaces)."""
    return WORDS.get(game_name, GameWords({}))


def cards_words(cards: Iterable[Any]) -> str:
    """Cards as the log writes them: 'A♥ 10♣'."""
    return " ".join(str(card) for card in cards)


_THEIR = [(re.compile(r"\bhis\b"), "their"), (re.compile(r"\bhim\b"), "them"), (re.compile(r"\bhe must\b"), "they must"),
          (re.compile(r"\bHe must\b"), "They must")]


def plain(line: str) -> str:
    """A log line as a table shows it: 'their', never 'his' (the seats are anyone)."""
    for pattern, word in _THEIR:
        line = pattern.sub(word, line)
    return line


@functools.cache
def rule_sentence(rule_id: str) -> str:
    """The rule's text for the log's hover, from :func:`cardlab.rules.rule_text` ('' for an unknown id).

    >>> rule_sentence("KB-4").startswith("KB-4")
    True
    """
    from cardlab.rules import rule_text

    try:
        return str(rule_text(rule_id))
    except (KeyError, LookupError, ValueError):
        return ""


def target_text(game: Any) -> str:
    """What ends the session, in words: 'first to 300 points (KB-12)'."""
    name = getattr(game, "name", "")
    if name == "kontrabluff":
        return f"first to {game.target} points wins (KB-12)"
    if name == "draw_poker":
        hands = getattr(game, "hands", None)
        return f"{hands} hands, or until one player is left (DP-10)" if hands else "until one player is left (DP-10)"
    if name == "fight_for_the_lead":
        return f"{game.games} games, or until one player is left (FL-10)"
    if name == "parallel_poker":
        games = getattr(game, "games", 1)
        return f"{games} game{'s' * (games != 1)}; more points wins (PP-5)"
    return ""
