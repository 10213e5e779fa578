"""Kontrabluff: two players build poker hands on the table one card at a time (KB-1 .. KB-12).

The rules are ``docs/rules/kontrabluff.md``; this module reads like them: the
settings and the observation, then the state's rules section by section in rule-id
order (KB-1 deal .. KB-12 end of the match), then the helpers the rules use (the
legal-action view, hand values, words). Every docstring, error and log line cites its
rule ids.

>>> from cardlab import Action
>>> game = Kontrabluff(target=300)
>>> state = game.new_state(seed=7, dealer=0)
>>> state.current_player, state.phase            # KB-2: the non-dealer leads the first round
(1, <Phase.LEAD: 'lead'>)
>>> sorted(state.legal_actions().kinds())
['lay', 'low']
>>> card = state.hands[1][0]
>>> state.apply(Action("lay", [card]))         # KB-3: North leads a normal round
>>> state.apply(Action("pass"))                # KB-4: South passes at once
>>> state.scores                               # KB-5: one card on the table pays 1
(0, 1)
>>> print(state.log_for(0)[-2])
KB-5: North wins 1 point, 1 card on the table

Every later round of the deal starts with the dealer's choice (KB-2): South, who lost
and refilled the hands (KB-9), plays low or hands over.

>>> state.current_player, sorted(state.legal_actions().kinds())
(0, ['hand_over', 'low'])
>>> state.apply(Action("hand_over"))
>>> state.current_player, sorted(state.legal_actions().kinds())
(1, ['lay', 'low'])
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

import cardlab.words.kontrabluff  # noqa: F401  (the game's words, registered with it)
from cardlab.cards import Card
from cardlab.games.registry import GameEntry, register
from cardlab.games.spec import ActionSpec, GameSpec, Takes
from cardlab.engine import (
    HIDDEN,
    NO_ACTIONS,
    Action,
    CardOffer,
    Copy,
    Field,
    Game,
    GameState,
    NOT_LEGAL,
    NOT_YOUR_TURN,
    IllegalActionError,
    LegalActions,
    Observation,
    PhaseRules,
    Seen,
    Zone,
    frozen,
    whole_setting,
)
from cardlab.hands import HandRules, HandValue, evaluate
from cardlab.records import CARD, CARDS, COUNT, HAND, NUMBER, POINTS, SEAT, TEXT, EventKind, Refusal, RefusalKind
from cardlab.words.howto import Amount, Figure, Numbers

__all__ = [
    "KIND_RULES",
    "Phase",
    "TRIANGLE",
    "LOW_SEEN_POINTS",
    "LOW_PASSED_POINTS",
    "Kontrabluff",
    "KontrabluffObservation",
    "KontrabluffState",
    "KontrabluffActions",
    "triangle",
    "hand_value",
]

# -- the rules in figures ---------------------------------------------------------------

HAND_SIZE = 10  # KB-1, KB-9
ROW_SIZE = 5  # KB-3
LOW_SIZE = 5  # KB-6
MIN_HAND = 5  # KB-11
LOW_SEEN_POINTS = 55  # KB-6
LOW_PASSED_POINTS = 15  # KB-6

#: The rule that governs each kind of action (errors name it).
KIND_RULES: dict[str, str] = {
    "low": "KB-6",
    "hand_over": "KB-2",
    "lay": "KB-3",
    "pass": "KB-4",
    "see": "KB-6",
}


# -- what the history records (the words for each: cardlab/words/kontrabluff.py) --------------
_kind = functools.partial(EventKind, "kontrabluff")
FIRST_DEALER = _kind("first_dealer", "KB-1", dealer=SEAT)
NEW_DEAL = _kind("new_deal", "KB-1", number=NUMBER, dealer=SEAT, cards=COUNT, talon=COUNT)
DEALT = _kind("dealt", "KB-1", seat=SEAT, cards=CARDS)
FIRST_LEAD = _kind("first_lead", "KB-2", seat=SEAT)
HAND_OVER = _kind("hand_over", "KB-2", seat=SEAT, other=SEAT)
LAY = _kind("lay", "KB-3", seat=SEAT, card=CARD)
PASS = _kind("pass", "KB-4", seat=SEAT)
PLAY_LOW = _kind("play_low", "KB-6", seat=SEAT, cards=COUNT)
PASS_LOW = _kind("pass_low", "KB-6", seat=SEAT, cards=COUNT)
SEE = _kind("see", "KB-6", seat=SEAT, cards=CARDS)
#: The round's score (KB-5, KB-6): a table stops on each until it is read.
WON_BY_PASS = _kind("won_by_pass", "KB-5", result=True, winner=SEAT, points=POINTS, cards=COUNT)
WON_AT_SHOWDOWN = _kind("won_at_showdown", "KB-5", result=True, winner=SEAT, points=POINTS, hand=HAND, against=HAND)
WON_AT_SHOWDOWN_TIE = _kind("won_at_showdown_tie", "KB-5", result=True, winner=SEAT, points=POINTS, hand=HAND,
                            against=HAND)
LOW_PASSED = _kind("low_passed", "KB-6", result=True, winner=SEAT, points=POINTS)
LOW_WON_BY_LEADER = _kind("low_won_by_leader", "KB-6", result=True, winner=SEAT, points=POINTS, cards=CARDS)
LOW_WON_BY_LEADER_TIE = _kind("low_won_by_leader_tie", "KB-6", result=True, winner=SEAT, points=POINTS, cards=CARDS)
LOW_WON_BY_SEER = _kind("low_won_by_seer", "KB-6", result=True, winner=SEAT, points=POINTS, leader=SEAT)
TALON_EMPTY = _kind("talon_empty", "KB-10")
REFILL = _kind("refill", "KB-9", dealer=SEAT, winner_cards=COUNT, winner=SEAT, loser_cards=COUNT, loser=SEAT,
               talon=COUNT)
REFILLED = _kind("refilled", "KB-9", seat=SEAT, cards=CARDS)
DEAL_ENDS = _kind("deal_ends", "KB-11", seat=SEAT, cards=COUNT)
MATCH_WON = _kind("match_won", "KB-12", result=True, winner=SEAT, points=POINTS)

# -- what it refuses, and why (the words for each: cardlab/words/kontrabluff.py) --------------
_refusal_kind = functools.partial(RefusalKind, "kontrabluff")
MATCH_OVER = _refusal_kind("match_over", "EN-2")
UNKNOWN_KIND = _refusal_kind("unknown_kind", "EN-3", kind=TEXT, kinds=TEXT)
NO_AMOUNT = _refusal_kind("no_amount", "EN-3")
#: An action of a kind its phase does not offer (KB-2, KB-3, KB-4, KB-6).
DEALER_MAY_NOT_PASS = _refusal_kind("dealer_pass", "KB-4")
DEALER_CHOOSES = _refusal_kind("dealer_choice", "KB-2")
LEADER_MAY_NOT_PASS = _refusal_kind("leader_pass", "KB-4")
NOTHING_TO_HAND_OVER = _refusal_kind("first_round_hand_over", "KB-2")
LEADER_CHOOSES = _refusal_kind("leader_choice", "KB-2")
NORMAL_ROUND = _refusal_kind("normal_round", "KB-3")
LOW_ROUND = _refusal_kind("low_round", "KB-6")
#: The wrong number of cards for an action on offer (``selected``: how many it names).
PASS_TAKES_NO_CARDS = _refusal_kind("pass_no_cards", "KB-4", selected=COUNT)
HAND_OVER_TAKES_NO_CARDS = _refusal_kind("hand_over_no_cards", "KB-2", selected=COUNT)
LAY_ONE = _refusal_kind("lay_one", "KB-3", selected=COUNT)
LOW_CARDS = _refusal_kind("low_cards", "KB-6", need=COUNT, selected=COUNT)
SEE_CARDS = _refusal_kind("see_cards", "KB-6", need=COUNT, selected=COUNT)
PASS_LOW_CARDS = _refusal_kind("pass_low_cards", "KB-6", need=COUNT, selected=COUNT)
#: Cards that cannot be played: named twice, or not in the hand (the action's own rule).
NAMED_TWICE = _refusal_kind("named_twice", "KB-3", cards=CARDS)
NOT_HELD = _refusal_kind("not_held", "KB-3", seat=SEAT, cards=CARDS)


def triangle(cards: int) -> int:
    """The points of a normal round with ``cards`` on the table (KB-5): 1, 3, 6, ... 55.

    >>> [triangle(n) for n in range(1, 11)]
    [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    """
    return cards * (cards + 1) // 2


#: KB-5's table: points by the number of cards on the table.
TRIANGLE: dict[int, int] = {n: triangle(n) for n in range(1, 11)}


class Phase(enum.Enum):
    """Where a round stands; it decides which actions are on offer."""

    CHOOSE = "choose"  # KB-2: in a later round of the deal the dealer plays low or hands over
    LEAD = "lead"  # KB-2: the leader (the non-dealer in a deal's first round) lays a card or plays low
    NORMAL = "normal"  # KB-3, KB-4: lay a card or pass
    LOW = "low"  # KB-6: the other sees or passes
    OVER = "over"  # KB-12: the match is won

    # Members are singletons: hash by identity (Enum's own hash is a Python call per
    # lookup of the phase tables below).
    __hash__ = object.__hash__


#: What each phase offers: (kind, number of cards from the hand), in the order listed.
OFFERS: dict[Phase, tuple[tuple[str, int], ...]] = {
    Phase.CHOOSE: (("low", LOW_SIZE), ("hand_over", 0)),  # KB-2
    Phase.LEAD: (("lay", 1), ("low", LOW_SIZE)),  # KB-2, KB-3, KB-6
    Phase.NORMAL: (("lay", 1), ("pass", 0)),  # KB-3, KB-4
    Phase.LOW: (("see", LOW_SIZE), ("pass", LOW_SIZE)),  # KB-6
    Phase.OVER: (),  # KB-12
}
_OFFER_DICTS = {phase: dict(offers) for phase, offers in OFFERS.items()}


# -- settings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kontrabluff(Game):
    """Kontrabluff's settings: the score that wins the match (KB-12).

    Search bots sample hidden cards with ``sample_state`` (the engine's, from the
    state's declared fields, KB-7):

    >>> state = Kontrabluff().new_state(seed=3, dealer=1)
    >>> sample = Kontrabluff().sample_state(state.observation(0), np.random.default_rng(0))
    >>> sample.hands[0] == state.hands[0], len(sample.hands[1]), len(sample.stock)
    (True, 10, 32)
    >>> Kontrabluff().target
    300
    >>> Kontrabluff(target=0)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: KB-12: target must be a whole number of at least 1, got 0
    """

    name = "kontrabluff"
    target: int = 300

    def __post_init__(self) -> None:
        target = whole_setting("target", self.target, 1, rule="KB-12")  # points to win the match
        object.__setattr__(self, "target", target)  # numpy integers are kept as ints

    @property
    def num_players(self) -> int:
        return 2


# -- what a seat sees (KB-7) -------------------------------------------------------------------


@dataclass(frozen=True)
class KontrabluffObservation(Observation):
    """What one seat of Kontrabluff may know (KB-7), and nothing else.

    ``rows`` are both rows (face up); ``low_cards`` the face-down low cards on the
    table, this seat's shown, the other's as ``None``; ``seen`` every card shown face
    up this deal, for counting; ``own_discards`` this seat's own face-down cards in the
    discard; ``hidden_discards`` how many face-down cards each seat has discarded;
    ``first_round`` whether this is the first round of the deal, which the non-dealer
    leads without a dealer's choice (KB-2); ``deal_number`` counts deals from 1.
    """

    rows: tuple[tuple[Card, ...], ...] = ((), ())
    low_cards: tuple[tuple[Card | None, ...], ...] = ((), ())
    stock_size: int = 0
    hand_sizes: tuple[int, ...] = (0, 0)
    dealer: int = 0
    deal_dealer: int = 0
    leader: int | None = None
    phase: Phase = Phase.CHOOSE
    seen: tuple[Card, ...] = ()
    own_discards: tuple[Card, ...] = ()
    hidden_discards: tuple[int, ...] = (0, 0)
    discard_size: int = 0
    deal_number: int = 1
    round_index: int = 0
    first_round: bool = True

    @property
    def opponent(self) -> int:
        return 1 - self.player


# -- the state: the rules in rule-id order -------------------------------------------------------


class KontrabluffState(GameState):
    """A match of Kontrabluff in progress.

    Decided gaps, after the rule page: the dealer of a round is the loser of the last
    one (KB-2, KB-9); in a seen low round an exact tie goes to the leader, whose hand is
    then turned up as proof like any winning leader's (KB-6); cards keep the order in
    which they were received (a table sorts them for display).

    Cards live in ``hands``, ``rows`` (face up, KB-3), ``low`` (face down in a low
    round, KB-6), ``stock`` (the rules' talon, KB-1; the last card is dealt next) and
    ``discard`` (KB-8).
    ``seen`` lists the cards shown face up this deal; ``down[p]`` the cards seat ``p``
    discarded face down this deal and never showed (KB-7). A sample for search (the
    engine's ``sample_state``) is quiet: no log, and its observations have no zones.
    """

    game: Kontrabluff

    # KB-7, who sees what: the engine copies, compares, keys and samples the state from
    # this list (cardlab.engine, "How a game adopts the engine").
    FIELDS = (
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.hand) if p == obs.player else [HIDDEN] * obs.hand_sizes[p] for p in (0, 1)]),
        Field("rows", Copy.SEATS, Seen.PUBLIC, cards=True),
        Field("low", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.low_cards[p]) if p == obs.player else [HIDDEN] * len(obs.low_cards[p])
                                    for p in (0, 1)]),
        Field("down", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.own_discards) if p == obs.player else [HIDDEN] * obs.hidden_discards[p]
                                    for p in (0, 1)]),
        Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.stock_size),
        Field("seen", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("discard", Copy.LIST, Seen.MIXED, cards=True, derive=lambda state, obs: _sampled_discard(state)),
        Field("scores", observed="points"),
        Field("deal_number"),
        Field("deal_dealer"),
        Field("dealer"),
        Field("first_round"),
        Field("leader"),
        Field("phase"),
        Field("to_act", observed="current_player"),
        Field("winner", observed=lambda obs: None),
    )

    # -- the protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.to_act is None

    @property
    def points(self) -> tuple[int, ...]:
        """Both players' scores (KB-5, KB-6), South's first."""
        return self.scores

    def returns(self) -> list[float]:
        """+1 for the winner of the match and -1 for the loser (KB-12); 0 before the end."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    # Legality is written once (python-chess's ``move in board.legal_moves`` is
    # ``board.is_legal(move)``): who may act is :meth:`_acting`; what that seat may do is
    # its phase's view (``_PHASES``, below: KontrabluffActions' ``in``); ``check`` asks
    # the same view and only words a refusal, naming the rule (:func:`_refusal`).
    def _acting(self, player: int | None) -> int | None:
        """The one place that decides who may act: the seat to act (KB-2 .. KB-6), if
        ``player`` is None or that seat; None for another seat or once the match is won
        (KB-12)."""
        seat = self.to_act
        return seat if player is None or player == seat else None

    def legal_actions(self, player: int | None = None) -> LegalActions:
        seat = self._acting(player)
        if seat is None:
            return NO_ACTIONS
        return self._PHASES[self.phase].legal(self, seat)

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming the rule unless ``action`` is legal now."""
        seat = self._acting(player)
        if seat is None:
            if self.to_act is None:
                raise IllegalActionError(MATCH_OVER(players=2))
            raise IllegalActionError(NOT_YOUR_TURN(self.to_act, player, players=2))
        self._PHASES[self.phase].check(self, action, seat)

    def _apply(self, action: Action, player: int) -> None:
        """Play a checked action: its phase's rule (``_PHASES``, below) does it."""
        self._PHASES[self.phase].play(self, action, player)

    # -- what a phase offers and refuses (the same view for both) -------------------------
    def _offer(self, seat: int) -> KontrabluffActions:
        """The actions ``seat`` (to act) may take in this phase (KB-2, KB-3, KB-4, KB-6).

        KB-3's row of five needs no test here: turns alternate, the leader's row is one
        card ahead, and the second full row ends the round (KB-5), so the seat to act
        never holds a full row."""
        return KontrabluffActions(self.hands[seat], self.phase)

    def _check_offered(self, action: Action, seat: int) -> None:
        """Refuse ``action`` unless ``seat``'s view of this phase holds it; the refusal names the rule."""
        if action in self._offer(seat):
            return
        raise IllegalActionError(_refusal(self.phase, self.first_round, self.hands[seat], action, seat))

    # -- KB-1 Deal ----------------------------------------------------------------------
    def _setup(self) -> None:
        self.scores = (0, 0)
        self.hands: list[list[Card]] = [[], []]
        self.rows: list[list[Card]] = [[], []]
        self.low: list[list[Card]] = [[], []]
        self.down: list[list[Card]] = [[], []]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.seen: list[Card] = []
        self.deal_number = 0
        self.winner: int | None = None
        self.leader: int | None = None
        self.first_round = True  # KB-2: the first round of a deal has no dealer's choice
        self.deal_dealer = self._choose_dealer()  # KB-1: the first dealer at random (seeded)
        self._record(FIRST_DEALER, self.deal_dealer)
        self._new_deal()

    def _new_deal(self) -> None:
        """KB-1: shuffle, 10 cards each one at a time, the non-dealer first; the rest is the stock (the talon)."""
        cards = self._new_deck()
        self.deal_number += 1
        dealer = self.deal_dealer
        self.hands = [[], []]
        self.rows, self.low, self.down = [[], []], [[], []], [[], []]
        self.discard, self.seen = [], []
        # One card at a time: the non-dealer gets cards 0, 2, 4 ..., the dealer 1, 3, 5 ...
        self.hands[1 - dealer] = cards[0 : 2 * HAND_SIZE : 2]
        self.hands[dealer] = cards[1 : 2 * HAND_SIZE : 2]
        self.stock = cards[2 * HAND_SIZE :][::-1]  # the last card of the list is dealt next
        self.dealer = dealer
        self._record(NEW_DEAL, self.deal_number, dealer, HAND_SIZE, len(self.stock))
        for p in (0, 1):
            self._record(DEALT, p, tuple(self.hands[p]), visible_to=_ONLY[p])
        self._start_round(first=True)

    # -- KB-2 Who leads a round ------------------------------------------------------------
    def _start_round(self, first: bool = False) -> None:
        """KB-2: the non-dealer leads the first round of a deal (a card or low); every later
        round starts with the dealer's choice (play low or hand over). KB-11 comes first:
        a round needs 5 cards in each hand."""
        if len(self.hands[0]) < MIN_HAND or len(self.hands[1]) < MIN_HAND:
            self._end_deal()
            return
        self.first_round, self.leader = first, None
        if first:
            self.phase, self.to_act = Phase.LEAD, 1 - self.dealer
            self._record(FIRST_LEAD, 1 - self.dealer)
        else:
            self.phase, self.to_act = Phase.CHOOSE, self.dealer

    def _choose(self, action: Action, player: int) -> None:
        """KB-2: the dealer's choice in a later round of the deal: play low or hand over."""
        if action.kind == "low":
            self._play_low(action, player)
        else:
            self._hand_over(action, player)

    def _lead(self, action: Action, player: int) -> None:
        """KB-2: the leader lays a card (a normal round, KB-3) or plays low (KB-6)."""
        if action.kind == "lay":
            self._lay(action, player)
        else:
            self._play_low(action, player)

    def _hand_over(self, action: Action, player: int) -> None:
        """KB-2: the dealer hands over; the other leads a normal or a low round."""
        other = 1 - player
        self._record(HAND_OVER, player, other, player=player, action=action)
        self.phase, self.to_act = Phase.LEAD, other

    # -- KB-3 Normal round ------------------------------------------------------------------
    def _lay(self, action: Action, player: int) -> None:
        """KB-3: lay one card face up in one's row; the first card makes its player the leader."""
        card = action.cards[0]
        if self.phase is Phase.LEAD:
            self.leader, self.phase = player, Phase.NORMAL
        self.hands[player].remove(card)
        self.rows[player].append(card)
        self.seen.append(card)
        self._record(LAY, player, card, player=player, action=action)
        other = 1 - player
        if len(self.rows[player]) == ROW_SIZE and len(self.rows[other]) == ROW_SIZE:
            self._showdown()
        else:
            self.to_act = other

    def _normal(self, action: Action, player: int) -> None:
        """KB-3, KB-4: in a normal round a player lays a card or passes."""
        if action.kind == "lay":
            self._lay(action, player)
        else:
            self._pass(action, player)

    # -- KB-4 Passing -----------------------------------------------------------------------
    def _pass(self, action: Action, player: int) -> None:
        """KB-4: the player who passes loses the round; KB-5 scores the cards on the table."""
        self._record(PASS, player, player=player, action=action)
        on_table = len(self.rows[0]) + len(self.rows[1])
        self._end_round(1 - player, triangle(on_table), WON_BY_PASS, on_table)

    # -- KB-5 End of a normal round and score ---------------------------------------------------
    def _showdown(self) -> None:
        """KB-5: two full rows; the better hand wins, an exact tie goes to the leader."""
        leader = self.leader
        responder = 1 - leader
        first, second = hand_value(self.rows[leader]), hand_value(self.rows[responder])
        winner = leader if first >= second else responder
        best, worst = (first, second) if winner == leader else (second, first)
        self._end_round(winner, triangle(2 * ROW_SIZE), WON_AT_SHOWDOWN_TIE if first == second else WON_AT_SHOWDOWN,
                        best, worst)

    # -- KB-6 Low round -----------------------------------------------------------------------
    def _play_low(self, action: Action, player: int) -> None:
        """KB-6: the leader lays five cards face down."""
        self._take(player, action.cards)
        self.low[player] = list(action.cards)
        self.leader = player
        # KB-7: the shared history names no face-down card; the event's action is bare
        self._record(PLAY_LOW, player, LOW_SIZE, player=player, action=_BARE["low"])
        self.phase, self.to_act = Phase.LOW, 1 - player

    def _answer_low(self, action: Action, player: int) -> None:
        """KB-6: the other answers a low round: he sees or passes, with five cards."""
        if action.kind == "see":
            self._see(action, player)
        else:
            self._pass_low(action, player)

    def _pass_low(self, action: Action, player: int) -> None:
        """KB-6: the other passes with five cards face down; the leader wins 15, nothing is shown."""
        self._take(player, action.cards)
        self.low[player] = list(action.cards)
        self._record(PASS_LOW, player, LOW_SIZE, player=player, action=_BARE["pass"])
        self._end_round(1 - player, LOW_PASSED_POINTS, LOW_PASSED)

    def _see(self, action: Action, player: int) -> None:
        """KB-6: the other sees with five cards face up; the lower hand (HR-6) wins 55, an
        exact tie goes to the leader; the leader's hand is turned up only if it wins."""
        self._take(player, action.cards)
        self.low[player] = list(action.cards)
        self.seen.extend(self.low[player])
        self._record(SEE, player, action.cards, player=player, action=action)
        leader = 1 - player
        # HR-6: the lower hand is the worse high hand (the smaller key)
        mine, theirs = hand_value(self.low[leader]).key, hand_value(self.low[player]).key
        if mine <= theirs:
            self.seen.extend(self.low[leader])  # turned up as proof
            self._end_round(leader, LOW_SEEN_POINTS, LOW_WON_BY_LEADER_TIE if mine == theirs else LOW_WON_BY_LEADER,
                            tuple(self.low[leader]), shown=(0, 1))
        else:
            self._end_round(player, LOW_SEEN_POINTS, LOW_WON_BY_SEER, leader, shown=(player,))

    def _take(self, player: int, cards: Sequence[Card]) -> None:
        """Take ``cards`` (five, checked to be there) out of ``player``'s hand, keeping its order."""
        chosen = {card.code for card in cards}
        self.hands[player] = [card for card in self.hands[player] if card.code not in chosen]

    # -- KB-7 What each player may see ----------------------------------------------------------
    def observation(self, player: int) -> KontrabluffObservation:
        """Everything ``player`` may know (KB-7): own hand, rows, shown cards, public counts."""
        rows = (tuple(self.rows[0]), tuple(self.rows[1]))
        low = self.low
        if player:
            low_cards = ((None,) * len(low[0]), tuple(low[1]))
        else:
            low_cards = (tuple(low[0]), (None,) * len(low[1]))
        return frozen(  # every field given: the same value as KontrabluffObservation(...), made faster
            KontrabluffObservation,
            game=self.game,
            player=player,
            current_player=self.to_act,
            hand=tuple(self.hands[player]),
            legal_actions=self.legal_actions(player),
            zones=() if self.quiet else self._zones(player, rows, low_cards),
            points=self.scores,
            pot=None,  # no chips (KB-5)
            log=self.log_for(player),
            events=self.events_for(player),
            is_terminal=self.to_act is None,
            rows=rows,
            low_cards=low_cards,
            stock_size=len(self.stock),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            dealer=self.dealer,
            deal_dealer=self.deal_dealer,
            leader=self.leader,
            phase=self.phase,
            seen=tuple(self.seen),
            own_discards=tuple(self.down[player]),
            hidden_discards=(len(self.down[0]), len(self.down[1])),
            discard_size=len(self.discard),
            deal_number=self.deal_number,
            round_index=self.round_index,
            first_round=self.first_round,
        )

    def _zones(self, player: int, rows: tuple, low_cards: tuple) -> tuple[Zone, ...]:
        """The table as ``player`` sees it: both rows, both low hands (the other's face
        down), the stock face down, the discard with the other's face-down cards hidden."""
        hidden = self.down[1 - player]  # the only discarded cards this seat never saw (KB-6, KB-7)
        if hidden:
            codes = {card.code for card in hidden}
            discard = tuple([None if card.code in codes else card for card in self.discard])
        else:
            discard = tuple(self.discard)
        return (
            _zone(0, rows[0]), _zone(1, rows[1]), _zone(2, low_cards[0]), _zone(3, low_cards[1]),
            _STOCK_ZONES[len(self.stock)],
            frozen(Zone, kind="discard", cards=discard),
        )

    def zones(self) -> tuple[Zone, ...]:
        """Every card where it really is: each seat's hand, row and low cards, the stock
        (the talon, KB-1) and the discard (KB-8).

        >>> [zone.key for zone in Kontrabluff().new_state(seed=1).zones()][:3]
        [('hand', 0, None), ('row', 0, None), ('low', 0, None)]
        """
        places = []
        for p in (0, 1):
            places += [Zone("hand", p, cards=tuple(self.hands[p])), Zone("row", p, cards=tuple(self.rows[p])),
                       Zone("low", p, cards=tuple(self.low[p]))]
        return (*places, Zone("stock", cards=tuple(self.stock)), Zone("discard", cards=tuple(self.discard)))

    # -- KB-8 After a round (and the score of KB-5 and KB-6) ------------------------------------
    def _end_round(self, winner: int, points: int, kind: EventKind, *why: object, shown: tuple[int, ...] = ()) -> None:
        """Score the round (``kind`` records why, with the fields ``why``); KB-8: both rows and the low cards go to the discard (a seat's
        face-down cards that were not ``shown`` stay private to him, KB-7); then KB-12, or
        KB-9 refill and the next round."""
        scores = list(self.scores)
        scores[winner] += points
        self.scores = tuple(scores)
        self._record(kind, winner, points, *why, player=winner)
        self.round_index += 1
        for p in (0, 1):
            self.discard.extend(self.rows[p])
            self.rows[p] = []
            if self.low[p]:
                self.discard.extend(self.low[p])
                if p not in shown:
                    self.down[p].extend(self.low[p])
                self.low[p] = []
        self.leader = None
        if scores[winner] >= self.game.target:
            self._end_match(winner)
            return
        self.dealer = 1 - winner  # KB-9: the loser deals
        self._refill(winner)
        self._start_round()

    # -- KB-9 Refill and KB-10 Empty talon ----------------------------------------------------
    def _refill(self, winner: int) -> None:
        """KB-9: one card at a time, the winner first, skipping a full hand; KB-10: none left."""
        if not self.stock:
            self._record(TALON_EMPTY)
            return
        # Alternate while both need cards, then the rest to the one still short.
        loser = 1 - winner
        need_w, need_l = HAND_SIZE - len(self.hands[winner]), HAND_SIZE - len(self.hands[loser])
        stock = self.stock
        drawn = stock[: -1 - need_w - need_l : -1]  # the cards in the order they come off the stock
        del stock[len(stock) - len(drawn) :]
        both = 2 * min(need_w, need_l)
        dealt: list[list[Card]] = [[], []]
        dealt[winner], dealt[loser] = drawn[0:both:2], drawn[1:both:2]
        dealt[winner if need_w > need_l else loser] += drawn[both:]
        self.hands[0].extend(dealt[0])
        self.hands[1].extend(dealt[1])
        if not self.quiet:
            self._record(REFILL, self.dealer, len(dealt[winner]), winner, len(dealt[loser]), loser, len(self.stock))
            for p in (0, 1):
                if dealt[p]:
                    self._record(REFILLED, p, tuple(dealt[p]), visible_to=_ONLY[p])

    # -- KB-11 End of a deal -----------------------------------------------------------------
    def _end_deal(self) -> None:
        """KB-11: a hand of fewer than 5 cards ends the deal; scores are kept and the other
        player deals the next one (deals alternate)."""
        p = 0 if len(self.hands[0]) < MIN_HAND else 1
        self._record(DEAL_ENDS, p, len(self.hands[p]))
        self.deal_dealer = 1 - self.deal_dealer
        self._new_deal()

    # -- KB-12 End of the match ---------------------------------------------------------------
    def _end_match(self, winner: int) -> None:
        """KB-12: the first to reach the target at the end of a round wins, even mid-deal."""
        self.winner, self.to_act, self.phase = winner, None, Phase.OVER
        self._record(MATCH_WON, winner, self.scores[winner],
                  player=winner)

    #: Each phase's rules: its legal actions, the refusal of any other (the same view) and
    #: the doing (KB-2, KB-3, KB-4, KB-6). A won match (Phase.OVER, KB-12) has nobody to
    #: act, so no phase rules are asked (``_acting``).
    _PHASES: ClassVar[dict[Phase, PhaseRules]] = {
        Phase.CHOOSE: PhaseRules(_offer, _check_offered, _choose),
        Phase.LEAD: PhaseRules(_offer, _check_offered, _lead),
        Phase.NORMAL: PhaseRules(_offer, _check_offered, _normal),
        Phase.LOW: PhaseRules(_offer, _check_offered, _answer_low),
    }


Kontrabluff.state_class = KontrabluffState

def _wrong_kind(phase: Phase, kind: str, first_round: bool) -> Refusal:
    """Why ``kind`` is not on offer in ``phase`` (KB-2, KB-3, KB-4, KB-6)."""
    if phase is Phase.CHOOSE:
        return (DEALER_MAY_NOT_PASS if kind == "pass" else DEALER_CHOOSES)(players=2)
    if phase is Phase.LEAD:
        if kind == "pass":
            return LEADER_MAY_NOT_PASS(players=2)
        if first_round and kind == "hand_over":
            return NOTHING_TO_HAND_OVER(players=2)
        return LEADER_CHOOSES(players=2)
    return (NORMAL_ROUND if phase is Phase.NORMAL else LOW_ROUND)(players=2)


#: The refusal of a wrong number of cards, by kind: (for a kind that takes none, for one that takes some).
_COUNT_REFUSALS = {"pass": (PASS_TAKES_NO_CARDS, PASS_LOW_CARDS), "hand_over": (HAND_OVER_TAKES_NO_CARDS, None),
                   "lay": (None, LAY_ONE), "low": (None, LOW_CARDS), "see": (None, SEE_CARDS)}


def _count_refusal(kind: str, need: int, got: int) -> Refusal:
    """Why ``kind`` may not name ``got`` cards when it takes ``need`` (KB-2, KB-3, KB-4, KB-6).

    >>> _count_refusal("low", 5, 1).fields, _count_refusal("pass", 0, 3).name
    ({'need': 5, 'selected': 1}, 'pass_no_cards')
    """
    refusal = _COUNT_REFUSALS[kind][need > 0]
    if need <= 1:
        return refusal(got, players=2)
    return refusal(need, got, players=2)


def _refusal(phase: Phase, first_round: bool, hand: Sequence[Card], action: Action, seat: int) -> Refusal:
    """Why ``action`` is not in the view of ``phase`` for ``seat``, holding ``hand`` (the
    view decided; this only finds the rule and the values that say why)."""
    kind, cards = action.kind, action.cards
    offers = _OFFER_DICTS[phase]
    if kind not in KIND_RULES:
        return UNKNOWN_KIND(repr(kind), _KIND_LIST, players=2)
    if kind not in offers:
        return _wrong_kind(phase, kind, first_round)
    rule = "KB-6" if phase is Phase.LOW else KIND_RULES[kind]
    if action.amount is not None:
        return NO_AMOUNT(players=2)
    need = offers[kind]
    if len(cards) != need:
        return _count_refusal(kind, need, len(cards))
    codes = [card.code for card in cards]  # cards compare as their codes (small ints)
    if len(set(codes)) != len(codes):
        return NAMED_TWICE(tuple(card for i, card in enumerate(cards) if card.code in codes[:i]), players=2, rule=rule)
    held = {card.code for card in hand}
    missing = tuple(card for card in cards if card.code not in held)
    if missing:
        return NOT_HELD(seat, missing, players=2, rule=rule)
    return NOT_LEGAL(seat, players=2)  # the view refused it for a reason not named here


def _sampled_discard(state: KontrabluffState) -> list[Card]:
    """A sample's discard (KB-8): the cards shown this deal and no longer on the table, then
    both seats' face-down discards."""
    on_table = set(state.rows[0]) | set(state.rows[1])
    return [card for card in state.seen if card not in on_table] + state.down[0] + state.down[1]


# -- helpers below the rules: the legal-action view, hand values, words -------------------------


class KontrabluffActions(LegalActions):
    """The legal actions of one seat, as a view: 252 five-card choices are never built
    unless iterated (python-chess style); ``sample`` draws one uniformly.

    >>> state = Kontrabluff().new_state(seed=1, dealer=0)
    >>> actions = state.legal_actions()
    >>> len(actions)                       # KB-2: 252 ways to play low, or one of 10 cards to lay
    262
    >>> Action("lay", state.hands[1][:1]) in actions, Action("pass") in actions
    (True, False)
    """

    __slots__ = ("hand", "phase")

    def __init__(self, hand: Sequence[Card], phase: Phase):
        self.hand = tuple(hand)
        self.phase = phase

    @property
    def offers(self) -> tuple[tuple[str, int], ...]:
        """(kind, number of cards) of each kind on offer."""
        return OFFERS[self.phase]

    def __len__(self) -> int:
        return len(_choices(len(self.hand), self.phase))

    def __iter__(self) -> Iterator[Action]:
        for kind, n in self.offers:
            if n == 0:
                yield Action(kind)
            else:
                for cards in itertools.combinations(self.hand, n):
                    yield Action(kind, cards)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.amount is not None:
            return False
        n = len(action.cards)
        if (action.kind, n) not in self.offers:
            return False
        held = {card.code for card in self.hand}
        codes = {card.code for card in action.cards}
        return len(codes) == n and codes <= held

    def kinds(self) -> frozenset[str]:
        return frozenset(kind for kind, _ in self.offers)

    def sample(self, rng: np.random.Generator) -> Action:
        choices = _choices(len(self.hand), self.phase)
        kind, pick = choices[int(rng.random() * len(choices))]  # uniform; cheaper than rng.integers
        if pick is None:
            return _BARE[kind]
        return Action.trusted(kind, pick(self.hand))  # the hand's own Cards, as a tuple

    def card_offers(self) -> tuple[CardOffer, ...]:
        """Each kind on offer with its number of cards from the hand (one hand, shared)."""
        hand = self.hand
        return tuple([_offer((kind, hand, _COUNT[n])) for kind, n in self.offers])

    def key(self) -> tuple:
        return self.hand, self.offers

    def __repr__(self) -> str:
        kinds = ", ".join(f"{kind}" + (f" ({n} cards)" if n else "") for kind, n in self.offers)
        return f"KontrabluffActions({kinds}; {len(self)} actions)"


@functools.cache
def _choices(size: int, phase: Phase) -> tuple[tuple[str, Callable[[Sequence[Card]], tuple[Card, ...]] | None], ...]:
    """Every action on offer to a hand of ``size`` cards in ``phase``, in the view's order,
    as (kind, a getter of its cards from the hand's tuple, or None for no cards).

    >>> [(kind, pick and pick(tuple("ABCDEFGHIJ"))) for kind, pick in _choices(10, Phase.NORMAL)][-2:]
    [('lay', ('J',)), ('pass', None)]
    >>> len(_choices(10, Phase.CHOOSE))
    253
    """
    choices: list[tuple[str, Callable | None]] = []
    for kind, n in OFFERS[phase]:
        if n == 0:
            choices.append((kind, None))
        elif n == 1:
            choices += [(kind, operator.itemgetter(slice(i, i + 1))) for i in range(size)]
        else:
            choices += [(kind, operator.itemgetter(*combo)) for combo in itertools.combinations(range(size), n)]
    return tuple(choices)


#: A card's rank number (2..14) by its code (cards are small ints at heart).
RANK_OF_CODE: tuple[int, ...] = tuple(code // 4 + 2 for code in range(52))


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The HR-1 value of five cards: :func:`cardlab.hands.evaluate` (one table lookup).

    >>> from cardlab.cards import parse_cards
    >>> hand_value(parse_cards("Kh Ks Kd 7c 7h")) == evaluate(parse_cards("Kh Ks Kd 7c 7h"))
    True
    """
    return evaluate(cards)


_BARE = {kind: Action(kind) for kind in KIND_RULES}  # the actions without cards, made once
_KIND_LIST = ", ".join(KIND_RULES)  # every kind as a refusal shows them (code names, not words)
_ONLY = (frozenset({0}), frozenset({1}))
_ZONE_KINDS = (("row", 0), ("row", 1), ("low", 0), ("low", 1))  # kind and owner by zone number


def _zone(number: int, cards: tuple[Card | None, ...]) -> Zone:
    """Zone ``number`` (row 0, row 1, low 0, low 1: South's and North's) holding ``cards``; an
    empty or all-face-down one is the same value every time, made once."""
    if not cards or cards[0] is None:
        return _BLANK_ZONES[number][len(cards)]
    kind, owner = _ZONE_KINDS[number]
    return frozen(Zone, kind=kind, owner=owner, cards=cards)


_BLANK_ZONES = tuple(tuple(Zone(kind, owner, cards=(None,) * n) for n in range(LOW_SIZE + 1))
                     for kind, owner in _ZONE_KINDS)
_STOCK_ZONES = tuple(Zone("stock", cards=(None,) * n) for n in range(53))


# -- what the layers above need to know (cardlab.games.spec) --------------------------------
def adapter_bounds(game: Kontrabluff) -> tuple[float, float, int]:
    """The least and most a seat can win (KB-12: +1/-1 for the match, within a round of
    55) and a true bound on adapter steps: every round pays at least 1 (KB-5, KB-6), so at
    most 2 * target rounds, each at most 14 clicks and at most one new deal (KB-11) of
    one chance node per card."""
    d = len(set(game.full_deck))
    rounds = 2 * game.target
    return -(game.target + 55.0), game.target + 55.0, 1 + rounds * (14 + d)


def how_to_figures(game: Kontrabluff) -> dict[str, Figure]:
    """The figures of the how-to (:mod:`cardlab.words.kontrabluff`), from the rules' figures
    and the settings.

    >>> how_to_figures(Kontrabluff(target=100))["triangle"]
    Numbers(values=(1, 3, 6, 10, 15, 21, 28, 36, 45, 55))
    """
    return {
        "target": Amount(game.target, "points"),  # KB-12
        "hand": Amount(HAND_SIZE, "cards"),  # KB-1
        "row": Amount(ROW_SIZE, "cards"),  # KB-3
        "low": Amount(LOW_SIZE, "cards"),  # KB-6
        "min_hand": Amount(MIN_HAND, "cards"),  # KB-11
        "triangle": Numbers(tuple(TRIANGLE[n] for n in sorted(TRIANGLE))),  # KB-5
        "most": max(TRIANGLE),
        "low_seen": Amount(LOW_SEEN_POINTS, "points"),  # KB-6
        "low_passed": Amount(LOW_PASSED_POINTS, "points"),
    }


SPEC = GameSpec(
    name="kontrabluff",
    players=(2, 2),
    actions=(
        ActionSpec("lay", KIND_RULES["lay"], Takes.ONE),
        ActionSpec("low", KIND_RULES["low"], Takes.CHOSEN),
        ActionSpec("hand_over", KIND_RULES["hand_over"]),
        ActionSpec("pass", KIND_RULES["pass"], Takes.CHOSEN),  # KB-6 passes with five cards face down
        ActionSpec("see", KIND_RULES["see"], Takes.CHOSEN),
    ),
    unit="points",
    bounds=adapter_bounds,
    hand_rules=lambda game: HandRules(),  # KB-5: the 52-card ranking
    low=True,  # KB-6
    figures=how_to_figures,
    round_unit="round",  # KB-9: the loser of a round refills
)

ENTRY = register(GameEntry("Kontrabluff", Kontrabluff, SPEC, rule_bot="cardlab.bots.kontrabluff:KontrabluffRuleBot",
                           table="cardlab.widgets.kontrabluff:KontrabluffTable",
                           drills="cardlab.drills.kontrabluff:MAKERS", runs="cardlab.analysis.kontrabluff:RUNS"))

_COUNT = tuple(frozenset((n,)) for n in range(HAND_SIZE + 1))  # "exactly n cards", made once
_offer = functools.partial(tuple.__new__, CardOffer)  # a CardOffer from its fields, without the named call's cost
