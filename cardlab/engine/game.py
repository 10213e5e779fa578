"""A game's settings: the immutable object that makes states (after OpenSpiel's Game)."""

from __future__ import annotations

import dataclasses
import functools
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from cardlab.cards import Card, CardError, deck
from cardlab.engine.errors import BAD_SEED, SeatError, SettingsError, as_seat
from cardlab.engine.saving import MAX_SEED, deck_cards, jsonable

if TYPE_CHECKING:
    from cardlab.engine.state import GameState
    from cardlab.engine.views import Observation

__all__ = ["Game"]


@dataclass(frozen=True)
class Game:
    """Settings of a game; subclasses are frozen dataclasses checked at construction.

    ``new_state(seed=, dealer=, deck=)`` makes a state; ``deck`` stacks the cards
    (a full ordered deck, first card dealt first).
    """

    name: ClassVar[str] = "game"
    state_class: ClassVar[type]
    deck_cards: ClassVar[int] = 52

    @functools.cached_property
    def num_players(self) -> int:
        """The number of seats (cached: every seat check asks; settings never change)."""
        return getattr(self, "players", 2)

    @property
    def full_deck(self) -> tuple[Card, ...]:
        """The ordered deck this game uses."""
        return deck(getattr(self, "deck_size", self.deck_cards))

    #: The rule that says which cards a stacked deck lists (named in its errors).
    deal_rule: ClassVar[str] = ""

    @property
    def stacked_deck(self) -> tuple[Card, ...]:
        """The cards a stacked ``new_state(deck=)`` must list, in any order: the game's deck
        (a game dealt from part of its cards, as parallel poker from the dealer's, says so)."""
        return self.full_deck

    def check_deck(self, cards: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
        if cards is None:
            return None
        cards = deck_cards(cards)
        expected = self.stacked_deck
        if sorted(cards) != sorted(expected):
            missing = sorted(set(expected) - set(cards))
            known = set(expected)  # a card outside the deck, or one named again, is named
            extra = sorted({card for i, card in enumerate(cards) if card not in known or card in cards[:i]})
            where = f" ({self.deal_rule})" if self.deal_rule else ""
            raise CardError(
                f"a stacked deck must hold exactly the {len(expected)} cards of the game's deck{where} "
                f"(got {len(cards)}; missing {' '.join(map(str, missing)) or 'none'}, "
                f"not in the deck or repeated {' '.join(map(str, extra)) or 'none'})"
            )
        return cards

    def new_state(self, seed: int | None = None, dealer: int | None = None, deck: Iterable[Card | str] | None = None) -> GameState:
        """A new game: seeded (a random seed is drawn and kept when None)."""
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < MAX_SEED:
            raise SettingsError(BAD_SEED(repr(seed)))
        if dealer is not None:
            try:
                dealer = as_seat(dealer, self.num_players, "dealer")
            except SeatError as error:
                raise SettingsError(error.refusal) from None  # EN-4, refused as a setting
        return self.state_class(self, int(seed), dealer, self.check_deck(deck))

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict."""
        return {f.name: jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def state_from_json(self, text: str | bytes) -> GameState:
        """Load a state saved with :meth:`GameState.to_json` by replaying its actions (EN-5).

        The size of the text, its nesting and the number of actions are checked before
        anything heavy is done; every field is checked exactly (a seat or a seed is a
        whole number, never coerced). Any failure is a :class:`ReplayError` naming the
        field or the action number.

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> Kontrabluff().state_from_json('{"format": "cardlab/9"}')
        Traceback (most recent call last):
        ...
        cardlab.engine.ReplayError: EN-5: cannot load a kontrabluff state from JSON: its format 'cardlab/9' is not one this cardlab reads ('cardlab/1')
        """
        from cardlab.engine.saving import load_state  # the saved-game format lives with the writer

        return load_state(self, text)

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # settings are immutable

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> GameState:
        """A full state consistent with ``observation``: hidden cards dealt at random.

        Search bots plan on such samples (determinization).
        """
        if not self.state_class.FIELDS:
            raise NotImplementedError(f"{self.name} cannot sample hidden information")
        return self.state_class.sample_from(self, observation, rng)
