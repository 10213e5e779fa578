"""Fight for the Lead: four cards each, a hidden fight card for the lead, paid
exchanges, four tricks without trumps, a pot split by tricks (FL-1 .. FL-11).

One state is one *session*: games follow one another until ``games`` have been
played or fewer than two players remain (FL-10). ``game_number`` counts the games
(the engine's ``round_index`` counts those paid out, FL-8).

>>> game = FightForTheLead(players=3, ante=4, stack=40)
>>> state = game.new_state(seed=7)
>>> state.phase, state.pot, state.stacks
(<Phase.FIGHT: 'fight'>, 12, [36, 36, 36])
>>> while state.phase is Phase.FIGHT:        # FL-3: every seat lays a card, unseen
...     seat = state.current_player
...     state.apply_for(seat, state.legal_actions(seat)[0])
>>> state.phase, state.lead is not None
(<Phase.EXCHANGE: 'exchange'>, True)
>>> state.chips() == 3 * 40                   # FL-11
True

Decisions the rule page leaves open, taken here (and cited as the rule they extend):

* FL-5: if the stock cannot give every player a new card after the fight, each
  player takes his own (now face-up) fight card back instead.
* FL-1 / FL-10: when an ante is due, a player who cannot pay it must leave; if fewer
  than two could then pay, no game follows: the session ends and nobody leaves.
* FL-10: the deal passes to the next player clockwise who stayed.

Stakes and antes are taken only once every player has decided and at least two play
on (FL-9, FL-1); the chips left in the pot when the session ends are shared among the
players still at the table (FL-10), so the final stacks add up to all the chips:

>>> state = FightForTheLead(players=3, ante=4, stack=40, games=1).new_state(seed=7)
>>> while not state.is_terminal:
...     seat = state.current_player
...     state.apply_for(seat, state.legal_actions(seat)[0])
>>> state.pot, sum(state.stacks)
(0, 120)

The module follows the rule page: the table settings, the phases, the rules that
are pure functions (FL-4, FL-7, FL-8), the legal actions, what a seat may see, then
the state machine section by section, FL-1 to FL-11. The state declares its fields
(``FightForTheLeadState.FIELDS``), so cardlab.engine copies, compares, hides and
samples it; below the rules, how a sample deals the cards its observer has not seen,
and small helpers.
"""

from __future__ import annotations

from types import MappingProxyType

import enum
import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

import cardlab.words.fight_for_the_lead  # noqa: F401  (the game's words, registered with it)
from cardlab.cards import Card, Suit, check_distinct, deck, parse_cards
from cardlab.games.registry import GameEntry, register
from cardlab.games.spec import ActionSpec, GameSpec, Takes
from cardlab.engine import (
    NO_ACTIONS,
    REST,
    Action,
    ActionList,
    CardOffer,
    Copy,
    Field,
    Game,
    GameState,
    IllegalActionError,
    LegalActions,
    NOT_LEGAL,
    Observation,
    PhaseRules,
    Seen,
    SettingsError,
    Zone,
    Zones,
    frozen,
    uniform_index,
    whole_setting,
)
from cardlab.games.chips import from_the_left, share_left_over
from cardlab.records import AMOUNTS, CARD, CARDS, CHIPS, COUNT, NUMBER, SEAT, SEATS, TEXT, EventKind, Refusal, RefusalKind
from cardlab.rules import rules_of
from cardlab.words.howto import Amount, Figure

__all__ = [
    "exchange_cost",
    "stake_cost",
    "RULES",
    "HAND_SIZE",
    "TRICKS",
    "Phase",
    "FightForTheLead",
    "FightForTheLeadState",
    "FightForTheLeadObservation",
    "table_zones",
    "CardActions",
    "ExchangeActions",
    "fight_winner",
    "trick_winner",
    "payout",
    "stacked_deck",
]

#: The rule ids of the page, with their titles (from :mod:`cardlab.rules`).
RULES: dict[str, str] = {r.id: r.title for r in rules_of("FL")}
HAND_SIZE = 4  # FL-2
_MOST_PLAYERS = 5  # FL: two to five players
TRICKS = 4  # FL-7; FL-8 pays a quarter of the pot a trick


# -- what the history records (the words for each: cardlab/words/fight_for_the_lead.py) ----------
_kind = functools.partial(EventKind, "fight_for_the_lead")
ANTES = _kind("antes", "FL-1", seats=SEATS, ante=CHIPS, pot=CHIPS)
ANTES_ON_TOP = _kind("antes_on_top", "FL-1", seats=SEATS, ante=CHIPS, pot=CHIPS, carried=CHIPS)
NEW_GAME = _kind("new_game", "FL-2", number=NUMBER, dealer=SEAT, cards=COUNT, stock=COUNT)
DEALT = _kind("dealt", "FL-2", seat=SEAT, cards=CARDS)
FIGHT_CARD_LAID = _kind("fight_card_laid", "FL-3", seat=SEAT)  # what the others see
FIGHT_CARD = _kind("fight_card", "FL-3", seat=SEAT, card=CARD)  # what he sees
#: FL-4: the fight cards (``seats`` with their ``cards``), the cards the dealer turns; the
#: fight suit is named by the kind (one a suit), or the stock ran out. A result of its own:
#: a table stops on it a moment, as on a trick, with the fight cards turned up (``brief``).
_LEAD_FIELDS = dict(seats=SEATS, cards=CARDS, dealer=SEAT, turned=CARDS, winner=SEAT, card=CARD)
LEAD_IN_SUIT = {suit: _kind(f"lead_won_in_{suit.word}", "FL-4", brief=True, **_LEAD_FIELDS) for suit in Suit}
LEAD_STOCK_OUT = _kind("lead_won_stock_out", "FL-4", brief=True, **_LEAD_FIELDS)
NEW_CARDS = _kind("new_cards", "FL-5", dealer=SEAT)
NEW_CARD = _kind("new_card", "FL-5", seat=SEAT, card=CARD)
FIGHT_CARDS_BACK = _kind("fight_cards_back", "FL-5", stock=COUNT)
EXCHANGE = _kind("exchange", "FL-6", seat=SEAT, cards=COUNT, fee=CHIPS, pot=CHIPS)
EXCHANGED = _kind("exchanged", "FL-6", seat=SEAT, given=CARDS, drawn=CARDS)
KEEP = _kind("keep", "FL-6", seat=SEAT)
LEAD = _kind("lead", "FL-7", seat=SEAT, card=CARD)
PLAY = _kind("play", "FL-7", seat=SEAT, card=CARD)
#: A trick taken (FL-7): a table shows it a moment.
TRICK = _kind("trick", "FL-7", brief=True, winner=SEAT, number=NUMBER, card=CARD)
#: The payout (FL-8): the ``seats`` that took tricks, with their ``chips`` and ``tricks``.
PAYOUT = _kind("payout", "FL-8", result=True, pot=CHIPS, per_trick=CHIPS, seats=SEATS, chips=AMOUNTS,
               tricks=AMOUNTS, rest=CHIPS)
LOSER = _kind("loser", "FL-9", seat=SEAT, pot=CHIPS)
STAKE = _kind("stake", "FL-9", seat=SEAT, stake=CHIPS, pot=CHIPS)
CANNOT_PAY = _kind("cannot_pay", "FL-10", seat=SEAT, stake=CHIPS)
LEAVE = _kind("leave", "FL-10", seat=SEAT)
LEAVE_UNPAID = _kind("leave_unpaid", "FL-10", seat=SEAT)  # a loser leaves without his stake
STAY = _kind("stay", "FL-10", seat=SEAT)
CANNOT_ANTE = _kind("cannot_ante", "FL-1", seat=SEAT)
#: The end of the session (FL-10), why, and every seat's final stack (``seats``,
#: ``stacks``); the ``_shared`` kinds say too how the chips left in the ``pot`` were
#: shared (``sharers``, ``shares``). A table stops on each until it is read.
_STACKS = dict(seats=SEATS, stacks=AMOUNTS)
_SHARED = dict(pot=CHIPS, sharers=SEATS, shares=AMOUNTS, **_STACKS)
SESSION_OVER = _kind("session_over", "FL-10", result=True, games=COUNT, **_STACKS)
SESSION_OVER_SHARED = _kind("session_over_shared", "FL-10", result=True, games=COUNT, **_SHARED)
TOO_FEW_LEFT = _kind("too_few_left", "FL-10", result=True, **_STACKS)
TOO_FEW_LEFT_SHARED = _kind("too_few_left_shared", "FL-10", result=True, **_SHARED)
TOO_FEW_CAN_ANTE = _kind("too_few_can_ante", "FL-10", result=True, **_STACKS)
TOO_FEW_CAN_ANTE_SHARED = _kind("too_few_can_ante_shared", "FL-10", result=True, **_SHARED)

# -- what it refuses, and why (the words for each: cardlab/words/fight_for_the_lead.py) -------
_refusal_kind = functools.partial(RefusalKind, "fight_for_the_lead")
SESSION_ENDED = _refusal_kind("session_over", "EN-2")  # (the event that ends it: SESSION_OVER)
UNKNOWN_KIND = _refusal_kind("unknown_kind", "EN-3", kind=TEXT, kinds=TEXT)
NO_AMOUNT = _refusal_kind("no_amount", "EN-3")
#: An action of a kind its phase does not offer: what the phase asks for (FL-3, FL-6, FL-7, FL-10).
NOW_FIGHT = _refusal_kind("now_fight", "FL-3")
NOW_EXCHANGE = _refusal_kind("now_exchange", "FL-6")
NOW_PLAY = _refusal_kind("now_play", "FL-7")
NOW_DECIDE = _refusal_kind("now_decide", "FL-10")
#: Who may not act: in the fight (FL-3), and out of turn (EN-1, with the rule of the turn order).
NOT_IN_GAME = _refusal_kind("not_in_game", "FL-3", seat=SEAT)
FIGHT_CARD_ALREADY_LAID = _refusal_kind("fight_laid", "FL-3", seat=SEAT)
TURN_EXCHANGE = _refusal_kind("turn_exchange", "EN-1", current=SEAT, seat=SEAT)
TURN_PLAY = _refusal_kind("turn_play", "EN-1", current=SEAT, seat=SEAT)
TURN_DECIDE = _refusal_kind("turn_decide", "EN-1", current=SEAT, seat=SEAT)
#: The cards of a fight (FL-3), a play (FL-7), an exchange (FL-6) or a decision (FL-10).
FIGHT_ONE = _refusal_kind("fight_one", "FL-3", selected=COUNT)
PLAY_ONE = _refusal_kind("play_one", "FL-7", selected=COUNT)
NOT_HELD = _refusal_kind("not_held", "FL-6", seat=SEAT, card=CARD)
FOLLOW_SUIT = _refusal_kind("follow_suit", "FL-7", seat=SEAT, led=CARD)
EXCHANGED_TWICE = _refusal_kind("exchange_twice", "FL-6", cards=CARDS)
EXCHANGE_STOCK = _refusal_kind("exchange_stock", "FL-6", most=COUNT, selected=COUNT)
EXCHANGE_COST = _refusal_kind("exchange_cost", "FL-6", cards=COUNT, cost=CHIPS, seat=SEAT, stack=CHIPS)
DECIDE_NO_CARDS = _refusal_kind("decide_no_cards", "FL-10")
#: Settings (FL-1; the ranges are the engine's EN-6).
STACK_BELOW_ANTE = _refusal_kind("stack_below_ante", "FL-1", stack=CHIPS, ante=CHIPS)


# -- table settings -------------------------------------------------------------------
@dataclass(frozen=True)
class FightForTheLead(Game):
    """The table settings of Fight for the Lead (docs/rules/fight-for-the-lead.md).

    ``exchange_fee`` is chips per exchanged card (FL-6); None means one ante, as in
    the seed, and 0 gives a free exchange. ``games`` is the session length (FL-10).

    >>> FightForTheLead()
    FightForTheLead(players=4, ante=4, stack=100, exchange_fee=4, games=10)
    >>> FightForTheLead(players=6)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: EN-6: players must be a whole number 2..5, got 6
    """

    players: int = 4
    ante: int = 4
    stack: int = 100
    exchange_fee: int | None = None
    games: int = 10

    name = "fight_for_the_lead"

    def __post_init__(self) -> None:
        whole_setting("players", self.players, 2, _MOST_PLAYERS)  # FL: two to five players
        whole_setting("ante", self.ante, 1)
        whole_setting("stack", self.stack, 0)
        if self.stack < self.ante:
            raise SettingsError(STACK_BELOW_ANTE(self.stack, self.ante))
        if self.exchange_fee is None:
            object.__setattr__(self, "exchange_fee", self.ante)
        whole_setting("exchange_fee", self.exchange_fee, 0)
        whole_setting("games", self.games, 1)
        for field in ("players", "ante", "stack", "exchange_fee", "games"):
            object.__setattr__(self, field, int(getattr(self, field)))


# -- the phases -----------------------------------------------------------------------
class Phase(enum.StrEnum):
    """Where a game of the session stands; it decides who acts and with what."""

    FIGHT = "fight"  # FL-3: every player lays a fight card face down, all at once
    EXCHANGE = "exchange"  # FL-6: in turn from the dealer's left, each may exchange cards
    PLAY = "play"  # FL-7: four tricks
    DECIDE = "decide"  # FL-10: before the next game, each player plays on or leaves
    OVER = "over"  # FL-10: the session has ended


@dataclass(frozen=True)
class _PhaseFacts:
    """What a phase allows, as the refusals need it: its rule, its kinds of action, the
    refusal of another kind (what the phase asks for) and of a seat out of turn."""

    rule: str
    kinds: tuple[str, ...]
    other_kind: RefusalKind | None = None
    out_of_turn: RefusalKind | None = None


_PHASE_FACTS: dict[Phase, _PhaseFacts] = {
    Phase.FIGHT: _PhaseFacts("FL-3", ("fight",), NOW_FIGHT),
    Phase.EXCHANGE: _PhaseFacts("FL-6", ("exchange",), NOW_EXCHANGE, TURN_EXCHANGE),
    Phase.PLAY: _PhaseFacts("FL-7", ("play",), NOW_PLAY, TURN_PLAY),
    Phase.DECIDE: _PhaseFacts("FL-10", ("stay", "leave"), NOW_DECIDE, TURN_DECIDE),
    Phase.OVER: _PhaseFacts("FL-10", ()),
}
_KINDS = ("fight", "exchange", "play", "stay", "leave")  # every kind of action (EN-3)
_KIND_LIST = ", ".join(_KINDS)  # as a refusal shows them (code names, not words)
_IN_A_GAME = frozenset({Phase.FIGHT, Phase.EXCHANGE, Phase.PLAY})  # not deciding, nor over


# -- the rules that are pure functions ------------------------------------------------
def fight_winner(fights: Sequence[tuple[int, Card]], stock: Sequence[Card]) -> tuple[int, int]:
    """FL-4: who wins the lead, and how many stock cards were turned.

    ``fights`` are (seat, fight card) clockwise from the dealer's left; ``stock``
    is the stock top card first. The first turned card whose suit some fight card
    shares decides: the highest fight card of that suit wins. If the stock runs out
    first, the highest fight card wins, ties to the seat nearest the dealer's left.

    >>> from cardlab.cards import parse_cards
    >>> fights = list(zip([0, 1, 2], parse_cards("7h Kc 9h")))
    >>> fight_winner(fights, parse_cards("2s 5d Ah 3c"))   # spades, diamonds: no one
    (2, 3)
    >>> fight_winner(fights, parse_cards("2s 5d"))         # stock out: K beats 9 and 7
    (1, 2)
    """
    for turned, card in enumerate(stock, start=1):
        best: tuple[int, Card] | None = None
        for seat, fight in fights:
            if fight.suit is card.suit and (best is None or fight.rank > best[1].rank):
                best = (seat, fight)
        if best is not None:
            return best[0], turned
    top = fights[0]
    for seat, fight in fights[1:]:
        if fight.rank > top[1].rank:  # strictly higher: ties stay nearest the dealer's left
            top = (seat, fight)
    return top[0], len(stock)


def _clockwise(dealer: int, in_play: Sequence[bool]) -> tuple[int, ...]:
    """FL-2: the seats in play, clockwise from the dealer's left (the order of the deal,
    the exchanges and the decisions).

    >>> _clockwise(2, [True, False, True, True])
    (3, 0, 2)
    """
    n = len(in_play)
    return tuple([seat % n for seat in range(dealer + 1, dealer + 1 + n) if in_play[seat % n]])


def trick_winner(trick: Sequence[tuple[int, Card]]) -> int:
    """FL-7: the seat whose card is the highest of the suit led (no trumps).

    >>> from cardlab.cards import parse_cards
    >>> trick_winner(list(zip([2, 3, 0], parse_cards("9h As Jh"))))
    0
    """
    led = trick[0][1].suit
    seat, best = trick[0]
    for other, card in trick[1:]:
        if card.suit is led and card.rank > best.rank:
            seat, best = other, card
    return seat


def payout(pot: int, tricks: Sequence[int]) -> tuple[list[int], int]:
    """FL-8: each trick pays ``pot // 4``; returns the payments and the remainder.

    >>> payout(10, [2, 1, 1, 0])
    ([4, 2, 2, 0], 2)
    """
    share = pot // TRICKS
    paid = [share * n for n in tricks]
    return paid, pot - sum(paid)


def stacked_deck(hands: Sequence[str | Sequence[Card]], stock: str | Sequence[Card] = ()) -> tuple[Card, ...]:
    """A full 52-card deck that deals ``hands`` (clockwise from the dealer's left, FL-2)
    and then has ``stock`` on top of the stock; the other cards follow in deck order.

    For scenario tests and lessons: ``game.new_state(dealer=..., deck=stacked_deck(...))``.

    >>> cards = stacked_deck(["As Ks 3c 5d", "2h 3h 4h 6h"], stock="Qd")
    >>> " ".join(c.short for c in cards[:9])
    'As 2h Ks 3h 3c 4h 5d 6h Qd'
    """
    held = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
    top = parse_cards(stock) if isinstance(stock, str) else tuple(stock)
    if len({len(h) for h in held}) != 1 or len(held[0]) != HAND_SIZE:
        raise ValueError(f"every hand must hold {HAND_SIZE} cards (FL-2)")
    dealt = [h[i] for i in range(HAND_SIZE) for h in held]
    given = dealt + list(top)
    check_distinct(given, source="the stacked hands and stock")
    rest = [c for c in deck(52) if c not in set(given)]
    return tuple(given + rest)


# -- the legal actions ----------------------------------------------------------------
class CardActions(LegalActions):
    """The legal fights (FL-3) or plays (FL-7): one action per card, a light view.

    Like :class:`ExchangeActions` it says what its actions take, for a table or an
    adapter that builds them from clicks: ``kind``, the ``cards`` they choose from and
    how many of them one action takes (``counts``).

    >>> from cardlab.cards import parse_cards
    >>> legal = CardActions("play", parse_cards("Ah 7c"))
    >>> Action("play", "7c") in legal, Action("play", "7d") in legal, len(legal)
    (True, False, 2)
    >>> legal[0], legal.counts
    (Action('play', cards=(Card('Ah'),)), range(1, 2))
    """

    __slots__ = ("_kind", "_cards")

    def __init__(self, kind: str, cards: Sequence[Card]):
        self._kind = kind
        self._cards = tuple(cards)

    @property
    def kind(self) -> str:
        """The kind of every action here: "fight" or "play"."""
        return self._kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that may be laid, one action each."""
        return self._cards

    @property
    def counts(self) -> range:
        """How many of :attr:`cards` one action takes: one."""
        return _ONE

    def _action(self, card: Card) -> Action:
        return (_FIGHTS if self._kind == "fight" else _PLAYS)[card]

    def __iter__(self) -> Iterator[Action]:
        return (self._action(card) for card in self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __getitem__(self, index: int) -> Action:
        return self._action(self._cards[index])

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Action) and action.kind == self._kind and len(action.cards) == 1
                and action.amount is None and action.cards[0] in self._cards)

    def sample(self, rng: np.random.Generator) -> Action:
        return self._action(self._cards[uniform_index(rng, len(self._cards))])

    def card_offers(self) -> tuple[CardOffer, ...]:
        return (CardOffer(self.kind, self.cards, frozenset(self.counts)),)

    def key(self) -> tuple:  # the same actions, in any order
        return self._kind, frozenset(self._cards)


class ExchangeActions(LegalActions):
    """The legal exchanges (FL-6): every set of at most ``most`` cards of the hand, none
    first. Actions are made only when listed; ``in`` ignores the order of the cards.

    As :class:`CardActions`: ``kind``, the ``cards`` an action chooses from (the hand)
    and how many of them it takes (``counts``, 0 to ``most``).

    >>> from cardlab.cards import parse_cards
    >>> legal = ExchangeActions(parse_cards("2c 9c Ah Kd"), most=1)
    >>> len(legal), Action("exchange") in legal, Action("exchange", "Ah 2c") in legal
    (5, True, False)
    >>> ExchangeActions(parse_cards("2c 9c Ah Kd"), most=2)[-1], legal.kind, legal.counts
    (Action('exchange', cards=(Card('Ah'), Card('Kd'))), 'exchange', range(0, 2))
    """

    __slots__ = ("_hand", "_most", "_combos")

    def __init__(self, hand: Sequence[Card], most: int):
        self._hand = tuple(hand)
        self._most = most
        self._combos = _COMBOS[most] if len(self._hand) == HAND_SIZE else _combos(len(self._hand), most)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards that may be given up."""
        return self._hand

    @property
    def most(self) -> int:
        """How many of them at most."""
        return self._most

    @property
    def kind(self) -> str:
        """The kind of every action here."""
        return "exchange"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards an action chooses from: the hand."""
        return self._hand

    @property
    def counts(self) -> range:
        """How many of :attr:`cards` one action takes: none to :attr:`most`."""
        return range(self._most + 1)

    def _action(self, combo: tuple[int, ...]) -> Action:
        hand = self._hand  # the hand's own cards, already a tuple of Cards: no need for Action's checks
        return Action.trusted("exchange", tuple([hand[i] for i in combo]))

    def __iter__(self) -> Iterator[Action]:
        return (self._action(combo) for combo in self._combos)

    def __len__(self) -> int:
        return len(self._combos)

    def __bool__(self) -> bool:
        return True

    def __getitem__(self, index: int) -> Action:
        return self._action(self._combos[index])

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind != "exchange" or action.amount is not None:
            return False
        cards = set(action.cards)
        return len(cards) == len(action.cards) <= self._most and cards <= set(self._hand)

    def sample(self, rng: np.random.Generator) -> Action:
        return self._action(self._combos[uniform_index(rng, len(self._combos))])

    def card_offers(self) -> tuple[CardOffer, ...]:
        return (CardOffer(self.kind, self.cards, frozenset(self.counts)),)

    def key(self) -> tuple:  # the same exchanges, whatever the hand's order
        return self._most, frozenset(self._hand)


def _combos(cards: int, most: int) -> list[tuple[int, ...]]:
    """The positions of every set of at most ``most`` of ``cards`` cards, none first."""
    return [c for k in range(most + 1) for c in itertools.combinations(range(cards), k)]


_COMBOS = {most: _combos(HAND_SIZE, most) for most in range(HAND_SIZE + 1)}


_ONE = range(1, 2)  # a fight or a play takes one card
_DECIDE = ActionList((Action("stay"), Action("leave")))  # FL-10; sampled with one uniform_index, as the card views


# -- what each player may see -----------------------------------------------------------
def table_zones(player: int, hand: tuple[Card, ...], hand_sizes: tuple[int, ...],
                fight_cards: tuple[Card | None, ...], fight_chosen: tuple[bool, ...], stock_size: int,
                turned: tuple[Card, ...], trick: tuple[tuple[int, Card], ...], fight_down: int,
                own_discards: tuple[Card, ...], exchanged: tuple[int | None, ...], in_play: tuple[bool, ...],
                dealer: int, done_tricks: tuple[tuple[tuple[tuple[int, Card], ...], int], ...]) -> tuple[Zone, ...]:
    """The table as one seat sees it, zone by zone (face-down cards as None), from
    nothing but what that seat may see (the observation's own values; an observation
    makes it only when read, through the engine's :class:`~cardlab.engine.Zones`).

    In order: each seat's hand (and, in the fight, his fight card: face down, but his
    own; turned up once the lead is fought for, FL-4), the stock, the turned stock cards
    (FL-4), the trick (each card with the seat that played it), the discard (the seat's
    own given-up cards, then backs: the ``fight_down`` fight cards, FL-5, and the others'
    given-up cards, FL-6), then the tricks each player of the game has won (FL-7).

    >>> table = FightForTheLead(players=2).new_state(seed=3).observation(1).zones
    >>> [(zone.kind, zone.owner) for zone in table][:4], table[0].cards
    ([('hand', 0), ('hand', 1), ('stock', None), ('turned', None)], (None, None, None, None))
    """
    zones = []
    for seat, size in enumerate(hand_sizes):
        zones.append(Zone("hand", seat, None, hand if seat == player else (None,) * size))
        if fight_chosen[seat]:  # FL-3: the observation holds only his own until they are turned up
            zones.append(Zone("fight", seat, None, (fight_cards[seat],)))
    zones.append(Zone("stock", None, None, (None,) * stock_size))
    zones.append(Zone("turned", None, None, turned))
    zones.append(Zone("trick", None, None, tuple([c for _, c in trick]), tuple([s for s, _ in trick])))
    backs = fight_down + sum([k for seat, k in enumerate(exchanged) if k and seat != player])
    zones.append(Zone("discard", None, None, (*own_discards, *(None,) * backs)))
    order = _clockwise(dealer, in_play)
    won: dict[int, list[Card]] = {seat: [] for seat in order}
    gathered = done_tricks[:-1] if trick and done_tricks and done_tricks[-1][0] == trick else done_tricks
    for plays, winner in gathered:  # a trick just won still lies in the middle (its scene): shown once
        if winner in won:
            won[winner] += [c for _, c in plays]
    for seat in order:
        zones.append(Zone("tricks", seat, None, tuple(won[seat])))
    return tuple(zones)


@dataclass(frozen=True)
class FightForTheLeadObservation(Observation):
    """What one seat of Fight for the Lead may know (the page's last section).

    Beyond the generic fields (``points`` are the stacks): ``phase`` (a :class:`Phase`);
    ``in_session`` whether each seat is still at the table, ``in_play`` whether it plays
    this game (in turn clockwise from the dealer's left, FL-2); ``tricks`` taken this
    game; ``fight_chosen`` who has laid a fight card; ``fight_cards`` the turned-up
    fight cards (before the turn-up only the observer's own); ``turned`` the stock
    cards turned in the fight; ``lead``; ``exchanged`` how many cards each seat
    exchanged (None: not yet); ``own_discards`` the observer's own cards given up;
    ``trick`` the trick on the table; ``done_tricks`` the finished tricks as (plays,
    winner); ``voids`` the suits each seat has shown it lacks; ``last_pot`` and
    ``losers`` of the last game paid (FL-9); ``decisions`` stay or leave (FL-10);
    ``game_number`` the game being played, or the one just paid out (from 1);
    ``fee`` the exchange fee per card (FL-6).

    >>> obs = FightForTheLead(players=2).new_state(seed=3).observation(1)
    >>> obs.phase, len(obs.hand), obs.zone("hand", 0).cards, obs.pot
    (<Phase.FIGHT: 'fight'>, 4, (None, None, None, None), 8)
    """

    phase: Phase = Phase.FIGHT
    dealer: int = 0
    in_session: tuple[bool, ...] = ()
    in_play: tuple[bool, ...] = ()
    tricks: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    fight_chosen: tuple[bool, ...] = ()
    fight_cards: tuple[Card | None, ...] = ()
    fight_taken_back: bool = False
    turned: tuple[Card, ...] = ()
    lead: int | None = None
    exchanged: tuple[int | None, ...] = ()
    own_discards: tuple[Card, ...] = ()
    stock_size: int = 0
    trick: tuple[tuple[int, Card], ...] = ()
    done_tricks: tuple[tuple[tuple[tuple[int, Card], ...], int], ...] = ()
    voids: tuple[frozenset[Suit], ...] = ()
    last_pot: int | None = None
    losers: tuple[int, ...] = ()
    decisions: tuple[str | None, ...] = ()
    game_number: int = 1
    fee: int = 0


# -- the state machine, rule by rule ----------------------------------------------------
class FightForTheLeadState(GameState):
    """A session of Fight for the Lead; see :class:`FightForTheLead`.

    Public attributes: ``stacks``, ``pot``, ``tricks`` (taken this game, per seat),
    ``hands``, ``stock`` (top card last), ``dealer``, ``in_session`` and ``in_play``
    (per seat: still at the table; in this game), ``turn_order`` (the seats in this game,
    clockwise from the dealer's left), ``lead``, ``phase`` (a :class:`Phase`),
    ``to_act`` (the seat to act; in the fight, the lowest seat yet to choose).

    >>> deck = stacked_deck(["2h Ac Ad 3s", "3h Kc Kd As"], stock="4h 5c 6c")
    >>> state = FightForTheLead(players=2).new_state(seed=2, dealer=1, deck=deck)
    >>> state.apply_for(1, Action("fight", "3h"))   # either seat may lay first (FL-3)
    >>> state.apply_for(0, Action("fight", "2h"))
    >>> state.lead, state.turned, state.phase         # 4♥ turned: 3♥ beats 2♥ (FL-4)
    (1, [Card('4h')], <Phase.EXCHANGE: 'exchange'>)
    """

    simultaneous = True  # FL-3: fight cards are chosen all at once

    #: The state, field by field (cardlab.engine copies, compares, hides and samples it
    #: from this): how each is copied, who may see its cards, how an observer knows it.
    FIELDS = (
        # FL-1, FL-8 .. FL-11: chips, seats and the session
        Field("stacks", Copy.LIST, observed="points"),
        Field("pot"),
        Field("in_session", Copy.LIST),
        Field("dealer"),
        Field("in_play", Copy.LIST),
        Field("phase"),
        Field("to_act", observed="current_player"),
        Field("last_pot"),
        Field("losers", Copy.LIST),
        Field("decisions", Copy.LIST),
        Field("deciders", Copy.LIST, derive=lambda state, obs: _deciders(obs)),
        # FL-2 .. FL-7: the cards. Other seats' hands, face-down fight cards and given-up
        # cards, and the stock, are what an observer does not see (FL, "What each player may see").
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True, observed=lambda obs: _own(obs, list(obs.hand), [])),
        Field("fight", Copy.LIST, Seen.OWNER, cards=True, observed=lambda obs: _own(obs, _own_fight(obs), ())),
        Field("given_up", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: _own(obs, list(obs.own_discards), [])),
        Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [REST]),
        Field("fight_cards", Copy.LIST, Seen.PUBLIC, cards=True, observed=lambda obs: _turned_up(obs)),
        Field("fight_taken_back"),
        Field("turned", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("lead"),
        Field("exchanged", Copy.LIST),
        Field("tricks", Copy.LIST),
        Field("trick", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("done_tricks", Copy.LIST, Seen.PUBLIC, cards=True),
        # Derived last, once the engine has put every unseen card in the stock: the other
        # seats' cards are dealt from it around the suits they showed void (FL-7).
        Field("voids", Copy.LIST, derive=lambda state, obs: _deal_unseen(state, obs)),
        # the engine's counters, as an observer knows them
        Field("round_index", observed=lambda obs: obs.game_number - (obs.phase in _IN_A_GAME)),
        Field("_shuffles", observed=lambda obs: 0),  # a sample draws its next deck from its own seed
    )
    SAMPLE_SEED = ("before", 2**62)
    SAMPLE_LOG = "observer"

    # -- FL-1 Stakes ---------------------------------------------------------------------
    def _setup(self) -> None:
        game: FightForTheLead = self.game  # type: ignore[assignment]
        n = game.num_players
        self.stacks = [game.stack] * n
        self.pot = 0
        self.in_session = [True] * n
        self.dealer = self._choose_dealer()  # FL-2: the first dealer at random (seeded)
        self.last_pot: int | None = None
        self.losers: list[int] = []
        self.deciders: list[int] = []  # FL-10: who decides to stay or leave, in turn
        self._start_game(ante_due=True)  # the first game's pot is antes

    def _start_game(self, ante_due: bool) -> None:
        """Seat the players of the next game, take the antes if they are due, deal."""
        self.in_play = list(self.in_session)
        if ante_due:
            self._pay_antes()
        self._deal()

    def _pay_antes(self) -> None:
        """Every player of the game pays the ante, on top of an FL-8 remainder."""
        ante = self.game.ante  # type: ignore[attr-defined]
        carried, players = self.pot, self.turn_order
        for seat in players:
            self.stacks[seat] -= ante
            self.pot += ante
        if carried:
            self._record(ANTES_ON_TOP, players, ante, self.pot, carried)
        else:
            self._record(ANTES, players, ante, self.pot)

    # -- FL-2 Deal -----------------------------------------------------------------------
    def _deal(self) -> None:
        n = self.game.num_players
        cards = self._new_deck()
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        players = self.turn_order
        k = len(players)
        for i, seat in enumerate(players):
            self.hands[seat] = cards[i : HAND_SIZE * k : k]  # one at a time from the dealer's left
        self.stock = cards[HAND_SIZE * k :][::-1]  # top card last, so pop() draws it
        self._record(NEW_GAME, self.round_index + 1, self.dealer, HAND_SIZE, len(self.stock))
        for seat in players:
            self._record(DEALT, seat, tuple(self.hands[seat]), player=seat, visible_to=_ONLY[seat])
        self.phase = Phase.FIGHT
        self.fight: list[tuple[Card, ...]] = [()] * n  # FL-3: the card face down before each (none yet)
        self.fight_cards: list[Card | None] = [None] * n  # FL-4: turned up (public)
        self.fight_taken_back = False  # FL-5
        self.turned: list[Card] = []  # FL-4
        self.lead: int | None = None
        self.exchanged: list[int | None] = [None] * n  # FL-6: how many, public
        self.given_up: list[list[Card]] = [[] for _ in range(n)]  # FL-6: which, private
        self.tricks = [0] * n  # FL-7
        self.trick: list[tuple[int, Card]] = []
        self.done_tricks: list[tuple[tuple[tuple[int, Card], ...], int]] = []
        self.voids: list[frozenset[Suit]] = [frozenset()] * n  # suits a seat showed it lacks
        self.decisions: list[str | None] = [None] * n  # FL-10
        self.to_act: int | None = self.in_play.index(True)  # FL-3: the lowest seat yet to choose

    # -- FL-3 Fight card -------------------------------------------------------------------
    def _lay_fight_card(self, action: Action, player: int) -> None:
        hand = self.hands[player]
        card = hand.pop(hand.index(action.cards[0]))  # the deck's own card object
        self.fight[player] = (card,)
        self._record(FIGHT_CARD_LAID, player, player=player, visible_to=_OTHERS[len(self.stacks)][player])
        self._record(FIGHT_CARD, player, card, player=player, action=action, visible_to=_ONLY[player])
        fight, in_play = self.fight, self.in_play
        waiting = [seat for seat in range(len(fight)) if in_play[seat] and not fight[seat]]
        if waiting:
            self.to_act = waiting[0]  # the lowest seat yet to choose
        else:
            self._fight_for_the_lead()

    # -- FL-4 The fight for the lead ---------------------------------------------------------
    def _fight_for_the_lead(self) -> None:
        players = self.turn_order
        fights = [(seat, self.fight[seat][0]) for seat in players]
        winner, turned = fight_winner(fights, self.stock[::-1])  # type: ignore[arg-type]
        shown = [self.stock.pop() for _ in range(turned)]
        self.turned.extend(shown)
        last = shown[-1]
        kind = LEAD_IN_SUIT[last.suit] if any(c.suit is last.suit for _, c in fights) else LEAD_STOCK_OUT
        self.lead = winner
        for seat, card in fights:
            self.fight_cards[seat] = card
        # recorded once the cards are turned up: a table's scene of the lead shows them (brief)
        self._record(kind, players, tuple([c for _, c in fights]), self.dealer, tuple(shown), winner,
                     self.fight[winner][0])
        self._replace_fight_cards()

    # -- FL-5 Replacement ------------------------------------------------------------------
    def _replace_fight_cards(self) -> None:
        players = self.turn_order
        if len(self.stock) >= len(players):
            self._record(NEW_CARDS, self.dealer)
            for seat in players:
                card = self.stock.pop()
                self.hands[seat].append(card)
                self._record(NEW_CARD, seat, card, player=seat, visible_to=_ONLY[seat])
        else:  # a gap of the page, decided here: nobody is left short of four cards
            self.fight_taken_back = True
            self._record(FIGHT_CARDS_BACK, len(self.stock))
            for seat in players:
                self.hands[seat].extend(self.fight[seat])
        self.fight = [()] * len(self.fight)
        self.phase = Phase.EXCHANGE
        self.to_act = players[0]

    # -- FL-6 Exchange ---------------------------------------------------------------------
    def _most_exchange(self, seat: int) -> int:
        """As many cards as the hand, the stock and the seat's chips allow."""
        fee = self.game.exchange_fee  # type: ignore[attr-defined]
        most = min(HAND_SIZE, len(self.stock))
        return most if fee == 0 else min(most, self.stacks[seat] // fee)

    def _exchange(self, action: Action, player: int) -> None:
        fee = self.game.exchange_fee  # type: ignore[attr-defined]
        k = len(action.cards)
        hand = self.hands[player]
        self.given_up[player].extend(hand.pop(hand.index(card)) for card in action.cards)
        drawn = [self.stock.pop() for _ in range(k)]
        hand.extend(drawn)
        self.stacks[player] -= fee * k
        self.pot += fee * k
        self.exchanged[player] = k
        if k:
            self._record(EXCHANGE, player, k, fee * k, self.pot, player=player)
            self._record(EXCHANGED, player, action.cards, tuple(drawn), player=player, action=action,
                         visible_to=_ONLY[player])
        else:
            self._record(KEEP, player, player=player, action=action)
        players = self.turn_order
        i = players.index(player) + 1
        if i < len(players):
            self.to_act = players[i]
        else:
            self.phase = Phase.PLAY
            self.to_act = self.lead

    # -- FL-7 Tricks -----------------------------------------------------------------------
    def _follow(self, hand: Sequence[Card]) -> Sequence[Card]:
        """The cards of ``hand`` that may be played: those of the suit led, if any."""
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit is led]
            if follow:
                return follow
        return hand

    def _play(self, action: Action, player: int) -> None:
        hand, trick = self.hands[player], self.trick
        card = hand.pop(hand.index(action.cards[0]))
        if trick:
            led = trick[0][1].suit
            if card.suit is not led:
                self.voids[player] |= {led}
        trick.append((player, card))
        self._record(PLAY if len(trick) > 1 else LEAD, player, card, player=player, action=action)
        in_play = self.in_play
        if len(trick) == in_play.count(True):
            self._end_trick()
        else:  # the next seat clockwise in this game
            n = len(in_play)
            seat = (player + 1) % n
            while not in_play[seat]:
                seat = (seat + 1) % n
            self.to_act = seat

    def _end_trick(self) -> None:
        winner = trick_winner(self.trick)
        self.tricks[winner] += 1
        self.done_tricks.append((tuple(self.trick), winner))
        self._record(TRICK, winner, len(self.done_tricks), dict(self.trick)[winner])
        self.trick = []
        self.to_act = winner  # he leads the next
        if len(self.done_tricks) == TRICKS:
            self._payout()

    # -- FL-8 Payout -----------------------------------------------------------------------
    def _payout(self) -> None:
        pot = self.pot
        paid, rest = payout(pot, self.tricks)
        for seat, chips in enumerate(paid):
            self.stacks[seat] += chips
        self.pot = rest
        tricks = self.tricks
        takers = tuple([s for s in self.turn_order if tricks[s]])
        self._record(PAYOUT, pot, pot // TRICKS, takers, tuple([paid[s] for s in takers]),
                     tuple([tricks[s] for s in takers]), rest)
        self._name_losers(pot)
        self.round_index += 1
        self.to_act = None
        self._before_next_game()

    # -- FL-9 The loser's stake ------------------------------------------------------------
    def _name_losers(self, pot: int) -> None:
        """Who took no trick owes the whole pot to play on (paid in :meth:`_after_decisions`)."""
        self.last_pot = pot
        self.losers = [s for s in self.turn_order if self.tricks[s] == 0]
        for seat in self.losers:
            self._record(LOSER, seat, pot)

    # -- FL-10 Leaving ---------------------------------------------------------------------
    def _before_next_game(self) -> None:
        """The session ends after its last game; a loser who cannot pay leaves; the others decide."""
        game: FightForTheLead = self.game  # type: ignore[assignment]
        if self.round_index >= game.games:
            self._end_session(SESSION_OVER, SESSION_OVER_SHARED, game.games)
            return
        for seat in self.losers:
            if self.stacks[seat] < self.last_pot:  # type: ignore[operator]
                self.in_session[seat] = False
                self._record(CANNOT_PAY, seat, self.last_pot)
        deciders = [s for s in self.turn_order if self.in_session[s]]
        if len(deciders) < 2:
            self._end_session(TOO_FEW_LEFT, TOO_FEW_LEFT_SHARED)
            return
        self.phase = Phase.DECIDE
        self.deciders = deciders
        self.to_act = deciders[0]

    def _decide(self, action: Action, player: int) -> None:
        self.decisions[player] = action.kind
        if action.kind == "leave":
            self.in_session[player] = False
            self._record(LEAVE_UNPAID if player in self.losers else LEAVE, player, player=player, action=action)
        else:
            self._record(STAY, player, player=player, action=action)
        rest = self.deciders[self.deciders.index(player) + 1 :]
        staying = sum(self.decisions[s] == "stay" for s in self.deciders)
        if rest and staying + len(rest) >= 2:
            self.to_act = rest[0]
        else:
            for seat in rest:  # moot: the session cannot go on
                self.decisions[seat] = None
            self._after_decisions()

    def _after_decisions(self) -> None:
        """The next game starts only with two players or more; then, and only then, the
        losers who stayed pay their stakes (FL-9), or, if none does, everyone antes (FL-1)."""
        game: FightForTheLead = self.game  # type: ignore[assignment]
        stayers = [s for s in self.deciders if self.decisions[s] == "stay"]
        if len(stayers) < 2:
            self._end_session(TOO_FEW_LEFT, TOO_FEW_LEFT_SHARED)
            return
        paying = [s for s in stayers if s in self.losers]
        for seat in paying:
            self.stacks[seat] -= self.last_pot  # type: ignore[operator]
            self.pot += self.last_pot  # type: ignore[operator]
            self._record(STAKE, seat, self.last_pot, self.pot)
        if not paying:  # FL-1: no stake comes in, so every player antes again
            broke = [s for s in stayers if self.stacks[s] < game.ante]
            if len(stayers) - len(broke) < 2:  # no next game: nobody leaves for an ante it would need
                self._end_session(TOO_FEW_CAN_ANTE, TOO_FEW_CAN_ANTE_SHARED)
                return
            for seat in broke:
                stayers.remove(seat)
                self.in_session[seat] = False
                self._record(CANNOT_ANTE, seat)
        n = game.num_players
        self.dealer = next((self.dealer + i) % n for i in range(1, n + 1) if self.in_session[(self.dealer + i) % n])
        self._start_game(ante_due=not paying)

    def _end_session(self, why: EventKind, why_shared: EventKind, *fields: object) -> None:
        """The session ends (``why``, with its ``fields``, or ``why_shared`` if chips were
        left in the pot); chips left in the pot are shared among the players still at the
        table, the indivisible rest a chip each to those nearest the dealer's left."""
        self.phase = Phase.OVER
        self.to_act = None
        n = len(self.stacks)
        if self.pot:
            seats = from_the_left(self.dealer, [s for s in range(n) if self.in_session[s]], n)
            shares = share_left_over(self.pot, seats)
            for seat, chips in zip(seats, shares):
                self.stacks[seat] += chips
            self._record(why_shared, *fields, self.pot, tuple(seats), tuple(shares), _ALL[n], tuple(self.stacks))
            self.pot = 0
        else:
            self._record(why, *fields, _ALL[n], tuple(self.stacks))

    # -- FL-11 Chips are conserved ---------------------------------------------------------
    def chips(self) -> int:
        """All chips of the session: stacks plus pot (FL-11)."""
        return sum(self.stacks) + self.pot

    @property
    def points(self) -> tuple[int, ...]:
        """The stacks (FL-11)."""
        return tuple(self.stacks)

    def returns(self) -> list[float]:
        """Each seat's chips won (+) or lost (-) against its starting stack."""
        start = self.game.stack  # type: ignore[attr-defined]
        return [float(chips - start) for chips in self.stacks]

    @property
    def turn_order(self) -> tuple[int, ...]:
        """The seats in this game, clockwise from the dealer's left (FL-2)."""
        return _clockwise(self.dealer, self.in_play)

    @property
    def game_number(self) -> int:
        """The game being played, or the one just paid out while players decide (from 1)."""
        return self.round_index + (self.phase in _IN_A_GAME)

    # -- who acts, with what: one source of legality ----------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.to_act is None

    def _may_act(self, player: int) -> bool:
        """Who may act, decided here and nowhere else: the seat to act (``to_act``) always
        may; in the fight (FL-3) so may every player of the game who has not laid his fight card."""
        return player == self.to_act or (self.phase is Phase.FIGHT and self.in_play[player] and not self.fight[player])

    def _barred(self, player: int) -> Refusal | None:
        """None if ``player`` may act now (:meth:`_may_act`), else why not."""
        if self._may_act(player):
            return None
        phase, n = self.phase, len(self.stacks)
        if phase is Phase.OVER:
            return SESSION_ENDED(players=n)
        if phase is Phase.FIGHT:
            return (FIGHT_CARD_ALREADY_LAID if self.in_play[player] else NOT_IN_GAME)(player, players=n)
        return _PHASE_FACTS[phase].out_of_turn(self.to_act, player, players=n)  # type: ignore[misc]

    def _legal(self, player: int) -> LegalActions:
        """The legal actions of ``player``: the one answer to "is this legal now" (both
        :meth:`legal_actions` and :meth:`check` ask it)."""
        if not self._may_act(player):
            return NO_ACTIONS
        return self._PHASES[self.phase].legal(self, player)

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """The legal actions of ``player`` (default: the seat to act); empty if he may not act."""
        if player is None:
            player = self.to_act
            if player is None:
                return NO_ACTIONS
        return self._legal(player)

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming the rule unless ``action`` is legal for
        ``player``, that is, in his legal actions (``legal_actions``); the rest of the
        method only says why it is not."""
        if player is None:
            player = self.to_act
        if player is not None and action in self._legal(player):
            return
        phase, n = self.phase, len(self.stacks)
        if phase is Phase.OVER or player is None:
            raise IllegalActionError(SESSION_ENDED(players=n))
        facts = _PHASE_FACTS[phase]
        if action.kind not in _KINDS:
            raise IllegalActionError(UNKNOWN_KIND(repr(action.kind), _KIND_LIST, players=n))
        if action.kind not in facts.kinds:
            raise IllegalActionError(facts.other_kind(players=n))  # type: ignore[misc]
        if action.amount is not None:
            raise IllegalActionError(NO_AMOUNT(players=n))
        barred = self._barred(player)
        if barred is not None:
            raise IllegalActionError(barred)
        self._PHASES[phase].check(self, action, player)
        raise IllegalActionError(NOT_LEGAL(player, players=n, rule=facts.rule))  # not reached

    def _check_one_card(self, action: Action, player: int, one: RefusalKind) -> Card:
        """FL-3, FL-7: why a fight or a play is refused, as far as its one card goes (``one``:
        the refusal of another number of cards, of the phase's rule)."""
        n = len(self.stacks)
        if len(action.cards) != 1:
            raise IllegalActionError(one(len(action.cards), players=n))
        card = action.cards[0]
        if card not in self.hands[player]:
            raise IllegalActionError(NOT_HELD(player, card, players=n, rule=one.rule))
        return card

    def _check_fight(self, action: Action, player: int) -> None:
        self._check_one_card(action, player, FIGHT_ONE)

    def _check_play(self, action: Action, player: int) -> None:
        card = self._check_one_card(action, player, PLAY_ONE)
        if card not in self._follow(self.hands[player]):
            raise IllegalActionError(FOLLOW_SUIT(player, self.trick[0][1], players=len(self.stacks)))

    def _check_exchange(self, action: Action, player: int) -> None:
        cards, n = action.cards, len(self.stacks)
        twice = tuple(card for i, card in enumerate(cards) if card in cards[:i])
        if twice:
            raise IllegalActionError(EXCHANGED_TWICE(twice, players=n))
        for card in cards:
            if card not in self.hands[player]:
                raise IllegalActionError(NOT_HELD(player, card, players=n))
        if len(cards) > len(self.stock):
            raise IllegalActionError(EXCHANGE_STOCK(len(self.stock), len(cards), players=n))
        fee = self.game.exchange_fee  # type: ignore[attr-defined]
        if fee * len(cards) > self.stacks[player]:
            raise IllegalActionError(EXCHANGE_COST(len(cards), fee * len(cards), player, self.stacks[player], players=n))

    def _check_decision(self, action: Action, player: int) -> None:
        if action.cards:
            raise IllegalActionError(DECIDE_NO_CARDS(players=len(self.stacks)))

    def _fight_choices(self, player: int) -> LegalActions:
        return CardActions("fight", self.hands[player])  # FL-3

    def _exchange_choices(self, player: int) -> LegalActions:
        return ExchangeActions(self.hands[player], self._most_exchange(player))  # FL-6

    def _play_choices(self, player: int) -> LegalActions:
        return CardActions("play", self._follow(self.hands[player]))  # FL-7

    def _decide_choices(self, player: int) -> LegalActions:
        return _DECIDE  # FL-10

    def _apply(self, action: Action, player: int) -> None:
        self._PHASES[self.phase].play(self, action, player)

    #: Each phase's rules: the legal actions of a seat (the one source of legality), the
    #: words of a refusal (said only for an action that is not among them) and the doing.
    _PHASES: ClassVar[dict[Phase, PhaseRules]] = {
        Phase.FIGHT: PhaseRules(_fight_choices, _check_fight, _lay_fight_card),
        Phase.EXCHANGE: PhaseRules(_exchange_choices, _check_exchange, _exchange),
        Phase.PLAY: PhaseRules(_play_choices, _check_play, _play),
        Phase.DECIDE: PhaseRules(_decide_choices, _check_decision, _decide),
    }

    # -- what each seat may see ----------------------------------------------------------
    def zones(self) -> tuple[Zone, ...]:
        """Every card where it really is: each seat's hand, fight card (FL-3) and the cards
        it gave up in the exchange (its discard, FL-6); the stock, the turned stock cards
        (FL-4), the fight cards in the discard (FL-5), the trick in play with who laid
        each card, and the tricks each seat has won (FL-7).

        >>> [(zone.kind, zone.owner) for zone in FightForTheLead(players=2).new_state(seed=3).zones()][:3]
        [('hand', 0), ('fight', 0), ('discard', 0)]
        """
        places = []
        seats = range(len(self.stacks))
        for seat in seats:
            places += [Zone("hand", seat, None, tuple(self.hands[seat])),
                       Zone("fight", seat, None, tuple(self.fight[seat])),
                       Zone("discard", seat, None, tuple(self.given_up[seat]))]
        fought = () if self.fight_taken_back else tuple([c for c in self.fight_cards if c is not None])
        places += [Zone("stock", None, None, tuple(self.stock)), Zone("turned", None, None, tuple(self.turned)),
                   Zone("discard", None, None, fought),
                   Zone("trick", None, None, tuple([c for _, c in self.trick]), tuple([s for s, _ in self.trick]))]
        won: list[list[Card]] = [[] for _ in seats]
        for plays, winner in self.done_tricks:
            won[winner] += [c for _, c in plays]
        return (*places, *(Zone("tricks", seat, None, tuple(won[seat])) for seat in seats))

    def observation(self, player: int) -> FightForTheLeadObservation:
        n = len(self.stacks)
        revealed = self.lead is not None
        fight_cards = tuple(self.fight_cards) if revealed else tuple(
            [self.fight[player][0] if s == player and self.fight[player] else None for s in range(n)])
        hand = tuple(sorted(self.hands[player], key=_hand_key))
        hand_sizes = tuple(map(len, self.hands))
        fight_chosen = tuple(map(bool, self.fight))
        turned, trick, done_tricks = tuple(self.turned), tuple(self.trick), tuple(self.done_tricks)
        exchanged, own_discards = tuple(self.exchanged), tuple(self.given_up[player])
        in_play = tuple(self.in_play)
        # FL-5: once replaced, the fight cards lie in the discard face down (taken back: in the hands)
        fight_down = 0 if not revealed or self.fight_taken_back or any(fight_chosen) else (
            n - fight_cards.count(None))
        table = Zones(table_zones, player, hand, hand_sizes, fight_cards, fight_chosen, len(self.stock), turned, trick,
                      fight_down, own_discards, exchanged, in_play, self.dealer, done_tricks)
        return frozen(
            FightForTheLeadObservation,
            game=self.game,
            player=player,
            current_player=self.to_act,
            hand=hand,
            legal_actions=self.legal_actions(player),
            zones=table,
            points=tuple(self.stacks),
            pot=self.pot,
            log=self.log_for(player),
            events=self.events_for(player),
            is_terminal=self.phase is Phase.OVER,
            phase=self.phase,
            dealer=self.dealer,
            in_session=tuple(self.in_session),
            in_play=in_play,
            tricks=tuple(self.tricks),
            hand_sizes=hand_sizes,
            fight_chosen=fight_chosen,
            fight_cards=fight_cards,
            fight_taken_back=self.fight_taken_back,
            turned=turned,
            lead=self.lead,
            exchanged=exchanged,
            own_discards=own_discards,
            stock_size=len(self.stock),
            trick=trick,
            done_tricks=done_tricks,
            voids=tuple(self.voids),
            last_pot=self.last_pot,
            losers=tuple(self.losers),
            decisions=tuple(self.decisions),
            game_number=self.game_number,
            fee=self.game.exchange_fee,  # type: ignore[attr-defined]
        )


FightForTheLead.state_class = FightForTheLeadState


# -- sampling what an observer does not see (for search: cardlab.engine, FIELDS) -----------
def _own(obs: FightForTheLeadObservation, mine: object, theirs: object) -> list:
    """A per-seat field as the observer knows it: his own entry, ``theirs`` for the others
    (the engine leaves them to :func:`_deal_unseen`)."""
    return [mine if seat == obs.player else theirs for seat in range(len(obs.points))]


def _own_fight(obs: FightForTheLeadObservation) -> tuple[Card, ...]:
    """The observer's own face-down fight card, if he has laid one (FL-3)."""
    card = obs.fight_cards[obs.player] if obs.lead is None else None
    return () if card is None else (card,)


def _turned_up(obs: FightForTheLeadObservation) -> list[Card | None]:
    """The fight cards turned up (FL-4); before that, none (not even his own face-down one)."""
    return list(obs.fight_cards) if obs.lead is not None else [None] * len(obs.points)


def _deciders(obs: FightForTheLeadObservation) -> list[int]:
    """Who decides to stay or leave (FL-10): the players of the game still at the table
    or who have just left."""
    if obs.phase is not Phase.DECIDE:
        return []
    return [s for s in _clockwise(obs.dealer, obs.in_play) if obs.in_session[s] or obs.decisions[s] == "leave"]


def _deal_unseen(state: FightForTheLeadState, obs: FightForTheLeadObservation) -> list[frozenset[Suit]]:
    """Deal the cards the observer has not seen (the engine put them, shuffled, in the
    stock) to the places he cannot see: first the other hands, seats with the most
    known voids first, each kept off the suits it has shown it lacks where possible
    (FL-7); then, seat by seat from the stock's far end, face-down fight cards (FL-3) and
    given-up cards (FL-6). The rest stays the stock. Returns the voids, as observed.

    When the fight cards went back to their owners (FL-5), a seat that then exchanged
    nothing still holds his; the others' may be anywhere unseen.
    """
    pool, me = state.stock, obs.player
    sizes = list(obs.hand_sizes)
    if obs.fight_taken_back:
        for seat in _clockwise(obs.dealer, obs.in_play):
            card = obs.fight_cards[seat]
            if seat != me and card is not None and not obs.exchanged[seat]:
                state.hands[seat].append(card)
                sizes[seat] -= 1
            elif seat != me and card is not None:
                pool.append(card)  # exchanged away or kept: unknown to the observer
    others = sorted((s for s in range(len(sizes)) if s != me and sizes[s]), key=lambda s: -len(obs.voids[s]))
    for seat in others:
        void = obs.voids[seat]
        take = [c for c in pool if c.suit not in void][: sizes[seat]]
        if len(take) < sizes[seat]:
            take = pool[: sizes[seat]]
        for card in take:
            pool.remove(card)
        state.hands[seat].extend(take)
    for seat in range(len(sizes)):
        if seat != me and obs.fight_chosen[seat]:
            state.fight[seat] = (pool.pop(),)
        if seat != me:
            state.given_up[seat] = [pool.pop() for _ in range(obs.exchanged[seat] or 0)]
    if len(pool) != obs.stock_size:
        raise ValueError("the observation's card counts do not add up to the deck")
    return list(obs.voids)


# -- helpers: seats, words, the one-card actions, a cheap uniform draw ---------------------
_OTHERS = {n: [frozenset(range(n)) - {seat} for seat in range(n)] for n in range(2, 6)}  # who sees a face-down card laid
_ONLY = [frozenset((seat,)) for seat in range(5)]  # who sees a private event
_ALL = {n: tuple(range(n)) for n in range(2, 6)}  # every seat, for the final stacks (FL-10)
_FIGHTS = {card: Action("fight", (card,)) for card in deck(52)}  # FL-3: the 52 fights and
_PLAYS = {card: Action("play", (card,)) for card in deck(52)}  # FL-7: the 52 plays, made once


def _hand_key(card: Card) -> int:
    """Hands are shown grouped by suit, low to high (as a player holds them)."""
    return card.code % 4 * 13 + card.code // 4  # the code is 4 * rank + suit



# -- what the layers above need to know (cardlab.games.spec) --------------------------------
def adapter_bounds(game: FightForTheLead) -> tuple[float, float, int]:
    """A seat loses at most its stack and wins at most the others'; a game has for each
    seat a decision, a fight card, at most five exchange clicks and four tricks (FL-3 ..
    FL-10), and one deal of one chance node per card. A session without an end (``games``
    None, FL-11) has no bound and is refused."""
    if game.games is None:
        raise ValueError("an OpenSpiel game needs a session of known length: give games"
                         " (a session played until one player is left has no bound)")
    d, n = len(set(game.full_deck)), game.num_players
    per_game = n * (1 + 1 + 5 + 4) + d
    return -float(game.stack), float((n - 1) * game.stack), 1 + game.games * per_game


def exchange_cost(obs: FightForTheLeadObservation, action: Action) -> int:
    """FL-6: the chips an exchange of ``action.cards`` costs, the fee per card.

    >>> obs = FightForTheLead(players=2).new_state(seed=3).observation(1)
    >>> exchange_cost(obs, Action("exchange", obs.hand[:2])), exchange_cost(obs, Action("exchange"))
    (8, 0)
    """
    return obs.fee * len(action.cards)


def stake_cost(obs: FightForTheLeadObservation, action: Action) -> int:
    """FL-9: what playing on costs the observer if they lost the last game (its whole pot);
    0 for a player who took a trick (an ante may still be due, FL-1, if no loser plays on)."""
    return (obs.last_pot or 0) if obs.player in obs.losers else 0


def how_to_figures(game: FightForTheLead) -> dict[str, Figure]:
    """The figures of the how-to (:mod:`cardlab.words.fight_for_the_lead`), from the rules'
    figures and the settings.

    >>> how_to_figures(FightForTheLead(ante=1))["fee"]
    Amount(n=1, unit='chips')
    """
    return {
        "session": Amount(game.games, "games"),  # FL-10
        "ante": Amount(game.ante, "chips"),  # FL-1
        "fee": Amount(game.exchange_fee, "chips"),  # FL-6
        "hand": Amount(HAND_SIZE, "cards"),  # FL-2
        "tricks": Amount(TRICKS, "tricks"),  # FL-7
    }


SPEC = GameSpec(
    name="fight_for_the_lead",
    players=(2, 5),
    actions=(
        ActionSpec("fight", "FL-3", Takes.ONE),
        ActionSpec("play", "FL-7", Takes.ONE),
        ActionSpec("exchange", "FL-6", Takes.CHOSEN, cost=exchange_cost),  # none chosen: keep all
        ActionSpec("stay", "FL-10", cost=stake_cost),
        ActionSpec("leave", "FL-10"),
    ),
    unit="chips",
    bounds=adapter_bounds,
    adapter_settings=MappingProxyType({"players": 2, "games": 1}),
    figures=how_to_figures,
    round_unit="game",  # FL-8, FL-9: each game's pot is paid out
)

ENTRY = register(GameEntry("Fight for the Lead", FightForTheLead, SPEC,
                           rule_bot="cardlab.bots.fight_for_the_lead:RuleOfThumb",
                           table="cardlab.widgets.fight_for_the_lead:FightForTheLeadTable",
                           drills="cardlab.drills.fight_for_the_lead:MAKERS",
                           runs="cardlab.analysis.fight_for_the_lead:RUNS"))
