"""Cards in words for screen readers (issue 30): 'ten of hearts', 'face-down card', and a
record's sentence with every card it names said in words.

A card's name is one whole template (``"{rank} of {suit}"``, :func:`cardlab.words.card_name`,
re-exported here with :data:`~cardlab.words.FACE_DOWN`)
filled with the rank's and the suit's own words, each a message of its own, so a
catalogue may reorder the name and translate each word. The tables and the live region
use these; the log keeps its short symbols ('10♥').

>>> from cardlab.cards import Card
>>> card_name(Card.parse("10h")), card_name(None)
('ten of hearts', 'face-down card')
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> spoken(Kontrabluff().new_state(seed=1, dealer=0).history[2], 2)[:50]
'South is dealt five of hearts, six of clubs, king '
"""

from __future__ import annotations

from cardlab.cards import Card
from cardlab.records import Event
from cardlab.words import FACE_DOWN, card_name, parts

__all__ = ["FACE_DOWN", "card_name", "spoken"]


def spoken(event: Event, players: int) -> str:
    """The sentence of ``event`` (:func:`~cardlab.words.describe`'s) with each card it
    names said by its name, for a screen reader's live region (cards one after another
    are parted by commas, as names of several words need)."""
    said = parts(event, players)
    out = []
    for i, part in enumerate(said):
        if isinstance(part, Card):
            out.append(card_name(part))
        elif part.isspace() and 0 < i < len(said) - 1 and isinstance(said[i - 1], Card) and isinstance(said[i + 1], Card):
            out.append(", ")
        else:
            out.append(part)
    return "".join(out)

