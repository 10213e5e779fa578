"""Three Tricks: a fifth game of the tests' own, in its own three files (issue 35).

Its rules (this module: settings, state, spec, kinds of event and refusal, registration),
its words (``tests/three_tricks_words.py``) and its bot (``tests/three_tricks_bot.py``) are
all there is: nothing in ``cardlab`` names it, and ``tests/test_fifth_game.py`` plays it at a
table, in a room, in the OpenSpiel and PettingZoo adapters and with the coach. Importing
this module registers it (:func:`cardlab.games.register`); :func:`forget` takes it out
again with everything it brought, so no other test sees it.

The rules (book TT):

- TT-1 Deal: a 20-card deck (ten to ace); the dealer deals three cards to each player,
  face down, one at a time from the dealer's left; the rest stay face down in the stock.
- TT-2 Lead: the player at the dealer's left leads the first trick; the winner of a trick
  leads the next.
- TT-3 Follow suit: in turn, each player plays one card; who holds a card of the suit led
  must play one.
- TT-4 Trick: the highest card of the suit led wins the trick and one point.
- TT-5 End: after three tricks the deal ends and the next player deals; after ``deals``
  deals the most points wins.

>>> state = ThreeTricks(players=3).new_state(seed=1, dealer=0)
>>> state.current_player, len(state.hands[1]), len(state.stock)
(1, 3, 11)
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from typing import ClassVar

import tests.three_tricks_words  # noqa: F401  (its words, registered with it)
from cardlab import rules
from cardlab.cards import Card
from cardlab.engine import (GAME_OVER, HIDDEN, NO_ACTIONS, NOT_YOUR_TURN, Action, ActionList, Copy, Field, Game,
                            GameState, IllegalActionError, Observation, Seen, Zone, whole_setting)
from cardlab.games import GameEntry, register, unregister
from cardlab.games.spec import ActionSpec, GameSpec, Takes
from cardlab.records import AMOUNTS, CARD, COUNT, NUMBER, SEAT, SEATS, TEXT, EventKind, RefusalKind
from cardlab.words.howto import Amount

NAME = "three_tricks"
BOOK = "TT"
HAND = 3  # TT-1
DECK = 20  # TT-1

RULES = rules.add_book(BOOK, "Three Tricks", "tests/three_tricks.py", [
    ("Deal", "a 20-card deck; three cards to each player face down, the rest in the stock."),
    ("Lead", "the player at the dealer's left leads the first trick; the winner of a trick leads the next."),
    ("Follow suit", "each player in turn plays one card, of the suit led if they hold one."),
    ("Trick", "the highest card of the suit led wins the trick and one point."),
    ("End", "after three tricks the next player deals; after the last deal the most points wins."),
])

# -- what the history records (its words: tests/three_tricks_words.py) ---------------------------
_kind = functools.partial(EventKind, NAME)
NEW_DEAL = _kind("new_deal", "TT-1", number=NUMBER, dealer=SEAT)
DEALT = _kind("dealt", "TT-1", seat=SEAT, card=CARD)  # one event a card: the hand is private
PLAY = _kind("play", "TT-3", seat=SEAT, card=CARD)
TRICK = _kind("trick", "TT-4", brief=True, winner=SEAT, number=NUMBER, card=CARD)
DEAL_OVER = _kind("deal_over", "TT-5", result=True, number=NUMBER, seats=SEATS, points=AMOUNTS)
GAME_WON = _kind("game_won", "TT-5", result=True, winners=SEATS, seats=SEATS, points=AMOUNTS)

# -- what it refuses, and why (its words: tests/three_tricks_words.py) ---------------------------
_refusal_kind = functools.partial(RefusalKind, NAME)
UNKNOWN_KIND = _refusal_kind("unknown_kind", "EN-3", kind=TEXT)
PLAY_ONE = _refusal_kind("play_one", "TT-3", selected=COUNT)
NOT_HELD = _refusal_kind("not_held", "TT-3", seat=SEAT, card=CARD)
FOLLOW_SUIT = _refusal_kind("follow_suit", "TT-3", seat=SEAT, led=CARD)


class Phase(enum.Enum):
    PLAY = "play"  # TT-3
    OVER = "over"  # TT-5


@dataclass(frozen=True)
class ThreeTricks(Game):
    """The settings: 2 to 4 players (TT-1) and the number of deals (TT-5).

    >>> ThreeTricks(players=5)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: TT-1: players must be a whole number 2..4, got 5
    """

    name: ClassVar[str] = NAME
    deck_cards: ClassVar[int] = DECK
    players: int = 2
    deals: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", whole_setting("players", self.players, 2, 4, rule="TT-1"))
        object.__setattr__(self, "deals", whole_setting("deals", self.deals, 1, rule="TT-5"))


@dataclass(frozen=True)
class ThreeTricksObservation(Observation):
    """What one seat may know: its hand, the trick in play with who laid each card, the
    cards of the tricks played this deal, how many cards each hand and the stock hold."""

    trick_cards: tuple[Card, ...] = ()
    trick_seats: tuple[int, ...] = ()
    played: tuple[Card, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    stock_size: int = 0
    dealer: int = 0
    deal_number: int = 1
    trick_number: int = 1
    round_index: int = 0
    phase: Phase = Phase.PLAY


class ThreeTricksState(GameState):
    """A game of Three Tricks in progress (TT-1 .. TT-5)."""

    game: ThreeTricks
    FIELDS = (
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.hand) if p == obs.player else [HIDDEN] * obs.hand_sizes[p]
                                    for p in range(len(obs.hand_sizes))]),
        Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.stock_size),
        Field("trick_cards", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("trick_seats", Copy.LIST),
        Field("played", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("scores", observed="points"),
        Field("dealer"),
        Field("deal_number"),
        Field("trick_number"),
        Field("phase"),
        Field("to_act", observed="current_player"),
    )

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def points(self) -> tuple[int, ...]:
        return self.scores

    def returns(self) -> list[float]:
        """Each seat's points less the mean (TT-5): the game is zero-sum."""
        mean = sum(self.scores) / len(self.scores)
        return [float(points - mean) for points in self.scores]

    # -- TT-1 Deal ------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.game.num_players
        self.scores = (0,) * n
        self.deal_number = 0
        self.dealer = self._choose_dealer()
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.played: list[Card] = []
        self._deal()

    def _deal(self) -> None:
        n = self.game.num_players
        cards = self._new_deck()
        self.deal_number += 1
        self._record(NEW_DEAL, self.deal_number, self.dealer)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        self.hands = [[] for _ in range(n)]
        for i in range(HAND * n):
            seat = order[i % n]
            self.hands[seat].append(cards[i])
            self._record(DEALT, seat, cards[i], visible_to=frozenset({seat}))
        self.stock = cards[HAND * n:]
        self.played, self.trick_cards, self.trick_seats = [], [], []
        self.trick_number, self.phase = 1, Phase.PLAY
        self.to_act: int | None = order[0]  # TT-2

    # -- TT-3 Follow suit ------------------------------------------------------------------------
    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick_cards:
            led = self.trick_cards[0].suit
            follow = [card for card in hand if card.suit is led]
            if follow:
                return follow
        return list(hand)

    def legal_actions(self, player: int | None = None) -> ActionList:
        seat = self.to_act
        if seat is None or (player is not None and player != seat):
            return NO_ACTIONS
        return ActionList(Action("play", (card,)) for card in self._playable(seat))

    def check(self, action: Action, player: int | None = None) -> None:
        seat = self.to_act
        n = self.game.num_players
        if seat is None:
            raise IllegalActionError(GAME_OVER(players=n))
        if player is not None and player != seat:
            raise IllegalActionError(NOT_YOUR_TURN(seat, player, players=n))
        if action.kind != "play" or action.amount is not None:
            raise IllegalActionError(UNKNOWN_KIND(str(action), players=n))
        if len(action.cards) != 1:
            raise IllegalActionError(PLAY_ONE(len(action.cards), players=n))
        card = action.cards[0]
        if card not in self.hands[seat]:
            raise IllegalActionError(NOT_HELD(seat, card, players=n))
        if card not in self._playable(seat):
            raise IllegalActionError(FOLLOW_SUIT(seat, self.trick_cards[0], players=n))

    def _apply(self, action: Action, player: int) -> None:
        card = action.cards[0]
        self.hands[player].remove(card)
        self.trick_cards.append(card)
        self.trick_seats.append(player)
        self._record(PLAY, player, card, player=player, action=action)
        n = self.game.num_players
        if len(self.trick_cards) < n:
            self.to_act = (player + 1) % n
            return
        self._end_trick()

    # -- TT-4 Trick ------------------------------------------------------------------------------
    def _end_trick(self) -> None:
        led = self.trick_cards[0].suit
        best = max((card for card in self.trick_cards if card.suit is led), key=lambda card: card.rank.number)
        winner = self.trick_seats[self.trick_cards.index(best)]
        scores = list(self.scores)
        scores[winner] += 1
        self.scores = tuple(scores)
        self._record(TRICK, winner, self.trick_number, best, player=winner)
        self.played.extend(self.trick_cards)
        self.trick_cards, self.trick_seats = [], []
        self.trick_number += 1
        self.to_act = winner  # TT-2
        if self.trick_number > HAND:
            self._end_deal()

    # -- TT-5 End --------------------------------------------------------------------------------
    def _end_deal(self) -> None:
        n = self.game.num_players
        self.round_index += 1
        self._record(DEAL_OVER, self.deal_number, tuple(range(n)), self.scores)
        if self.deal_number >= self.game.deals:
            top = max(self.scores)
            self._record(GAME_WON, tuple(p for p in range(n) if self.scores[p] == top), tuple(range(n)), self.scores)
            self.to_act, self.phase = None, Phase.OVER
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    # -- what each seat sees ---------------------------------------------------------------------
    def observation(self, player: int) -> ThreeTricksObservation:
        n = self.game.num_players
        sizes = tuple(len(hand) for hand in self.hands)
        hand = tuple(self.hands[player])
        trick_cards, trick_seats = tuple(self.trick_cards), tuple(self.trick_seats)
        zones = (*(Zone("hand", p, cards=hand if p == player else (None,) * sizes[p]) for p in range(n)),
                 Zone("trick", cards=trick_cards, players=trick_seats), Zone("discard", cards=tuple(self.played)),
                 Zone("stock", cards=(None,) * len(self.stock)))
        return ThreeTricksObservation(
            game=self.game, player=player, current_player=self.to_act, hand=hand,
            legal_actions=self.legal_actions(player), zones=zones, points=self.scores,
            log=self.log_for(player), events=self.events_for(player), is_terminal=self.to_act is None,
            trick_cards=trick_cards, trick_seats=trick_seats, played=tuple(self.played), hand_sizes=sizes,
            stock_size=len(self.stock), dealer=self.dealer, deal_number=self.deal_number,
            trick_number=self.trick_number, round_index=self.round_index, phase=self.phase)

    def zones(self) -> tuple[Zone, ...]:
        n = self.game.num_players
        return (*(Zone("hand", p, cards=tuple(self.hands[p])) for p in range(n)),
                Zone("trick", cards=tuple(self.trick_cards), players=tuple(self.trick_seats)),
                Zone("discard", cards=tuple(self.played)), Zone("stock", cards=tuple(self.stock)))


ThreeTricks.state_class = ThreeTricksState


def adapter_bounds(game: ThreeTricks) -> tuple[float, float, int]:
    """The adapters pay a seat its points less the others' mean: at most every trick, at
    least minus the others' share of them all; a deal is a chance node per card and one
    click per card played (TT-1, TT-3)."""
    n, tricks = game.num_players, HAND * game.deals
    return -tricks / (n - 1), float(tricks), 1 + game.deals * (DECK + HAND * n)


SPEC = GameSpec(
    name=NAME,
    players=(2, 4),
    actions=(ActionSpec("play", "TT-3", Takes.ONE),),
    unit="points",
    bounds=adapter_bounds,
    figures=lambda game: {"hand": Amount(HAND, "cards"), "deals": game.deals},
    round_unit="round",
)

ENTRY = GameEntry("Three Tricks", ThreeTricks, SPEC, rule_bot="tests.three_tricks_bot:HighestFirst")


def forget() -> None:
    """Take the game out of cardlab again, with its kinds, its words and its book of rules
    (a test's game leaves no trace)."""
    unregister(NAME, forget=True)
    rules.remove_book(BOOK)


register(ENTRY)

