"""Kontrabluff: two players build poker hands on the table one card at a time (KB-1 .. KB-12).

The rules are ``docs/rules/kontrabluff.md``; every docstring, error and log line
cites its rule ids. The file follows OpenSpiel's order: actions, settings, game, state.

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
import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from cardlab.cards import Card, Rank, Suit
from cardlab.engine import (
    Action,
    ActionList,
    Game,
    GameState,
    IllegalActionError,
    LegalActions,
    Observation,
    SettingsError,
    Zone,
    seat_names,
    _built,
)
from cardlab.hands import HandValue, evaluate

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
]

# -- actions ------------------------------------------------------------------------

#: The rule that governs each kind of action (errors name it).
KIND_RULES: dict[str, str] = {
    "low": "KB-6",
    "hand_over": "KB-2",
    "lay": "KB-3",
    "pass": "KB-4",
    "see": "KB-6",
}

HAND_SIZE = 10  # KB-1, KB-9
ROW_SIZE = 5  # KB-3
LOW_SIZE = 5  # KB-6
MIN_HAND = 5  # KB-11
LOW_SEEN_POINTS = 55  # KB-6
LOW_PASSED_POINTS = 15  # KB-6


def triangle(cards: int) -> int:
    """The points of a normal round with ``cards`` on the table (KB-5): 1, 3, 6, ... 55.

    >>> [triangle(n) for n in range(1, 11)]
    [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    """
    return cards * (cards + 1) // 2


#: KB-5's table: points by the number of cards on the table.
TRIANGLE: dict[int, int] = {n: triangle(n) for n in range(1, 11)}


class Phase(enum.StrEnum):
    """Where a round stands; it decides which actions are on offer."""

    CHOOSE = "choose"  # KB-2: in a later round of the deal the dealer plays low or hands over
    LEAD = "lead"  # KB-2: the leader (the non-dealer in a deal's first round) lays a card or plays low
    NORMAL = "normal"  # KB-3, KB-4: lay a card or pass
    LOW = "low"  # KB-6: the other sees or passes
    OVER = "over"  # KB-12: the match is won


#: What each phase offers: (kind, number of cards from the hand).
_OFFERS: dict[Phase, tuple[tuple[str, int], ...]] = {
    Phase.CHOOSE: (("low", LOW_SIZE), ("hand_over", 0)),
    Phase.LEAD: (("lay", 1), ("low", LOW_SIZE)),
    Phase.NORMAL: (("lay", 1), ("pass", 0)),
    Phase.LOW: (("see", LOW_SIZE), ("pass", LOW_SIZE)),
    Phase.OVER: (),
}


def _nth_combination(pool: Sequence[Card], r: int, index: int) -> tuple[Card, ...]:
    """The ``index``-th r-combination of ``pool`` in itertools order (itertools recipe)."""
    n = len(pool)
    c = math.comb(n, r)
    result = []
    while r:
        c, n, r = c * r // n, n - 1, r - 1
        while index >= c:
            index -= c
            c, n = c * (n - r) // n, n - 1
        result.append(pool[-1 - n])
    return tuple(result)


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

    __slots__ = ("hand", "offers")

    def __init__(self, hand: Sequence[Card], offers: tuple[tuple[str, int], ...]):
        self.hand = tuple(hand)
        self.offers = offers

    def _sizes(self) -> list[int]:
        n = len(self.hand)
        return [_COMB[n][r] for _, r in self.offers]

    def __len__(self) -> int:
        return sum(self._sizes())

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
        return len(set(action.cards)) == n and all(card in self.hand for card in action.cards)

    def kinds(self) -> frozenset[str]:
        return frozenset(kind for kind, _ in self.offers)

    def sample(self, rng: np.random.Generator) -> Action:
        hand = self.hand
        key = (len(hand), self.offers)
        total, draws = _DRAWS.get(key) or _draws(*key)
        index = int(rng.random() * total)  # uniform; cheaper than rng.integers
        for kind, n, size, picks in draws:
            if index < size:
                # The hand's own cards, already a tuple of Cards: no need for Action's checks.
                if not n:
                    action = _BARE[kind]
                else:
                    cards = _nth_combination(hand, n, index) if picks is None else tuple([hand[i] for i in picks[index]])
                    action = Action._unchecked(kind, cards)
                self._drawn = action  # vouches for it to the state that offered this view
                return action
            index -= size
        raise AssertionError("unreachable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KontrabluffActions) and (self.hand, self.offers) == (other.hand, other.offers)

    def __hash__(self) -> int:
        return hash((self.hand, self.offers))

    def __repr__(self) -> str:
        kinds = ", ".join(f"{kind}" + (f" ({n} cards)" if n else "") for kind, n in self.offers)
        return f"KontrabluffActions({kinds}; {len(self)} actions)"


_NO_ACTIONS = ActionList(())
_COMB = [[math.comb(n, r) for r in range(6)] for n in range(53)]
#: Index tuples of every r-combination of a hand of n cards, in itertools order.
_COMBINATIONS = {(n, r): tuple(itertools.combinations(range(n), r)) for n in range(5, HAND_SIZE + 1) for r in (1, LOW_SIZE)}
_OFFER_DICTS = {phase: dict(offers) for phase, offers in _OFFERS.items()}
_BARE = {kind: Action(kind) for kind in KIND_RULES}  # the actions without cards, made once
_NAMES = seat_names(2)
_ONLY = (frozenset({0}), frozenset({1}))
# Rank numbers by the enum's one-letter value: a str lookup is much cheaper than hashing a Card.
RANK_NUMBER: dict[str, int] = {rank.value: rank.number for rank in Rank}
_RANK_TEXT = {rank.value: str(rank) for rank in Rank}
_SUIT_TEXT = {suit.value: suit.symbol for suit in Suit}
#: The number of actions and, per offer, (kind, cards, count, combination index tuples).
_Draws = tuple[int, tuple[tuple[str, int, int, tuple[tuple[int, ...], ...] | None], ...]]
_DRAWS: dict[tuple[int, tuple[tuple[str, int], ...]], _Draws] = {}


def _draws(size: int, offers: tuple[tuple[str, int], ...]) -> _Draws:
    """For a hand of ``size`` cards and these offers: how many actions, and per offer its
    kind, cards, count and combination index tuples (worked out once, not per draw).

    >>> _draws(10, (("low", 5), ("hand_over", 0)))[0]
    253
    """
    draws = tuple((kind, n, _COMB[size][n], _COMBINATIONS.get((size, n)) if n else None) for kind, n in offers)
    _DRAWS[size, offers] = value = (sum(count for _, _, count, _ in draws), draws)
    return value


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The HR-1 value of five cards: :func:`cardlab.hands.evaluate` (one table lookup).

    >>> from cardlab.cards import parse_cards
    >>> hand_value(parse_cards("Kh Ks Kd 7c 7h")) == evaluate(parse_cards("Kh Ks Kd 7c 7h"))
    True
    """
    return evaluate(cards)


# -- settings and game ----------------------------------------------------------------


@dataclass(frozen=True)
class Kontrabluff(Game):
    """Kontrabluff's settings: the score that wins the match (KB-12).

    >>> Kontrabluff().target
    300
    >>> Kontrabluff(target=0)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: target must be a positive whole number of points (KB-12), got 0
    """

    name = "kontrabluff"
    target: int = 300

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, (int, np.integer)) or self.target < 1:
            raise SettingsError(f"target must be a positive whole number of points (KB-12), got {self.target!r}")
        object.__setattr__(self, "target", int(self.target))  # numpy integers are kept as ints

    @property
    def num_players(self) -> int:
        return 2

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> KontrabluffState:
        """A full state consistent with ``observation``, for search bots (determinization).

        The cards ``observation.player`` has not seen (KB-7) are shuffled into the
        opponent's hand, his face-down low cards, his hidden discards and the talon.
        The sample has a fresh seed and no history: it is for planning, not saving.

        >>> state = Kontrabluff().new_state(seed=3, dealer=1)
        >>> obs = state.observation(0)
        >>> sample = Kontrabluff().sample_state(obs, np.random.default_rng(0))
        >>> sample.hands[0] == state.hands[0], len(sample.hands[1]), len(sample.talon)
        (True, 10, 32)
        """
        if not isinstance(observation, KontrabluffObservation):
            raise TypeError(f"expected a KontrabluffObservation, got {type(observation).__name__}")
        obs = observation
        me, other = obs.player, 1 - obs.player
        known = set(obs.hand) | set(obs.seen) | set(obs.own_discards)
        known.update(card for card in obs.low_cards[me] if card is not None)
        unseen = [card for card in self.full_deck if card not in known]
        order = rng.permutation(len(unseen))
        pool = [unseen[i] for i in order]
        sizes = (obs.hand_sizes[other], len(obs.low_cards[other]), obs.hidden_discards[other], obs.talon_size)
        if sum(sizes) != len(pool):
            raise ValueError(f"observation is inconsistent: {len(pool)} unseen cards for {sizes}")
        cut = itertools.accumulate(sizes)
        a, b, c, _ = cut
        state = KontrabluffState.__new__(KontrabluffState)
        state.game = self
        state.seed = int(rng.integers(2**63))
        state.first_dealer = None
        state.stacked = None
        state.history = []
        state.actions = []
        state.round_index = obs.round_index
        state._shuffles = 1
        state.quiet = True
        state.sampled = True
        hands: list[list[Card]] = [[], []]
        hands[me] = list(obs.hand)
        hands[other] = pool[:a]
        low: list[list[Card]] = [[], []]
        low[me] = [card for card in obs.low_cards[me] if card is not None]
        low[other] = pool[a:b]
        down: list[list[Card]] = [[], []]
        down[me] = list(obs.own_discards)
        down[other] = pool[b:c]
        state.hands = hands
        state.rows = [list(row) for row in obs.rows]
        state.low = low
        state.down = down
        state.talon = pool[c:]
        row_cards = set(obs.rows[0]) | set(obs.rows[1])
        state.seen = list(obs.seen)
        state.discard = [card for card in obs.seen if card not in row_cards] + down[0] + down[1]
        state._scores = list(obs.points)
        state.deal_dealer = obs.deal_dealer
        state.dealer = obs.dealer
        state.leader = obs.leader
        state.phase = obs.phase
        state.to_act = obs.current_player
        state.deal = obs.deal
        state.first_round = obs.first_round
        state.winner = None
        return state


# -- state ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KontrabluffObservation(Observation):
    """What one seat of Kontrabluff may know (KB-7), and nothing else.

    ``rows`` are both rows (face up); ``low_cards`` the face-down low cards on the
    table, this seat's shown, the other's as ``None``; ``seen`` every card shown face
    up this deal, for counting; ``own_discards`` this seat's own face-down cards in the
    discard; ``hidden_discards`` how many face-down cards each seat has discarded;
    ``first_round`` whether this is the first round of the deal, which the non-dealer
    leads without a dealer's choice (KB-2).
    """

    rows: tuple[tuple[Card, ...], ...] = ((), ())
    low_cards: tuple[tuple[Card | None, ...], ...] = ((), ())
    talon_size: int = 0
    hand_sizes: tuple[int, ...] = (0, 0)
    dealer: int = 0
    deal_dealer: int = 0
    leader: int | None = None
    phase: Phase = Phase.CHOOSE
    seen: tuple[Card, ...] = ()
    own_discards: tuple[Card, ...] = ()
    hidden_discards: tuple[int, ...] = (0, 0)
    discard_size: int = 0
    deal: int = 1
    round_index: int = 0
    first_round: bool = True

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def scores(self) -> tuple[int, ...]:
        return self.points


class KontrabluffState(GameState):
    """A match of Kontrabluff in progress.

    Decided gaps, after the rule page: the dealer of a round is the loser of the last
    one (KB-2, KB-9); in a seen low round an exact tie goes to the leader, whose hand is
    then turned up as proof like any winning leader's (KB-6); cards keep the order in
    which they were received (a table sorts them for display).

    A *quiet* state (as ``Kontrabluff.sample_state`` makes for search) keeps no log
    and its observations have no zones: it is for planning, not for a table.

    Cards live in ``hands``, ``rows`` (face up, KB-3), ``low`` (face down in a low
    round, KB-6), ``talon`` (the last card is dealt next) and ``discard`` (KB-8).
    ``seen`` lists the cards shown face up this deal; ``down[p]`` the cards seat ``p``
    discarded face down this deal and never showed (KB-7).
    """

    game: Kontrabluff

    def _setup(self) -> None:
        self.quiet = False
        self.sampled = False
        self._scores = [0, 0]
        self.hands: list[list[Card]] = [[], []]
        self.rows: list[list[Card]] = [[], []]
        self.low: list[list[Card]] = [[], []]
        self.down: list[list[Card]] = [[], []]
        self.talon: list[Card] = []
        self.discard: list[Card] = []
        self.seen: list[Card] = []
        self.deal = 0
        self.winner: int | None = None
        self.leader: int | None = None
        self.first_round = True  # KB-2: the first round of a deal has no dealer's choice
        self.deal_dealer = self._choose_dealer()  # KB-1
        self._log("chance", f"{_NAMES[self.deal_dealer]} deals first", rule="KB-1")
        self._new_deal()

    # -- the protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.to_act is None

    @property
    def scores(self) -> tuple[int, ...]:
        """Both players' scores (KB-5, KB-6), South's first."""
        return tuple(self._scores)

    points = scores

    def returns(self) -> list[float]:
        """+1 for the winner of the match and -1 for the loser (KB-12); 0 before the end."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def legal_actions(self, player: int | None = None) -> LegalActions:
        if self.to_act is None or (player is not None and player != self.to_act):
            return _NO_ACTIONS
        offers = _OFFERS[self.phase]
        if self.phase is Phase.NORMAL and len(self.rows[self.to_act]) >= ROW_SIZE:
            offers = (("pass", 0),)  # cannot happen with alternate turns; kept for safety
        return self._offer(self.to_act, KontrabluffActions(self.hands[self.to_act], offers))

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming the rule unless ``action`` is legal now."""
        phase, kind, cards = self.phase, action.kind, action.cards
        if self.to_act is None:
            raise IllegalActionError("EN-2", f"the match is over (KB-12); {kind} cannot be played")
        if player is not None and player != self.to_act:
            if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < 2:
                raise IllegalActionError("EN-4", f"there is no seat {player!r}: Kontrabluff's seats are 0 and 1")
            raise IllegalActionError("EN-1", f"it is {_NAMES[self.to_act]}'s turn, not {_NAMES[player]}'s")
        player = self.to_act
        who = _NAMES[player]
        offers = _OFFER_DICTS[phase]
        if kind not in KIND_RULES:
            raise IllegalActionError("EN-3", f"{kind!r} is not a Kontrabluff action (low, hand_over, lay, pass, see)")
        if kind not in offers:
            raise IllegalActionError(*_wrong_kind(phase, kind, self.first_round))
        rule = "KB-6" if phase is Phase.LOW else KIND_RULES[kind]
        if action.amount is not None:
            raise IllegalActionError("EN-3", f"Kontrabluff has no chips; {kind} takes no amount")
        need = offers[kind]
        if len(cards) != need:
            what = {0: "no cards", 1: "exactly one card"}.get(need, f"exactly {need} cards")
            why = {
                ("pass", 0): "passing a normal round lays no cards",
                ("pass", 5): "passing a low round lays 5 cards face down",
                ("lay", 1): "a player lays one card at a time",
                ("hand_over", 0): "handing over lays no cards",
            }.get((kind, need), f"{kind} lays {need} cards at once")
            raise IllegalActionError(rule, f"{kind} takes {what}, got {len(cards)}: {why}")
        hand = self.hands[player]
        # Cards are compared by identity first (the deck's own objects, cheap), by value if that fails.
        held = set(map(id, hand))
        chosen = set(map(id, cards))
        if len(chosen) == len(cards) and chosen <= held:
            missing = None
        else:
            twice = [card for i, card in enumerate(cards) if card in cards[:i]]
            if twice:
                raise IllegalActionError(rule, f"{kind} names {_words(twice)} twice: each card can be laid once")
            missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalActionError(rule, f"{' '.join(map(str, missing))} not in {who}'s hand")
        if kind == "lay" and phase is Phase.NORMAL and len(self.rows[player]) >= ROW_SIZE:
            raise IllegalActionError("KB-3", f"{who}'s row already holds {ROW_SIZE} cards")

    def _apply(self, action: Action, player: int) -> None:
        kind, who = action.kind, _NAMES[player]
        other = 1 - player
        if kind == "hand_over":  # KB-2
            self._log("action", f"{who} hands over; {_NAMES[other]} chooses", rule="KB-2", player=player, action=action)
            self.phase, self.to_act = Phase.LEAD, other
        elif kind == "low":  # KB-6
            self._take(player, action.cards)
            self.low[player] = list(action.cards)
            self.leader = player
            # KB-7: the shared history names no face-down card; the event's action is bare
            self._log("action", f"{who} plays low: 5 cards face down", rule="KB-6", player=player, action=_BARE["low"])
            self.phase, self.to_act = Phase.LOW, other
        elif kind == "lay":  # KB-3
            card = action.cards[0]
            if self.phase is Phase.LEAD:
                self.leader, self.phase = player, Phase.NORMAL
            self._take(player, action.cards)
            self.rows[player].append(card)
            self.seen.append(card)
            self._log("action", ("{} lays {}", who, (card,)), rule="KB-3", player=player, action=action)
            if len(self.rows[player]) == ROW_SIZE and len(self.rows[other]) == ROW_SIZE:
                self._showdown()
            else:
                self.to_act = other
        elif kind == "pass" and self.phase is Phase.NORMAL:  # KB-4
            self._log("action", f"{who} passes", rule="KB-4", player=player, action=action)
            on_table = len(self.rows[0]) + len(self.rows[1])
            self._end_round(other, triangle(on_table), "KB-5", f"{on_table} card{'s' * (on_table != 1)} on the table")
        elif kind == "pass":  # KB-6, passing a low round
            self._take(player, action.cards)
            self.low[player] = list(action.cards)
            self._log("action", f"{who} passes: 5 cards face down", rule="KB-6", player=player, action=_BARE["pass"])
            self._end_round(other, LOW_PASSED_POINTS, "KB-6", "the low round was passed; nothing is shown")
        elif kind == "see":  # KB-6
            self._take(player, action.cards)
            self.low[player] = list(action.cards)
            self._reveal(player)
            self._log("action", ("{} sees with {}", who, action.cards), rule="KB-6", player=player, action=action)
            leader = other
            # HR-6: the lower hand is the worse high hand (the smaller key); an exact tie goes to the leader
            mine, theirs = hand_value(self.low[leader]).key, hand_value(self.low[player]).key
            if mine <= theirs:
                self._reveal(leader)
                tie = " (an exact tie goes to the leader)" if mine == theirs else ""
                reason = f"{_NAMES[leader]}'s {_words(self.low[leader])} is turned up as proof{tie}"
                self._end_round(leader, LOW_SEEN_POINTS, "KB-6", f"the lower hand, {reason}", shown=(0, 1))
            else:
                self._end_round(player, LOW_SEEN_POINTS, "KB-6", f"the lower hand; {_NAMES[leader]}'s cards stay hidden", shown=(player,))
        else:  # pragma: no cover - check() rules it out
            raise AssertionError(kind)

    # -- round mechanics ---------------------------------------------------------------
    def _take(self, player: int, cards: Sequence[Card]) -> None:
        hand = self.hands[player]
        if len(cards) == 1:
            hand.remove(cards[0])
            return
        chosen = set(map(id, cards))
        kept = [card for card in hand if id(card) not in chosen]
        if len(kept) + len(cards) != len(hand):  # cards equal to the hand's but other objects
            values = set(cards)
            kept = [card for card in hand if card not in values]
        hand[:] = kept

    def _reveal(self, player: int) -> None:
        self.seen.extend(self.low[player])

    def _showdown(self) -> None:
        """KB-5: two full rows; the better hand wins, an exact tie goes to the leader."""
        leader = self.leader
        responder = 1 - leader
        first, second = hand_value(self.rows[leader]), hand_value(self.rows[responder])
        winner = leader if first >= second else responder
        tie = " (an exact tie goes to the leader)" if first == second else ""
        best, worst = (first, second) if winner == leader else (second, first)
        self._end_round(winner, triangle(2 * ROW_SIZE), "KB-5", f"{best.describe()} against {worst.describe()}{tie}")

    def _end_round(self, winner: int, points: int, rule: str, reason: str, shown: tuple[int, ...] = ()) -> None:
        """Score the round, clear the table (KB-8), then refill or end (KB-9, KB-11, KB-12)."""
        self._scores[winner] += points
        self._log("score", ("{} wins {} point{}, {}", _NAMES[winner], points, "s" * (points != 1), reason), rule=rule, player=winner)
        self.round_index += 1
        for p in (0, 1):  # KB-8: rows and low cards to the discard
            self.discard.extend(self.rows[p])
            self.rows[p] = []
            if self.low[p]:
                self.discard.extend(self.low[p])
                if p not in shown:
                    self.down[p].extend(self.low[p])
                self.low[p] = []
        self.leader = None
        if self._scores[winner] >= self.game.target:  # KB-12
            self.winner, self.to_act, self.phase = winner, None, Phase.OVER
            self._log("end", f"{_NAMES[winner]} reaches {self._scores[winner]} points and wins the match", rule="KB-12", player=winner)
            return
        self.dealer = 1 - winner  # KB-9: the loser deals
        self._refill(winner)
        self._start_round()

    def _refill(self, winner: int) -> None:
        """KB-9: one card at a time, the winner first, skipping a full hand; KB-10: none left."""
        if not self.talon:
            self._log("chance", "the talon is empty: no refill", rule="KB-10")
            return
        # Alternate while both need cards, then the rest to the one still short.
        loser = 1 - winner
        need_w, need_l = HAND_SIZE - len(self.hands[winner]), HAND_SIZE - len(self.hands[loser])
        talon = self.talon
        drawn = talon[: -1 - need_w - need_l : -1]  # the cards in the order they come off the talon
        del talon[len(talon) - len(drawn) :]
        both = 2 * min(need_w, need_l)
        dealt: list[list[Card]] = [[], []]
        dealt[winner], dealt[loser] = drawn[0:both:2], drawn[1:both:2]
        dealt[winner if need_w > need_l else loser] += drawn[both:]
        self.hands[0].extend(dealt[0])
        self.hands[1].extend(dealt[1])
        if not self.quiet:
            self._log("chance", ("{} deals {} to {} and {} to {}; {} left in the talon", _NAMES[self.dealer],
                                 len(dealt[winner]), _NAMES[winner], len(dealt[loser]), _NAMES[loser], len(self.talon)), rule="KB-9")
            for p in (0, 1):
                if dealt[p]:
                    self._log("deal", ("{} receives {}", _NAMES[p], tuple(dealt[p])), rule="KB-9", visible_to=_ONLY[p])

    def _start_round(self, first: bool = False) -> None:
        """KB-11: a round needs 5 cards in each hand; else the deal ends and deals alternate.

        KB-2: the non-dealer leads the first round of a deal (a card or low); every later
        round starts with the dealer's choice (play low or hand over).
        """
        short = [p for p in (0, 1) if len(self.hands[p]) < MIN_HAND]
        if short:
            p = short[0]
            self._log("chance", f"{_NAMES[p]} holds {len(self.hands[p])} cards: the deal ends", rule="KB-11")
            self.deal_dealer = 1 - self.deal_dealer
            self._new_deal()
            return
        self.first_round, self.leader = first, None
        if first:
            self.phase, self.to_act = Phase.LEAD, 1 - self.dealer
            self._log("chance", f"{_NAMES[1 - self.dealer]} leads the first round of the deal: a card or low",
                      rule="KB-2")
        else:
            self.phase, self.to_act = Phase.CHOOSE, self.dealer

    def _new_deal(self) -> None:
        """KB-1: shuffle, 10 cards each one at a time, the non-dealer first; the rest is the talon."""
        cards = self._new_deck()
        self.deal += 1
        dealer = self.deal_dealer
        self.hands = [[], []]
        self.rows, self.low, self.down = [[], []], [[], []], [[], []]
        self.discard, self.seen = [], []
        # One card at a time: the non-dealer gets cards 0, 2, 4 ..., the dealer 1, 3, 5 ...
        self.hands[1 - dealer] = cards[0 : 2 * HAND_SIZE : 2]
        self.hands[dealer] = cards[1 : 2 * HAND_SIZE : 2]
        self.talon = cards[2 * HAND_SIZE :][::-1]  # the last card of the list is dealt next
        self.dealer = dealer
        self._log("chance", f"deal {self.deal}: {_NAMES[dealer]} deals 10 cards each; {len(self.talon)} in the talon", rule="KB-1")
        for p in (0, 1):
            self._log("deal", ("{} is dealt {}", _NAMES[p], tuple(self.hands[p])), rule="KB-1", visible_to=_ONLY[p])
        self._start_round(first=True)

    # -- what each seat knows ------------------------------------------------------------
    def observation(self, player: int) -> KontrabluffObservation:
        """Everything ``player`` may know (KB-7): own hand, rows, shown cards, public counts."""
        return _built(  # every field given: the same value as KontrabluffObservation(...), made faster
            KontrabluffObservation,
            game=self.game,
            player=player,
            current_player=self.to_act,
            hand=tuple(self.hands[player]),
            legal_actions=self.legal_actions(player),
            zones=() if self.quiet else self._zones(player),
            points=tuple(self._scores),
            pot=None,  # no chips (KB-5)
            log=self.log_for(player),
            is_terminal=self.to_act is None,
            rows=(tuple(self.rows[0]), tuple(self.rows[1])),
            low_cards=tuple(tuple(self.low[p]) if p == player else (None,) * len(self.low[p]) for p in (0, 1)),
            talon_size=len(self.talon),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            dealer=self.dealer,
            deal_dealer=self.deal_dealer,
            leader=self.leader,
            phase=self.phase,
            seen=tuple(self.seen),
            own_discards=tuple(self.down[player]),
            hidden_discards=(len(self.down[0]), len(self.down[1])),
            discard_size=len(self.discard),
            deal=self.deal,
            round_index=self.round_index,
            first_round=self.first_round,
        )

    def _zones(self, player: int) -> tuple[Zone, ...]:
        names = seat_names(2)
        zones = []
        for p in (0, 1):
            zones.append(Zone(f"{names[p]} row", tuple(self.rows[p]), owner=p, kind="row"))
        for p in (0, 1):
            cards = tuple(self.low[p]) if p == player else (None,) * len(self.low[p])
            zones.append(Zone(f"{names[p]} low", cards, owner=p, kind="face_down"))
        zones.append(Zone("talon", (None,) * len(self.talon), kind="talon"))
        # By identity: a card is one object wherever it goes in a state, and hashing a Card is slow.
        known = set(map(id, self.seen)) | set(map(id, self.down[player]))
        zones.append(Zone("discard", tuple([c if id(c) in known else None for c in self.discard]), kind="discard"))
        return tuple(zones)

    def card_locations(self) -> dict[str, Sequence[Card]]:
        names = seat_names(2)
        places: dict[str, Sequence[Card]] = {}
        for p in (0, 1):
            places[f"{names[p]} hand"] = tuple(self.hands[p])
            places[f"{names[p]} row"] = tuple(self.rows[p])
            places[f"{names[p]} low"] = tuple(self.low[p])
        places["talon"] = tuple(self.talon)
        places["discard"] = tuple(self.discard)
        return places

    def hidden_from(self, player: int) -> frozenset[Card]:
        """The other's hand, his unshown face-down cards and the talon (KB-7); low cards
        turned up (seen) are no longer hidden, though they lie on the table until the round ends."""
        other = 1 - player
        return frozenset(self.hands[other] + self.low[other] + self.down[other] + self.talon) - frozenset(self.seen)

    # -- events, copies, saving ----------------------------------------------------------------
    # The history is the engine's (plain records, words made when read); the texts here
    # may be templates with their arguments, formatted only when someone reads the log.
    def _render_text(self, text: str | tuple) -> str:
        return _render(text)

    def _log(self, kind: str, text: str | tuple, *, rule: str = "", player: int | None = None,
             action: Action | None = None, visible_to: Iterable[int] | None = None) -> None:
        if self.quiet:  # sampled states for search: no words needed
            return
        seen = visible_to if visible_to is None or type(visible_to) is frozenset else frozenset(visible_to)
        self._records.append((kind, text, player, action, rule, seen))

    def clone(self) -> KontrabluffState:
        """A deep copy, made by hand (search bots clone a lot); cards and events are immutable."""
        new = KontrabluffState.__new__(KontrabluffState)
        d = self.__dict__.copy()
        d["_scores"] = self._scores[:]
        d["hands"] = [self.hands[0][:], self.hands[1][:]]
        d["rows"] = [self.rows[0][:], self.rows[1][:]]
        d["low"] = [self.low[0][:], self.low[1][:]]
        d["down"] = [self.down[0][:], self.down[1][:]]
        d["talon"] = self.talon[:]
        d["discard"] = self.discard[:]
        d["seen"] = self.seen[:]
        new.__dict__ = d
        self._clone_log(new)
        return new

    def to_json(self) -> str:
        if self.sampled:
            raise ValueError("a sampled state (for search) has no history to save")
        return super().to_json()


def _words(cards: Iterable[Card]) -> str:
    return " ".join([_RANK_TEXT[card.rank._value_] + _SUIT_TEXT[card.suit._value_] for card in cards])


def _render(text: str | tuple) -> str:
    """A log text: a string, or a format template and its arguments (tuples of cards
    become words), kept unformatted until someone reads the log."""
    if type(text) is str:
        return text
    template, *args = text
    return template.format(*(_words(arg) if type(arg) is tuple else arg for arg in args))


#: KB-4's reason why the leader may not pass before any card is laid.
LEADER_PASS_REASON = ("it would score nothing for anyone, give him nothing that leading does not already "
                      "give him (KB-2), and could repeat without end")


def _wrong_kind(phase: Phase, kind: str, first_round: bool) -> tuple[str, str]:
    """The rule and the reason why ``kind`` is not on offer in ``phase``."""
    if phase is Phase.CHOOSE:
        if kind == "pass":
            return "KB-4", (f"the dealer may not pass before any card is laid: {LEADER_PASS_REASON}; "
                            "he plays low or hands over (KB-2)")
        return "KB-2", f"the dealer may lead only by playing low; he plays low or hands over, not {kind}"
    if phase is Phase.LEAD:
        if kind == "pass":
            return "KB-4", (f"the leader may not pass before any card is laid: {LEADER_PASS_REASON}; "
                            "he lays a card or plays low")
        if first_round and kind == "hand_over":
            return "KB-2", ("the first round of a deal is led by the non-dealer, and the dealer has no choice "
                            "in it: nothing to hand over; lay a card or play low")
        return "KB-2", f"the leader of a new round lays a card (a normal round) or plays low, not {kind}"
    if phase is Phase.NORMAL:
        return "KB-3", f"in a normal round a player lays a card or passes, not {kind}"
    return "KB-6", f"a low round is answered by seeing or passing with 5 cards, not {kind}"


Kontrabluff.state_class = KontrabluffState
