"""The odds explorer: how rare each hand is in a deck of each size, and where a hand stands.

Choose a deck size (HR-3) and the HR-5 option: the exact count of every category and
the deck's hierarchy (HR-4) update. Pick five cards (click them, or type them as the
page's language writes them, :func:`cardlab.words.cards.read_cards`): their category and
the exact number of hands that beat them, tie and lose.

>>> explorer = OddsExplorer(deck_size=32)
>>> explorer.pick("Ah Kh Qh Jh 9h")
>>> explorer.standing.better, explorer.standing.tied   # 20 straight flushes; A-K-Q-J-9 flush in 4 suits
(20, 4)
>>> "flush" in explorer._verdict.value
True
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipywidgets as W

from cardlab.cards import DECK_SIZES, Card, CardError, Suit, deck, parse_cards
from cardlab.fast import Standing, standing
from cardlab.hands import HandRules, category_counts, evaluate, hierarchy, rarity_order
from cardlab.widgets.view import cards_html
from cardlab.widgets.style import style_tag
from cardlab.widgets.table import card_button, style_card_button
from cardlab.words import (
    card_name,
    category_text,
    check_language,
    hand_text,
    language,
    number_text,
    percent_text,
    translate as _,
)
from cardlab.words.cards import TypedCardsError, read_cards, typing_example

__all__ = ["OddsExplorer", "category_table_html"]


def category_table_html(deck_size: int, ace_low: bool = True) -> str:
    """The categories of a deck in its hierarchy (best first) with exact counts and odds.

    >>> html = category_table_html(32)
    >>> html.index("flush") < html.index("four of a kind")   # HR-4: a flush beats quads in 32 cards
    True
    >>> html = category_table_html(20)   # 10-A: no flush (five of a suit is a straight flush), no high card
    >>> html.count("impossible in 20 cards")
    2
    """
    counts = category_counts(deck_size, ace_low)
    total = math.comb(deck_size, 5)
    # rarity ranks only the categories the deck can make: an impossible one is not "rarest"
    rarest = [c for c in rarity_order(deck_size, ace_low) if counts[str(c)]]
    rows = []
    for place, category in enumerate(hierarchy(deck_size), 1):
        count = counts[str(category)]
        if count:
            odds = html.escape(_("1 in {odds}").format(odds=number_text(total / count)))
            cells = (f"<td style='text-align:right'>{number_text(count)}</td><td style='text-align:right'>{percent_text(count / total, 4)}</td>"
                     f"<td style='text-align:right'>{odds}</td>"
                     f"<td style='text-align:center'>{rarest.index(category) + 1}</td>")
        else:
            impossible = html.escape(_("impossible in {deck} cards").format(deck=deck_size))
            cells = f"<td style='text-align:right'>0</td><td colspan='3'>{impossible}</td>"
        rows.append(f"<tr><td>{place}</td><td>{html.escape(category_text(category))}</td>{cells}</tr>")
    heads = ("#", _("category (HR-4 order)"), _("hands"), _("chance"), _("odds"), _("rarity rank"))
    head = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>"
    low = _("ace low counts (HR-5)") if ace_low else _("no ace-low straight (HR-5 off)")
    deck_words = html.escape(_("{deck}-card deck").format(deck=deck_size))
    deck_words = f"<b>{deck_words}</b>"
    said = html.escape(_("{deck}: {hands} five-card hands; {low}")).format(deck=deck_words, hands=number_text(total),
                                                                        low=html.escape(low))
    return (
        f"<div class='cl-panel'>{said}"
        f"<table style='border-spacing:10px 1px'>{head}{''.join(rows)}</table></div>"
    )


class OddsExplorer:
    """Deck size and HR-5 choices, the category table, and a five-card picker.

    ``pick(cards)`` selects a hand from code (a click does the same); ``standing``
    is then how many hands of the deck beat, tie and lose to it.
    """

    def __init__(self, deck_size: int = 52, ace_low: bool = True, lang: str | None = None):
        #: The explorer's language (``"en"``, ``"sv"``, ``"pl"``, ``"uk"``; None: the default).
        self.lang = check_language(lang)
        with language(self.lang):
            self._make(deck_size, ace_low)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: every word is redrawn."""
        self.lang = check_language(lang)
        with language(self.lang):
            self._labels()
        self._refresh()

    def _labels(self) -> None:
        self._deck.description = _("deck size")
        self._ace_low.description = _("ace low straights (HR-5)")
        self._typed.placeholder = _("or type five cards: {example}").format(example=typing_example())
        self._clear.description = _("Clear")
        title, pick = html.escape(_("Odds explorer")), html.escape(_("Pick five cards"))
        self._head.value = f"<span class='cl-title'><b>{title}</b></span>"
        self._pick.value = f"<span class='cl-zone-name'>{pick}</span>"

    def _make(self, deck_size: int, ace_low: bool) -> None:
        self.selected: list[Card] = []
        self.standing: Standing | None = None
        self._deck = W.Dropdown(options=list(DECK_SIZES), value=deck_size, description="deck size",
                                layout=W.Layout(width="180px"))
        self._ace_low = W.Checkbox(value=ace_low, description="ace low straights (HR-5)", indent=False)
        self._typed = W.Text(continuous_update=False,
                             layout=W.Layout(width="300px"))
        self._clear = W.Button(description="Clear", icon="times")
        self._table = W.HTML()
        self._verdict = W.HTML()
        self._verdict.add_class("cl-live")  # read aloud as each card is picked (see style.A11Y_SCRIPT)
        self.errors = W.Output()
        self._buttons: dict[Card, W.Button] = {}
        self._rows = W.VBox()
        for control in (self._deck, self._ace_low):
            control.observe(lambda _: self._guard(self._refresh), "value")
        self._typed.observe(lambda _: self._guard(self._read_typed), "value")
        self._clear.on_click(lambda _: self._guard(self.pick, ()))
        self._head, self._pick = W.HTML(), W.HTML()
        self._labels()
        self.widget = W.VBox([
            W.HTML(style_tag()), self._head,
            W.HBox([self._deck, self._ace_low]), self._table,
            self._pick, self._rows,
            W.HBox([self._typed, self._clear]), self._verdict, self.errors,
        ])
        self.widget.add_class("cl-table")
        self._refresh()

    @property
    def rules(self) -> HandRules:
        size = self._deck.value  # HR-5 is a short-deck option: 52 cards always count A-2-3-4-5 (HR-1)
        return HandRules(size, self._ace_low.value or size == 52)

    def pick(self, cards: Any) -> None:
        """Select these cards (codes, at most five, all in the deck); what cannot be picked
        raises :class:`~cardlab.words.cards.TypedCardsError`, said in the explorer's language."""
        cards = list(parse_cards(cards) if isinstance(cards, str) else (Card.parse(c) for c in cards))
        with language(self.lang):
            if len(cards) > 5:
                raise TypedCardsError(_("Pick at most five cards (typed: {n}).").format(n=len(cards)))
            size = self._deck.value
            outside = [card_name(card) for card in cards if card not in deck(size)]
            if outside:
                raise TypedCardsError(_("Not in the {deck}-card deck (HR-3): {cards}.").format(
                    deck=size, cards=", ".join(outside)))
        self.selected = cards
        self._refresh()

    def _toggle(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < 5:
            self.selected.append(card)
        self._refresh()

    def type_cards(self, text: str) -> None:
        """Select cards typed as the page's language writes them, as the box under the
        cards does (:func:`~cardlab.words.cards.read_cards`): in Polish W is the jack and D
        the queen. What cannot be picked raises :class:`~cardlab.words.cards.TypedCardsError`,
        said in that language, and the choice on screen stays.

        >>> polish = OddsExplorer(deck_size=32, lang="pl")
        >>> polish.type_cards("Ah Dh Wh Kh 10h")
        >>> polish.selected == list(parse_cards("Ah Qh Jh Kh Th"))
        True
        """
        with language(self.lang):
            cards = read_cards(text)
        self.pick(cards)

    def _read_typed(self) -> None:
        self.type_cards(self._typed.value)

    def _guard(self, callback: Any, *args: Any) -> None:
        try:
            callback(*args)
        except (CardError, ValueError) as error:
            self._verdict.value = f"<span class='cl-msg-error'>{html.escape(str(error))}</span>"

    def _refresh(self) -> None:
        with language(self.lang):
            self._draw()

    def _draw(self) -> None:
        rules = self.rules
        self._ace_low.disabled = rules.deck_size == 52
        cards = deck(rules.deck_size)
        self.selected = [c for c in self.selected if c in cards]
        self._table.value = category_table_html(rules.deck_size, rules.ace_low)
        rows = []
        for suit in Suit:
            row = []
            for card in (c for c in cards if c.suit is suit):
                button = self._buttons.get(card)
                if button is None:
                    button = self._buttons[card] = card_button(lambda card=card: self._guard(self._toggle, card))
                    button.add_class("cl-small")
                style_card_button(button, card, selected=card in self.selected)
                button.add_class("cl-small")
                row.append(button)
            line = W.HBox(row)
            line.add_class("cl-cardrow")  # one Tab stop; the arrow keys move along it (see style.A11Y_SCRIPT)
            rows.append(line)
        if [r.children for r in self._rows.children] != [r.children for r in rows]:
            self._rows.children = rows
        self._verdict.value = self._verdict_html(rules)

    def _verdict_html(self, rules: HandRules) -> str:
        self.standing = None
        if len(self.selected) < 5:
            picked = html.escape(_("{n} of 5 cards picked.").format(n=len(self.selected)))
            return f"<div class='cl-panel'>{cards_html(self.selected)} {picked}</div>"
        value = evaluate(self.selected, rules)
        self.standing = result = standing(value, rules)
        total = result.better + result.tied + result.worse
        place = _("({category}, place {place} of 9 in this deck's order).").format(
            category=category_text(value.category), place=rules.order.index(value.category) + 1)
        said = _("Of the {total} hands of the {deck}-card deck, {better} beat it, {tied} tie and {worse} lose to it: "
                 "it is in the top {top}.").format(total=number_text(total), deck=rules.deck_size, better=number_text(result.better),
                                                   tied=number_text(result.tied), worse=number_text(result.worse),
                                                   top=percent_text((result.better + result.tied) / total, 3))
        return (f"<div class='cl-panel'>{cards_html(self.selected)}<br><b>{html.escape(hand_text(value))}</b> "
                f"{html.escape(place)} {html.escape(said)}</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
