"""Classroom rooms: students at their own screens play each other through one shared store.

:mod:`cardlab.rooms.store` keeps rooms, seats (with join tokens) and actions in SQLite;
:mod:`cardlab.rooms.room` replays a room in each kernel and plays actions as
transactions. Nothing here imports a widget library: the join page and the teacher's
dashboard (:mod:`cardlab.widgets`) sit on top.
"""

from cardlab.rooms.room import (BOT_NAMES, GAME_CLASSES, AccessRefused, Room, RoomClosed, RoomError, SeatTaken,
                                StaleView, game_of, move_bots)
from cardlab.rooms.seat import JoinRequest, SeatSession
from cardlab.rooms.store import RoomInfo, RoomStore, SeatInfo, SQLiteStore, StoreError

__all__ = ["BOT_NAMES", "GAME_CLASSES", "AccessRefused", "JoinRequest", "SeatSession", "SeatTaken", "Room", "RoomClosed", "RoomError", "StaleView", "game_of", "move_bots",
           "RoomInfo", "RoomStore", "SeatInfo", "SQLiteStore", "StoreError"]
