"""A state's history: typed records appended once, shared by clones, each seat's part and its words made when read (in the language of the reading)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.chain import Chain, LogView
from cardlab.records import Action, Event, EventKind
from cardlab.words import current_language, language, record_line

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.state import GameState

__all__ = ["History", "HistoryView", "EventsView"]


class History:
    """The history of a state (a part of :class:`~cardlab.engine.GameState`).

    The history is kept as plain tuples ``(kind, values, player, action, rule, seen)`` in
    a Chain (cardlab.chain), ``kind`` the game's EventKind: append-only, shared by clones
    and observations without copying. Events and words are made only when someone reads
    them: ``_lines`` holds, by language, the line of each record read so far (made once
    by cardlab.words, shared by every seat that may see it), ``_log_cache`` each seat's
    lines by language and seat and ``_event_cache`` each seat's records, extended by the
    records since its last reading. So ``log_for``, ``events_for`` and an observation cost
    the same at action 10 and at action 100,000, and a log read in Polish and then in
    English is said in each (issue 35: the words are a cache of the records, one per
    language read, never part of the state: ``==`` and ``to_json`` leave them out).
    """

    #: While set (by a table's session, around one move), called with the index of each
    #: result or trick recorded: the session keeps the position as it stood then.
    on_result: Any = None

    # What this part keeps (made by the ``history`` setter, copied by ``_clone_log``).
    _records: Chain[tuple[Any, ...]]
    _lines: dict[str, Chain[str]]
    _log_cache: dict[tuple[str, int], tuple[int, Chain[str]]]
    _event_cache: dict[int, tuple[int, Chain[tuple[Any, ...]]]]
    # What this part reads from the state (GameState's fields; tests/test_engine_fields.py checks the list).
    game: Game
    actions: Chain[tuple[int, Action]]
    quiet: bool

    @property
    def history(self) -> HistoryView:
        """Everything that happened, actions and chance events, as typed records with rule
        ids (a lazy view: :class:`~cardlab.records.Event` values are made as they are read)."""
        return HistoryView(self._records.view())

    @history.setter
    def history(self, events: Iterable[Event]) -> None:
        self._records: Chain[tuple[Any, ...]] = Chain(
            (e.spec, e.values, e.player, e.action, e.rule, e.visible_to) for e in events)
        self._lines: dict[str, Chain[str]] = {}
        self._log_cache: dict[tuple[str, int], tuple[int, Chain[str]]] = {}
        self._event_cache: dict[int, tuple[int, Chain[tuple[Any, ...]]]] = {}

    def _record(self, kind: EventKind, *values: Any, player: int | None = None, action: Action | None = None,
                visible_to: Iterable[int] | None = None, rule: str | None = None) -> None:
        """Append an event of ``kind`` with its field ``values`` in the kind's order
        (``rule`` defaults to the kind's; ``visible_to`` None: every seat sees it)."""
        if self.quiet:  # a sample for search: no history needed
            return
        seen = visible_to if visible_to is None or type(visible_to) is frozenset else frozenset(visible_to)
        self._records.append((kind, values, player, action, rule or kind.rule, seen))
        if self.on_result is not None and (kind.result or kind.brief):
            self.on_result(len(self._records) - 1)

    def log_for(self, player: int) -> LogView[str]:
        """The history in words, as ``player`` may see it: a frozen view (indexing, slicing,
        ``len``, ``latest(k)``, equal to the tuple of its lines) that shares the state's lines.

        The view is of the history as it was when asked, in the language current then
        (:func:`cardlab.words.language`); its words are made when it is first read, not
        before (an observation whose log nobody reads costs no words).

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> state = Kontrabluff().new_state(seed=1, dealer=0)
        >>> with language("pl"):
        ...     state.log_for(0)[0]
        'KB-1: Pierwszym rozdającym jest Południe'
        >>> state.log_for(0)[0]
        'KB-1: South deals first'
        """
        n = len(self._records)
        lang = current_language()
        entry = self._log_cache.get((lang, player))
        if entry is None:  # asked for: a clone makes its words first, to share them (_clone_log)
            entry = self._log_cache[(lang, player)] = (0, Chain())
        if entry[0] == n:
            return entry[1].view()
        return _LaterLog(self, player, n, lang)

    def events_for(self, player: int) -> EventsView:
        """The history as ``player`` may see it, as typed records (a frozen view of
        :class:`~cardlab.records.Event` values made when read; no words are made). The
        seat's records are picked out when the view is first read, not before (an
        observation whose events nobody reads costs nothing)."""
        n = len(self._records)
        entry = self._event_cache.get(player)
        if entry is not None and entry[0] == n:
            return EventsView(entry[1].view())
        return _LaterEvents(self, player, n)

    def seat_records(self, player: int, n: int) -> LogView[tuple[Any, ...]]:
        """``player``'s records among the first ``n`` of the history, picked out now if not
        yet (each record once per seat, however often the seat is observed)."""
        records = self._records
        done, mine = self._event_cache.get(player) or (0, Chain())
        if done < n:
            mine.extend([record for record in records[done:n] if record[5] is None or player in record[5]])
            self._event_cache[player] = (n, mine)
        elif done > n:  # a view asked for earlier, read after more was picked: the records up to then
            later = sum(1 for record in records[n:done] if record[5] is None or player in record[5])
            return mine.view(len(mine) - later)
        return mine.view()

    def _seat_lines(self, player: int, n: int, lang: str) -> LogView[str]:
        """``player``'s lines of the first ``n`` records in language ``lang``, made now if
        not made yet (each record's words once a language, shared by every seat that may
        see it)."""
        records = self._records
        key = (lang, player)
        done, lines = self._log_cache.get(key) or (0, Chain())
        if done < n:
            words = self._lines.get(lang)
            if words is None:
                words = self._lines[lang] = Chain()
            made = len(words)
            if made < n:
                players = self.game.num_players
                if lang == current_language():
                    words.extend([record_line(kind, values, rule, players)
                                  for kind, values, _, _, rule, _ in records[made:n]])
                else:  # another language's (a view asked in it, read now; a clone sharing every language read)
                    with language(lang):
                        words.extend([record_line(kind, values, rule, players)
                                      for kind, values, _, _, rule, _ in records[made:n]])
            lines.extend([line for line, (*_, seen) in zip(words[done:n], records[done:n])
                          if seen is None or player in seen])
            self._log_cache[key] = (n, lines)
        elif done > n:  # a view asked for earlier, read after more was made: the lines up to then
            later = sum(1 for (*_, seen) in records[n:done] if seen is None or player in seen)
            return lines.view(len(lines) - later)
        return lines.view()

    def continue_log(self, player: int, events: Sequence[Event], lines: Sequence[str]) -> None:
        """Start an empty history whose records and log for ``player`` go on from an
        observation's (shared, not copied): for states sampled for search. The lines are
        the current language's (an observer's log is read where it is made)."""
        self.history = []
        self._log_cache[(current_language(), player)] = (0, Chain.sharing(lines))
        self._event_cache[player] = (0, Chain.sharing(events.records if isinstance(events, EventsView) else
                                                       [(e.spec, e.values, e.player, e.action, e.rule, e.visible_to)
                                                        for e in events]))

    def _clone_log(self, new: GameState) -> None:
        """Give ``new`` (a shallow copy of this state) its own history: records, lines
        and actions are shared (cardlab.chain), each copy appends past them on its own.
        Every seat that has asked for its log gets its words made first, so the two
        copies share them instead of each making its own."""
        n = len(self._records)
        for (lang, player), (done, _) in list(self._log_cache.items()):
            if done < n:
                self._seat_lines(player, n, lang)
        new._records = self._records.copy()
        new._lines = {lang: words.copy() for lang, words in self._lines.items()}
        new._log_cache = {player: (done, lines.copy()) for player, (done, lines) in self._log_cache.items()}
        new._event_cache = {player: (done, mine.copy()) for player, (done, mine) in self._event_cache.items()}
        new.actions = self.actions.copy()


class _LaterLog(LogView):
    """A seat's log as it was when asked (``GameState.log_for``), in the language asked in,
    its words made when it is first read: then it is the :class:`~cardlab.chain.LogView`
    of the state's lines in that language."""

    __slots__ = ("_state", "_player", "_fence", "_lang")

    def __init__(self, state: GameState, player: int, fence: int, lang: str):
        self._state, self._player, self._fence, self._lang = state, player, fence, lang

    def __getattr__(self, name: str) -> Any:
        if name in ("_items", "_n"):  # not read yet: make the words now
            view = self._state._seat_lines(self._player, self._fence, self._lang)
            self._items, self._n = view._items, view._n
            self._state = None  # the words are made; the state may go
            return getattr(self, name)
        raise AttributeError(name)


def _event(record: tuple[Any, ...]) -> Event:
    kind, values, player, action, rule, seen = record
    return Event(kind.game, kind.name, values, player, action, rule, seen)


class HistoryView(Sequence[Event]):
    """A game's history as :class:`~cardlab.records.Event` values made when read
    (``state.history``; ``state.events_for(seat)`` is one seat's part of it).

    Indexing and iterating make Events one at a time, so reading a million-action
    history holds one Event at once; a slice is a list. Equal to any sequence of the
    same Events.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> history = Kontrabluff().new_state(seed=1, dealer=0).history
    >>> history[0].rule, history[0].kind, len(history) == len(list(history))
    ('KB-1', 'first_dealer', True)
    """

    __slots__ = ("_records",)

    def __init__(self, records: LogView[tuple[Any, ...]]):
        self._records = records

    @property
    def records(self) -> LogView[tuple[Any, ...]]:
        """The raw records ``(kind, values, player, action, rule, seen)`` (for the words
        layer and the adapters, which read many at once)."""
        return self._records

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, index: Any) -> Any:
        if type(index) is slice:
            return [_event(record) for record in self._records[index]]
        return _event(self._records[index])

    def __iter__(self) -> Iterator[Event]:
        return map(_event, self._records)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (HistoryView, list, tuple)):
            return NotImplemented
        if len(other) != len(self):
            return False
        if isinstance(other, HistoryView) and self._records == other._records:
            return True
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} events>"


class EventsView(HistoryView):
    """One seat's events (``state.events_for(seat)``, an observation's ``events``): only
    the records that seat may see. A frozen view, hashable as its records (an
    observation is a hashable value)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple(self._records))


class _LaterEvents(EventsView):
    """A seat's events as they were when asked (``GameState.events_for``), picked out of
    the history when first read: then it is an :class:`EventsView` of the seat's records."""

    __slots__ = ("_state", "_player", "_fence")

    def __init__(self, state: GameState, player: int, fence: int):
        self._state, self._player, self._fence = state, player, fence

    def __getattr__(self, name: str) -> Any:
        if name == "_records":  # not read yet: pick the seat's records now
            self._records = self._state.seat_records(self._player, self._fence)
            self._state = None  # picked; the state may go
            return self._records
        raise AttributeError(name)
