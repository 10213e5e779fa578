"""Five-card draw poker, Polish rules, on any deck of HR-3 (DP-1 .. DP-10).

One state is a whole *session*: hands follow one another (the deal moving left,
DP-10) until one player is left at the table or ``hands`` hands have been played.
``round_index`` counts the hands that have ended.

>>> game = DrawPoker(players=3, deck_size=32, ante=1, max_bet=4, stack=20, hands=1)
>>> state = game.new_state(seed=7, dealer=0)
>>> state.current_player, state.pot, state.stacks      # everyone paid the ante (DP-1)
(1, 3, (19, 19, 19))
>>> [str(a) for a in state.legal_actions()]             # no check before the opening (DP-2)
['pass', 'open 2', 'open 3', 'open 4']
>>> state.apply(Action("open", amount=3))
>>> state.apply(Action("pass")); state.apply(Action("pass"))   # one player left (DP-4)
>>> state.round_index, state.is_terminal, state.stacks, state.pot
(1, True, (19, 22, 19), 0)
>>> for line in state.log_for(0)[-3:]: print(line)
DP-3: South passes and leaves the hand, losing 1
DP-4: West is the only player left and takes the pot of 6 without showing
DP-10: the session ends: 1 hand played

A deck too small for the players and the draw is refused:

>>> DrawPoker(players=8, deck_size=24)
Traceback (most recent call last):
...
cardlab.engine.SettingsError: DP-5: 8 players need a deck of at least 45 cards (five each, and five more so that the last player can always draw five); deck_size 24 is too small (use 48 or 52)
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cardlab.cards import DECK_SIZES, Card, deck
from cardlab.chain import Chain
from cardlab.engine import (
    Action,
    ActionList,
    LegalActions,
    Game,
    GameState,
    IllegalActionError,
    Observation,
    SettingsError,
    Zone,
    seat_names,
    whole_setting,
)
from cardlab.games.chips import from_the_left, left_over_words, share_left_over
from cardlab.hands import HandRules, HandValue, evaluate

__all__ = ["DrawPoker", "DrawPokerState", "DrawPokerObservation", "DrawActions", "BetActions", "HandResult", "Phase", "MAX_CHIPS"]

HAND_SIZE = 5
_DECKS_PER_BATCH = 64
#: The largest ante, bet limit or stack (EN-6): bets are offered as a range
#: (:class:`BetActions`), so any limit up to this costs the same as a small one.
MAX_CHIPS = 10**12


class Phase(enum.StrEnum):
    """The phases of a hand; equal to their words."""

    FIRST_BETTING = "first betting"  # DP-2, DP-3
    DRAW = "draw"  # DP-5
    SECOND_BETTING = "second betting"  # DP-6
    SHOWDOWN = "showdown"  # DP-7
    OVER = "over"  # the session has ended (DP-10)


_PASS, _CALL, _SHOW, _CONCEDE = Action("pass"), Action("call"), Action("show"), Action("concede")


@functools.lru_cache(maxsize=4096)  # bounded: a limit of 10**9 offers that many amounts
def _bet_action(kind: str, amount: int) -> Action:
    return Action._unchecked(kind, (), amount)


@functools.lru_cache(maxsize=4096)
def _betting_actions(opened: bool, low: int, high: int, can_call: bool) -> BetActions:
    """pass, then open low..high (before the opening) or call and raise low..high."""
    if not opened:
        return BetActions((_PASS,), "open", low, high)
    if not can_call:
        return BetActions((_PASS,), "raise", 1, 0)
    return BetActions((_PASS, _CALL), "raise", low, high)


def _uniform(rng: np.random.Generator, n: int) -> int:
    """A uniform index below ``n``: ``rng.random()`` costs a third of ``rng.integers``."""
    return int(rng.random() * n)  # random() < 1, so the index is below n


class _Choices(ActionList):
    """An ActionList whose ``sample`` indexes its tuple (random play calls it once per action)."""

    def sample(self, rng: np.random.Generator) -> Action:
        actions = self._actions
        self._drawn = action = actions[_uniform(rng, len(actions))]  # vouched for: GameState._offer
        return action


class BetActions(LegalActions):
    """The actions of a betting turn (DP-2, DP-3) as a view: ``fixed`` (pass, or pass and
    call), then ``kind`` (open or raise) of every amount from ``low`` to ``high``, held as a
    range, so a limit of 10**9 costs what a limit of 10 does. Membership, ``len``,
    indexing, iteration and uniform sampling work as on a list of the same actions.

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
            return Action._unchecked(self.kind, (), amount)
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
        # The same draw as a _Choices of these actions listed in full (one rng.random()).
        self._drawn = action = self[_uniform(rng, len(self))]  # vouched for: GameState._offer
        return action

    def _mentioned(self) -> tuple[Action, ...]:
        return self.fixed  # bets hold no cards (for engine.cards_in)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BetActions) and (self.fixed, self.kind, self.amounts) == (other.fixed, other.kind, other.amounts)

    def __hash__(self) -> int:
        return hash((self.fixed, self.kind, self.amounts))

    def __repr__(self) -> str:
        bets = f"{self.kind} {self.amounts.start}..{self.amounts.stop - 1}" if self.amounts else f"no {self.kind}"
        return f"BetActions({', '.join(map(str, self.fixed))}; {bets})"


_SHOWDOWN_ACTIONS = _Choices((_SHOW, _CONCEDE))
_KINDS = ("pass", "open", "call", "raise", "draw", "show", "concede")  # every kind of action (EN-3)
_NO_ACTIONS = ActionList(())
# Card text by object identity: the 52 cards are canonical objects, and id() hashes
# much faster than a dataclass of two enums (the deal is logged every hand).
_TEXT = {id(card): str(card) for card in deck(52)}


def _words(cards: Sequence[Card]) -> str:
    text = _TEXT.get
    return " ".join([text(id(card)) or str(card) for card in cards])


@functools.cache
def _names(players: int) -> tuple[str, ...]:
    return seat_names(players)


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
        return iter(_draw_actions(self.hand))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind != "draw" or action.amount is not None:
            return False
        return len(set(action.cards)) == len(action.cards) and all(card in self.hand for card in action.cards)

    def kinds(self) -> frozenset[str]:
        return frozenset(("draw",))

    def sample(self, rng: np.random.Generator) -> Action:
        mask = _uniform(rng, 1 << len(self.hand))
        # The hand's own cards, already a tuple of Cards: no need for Action's checks.
        self._drawn = action = Action._unchecked("draw", tuple([card for i, card in enumerate(self.hand) if mask >> i & 1]))
        return action

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrawActions) and self.hand == other.hand

    def __hash__(self) -> int:
        return hash(self.hand)

    def __repr__(self) -> str:
        return f"DrawActions({_words(self.hand)}; {len(self)} discards)"


@functools.lru_cache(maxsize=4096)
def _draw_actions(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every discard of a hand (32 for five cards), keeping the hand's order."""
    return tuple(
        Action("draw", combo) for size in range(len(hand) + 1) for combo in itertools.combinations(hand, size)
    )


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
            raise SettingsError(f"deck_size must be one of {', '.join(map(str, DECK_SIZES))} (HR-3), got {self.deck_size!r}")
        object.__setattr__(self, "deck_size", int(self.deck_size))
        if not isinstance(self.ace_low, bool):
            raise SettingsError(f"ace_low must be True or False (HR-5), got {self.ace_low!r}")
        if self.deck_size == 52 and not self.ace_low:
            raise SettingsError("ace_low=False is an option for short decks only (HR-5): 52 cards always count A-2-3-4-5 (HR-1)")
        ante = whole("ante", 1)
        if whole("max_bet", 1) <= ante:
            raise SettingsError(
                f"DP-2: an opening must be greater than the ante and at most max_bet, so max_bet ({self.max_bet}) must exceed the ante ({ante})"
            )
        if whole("stack", 1) < ante:
            raise SettingsError(f"DP-10: a stack ({self.stack}) smaller than the ante ({ante}) could not sit down")
        if self.hands is not None:
            whole("hands", 1, None)
        need = HAND_SIZE * (self.players + 1)
        if self.deck_size < need:
            fits = [size for size in reversed(DECK_SIZES) if size >= need]
            raise SettingsError(
                f"DP-5: {self.players} players need a deck of at least {need} cards (five each, and five more "
                f"so that the last player can always draw five); deck_size {self.deck_size} is too small "
                f"(use {' or '.join(map(str, fits))})"
            )

    @property
    def rules(self) -> HandRules:
        """The hand ranking in force: HR-4 order of the deck, HR-5 option."""
        return _rules(self.deck_size, self.ace_low)

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> DrawPokerState:
        """A full state consistent with ``observation``: unseen cards dealt at random.

        The hidden cards (other hands, the stock, other players' discards, the muck)
        are drawn from the cards ``observation.player`` has not seen. The sample has no
        action history: it is for search bots, not for saving.
        """
        obs = observation
        if not isinstance(obs, DrawPokerObservation):
            raise TypeError("sample_state needs a DrawPokerObservation")
        state = object.__new__(DrawPokerState)
        _base_fields(state, self, int(rng.integers(2**62)))
        known = set(obs.hand) | set(obs.my_discards) | set(obs.my_folded)
        for shown in obs.shown:
            known.update(shown or ())
        unseen = [card for card in self.full_deck if card not in known]
        unseen = [unseen[i] for i in rng.permutation(len(unseen))]
        take = iter(unseen)
        n = self.players
        state.round_index = obs.hand_number - 1
        state.results = []
        state.refilled = False
        state._stacks = list(obs.points)
        state.invested = list(obs.invested)
        state.pot = obs.pot
        state.seated = list(obs.seated)
        state.dealer = obs.dealer
        state.active = list(obs.active)
        state.phase = obs.phase
        state.put = list(obs.put)
        state.stake = obs.stake
        state.opener = obs.opener
        state.last_raiser = obs.last_raiser
        state.pending = list(obs.pending)
        state.drawn = list(obs.drawn)
        state.shown = [None if s is None else tuple(s) for s in obs.shown]
        state.hands = []
        for seat in range(n):
            if seat == obs.player:
                state.hands.append(list(obs.hand))
            elif state.shown[seat] is not None:
                state.hands.append(list(state.shown[seat]))
            else:
                state.hands.append([next(take) for _ in range(obs.hand_sizes[seat])])
        state.discards = [
            list(obs.my_discards) if seat == obs.player else [next(take) for _ in range(obs.discard_sizes[seat])]
            for seat in range(n)
        ]
        state.stock = [next(take) for _ in range(obs.stock_size)]
        state.muck = list(take) + list(obs.my_folded)
        state.folded = [obs.my_folded if seat == obs.player else () for seat in range(n)]
        return state


def _built(cls: type, **fields):
    """A frozen dataclass from its complete fields without running ``__init__``: one
    observation per action is the cost of random play, and a frozen ``__init__`` with
    thirty fields is a quarter of it. Every field is given, so the value is the same."""
    value = object.__new__(cls)
    value.__dict__.update(fields)
    return value


@functools.cache
def _rules(deck_size: int, ace_low: bool) -> HandRules:
    return HandRules(deck_size, ace_low)


def _base_fields(state: GameState, game: Game, seed: int) -> None:
    """The base fields of a state built without ``_setup`` (clones, samples)."""
    state.game = game
    state.seed = seed
    state.first_dealer = None
    state.stacked = None
    state.history = []
    state.actions = []
    state.round_index = 0
    state._shuffles = 1
    state._deck_batch = None


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
    (None before the opening); ``drawn`` how many cards each seat drew (DP-5, public);
    ``my_discards`` this seat's own discards still in the discard pile; ``my_folded`` its
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
    pending: tuple[int, ...] = ()
    active: tuple[bool, ...] = ()
    seated: tuple[bool, ...] = ()
    drawn: tuple[int | None, ...] = ()
    my_discards: tuple[Card, ...] = ()
    my_folded: tuple[Card, ...] = ()
    shown: tuple[tuple[Card, ...] | None, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    discard_sizes: tuple[int, ...] = ()
    stock_size: int = 0


class DrawPokerState(GameState):
    """A session of draw poker: the hand in play, the stacks and the pot (DP-1 .. DP-10).

    ``stacks`` and ``pot`` are read-only views; ``phase`` is one of :class:`Phase`;
    ``results`` lists a :class:`HandResult` for every hand ended.
    """

    game: DrawPoker

    _caches = (*GameState._caches, "_deck_batch")  # shared by clones, derived from the seed

    # -- set-up -------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.game.players
        self._deck_batch: tuple[int, list[list[int]]] | None = None  # shared by clones, never changed
        self._stacks = [self.game.stack] * n
        self.pot = 0
        self.seated = [True] * n
        self.results: Chain[HandResult] = Chain()  # one per hand ended; shared by clones
        self.dealer = self._choose_dealer()
        self.phase = Phase.FIRST_BETTING
        self._start_hand()

    def _start_hand(self) -> None:
        """DP-1: shuffle, everyone pays the ante, five cards each from the dealer's left."""
        game, n = self.game, self.game.players
        cards = self._new_deck()
        hand_no = self.round_index + 1
        self._log("deal", f"hand {hand_no}: {self.name(self.dealer)} deals", rule="DP-1")
        self.active = list(self.seated)
        self.put = [0] * n
        self.invested = [0] * n
        for seat in range(n):
            if self.active[seat]:
                self._stacks[seat] -= game.ante
                self.pot += game.ante
        self._log("ante", f"every player pays the ante of {game.ante}; the pot is {self.pot}", rule="DP-1")
        order = self._order_from(self.dealer)
        self.hands = [[] for _ in range(n)]
        dealt = HAND_SIZE * len(order)
        for i, seat in enumerate(order):  # one card at a time: every len(order)-th card
            self.hands[seat] = cards[i:dealt:len(order)]
            self._log("deal", f"{self.name(seat)} is dealt {_words(self.hands[seat])}", rule="DP-1", player=seat,
                      visible_to=(seat,))
        self.stock = cards[dealt:]
        self.discards = [[] for _ in range(n)]
        self.muck: list[Card] = []
        self.folded: list[tuple[Card, ...]] = [()] * n  # each seat's own cards in the muck
        self.drawn: list[int | None] = [None] * n
        self.shown: list[tuple[Card, ...] | None] = [None] * n
        self.refilled = False
        self._start_betting(Phase.FIRST_BETTING)

    def _new_deck(self) -> list[Card]:
        """DP-1: the deck of the next hand, the stacked one first.

        Shuffled from the seed like the engine's, but 64 hands at a time: a seeded
        generator costs more to make than a hand of random play, so the orders of
        hands 64k .. 64k+63 come from one stream keyed by (seed, 2**20, k).
        """
        self._shuffles += 1  # keeps the refill streams (_shuffle) distinct per hand
        if self._shuffles == 1 and self.stacked is not None:
            return list(self.stacked)
        batch, row = divmod(self.round_index, _DECKS_PER_BATCH)
        if self._deck_batch is None or self._deck_batch[0] != batch:
            size = len(self.game.full_deck)
            orders = self._rng(1 << 20, batch).permuted(np.tile(np.arange(size), (_DECKS_PER_BATCH, 1)), axis=1)
            self._deck_batch = (batch, orders.tolist())
        cards = self.game.full_deck
        return [cards[i] for i in self._deck_batch[1][row]]

    def _start_betting(self, phase: str) -> None:
        self.phase = phase
        self.put = [0] * self.game.players
        self.stake = 0
        self.opener: int | None = None
        self.last_raiser: int | None = None
        self.pending = self._order_from(self.dealer)

    def _order_from(self, seat: int) -> list[int]:
        """Active seats clockwise, starting left of ``seat``."""
        n = self.game.players
        return [s % n for s in range(seat + 1, seat + 1 + n) if self.active[s % n]]

    # -- the protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.pending[0] if self.pending else None

    @property
    def is_terminal(self) -> bool:
        return not self.pending  # nobody to act: the session is over (DP-10)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips in front of him (DP-9: with the pot, a constant sum)."""
        return tuple(self._stacks)

    @property
    def points(self) -> tuple[int, ...]:
        """The stacks (chip games: what players try to raise)."""
        return tuple(self._stacks)

    def chips(self) -> int:
        return sum(self._stacks) + self.pot

    def returns(self) -> list[float]:
        """Each player's net chips won in the session so far."""
        return [float(chips - self.game.stack) for chips in self._stacks]

    @property
    def rules(self) -> HandRules:
        return self.game.rules

    def legal_actions(self, player: int | None = None) -> LegalActions:
        seat = self.current_player
        if seat is None or (player is not None and player != seat):
            return _NO_ACTIONS
        phase = self.phase
        if phase == Phase.DRAW:
            return self._offer(seat, DrawActions(self.hands[seat]))
        if phase == Phase.SHOWDOWN:
            return self._offer(seat, _SHOWDOWN_ACTIONS)
        game, stack = self.game, self._stacks[seat]
        if self.opener is None:
            return self._offer(seat, _betting_actions(False, game.ante + 1, min(game.max_bet, stack), False))
        need = self.stake - self.put[seat]
        return self._offer(seat, _betting_actions(True, game.ante, min(game.max_bet, stack - need), need <= stack))

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalActionError naming the rule unless ``action`` is legal now."""
        pending = self.pending
        if not pending:
            raise IllegalActionError("EN-2", f"the session is over (DP-10); {action.kind} cannot be played")
        if player is not None and player != pending[0]:
            n = self.game.players
            if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < n:
                raise IllegalActionError("EN-4", f"there is no seat {player!r}: seats are 0 to {n - 1}")
            raise IllegalActionError("EN-1", f"it is {self.name(pending[0])}'s turn, not {self.name(player)}'s")
        seat = pending[0]
        game, kind, phase = self.game, action.kind, self.phase
        if kind not in _KINDS:
            if kind == "check":
                raise IllegalActionError("DP-2", "there is no check: before the opening a player passes (leaving the "
                                         "hand) or opens")
            hint = "; to fold, pass (DP-3)" if kind == "fold" else ""
            raise IllegalActionError("EN-3", f"{kind!r} is not a draw poker action ({', '.join(_KINDS)}){hint}")
        if phase == Phase.DRAW:
            if kind != "draw":
                raise IllegalActionError("DP-5", f"it is the draw: {self.name(seat)} discards 0 to 5 cards, not {kind!r}")
            if action.amount is not None:
                raise IllegalActionError("EN-3", "a draw names the discarded cards, not an amount")
            twice = [card for i, card in enumerate(action.cards) if card in action.cards[:i]]
            if twice:
                raise IllegalActionError("DP-5", f"{_words(twice)} is named twice in {action}: each card is discarded once")
            strange = [card for card in action.cards if card not in self.hands[seat]]
            if strange:
                raise IllegalActionError("DP-5", f"{_words(strange)} not in {self.name(seat)}'s hand")
            return
        if phase == Phase.SHOWDOWN:
            if kind not in ("show", "concede"):
                raise IllegalActionError("DP-7", f"at the showdown a player shows or concedes, not {kind!r}")
            if action.cards or action.amount is not None:
                raise IllegalActionError("DP-7", f"{kind} takes no cards and no amount (the whole hand is shown)")
            return
        opened = self.opener is not None
        rule = "DP-3" if opened else "DP-2"
        if kind not in ("pass", "open", "call", "raise"):
            raise IllegalActionError(rule, f"in a betting round a player passes, opens, calls or raises, not {kind!r}")
        if action.cards:
            raise IllegalActionError("EN-3", f"{kind} takes no cards ({rule}: a betting round moves chips only)")
        if kind in ("pass", "call") and action.amount is not None:
            raise IllegalActionError("EN-3", f"{kind} takes no amount ({rule}: "
                                     + ("a call matches the stake" if kind == "call" else "a pass puts nothing in") + ")")
        if kind == "pass":
            return
        stack = self._stacks[seat]
        if kind == "open":
            if opened:
                raise IllegalActionError("DP-3", f"the pot is already open ({self.name(self.opener)}): call, raise or pass")
            if action.amount is None or not game.ante < action.amount <= game.max_bet:
                raise IllegalActionError("DP-2", f"an opening is more than the ante ({game.ante}) and at most {game.max_bet}, got {action.amount}")
            if action.amount > stack:
                raise IllegalActionError("DP-3", f"no all-in: {self.name(seat)} has {stack} chips, cannot open {action.amount}")
            return
        if not opened:
            raise IllegalActionError("DP-2", f"nobody has opened: there is no check, {self.name(seat)} passes (leaving the hand) or opens")
        need = self.stake - self.put[seat]
        if kind == "raise":
            if action.amount is None or not game.ante <= action.amount <= game.max_bet:
                raise IllegalActionError("DP-3", f"a raise over the stake is {game.ante} to {game.max_bet}, got {action.amount}")
            need += action.amount
        if need > stack:
            raise IllegalActionError("DP-3", f"no all-in: {self.name(seat)} needs {need} chips and has {stack}; a player who cannot match must pass")

    def _apply(self, action: Action, player: int) -> None:
        kind = action.kind
        if kind == "draw":
            self._draw(player, action.cards)
        elif kind in ("show", "concede"):
            self._showdown_act(player, kind == "show")
        elif kind == "pass":
            self._fold(player)
        else:
            self._bet(player, kind, action.amount)

    # -- betting (DP-2, DP-3, DP-4, DP-6) -----------------------------------------------
    def _bet(self, seat: int, kind: str, amount: int | None) -> None:
        need = self.stake - self.put[seat]
        pay = amount if kind == "open" else need + (amount or 0)
        self._stacks[seat] -= pay
        self.put[seat] += pay
        self.invested[seat] += pay
        self.pot += pay
        self.pending.pop(0)
        name = _names(self.game.players)[seat]
        if kind == "call":
            self._log("bet", f"{name} calls {pay}; the pot is {self.pot}", rule="DP-3", player=seat, action=_CALL)
        else:
            self.stake = self.put[seat]
            if kind == "open":
                self.opener = seat
                text, rule = f"{name} opens with {amount}; the pot is {self.pot}", "DP-2"
            else:
                self.last_raiser = seat
                text, rule = f"{name} raises by {amount} to {self.stake}; the pot is {self.pot}", "DP-3"
            self._log("bet", text, rule=rule, player=seat, action=_bet_action(kind, amount))
            n, active = self.game.players, self.active
            self.pending = [s % n for s in range(seat + 1, seat + n) if active[s % n]]
        if not self.pending:
            self._end_betting()

    def _fold(self, seat: int) -> None:
        rule = "DP-3" if self.opener is not None else "DP-2"
        self.active[seat] = False
        self.muck += self.hands[seat]
        self.folded[seat] = tuple(self.hands[seat])
        self.hands[seat] = []
        self.pending.pop(0)
        lost = self.game.ante + self.invested[seat]
        self._log("pass", f"{self.name(seat)} passes and leaves the hand, losing {lost}", rule=rule, player=seat,
                  action=_PASS)
        alive = [s for s in range(self.game.players) if self.active[s]]
        if len(alive) == 1:
            winner = alive[0]
            self._log("win", f"{self.name(winner)} is the only player left and takes the pot of {self.pot} without showing",
                      rule="DP-4", player=winner)
            self._stacks[winner] += self.pot
            self._record("DP-4", (winner,), self.pot, 0, None)
            self.pot = 0
            self._end_hand()
        elif not self.pending:
            self._end_betting()

    def _end_betting(self) -> None:
        if self.phase == Phase.FIRST_BETTING:
            self.phase = Phase.DRAW
            self.pending = self._order_from(self.dealer)
            self._log("draw", "the draw begins", rule="DP-5")
        else:
            self._start_showdown()

    # -- the draw (DP-5) --------------------------------------------------------------------
    def _draw(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        # Cards by identity (the deck's own objects; hashing a Card runs Python code),
        # by value if some named card is an equal but other object.
        chosen = set(map(id, cards))
        kept = [card for card in hand if id(card) not in chosen]
        if len(kept) + len(cards) == len(hand):
            thrown = [card for card in hand if id(card) in chosen]
        else:
            discard = set(cards)
            kept = [card for card in hand if card not in discard]
            thrown = [card for card in hand if card in discard]
        self.hands[seat] = kept
        self.discards[seat] += thrown
        need = len(cards)
        if need > len(self.stock):
            got, self.stock = self.stock, []
            pile = [card for other in range(self.game.players) if other != seat for card in self.discards[other]]
            for other in range(self.game.players):
                if other != seat:
                    self.discards[other] = []
            self.stock = self._shuffle(pile)
            self.refilled = True
            self._log("refill", f"the stock runs out; the {len(pile)} cards discarded by the other players are "
                      "shuffled into a new stock", rule="DP-5")
            new = got + self.stock[: need - len(got)]
            self.stock = self.stock[need - len(got):]
        else:
            new, self.stock = self.stock[:need], self.stock[need:]
        self.hands[seat] += new
        self.drawn[seat] = need
        self.pending.pop(0)
        self._log("draw", f"{self.name(seat)} draws {need}", rule="DP-5", player=seat)
        if need:
            self._log("draw", f"{self.name(seat)} discards {_words(cards)} and receives {_words(new)}",
                      rule="DP-5", player=seat, visible_to=(seat,))
        if not self.pending:
            self._start_betting(Phase.SECOND_BETTING)
            self._log("bet", "the second betting round begins", rule="DP-6")

    # -- showdown and pot (DP-7, DP-8) ---------------------------------------------------------
    def _start_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        first = self.last_raiser if self.last_raiser is not None else self.opener
        why = "the last raiser" if self.last_raiser is not None else "the opener"
        self._show(first, f"as {why} of the second round")
        self.pending = [s for s in self._order_from(first) if s != first]

    def _show(self, seat: int, why: str = "") -> None:
        self.shown[seat] = tuple(self.hands[seat])
        value = evaluate(self.hands[seat], self.rules)
        self._log("show", f"{self.name(seat)} shows {_words(self.hands[seat])}: {value.describe()}"
                  + (f" ({why})" if why else ""), rule="DP-7", player=seat)

    def _showdown_act(self, seat: int, show: bool) -> None:
        self.pending.pop(0)
        if show:
            self._show(seat)
        else:
            self.active[seat] = False
            self.muck += self.hands[seat]
            self.folded[seat] = tuple(self.hands[seat])
            self.hands[seat] = []
            self._log("concede", f"{self.name(seat)} concedes without showing", rule="DP-7", player=seat,
                      action=_CONCEDE)
        if not self.pending:
            self._settle()

    def _settle(self) -> None:
        """DP-8: the best shown hand takes the pot; ties split, the remainder stays."""
        values: dict[int, HandValue] = {
            seat: evaluate(cards, self.rules) for seat, cards in enumerate(self.shown) if cards is not None
        }
        best = max(values.values())
        winners = [seat for seat, value in values.items() if value == best]
        share, rest = divmod(self.pot, len(winners))
        for seat in winners:
            self._stacks[seat] += share
        names = ", ".join(self.name(s) for s in winners)
        if len(winners) == 1:
            self._log("win", f"{names} wins the pot of {self.pot} with {best.describe()}", rule="DP-8")
        else:
            carried = f"; {rest} stays in the pot for the next hand" if rest else ""
            self._log("win", f"{names} tie with {best.describe()} and split the pot of {self.pot}: {share} each{carried}",
                      rule="DP-8")
        self._record("DP-8", tuple(winners), share, rest, best)
        self.pot = rest
        self._end_hand()

    def _record(self, rule: str, winners: tuple[int, ...], share: int, carried: int, value: HandValue | None) -> None:
        self.results.append(HandResult(self.round_index + 1, self.dealer, sum(self.seated), rule, winners, self.pot,
                                       share, carried, value, self.refilled))

    # -- next hand (DP-10) ---------------------------------------------------------------------
    def _end_hand(self) -> None:
        game = self.game
        self.round_index += 1
        self.pending = []
        for seat in range(game.players):
            if self.seated[seat] and self._stacks[seat] < game.ante:
                self.seated[seat] = False
                self._log("leave", f"{self.name(seat)} has {self._stacks[seat]} chips, less than the ante, and leaves the table",
                          rule="DP-10", player=seat)
        left = [seat for seat in range(game.players) if self.seated[seat]]
        if len(left) <= 1 or (game.hands is not None and self.round_index >= game.hands):
            self.phase = Phase.OVER
            why = "one player is left" if len(left) <= 1 else f"{game.hands} hand{'s' * (game.hands > 1)} played"
            self._log("end", f"the session ends: {why}", rule="DP-10")
            if self.pot:  # a DP-8 remainder is shared, never stranded
                seats = from_the_left(self.dealer, left, game.players)
                shares = share_left_over(self.pot, seats)
                for seat, chips in zip(seats, shares):
                    self._stacks[seat] += chips
                self._log("end", left_over_words(self.pot, [self.name(s) for s in seats], shares), rule="DP-10")
                self.pot = 0
            return
        n = game.players
        self.dealer = next(s % n for s in range(self.dealer + 1, self.dealer + 1 + n) if self.seated[s % n])
        self._start_hand()

    # -- views -----------------------------------------------------------------------------------
    def observation(self, player: int) -> DrawPokerObservation:
        n, names = self.game.players, seat_names(self.game.players)
        current = self.current_player
        zones = []
        for seat in range(n):
            cards = self.hands[seat]
            if seat == player or self.shown[seat] is not None:
                view = tuple(cards)
            else:
                view = (None,) * len(cards)
            zones.append(Zone(names[seat], view, owner=seat, kind="hand"))
        zones.append(Zone("stock", (None,) * len(self.stock), kind="stock"))
        pile = tuple(card if seat == player else None for seat in range(n) for card in self.discards[seat])
        zones.append(Zone("discards", pile, kind="discards"))
        zones.append(Zone("muck", (None,) * len(self.muck), kind="muck"))
        opened = self.opener is not None
        betting = self.phase in (Phase.FIRST_BETTING, Phase.SECOND_BETTING)
        return _built(
            DrawPokerObservation,
            game=self.game,
            player=player,
            current_player=current,
            hand=tuple(self.hands[player]),
            legal_actions=self.legal_actions(player) if current == player else _NO_ACTIONS,
            zones=tuple(zones),
            points=tuple(self._stacks),
            pot=self.pot,
            log=self.log_for(player),
            is_terminal=current is None,
            dealer=self.dealer,
            phase=self.phase,
            hand_number=self.round_index + (0 if self.phase == Phase.OVER else 1),
            stake=self.stake,
            put=tuple(self.put),
            invested=tuple(self.invested),
            to_call=self.stake - self.put[player] if betting and opened and self.active[player] else None,
            opened=opened,
            opener=self.opener,
            last_raiser=self.last_raiser,
            pending=tuple(self.pending),
            active=tuple(self.active),
            seated=tuple(self.seated),
            drawn=tuple(self.drawn),
            my_discards=tuple(self.discards[player]),
            my_folded=self.folded[player],
            shown=tuple(self.shown),
            hand_sizes=tuple([len(h) for h in self.hands]),
            discard_sizes=tuple([len(d) for d in self.discards]),
            stock_size=len(self.stock),
        )

    def card_locations(self) -> dict[str, list[Card]]:
        places = {f"hand {seat}": self.hands[seat] for seat in range(self.game.players)}
        places |= {f"discards {seat}": self.discards[seat] for seat in range(self.game.players)}
        places["stock"] = self.stock
        places["muck"] = self.muck
        return places

    def hidden_from(self, player: int) -> frozenset[Card]:
        """Every card but the seat's own (in hand, discarded, or folded into the muck) and the hands shown."""
        known = set(self.hands[player]) | set(self.discards[player]) | set(self.folded[player])
        for cards in self.shown:
            known.update(cards or ())
        return frozenset(self.game.full_deck) - known

    def name(self, player: int) -> str:
        return _names(self.game.players)[player]

    def value(self, seat: int) -> HandValue:
        """The value of a seat's five cards under the game's rules (HR-1, HR-2, HR-4)."""
        return evaluate(self.hands[seat], self.rules)

    def clone(self) -> DrawPokerState:
        new = object.__new__(DrawPokerState)
        new.__dict__.update(self.__dict__)
        self._clone_log(new)
        new.results = self.results.copy()
        for name in ("_stacks", "invested", "seated", "active", "put", "pending", "stock", "muck", "drawn", "shown", "folded"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        new.discards = [list(d) for d in self.discards]
        return new


DrawPoker.state_class = DrawPokerState
