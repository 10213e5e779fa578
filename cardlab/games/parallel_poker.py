"""Parallel poker, "Poker równoległy" (Hubert Phillips' Quintet): PP-1 .. PP-5.

Two players, one 32-card piquet deck each. The dealer lays out his first seven cards
(the other player removes the same seven), so both hold the same 25 cards (PP-1). Each
arranges them, unseen, into five ordered packets of five (PP-2); packet k is compared
with packet k as poker hands (PP-3) and wins k + 2 points, ties nothing (PP-4); more
points wins the game (PP-5). A match chains ``games`` games, the dealer alternating.

The one action is ``Action("arrange", cards)``: the 25 cards in packet order, packet 1
being the first five. Both seats choose at once (``apply_for``). The state follows the
rule page, PP-1 to PP-5; the numpy helpers for bots and analysis come last.

>>> game = ParallelPoker()
>>> state = game.new_state(seed=7, dealer=0)
>>> len(state.held), len(state.laid_out)
(25, 7)
>>> rng = np.random.default_rng(1)
>>> for seat in (0, 1):
...     state.apply_for(seat, state.legal_actions(seat).sample(rng))
>>> state.is_terminal, len(state.showings), sum(state.scores) <= 25
(True, 5, True)
"""

from __future__ import annotations

import collections
import enum
import functools
import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

import cardlab.words.parallel_poker  # noqa: F401  (the game's words, registered with it)
from cardlab.cards import Card, deck, format_cards, parse_cards, seeded_permutation
from cardlab.chain import Chain
from cardlab.games.registry import GameEntry, register
from cardlab.games.spec import ActionSpec, GameSpec, Takes
from cardlab.engine import (
    NO_ACTIONS,
    Action,
    CardOffer,
    Copy,
    Field,
    Game,
    GameState,
    IllegalActionError,
    LegalActions,
    Observation,
    PhaseRules,
    Seen,
    SettingsError,
    Zone,
    frozen,
    truth_setting,
    whole_setting,
)
from cardlab.fast import evaluate_batch
from cardlab.hands import HandRules, HandValue, evaluate, hierarchy
from cardlab.records import CARDS, COUNT, HAND, NUMBER, POINTS, SEAT, TEXT, EventKind, RefusalKind
from cardlab.words.howto import Amount, Figure, Numbers

__all__ = [
    "ARRANGE",
    "HIERARCHIES",
    "LAID_OUT",
    "PACKETS",
    "PACKET_SIZE",
    "SHOWING_POINTS",
    "ARRANGEMENTS",
    "ParallelPoker",
    "ParallelPokerState",
    "ParallelPokerObservation",
    "Phase",
    "Arrangements",
    "Showing",
    "arrange",
    "packets_of",
    "hand_rules",
    "packet_keys",
    "showdown",
]

ARRANGE = "arrange"
DECK_SIZE = 32
LAID_OUT = 7  # PP-1
PACKETS = 5  # PP-2
PACKET_SIZE = 5
HELD = PACKETS * PACKET_SIZE
#: PP-4: showing k (1..5) is worth k + 2 points.
SHOWING_POINTS: tuple[int, ...] = tuple(k + 2 for k in range(1, PACKETS + 1))
#: PP-2: the number of ways to lay 25 cards in five ordered packets of five.
ARRANGEMENTS: int = math.factorial(HELD) // math.factorial(PACKET_SIZE) ** PACKETS
#: PP-3: the category orders on offer; "traditional" is HR-1 (the source's), "32-card" HR-4.
HIERARCHIES: dict[str, int] = {"traditional": 52, "32-card": 32}
# the setting and its choices as code names them (a refusal shows them as they are typed)
_HIERARCHY_SETTING, _HIERARCHY_CHOICES = "hierarchy", ", ".join(map(repr, HIERARCHIES))


# -- what the history records (the words for each: cardlab/words/parallel_poker.py) --------------
_kind = functools.partial(EventKind, "parallel_poker")
#: PP-1: game ``number``'s dealer lays out ``cards`` (his first seven); ``other`` removes the same seven.
LAID_OUT_FACE_UP = _kind("laid_out", "PP-1", number=NUMBER, dealer=SEAT, cards=CARDS, other=SEAT)
#: PP-2: a seat has laid its packets (face down: the arrangement is not recorded).
ARRANGED = _kind("arranged", "PP-2", seat=SEAT)
#: PP-3, PP-4: showing ``packet`` (1..5): seat 0 (``seat``) shows ``cards`` worth ``hand``,
#: seat 1 (``other``) ``other_cards`` worth ``other_hand``; ``winner`` scores ``points``.
SHOWING_WON = _kind("showing_won", "PP-3", packet=NUMBER, seat=SEAT, cards=CARDS, hand=HAND, other=SEAT,
                    other_cards=CARDS, other_hand=HAND, winner=SEAT, points=POINTS)
#: PP-3, PP-4: a tied showing scores nothing (the same fields, no winner).
SHOWING_TIED = _kind("showing_tied", "PP-3", packet=NUMBER, seat=SEAT, cards=CARDS, hand=HAND, other=SEAT,
                     other_cards=CARDS, other_hand=HAND)
#: PP-5: game ``number`` ends: ``points`` of seat 0 (``seat``) to ``other_points`` of seat 1 (``other``).
GAME_WON = _kind("game_won", "PP-5", number=NUMBER, winner=SEAT, seat=SEAT, points=POINTS, other=SEAT,
                 other_points=POINTS)
GAME_DRAWN = _kind("game_drawn", "PP-5", number=NUMBER, seat=SEAT, points=POINTS, other=SEAT, other_points=POINTS)
#: PP-5: a match of ``games`` (more than one) ends, with the match's points.
MATCH_WON = _kind("match_won", "PP-5", games=COUNT, winner=SEAT, seat=SEAT, points=POINTS, other=SEAT,
                  other_points=POINTS)
MATCH_DRAWN = _kind("match_drawn", "PP-5", games=COUNT, seat=SEAT, points=POINTS, other=SEAT, other_points=POINTS)

# -- what it refuses, and why (the words for each: cardlab/words/parallel_poker.py) -----------
_refusal_kind = functools.partial(RefusalKind, "parallel_poker")
MATCH_OVER = _refusal_kind("match_over", "EN-2")
ARRANGE_ONLY = _refusal_kind("arrange_only", "EN-3", arrange=TEXT, kind=TEXT)
ALREADY_ARRANGED = _refusal_kind("already_arranged", "PP-2", seat=SEAT)
NO_AMOUNT = _refusal_kind("no_amount", "EN-3", amount=COUNT)
#: An arrangement that is not the 25 held cards, each once: ``cards`` named, the held ones
#: ``missing``, the ``extra`` ones (not held, or named too often).
BAD_ARRANGEMENT = _refusal_kind("bad_arrangement", "PP-2", cards=COUNT, missing=CARDS, extra=CARDS)
HIERARCHY = _refusal_kind("hierarchy", "PP-3", setting=TEXT, choices=TEXT, value=TEXT)


@functools.cache
def hand_rules(hierarchy_name: str = "traditional", ace_low: bool = True) -> HandRules:
    """The HandRules of a parallel-poker setting: 32 cards, the PP-3 order, HR-5.

    >>> hand_rules().order[:3]
    (<Category.STRAIGHT_FLUSH: 'straight flush'>, <Category.FOUR_OF_A_KIND: 'four of a kind'>, <Category.FULL_HOUSE: 'full house'>)
    >>> str(hand_rules("32-card").order[1])
    'flush'
    """
    return HandRules(DECK_SIZE, ace_low, order=hierarchy(HIERARCHIES[hierarchy_name]))


# -- values -------------------------------------------------------------------------
def packets_of(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The five packets of an arrangement, packet 1 first (PP-2).

    >>> [len(p) for p in packets_of(deck(32)[:25])]
    [5, 5, 5, 5, 5]
    """
    return tuple(tuple(cards[i : i + PACKET_SIZE]) for i in range(0, HELD, PACKET_SIZE))


def arrange(packets: Iterable[Iterable[Card | str]] | str) -> Action:
    """The action laying out packets in order; text packets are separated by ``|``.

    >>> arrange("Ah Kh Qh Jh Th | 9h 9s 9d 9c 8s | 8h 8d 8c 7h 7s | As Ks Qs Js Ts | Ad Kd Qd Jd Td")
    Action('arrange', cards=(Card('Ah'), ...))
    """
    if isinstance(packets, str):
        packets = [parse_cards(text) for text in packets.split("|")]
    return Action(ARRANGE, tuple(Card.parse(c) for packet in packets for c in packet))


@dataclass(frozen=True)
class Showing:
    """One showing (PP-3): packet ``packet`` (1..5) of each seat, their values, who won (PP-4).

    ``winner`` is None for a tie, which scores nothing.
    """

    game: int
    packet: int
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    values: tuple[HandValue, HandValue]
    winner: int | None
    points: int


@dataclass(frozen=True, eq=False)
class Arrangements(LegalActions):
    """The legal arrangements of 25 cards (PP-2) as a view: ``in``, ``len``, ``sample``.

    There are some 6 x 10**14 of them, so they are never listed; iteration yields them
    lazily in a fixed order.

    >>> view = Arrangements(deck(32)[7:])
    >>> len(view) == ARRANGEMENTS == 623_360_743_125_120
    True
    >>> view.sample(np.random.default_rng(0)) in view
    True
    >>> next(iter(view)) in view, Action("arrange", deck(32)[:25]) in view
    (True, False)
    """

    cards: tuple[Card, ...]

    def __contains__(self, action: object) -> bool:
        if not (isinstance(action, Action) and action.kind == ARRANGE and action.amount is None
                and len(action.cards) == HELD):
            return False
        given = set(action.cards)  # the 25 held cards are distinct: each once is all of them
        return len(given) == HELD and given == set(self.cards)

    def __len__(self) -> int:
        return ARRANGEMENTS if len(self.cards) == HELD else 0

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[Action]:
        def packets(rest: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
            if not rest:
                yield ()
                return
            for packet in itertools.combinations(rest, PACKET_SIZE):
                left = tuple(c for c in rest if c not in packet)
                for tail in packets(left):
                    yield packet + tail

        for cards in packets(tuple(sorted(self.cards))):
            yield Action(ARRANGE, cards)

    def kinds(self) -> frozenset[str]:
        return frozenset({ARRANGE}) if self else frozenset()

    def sample(self, rng: np.random.Generator) -> Action:
        """A uniformly random arrangement."""
        order = rng.permutation(len(self.cards))
        return Action(ARRANGE, tuple(self.cards[i] for i in order))

    def card_offers(self) -> tuple[CardOffer, ...]:
        """All the held cards, in packets (PP-2)."""
        return (CardOffer(ARRANGE, tuple(self.cards), frozenset((len(self.cards),))),)

    def key(self) -> frozenset:
        return frozenset(self.cards)

    def __repr__(self) -> str:
        return f"Arrangements({format_cards(self.cards)!r}, {len(self)} arrangements)"


# -- settings -----------------------------------------------------------------------
@dataclass(frozen=True)
class ParallelPoker(Game):
    """Settings of parallel poker: the PP-3 hierarchy, HR-5 and the games of a match (PP-5).

    >>> ParallelPoker(games=2).rules.order == hierarchy(52)
    True
    >>> ParallelPoker(hierarchy="52-card")
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: PP-3: hierarchy must be one of 'traditional', '32-card', got '52-card'
    """

    hierarchy: str = "traditional"
    ace_low: bool = True
    games: int = 1

    name: ClassVar[str] = "parallel_poker"
    state_class: ClassVar[type]
    deck_cards: ClassVar[int] = DECK_SIZE

    def __post_init__(self) -> None:
        if not isinstance(self.hierarchy, str) or self.hierarchy not in HIERARCHIES:
            raise SettingsError(HIERARCHY(_HIERARCHY_SETTING, _HIERARCHY_CHOICES, repr(self.hierarchy)))
        truth_setting("ace_low", self.ace_low, rule="HR-5")
        games = whole_setting("games", self.games, 1, rule="PP-5")  # the games of a match
        object.__setattr__(self, "games", games)  # numpy integers are kept as ints

    @property
    def rules(self) -> HandRules:
        """The hand rules of the showings (PP-3)."""
        return hand_rules(self.hierarchy, self.ace_low)

    @property
    def full_deck(self) -> tuple[Card, ...]:
        """Both players' decks: the 32 piquet cards twice (PP-1), for the conservation checks."""
        return deck(DECK_SIZE) * 2

    deal_rule: ClassVar[str] = "PP-1"

    @property
    def stacked_deck(self) -> tuple[Card, ...]:
        """A stacked deck is the dealer's 32 cards (PP-1); the other deck only mirrors its first seven."""
        return deck(DECK_SIZE)


# -- observation --------------------------------------------------------------------
@dataclass(frozen=True)
class ParallelPokerObservation(Observation):
    """What one seat of parallel poker sees.

    ``held``: the 25 cards both players hold (PP-1); ``laid_out``: the seven removed;
    ``packets``: this seat's own packets once laid, else None; ``arranged``: which seats
    have laid their packets (face down: never what is in them); ``showings``: every
    showing so far in the match; ``points`` (the base's): the match's totals;
    ``game_scores``: this game's; ``game_number``: the game in play (1 for the first) of
    a match of ``games``. Its zones: the seven ``laid_out`` (shared), then each seat's
    ``packet`` zones, ``index`` 1..5 (the other's face down until the match is over).
    """

    dealer: int = 0
    game_number: int = 1
    games: int = 1
    laid_out: tuple[Card, ...] = ()
    held: tuple[Card, ...] = ()
    packets: tuple[tuple[Card, ...], ...] | None = None
    arranged: tuple[bool, bool] = (False, False)
    showings: Sequence[Showing] = ()  # a view sharing the state's list (cardlab.chain)
    game_scores: tuple[int, int] = (0, 0)


# -- state --------------------------------------------------------------------------
class Phase(enum.StrEnum):
    """The phases of a game; equal to their words. The showings (PP-3 .. PP-5) follow
    the second arrangement at once, so no seat ever acts in them."""

    ARRANGING = "arranging"  # PP-2
    OVER = "over"  # the match has ended (PP-5)


class ParallelPokerState(GameState):
    """A match of parallel poker: setup (PP-1), arranging (PP-2), showings (PP-3), score
    (PP-4), winner (PP-5), in that order below.

    ``scores`` are the match's points, ``game_scores`` this game's; ``game_number`` is
    the game in play (1, 2, ...), ``round_index`` (the engine's counter) the games ended.
    """

    simultaneous: ClassVar[bool] = True  # PP-2: both arrange unseen, in any order
    game: ParallelPoker

    @classmethod
    def cards_read_in_order(cls, game: Game, size: int) -> int:
        return min(size, LAID_OUT)  # PP-1: seven laid out in turn; the 25 held are kept sorted

    #: The state, declared (the engine copies, compares and samples it from this). Every
    #: card's identity is public (both hold the same 25, PP-1); only the order of the
    #: other's packets is hidden (PP-2): a sample for search lays them in a random order.
    FIELDS = (
        Field("laid_out", Copy.VALUE, Seen.PUBLIC, cards=True),
        Field("held", Copy.VALUE, Seen.PUBLIC, cards=True),
        Field("arrangements", Copy.LIST, Seen.OWNER, cards=True, derive=lambda state, obs: _sampled_arrangements(state, obs)),
        Field("scores", Copy.LIST, observed="points"),
        Field("game_scores", Copy.LIST),
        Field("showings", Copy.LIST, observed=lambda obs: Chain.sharing(obs.showings)),
        Field("dealer"),
        Field("round_index", observed=lambda obs: obs.game_number - (not obs.is_terminal)),
    )

    # -- the protocol ---------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.round_index >= self.game.games else Phase.ARRANGING

    @property
    def current_player(self) -> int | None:
        return 0 if self._may_act(0) else 1 if self._may_act(1) else None

    def _may_act(self, seat: int) -> bool:
        """Who may act, decided here only: while the match is on, a seat that has not
        laid its packets (PP-2; both arrange unseen, in any order)."""
        return self.round_index < self.game.games and self.arrangements[seat] is None

    # One source of legality: the phase's ``legal`` view decides (its ``in`` is the cheap
    # "can"); the phase's ``check`` asks that view and only words a refusal.
    def legal_actions(self, player: int | None = None) -> LegalActions:
        return self._PHASES[self.phase].legal(self, self.current_player if player is None else player)

    def check(self, action: Action, player: int | None = None) -> None:
        self._PHASES[self.phase].check(self, action, self.current_player if player is None else player)

    def _apply(self, action: Action, player: int) -> None:
        self._PHASES[self.phase].play(self, action, player)

    @property
    def game_number(self) -> int:
        """The game in play, 1 for the first (the last one once the match is over)."""
        return min(self.round_index + 1, self.game.games)

    # -- PP-1 Setup -----------------------------------------------------------------
    def _setup(self) -> None:
        self.scores = [0, 0]
        self.game_scores = [0, 0]
        self.showings: Chain[Showing] = Chain()  # the match's showings; observations share them
        self.dealer = self._choose_dealer()
        self._start_game()

    def _start_game(self) -> None:
        """The dealer lays out his first seven cards; both hold the other 25."""
        cards = tuple(self._new_deck())  # the dealer's 32 cards (stacked_deck)
        self.laid_out: tuple[Card, ...] = cards[:LAID_OUT]
        self.held: tuple[Card, ...] = tuple(sorted(cards[LAID_OUT:]))
        self.arrangements: list[tuple[Card, ...] | None] = [None, None]
        self.game_scores = [0, 0]
        self._record(LAID_OUT_FACE_UP, self.game_number, self.dealer, self.laid_out, 1 - self.dealer)

    # -- PP-2 Arranging ---------------------------------------------------------------
    def _arrangements(self, player: int) -> LegalActions:
        return Arrangements(self.held) if self._may_act(player) else NO_ACTIONS

    def _check_arrangement(self, action: Action, player: int) -> None:
        if action in self._arrangements(player):  # the one test; the rest only says why not
            return
        if action.kind != ARRANGE:
            raise IllegalActionError(ARRANGE_ONLY(repr(ARRANGE), repr(action.kind), players=2))
        if not self._may_act(player):
            raise IllegalActionError(ALREADY_ARRANGED(player, players=2))
        if action.amount is not None:
            raise IllegalActionError(NO_AMOUNT(action.amount, players=2))
        given, held = collections.Counter(action.cards), set(self.held)
        missing = tuple(c for c in sorted(held) if not given[c])
        extra = tuple(sorted(c for c in given if given[c] > (c in held)))
        raise IllegalActionError(BAD_ARRANGEMENT(len(action.cards), missing, extra, players=2))

    def _arrange(self, action: Action, player: int) -> None:
        self.arrangements[player] = action.cards
        self._record(ARRANGED, player, player=player)  # no action: the packets are face down (PP-2)
        if all(a is not None for a in self.arrangements):
            self._show()
            self._end_game()

    # -- PP-3 Showings, PP-4 Score ------------------------------------------------------
    def _show(self) -> None:
        """Packet k against packet k, k = 1..5, as poker hands; the winner of showing k
        scores k + 2 points, a tie nothing."""
        rules = self.game.rules
        packets = [packets_of(a) for a in self.arrangements]
        for k in range(PACKETS):
            pair = (packets[0][k], packets[1][k])
            values = (evaluate(pair[0], rules), evaluate(pair[1], rules))
            winner = 0 if values[0] > values[1] else 1 if values[1] > values[0] else None
            points = SHOWING_POINTS[k] if winner is not None else 0
            if winner is not None:
                self.scores[winner] += points
                self.game_scores[winner] += points
            self.showings.append(Showing(self.game_number, k + 1, pair, values, winner, points))
            if winner is None:
                self._record(SHOWING_TIED, k + 1, 0, pair[0], values[0], 1, pair[1], values[1])
            else:
                self._record(SHOWING_WON, k + 1, 0, pair[0], values[0], 1, pair[1], values[1], winner, points)

    # -- PP-5 Winner ----------------------------------------------------------------------
    def _end_game(self) -> None:
        """More points wins the game; a match chains games, the dealer alternating."""
        a, b = self.game_scores
        if a == b:
            self._record(GAME_DRAWN, self.game_number, 0, a, 1, b)
        else:
            self._record(GAME_WON, self.game_number, 0 if a > b else 1, 0, a, 1, b)
        self.round_index += 1
        if self.round_index < self.game.games:
            self.dealer = 1 - self.dealer  # PP-5: the dealer alternates
            self._start_game()
        elif self.game.games > 1:
            a, b = self.scores
            if a == b:
                self._record(MATCH_DRAWN, self.game.games, 0, a, 1, b)
            else:
                self._record(MATCH_WON, self.game.games, 0 if a > b else 1, 0, a, 1, b)

    @property
    def winner(self) -> int | None:
        """The seat with more points once the match is over; None while playing or for a draw (PP-5)."""
        if not self.is_terminal or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def returns(self) -> list[float]:
        """Each seat's points minus the other's (zero-sum, PP-5)."""
        a, b = self.scores
        return [float(a - b), float(b - a)]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self.scores)

    # -- each phase's rules (the showings need no seat to act; once over, nobody acts) ---------
    def _nothing(self, player: int | None) -> LegalActions:
        return NO_ACTIONS

    def _over(self, action: Action, player: int | None) -> None:
        raise IllegalActionError(MATCH_OVER(players=2))

    _PHASES: ClassVar[dict[Phase, PhaseRules]] = {
        Phase.ARRANGING: PhaseRules(_arrangements, _check_arrangement, _arrange),
        Phase.OVER: PhaseRules(_nothing, _over, _over),
    }

    # -- views ------------------------------------------------------------------------------
    def observation(self, player: int) -> ParallelPokerObservation:
        other = 1 - player
        mine = self.arrangements[player]
        theirs = self.arrangements[other]
        done = self.is_terminal
        zones = [Zone("laid_out", cards=self.laid_out)]
        for seat, arrangement in ((player, mine), (other, theirs)):
            for k in range(PACKETS):
                if arrangement is None:
                    cards: tuple[Card | None, ...] = ()
                elif seat == player or done:
                    cards = packets_of(arrangement)[k]
                else:
                    cards = (None,) * PACKET_SIZE  # PP-2: face down
                zones.append(Zone("packet", seat, k + 1, cards))
        arranging = self._may_act(player)
        return frozen(  # every field given: the same value as ParallelPokerObservation(...), made faster
            ParallelPokerObservation,
            game=self.game,
            player=player,
            current_player=self.current_player,
            hand=self.held if arranging else (),
            legal_actions=self.legal_actions(player) if arranging else NO_ACTIONS,
            zones=tuple(zones),
            points=tuple(self.scores),
            pot=None,
            log=self.log_for(player),
            events=self.events_for(player),
            is_terminal=done,
            dealer=self.dealer,
            game_number=self.game_number,
            games=self.game.games,
            laid_out=self.laid_out,
            held=self.held,
            packets=None if mine is None else packets_of(mine),
            arranged=(self.arrangements[0] is not None, self.arrangements[1] is not None),
            showings=self.showings.view(),
            game_scores=(self.game_scores[0], self.game_scores[1]),
        )

    def zones(self) -> tuple[Zone, ...]:
        """Both decks (PP-1), seat by seat: the seven laid out of the seat's deck, then its 25
        cards in hand or, once laid, in its five packets (PP-2).

        >>> [zone.kind for zone in ParallelPoker().new_state(seed=1).zones()]
        ['laid_out', 'hand', 'laid_out', 'hand']
        """
        places = []
        for seat in (0, 1):
            places.append(Zone("laid_out", seat, cards=self.laid_out))
            arrangement = self.arrangements[seat]
            if arrangement is None:
                places.append(Zone("hand", seat, cards=self.held))
            else:
                places += [Zone("packet", seat, k + 1, packet) for k, packet in enumerate(packets_of(arrangement))]
        return tuple(places)


ParallelPoker.state_class = ParallelPokerState


def _sampled_arrangements(state: ParallelPokerState, obs: ParallelPokerObservation) -> list[tuple[Card, ...] | None]:
    """The packets of a sample: the observer's own as laid, the other's (if laid) in an
    order drawn from the sample's seed (PP-2: the order is all that is hidden)."""
    arrangements: list[tuple[Card, ...] | None] = [None, None]
    if obs.packets is not None:
        arrangements[obs.player] = tuple(card for packet in obs.packets for card in packet)
    if obs.arranged[1 - obs.player]:
        arrangements[1 - obs.player] = tuple(obs.held[i] for i in seeded_permutation(HELD, state.seed, 1 << 20))
    return arrangements


# -- fast packet values (numpy), for bots and analysis ---------------------------------------------------
def packet_keys(codes: np.ndarray, rules: HandRules | None = None) -> np.ndarray:
    """HandValue keys of packets given as card codes, shape (..., 5) -> (...), by :mod:`cardlab.fast`.

    >>> codes = np.array([[c.code for c in parse_cards("Ah Ad Ac 8d 8c")]])
    >>> int(packet_keys(codes)[0]) == evaluate(parse_cards("Ah Ad Ac 8d 8c"), hand_rules()).key
    True
    """
    codes = np.asarray(codes)
    flat = codes.reshape(-1, PACKET_SIZE).astype(np.uint8)
    keys = evaluate_batch(flat, rules or hand_rules(), check=False)
    return np.asarray(keys, dtype=np.int64).reshape(codes.shape[:-1])


def showdown(a: Sequence[Card], b: Sequence[Card], rules: HandRules | None = None) -> tuple[int, int]:
    """The points two arrangements (25 cards each, in packet order) score against each other (PP-3, PP-4).

    >>> a = parse_cards("9s 9c 8s 8c 7c Ks Kd Kc Js Tc Qd Jd Td 8d 7d As Ah Ad Ac Qs Kh Qh Jh Th 9h")
    >>> b = parse_cards("As Ah Ac 8d 8c Ks Qs Js 9s 8s Kh Qh Jh Th 9h Ad Kd Qd Jd Td 7d 7c Kc Tc 9c")
    >>> showdown(a, b)
    (7, 18)
    """
    codes = np.fromiter(map(_CODES.__getitem__, itertools.chain(a, b)), dtype=np.uint8, count=2 * HELD)
    keys = evaluate_batch(codes.reshape(2 * PACKETS, PACKET_SIZE), rules or hand_rules(), check=False).tolist()
    ours = theirs = 0
    for points, mine, other in zip(SHOWING_POINTS, keys[:PACKETS], keys[PACKETS:]):
        if mine > other:
            ours += points
        elif other > mine:  # PP-4: a tie scores nothing
            theirs += points
    return ours, theirs


_CODES = {card: card.code for card in deck(52)}


# -- what the layers above need to know (cardlab.games.spec) --------------------------------
def adapter_bounds(game: ParallelPoker) -> tuple[float, float, int]:
    """PP-4: 25 points a game at most; each seat arranges with 21 clicks (four packets,
    then the button, PP-2) and a game deals once (one chance node per card)."""
    d = len(set(game.full_deck))
    return -25.0 * game.games, 25.0 * game.games, 1 + game.games * (2 * 21 + d)


def how_to_figures(game: ParallelPoker) -> dict[str, Figure]:
    """The figures of the how-to (:mod:`cardlab.words.parallel_poker`), from the rules'
    figures and the settings.

    >>> how_to_figures(ParallelPoker())["deck"], how_to_figures(ParallelPoker())["showing_points"]
    (Amount(n=32, unit='cards'), Numbers(values=(3, 4, 5, 6, 7)))
    """
    return {
        "session": Amount(game.games, "games"),  # PP-5
        "deck": Amount(DECK_SIZE, "cards"),  # PP-1
        "laid_out": Amount(LAID_OUT, "cards"),
        "held": Amount(HELD, "cards"),
        "packets": Amount(PACKETS, "packets"),  # PP-2
        "packet_size": Amount(PACKET_SIZE, "cards"),
        "last": PACKETS,
        "showing_points": Numbers(SHOWING_POINTS),  # PP-4
        "total": Amount(sum(SHOWING_POINTS), "points"),
    }


SPEC = GameSpec(
    name="parallel_poker",
    players=(2, 2),
    actions=(ActionSpec(ARRANGE, "PP-2", Takes.PACKETS),),
    unit="points",
    bounds=adapter_bounds,
    packets=PACKETS,  # PP-2: five packets of five
    packet=PACKET_SIZE,
    joint=True,
    hand_rules=lambda game: game.rules,  # PP-3: the traditional order or the 32-card one
    figures=how_to_figures,
    round_unit="game",  # PP-5
    judge="cardlab.coach.parallel_poker:judge_arrangement",  # PP-2: against the other's likely arrangements
)

ENTRY = register(GameEntry("Parallel poker", ParallelPoker, SPEC, rule_bot="cardlab.bots.parallel_poker:Balanced",
                           search_bot="cardlab.bots.parallel_poker:SearchArrangement",
                           table="cardlab.widgets.parallel_poker:ParallelPokerTable",
                           drills="cardlab.drills.parallel_poker:MAKERS", runs="cardlab.analysis.parallel_poker:RUNS"))
