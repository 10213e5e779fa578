"""A rule-of-thumb bot for Kontrabluff, and the fast hand helpers it plays with.

The bot sees only a :class:`~cardlab.games.kontrabluff.KontrabluffObservation`. It
builds the best poker hand its cards allow (KB-3, KB-5), lays it strongest group
first, passes as soon as the other's row already beats what it can make (KB-4), plays
low with a low hand of nine high or better (KB-6), sees a low round with ten high
or better, and when it passes a low round lays down the five cards it needs least.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=2, dealer=0)
>>> bot = KontrabluffRuleBot()
>>> bot(state.observation(1)) in state.legal_actions()    # KB-2: North leads the first round
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np

from cardlab.cards import Card, parse_cards
from cardlab.engine import Action
from cardlab.games.kontrabluff import RANK_OF_CODE, KontrabluffObservation, KontrabluffState, Phase, hand_value
from cardlab.hands import Category

__all__ = ["KontrabluffRuleBot", "best_high", "best_low", "best_completion", "row_value"]


def _number(card: Card) -> int:
    return RANK_OF_CODE[card.code]


def _straight(cards: Sequence[Card]) -> list[Card] | None:
    """The highest straight among ``cards`` (HR-5: the ace also plays low), one card per rank."""
    by_rank: dict[int, Card] = {}
    for card in cards:
        by_rank.setdefault(RANK_OF_CODE[card.code], card)
    if 14 in by_rank:
        by_rank[1] = by_rank[14]
    for top in range(14, 4, -1):
        if all(n in by_rank for n in range(top, top - 5, -1)):
            return [by_rank[n] for n in range(top, top - 5, -1)]
    return None


def best_high(cards: Sequence[Card]) -> tuple[int, list[Card]]:
    """The best five-card poker hand (HR-1) among five or more cards: (its key, its cards).

    The cards come strongest group first (the pair before its kickers).

    >>> from cardlab.words import hand_text
    >>> key, five = best_high(parse_cards("Ah Kh 7h 7c 7d 2h 9h 3s 3c Qd"))
    >>> hand_text(hand_value(five)), five[:3]
    ('full house, sevens over threes', [Card('7h'), Card('7c'), Card('7d')])
    """
    cards = list(cards)
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}  # by suit index (a card is a small int: code & 3)
    for card in cards:
        by_rank.setdefault(RANK_OF_CODE[card.code], []).append(card)
        by_suit.setdefault(card.code & 3, []).append(card)
    candidates: list[list[Card]] = []
    for suited in by_suit.values():
        if len(suited) >= 5:
            flush = _straight(suited) or sorted(suited, key=_number, reverse=True)[:5]
            candidates.append(flush)
    straight = _straight(cards)
    if straight:
        candidates.append(straight)
    groups = sorted(by_rank.items(), key=lambda item: (len(item[1]), item[0]), reverse=True)
    five = list(groups[0][1][:4])  # the biggest group: quads, trips, a pair or the top card
    if 2 <= len(five) <= 3:  # the best other pair makes a full house or two pair
        pairs = [group for number, group in sorted(groups[1:], key=lambda item: item[0], reverse=True) if len(group) >= 2]
        if pairs:
            five.extend(pairs[0][:2])
    used = set(five)
    rest = sorted((c for c in cards if c not in used), key=_number, reverse=True)
    five.extend(rest[: 5 - len(five)])
    candidates.append(five)
    best = max(candidates, key=lambda hand: hand_value(hand).key)
    return hand_value(best).key, best


def best_completion(row: Sequence[Card], hand: Sequence[Card]) -> tuple[int, list[Card]]:
    """The best five-card hand that keeps all of ``row`` and adds cards from ``hand`` (KB-3).

    >>> from cardlab.words import hand_text
    >>> key, five = best_completion(parse_cards("2c"), parse_cards("Ah Ad Ac Ks Kd 9h"))
    >>> hand_text(hand_value(five))
    'three of a kind, aces'
    """
    key, five = _completion(tuple(row), tuple(hand))
    return key, list(five)


@functools.lru_cache(maxsize=1 << 14)
def _completion(row: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
    # Cached: in a search the same row and hand come back in every sampled world.
    need = 5 - len(row)
    if need <= 0:
        return hand_value(row).key, row
    if len(row) + len(hand) < 5:
        raise ValueError("not enough cards for a five-card hand")
    key, five = best_high(row + hand)
    if all(card in five for card in row):
        return key, tuple(five)
    best_key, best = -1, row
    for extra in itertools.combinations(hand, need):
        cards = row + extra
        value = hand_value(cards).key
        if value > best_key:
            best_key, best = value, cards
    return best_key, best


def best_low(cards: Sequence[Card]) -> tuple[int, list[Card]]:
    """The best low hand (HR-6: the worst poker hand) among five or more cards: (high key, cards).

    A smaller key is a better low hand.

    >>> from cardlab.words import hand_text
    >>> key, five = best_low(parse_cards("Ah 2h 3h 4h 5h 6c 9d Ks Kd 8c"))
    >>> hand_text(hand_value(five))
    'high card, eight'
    """
    cards = list(cards)
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(RANK_OF_CODE[card.code], []).append(card)
    ranks = sorted(by_rank)[:7]
    best_key, best = 1 << 62, cards[:5]
    if len(ranks) >= 5:
        for subset in itertools.combinations(ranks, 5):
            five = [by_rank[n][0] for n in subset]
            if len({c.code & 3 for c in five}) == 1:  # dodge a flush with another suit of a rank
                for i, n in enumerate(subset):
                    other = [c for c in by_rank[n] if c.code & 3 != five[0].code & 3]
                    if other:
                        five[i] = other[0]
                        break
            key = hand_value(five).key
            if key < best_key:
                best_key, best = key, five
    if best_key == 1 << 62 or hand_value(best).category is not Category.HIGH_CARD:
        for five in itertools.combinations(cards, 5):
            key = hand_value(five).key
            if key < best_key:
                best_key, best = key, list(five)
    return best_key, best


def row_value(row: Sequence[Card]) -> int:
    """The key of a partial row by what it shows (HR-7): pairs, trips, quads; 0 for nothing.

    >>> row_value(parse_cards("Qh Qs 3d")) > row_value(parse_cards("Jh Js Ad"))
    True
    """
    if not row:
        return 0
    if len(row) == 5:
        return hand_value(row).key
    numbers = sorted((RANK_OF_CODE[c.code] for c in row), reverse=True)
    counts: dict[int, int] = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    strength = {(4,): 7, (3,): 3, (2, 2): 2, (2,): 1}.get(tuple(c for c in shape if c > 1), 0)
    if shape and shape[0] == 3 and len(shape) > 1 and shape[1] == 2:
        strength = 6
    key = strength
    tiebreak = [n for n, _ in groups]
    for i in range(5):
        key = (key << 4) | (tiebreak[i] if i < len(tiebreak) else 0)
    return key


def _low_top(cards: Sequence[Card]) -> int:
    """The top rank of a high-card low hand, 99 for anything paired or worse."""
    value = hand_value(cards)
    return value.ranks[0].number if value.category is Category.HIGH_CARD else 99


_TRIPS = 3 << 20
_STRAIGHT = 4 << 20


class KontrabluffRuleBot:
    """Plays Kontrabluff by rules of thumb, from the observation only.

    ``low_lead`` and ``low_see`` are the highest top card of a low hand it leads
    low with and sees a low round with; ``keep_going`` the weakest hand (an HR key)
    it builds in a normal round before the other's row shows anything. Its choices
    are deterministic; ``seed`` is kept for the bot protocol.
    """

    name = "rule"

    def __init__(self, seed: int | None = None, *, low_lead: int = 9, low_see: int = 10, keep_going: int = _STRAIGHT):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.low_lead = low_lead
        self.low_see = low_see
        self.keep_going = keep_going

    def __call__(self, obs: KontrabluffObservation) -> Action:
        phase, hand = obs.phase, list(obs.hand)
        if phase is Phase.CHOOSE:
            _, low = best_low(hand)
            if _low_top(low) <= self.low_lead:
                return Action("low", tuple(low))
            return Action("hand_over")
        if phase is Phase.LEAD:
            _, low = best_low(hand)
            high_key, high = best_high(hand)
            if _low_top(low) <= self.low_lead and high_key < _TRIPS:
                return Action("low", tuple(low))
            return Action("lay", (high[0],))
        if phase is Phase.LOW:
            _, low = best_low(hand)
            if _low_top(low) <= self.low_see:
                return Action("see", tuple(low))
            return Action("pass", tuple(self._spare(hand)))
        return self._normal(obs, hand)

    def _normal(self, obs: KontrabluffObservation, hand: list[Card]) -> Action:
        me, other = obs.player, obs.opponent
        mine, theirs = obs.rows[me], obs.rows[other]
        key, five = best_completion(mine, hand)
        shown = row_value(theirs)
        leading = obs.leader == me
        if shown > key:
            return Action("pass")  # KB-4: his row already beats anything I can make
        if not leading and not mine and key < self.keep_going:
            return Action("pass")  # a weak hand gives away one point, not more
        category = key >> 20
        if len(theirs) >= 3 and shown >> 20 >= category and key < self.keep_going:
            return Action("pass")  # he already shows my category and I am weak
        card = next(c for c in five if c not in mine)
        return Action("lay", (card,))

    @staticmethod
    def _spare(hand: list[Card]) -> list[Card]:
        """The five cards least needed: all but the best high hand (KB-6 pass)."""
        if len(hand) <= 5:
            return hand[:5]
        _, keep = best_high(hand)
        spare = [c for c in hand if c not in keep]
        return (spare + keep)[:5]

    def candidates(self, obs: KontrabluffObservation) -> list[Action]:
        """The few actions worth a search bot's look: this bot's choice first, then one of
        each other kind (the best low hand, the next card of the best hand, a pass).

        Few candidates keep a sampled search from chasing noise among near-equal cards.
        """
        hand = list(obs.hand)
        found = [self(obs)]
        if obs.phase is Phase.CHOOSE:
            found += [Action("hand_over"), Action("low", tuple(best_low(hand)[1]))]
        elif obs.phase is Phase.LEAD:
            found += [Action("low", tuple(best_low(hand)[1])), Action("lay", (best_high(hand)[1][0],))]
        elif obs.phase is Phase.LOW:
            found += [Action("see", tuple(best_low(hand)[1])), Action("pass", tuple(self._spare(hand)))]
        elif obs.phase is Phase.NORMAL:
            mine = obs.rows[obs.player]
            _, five = best_completion(mine, hand)
            found += [Action("lay", (next(c for c in five if c not in mine),)), Action("pass")]
        return list(dict.fromkeys(found))

    def plausible(self, state: KontrabluffState, obs: KontrabluffObservation) -> bool:
        """Whether the other seat, playing by these rules, would have acted as he did
        with the cards ``state`` gives him (a search bot keeps only such samples).
        """
        other = obs.opponent
        hand, row = state.hands[other], state.rows[other]
        if obs.phase is Phase.LOW and obs.leader == other:  # he led low: a good low hand
            low = state.low[other]
            return _low_top(low) <= self.low_lead
        held = hand + row  # his hand when the round began
        if len(held) < 5:
            return True
        if obs.phase in (Phase.LEAD, Phase.NORMAL) and obs.dealer == other and not obs.first_round:
            _, low = best_low(held)
            if _low_top(low) <= self.low_lead:
                return False  # he would have played low, not handed over (KB-2: no choice in a deal's first round)
        if obs.phase is Phase.NORMAL and row:
            high_key, _ = best_high(held)
            if obs.leader == other:
                _, low = best_low(held)
                if _low_top(low) <= self.low_lead and high_key < _TRIPS:
                    return False  # he would have led low
            elif high_key < self.keep_going:
                return False  # a weak responder passes at once
        return True

    def __repr__(self) -> str:
        return f"KontrabluffRuleBot(seed={self.seed!r})"
