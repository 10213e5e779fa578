"""Table sessions: the half of a table with no widgets.

A session holds the game (or reaches the classroom's store), the bots and their pace,
the results it stops on, Undo and hot-seat turns, and hands a view only a
:class:`SeatView`: what its seat may see. :class:`TableSession` plays at one screen;
:class:`RoomSession` plays one seat of a classroom room through the store.
"""

from cardlab.sessions.local import TableSession, reveals
from cardlab.sessions.room import RoomSession
from cardlab.sessions.seatview import Controls, Notice, ResultView, SeatView, detached

__all__ = ["TableSession", "RoomSession", "SeatView", "ResultView", "Controls", "Notice", "detached", "reveals"]
