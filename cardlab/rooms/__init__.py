"""Classroom rooms: students at their own screens play each other through one shared store.

:mod:`cardlab.rooms.store` keeps rooms, seats (with join tokens) and actions, in a SQLite
file (:mod:`cardlab.rooms.sqlite`) or a PostgreSQL database that several servers share
(:mod:`cardlab.rooms.postgres`), opened by :func:`open_store` from a path or URL;
:mod:`cardlab.rooms.room` replays a room in each kernel and plays actions as
transactions; :mod:`cardlab.rooms.seating` seats a whole class with join codes
(:mod:`cardlab.rooms.codes`); :mod:`cardlab.rooms.place` says where a room is (a class's
table by its number); :mod:`cardlab.rooms.drills` keeps a class's drill set and answers;
:mod:`cardlab.rooms.notify` is how a store tells the pages of a room that it changed
(``store.watch``: pushed within a process, fed from the others; the promise any store keeps,
a server database's too). Nothing here imports a widget library: the join page and the teacher's
dashboard (:mod:`cardlab.widgets`) sit on top.
"""

from cardlab.rooms.room import (BOT_NAMES, GAME_CLASSES, AccessRefused, Reconnecting, Room, RoomClosed, RoomError,
                                SeatTaken, StaleView, BotMove, game_of, move_bots, next_bot_move, play_bot_move, to_act)
from cardlab.rooms.codes import parse_code, show_code
from cardlab.rooms.seat import JoinRequest, SeatSession, query_language
from cardlab.rooms.seating import (ORDERS, TABLE_SIZES, CodeRefused, GuessLimit, class_list, join_by_code,
                                   plan_seating, seat_class)
from cardlab.rooms.notify import ChangeFeed, RoomHub, hub_for
from cardlab.rooms.store import (ClassInfo, DrillAnswer, RoomInfo, RoomStore, SeatInfo, Slip, StoreError,
                                 StoreUnavailable, StoreVersionError, Switches, open_store, store_url)
from cardlab.rooms.sqlite import SQLiteStore
from cardlab.rooms.place import RoomPlace, room_place, room_places
from cardlab.rooms.drills import EVERY_DRILL, HAND_RANKINGS, assign_drills, game_kinds, seat_drills

__all__ = ["BOT_NAMES", "GAME_CLASSES", "AccessRefused", "JoinRequest", "SeatSession", "SeatTaken", "Room", "RoomClosed",
           "RoomError", "StaleView", "game_of", "move_bots", "to_act", "BotMove", "next_bot_move", "play_bot_move",
           "RoomInfo", "RoomStore", "SeatInfo", "SQLiteStore", "StoreError", "StoreUnavailable", "StoreVersionError",
           "Switches", "ClassInfo", "Slip", "open_store", "store_url", "Reconnecting",
           "ORDERS", "TABLE_SIZES", "CodeRefused", "GuessLimit", "class_list", "plan_seating", "seat_class",
           "join_by_code", "parse_code", "show_code", "query_language", "DrillAnswer", "RoomPlace", "room_place",
           "room_places", "EVERY_DRILL", "HAND_RANKINGS", "assign_drills", "game_kinds",
           "seat_drills", "ChangeFeed", "RoomHub", "hub_for"]
