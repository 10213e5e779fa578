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

Where the teacher gave the class drills (:mod:`cardlab.widgets.practice`), a *Practise the
rules* button sits under the heading and opens them in the table's place.

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
from cardlab.widgets.practice import DRILL_SECONDS, PracticeBar
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
    # the class's drills, beside the table: the bar under the heading, the drill in the table's place
    store, room_id = session.store, session.room.id
    first = 2 if heading else 1  # the style's row, then the heading's
    rows = table.widget.children
    bar = PracticeBar(store, room_id, session.seat, lang=table.lang,
                      rows=[row for row in rows[first:] if row is not table.errors])
    table.widget.children = (*rows[:first], bar.widget, bar.box, *rows[first:])
    table.practice = bar  # type: ignore[attr-defined]
    said_in = table.set_language

    def set_language(lang: str) -> None:  # the table's picker: the practice follows
        said_in(lang)
        bar.set_language(table.lang)

    table.set_language = set_language  # type: ignore[method-assign]

    seat_poll = room.poll

    def room_poll() -> bool:  # a look by hand (tests): a drill set given or taken away shows too
        changed = seat_poll()
        return bar.poll() or changed

    room.poll = room_poll  # type: ignore[method-assign]
    # a started page is told of the class's changes (a drill set given or taken away) with the room's
    room.extras.append(lambda: bar.poll(now=bar.clock() + DRILL_SECONDS))

    def poll() -> bool:
        changed = room.poll()
        if changed:  # an idle poll costs the store's few reads, not a redraw
            table.refresh()
        return changed

    table.poll = poll  # type: ignore[attr-defined]
    return table
