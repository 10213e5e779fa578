"""Chips left in the pot when a session ends (FL-10, DP-10).

Both pot games end a session by sharing what is left in the pot (an FL-8 or DP-8
remainder) among the players still at the table, so that no chip is stranded and
the final stacks add up to all the chips.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["share_left_over", "from_the_left"]


def from_the_left(dealer: int, seats: Sequence[int], players: int) -> list[int]:
    """``seats`` in turn clockwise from the dealer's left (the dealer himself last).

    >>> from_the_left(2, [0, 1, 2, 3], 4)
    [3, 0, 1, 2]
    >>> from_the_left(0, [2, 0], 4)
    [2, 0]
    """
    present = set(seats)
    return [seat % players for seat in range(dealer + 1, dealer + 1 + players) if seat % players in present]


def share_left_over(pot: int, seats: Sequence[int]) -> list[int]:
    """The pot shared equally among ``seats`` (given from the dealer's left, as
    :func:`from_the_left` orders them); the indivisible rest goes one chip each to
    the seats nearest the dealer's left (FL-10, DP-10). Returns each seat's share,
    in the order of ``seats``.

    >>> share_left_over(8, [3, 0, 1])      # 2 each, and one chip each to seats 3 and 0
    [3, 3, 2]
    >>> share_left_over(0, [1, 2]), share_left_over(5, [4])
    ([0, 0], [5])
    """
    if not seats:
        raise ValueError("no player is left at the table to share the pot")
    each, rest = divmod(pot, len(seats))
    return [each + (i < rest) for i in range(len(seats))]
