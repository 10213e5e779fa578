"""A rule-of-thumb player for Polish five-card draw (DP-2 .. DP-7).

:class:`RuleOfThumb` sorts its hand into a few tiers (nothing, a draw or a small pair,
jacks or better, two pair, three of a kind or better), opens and raises with the
strong tiers, calls with the middle ones and with a flush or straight draw when the
exact odds pay for the call, passes with nothing. It draws the textbook way (stand
pat with a straight or better, keep trips, two pair, a pair, four to a flush or a
straight, else the high card), settling a choice between two of these by exact odds
(:mod:`cardlab.odds`), which the deck changes (HR-4). At the showdown
it shows only a hand that can still win or tie (DP-7). For the search bot it offers
``candidates`` (a short list of actions) and ``plausible`` (does a sampled deal fit
the others' play?).

>>> from cardlab.games.draw_poker import DrawPoker
>>> game = DrawPoker(players=3, deck_size=32, stack=30, max_bet=4, hands=3)
>>> state = game.new_state(seed=5)
>>> bots = [RuleOfThumb(seed=i) for i in range(3)]
>>> while not state.is_terminal:
...     seat = state.current_player
...     state.apply(bots[seat](state.observation(seat)))
>>> sum(state.stacks) + state.pot
90
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np

from cardlab.cards import Card, Rank
from cardlab.engine import Action
from cardlab.games.draw_poker import DrawPokerObservation, Phase
from cardlab.hands import Category, HandRules, evaluate
from cardlab.odds import draw_odds

__all__ = ["RuleOfThumb", "tier", "discard_candidates", "textbook_discard", "draw_chance"]

_STAND_PAT = (Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH)


def tier(hand: tuple[Card, ...], rules: HandRules, drawn: bool) -> int:
    """0 nothing, 1 a small pair (or, before the draw, four to a flush or straight),
    2 a pair of jacks or better, 3 two pair, 4 three of a kind or better.

    >>> from cardlab.cards import parse_cards
    >>> tier(parse_cards("Jh Js 8c 4d 2s"), HandRules(), drawn=True)
    2
    >>> tier(parse_cards("Ah Kh 9h 8h 2c"), HandRules(), drawn=False), tier(parse_cards("Ah Kh 9h 8h 2c"), HandRules(), drawn=True)
    (1, 0)
    """
    value = evaluate(hand, rules)
    category = value.category
    if category in _STAND_PAT or category == Category.THREE_OF_A_KIND:
        return 4
    if category == Category.TWO_PAIR:
        return 3
    if category == Category.ONE_PAIR:
        return 2 if value.ranks[0] >= Rank.JACK else 1
    if not drawn and _four_to_something(hand, rules):
        return 1
    return 0


def _four_to_something(hand: tuple[Card, ...], rules: HandRules) -> bool:
    suits = [card.suit for card in hand]
    if max(suits.count(s) for s in set(suits)) >= 4:
        return True
    numbers = {card.rank.number for card in hand}
    return any(len(straight & numbers) >= 4 for straight in rules.straights)  # four of some straight's five ranks


def discard_candidates(hand: tuple[Card, ...], rules: HandRules) -> list[tuple[Card, ...]]:
    """The textbook discards worth considering (DP-5), the usual one first.

    Stand pat with a straight or better; keep trips, two pair, a pair; else keep four
    to a flush or to a straight, or the highest card. A pair with four to a flush or a
    straight offers both.

    >>> from cardlab.cards import parse_cards
    >>> [" ".join(map(str, d)) for d in discard_candidates(parse_cards("8h 8s Ah Kh 9h"), HandRules())]
    ['A♥ K♥ 9♥', '8♠']
    >>> [" ".join(map(str, d)) for d in discard_candidates(parse_cards("Jh Js Tc 9d 8s"), HandRules())]
    ['10♣ 9♦ 8♠', 'J♠']
    """
    value = evaluate(hand, rules)
    category = value.category
    if category in _STAND_PAT:
        return [()]
    kept_ranks = {rank for rank in value.ranks[: {Category.THREE_OF_A_KIND: 1, Category.TWO_PAIR: 2, Category.ONE_PAIR: 1}.get(category, 0)]}
    options = []
    if kept_ranks:
        options.append(tuple(card for card in hand if card.rank not in kept_ranks))
    if category in (Category.ONE_PAIR, Category.HIGH_CARD):
        for suit in {card.suit for card in hand}:
            odd = tuple(card for card in hand if card.suit != suit)
            if len(odd) == 1:
                options.append(odd)
        numbers = {card.rank.number for card in hand}
        for straight in rules.straights:
            if len(straight & numbers) == 4:  # keep one card of each of the four ranks
                keep = {card.rank.number: card for card in reversed(hand) if card.rank.number in straight}
                options.append(tuple(card for card in hand if card not in keep.values()))
        if category == Category.HIGH_CARD:
            top = max(hand, key=lambda card: card.rank.number)
            options.append(tuple(card for card in hand if card != top))
    return list(dict.fromkeys(tuple(sorted(option, key=hand.index)) for option in options))


@functools.lru_cache(maxsize=1 << 14)
def textbook_discard(hand: tuple[Card, ...], rules: HandRules) -> tuple[Card, ...]:
    """The textbook discard; between several (a pair or a flush draw, a straight or a
    flush draw ...) the one with the best expected category strength by exact odds,
    which the deck decides (HR-4).

    >>> from cardlab.cards import parse_cards
    >>> textbook_discard(parse_cards("Jh Js 8c 4d 2s"), HandRules())
    (Card('8c'), Card('4d'), Card('2s'))
    >>> textbook_discard(parse_cards("7c 8d 9h Th Jc"), HandRules())
    ()
    >>> hand = parse_cards("8h 9h Th Jc Kh")     # a straight draw and a flush draw
    >>> textbook_discard(hand, HandRules(52)), textbook_discard(hand, HandRules(32))
    ((Card('Jc'),), (Card('Kh'),))
    """
    options = discard_candidates(hand, rules)
    if len(options) == 1:
        return options[0]

    def expected(discard: tuple[Card, ...]) -> Fraction:
        odds = draw_odds(hand, discard, rules)
        return sum((p * rules.strength(c) for c, p in odds.items()), Fraction(0))

    return max(options, key=expected)


@functools.lru_cache(maxsize=1 << 14)  # the search bot's rollouts ask again for the hands of each sampled deal
def draw_chance(hand: tuple[Card, ...], rules: HandRules) -> Fraction:
    """The exact chance that the textbook draw ends in a hand better than one pair.

    >>> from cardlab.cards import parse_cards
    >>> draw_chance(parse_cards("Ah Kh 9h 8h 2c"), HandRules())      # 9 flush cards of 47
    Fraction(9, 47)
    """
    odds = draw_odds(hand, textbook_discard(hand, rules), rules)
    pair = rules.strength(Category.ONE_PAIR)
    return sum((p for c, p in odds.items() if rules.strength(c) > pair), Fraction(0))


class RuleOfThumb:
    """Bets by hand tier, draws by exact odds, shows only what can still win (DP-7).

    Seeded: it bluffs-opens now and then when few players are left to speak.
    """

    name = "rule of thumb"

    def __init__(self, seed: int | None = None, bluff: float = 0.05):
        self.seed = seed
        self.bluff = bluff
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: DrawPokerObservation) -> Action:
        legal = obs.legal_actions
        game = obs.game
        rules = game.rules
        if obs.phase == Phase.DRAW:
            return Action("draw", textbook_discard(tuple(obs.hand), rules))
        if obs.phase == Phase.SHOWDOWN:
            mine = evaluate(obs.hand, rules)
            shown = [evaluate(cards, rules) for seat, cards in enumerate(obs.shown) if cards is not None and seat != obs.player]
            return Action("show") if not shown or mine >= max(shown) else Action("concede")
        level = tier(tuple(obs.hand), rules, drawn=obs.phase == Phase.SECOND_BETTING)
        ante, max_bet = game.ante, game.max_bet
        if not obs.opened:
            to_speak = len(obs.yet_to_act)
            if level >= 2 or (level == 1 and to_speak <= 2) or (to_speak <= 2 and self.rng.random() < self.bluff):
                amount = max_bet if level >= 4 else max(ante + 1, max_bet // 2) if level == 3 else ante + 1
                return self._first_legal(legal, Action("open", amount=amount), Action("open", amount=ante + 1))
            return Action("pass")
        to_call = obs.to_call or 0
        cheap = to_call <= max(ante, obs.pot // 4)
        if level == 1 and obs.phase == Phase.FIRST_BETTING and evaluate(obs.hand, rules).category == Category.HIGH_CARD:
            # a flush or straight draw: call when the exact odds of making it pay for the call
            cheap = draw_chance(tuple(obs.hand), rules) * (obs.pot + to_call) >= to_call
        capped = obs.stake >= 3 * max_bet  # stop raise wars among strong hands
        if level >= 3 and not capped:
            amount = max_bet if level >= 4 else ante
            return self._first_legal(legal, Action("raise", amount=amount), Action("raise", amount=ante), Action("call"))
        if level >= 2 or (level == 1 and cheap):
            return self._first_legal(legal, Action("call"))
        return Action("pass")

    def candidates(self, obs: DrawPokerObservation) -> list[Action]:
        """A short list for the search bot: this bot's choice and the sensible others."""
        legal = obs.legal_actions
        if obs.phase == Phase.DRAW:
            options = [Action("draw", d) for d in discard_candidates(tuple(obs.hand), obs.game.rules)]
            return list(dict.fromkeys([self(obs), *options, Action("draw", ())]))
        if obs.phase == Phase.SHOWDOWN:
            return [self(obs)]  # DP-7: show only what can still win or tie; the chips are the same
        ante, max_bet = obs.game.ante, obs.game.max_bet
        wanted = [self(obs), Action("pass"), Action("call"), Action("open", amount=ante + 1),
                  Action("open", amount=max_bet), Action("raise", amount=ante), Action("raise", amount=max_bet)]
        return [a for a in dict.fromkeys(wanted) if a in legal]

    def plausible(self, state, obs: DrawPokerObservation) -> bool:
        """Whether a sampled state fits the others' play as this bot reads it: whoever
        opened or raised this round holds jacks or better (or a draw before the draw),
        and whoever stood pat holds two pair or better."""
        rules = obs.game.rules
        drawn = obs.phase != Phase.FIRST_BETTING
        for seat in range(len(obs.in_play)):
            if seat == obs.player or not obs.in_play[seat] or obs.shown[seat] is not None:
                continue
            hand = tuple(state.hands[seat])
            if seat in (obs.opener, obs.last_raiser) and tier(hand, rules, drawn=drawn and obs.drawn[seat] is not None) < 1 + drawn:
                return False
            if obs.drawn[seat] == 0 and tier(hand, rules, drawn=True) < 3:
                return False
        return True

    @staticmethod
    def _first_legal(legal, *wanted: Action) -> Action:
        for action in wanted:
            if action in legal:
                return action
        return Action("pass")  # no all-in (DP-3): who cannot match passes

    def __repr__(self) -> str:
        return f"RuleOfThumb(seed={self.seed!r})"
