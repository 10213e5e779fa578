"""cardlab: learn, teach and analyse four card games.

The engine (cards, hands, games, bots, analysis) never imports a widget library;
:mod:`cardlab.widgets` and :mod:`cardlab.charts` sit on top.

>>> import cardlab
>>> str(cardlab.Card.parse("Ah"))
'A♥'
"""

from cardlab.cards import Card, CardError, Rank, Suit, deck, parse_cards, shuffled_deck
from cardlab.engine import Action, IllegalActionError, SettingsError
from cardlab.hands import Category, HandRules, category_counts, evaluate, rarity_order

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Card",
    "CardError",
    "Category",
    "HandRules",
    "IllegalActionError",
    "Rank",
    "SettingsError",
    "Suit",
    "category_counts",
    "deck",
    "evaluate",
    "parse_cards",
    "rarity_order",
    "shuffled_deck",
]
