"""A rule-of-thumb bot for Fight for the Lead (docs/rules/fight-for-the-lead.md).

Fight with the highest card of the longest suit (FL-3); exchange up to two low cards
when a card costs at most half a trick (FL-6); lead winners, win cheaply, throw low
(FL-7); a loser leaves rather than pay a stake above a third of his stack (FL-9,
FL-10). The generic Monte Carlo :class:`cardlab.bots.SearchBot` plays this game
through :meth:`FightForTheLead.sample_state`.

>>> from cardlab.games.fight_for_the_lead import FightForTheLead
>>> state = FightForTheLead(players=3, games=2).new_state(seed=5)
>>> bot = RuleOfThumb()
>>> while not state.is_terminal:
...     seat = state.current_player
...     state.apply_for(seat, bot(state.observation(seat)))
>>> state.round_index >= 1, state.chips() == 300
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from cardlab.cards import Card, Rank, Suit
from cardlab.engine import Action
from cardlab.games.fight_for_the_lead import TRICKS, FightForTheLeadObservation, Phase

__all__ = ["RuleOfThumb", "out_of_play", "masters"]

#: Cards below this rank are "low": the ones worth exchanging (FL-6).
LOW_BELOW = Rank.TEN
#: The rule bot never exchanges more cards than this.
MOST_EXCHANGED = 2


def out_of_play(obs: FightForTheLeadObservation) -> set[Card]:
    """Cards the observer knows no other seat holds: his own, played, turned, discarded.

    >>> from cardlab.games.fight_for_the_lead import FightForTheLead
    >>> obs = FightForTheLead().new_state(seed=1).observation(0)
    >>> out_of_play(obs) == set(obs.hand)
    True
    """
    gone = set(obs.hand) | set(obs.turned) | set(obs.own_discards)
    gone |= {card for _, card in obs.trick}
    gone |= {card for plays, _ in obs.done_tricks for _, card in plays}
    if obs.lead is not None and not obs.fight_taken_back:
        gone |= {card for card in obs.fight_cards if card is not None}
    return gone


def masters(obs: FightForTheLeadObservation) -> list[Card]:
    """The observer's cards that no unseen card of their suit beats (sure winners when led).

    >>> from cardlab.games.fight_for_the_lead import FightForTheLead, stacked_deck
    >>> deck = stacked_deck(["As Ks 3c 5d", "2h 3h 4h 6h"])
    >>> state = FightForTheLead(players=2).new_state(seed=1, dealer=1, deck=deck)
    >>> [str(c) for c in masters(state.observation(0))]   # K♠ too: the A♠ is his own
    ['K♠', 'A♠']
    """
    gone = out_of_play(obs)
    return [card for card in obs.hand
            if all(Card(rank, card.suit) in gone for rank in Rank if rank > card.rank)]


class RuleOfThumb:
    """Fight for the Lead by rules of thumb (see the module docstring); deterministic."""

    name = "rule"

    def __init__(self, seed: int | None = None, stake_share: float = 1 / 3):
        self.seed = seed
        self.stake_share = stake_share

    def __call__(self, obs: FightForTheLeadObservation) -> Action:
        action = self._CHOOSE[obs.phase](self, obs)
        return action if action in obs.legal_actions else obs.legal_actions[0]

    def candidates(self, obs: FightForTheLeadObservation) -> list[Action] | None:
        """A short list for a search bot: at an exchange (FL-6) this bot's choice, then
        giving up the 0, 1, 2 .. lowest cards; elsewhere None (every legal action)."""
        if obs.phase is not Phase.EXCHANGE:
            return None
        most = max(len(a.cards) for a in obs.legal_actions)
        lowest = sorted(obs.hand, key=lambda c: c.rank.number)
        ranked = [self(obs)] + [Action("exchange", tuple(c for c in obs.hand if c in lowest[:k]))
                                for k in range(most + 1)]
        return list(dict.fromkeys(ranked))

    # FL-3: the highest card of the longest suit (ties: the suit with the higher top).
    def _fight(self, obs: FightForTheLeadObservation) -> Action:
        lengths = Counter(card.suit for card in obs.hand)
        card = max(obs.hand, key=lambda c: (lengths[c.suit], c.rank.number))
        return Action("fight", (card,))

    # FL-6: give up at most two low non-winners, and only while a card costs at most half
    # a trick (in self-play, dearer exchanges lost chips on average).
    def _exchange(self, obs: FightForTheLeadObservation) -> Action:
        if obs.fee * 2 > (obs.pot or 0) // TRICKS:
            return Action("exchange")
        keep = set(masters(obs))
        low = sorted((c for c in obs.hand if c.rank < LOW_BELOW and c not in keep), key=lambda c: c.rank.number)
        most = min(MOST_EXCHANGED, max(len(a.cards) for a in obs.legal_actions))
        chosen = set(low[:most])
        return Action("exchange", tuple(c for c in obs.hand if c in chosen))

    # FL-7: lead a sure winner, else the lowest card; follow by winning cheaply or throwing low.
    def _play(self, obs: FightForTheLeadObservation) -> Action:
        options = [a.cards[0] for a in obs.legal_actions]
        low = min(options, key=lambda c: c.rank.number)
        if not obs.trick:
            sure = masters(obs)
            return Action("play", (max(sure, key=lambda c: c.rank.number) if sure else low,))
        led: Suit = obs.trick[0][1].suit
        best = max((c.rank.number for _, c in obs.trick if c.suit is led))
        winners = [c for c in options if c.suit is led and c.rank.number > best]
        if not winners:
            return Action("play", (low,))
        last = len(obs.trick) == sum(obs.in_play) - 1
        pick = min if last else max
        return Action("play", (pick(winners, key=lambda c: c.rank.number),))

    # FL-9/FL-10: play on, unless a lost game's stake would cost too much of the stack.
    def _decide(self, obs: FightForTheLeadObservation) -> Action:
        me = obs.player
        if me in obs.losers and (obs.last_pot or 0) > self.stake_share * obs.points[me]:
            return Action("leave")
        return Action("stay")

    #: The rule of thumb of each phase in which the bot acts.
    _CHOOSE: ClassVar[dict[Phase, Callable[[RuleOfThumb, FightForTheLeadObservation], Action]]] = {
        Phase.FIGHT: _fight, Phase.EXCHANGE: _exchange, Phase.PLAY: _play, Phase.DECIDE: _decide,
    }

    def __repr__(self) -> str:
        return f"RuleOfThumb(seed={self.seed!r})"
