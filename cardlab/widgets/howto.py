"""The rules on the page (issue 28): a folded "How to play" per game, the hand order of
the deck in play, and the first appearance of a term marked with its explanation.

Pure functions returning HTML strings; a table puts them on its page. Everything is
folded by default (``<details>``: keyboard and screen-reader friendly, no script), and
the figures come from the game's own code and settings through its spec, never retyped:
Kontrabluff's scoring table and target, the exchange fee, the packet points.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> page = how_to_play_html(Kontrabluff(target=100))
>>> page.startswith('<details class="cl-howto"><summary>How to play</summary>')
True
>>> "first player to reach 100 points" in page, "1, 3, 6, 10, 15, 21, 28, 36, 45, 55" in page
(True, True)
>>> from cardlab.hands import HandRules
>>> order = hand_order_html(HandRules(32))
>>> order.index("<li>flush") < order.index("<li>four of a kind")
True
>>> term_html("kontrabluff", "talon", "32 cards in the talon")  # doctest: +ELLIPSIS
'32 cards in the <dfn class="cl-term" title="The face-down cards ... (KB-1)">talon</dfn>...'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from cardlab.cards import Rank
from cardlab.games import game_entry
from cardlab.hands import HandRules, hierarchy
from cardlab.rules import rule_text
from cardlab.widgets.words import plain
from cardlab.words import category_text, current_language, rank_letter, translate as _
from cardlab.words.howto import HOW_TO_PLAY, TERMS, HowToPlay, Term, said_figures

__all__ = ["figures", "how_to_play_html", "hand_order_html", "hand_order_notes", "game_hand_rules", "game_hand_order_html", "term_html",
           "glossary_html", "rule_html"]


# -- the figures of each game, from its spec and settings ----------------------------------
def figures(game: Any) -> dict[str, str]:
    """The figures a game's how-to says, from its code and settings (its spec's
    ``figures``), each with its unit, in the current language.

    >>> from cardlab.games.fight_for_the_lead import FightForTheLead
    >>> figures(FightForTheLead(ante=1))["fee"], figures(FightForTheLead())["fee"]
    ('1 chip', '4 chips')
    """
    return said_figures(game, game_entry(game).spec.figures(game))


# -- HTML ---------------------------------------------------------------------------------
def rule_html(rule_id: str) -> str:
    """A rule id whose statement shows on hover and is read by a screen reader's description.

    >>> rule_html("KB-4")  # doctest: +ELLIPSIS
    '<span class="cl-rule" title="KB-4 Passing: On their turn ...">KB-4</span>'
    """
    said = plain(rule_text(rule_id, current_language()))
    return f'<span class="cl-rule" title="{html.escape(said)}">{html.escape(rule_id)}</span>'


def _rules_html(rules: tuple[str, ...]) -> str:
    return " <span class='cl-rules'>" + ", ".join(rule_html(r) for r in rules) + "</span>"


def _term_title(term: Term) -> str:
    return html.escape(f"{_(term.text)} ({term.rule})")


def glossary_html(game: str) -> str:
    """The game's terms as a definition list, each with its rule id (inside the how-to).

    >>> glossary_html("parallel_poker").startswith('<dl class="cl-glossary">')
    True
    """
    rows = "".join(f"<dt>{html.escape(_(t.word))}</dt><dd>{html.escape(_(t.text))} {rule_html(t.rule)}</dd>"
                   for t in TERMS[game].values())
    return f'<dl class="cl-glossary">{rows}</dl>'


def how_to_play_html(game: Any) -> str:
    """A folded "How to play" for ``game`` (its settings): the aim, a turn and the scoring,
    each with its rule ids, then the words the table uses. Closed until clicked.

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> "3, 4, 5, 6, 7 points, 25 points in all" in how_to_play_html(ParallelPoker())
    True
    """
    how: HowToPlay = HOW_TO_PLAY[game.name]
    said = figures(game)
    paragraphs = "".join(
        f"<p><b>{html.escape(_(p.heading))}.</b> {html.escape(p.say(said))}{_rules_html(p.rules)}</p>"
        for p in how.paragraphs)
    title, words = html.escape(_("How to play")), html.escape(_("Words on the table"))
    return (f'<details class="cl-howto"><summary>{title}</summary>{paragraphs}'
            f"<p><b>{words}</b></p>{glossary_html(game.name)}</details>")


def game_hand_rules(game: Any) -> HandRules | None:
    """The hand ranking a game plays with, as its spec declares (None for a game that
    compares no poker hands).

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> game_hand_rules(ParallelPoker()).deck_size, game_hand_rules(ParallelPoker()).order == hierarchy(52)
    (32, True)
    """
    return game_entry(game).spec.hand_rules(game)


def game_hand_order_html(game: Any) -> str:
    """The hand order panel of ``game`` (its settings), as its spec declares: the ranking
    it compares hands by, and whether a low round turns it upside down (HR-6); '' for a
    game that compares no poker hands.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> "upside down" in game_hand_order_html(Kontrabluff())
    True
    """
    return hand_order_html(game_hand_rules(game), low=game_entry(game).spec.low)


def hand_order_notes(rules: HandRules, *, low: bool = False,
                     ids: Callable[[tuple[str, ...]], str] | None = None) -> list[str]:
    """What a hand order says under its list, as HTML sentences, each ending with its rule
    ids (``ids`` makes them; by default the hover spans of :func:`rule_html`): what differs
    from the 52-card order ('flush beats four of a kind', HR-4), the lowest straight (HR-5)
    and, with ``low``, that a low round turns the order upside down (HR-6).

    >>> hand_order_notes(HandRules(32), ids=lambda rules: f" ({', '.join(rules)})")[0]
    'With 32 cards flush beats four of a kind; flush beats full house. (HR-4)'
    """
    ids = ids or _rules_html
    order, usual, notes = rules.order, hierarchy(52), []
    beats = [(a, b) for i, a in enumerate(order) for b in order[i + 1:] if usual.index(a) > usual.index(b)]
    if beats:
        said = "; ".join(_("{better} beats {worse}").format(better=category_text(a), worse=category_text(b))
                         for a, b in beats)
        notes.append(html.escape(_("With {deck} cards {beats}.").format(deck=rules.deck_size, beats=said))
                     + ids(("HR-4",)))
    elif rules.deck_size != 52:
        notes.append(html.escape(_("The usual order of 52 cards, a setting of this table.")) + ids(("HR-1", "HR-4")))
    else:
        notes.append(html.escape(_("The ace is high; {straight} is the lowest straight.").format(
            straight="-".join([rank_letter(Rank.ACE), "2", "3", "4", "5"]))) + ids(("HR-1",)))
    if rules.deck_size != 52 and rules.ace_low:
        lowest = min(rules.straights.items(), key=lambda item: item[1])[0]
        cards = "-".join(rank_letter(Rank.from_number(n)) for n in sorted(lowest, key=lambda n: (n != 14, n)))
        notes.append(html.escape(_("{straight} is the lowest straight.").format(straight=cards)) + ids(("HR-5",)))
    if low:
        notes.append(html.escape(_("In a low round the order is upside down: the worse hand wins.")) + ids(("HR-6",)))
    return notes


def hand_order_html(rules: HandRules | None, *, low: bool = False) -> str:
    """The hand order of the deck in play, best first, folded (HR-1, HR-4): what differs
    from the 52-card order is said under the list ('flush beats four of a kind').
    ``low``: also say that a low round turns the order upside down (HR-6). '' for no rules.

    >>> print(hand_order_html(HandRules(52)))  # doctest: +ELLIPSIS
    <details class="cl-howto"><summary>Hand order, 52 cards</summary><ol class="cl-order"><li>straight flush</li><li>four of a kind</li>...
    """
    if rules is None:
        return ""
    items = "".join(f"<li>{html.escape(category_text(category))}</li>" for category in rules.order)
    text = "".join(f"<p>{note}</p>" for note in hand_order_notes(rules, low=low))
    summary = html.escape(_("Hand order, {deck} cards").format(deck=rules.deck_size))
    return (f'<details class="cl-howto"><summary>{summary}</summary>'
            f'<ol class="cl-order">{items}</ol>{text}</details>')


def term_html(game: str, term: str, text: str) -> str:
    """``text`` (plain words, escaped here) with the first appearance of ``term`` marked as
    a definition: its explanation on hover (``title``) and, for screen readers and touch
    screens, in a visually hidden span after it. Unknown terms leave the text as it is.

    >>> term_html("draw_poker", "muck", "to the muck")  # doctest: +ELLIPSIS
    'to the <dfn class="cl-term" title="The face-down pile ... (DP-7)">muck</dfn><span class="cl-sr">: The face-down pile ...</span>'
    """
    found = TERMS.get(game, {}).get(term)
    escaped = html.escape(text)
    if found is None:
        return escaped
    match = re.search(rf"\b{re.escape(html.escape(_(term)))}\b", escaped, flags=re.IGNORECASE)
    if match is None:
        return escaped
    marked = (f'<dfn class="cl-term" title="{_term_title(found)}">{match.group(0)}</dfn>'
              f'<span class="cl-sr">: {html.escape(_(found.text))}</span>')
    return escaped[:match.start()] + marked + escaped[match.end():]
