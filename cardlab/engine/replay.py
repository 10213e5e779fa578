"""Every state of a game from its start, rebuilt on demand from checkpoints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlab.chain import LogView

if TYPE_CHECKING:
    from cardlab.engine.state import GameState

__all__ = ["Replay"]


class Replay(Sequence["GameState"]):
    """Every state of a game from its start (``replay[i]``: after ``i`` actions), rebuilt
    on demand from the action list: a checkpoint every ``every`` actions, each a clone
    sharing one history (cardlab.chain), so a replay costs about one state's memory,
    and a jump replays at most ``every - 1`` actions from the nearest checkpoint.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> import numpy as np
    >>> state, rng = Kontrabluff().new_state(seed=4), np.random.default_rng(4)
    >>> for _ in range(30): state.apply(state.legal_actions().sample(rng))
    >>> replay = state.replay_view(every=8)
    >>> len(replay), replay[30] == state, len(replay[13].actions)
    (31, True, 13)
    """

    def __init__(self, state: GameState, every: int = 64):
        if not isinstance(every, int) or every < 1:
            raise ValueError(f"checkpoints come every 1 or more actions, got {every!r}")
        self.every = every
        actions = state.actions
        self.actions = actions.view() if isinstance(actions, LogView) else LogView(list(actions))
        rolling = state.game.new_state(seed=state.seed, dealer=state.first_dealer, deck=state.stacked)
        seats = range(state.game.num_players)
        self._checkpoints: list[GameState] = []
        for number, (player, action) in enumerate(self.actions):
            if number % every == 0:
                self._checkpoints.append(self._checkpoint(rolling, seats))
            rolling.apply_trusted(player, action)  # played and checked once already
        self._last = self._checkpoint(rolling, seats)

    @staticmethod
    def _checkpoint(state: GameState, seats: range) -> GameState:
        for seat in seats:  # every seat's lines made once, shared by all checkpoints
            state.log_for(seat)
        return state.clone()

    def __len__(self) -> int:
        return len(self.actions) + 1

    def __getitem__(self, index: Any) -> GameState:
        if type(index) is slice:
            raise TypeError("a replay is indexed by one position, not sliced")
        n = len(self.actions)
        if index < 0:
            index += n + 1
        if not 0 <= index <= n:
            raise IndexError(f"a replay of {n} actions has positions 0..{n}, not {index}")
        if index == n:
            return self._last.clone()
        start = index - index % self.every
        state = self._checkpoints[start // self.every].clone()
        for player, action in self.actions[start:index]:
            state.apply_trusted(player, action)
        return state

    def __repr__(self) -> str:
        return f"<Replay of {len(self.actions)} actions, a checkpoint every {self.every}>"
