"""Strategies for parallel poker (PP-2): how to lay 25 cards in five ordered packets.

Parallel poker is a poker Colonel Blotto: showing k is worth k + 2 points (PP-4), so
strength is a budget to spend where it pays. Every strategy here is a bot (a callable
observation -> Action) and also offers ``arrangement(held, game)`` for analysis:

- :class:`RandomArrangement`: shuffle and cut.
- :class:`StrongestFirst`: the strongest packets the cards allow, strongest in packet 1.
- :class:`StrongestLast`: the same packets, strongest in packet 5 (worth 7).
- :class:`Balanced`: raise the weakest packet, strongest last (the game's rule bot).
- :class:`SearchArrangement`: local search against a population of opponent
  arrangements, maximising expected points (the game's search bot in
  :data:`cardlab.games.GAMES`).

>>> from cardlab.games.parallel_poker import ParallelPoker
>>> game = ParallelPoker()
>>> state = game.new_state(seed=3)
>>> state.apply_for(0, Balanced()(state.observation(0)))
>>> state.apply_for(1, StrongestFirst()(state.observation(1)))
>>> state.is_terminal
True
"""

from __future__ import annotations

import abc
import functools
import itertools
from collections.abc import Sequence

import numpy as np

from cardlab.cards import Card
from cardlab.engine import Action, Observation
from cardlab.games.parallel_poker import (
    ARRANGE,
    HELD,
    PACKET_SIZE,
    PACKETS,
    SHOWING_POINTS,
    ParallelPoker,
    packet_keys,
)

__all__ = [
    "Deal",
    "ArrangingStrategy",
    "RandomArrangement",
    "StrongestFirst",
    "StrongestLast",
    "Balanced",
    "SearchArrangement",
    "local_search",
    "population_gain",
    "SIMPLE_STRATEGIES",
]

_WEIGHTS = np.array(SHOWING_POINTS, dtype=float)
#: Every order of five packets onto the five showings (for the assignment step).
_PERMUTATIONS = np.array(list(itertools.permutations(range(PACKETS))))


@functools.cache
def _subsets() -> tuple[np.ndarray, np.ndarray]:
    """Every 5-card subset of 25 positions (53,130) and its bit mask."""
    combos = np.array(list(itertools.combinations(range(HELD), PACKET_SIZE)), dtype=np.int64)
    masks = (np.int64(1) << combos).sum(axis=1)
    return combos, masks


@functools.cache
def _swaps() -> np.ndarray:
    """Every pair of positions in different packets (250): the local-search moves."""
    return np.array([(a, b) for a in range(HELD) for b in range(a + 1, HELD) if a // PACKET_SIZE != b // PACKET_SIZE])


class Deal:
    """The 25 held cards of one deal with every 5-card packet they can make, valued.

    Arrangements are arrays of 25 positions into ``held`` (packet k = positions 5k..5k+4).

    >>> from cardlab.cards import deck
    >>> deal = Deal(deck(32)[7:], ParallelPoker())
    >>> len(deal.subset_keys)
    53130
    >>> [deal.held[i].short for i in deal.greedy_packets()[0]]
    ['Tc', 'Jc', 'Qc', 'Kc', 'Ac']
    """

    def __init__(self, held: Sequence[Card], game: ParallelPoker):
        self.held = tuple(held)
        self.game = game
        self.rules = game.rules
        self.codes = np.array([card.code for card in self.held], dtype=np.int64)
        combos, self.subset_masks = _subsets()
        self.subsets = combos
        self.subset_keys = packet_keys(self.codes[combos], self.rules)

    def keys(self, arrangements: np.ndarray) -> np.ndarray:
        """Packet keys of arrangements, shape (..., 25) -> (..., 5)."""
        shape = arrangements.shape[:-1] + (PACKETS, PACKET_SIZE)
        return packet_keys(self.codes[arrangements].reshape(shape), self.rules)

    def cards(self, arrangement: np.ndarray) -> tuple[Card, ...]:
        return tuple(self.held[int(i)] for i in arrangement)

    def positions(self, cards: Sequence[Card]) -> np.ndarray:
        """An arrangement given as cards, as positions into ``held``."""
        index = {card: i for i, card in enumerate(self.held)}
        return np.array([index[card] for card in cards], dtype=np.int64)

    def greedy_packets(self) -> list[np.ndarray]:
        """The strongest packet of the cards, then the strongest of the rest, ... (five)."""
        used = np.int64(0)
        packets = []
        for _ in range(PACKETS):
            free = (self.subset_masks & used) == 0
            best = int(np.argmax(np.where(free, self.subset_keys, -1)))
            packets.append(self.subsets[best])
            used |= self.subset_masks[best]
        return packets


def _best_orders(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For values (..., packet, showing): the best total and the best packet order.

    ``order[k]`` is the packet placed at showing k.
    """
    totals = values[..., np.arange(PACKETS), _PERMUTATIONS].sum(axis=-1)  # (..., 120)
    best = np.argmax(totals, axis=-1)
    perms = _PERMUTATIONS[best]  # perms[i] = showing of packet i
    orders = np.argsort(perms, axis=-1)
    return np.take_along_axis(totals, best[..., None], axis=-1)[..., 0], orders


def local_search(deal: Deal, start: np.ndarray, gain, max_steps: int = 200) -> tuple[np.ndarray, float]:
    """Hill-climb an arrangement: best swap of two cards between packets, then the best packet order.

    ``gain(keys)`` maps packet keys (..., 5) to values (..., packet, showing).
    Returns the arrangement reached (no swap improves it) and its value.

    >>> from cardlab.cards import shuffled_deck
    >>> deal = Deal(sorted(shuffled_deck(32, 1)[7:]), ParallelPoker())
    >>> theirs = np.concatenate(deal.greedy_packets()[::-1])  # strongest last
    >>> start = np.concatenate(deal.greedy_packets())  # strongest first: 7 points against it
    >>> ours, points = local_search(deal, start, population_gain(deal.keys(theirs)[None, :]))
    >>> points, sorted(deal.cards(ours)) == sorted(deal.held)
    (13.0, True)

    A poor start can stop on a plateau far below the optimum (ties score nothing, so
    many swaps change nothing): the search strategy climbs from several starts.
    """
    swaps = _swaps()
    current = start.copy()
    value, order = _best_orders(gain(deal.keys(current)))
    current = current.reshape(PACKETS, PACKET_SIZE)[order].reshape(HELD)
    for _ in range(max_steps):
        trial = np.repeat(current[None, :], len(swaps), axis=0)
        rows = np.arange(len(swaps))
        trial[rows, swaps[:, 0]], trial[rows, swaps[:, 1]] = current[swaps[:, 1]], current[swaps[:, 0]]
        values, orders = _best_orders(gain(deal.keys(trial)))
        best = int(np.argmax(values))
        if values[best] <= value + 1e-9:
            break
        value = float(values[best])
        current = trial[best].reshape(PACKETS, PACKET_SIZE)[orders[best]].reshape(HELD)
    return current, float(value)


def population_gain(population_keys: np.ndarray, weights: np.ndarray | None = None):
    """The expected points of a packet at each showing against a population (PP-4).

    ``population_keys`` (m, 5): the packet keys of m opponent arrangements; a packet
    scores showing k's points times the weight of opponents whose packet k it beats.

    >>> gain = population_gain(np.array([[1, 2, 3, 4, 5], [3, 3, 3, 3, 3]]))
    >>> gain(np.array([3])).tolist()  # beats packet 1 and 2 of the first opponent only
    [[1.5, 2.0, 0.0, 0.0, 0.0]]
    """
    population_keys = np.atleast_2d(population_keys)
    m = len(population_keys)
    weights = np.full(m, 1 / m) if weights is None else np.asarray(weights, dtype=float) / np.sum(weights)
    columns = []
    for k in range(PACKETS):
        order = np.argsort(population_keys[:, k], kind="stable")
        columns.append((population_keys[order, k], np.concatenate([[0.0], np.cumsum(weights[order])])))

    def gain(keys: np.ndarray) -> np.ndarray:
        out = np.empty(keys.shape + (PACKETS,))
        for k, (sorted_keys, below) in enumerate(columns):
            out[..., k] = _WEIGHTS[k] * below[np.searchsorted(sorted_keys, keys, side="left")]
        return out

    return gain


class ArrangingStrategy(abc.ABC):
    """A parallel-poker bot: ``arrangement(held, game)`` -> the 25 cards in packet order."""

    name = "strategy"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    @abc.abstractmethod
    def arrangement(self, held: Sequence[Card], game: ParallelPoker, deal: Deal | None = None) -> tuple[Card, ...]:
        """The held cards in packet order (packet 1 first), for ``game``."""

    def __call__(self, observation: Observation) -> Action:
        return Action(ARRANGE, self.arrangement(observation.held, observation.game))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomArrangement(ArrangingStrategy):
    """Random: shuffle the 25 cards and cut them into five packets (the baseline)."""

    name = "random"

    def arrangement(self, held, game, deal=None):
        order = self.rng.permutation(len(held))
        return tuple(held[i] for i in order)


class StrongestFirst(ArrangingStrategy):
    """Strongest packet first: make the best hand, then the best of the rest, ...; lay them best first.

    Spends the strength on the cheapest showings (3, 4 points): a foil.
    """

    name = "strongest first"

    def arrangement(self, held, game, deal=None):
        deal = deal or Deal(held, game)
        return deal.cards(np.concatenate(deal.greedy_packets()))


class StrongestLast(StrongestFirst):
    """Strongest packet last: the same greedy packets, the best in packet 5 (worth 7 points)."""

    name = "strongest last"

    def arrangement(self, held, game, deal=None):
        deal = deal or Deal(held, game)
        return deal.cards(np.concatenate(deal.greedy_packets()[::-1]))


class Balanced(ArrangingStrategy):
    """Balanced: raise the weakest packet. Maximise a soft minimum of the five packets'
    strengths (category, then tie-break ranks), then lay them weakest first so the
    strongest stands on the 7-point showing; hill-climbed from the strongest-last packets.

    Where the greedy packets leave a hopeless last packet, this one trades a little top
    strength for five packets that each have a chance (PP-4 pays every showing).
    """

    name = "balanced"
    #: How sharply the weakest packet dominates the objective (per category of strength).
    sharpness = 3.0

    def arrangement(self, held, game, deal=None):
        deal = deal or Deal(held, game)

        def gain(keys):
            strength = keys / float(1 << 20)  # the category strength, tie-breaks as a fraction
            return -np.exp(-self.sharpness * strength)[..., None] + 1e-3 * strength[..., None] * _WEIGHTS

        start = np.concatenate(deal.greedy_packets()[::-1])
        best, _ = local_search(deal, start, gain)
        return deal.cards(best)


#: The strategies the search plays against by default, and the benchmark's field.
SIMPLE_STRATEGIES: tuple[type[ArrangingStrategy], ...] = (RandomArrangement, StrongestFirst, StrongestLast, Balanced)


class SearchArrangement(ArrangingStrategy):
    """Search: local search (swaps between packets, best packet order) maximising expected points
    against a population of opponent arrangements.

    By default the population is the simple strategies' arrangements of the same 25 cards,
    each strategy weighted equally (``samples`` arrangements of the random one). The
    search starts from the strongest-last, the balanced and ``restarts`` random
    arrangements and keeps the best local optimum.

    >>> from cardlab.cards import deck
    >>> game = ParallelPoker()
    >>> cards = SearchArrangement(seed=1, restarts=0).arrangement(deck(32)[7:], game)
    >>> sorted(cards) == sorted(deck(32)[7:])
    True
    """

    name = "search"

    def __init__(self, seed: int | None = None, samples: int = 16, restarts: int = 1,
                 opponents: Sequence[type[ArrangingStrategy]] = SIMPLE_STRATEGIES):
        super().__init__(seed)
        self.samples = samples
        self.restarts = restarts
        self.opponents = tuple(opponents)

    def population(self, deal: Deal) -> tuple[np.ndarray, np.ndarray]:
        """Opponent arrangements (positions into ``deal.held``) and their weights."""
        arrangements, weights = [], []
        for strategy_class in self.opponents:
            strategy = strategy_class(seed=int(self.rng.integers(2**62)))
            deterministic = strategy_class is not RandomArrangement
            n = 1 if deterministic else self.samples
            for _ in range(n):
                arrangements.append(deal.positions(strategy.arrangement(deal.held, deal.game, deal)))
                weights.append(1 / n)
        return np.array(arrangements), np.array(weights)

    def respond(self, deal: Deal, population: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, float]:
        """The best arrangement found against a population, and its expected points."""
        gain = population_gain(deal.keys(population), weights)
        starts = [np.concatenate(deal.greedy_packets()[::-1]), deal.positions(Balanced().arrangement(deal.held, deal.game, deal))]
        starts += [self.rng.permutation(HELD) for _ in range(self.restarts)]
        results = [local_search(deal, start, gain) for start in starts]
        return max(results, key=lambda result: result[1])

    def best_against(self, arrangements: Sequence[Sequence[Card]], game: ParallelPoker,
                     weights: Sequence[float] | None = None) -> tuple[tuple[Card, ...], float]:
        """The best arrangement found against given opponent arrangements (cards in packet order),
        with its expected points.

        >>> from cardlab.games.parallel_poker import arrange
        >>> theirs = arrange("9s 9c 8s 8c 7c | Ks Kd Kc Js Tc | Qd Jd Td 8d 7d | As Ah Ad Ac Qs | Kh Qh Jh Th 9h")
        >>> cards, points = SearchArrangement(seed=0).best_against([theirs.cards], ParallelPoker())
        >>> points >= 18  # the rule page's B scores 18 against this
        True
        """
        deal = Deal(sorted(arrangements[0]), game)
        population = np.array([deal.positions(cards) for cards in arrangements])
        best, value = self.respond(deal, population, None if weights is None else np.asarray(weights))
        return deal.cards(best), value

    def arrangement(self, held, game, deal=None):
        deal = deal or Deal(held, game)
        population, weights = self.population(deal)
        best, _ = self.respond(deal, population, weights)
        return deal.cards(best)

    def action_values(self, observation: Observation) -> dict[Action, float]:
        """The chosen arrangement and its expected points against the population (hints for a table)."""
        deal = Deal(observation.held, observation.game)
        best, value = self.respond(deal, *self.population(deal))
        return {Action(ARRANGE, deal.cards(best)): value}
