"""Randomness and shuffles of a game's state: every deck from the seed, a stacked deck or a deck source."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from cardlab.cards import Card, rng_for, seeded_integer, seeded_permutation

if TYPE_CHECKING:
    from cardlab.engine.game import Game

__all__ = ["Randomness"]


class Randomness:
    """The shuffles of a state (a part of :class:`~cardlab.engine.GameState`): the seed,
    the stacked deck or the deck source decide every deck, reproducibly."""

    #: Where shuffles come from after the first deal (stacked or seeded): None, the seed;
    #: else ``deck_source(cards)`` returns the cards to shuffle in their new order (every
    #: ``_new_deck`` and ``_shuffle``: KB-11, DP-5, DP-10 ...). OpenSpiel's adapter makes
    #: each shuffle chance nodes with it (:mod:`cardlab.interop.openspiel`). Clones keep it.
    deck_source: Callable[[tuple[Card, ...]], Sequence[Card]] | None = None

    # What this part reads from the state (GameState's fields; tests/test_engine_fields.py checks the list).
    game: Game
    seed: int
    first_dealer: int | None
    stacked: tuple[Card, ...] | None
    _shuffles: int

    @classmethod
    def cards_read_in_order(cls, game: Game, size: int) -> int:
        """How many leading cards of a shuffle of ``size`` cards the game may ever read in
        their order; the order of the rest never matters (never read, or taken as one set).
        Explicit chance places only these, one node each (:mod:`cardlab.interop.openspiel`);
        ``tests/test_shuffle_reads.py`` plays games whose shuffles differ only in the rest's
        order and checks every seat sees the same. By default every card's place can matter.

        >>> from cardlab.games.parallel_poker import ParallelPoker
        >>> ParallelPoker().state_class.cards_read_in_order(ParallelPoker(), 32)  # PP-1: seven laid out
        7
        """
        return size

    def _rng(self, *keys: int) -> np.random.Generator:
        """``cardlab.cards.rng_for(seed, *keys)``. A shuffle or one draw is cheaper through
        ``cardlab.cards.seeded_permutation`` and ``seeded_integer`` (the same draws), as
        ``_new_deck``, ``_shuffle`` and ``_choose_dealer`` do."""
        return rng_for(self.seed, *keys)

    def _new_deck(self) -> list[Card]:
        """The next shuffled deck (``game.stacked_deck``'s cards): the stacked one first,
        then from the ``deck_source`` if set, else from the seed."""
        self._shuffles += 1
        if self._shuffles == 1 and self.stacked is not None:
            return list(self.stacked)
        cards = self.game.stacked_deck
        if self.deck_source is not None:
            return list(self.deck_source(cards))
        return [cards[i] for i in self._deck_order(len(cards))]

    def _deck_order(self, size: int) -> list[int]:
        """The seed's order of the next new deck (draw poker draws its decks in batches)."""
        return seeded_permutation(size, self.seed, self._shuffles)

    def _shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Shuffle cards in play (a refilled stock): from the ``deck_source`` if set, else
        reproducibly from the seed."""
        self._shuffles += 1
        if self.deck_source is not None:
            return list(self.deck_source(tuple(cards)))
        return [cards[i] for i in seeded_permutation(len(cards), self.seed, self._shuffles)]

    def _choose_dealer(self) -> int:
        """The first dealer: fixed by ``dealer=``, else drawn from the seed (KB-1, DP-1 ...)."""
        if self.first_dealer is not None:
            return self.first_dealer
        return seeded_integer(self.game.num_players, self.seed, 0)
