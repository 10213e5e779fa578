"""Table sessions: the half of a table with no widgets.

A session holds the game (or reaches the classroom's store), the bots and their pace,
the results it stops on, Undo and hot-seat turns, and hands a view only a
:class:`SeatView`: what its seat may see. :class:`TableSession` plays at one screen;
:class:`RoomSession` plays one seat of a classroom room through the store.
"""

from __future__ import annotations

from typing import Any

from cardlab.sessions.local import TableSession, reveals
from cardlab.sessions.seatview import Controls, Notice, ResultView, SeatView, detached

__all__ = ["TableSession", "RoomSession", "SeatView", "ResultView", "Controls", "Notice", "detached", "reveals"]


def __getattr__(name: str) -> Any:
    # RoomSession brings the classroom's store (sqlite3 and the rooms): loaded when first
    # named, so a table at one screen does not pay for it at import (PEP 562)
    if name == "RoomSession":
        from cardlab.sessions.room import RoomSession

        return RoomSession
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
