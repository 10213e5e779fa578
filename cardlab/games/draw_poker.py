"""Five-card draw poker, Polish rules, on any deck of HR-3 (DP-1 .. DP-10).

One state is a whole *session*: hands follow one another (the deal moving left,
DP-10) until one player is left at the table or ``hands`` hands have been played.
``hand_number`` is the hand in play (1, 2, ...); ``round_index``, the engine's
counter, the number of hands that have ended.

>>> game = DrawPoker(players=3, deck_size=32, ante=1, max_bet=4, stack=20, hands=1)
>>> state = game.new_state(seed=7, dealer=0)
>>> state.current_player, state.pot, state.stacks      # everyone paid the ante (DP-1)
(1, 3, [19, 19, 19])
>>> [str(a) for a in state.legal_actions()]             # no check before the opening (DP-2)
['pass', 'open 2', 'open 3', 'open 4']
>>> state.apply(Action("open", amount=3))
>>> state.apply(Action("pass")); state.apply(Action("pass"))   # one player left (DP-4)
>>> state.hand_number, state.round_index, state.is_terminal, state.stacks, state.pot
(1, 1, True, [19, 22, 19], 0)
>>> for line in state.log_for(0)[-3:]: print(line)
DP-3: South passes and leaves the hand, losing 1 chip
DP-4: West is the only player left and takes the pot of 6 chips without showing
DP-10: the session ends: 1 hand played

A deck too small for the players and the draw is refused:

>>> DrawPoker(players=8, deck_size=24)
Traceback (most recent call last):
...
cardlab.engine.SettingsError: DP-5: deck_size 24 is too small: 8 players need a deck of at least 45 cards (five each, and five more so that the last player can always draw five)

The module follows the rule page: the settings, then the state section by section,
DP-1 to DP-10; the views of the legal actions and the helpers come last.
"""

from __future__ import annotations

from types import MappingProxyType

import enum
import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, NoReturn

import numpy as np

import cardlab.words.draw_poker  # noqa: F401  (the game's words, registered with it)
from cardlab.cards import DECK_SIZES, Card, format_cards, rng_for
from cardlab.chain import Chain
from cardlab.games.registry import GameEntry, register
from cardlab.games.spec import ActionSpec, GameSpec, Takes
from cardlab.engine import (
    HIDDEN,
    NO_ACTIONS,
    Action,
    ActionList,
    CardOffer,
    Copy,
    Field,
    Game,
    GameState,
    IllegalActionError,
    LegalActions,
    NOT_YOUR_TURN,
    Observation,
    PhaseRules,
    Seen,
    SettingsError,
    Zone,
    Zones,
    frozen,
    truth_setting,
    uniform_index,
    whole_setting,
)
from cardlab.games.chips import from_the_left, share_left_over
from cardlab.hands import HandRules, HandValue, evaluate
from cardlab.records import AMOUNTS, CARDS, CHIPS, COUNT, HAND, NUMBER, SEAT, SEATS, TEXT, EventKind, RefusalKind
from cardlab.words.howto import Amount, Figure

__all__ = ["DrawPoker", "DrawPokerState", "bet_cost", "DrawPokerObservation", "DrawActions", "BetActions", "HandResult", "Phase", "MAX_CHIPS"]

HAND_SIZE = 5
#: The largest ante, bet limit or stack (EN-6): bets are offered as a range
#: (:class:`BetActions`), so any limit up to this costs the same as a small one.
MAX_CHIPS = 10**12


class Phase(enum.StrEnum):
    """The phases of a hand; equal to their words (a table shows them)."""

    FIRST_BETTING = "first betting"  # DP-2, DP-3
    DRAW = "draw"  # DP-5
    SECOND_BETTING = "second betting"  # DP-6
    SHOWDOWN = "showdown"  # DP-7
    OVER = "over"  # the session has ended (DP-10)


PASS, CALL, SHOW, CONCEDE = Action("pass"), Action("call"), Action("show"), Action("concede")
#: Every kind of action (EN-3).
KINDS = ("pass", "open", "call", "raise", "draw", "show", "concede")
BETTING_KINDS = ("pass", "open", "call", "raise")


# -- what the history records (the words for each: cardlab/words/draw_poker.py) ---------------
_kind = functools.partial(EventKind, "draw_poker")
NEW_HAND = _kind("new_hand", "DP-1", number=NUMBER, dealer=SEAT)
ANTE = _kind("ante", "DP-1", ante=CHIPS, pot=CHIPS)
DEALT = _kind("dealt", "DP-1", seat=SEAT, cards=CARDS)
OPENED = _kind("open", "DP-2", seat=SEAT, amount=CHIPS, pot=CHIPS)
CALLED = _kind("call", "DP-3", seat=SEAT, chips=CHIPS, pot=CHIPS)
RAISED = _kind("raise", "DP-3", seat=SEAT, amount=CHIPS, stake=CHIPS, pot=CHIPS)
#: A pass leaves the hand (``lost``: the ante and what the seat bet): before the opening
#: DP-2 decides it, after the opening DP-3 (the same words).
PASSED_BEFORE_OPENING = _kind("pass_before_opening", "DP-2", seat=SEAT, lost=CHIPS)
PASSED_AFTER_OPENING = _kind("pass_after_opening", "DP-3", seat=SEAT, lost=CHIPS)
DRAW_BEGINS = _kind("draw_begins", "DP-5")
STOCK_REFILLED = _kind("stock_refilled", "DP-5", cards=COUNT)
DREW = _kind("draw", "DP-5", seat=SEAT, cards=COUNT)
EXCHANGED = _kind("exchange", "DP-5", seat=SEAT, discarded=CARDS, received=CARDS)
SECOND_ROUND = _kind("second_round", "DP-6")
#: A shown hand: the first one says why it comes first (DP-7).
SHOWN = _kind("show", "DP-7", seat=SEAT, cards=CARDS, hand=HAND)
SHOWN_AS_LAST_RAISER = _kind("show_as_last_raiser", "DP-7", seat=SEAT, cards=CARDS, hand=HAND)
SHOWN_AS_OPENER = _kind("show_as_opener", "DP-7", seat=SEAT, cards=CARDS, hand=HAND)
CONCEDED = _kind("concede", "DP-7", seat=SEAT)
#: Who takes the pot (DP-4, DP-8): a table stops on each until it is read.
ONE_LEFT = _kind("one_left", "DP-4", result=True, winner=SEAT, pot=CHIPS)
WON = _kind("won", "DP-8", result=True, winner=SEAT, pot=CHIPS, hand=HAND)
SPLIT = _kind("split", "DP-8", result=True, winners=SEATS, hand=HAND, pot=CHIPS, share=CHIPS)
SPLIT_CARRIED = _kind("split_carried", "DP-8", result=True, winners=SEATS, hand=HAND, pot=CHIPS, share=CHIPS,
                      carried=CHIPS)
LEFT_TABLE = _kind("leaves_table", "DP-10", seat=SEAT, chips=CHIPS)
#: The end of the session (DP-10), and a DP-8 remainder shared (``shares`` of ``seats``,
#: from the dealer's left): a table stops on each until it is read.
SESSION_ONE_LEFT = _kind("session_ends_one_left", "DP-10", result=True)
SESSION_HANDS_PLAYED = _kind("session_ends_hands_played", "DP-10", result=True, hands=COUNT)
LEFT_OVER_SHARED = _kind("left_over_shared", "DP-10", result=True, pot=CHIPS, seats=SEATS, shares=AMOUNTS)
#: Who may see a private event: one seat (a deal, a draw's cards).
_ONLY = tuple(frozenset((seat,)) for seat in range(8))

# -- what it refuses, and why (the words for each: cardlab/words/draw_poker.py) ---------------
_refusal_kind = functools.partial(RefusalKind, "draw_poker")
SESSION_OVER = _refusal_kind("session_over", "EN-2")
UNKNOWN_KIND = _refusal_kind("unknown_kind", "EN-3", kind=TEXT, kinds=TEXT)
NO_FOLD = _refusal_kind("no_fold", "EN-3")
NO_CHECK = _refusal_kind("no_check", "DP-2")
#: Betting (DP-2 before the opening, DP-3 after it: ``rule``).
BETTING_ONLY = _refusal_kind("betting_only", "DP-2")
BET_TAKES_NO_CARDS = _refusal_kind("bet_no_cards", "EN-3")
CALL_TAKES_NO_AMOUNT = _refusal_kind("call_no_amount", "EN-3")
PASS_TAKES_NO_AMOUNT = _refusal_kind("pass_no_amount", "EN-3")
ALREADY_OPEN = _refusal_kind("already_open", "DP-3", opener=SEAT)
OPEN_AMOUNT = _refusal_kind("open_amount", "DP-2", ante=CHIPS, most=CHIPS)
OPEN_RANGE = _refusal_kind("open_range", "DP-2", ante=CHIPS, most=CHIPS, amount=CHIPS)
OPEN_ALL_IN = _refusal_kind("open_all_in", "DP-3", seat=SEAT, stack=CHIPS)
NOBODY_OPENED = _refusal_kind("nobody_opened", "DP-2", seat=SEAT)
RAISE_AMOUNT = _refusal_kind("raise_amount", "DP-3", ante=CHIPS, most=CHIPS)
RAISE_RANGE = _refusal_kind("raise_range", "DP-3", ante=CHIPS, most=CHIPS, amount=CHIPS)
NO_ALL_IN = _refusal_kind("no_all_in", "DP-3", seat=SEAT, need=CHIPS, stack=CHIPS)
#: The draw (DP-5) and the showdown (DP-7).
DRAW_ONLY = _refusal_kind("draw_only", "DP-5", seat=SEAT)
DRAW_TAKES_NO_AMOUNT = _refusal_kind("draw_no_amount", "EN-3")
DRAWN_TWICE = _refusal_kind("draw_twice", "DP-5", cards=CARDS)
NOT_HELD = _refusal_kind("not_held", "DP-5", seat=SEAT, cards=CARDS)
SHOW_OR_CONCEDE = _refusal_kind("show_or_concede", "DP-7")
SHOW_TAKES_NOTHING = _refusal_kind("show_takes_nothing", "DP-7")
#: Settings (HR-3, HR-5, DP-2, DP-5, DP-10; the generic ranges are the engine's EN-6).
DECK_SIZE = _refusal_kind("deck_size", "HR-3", sizes=AMOUNTS, value=TEXT)
# the setting and the kinds as code names them (a refusal shows them as they are typed)
_ACE_LOW_OFF, _KIND_LIST = "ace_low=False", ", ".join(KINDS)
ACE_LOW_SHORT_ONLY = _refusal_kind("ace_low_short_only", "HR-5", setting=TEXT)
MAX_BET_ABOVE_ANTE = _refusal_kind("max_bet_above_ante", "DP-2", max_bet=CHIPS, ante=CHIPS)
STACK_BELOW_ANTE = _refusal_kind("stack_below_ante", "DP-10", stack=CHIPS, ante=CHIPS)
DECK_TOO_SMALL = _refusal_kind("deck_too_small", "DP-5", players=COUNT, need=COUNT, size=COUNT)


# -- table settings ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawPoker(Game):
    """The settings of a session of Polish five-card draw (checked at construction).

    ``players`` 2-8; ``deck_size`` one of HR-3, ranked with the HR-4 hierarchy of that
    deck; ``ace_low`` the HR-5 option; ``ante`` the agreed minimum stake; ``max_bet``
    the largest opening bet and the largest raise; ``stack`` each player's starting
    chips; ``hands`` the session length (None: until one player is left, DP-10).
    Chip settings are whole numbers up to :data:`MAX_CHIPS` (10**12, EN-6); bets are
    offered as a range (:class:`BetActions`), so a large ``max_bet`` costs nothing.

    >>> DrawPoker(players=4, deck_size=36).rules
    HandRules(deck_size=36, ace_low=True, order=(...))
    >>> DrawPoker(ante=5, max_bet=5)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: DP-2: an opening must be greater than the ante and at most max_bet, so max_bet (5) must exceed the ante (5)
    """

    name: ClassVar[str] = "draw_poker"
    state_class: ClassVar[type]

    players: int = 5
    deck_size: int = 52
    ace_low: bool = True
    ante: int = 1
    max_bet: int = 10
    stack: int = 100
    hands: int | None = None

    def __post_init__(self) -> None:
        def whole(name: str, low: int, high: int = MAX_CHIPS) -> int:
            value = whole_setting(name, getattr(self, name), low, high)
            object.__setattr__(self, name, value)  # numpy integers are kept as ints
            return value

        whole("players", 2, 8)
        if isinstance(self.deck_size, bool) or not isinstance(self.deck_size, (int, np.integer)) or self.deck_size not in DECK_SIZES:
            raise SettingsError(DECK_SIZE(DECK_SIZES, repr(self.deck_size)))
        object.__setattr__(self, "deck_size", int(self.deck_size))
        truth_setting("ace_low", self.ace_low, rule="HR-5")
        if self.deck_size == 52 and not self.ace_low:
            raise SettingsError(ACE_LOW_SHORT_ONLY(_ACE_LOW_OFF))
        ante = whole("ante", 1)
        if whole("max_bet", 1) <= ante:
            raise SettingsError(MAX_BET_ABOVE_ANTE(self.max_bet, ante))
        if whole("stack", 1) < ante:
            raise SettingsError(STACK_BELOW_ANTE(self.stack, ante))
        if self.hands is not None:
            whole("hands", 1, None)
        need = HAND_SIZE * (self.players + 1)
        if self.deck_size < need:
            raise SettingsError(DECK_TOO_SMALL(self.players, need, self.deck_size))

    @property
    def rules(self) -> HandRules:
        """The hand ranking in force: HR-4 order of the deck, HR-5 option."""
        return _rules(self.deck_size, self.ace_low)


# -- what a hand leaves, what a seat sees --------------------------------------------------------
@dataclass(frozen=True)
class HandResult:
    """How one hand ended (for analysis): ``rule`` is DP-4 (one player left) or DP-8
    (showdown); ``value`` the winning hand's value at a showdown, else None."""

    hand: int
    dealer: int
    players: int
    rule: str
    winners: tuple[int, ...]
    pot: int
    share: int
    carried: int
    value: HandValue | None
    refilled: bool


@dataclass(frozen=True)
class DrawPokerObservation(Observation):
    """What one seat knows in draw poker, besides the generic fields.

    ``points`` are the stacks; ``put`` what each seat has bet in this betting round (``invested``: in this
    hand, both rounds, without the ante)
    and ``stake`` the highest of them; ``to_call`` what this seat must add to stay
    (None before the opening); ``yet_to_act`` the seats yet to act in this round, in order
    (``current_player`` first); ``in_play`` the seats in this hand, ``in_session`` those
    still at the table (DP-10); ``drawn`` how many cards each seat drew (DP-5, public);
    ``own_discards`` this seat's own discards still in the discard pile; ``own_folded`` its
    own cards passed or conceded into the muck this hand; ``shown`` the
    hands shown at the showdown (DP-7); ``hand_sizes``, ``discard_sizes`` and
    ``stock_size`` count the face-down cards.
    """

    dealer: int = 0
    phase: Phase = Phase.FIRST_BETTING
    hand_number: int = 1
    stake: int = 0
    put: tuple[int, ...] = ()
    invested: tuple[int, ...] = ()
    to_call: int | None = None
    opened: bool = False
    opener: int | None = None
    last_raiser: int | None = None
    yet_to_act: tuple[int, ...] = ()
    in_play: tuple[bool, ...] = ()
    in_session: tuple[bool, ...] = ()
    drawn: tuple[int | None, ...] = ()
    own_discards: tuple[Card, ...] = ()
    own_folded: tuple[Card, ...] = ()
    shown: tuple[tuple[Card, ...] | None, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    discard_sizes: tuple[int, ...] = ()
    stock_size: int = 0


# -- the state ---------------------------------------------------------------------------------
class DrawPokerState(GameState):
    """A session of draw poker: the hand in play, the stacks and the pot (DP-1 .. DP-10).

    ``stacks`` and ``pot`` are the chips (DP-9); ``phase`` is one of :class:`Phase`;
    ``to_act`` the seats yet to act in this round, in order (``current_player`` is the
    first; empty once the session is over); ``in_play`` the seats in the hand, ``in_session``
    those still at the table; ``results`` lists a :class:`HandResult` for every hand ended.
    """

    game: DrawPoker

    @classmethod
    def cards_read_in_order(cls, game: Game, size: int) -> int:
        # DP-1, DP-5: five dealt and at most five drawn a player; the stock below is never read
        # (a refill shuffles a new stock from discards, DP-5: fewer cards than that)
        return min(size, 10 * game.players)  # type: ignore[attr-defined]

    #: The state, declared (the engine copies, compares and samples it from this). Who
    #: sees which cards: a hand its owner, every hand shown at the showdown (DP-7), a
    #: discard pile its owner (DP-5: face down), the stock nobody; the muck holds the
    #: hands passed or conceded this hand, each seen by its owner (``folded``). A sample
    #: for search deals the cards its observer has not seen to the others' hands, their
    #: discards, the stock and the hands they folded, in that order.
    FIELDS = (
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True, observed=lambda obs: [
            list(obs.hand) if seat == obs.player else list(obs.shown[seat]) if obs.shown[seat] is not None
            else [HIDDEN] * size for seat, size in enumerate(obs.hand_sizes)]),
        Field("discards", Copy.SEATS, Seen.OWNER, cards=True, observed=lambda obs: [
            list(obs.own_discards) if seat == obs.player else [HIDDEN] * size for seat, size in enumerate(obs.discard_sizes)]),
        Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.stock_size),
        Field("folded", Copy.LIST, Seen.OWNER, cards=True, observed=lambda obs: [
            obs.own_folded if seat == obs.player else (HIDDEN,) * HAND_SIZE if obs.in_session[seat] and not obs.in_play[seat]
            else () for seat in range(len(obs.in_session))]),
        Field("muck", Copy.LIST, Seen.MIXED, cards=True, derive=lambda state, obs: [
            card for cards in state.folded for card in cards]),
        Field("shown", Copy.LIST, Seen.PUBLIC, cards=True),
        Field("stacks", Copy.LIST, observed="points"),
        Field("pot"),
        Field("in_session", Copy.LIST),
        Field("dealer"),
        Field("phase"),
        Field("in_play", Copy.LIST),
        Field("to_act", Copy.LIST, observed="yet_to_act"),
        Field("put", Copy.LIST),
        Field("invested", Copy.LIST),
        Field("stake"),
        Field("opener"),
        Field("last_raiser"),
        Field("drawn", Copy.LIST),
        Field("refilled", observed=lambda obs: False),
        Field("results", Copy.LIST, observed=lambda obs: Chain()),
        Field("round_index", observed=lambda obs: obs.hand_number - 1),
    )
    SAMPLE_SEED = ("before", 2**62)
    _caches = (*GameState._caches, "_deck_batch")  # shared by clones, derived from the seed
    _deck_batch: tuple[int, _DeckOrders] | None = None

    # -- the protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act[0] if self.to_act else None

    @property
    def is_terminal(self) -> bool:
        return not self.to_act  # nobody to act: the session is over (DP-10)

    def legal_actions(self, player: int | None = None) -> LegalActions:
        seat = self.current_player
        if seat is None or (player is not None and player != seat):
            return NO_ACTIONS
        return self._PHASES[self.phase].legal(self, seat)

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalActionError naming the rule unless ``action`` is legal now.

        Legal is what the phase's view of the legal actions holds (``action in
        legal_actions()``, as python-chess's ``is_legal``): that view decides, once; the
        phase's refusal (``PhaseRules.check``) only says which rule the action breaks."""
        seat = self.current_player
        if seat is None:
            raise IllegalActionError(SESSION_OVER(players=self.game.players))
        if player is not None and player != seat:  # a seat already (EN-4: the engine checks it)
            raise IllegalActionError(NOT_YOUR_TURN(seat, player, players=self.game.players))
        rules = self._PHASES[self.phase]
        if action in rules.legal(self, seat):
            return
        kind = action.kind
        if kind not in KINDS:
            if kind == "check":
                raise IllegalActionError(NO_CHECK(players=self.game.players))
            if kind == "fold":
                raise IllegalActionError(NO_FOLD(players=self.game.players))
            raise IllegalActionError(UNKNOWN_KIND(repr(kind), _KIND_LIST, players=self.game.players))
        rules.check(self, action, seat)

    def _apply(self, action: Action, player: int) -> None:
        self._PHASES[self.phase].play(self, action, player)

    @property
    def points(self) -> tuple[int, ...]:
        """The stacks (chip games: what players try to raise)."""
        return tuple(self.stacks)

    def returns(self) -> list[float]:
        """Each player's net chips won in the session so far."""
        return [float(chips - self.game.stack) for chips in self.stacks]

    @property
    def rules(self) -> HandRules:
        return self.game.rules

    @property
    def hand_number(self) -> int:
        """The hand in play, 1 for the first (the last one played once the session is over)."""
        return self.round_index + (self.phase is not Phase.OVER)

    # -- DP-1 Deal ------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.game.players
        self.stacks = [self.game.stack] * n
        self.pot = 0
        self.in_session = [True] * n
        self.results: Chain[HandResult] = Chain()  # one per hand ended; shared by clones
        self.dealer = self._choose_dealer()
        self.phase = Phase.FIRST_BETTING
        self._start_hand()

    def _start_hand(self) -> None:
        """DP-1: shuffle, everyone pays the ante, five cards each from the dealer's left."""
        game, n = self.game, self.game.players
        cards = self._new_deck()
        self._record(NEW_HAND, self.round_index + 1, self.dealer)
        self.in_play = list(self.in_session)
        self.put = [0] * n
        self.invested = [0] * n
        for seat in range(n):
            if self.in_play[seat]:
                self.stacks[seat] -= game.ante
                self.pot += game.ante
        self._record(ANTE, game.ante, self.pot)
        order = self._order_from(self.dealer)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        dealt = HAND_SIZE * len(order)
        for i, seat in enumerate(order):  # one card at a time: every len(order)-th card
            self.hands[seat] = cards[i:dealt:len(order)]
            self._record(DEALT, seat, tuple(self.hands[seat]), player=seat, visible_to=_ONLY[seat])
        self.stock = cards[dealt:]
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.muck: list[Card] = []
        self.folded: list[tuple[Card, ...]] = [()] * n  # each seat's own cards in the muck
        self.drawn: list[int | None] = [None] * n
        self.shown: list[tuple[Card, ...] | None] = [None] * n
        self.refilled = False
        self._start_betting(Phase.FIRST_BETTING)

    def _deck_order(self, size: int) -> list[int]:
        """DP-1: the seed's order of the next hand's deck (see :class:`_DeckOrders`)."""
        batch, row = divmod(self.round_index, _DECKS_PER_BATCH)
        if self._deck_batch is None or self._deck_batch[0] != batch:
            self._deck_batch = (batch, _DeckOrders(self, batch))
        return self._deck_batch[1][row]

    def _order_from(self, seat: int) -> list[int]:
        """Active seats clockwise, starting left of ``seat``."""
        n = self.game.players
        return [s % n for s in range(seat + 1, seat + 1 + n) if self.in_play[s % n]]

    # -- DP-2 First betting round: opening; DP-3 After the opening -----------------------------
    def _start_betting(self, phase: Phase) -> None:
        self.phase = phase
        self.put = [0] * self.game.players
        self.stake = 0
        self.opener: int | None = None
        self.last_raiser: int | None = None
        self.to_act = self._order_from(self.dealer)

    def _betting_actions(self, seat: int) -> BetActions:
        """DP-2: pass or open above the ante; DP-3: pass, call or raise by the ante to
        max_bet. No all-in: only what the stack can pay is offered."""
        game, stack = self.game, self.stacks[seat]
        if self.opener is None:
            return _betting_view(False, game.ante + 1, min(game.max_bet, stack), False)
        need = self.stake - self.put[seat]
        return _betting_view(True, game.ante, min(game.max_bet, stack - need), need <= stack)

    def _refuse_bet(self, action: Action, seat: int) -> NoReturn:
        """Why a betting action the view does not hold is illegal (DP-2, DP-3, EN-3)."""
        game, kind, amount, players = self.game, action.kind, action.amount, self.game.players
        opened = self.opener is not None
        if kind not in BETTING_KINDS:
            raise IllegalActionError(BETTING_ONLY(players=players, rule="DP-3" if opened else "DP-2"))
        if action.cards:
            raise IllegalActionError(BET_TAKES_NO_CARDS(players=players))
        if kind in ("pass", "call") and amount is not None:
            raise IllegalActionError((CALL_TAKES_NO_AMOUNT if kind == "call" else PASS_TAKES_NO_AMOUNT)(players=players))
        stack = self.stacks[seat]
        if kind == "open":
            if opened:
                raise IllegalActionError(ALREADY_OPEN(self.opener, players=players))
            if amount is None:
                raise IllegalActionError(OPEN_AMOUNT(game.ante, game.max_bet, players=players))
            if not game.ante < amount <= game.max_bet:
                raise IllegalActionError(OPEN_RANGE(game.ante, game.max_bet, amount, players=players))
            raise IllegalActionError(OPEN_ALL_IN(seat, stack, players=players))
        if not opened:
            raise IllegalActionError(NOBODY_OPENED(seat, players=players))
        if kind == "raise" and amount is None:
            raise IllegalActionError(RAISE_AMOUNT(game.ante, game.max_bet, players=players))
        if kind == "raise" and not game.ante <= amount <= game.max_bet:
            raise IllegalActionError(RAISE_RANGE(game.ante, game.max_bet, amount, players=players))
        need = self.stake - self.put[seat] + (amount or 0)
        raise IllegalActionError(NO_ALL_IN(seat, need, stack, players=players))

    def _play_bet(self, action: Action, seat: int) -> None:
        if action.kind == "pass":
            self._pass(seat)
        else:
            self._bet(seat, action.kind, action.amount)

    def _bet(self, seat: int, kind: str, amount: int | None) -> None:
        """Open (DP-2), call or raise (DP-3); a raise makes everyone else speak again."""
        pay = amount if kind == "open" else self.stake - self.put[seat] + (amount or 0)
        self.stacks[seat] -= pay
        self.put[seat] += pay
        self.invested[seat] += pay
        self.pot += pay
        self.to_act.pop(0)
        if kind == "call":
            self._record(CALLED, seat, pay, self.pot, player=seat, action=CALL)
        else:
            self.stake = self.put[seat]
            if kind == "open":
                self.opener = seat
                self._record(OPENED, seat, amount, self.pot, player=seat, action=_bet_action(kind, amount))
            else:
                self.last_raiser = seat
                self._record(RAISED, seat, amount, self.stake, self.pot, player=seat, action=_bet_action(kind, amount))
            n, in_play = self.game.players, self.in_play
            self.to_act = [s % n for s in range(seat + 1, seat + n) if in_play[s % n]]
        if not self.to_act:
            self._end_betting()

    def _pass(self, seat: int) -> None:
        """DP-2 before the opening, DP-3 after it: the player leaves the hand, losing what he put in."""
        kind = PASSED_AFTER_OPENING if self.opener is not None else PASSED_BEFORE_OPENING
        self._leave_hand(seat)
        self.to_act.pop(0)
        self._record(kind, seat, self.game.ante + self.invested[seat], player=seat, action=PASS)
        alive = [s for s in range(self.game.players) if self.in_play[s]]
        if len(alive) == 1:
            self._one_left(alive[0])
        elif not self.to_act:
            self._end_betting()

    def _leave_hand(self, seat: int) -> None:
        """A pass (DP-2, DP-3) or a concession (DP-7): the cards go face down to the muck."""
        self.in_play[seat] = False
        self.muck += self.hands[seat]
        self.folded[seat] = tuple(self.hands[seat])
        self.hands[seat] = []

    # -- DP-4 One player left -------------------------------------------------------------------
    def _one_left(self, winner: int) -> None:
        self._record(ONE_LEFT, winner, self.pot, player=winner)
        self.stacks[winner] += self.pot
        self._result("DP-4", (winner,), self.pot, 0, None)
        self.pot = 0
        self._end_hand()

    # -- DP-5 Draw ---------------------------------------------------------------------------------
    def _end_betting(self) -> None:
        """After the first round the draw (DP-5); after the second the showdown (DP-7)."""
        if self.phase is Phase.FIRST_BETTING:
            self.phase = Phase.DRAW
            self.to_act = self._order_from(self.dealer)
            self._record(DRAW_BEGINS)
        else:
            self._start_showdown()

    def _draw_actions(self, seat: int) -> DrawActions:
        return DrawActions(self.hands[seat])

    def _refuse_draw(self, action: Action, seat: int) -> NoReturn:
        """Why an action the draw's view does not hold is illegal (DP-5, EN-3)."""
        players = self.game.players
        if action.kind != "draw":
            raise IllegalActionError(DRAW_ONLY(seat, players=players))
        if action.amount is not None:
            raise IllegalActionError(DRAW_TAKES_NO_AMOUNT(players=players))
        twice = tuple(card for i, card in enumerate(action.cards) if card in action.cards[:i])
        if twice:
            raise IllegalActionError(DRAWN_TWICE(twice, players=players))
        strange = tuple(card for card in action.cards if card not in self.hands[seat])
        raise IllegalActionError(NOT_HELD(seat, strange, players=players))

    def _draw(self, action: Action, seat: int) -> None:
        """Discard face down, receive as many from the stock; a stock too short is refilled
        with the other players' discards, shuffled."""
        cards, hand = action.cards, self.hands[seat]
        self.hands[seat] = [card for card in hand if card not in cards]
        self.discards[seat] += [card for card in hand if card in cards]
        need = len(cards)
        if need > len(self.stock):
            got = self.stock
            pile = [card for other in range(self.game.players) if other != seat for card in self.discards[other]]
            for other in range(self.game.players):
                if other != seat:
                    self.discards[other] = []
            self.stock = self._shuffle(pile)
            self.refilled = True
            self._record(STOCK_REFILLED, len(pile))
            new = got + self.stock[: need - len(got)]
            self.stock = self.stock[need - len(got):]
        else:
            new, self.stock = self.stock[:need], self.stock[need:]
        self.hands[seat] += new
        self.drawn[seat] = need
        self.to_act.pop(0)
        self._record(DREW, seat, need, player=seat)
        if need:
            self._record(EXCHANGED, seat, cards, tuple(new), player=seat, visible_to=_ONLY[seat])
        if not self.to_act:
            self._start_betting(Phase.SECOND_BETTING)  # DP-6
            self._record(SECOND_ROUND)

    # -- DP-6 Second betting round: as DP-2 and DP-3 (the same PhaseRules, below) -----------------

    # -- DP-7 Showdown order -------------------------------------------------------------------------
    def _start_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        if self.last_raiser is not None:
            first, kind = self.last_raiser, SHOWN_AS_LAST_RAISER
        else:
            first, kind = self.opener, SHOWN_AS_OPENER
        self._show(first, kind)
        self.to_act = [s for s in self._order_from(first) if s != first]

    def _showdown_actions(self, seat: int) -> ActionList:
        return _SHOWDOWN_ACTIONS

    def _refuse_showdown(self, action: Action, seat: int) -> NoReturn:
        """Why an action the showdown's view does not hold is illegal (DP-7)."""
        if action.kind not in ("show", "concede"):
            raise IllegalActionError(SHOW_OR_CONCEDE(players=self.game.players))
        raise IllegalActionError(SHOW_TAKES_NOTHING(players=self.game.players))

    def _show_or_concede(self, action: Action, seat: int) -> None:
        self.to_act.pop(0)
        if action.kind == "show":
            self._show(seat)
        else:
            self._leave_hand(seat)
            self._record(CONCEDED, seat, player=seat, action=CONCEDE)
        if not self.to_act:
            self._settle()

    def _show(self, seat: int, kind: EventKind = SHOWN) -> None:
        """``seat`` shows the hand (``kind``: the first shown says why it is first)."""
        shown = self.shown[seat] = tuple(self.hands[seat])
        self._record(kind, seat, shown, evaluate(shown, self.rules), player=seat)

    # -- DP-8 Winner and split pots -------------------------------------------------------------------
    def _settle(self) -> None:
        """The best shown hand takes the pot; ties split, the remainder stays."""
        values: dict[int, HandValue] = {
            seat: evaluate(cards, self.rules) for seat, cards in enumerate(self.shown) if cards is not None
        }
        best = max(values.values())
        winners = [seat for seat, value in values.items() if value == best]
        share, rest = divmod(self.pot, len(winners))
        for seat in winners:
            self.stacks[seat] += share
        if len(winners) == 1:
            self._record(WON, winners[0], self.pot, best)
        elif rest:
            self._record(SPLIT_CARRIED, tuple(winners), best, self.pot, share, rest)
        else:
            self._record(SPLIT, tuple(winners), best, self.pot, share)
        self._result("DP-8", tuple(winners), share, rest, best)
        self.pot = rest
        self._end_hand()

    def _result(self, rule: str, winners: tuple[int, ...], share: int, carried: int, value: HandValue | None) -> None:
        """Add the hand's :class:`HandResult` to ``results`` (for analysis)."""
        self.results.append(HandResult(self.round_index + 1, self.dealer, sum(self.in_session), rule, winners, self.pot,
                                       share, carried, value, self.refilled))

    # -- DP-9 Chips are conserved ---------------------------------------------------------------------
    def chips(self) -> int:
        """All the chips: the stacks and the pot, a constant sum."""
        return sum(self.stacks) + self.pot

    # -- DP-10 Next hand --------------------------------------------------------------------------------
    def _end_hand(self) -> None:
        game = self.game
        self.round_index += 1
        self.to_act = []
        for seat in range(game.players):
            if self.in_session[seat] and self.stacks[seat] < game.ante:
                self.in_session[seat] = False
                self._record(LEFT_TABLE, seat, self.stacks[seat], player=seat)
        left = [seat for seat in range(game.players) if self.in_session[seat]]
        if len(left) <= 1 or (game.hands is not None and self.round_index >= game.hands):
            self._end_session(left)
            return
        n = game.players
        self.dealer = next(s % n for s in range(self.dealer + 1, self.dealer + 1 + n) if self.in_session[s % n])
        self._start_hand()

    def _end_session(self, left: list[int]) -> None:
        """The session ends; a DP-8 remainder still in the pot is shared, never stranded."""
        game = self.game
        self.phase = Phase.OVER
        if len(left) <= 1:
            self._record(SESSION_ONE_LEFT)
        else:
            self._record(SESSION_HANDS_PLAYED, game.hands)
        if self.pot:
            seats = from_the_left(self.dealer, left, game.players)
            shares = share_left_over(self.pot, seats)
            for seat, chips in zip(seats, shares):
                self.stacks[seat] += chips
            self._record(LEFT_OVER_SHARED, self.pot, tuple(seats), tuple(shares))
            self.pot = 0

    # -- each phase's rules, by phase (DP-2/DP-3 and DP-6 share the betting) --------------------------
    #: ``legal`` is the one source of legality (``check`` asks it); the phase's ``check``
    #: is called only for an action that view does not hold, and words the rule it breaks.
    _PHASES: ClassVar[dict[Phase, PhaseRules]] = {
        Phase.FIRST_BETTING: PhaseRules(_betting_actions, _refuse_bet, _play_bet),
        Phase.DRAW: PhaseRules(_draw_actions, _refuse_draw, _draw),
        Phase.SECOND_BETTING: PhaseRules(_betting_actions, _refuse_bet, _play_bet),
        Phase.SHOWDOWN: PhaseRules(_showdown_actions, _refuse_showdown, _show_or_concede),
    }

    # -- views --------------------------------------------------------------------------------------------
    def observation(self, player: int) -> DrawPokerObservation:
        current = self.current_player
        hand_sizes, discard_sizes = tuple(map(len, self.hands)), tuple(map(len, self.discards))
        hand, own_discards = tuple(self.hands[player]), tuple(self.discards[player])
        # What the table shows of each hand: the seat's own and shown ones, else only their size (DP-7).
        hands_seen = tuple(hand if seat == player else size if shown is None else tuple(self.hands[seat])
                           for seat, (size, shown) in enumerate(zip(hand_sizes, self.shown)))
        zones = Zones(_table, player, hands_seen, len(self.stock), own_discards, discard_sizes, len(self.muck))
        opened = self.opener is not None
        betting = self.phase in (Phase.FIRST_BETTING, Phase.SECOND_BETTING)
        return frozen(  # every field given: the same value as DrawPokerObservation(...), made faster
            DrawPokerObservation,
            game=self.game,
            player=player,
            current_player=current,
            hand=hand,
            legal_actions=self.legal_actions(player) if current == player else NO_ACTIONS,
            zones=zones,
            points=tuple(self.stacks),
            pot=self.pot,
            log=self.log_for(player),
            events=self.events_for(player),
            is_terminal=current is None,
            dealer=self.dealer,
            phase=self.phase,
            hand_number=self.hand_number,
            stake=self.stake,
            put=tuple(self.put),
            invested=tuple(self.invested),
            to_call=self.stake - self.put[player] if betting and opened and self.in_play[player] else None,
            opened=opened,
            opener=self.opener,
            last_raiser=self.last_raiser,
            yet_to_act=tuple(self.to_act),
            in_play=tuple(self.in_play),
            in_session=tuple(self.in_session),
            drawn=tuple(self.drawn),
            own_discards=own_discards,
            own_folded=self.folded[player],
            shown=tuple(self.shown),
            hand_sizes=hand_sizes,
            discard_sizes=discard_sizes,
            stock_size=len(self.stock),
        )

    def zones(self) -> tuple[Zone, ...]:
        """Every card where it really is: each seat's hand, each seat's discards (DP-5), the
        stock and the muck (DP-2, DP-7).

        >>> [(zone.kind, zone.owner) for zone in DrawPoker(players=2).new_state(seed=1).zones()]
        [('hand', 0), ('hand', 1), ('discard', 0), ('discard', 1), ('stock', None), ('muck', None)]
        """
        seats = range(self.game.players)
        return (*(Zone("hand", seat, cards=tuple(self.hands[seat])) for seat in seats),
                *(Zone("discard", seat, cards=tuple(self.discards[seat])) for seat in seats),
                Zone("stock", cards=tuple(self.stock)), Zone("muck", cards=tuple(self.muck)))


DrawPoker.state_class = DrawPokerState


# -- the views of the legal actions ------------------------------------------------------------------
class BetActions(LegalActions):
    """The actions of a betting turn (DP-2, DP-3) as a view: ``fixed`` (pass, or pass and
    call), then ``kind`` (open or raise) of every amount from ``low`` to ``high``, held as a
    range, so a limit of 10**9 costs what a limit of 10 does. Membership, ``len``,
    indexing, iteration and uniform sampling work as on a list of the same actions
    (``sample`` draws one :func:`~cardlab.engine.uniform_index`, as an ActionList does).

    >>> bets = BetActions((Action("pass"), Action("call")), "raise", 1, 10**9)
    >>> len(bets), Action("raise", amount=123_456_789) in bets, Action("raise", amount=0) in bets
    (1000000002, True, False)
    >>> bets[2], bets[-1], bets.amounts
    (Action('raise', amount=1), Action('raise', amount=1000000000), range(1, 1000000001))
    """

    __slots__ = ("fixed", "kind", "amounts")

    def __init__(self, fixed: tuple[Action, ...], kind: str, low: int, high: int):
        self.fixed = fixed
        self.kind = kind
        self.amounts = range(low, max(high, low - 1) + 1)

    def __len__(self) -> int:
        return len(self.fixed) + len(self.amounts)

    def __bool__(self) -> bool:
        return True if self.fixed else bool(self.amounts)

    def __getitem__(self, index: int) -> Action:
        fixed = self.fixed
        if index < 0:
            index += len(self)
        if 0 <= index < len(fixed):
            return fixed[index]
        amount = self.amounts[index - len(fixed)]  # IndexError beyond the end
        if len(self.amounts) > 64:  # a wide range: a cache would only churn
            return Action.trusted(self.kind, (), amount)
        return _bet_action(self.kind, amount)

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        kind = self.kind
        for amount in self.amounts:
            yield _bet_action(kind, amount)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if action.kind == self.kind:
            return not action.cards and type(action.amount) is int and action.amount in self.amounts
        return action in self.fixed

    def kinds(self) -> frozenset[str]:
        kinds = frozenset(action.kind for action in self.fixed)
        return kinds | {self.kind} if self.amounts else kinds

    def sample(self, rng: np.random.Generator) -> Action:
        return self[uniform_index(rng, len(self))]

    def _mentioned(self) -> tuple[Action, ...]:
        return self.fixed  # bets hold no cards (for engine.cards_in)

    def key(self) -> tuple:
        return self.fixed, self.kind, self.amounts

    def __repr__(self) -> str:
        bets = f"{self.kind} {self.amounts.start}..{self.amounts.stop - 1}" if self.amounts else f"no {self.kind}"
        return f"BetActions({', '.join(map(str, self.fixed))}; {bets})"


class DrawActions(LegalActions):
    """The 32 discards of a five-card hand (DP-5), as a view: built only when iterated.

    >>> from cardlab.cards import parse_cards
    >>> actions = DrawActions(parse_cards("Ah Kd 7c 7s 2h"))
    >>> len(actions), Action("draw", "2h Kd") in actions, Action("draw", "Qc") in actions
    (32, True, False)
    """

    __slots__ = ("hand",)

    def __init__(self, hand: Sequence[Card]):
        self.hand = tuple(hand)

    def __len__(self) -> int:
        return 1 << len(self.hand)

    def __iter__(self) -> Iterator[Action]:
        return iter(_every_discard(self.hand))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind != "draw" or action.amount is not None:
            return False
        return len(set(action.cards)) == len(action.cards) and all(card in self.hand for card in action.cards)

    def kinds(self) -> frozenset[str]:
        return frozenset(("draw",))

    def sample(self, rng: np.random.Generator) -> Action:
        mask = uniform_index(rng, 1 << len(self.hand))
        # The hand's own cards, already a tuple of Cards: no need for Action's checks.
        return Action.trusted("draw", tuple([card for i, card in enumerate(self.hand) if mask >> i & 1]))

    def card_offers(self) -> tuple[CardOffer, ...]:
        """A draw of none to all of the hand's cards (DP-5)."""
        return (CardOffer("draw", self.hand, frozenset(range(len(self.hand) + 1))),)

    def key(self) -> tuple:
        return self.hand

    def __repr__(self) -> str:
        return f"DrawActions({format_cards(self.hand)}; {len(self)} discards)"


_SHOWDOWN_ACTIONS = ActionList((SHOW, CONCEDE))


# -- helpers: caches of values that never change, the deck orders ----------------------
@functools.lru_cache(maxsize=4096)  # bounded: a limit of 10**9 offers that many amounts
def _bet_action(kind: str, amount: int) -> Action:
    return Action.trusted(kind, (), amount)


@functools.lru_cache(maxsize=4096)
def _betting_view(opened: bool, low: int, high: int, can_call: bool) -> BetActions:
    """pass, then open low..high (before the opening) or call and raise low..high."""
    if not opened:
        return BetActions((PASS,), "open", low, high)
    if not can_call:
        return BetActions((PASS,), "raise", 1, 0)
    return BetActions((PASS, CALL), "raise", low, high)


@functools.lru_cache(maxsize=4096)
def _every_discard(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every discard of a hand (32 for five cards), keeping the hand's order."""
    return tuple(
        Action("draw", combo) for size in range(len(hand) + 1) for combo in itertools.combinations(hand, size)
    )


def _table(player: int, hands_seen: tuple[tuple[Card, ...] | int, ...], stock: int, own_discards: tuple[Card, ...],
           discard_sizes: tuple[int, ...], muck: int) -> tuple[Zone, ...]:
    """The zones of a seat's observation, from what it sees: each hand (its cards, or
    only its size face down), the stock, the discards (the seat's own face up among the
    others' backs, DP-5) and the muck."""
    zones = [frozen(Zone, kind="hand", owner=seat, cards=seen) if type(seen) is tuple
             else _face_down("hand", seen, seat) for seat, seen in enumerate(hands_seen)]
    zones.append(_face_down("stock", stock))
    if sum(discard_sizes) > discard_sizes[player]:  # others' discards lie face down among the seat's own
        pile = tuple(card for seat, size in enumerate(discard_sizes)
                     for card in (own_discards if seat == player else (None,) * size))
    else:
        pile = own_discards
    zones.append(frozen(Zone, kind="discard", cards=pile))
    zones.append(_face_down("muck", muck))
    return tuple(zones)


@functools.lru_cache(maxsize=1024)
def _face_down(kind: str, count: int, owner: int | None = None) -> Zone:
    """A zone of ``count`` face-down cards: the same value every time, so made once."""
    return Zone(kind, owner, cards=(None,) * count)


@functools.cache
def _rules(deck_size: int, ace_low: bool) -> HandRules:
    return HandRules(deck_size, ace_low)


_DECKS_PER_BATCH = 64


class _DeckOrders:
    """The deck orders of hands 64k .. 64k+63 (k = ``batch``), from one stream keyed by
    (seed, 2**20, k), shuffled from the seed like the engine's decks: row r is the r-th
    permutation the stream draws (what ``permuted`` of 64 rows gives, row by row), drawn
    when first asked, so a session of a few hands draws a few. Clones share it: rows come
    in stream order whoever asks."""

    def __init__(self, state: DrawPokerState, batch: int):
        self._stream = rng_for(state.seed, 1 << 20, batch)  # the state's own stream (GameState._rng); a generator costs more than a hand of random play
        self._size = len(state.game.full_deck)
        self._rows: list[list[int]] = []

    def __getitem__(self, row: int) -> list[int]:
        while len(self._rows) <= row:
            self._rows.append(self._stream.permutation(self._size).tolist())
        return self._rows[row]


# -- what the layers above need to know (cardlab.games.spec) --------------------------------
def adapter_bounds(game: DrawPoker) -> tuple[float, float, int]:
    """A seat loses at most its stack and wins at most the others'; every raise puts in at
    least the ante (DP-3), so a hand has at most ``stack // ante + 2`` bets a seat in each
    of its two rounds, a draw, a showing and a pass, plus a deal and at most one refill a
    seat (DP-5) of one chance node per card. A session without an end (``hands`` None,
    DP-10) has no bound and is refused."""
    if game.hands is None:
        raise ValueError("an OpenSpiel game needs a session of known length: give hands"
                         " (a session played until one player is left has no bound)")
    d, n = len(set(game.full_deck)), game.num_players
    per_hand = n * (2 * (game.stack // game.ante + 2) + 7 + 1) + (n + 1) * d
    return -float(game.stack), float((n - 1) * game.stack), 1 + game.hands * per_hand


def bet_cost(obs: DrawPokerObservation, action: Action) -> int:
    """The chips a betting action puts in the pot: an opening its amount (DP-2); a call
    what the seat lacks to match the stake, a raise that and the raise (DP-3).

    >>> obs = DrawPoker(players=2).new_state(seed=1).observation(1)
    >>> bet_cost(obs, Action("open", amount=3)), bet_cost(obs, Action("pass"))
    (3, 0)
    """
    if action.kind == "open":
        return action.amount or 0
    if action.kind in ("call", "raise"):
        return (obs.to_call or 0) + (action.amount or 0)
    return 0


def how_to_figures(game: DrawPoker) -> dict[str, Figure]:
    """The figures of the how-to (:mod:`cardlab.words.draw_poker`, which says the session's
    length itself, DP-10), from the rules' figures and the settings.

    >>> how_to_figures(DrawPoker(ante=2))["ante"]
    Amount(n=2, unit='chips')
    """
    return {
        "ante": Amount(game.ante, "chips"),  # DP-1
        "max_bet": Amount(game.max_bet, "chips"),  # DP-2, DP-3
        "hand": Amount(HAND_SIZE, "cards"),  # DP-1, DP-5
    }


SPEC = GameSpec(
    name="draw_poker",
    players=(2, 8),
    actions=(
        ActionSpec("pass", "DP-2"),
        ActionSpec("call", "DP-3", cost=bet_cost),
        ActionSpec("draw", "DP-5", Takes.CHOSEN),  # none chosen: stand pat
        ActionSpec("show", "DP-7"),
        ActionSpec("concede", "DP-7"),
        ActionSpec("open", "DP-2", amount=True, cost=bet_cost),
        ActionSpec("raise", "DP-3", amount=True, cost=bet_cost),
    ),
    unit="chips",
    bounds=adapter_bounds,
    adapter_settings=MappingProxyType({"players": 2, "hands": 1}),
    hand_rules=lambda game: game.rules,  # HR-4: the order of the deck in play
    figures=how_to_figures,
    round_unit="hand",  # DP-8: each hand's pot is won
    # Set so that the slowest decision at the default settings stays well under 200 ms
    # (benchmarks/bench_games.py): a rollout action costs 45-60 microseconds (five hands,
    # the rollout bot's exact draw odds), and first-betting decisions without a budget played
    # up to 2,800 of them. The budget binds on about 5% of the decisions at no measurable cost
    # in strength (benchmarks/bench_search_budget.py).
    search_budget=1500,
    judges=MappingProxyType({"draw": "cardlab.coach.exact:judge_draw"}),  # DP-5: every draw counted
    hints=MappingProxyType({"draw": "cardlab.sessions.hints:draw_hint"}),  # DP-5: the exact odds of each discard
)

ENTRY = register(GameEntry("Draw poker", DrawPoker, SPEC, rule_bot="cardlab.bots.draw_poker:RuleOfThumb",
                           table="cardlab.widgets.draw_poker:DrawPokerTable",
                           drills="cardlab.drills.draw_poker:MAKERS"))
