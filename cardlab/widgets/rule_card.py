"""A printable rule card per game and language (issue 36): one page a teacher hands out.

The card says the aim, a turn and the scoring (the game's how-to, :mod:`cardlab.words.howto`,
with the figures of its spec), the hand order of its deck with an example of each kind of
hand (:mod:`cardlab.hands`, each example checked by the engine), and the words on the
table, each with its rule ids. It is made from the package's own data only, so it cannot
drift from the rules; ``docs/teaching/cards/`` holds the cards of the default settings,
written by ``python -m cardlab.widgets.rule_card docs/teaching/cards`` and compared with
this function by ``tests/test_rule_cards.py``.

The page is a whole HTML document with a print stylesheet: it fits one A4 or Letter page
(``tests/browser/test_rule_cards_print.py`` prints every card in Chromium and counts the
pages), in black on white, with the rule ids small and grey.

>>> card = rule_card_html("parallel_poker", "pl")
>>> card.startswith('<!DOCTYPE html>\\n<html lang="pl">'), "<title>Poker równoległy: karta zasad</title>" in card
(True, True)
>>> "3, 4, 5, 6, 7 punktów, razem 25 punktów" in card   # PP-4's figures, from the spec
True
>>> from cardlab.games.draw_poker import DrawPoker
>>> short = rule_card_html(DrawPoker(deck_size=32), "en")   # any settings: the 32-card order (HR-4)
>>> short.index("<b>flush</b>") < short.index("<b>four of a kind</b>")
True
>>> card_name("draw_poker", "sv")
'draw-poker.sv.html'
"""

from __future__ import annotations

import argparse
import html
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.cards import Card, deck
from cardlab.drills.hands import hand_of
from cardlab.engine import Game
from cardlab.games import GAMES, game_entry
from cardlab.hands import HandRules
from cardlab.widgets.howto import figures, game_hand_rules, hand_order_notes
from cardlab.words import LANGUAGES, cards_text, category_text, check_language, language, translate as _
from cardlab.words.howto import HOW_TO_PLAY, RULE_CARD_TITLE, TERMS

__all__ = ["rule_card_html", "card_name", "write_cards", "main"]

#: The page's style: one column on a narrow screen, two balanced columns on paper and wide screens; black on
#: white, the rule ids small and grey; no page break inside a section.
STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; color: #000; background: #fff; font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; }
main { max-width: 186mm; margin: 0 auto; padding: 6mm 0; }
h1 { font-size: 17pt; margin: 0 0 3mm; border-bottom: 0.6mm solid #000; padding-bottom: 1.5mm; }
h2 { font-size: 11pt; margin: 0 0 1mm; }
section { break-inside: avoid; margin: 0 0 3mm; }
.words { break-inside: auto; }
p { margin: 0 0 1.2mm; }
.ids { color: #555; font-size: 8pt; white-space: nowrap; }
.columns { column-gap: 7mm; }
ol { margin: 0 0 1.5mm; padding-left: 6mm; }
li { margin: 0 0 0.4mm; }
.eg { white-space: nowrap; margin-left: 1.5mm; }
dl { margin: 0; }
dt { font-weight: bold; display: inline; }
dt::after { content: ": "; }
dd { display: inline; margin: 0; }
dd::after { content: ""; display: block; margin-bottom: 0.8mm; }
.words dt, .words dd { break-inside: avoid; }
@media print, (min-width: 160mm) { .columns { column-count: 2; } }
@media print { main { padding: 0; } }
"""


def _game(game: str | Game) -> Game:
    """The settings a card is made for: a game given by name plays its default settings."""
    return game_entry(game).game() if isinstance(game, str) else game


def _ids(rules: Sequence[str]) -> str:
    return f' <span class="ids">({html.escape(", ".join(rules))})</span>'


def _example(category: Any, rules: HandRules) -> tuple[Card, ...] | None:
    """A hand of ``category`` in the deck of ``rules`` (checked by the engine), its cards in
    the order a player reads them: the biggest group first, high cards first; None where
    the deck holds no such hand (a flush in 20 cards, HR-3)."""
    index = list(rules.order).index(category)
    hand = hand_of(category, rules, np.random.default_rng(index), deck(rules.deck_size))
    if hand is None:
        return None
    counts = Counter(card.rank for card in hand)
    return tuple(sorted(hand, key=lambda c: (counts[c.rank], c.rank.number, c.suit.index), reverse=True))


def _hand_order(rules: HandRules | None, low: bool) -> str:
    """The hand order of the deck, best first, an example beside each kind of hand."""
    if rules is None:
        return ""
    items = []
    for category in rules.order:
        example = _example(category, rules)
        shown = f'<span class="eg">{html.escape(cards_text(example))}</span>' if example else ""
        items.append(f"<li><b>{html.escape(category_text(category))}</b>{shown}</li>")
    notes = "".join(f"<p>{note}</p>" for note in hand_order_notes(rules, low=low, ids=_ids))
    title = html.escape(_("Hand order, {deck} cards").format(deck=rules.deck_size))
    return f'<section class="order"><h2>{title}</h2><ol>{"".join(items)}</ol>{notes}</section>'


def rule_card_html(game: str | Game, lang: str = "en") -> str:
    """The rule card of ``game`` (its name, for the default settings, or its settings) in
    ``lang``: a whole HTML page that prints on one A4 or Letter page (see the module).

    >>> page = rule_card_html("kontrabluff")
    >>> "1, 3, 6, 10, 15, 21, 28, 36, 45, 55 points" in page, "(KB-5, HR-1)" in page
    (True, True)
    >>> "Hand order" in rule_card_html("fight_for_the_lead")   # a game of tricks compares no hands
    False
    """
    lang = check_language(lang)
    settings = _game(game)
    entry = game_entry(settings)
    how = HOW_TO_PLAY[entry.name]
    with language(lang):
        title = html.escape(_(RULE_CARD_TITLE).format(game=_(entry.title)))
        said = figures(settings)
        paragraphs = "".join(
            f"<section><h2>{html.escape(_(p.heading))}</h2><p>{html.escape(p.say(said))}{_ids(p.rules)}</p></section>"
            for p in how.paragraphs)
        order = _hand_order(game_hand_rules(settings), entry.spec.low)
        terms = "".join(f"<dt>{html.escape(_(t.word))}</dt><dd>{html.escape(_(t.text))}{_ids((t.rule,))}</dd>"
                        for t in TERMS[entry.name].values())
        words = f'<section class="words"><h2>{html.escape(_("Words on the table"))}</h2><dl>{terms}</dl></section>'
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
            f'<div class="columns">{paragraphs}{order}{words}</div>\n'
            f"</main>\n</body>\n</html>\n")


def card_name(game: str, lang: str) -> str:
    """The file name of a game's card in one language, as the rule pages name the game."""
    return f"{game.replace('_', '-')}.{lang}.html"


def write_cards(folder: str | Path) -> list[Path]:
    """Write the card of every game (default settings) in every language into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in GAMES:
        for lang in LANGUAGES:
            path = folder / card_name(name, lang)
            path.write_text(rule_card_html(name, lang), encoding="utf-8")
            written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m cardlab.widgets.rule_card [FOLDER]``: write every card (default ``docs/teaching/cards``)."""
    parser = argparse.ArgumentParser(prog="python -m cardlab.widgets.rule_card", description=main.__doc__)
    parser.add_argument("folder", nargs="?", default="docs/teaching/cards")
    for path in write_cards(parser.parse_args(argv).folder):
        print(path)


if __name__ == "__main__":
    main()
