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
        n = self._n
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
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(self._n - 1, -1, -1))

    def latest(self, k: int) -> tuple[T, ...]:
        """The last ``k`` items (oldest first): what a table shows of a long log."""
        n = self._n
        return tuple(self._items[max(0, n - k):n])

    def view(self) -> LogView[T]:
        """A frozen view of the items now (O(1): shares the list)."""
        return LogView(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogView):
            if other._n != self._n:
                return False
            if other._items is self._items:
                return True
        elif isinstance(other, (tuple, list)):
            if len(other) != self._n:
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
    """

    __slots__ = ()
    _sliced = list  # as the lists it replaces (a state's actions) sliced

    def __init__(self, items: Iterable[T] = ()):
        super().__init__(list(items))

    @classmethod
    def sharing(cls, view: Sequence[T]) -> Chain[T]:
        """A chain that starts as ``view``'s items, without copying them if it is a view."""
        if not isinstance(view, LogView):
            return cls(view)
        chain = object.__new__(cls)
        chain._items, chain._n = view._items, view._n
        return chain

    def append(self, item: T) -> None:
        items = self._items
        if len(items) != self._n:  # a sharer has appended past our fence: take our own prefix
            items = self._items = items[: self._n]
        items.append(item)
        self._n += 1

    def extend(self, new: Iterable[T]) -> None:
        items = self._items
        if len(items) != self._n:
            items = self._items = items[: self._n]
        items.extend(new)
        self._n = len(items)

    def copy(self) -> Chain[T]:
        """Another chain with the same items, sharing the list (O(1))."""
        return Chain.sharing(self)

    def __copy__(self) -> Chain[T]:
        return self.copy()

    __hash__ = None  # type: ignore[assignment]  # it grows: hash a view instead
