"""Where a room is, as people say it: a class's table by its number, never the store's id.

A seated class's rooms are its tables, numbered as on the printed slips (``Table 2`` of
the class ``7b``); a room the teacher made by hand has no class and is numbered among
such rooms in the order they were made (``Room 1``). The store's room ids are for links
and code only: pages say a :class:`RoomPlace` through the words layer
(:func:`cardlab.words.classroom.place_text`).

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=1, name="7b")
>>> by_hand = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
>>> places = room_places(store)
>>> [(p.number, p.class_name) for p in places.values()]
[(1, '7b'), (2, '7b'), (1, '')]
>>> room_place(store, by_hand) == places[by_hand]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.rooms.store import RoomStore, StoreError

__all__ = ["RoomPlace", "room_places", "room_place"]


@dataclass(frozen=True)
class RoomPlace:
    """A room's place (no words): ``number`` is its table's number in its class (as on the
    slips), or, for a room made by hand (``class_id`` None), its number among those;
    ``class_name`` is the class's name as the teacher gave it ('' unnamed: the words layer
    names it from ``students``, the number on its list)."""

    number: int
    class_id: str | None = None
    class_name: str = ""
    students: int = 0

    @property
    def in_class(self) -> bool:
        """Whether the room is a table of a seated class."""
        return self.class_id is not None


def room_places(store: RoomStore) -> dict[str, RoomPlace]:
    """Every room's place, in the store's order of rooms (oldest first)."""
    tables = store.class_tables()
    places: dict[str, RoomPlace] = {}
    by_hand = 0
    for info in store.rooms():
        known = tables.get(info.id)
        if known is None:
            by_hand += 1
            places[info.id] = RoomPlace(by_hand)
        else:
            cls, table = known
            places[info.id] = RoomPlace(table, cls.id, cls.name, cls.students)
    return places


def room_place(store: RoomStore, room: str) -> RoomPlace:
    """One room's place (a student's page asks once, when it opens)."""
    known = store.class_tables().get(room)
    if known is not None:
        cls, table = known
        return RoomPlace(table, cls.id, cls.name, cls.students)
    place = room_places(store).get(room)
    if place is None:
        raise StoreError(f"there is no room {room!r}")
    return place
