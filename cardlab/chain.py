"""Append-only sequences that states share instead of copying (after python-chess's
``copy(stack=N)``, which shares its move stack by slicing).

A session's history, its actions and each seat's log only ever grow, so a copy of a
state, or an observation of it, needs no copy of them: it keeps the same list and its
own length (a *fence*). Positions below every fence never change, so whoever holds a
fence sees a fixed sequence.

- :class:`LogView` is that frozen view: ``len``, indexing, slicing (to a tuple),
  iteration, equality with tuples, and :meth:`LogView.latest` for the last lines.
- :class:`Chain` is the owner's end: it appends in place while nobody has appended
  past its fence, else it first takes its own copy of its prefix (copy on divergence,
  once), so two clones that go different ways never see each other's items.

>>> mine = Chain(["a", "b"])
>>> yours = mine.copy()          # shares the list: nothing copied
>>> mine.append("c"); yours.append("x")
>>> list(mine), list(yours)
(['a', 'b', 'c'], ['a', 'b', 'x'])
>>> view = mine.view(); mine.append("d")
>>> view == ("a", "b", "c"), view.latest(2), len(mine)
(True, ('b', 'c'), 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
import operator
from itertools import islice
from typing import Any, Generic, TypeVar, overload

__all__ = ["Chain", "LogView"]

T = TypeVar("T")


class LogView(Sequence[T], Generic[T]):
    """The first ``n`` items of a shared append-only list: frozen, made in O(1).

    Equal to any sequence with the same items (a tuple, a list, another view); a slice
    is a tuple, as it was when logs were tuples.

    >>> log = LogView(["deal", "bet", "fold"], 2)
    >>> len(log), log[-1], log[:5], list(log), log == ("deal", "bet")
    (2, 'bet', ('deal', 'bet'), ['deal', 'bet'], True)
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[T] | None = None, n: int | None = None):
        self._items: list[T] = [] if items is None else items
        self._n = len(self._items) if n is None else n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: Any) -> Any:
        n = len(self)
        if type(index) is slice:
            start, stop, step = index.indices(n)
            return self._sliced(self._items[start:stop:step])
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("log index out of range")
        return self._items[index]

    _sliced = tuple  # a view slices to a tuple (logs were tuples), a chain to a list

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, len(self))

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(len(self) - 1, -1, -1))

    def latest(self, k: int) -> tuple[T, ...]:
        """The last ``k`` items (oldest first): what a table shows of a long log."""
        n = len(self)
        return tuple(self._items[max(0, n - k):n])

    def view(self, n: int | None = None) -> LogView[T]:
        """A frozen view of the items now, or of the first ``n`` (O(1): shares the list).

        >>> Chain(["a", "b", "c"]).view(2) == ("a", "b")
        True
        """
        return LogView(self._items, len(self) if n is None else min(n, len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogView):
            if len(other) != len(self):
                return False
            if other._items is self._items:
                return True
        elif isinstance(other, (tuple, list)):
            if len(other) != len(self):
                return False
        else:
            return NotImplemented
        return all(map(operator.eq, self, other))

    def shares(self, other: LogView[Any]) -> bool:
        """Whether ``other`` reads the very same list (no copy was made)."""
        return self._items is other._items

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"

    # A state's sequences are immutable below the fence: copies share them.
    def __copy__(self) -> LogView[T]:
        return self.view()

    def __deepcopy__(self, memo: dict) -> LogView[T]:
        return self.__copy__()

    def __reduce__(self) -> tuple:
        return (type(self), (list(self),))


class Chain(LogView[T]):
    """An append-only sequence that copies share until one of them appends past the other.
    A slice is a list, as the lists it replaces (``state.actions``) sliced.

    ``copy()`` costs O(1); the first ``append`` after a copy that another holder has
    already extended costs one copy of the prefix (then appends are in place again).

    >>> a = Chain([1, 2]); b = a.copy(); b.extend([3, 4])
    >>> a == [1, 2], b == (1, 2, 3, 4), b.shares(a)
    (True, True, True)

    How, and why so: a state appends several records per action, so a chain that is
    the only one able to append to its list (*owned*: ``_n`` is None, its length is the
    list's) appends with the list's own ``append``, put on the chain itself: no Python
    call. ``copy`` fences both chains at the length then (``_n``); a fenced chain appends
    through :meth:`_append_fenced` (``append`` is then looked up by ``__getattr__``), in
    place if it is at the end of a list only copies share (then it owns the list again:
    every other sharer's fence is behind), else on its own copy of its prefix. A chain
    made by :meth:`sharing` a view never appends in place: whoever made the view may.
    """

    __slots__ = ("append", "_in_place")
    _sliced = list  # as the lists it replaces (a state's actions) sliced

    def __init__(self, items: Iterable[T] = ()):
        super().__init__(list(items))
        self._own()

    def _own(self) -> None:
        """Nobody else appends to our list any more: appends are the list's own."""
        self._n = None
        self.append = self._items.append

    def _fence(self, n: int, in_place: bool) -> None:
        """Share our list up to ``n`` items; append in place at its end only if ``in_place``."""
        self._n, self._in_place = n, in_place
        try:
            del self.append  # looked up by __getattr__ from now on (a bound method kept here would be a cycle)
        except AttributeError:
            pass

    def __getattr__(self, name: str) -> Any:
        if name == "append":  # a fenced chain (see the class docstring)
            return self._append_fenced
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __len__(self) -> int:
        n = self._n
        return len(self._items) if n is None else n

    @classmethod
    def sharing(cls, view: Sequence[T]) -> Chain[T]:
        """A chain that starts as ``view``'s items, without copying them if it is a view."""
        if isinstance(view, Chain):
            return view.copy()
        if not isinstance(view, LogView):
            return cls(view)
        chain = object.__new__(cls)
        chain._items = view._items
        chain._fence(len(view), in_place=False)
        return chain

    def _append_fenced(self, item: T) -> None:
        self._take_list()
        self._items.append(item)
        self._own()

    def _take_list(self) -> None:
        """Before a fenced chain's first append: keep the shared list if we are at its end
        and only copies share it, else take our own copy of our prefix."""
        items, n = self._items, self._n
        if not (self._in_place and len(items) == n):
            self._items = items[:n]

    def extend(self, new: Iterable[T]) -> None:
        if self._n is not None:
            new = list(new)
            if not new:  # nothing appended: still fenced (owning the list needs an item past every fence)
                return
            self._take_list()
            self._items.extend(new)
            self._own()
        else:
            self._items.extend(new)

    def copy(self) -> Chain[T]:
        """Another chain with the same items, sharing the list (O(1))."""
        n = len(self)
        in_place = self._n is None or self._in_place  # a chain made by sharing a view passes that on
        chain = object.__new__(Chain)
        chain._items = self._items
        chain._fence(n, in_place)
        self._fence(n, in_place)
        return chain

    def __copy__(self) -> Chain[T]:
        return self.copy()

    __hash__ = None  # type: ignore[assignment]  # it grows: hash a view instead
