"""Three Tricks' rule-of-thumb bot (the tests' fifth game, issue 35): win the trick with
the lowest card that wins it, else throw the lowest card (TT-3, TT-4)."""

from __future__ import annotations

from cardlab.engine import Action, Observation


class HighestFirst:
    """Lead the highest card; follow with the lowest card that wins the trick, else the
    lowest card of all (seeded, though it draws nothing at random)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def __call__(self, observation: Observation) -> Action:
        cards = [action.cards[0] for action in observation.legal_actions]
        rank = lambda card: card.rank.number  # noqa: E731
        if not observation.trick_cards:
            return Action("play", (max(cards, key=rank),))
        led = observation.trick_cards[0].suit
        best = max(rank(card) for card in observation.trick_cards if card.suit is led)
        winners = [card for card in cards if card.suit is led and rank(card) > best]
        return Action("play", (min(winners or cards, key=rank),))

    def __repr__(self) -> str:
        return f"HighestFirst(seed={self.seed!r})"
