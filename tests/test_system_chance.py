"""SystemChance: the draws of real games (I11), from os.urandom."""

from __future__ import annotations

import pytest

from caravan.chance import SystemChance


@pytest.mark.parametrize("n", [1, 2, 3, 7, 36, 255, 256, 257, 2**70 + 3])
def test_draws_stay_in_range(n: int) -> None:
    chance = SystemChance()
    assert all(0 <= chance.below(n) < n for _ in range(200))


def test_every_value_comes_up() -> None:
    """No value of a small bag is unreachable (the rejection sampling keeps them all);
    missing one of 3 in 600 fair draws has a chance below 1e-100."""
    chance = SystemChance()
    assert {chance.below(3) for _ in range(600)} == {0, 1, 2}


def test_an_empty_range_is_refused() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        SystemChance().below(0)
