"""The batch evaluator against the scalar one on every hand of the 48 .. 36-card decks.

The rest of the exhaustive comparison (52 cards, 32 and fewer) is in test_fast.py;
these four decks, both HR-5 settings, are 7.7 million scalar evaluations (about 10 s
of one core), so they are marked slow; they still run by default.
"""

import pytest

from .test_fast import assert_batch_equals_scalar


@pytest.mark.slow
@pytest.mark.parametrize("ace_low", [True, False])
@pytest.mark.parametrize("size", [48, 44, 40, 36])
def test_batch_equals_scalar_on_every_hand(size, ace_low):
    assert_batch_equals_scalar(size, ace_low)
