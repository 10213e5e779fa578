"""A position as the coach may know it: one seat's observation, hashed into a seed.

The coach's samples are seeded by the position, not by the game's seed: the fields of
the seat's :class:`~cardlab.engine.Observation` (what is public, and the seat's own
cards), in a canonical text, hashed with BLAKE2b. Two states that differ only in cards
the seat cannot see give the same observation, hence the same seed and the same
verdict. The log, the events, the zones and the legal actions are left out: the zones
and the legal actions follow from the other fields, and the log and events are the
same history in another form.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=3)
>>> seat = state.current_player
>>> position_seed(state.observation(seat)) == position_seed(state.clone().observation(seat))
True
>>> 0 <= position_seed(state.observation(seat)) < 2**63
True
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Mapping, Sequence, Set
from typing import Any

from cardlab.cards import Card
from cardlab.engine import Observation

__all__ = ["position_key", "position_seed", "derived_seed"]

#: Observation fields that are not part of the position's key (see the module docstring).
SKIPPED = frozenset({"log", "events", "zones", "legal_actions"})


def _canonical(value: Any) -> str:
    """``value`` as text that is the same in every process (no set order, no hash seed)."""
    if isinstance(value, Card):
        return value.short
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    if dataclasses.is_dataclass(value):
        inner = ",".join(f"{f.name}={_canonical(getattr(value, f.name))}" for f in dataclasses.fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, Mapping):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}" for k, v in value.items())) + "}"
    if isinstance(value, Set):
        return "{" + ",".join(sorted(_canonical(v) for v in value)) + "}"
    if isinstance(value, Sequence):
        return "(" + ",".join(_canonical(v) for v in value) + ")"
    return repr(value)


def position_key(observation: Observation) -> str:
    """The canonical text of what ``observation``'s seat knows (its fields but the log,
    the events, the zones and the legal actions).

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> position_key(ParallelPoker().new_state(seed=1).observation(0))[:60]
    "ParallelPokerObservation(game=ParallelPoker(hierarchy='tradi"
    """
    inner = ",".join(f"{f.name}={_canonical(getattr(observation, f.name))}"
                     for f in dataclasses.fields(observation) if f.name not in SKIPPED)
    return f"{type(observation).__name__}({inner})"


def derived_seed(*parts: object) -> int:
    """A seed below 2**63 from text parts (BLAKE2b of their ``str``, joined).

    >>> derived_seed("a", 1) == derived_seed("a", 1) != derived_seed("a", 2)
    True
    """
    text = "\x1f".join(map(str, parts)).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def position_seed(observation: Observation) -> int:
    """The seed of every sample the coach draws at this position (0 .. 2**63 - 1)."""
    return derived_seed(position_key(observation))
