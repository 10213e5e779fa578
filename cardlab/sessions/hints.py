"""Hints for the seat to act: what each choice is worth, before the seat decides.

Exact where cardlab can count, as a game's spec declares (draw poker's draw, DP-5: every
set of cards that could come, :func:`draw_hint`); else the search bot's values, averaged over sampled deals of the cards the seat
cannot see, seeded by the position (the same position always gives the same hint).

>>> from cardlab.games.draw_poker import DrawPoker
>>> state = DrawPoker().new_state(seed=1)
>>> hint(state.observation(state.current_player), seed=5).method in {"exact", "sampled", "none"}
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.bots import bot_for
from cardlab.cards import rng_for
from cardlab.engine import Action, GameState, Observation
from cardlab.games import game_entry

__all__ = ["Hint", "HintRow", "hint", "draw_hint", "position_hint"]


@dataclass(frozen=True)
class HintRow:
    """One choice and its worth: ``value`` (exact: the chance to improve; sampled: units
    gained against the others' average), ``expected`` (exact draws: the average kind)."""

    action: Action
    value: float
    expected: float | None = None


@dataclass(frozen=True)
class Hint:
    """A hint: ``method`` 'exact', 'sampled' or 'none', the best choices first."""

    method: str
    rows: tuple[HintRow, ...] = ()
    samples: int | None = None
    deck_size: int | None = None


def hint(observation: Observation, *, seed: int, best: int = 6) -> Hint:
    """The ``best`` choices of the seat whose ``observation`` this is (see the module): exact
    where the game's spec declares an exact hint for a kind of action on offer (its
    ``hints``), else sampled."""
    game = observation.game
    entry = game_entry(game)
    for kind in observation.legal_actions.kinds():
        exact = entry.exact_hint(kind)
        if exact is not None:
            return exact(observation)
    bot = bot_for("search", seed=seed, game=game)
    values = getattr(bot, "action_values", None)
    if values is None:
        return Hint("none")
    scored = sorted(values(observation).items(), key=lambda item: (-item[1], str(item[0])))
    return Hint("sampled", tuple(HintRow(a, float(v)) for a, v in scored[:best]), samples=getattr(bot, "samples", None))


def draw_hint(observation: Observation) -> Hint:
    """The exact hint at a draw (DP-5): the four discards of the best expected kind of hand,
    with their chance to improve, counted over every draw from the cards the seat has not
    seen (draw poker's spec names it for its ``draw``).

    >>> from cardlab.engine import Action
    >>> from cardlab.games.draw_poker import DrawPoker
    >>> state = DrawPoker(players=2).new_state(seed=2)
    >>> for action in (Action("open", amount=2), Action("call")):
    ...     state.apply(action)
    >>> said = draw_hint(state.observation(state.current_player))
    >>> said.method, len(said.rows), said.deck_size
    ('exact', 4, 52)
    """
    from cardlab.analysis.draw_odds import discard_table

    game = observation.game
    table = discard_table(observation.hand, game.rules, dead=observation.own_discards)
    rows = tuple(HintRow(Action("draw", () if row["discard"] == "-" else row["discard"]), float(row["improve"]),
                         float(row["expected"])) for _, row in table.head(4).iterrows())
    return Hint("exact", rows, deck_size=game.rules.deck_size)


def position_hint(state: GameState, seat: int) -> Hint:
    """The hint of ``seat`` in ``state``, seeded by the position (the game's seed, the
    moves made and the seat): a table asks this, at one screen or in a room."""
    seed = int(rng_for(state.seed, 31, len(state.actions), seat).integers(2**31))
    return hint(state.observation(seat), seed=seed)
