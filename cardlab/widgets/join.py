"""A student's table in a classroom room: the game's own view, drawing a room's session.

:func:`room_table` takes the game's own table (Kontrabluff's, draw poker's, ...) and
gives it a :class:`~cardlab.sessions.RoomSession`: a click becomes one transaction in
the room's store, and a poll on the kernel's own event loop brings the others' moves,
the teacher's switches and the room's status in and redraws the page at once. The view
is the same as at home; the session decides which controls show (no new game, no step,
no pace, Hints and Undo as the teacher's switches say) and a hidden control is inert.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, SeatSession
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
>>> table = room_table(SeatSession.join(store, f"room={room}&seat=1&token={store.tokens(room)[1]}"))
>>> table.seat, table.session.state is table.session.room.state, table._new.layout.display
(1, True, 'none')

The page's heading tops the table, in the table's language (its picker redraws it):

>>> table.heading.value
'<h1 class="cl-page-heading" ...>Your classroom table</h1>'
>>> table.set_language("sv")
>>> "Your classroom table" in table.heading.value
False
"""

from __future__ import annotations

from typing import Any

from cardlab.rooms import SeatSession
from cardlab.sessions.room import POLL_SECONDS, SWITCH_SECONDS, RoomSession
from cardlab.widgets.table import Table
from cardlab.words import N_

__all__ = ["JOIN_HEADING", "room_table", "POLL_SECONDS", "SWITCH_SECONDS"]

#: A student's page's heading (its ``<h1>``): short, so the table fits 1280x900 below it.
JOIN_HEADING = N_("Your classroom table")


def room_table(session: SeatSession, *, heading: bool = True, **options: Any) -> Table:
    """The table of the room's game for the seat ``session`` holds, playing through the store,
    in ``lang`` if given, else in the language of the join link or the room (the class's,
    :attr:`cardlab.rooms.Switches.lang`); the student may switch it on the page. With
    ``heading``, the page's heading (:data:`JOIN_HEADING`) is the table's first row.

    The table's :meth:`start` polls the store until :meth:`stop`; :meth:`poll` is one look.
    """
    from cardlab.widgets import TABLES

    room = RoomSession(session)
    options.pop("teacher", None)  # a student's table never shows every card
    # the page's language: the caller's, else the link's, else the room's (the class's)
    options["lang"] = options.get("lang") or session.language() or None
    table = TABLES[session.room.game.name](session.room.game, session=room,
                                           heading=JOIN_HEADING if heading else None, **options)
    table.start = room.start  # type: ignore[attr-defined]
    table.stop = room.stop  # type: ignore[attr-defined]

    def poll() -> bool:
        changed = room.poll()
        if changed:  # an idle poll costs the store's few reads, not a redraw
            table.refresh()
        return changed

    table.poll = poll  # type: ignore[attr-defined]
    return table
