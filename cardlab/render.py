"""Cards drawn in HTML and CSS: for notebooks, tables and the classroom app.

Pure text in, text out: no widget library, no external assets, no random ids, so
the same cards give the same HTML in JupyterLab, Voilà and nbval's stored output.
Every style is inline (JupyterLab keeps inline styles of untrusted output, not
``<style>`` blocks). Each card carries ``role="img"`` and an ``aria-label`` in
words for screen readers.

>>> html = card_html("Ah")
>>> 'aria-label="ace of hearts"' in html and 'role="img"' in html
True
>>> 'aria-label="face-down card"' in card_html(None)
True
>>> card_html("Ah") == card_html("Ah")   # deterministic
True
>>> show("Ah Kd 10c")
Cards('Ah Kd Tc')

In a notebook, ``show("Ah Kd 10c")`` as a cell's last line draws the three cards.
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.cards import Card, parse_cards
from cardlab.words import card_name, rank_letter, translate

__all__ = ["SIZES", "RED", "BLACK", "card_html", "cards_html", "Cards", "show"]

#: Card sizes: (width px, height px, corner font px, centre font px).
SIZES: dict[str, tuple[int, int, int, int]] = {
    "sm": (38, 54, 12, 17),
    "md": (56, 80, 15, 30),
    "lg": (76, 108, 19, 42),
}
RED = "#c0262d"
BLACK = "#1b1b1b"
_BACK = "#1f4e8c"
_FONT = "font-family:Georgia,'DejaVu Serif','Times New Roman',serif"


def _card(card: Card | str | None) -> Card | None:
    return None if card is None else Card.parse(card)


def _size(size: str) -> tuple[int, int, int, int]:
    try:
        return SIZES[size]
    except KeyError:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}") from None


def _frame(width: int, height: int, selected: bool) -> str:
    """The card's outline: a lifted blue edge marks a selected card."""
    border = "2px solid #1565c0" if selected else "1px solid #9a9a9a"
    lift = "transform:translateY(-8px);" if selected else ""
    shadow = "0 4px 10px rgba(21,101,192,.45)" if selected else "0 1px 3px rgba(0,0,0,.35)"
    return (
        f"display:inline-block;position:relative;box-sizing:border-box;width:{width}px;"
        f"height:{height}px;border:{border};border-radius:{max(4, width // 9)}px;"
        f"box-shadow:{shadow};{lift}vertical-align:top;margin:2px;overflow:hidden;"
        "user-select:none;"
    )


def _back_name() -> str:
    """A face-down card's name, in the current language."""
    return _html.escape(card_name(None), quote=True)


def card_html(card: Card | str | None, *, size: str = "md", selected: bool = False) -> str:
    """One card as an inline-styled ``<span>``; ``None`` draws a face-down back.

    The rank and suit sit in two corners and the suit large in the centre; hearts
    and diamonds are red, clubs and spades black.

    >>> html = card_html("10c", size="sm")
    >>> 'aria-label="ten of clubs"' in html, 'data-card="Tc"' in html, '>10<' in html
    (True, True, True)
    >>> 'translateY(-8px)' in card_html("Ah", selected=True)
    True
    >>> card_html("Zz")
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: cannot read 'Zz' as a card: expected a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠), e.g. 'Ah', '10h', 'T♥'
    """
    card = _card(card)
    width, height, corner, centre = _size(size)
    frame = _frame(width, height, selected)
    if card is None:
        # Diagonal lattice on a navy ground, with a white inner border: a classic back.
        back = (
            f"background-color:{_BACK};background-image:"
            "repeating-linear-gradient(45deg,rgba(255,255,255,.18) 0 2px,transparent 2px 7px),"
            "repeating-linear-gradient(-45deg,rgba(255,255,255,.18) 0 2px,transparent 2px 7px);"
        )
        inner = (
            "position:absolute;inset:3px;border:1px solid rgba(255,255,255,.7);"
            f"border-radius:{max(3, width // 12)}px;"
        )
        return (
            f'<span class="cl-card cl-back" role="img" aria-label="{_back_name()}" '
            f'title="{_back_name()}" style="{frame}{back}"><span aria-hidden="true" '
            f'style="{inner}"></span></span>'
        )
    colour = RED if card.is_red else BLACK
    rank, suit = _html.escape(rank_letter(card.rank)), card.suit.symbol
    name = _html.escape(card_name(card), quote=True)
    index = (
        f"position:absolute;line-height:.95;font-size:{corner}px;font-weight:700;"
        "text-align:center;letter-spacing:-1px;"
    )
    middle = (
        "position:absolute;left:0;right:0;top:50%;transform:translateY(-50%);"
        f"text-align:center;line-height:1;font-size:{centre}px;"
    )
    # A small card keeps one corner index, so the centre pip has room.
    bottom = "" if size == "sm" else (
        f'<span aria-hidden="true" style="{index}bottom:3px;right:4px;transform:rotate(180deg)">'
        f"{rank}<br>{suit}</span>"
    )
    middle_top = "62%" if size == "sm" else "50%"
    return (
        f'<span class="cl-card" role="img" aria-label="{name}" title="{name}" '
        f'data-card="{card.short}" style="{frame}background:#fffdf8;color:{colour};{_FONT}">'
        f'<span aria-hidden="true" style="{index}top:3px;left:4px">{rank}<br>{suit}</span>'
        f'<span aria-hidden="true" style="{middle.replace("top:50%", "top:" + middle_top)}">'
        f"{suit}</span>{bottom}</span>"
    )


def _as_cards(cards: Iterable[Card | str | None] | str) -> tuple[Card | None, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, allow_repeats=True)
    return tuple(_card(card) for card in cards)


def cards_html(
    cards: Iterable[Card | str | None] | str,
    *,
    fan: bool = False,
    size: str = "md",
    selected: Iterable[Card | str] = (),
    label: str | None = None,
) -> str:
    """A row of cards; ``fan=True`` overlaps each card half over the last (KB-3 rows).

    ``label`` names the group for screen readers (``role="group"``).

    >>> html = cards_html("Ah Kd", fan=True, label="row of North")
    >>> html.count('role="img"'), 'aria-label="row of North"' in html
    (2, True)
    >>> cards_html([None, None]).count("face-down card") // 2
    2
    >>> 'empty' in cards_html([])
    True
    """
    cards = _as_cards(cards)
    chosen = {Card.parse(card) for card in selected}
    width = _size(size)[0]
    name = f' aria-label="{_html.escape(label, quote=True)}"' if label else ""
    if not cards:
        height = _size(size)[1]
        empty = _html.escape(translate("empty"))  # an empty pile
        return (
            f'<span class="cl-cards" role="group"{name} style="display:inline-block;'
            f"box-sizing:border-box;width:{width}px;height:{height}px;margin:2px;"
            'border:1px dashed #b5b5b5;border-radius:6px;color:#8a8a8a;font-size:11px;'
            f'text-align:center;line-height:{height}px">{empty}</span>'
        )
    parts = []
    for i, card in enumerate(cards):
        html = card_html(card, size=size, selected=card is not None and card in chosen)
        if fan and i:
            html = html.replace("margin:2px;", f"margin:2px 2px 2px {2 - width // 2}px;", 1)
        parts.append(html)
    return (
        f'<span class="cl-cards" role="group"{name} style="display:inline-block;'
        f'white-space:nowrap;padding-top:8px">{"".join(parts)}</span>'
    )


@dataclass(frozen=True)
class Cards:
    """Cards that draw themselves in a notebook (``_repr_html_``).

    >>> Cards.of("Ah 10c")
    Cards('Ah Tc')
    >>> Cards.of("Ah", None).cards
    (Card('Ah'), None)
    """

    cards: tuple[Card | None, ...]
    fan: bool = False
    size: str = "md"

    @classmethod
    def of(cls, *cards: Card | str | None, fan: bool = False, size: str = "md") -> Cards:
        items: list[Card | None] = []
        for card in cards:
            items.extend(_as_cards(card) if isinstance(card, str) else [_card(card)])
        return cls(tuple(items), fan, size)

    def _repr_html_(self) -> str:
        return cards_html(self.cards, fan=self.fan, size=self.size)

    def __str__(self) -> str:
        return " ".join("??" if card is None else str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Cards('{' '.join('??' if c is None else c.short for c in self.cards)}')"


def show(cards: Iterable[Card | str | None] | str | Card | None, *, fan: bool = False, size: str = "md") -> Cards:
    """Cards to draw in a notebook: ``show("Ah Kd 10c")`` or ``show(hand)``.

    >>> show(["Ah", None], fan=True)._repr_html_().count('role="img"')
    2
    """
    if cards is None or isinstance(cards, (Card, str)):
        return Cards.of(cards, fan=fan, size=size)
    return Cards(_as_cards(cards), fan, size)
