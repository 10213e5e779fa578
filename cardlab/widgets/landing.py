"""The classroom's landing page: what a student sees at the server's own address.

The classroom server answers its bare address (``http://HOST:8866/``) with this page
instead of a list of files. It tells a student, in plain words, to open the link
their teacher gave them; it shows no room, no seat and no card.

>>> page = landing_page()
>>> "link your teacher gave you" in page.children[0].value
True
"""

from __future__ import annotations

import ipywidgets as W

__all__ = ["LANDING_WORDS", "landing_page"]

#: What the page says, one paragraph each (its notebook gives the title).
LANDING_WORDS = (
    "To sit down at your table, open the link your teacher gave you (on paper, in a message or on the "
    "board). Each link opens one seat at one table, so use your own.",
    "No link yet? Ask your teacher for one.",
)


def landing_page() -> W.VBox:
    """The landing page's body: a box of plain paragraphs (more controls may join it later).

    >>> [child.__class__.__name__ for child in landing_page().children]
    ['HTML']
    """
    text = "".join(f"<p>{words}</p>" for words in LANDING_WORDS)
    body = W.HTML(f'<div style="font-size:18px;max-width:640px;line-height:1.5">{text}</div>')
    box = W.VBox([body], layout=W.Layout(padding="24px"))
    box.add_class("cl-landing")
    return box
