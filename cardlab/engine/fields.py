"""A game's declared state: each field, how ``clone`` copies it and who may see its cards."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card

if TYPE_CHECKING:
    from cardlab.engine.state import GameState
    from cardlab.engine.views import Observation

__all__ = ["Copy", "Seen", "Field", "HIDDEN", "REST", "ENGINE_FIELDS", "ENGINE_CACHES", "compile_clone", "frozen_value",
           "cards_of"]


class Copy(enum.Enum):
    """How a declared field is copied by ``clone`` (the engine's, from the declaration)."""

    VALUE = "value"  # immutable (int, enum, tuple, None, a Card): shared by the copy
    LIST = "list"  # a list (or set or dict) of immutable values: one ``.copy()``
    SEATS = "seats"  # a list of lists (or sets), one per seat: each inner one copied


class Seen(enum.Enum):
    """Who may see the cards of a declared field (KB-7, DP-..., the games' "what each
    player may see" rules); ``hidden_from`` and ``sample_state`` follow it."""

    PUBLIC = "public"  # everybody
    OWNER = "owner"  # a per-seat field: entry ``p`` is seen by seat ``p`` only
    NOBODY = "nobody"  # nobody (a stock)
    MIXED = "mixed"  # cards that are also in another field that says who sees them


class _Marker:
    __slots__ = ("_name",)

    def __init__(self, name: str):
        self._name = name

    def __repr__(self) -> str:
        return self._name


#: In what a field's ``observed`` gives: a card the observer does not know (sampling deals one).
HIDDEN: Any = _Marker("HIDDEN")
#: In what a field's ``observed`` gives: every unseen card not dealt to a HIDDEN place.
REST: Any = _Marker("REST")


@dataclass(frozen=True)
class Field:
    """One declared field of a game's state (``GameState.FIELDS``).

    ``name`` is the attribute; ``copy`` says how ``clone`` copies it; ``seen`` who
    may see its cards (``cards=True`` marks a field that holds cards, nested in lists
    as deep as ``copy`` says). For ``sample_state``: ``observed`` gives the field as
    the observer knows it, from his observation, with :data:`HIDDEN` for each card he
    does not know (and at most one :data:`REST` in the whole declaration); it is a
    function of the observation or the name of one of its attributes, and defaults to
    the observation's attribute of the same name. ``derive`` instead computes the field
    after the hidden cards are dealt, from ``(state, observation)``.

    >>> Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.stock_size)
    Field('stock', LIST, NOBODY, cards)
    """

    name: str
    copy: Copy = Copy.VALUE
    seen: Seen = Seen.PUBLIC
    cards: bool = False
    observed: Any = None
    derive: Any = None

    def __repr__(self) -> str:
        parts = [repr(self.name), self.copy.name, self.seen.name] + ["cards"] * self.cards
        return f"Field({', '.join(parts)})"

    def seen_by(self, state: GameState, observation: Observation) -> Any:
        """This field as ``observation.player`` knows it (HIDDEN for unknown cards)."""
        observed = self.observed if self.observed is not None else self.name
        value = getattr(observation, observed) if isinstance(observed, str) else observed(observation)
        if self.copy is Copy.LIST and isinstance(value, (tuple, list)):
            return list(value)
        if self.copy is Copy.SEATS and isinstance(value, (tuple, list)):
            return [list(v) if isinstance(v, (tuple, list)) else type(v)(v) for v in value]
        return value


#: The engine's own fields of every state, compared by ``==`` beside the declared ones.
ENGINE_FIELDS = ("game", "seed", "first_dealer", "stacked", "round_index", "_shuffles", "actions", "_records",
                  "quiet", "sampled")
#: Engine attributes that are derived from the rest (left out of equality).
ENGINE_CACHES = ("_offered", "_lines", "_log_cache", "_event_cache")


def compile_clone(cls: type) -> Any:
    """``cls.clone`` written out from its declared fields (as dataclasses writes ``__init__``):
    one dict copy, then one copy per mutable field; the history is shared (cardlab.chain)."""
    lines = ["def clone(self):", "    new = _new(cls)", "    d = self.__dict__.copy()"]
    for f in cls.FIELDS:
        if f.copy is Copy.LIST:
            lines.append(f"    d[{f.name!r}] = d[{f.name!r}].copy()")
        elif f.copy is Copy.SEATS:
            lines.append(f"    d[{f.name!r}] = [v.copy() for v in d[{f.name!r}]]")
    lines += ["    new.__dict__ = d", "    self._clone_log(new)", "    return new"]
    namespace: dict[str, Any] = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - code made from the declaration only
    clone = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone._engine_made = True  # type: ignore[attr-defined]  # (tests/test_engine_fields.py)
    clone.__doc__ = ("A copy that shares nothing mutable (the engine's, from ``FIELDS``); the history, "
                     "the actions and the log lines are shared, not copied (cardlab.chain).")
    return clone


def frozen_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(frozen_value(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, frozen_value(v)) for k, v in value.items()))
    return value


def cards_of(value: Any, into: set[Card]) -> None:
    if value.__class__ is Card:
        into.add(value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            cards_of(item, into)
