"""Hidden information of a state: the cards a seat may not know, and full states consistent with what it knows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from cardlab.cards import Card
from cardlab.chain import Chain
from cardlab.engine.fields import HIDDEN, REST, Field, Seen, cards_of

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.state import GameState
    from cardlab.engine.views import Observation

__all__ = ["Sampling", "deal_hidden", "deal_rest"]


def deal_hidden(value: Any, take: Iterator[Card]) -> Any:
    """``value`` with each HIDDEN replaced by the next card of ``take`` (lists stay lists)."""
    if value is HIDDEN:
        return next(take)
    if isinstance(value, list):
        return [deal_hidden(v, take) for v in value]
    if isinstance(value, tuple):
        return tuple(deal_hidden(v, take) for v in value)
    return value


def deal_rest(value: Any, rest: list[Card]) -> Any:
    if isinstance(value, (list, tuple)):
        out: list[Any] = []
        for v in value:
            if v is REST:
                out.extend(rest)
            else:
                out.append(deal_rest(v, rest))
        return out if isinstance(value, list) else tuple(out)
    return value


class Sampling:
    """Hidden cards and determinization (a part of :class:`~cardlab.engine.GameState`),
    from the declared fields."""

    # What this part reads from the state's class (GameState's; tests/test_engine_fields.py checks the list).
    FIELDS: ClassVar[tuple[Field, ...]]
    SAMPLE_SEED: ClassVar[tuple[str, int]]
    SAMPLE_LOG: ClassVar[str]

    def hidden_from(self, player: int) -> frozenset[Card]:
        """The cards whose place ``player`` may not know (for the leak checks), from the
        declared fields: other seats' OWNER fields and NOBODY fields, less every card
        that is also in a PUBLIC field."""
        if not self.FIELDS:
            raise NotImplementedError
        hidden: set[Card] = set()
        shown: set[Card] = set()
        for f in self.FIELDS:
            if not f.cards:
                continue
            value = getattr(self, f.name)
            if f.seen is Seen.PUBLIC:
                cards_of(value, shown)
            elif f.seen is Seen.NOBODY:
                cards_of(value, hidden)
            elif f.seen is Seen.OWNER:
                cards_of([v for seat, v in enumerate(value) if seat != player], hidden)
        return frozenset(hidden - shown)

    @classmethod
    def sample_from(cls, game: Game, observation: Observation, rng: np.random.Generator) -> GameState:
        """A full state consistent with ``observation`` (determinization, for search): the
        engine's, from the declared fields. Each field is taken as the observer knows it
        (``Field.observed``); the cards he has not seen (the game's deck less every card
        he knows) are shuffled with ``rng`` and dealt to the HIDDEN places in declaration
        order, what is left to the REST place; then derived fields are computed. The
        sample is quiet or continues the observer's log (``SAMPLE_LOG``), has a fresh
        seed (``SAMPLE_SEED``) and cannot be saved."""
        when, bound = cls.SAMPLE_SEED
        if when == "before":
            seed = int(rng.integers(bound))
        state = object.__new__(cls)
        values: dict[str, Any] = {}
        known: set[Card] = set()
        for f in cls.FIELDS:
            if f.derive is None:
                values[f.name] = value = f.seen_by(state, observation)
                if f.cards:
                    cards_of(value, known)
        unseen = [card for card in game.full_deck if card not in known]
        pool = [unseen[i] for i in rng.permutation(len(unseen))]
        take = iter(pool)
        for f in cls.FIELDS:
            if f.cards and f.derive is None:
                values[f.name] = deal_hidden(values[f.name], take)
        rest = list(take)
        for f in cls.FIELDS:
            if f.cards and f.derive is None:
                values[f.name] = deal_rest(values[f.name], rest)
        if when != "before":
            seed = int(rng.integers(bound))
        state.game, state.seed, state.first_dealer, state.stacked = game, seed, None, None
        state.round_index = getattr(observation, "round_index", 0)
        state._shuffles = 1
        if cls.SAMPLE_LOG == "observer":
            state.continue_log(observation.player, observation.events, observation.log)
        else:
            state.history = []  # type: ignore[assignment]
            state.quiet = True
        state.actions = Chain()
        state.sampled = True
        state.__dict__.update(values)
        for f in cls.FIELDS:
            if f.derive is not None:
                setattr(state, f.name, f.derive(state, observation))
        return state
