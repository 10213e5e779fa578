"""cardlab.chain against a model in which every chain has its own list: however chains are
copied, shared through views and appended to, each sees exactly its own items (a chain that
owns its list appends with the list's own ``append``; fenced ones must never leak)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.chain import Chain, LogView

OPS = st.lists(
    st.tuples(st.sampled_from(["append", "extend", "extend_none", "copy", "share_view", "view"]),
              st.integers(0, 7), st.integers(0, 3)),
    min_size=1, max_size=60)


@settings(max_examples=400, deadline=None)
@given(OPS)
def test_chains_see_exactly_their_own_items(ops):
    chains, model = [Chain([0])], [[0]]
    views: list[tuple[LogView, list]] = []
    counter = 1
    for op, which, k in ops:
        i = which % len(chains)
        chain = chains[i]
        if op == "append":
            chain.append(counter)
            model[i].append(counter)
            counter += 1
        elif op in ("extend", "extend_none"):
            new = [] if op == "extend_none" else list(range(counter, counter + k + 1))
            counter += len(new)
            chain.extend(new)
            model[i].extend(new)
        elif op == "copy":
            chains.append(chain.copy())
            model.append(list(model[i]))
        elif op == "share_view":  # a sampled state's log goes on from an observation's
            chains.append(Chain.sharing(chain.view()))
            model.append(list(model[i]))
        else:
            views.append((chain.view(), list(model[i])))
        for c, m in zip(chains, model):
            assert len(c) == len(m) and list(c) == m and c == m and c[:] == m
            assert c.view() == tuple(m) and c.latest(2) == tuple(m[-2:])
        for view, frozen_items in views:
            assert view == tuple(frozen_items)  # a view never changes


def test_an_owned_chain_appends_in_place_and_a_copy_diverges_once():
    a = Chain([1])
    items = a._items
    for n in range(2, 100):
        a.append(n)
    assert a._items is items  # owned: the same list throughout
    b = a.copy()
    a.append(100)  # the first past the fence appends in place, and owns the list again
    assert a._items is items
    b.append(-1)  # the other takes its own prefix, once
    assert b._items is not items and b[-2:] == [99, -1] and a[-2:] == [99, 100]
    own = b._items
    for n in range(10):
        b.append(n)
    assert b._items is own
