"""Draw poker for the game-AI tools: a variant small enough for OpenSpiel's exact algorithms.

:func:`kuhn_draw_poker` is draw poker made as small as Kuhn poker (six deals, one betting
round left), so that CFR solves it (:func:`cardlab.interop.openspiel.solve`). It needs
``pyspiel`` (``cardlab[interop]``).
"""

from __future__ import annotations

import pyspiel

from cardlab.cards import parse_cards
from cardlab.games.draw_poker import DrawPoker
from cardlab.interop.openspiel import load

__all__ = ["kuhn_draw_poker"]


def kuhn_draw_poker(ante: int = 1, max_bet: int = 2, stack: int = 5) -> pyspiel.Game:
    """Draw poker made as small as Kuhn poker, so that CFR can solve it: two players,
    the 20-card deck (HR-3), one hand; each seat is dealt one of three fixed hands (six
    deals, as Kuhn poker deals three cards), North opens with 2, South calls, both keep
    their five cards (DP-2, DP-3, DP-5): play starts at the second betting round (DP-6),
    then the showdown (DP-7, DP-8).

    >>> game = kuhn_draw_poker()
    >>> state = game.new_initial_state()
    >>> len(state.chance_outcomes())
    6
    >>> state.apply_action(0)
    >>> print(state.observation_string(1))
    You are North; you are to act.
    Your hand: A♥ A♦ K♣ Q♣ 10♠
    South's hand: 5 face down
    North's hand: A♥ A♦ K♣ Q♣ 10♠
    Stock: 10 face down
    Chips: South 2, North 2
    Pot: 6
    """
    hands = [parse_cards("Ah Ad Kc Qc 10s"), parse_cards("Kh Kd Qh Js 10d"), parse_cards("As Ks Qs Jd 10h")]
    spare = parse_cards("Ac Qd Jc Jh 10c")
    decks = []
    for i, j in [(i, j) for i in range(3) for j in range(3) if i != j]:
        dealt = [card for pair in zip(hands[i], hands[j]) for card in pair]  # DP-1: North (dealer's left) first
        rest = [card for k in range(3) if k not in (i, j) for card in hands[k]]
        decks.append(" ".join(card.short for card in dealt + list(spare) + rest))
    return load(DrawPoker.name, players=2, deck_size=20, ante=ante, max_bet=max_bet, stack=stack, hands=1,
                dealer=0, decks="|".join(decks), prefix="open 2|call|draw|draw")
