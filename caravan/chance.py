"""Where draws from the bag come from.

Every draw is made at the moment it happens and recorded in the game's
history (I11): a record holds the draws already seen and nothing that
predicts the next ones. Real games use the operating system's randomness;
tests and simulations pass a seed to SeededChance, whose generator is written
out here (SplitMix64) so the same seed gives the same game on every Python
version and in the browser, unlike ``random`` whose algorithms may change.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol

_MASK = (1 << 64) - 1


class Chance(Protocol):
    def below(self, n: int) -> int:
        """A uniformly random int in ``range(n)``, ``n >= 1``."""


class SystemChance:
    """Unpredictable draws for real games."""

    def below(self, n: int) -> int:
        # os.urandom, not ``secrets``: the page would compile ``secrets`` (and
        # its imports) from source at every boot. Rejection sampling: no bias.
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        bits = n.bit_length()
        size = (bits + 7) // 8
        while True:
            x = int.from_bytes(os.urandom(size), "big") >> (8 * size - bits)
            if x < n:
                return x


class SeededChance:
    """Reproducible draws: SplitMix64 with rejection sampling (no modulo bias)."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def below(self, n: int) -> int:
        # One SplitMix64 step per try, with the rejection limit cached for
        # bag-sized n: a refill draws four times per push (R13), in searches too.
        limit = _LIMIT.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            limit = _SPAN - _SPAN % n
            if n <= _CACHED:
                _LIMIT[n] = limit
        while True:
            self._state = z = (self._state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n


_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_CACHED = 1024  # a bag holds fewer goods (R2)
_LIMIT: dict[int, int] = {}  # n -> the largest multiple of n that is at most 2**64


def draw_from(bag: Sequence[int], chance: Chance) -> int:
    """Draw one cube from a bag given as counts per good; returns the good."""
    r = chance.below(sum(bag))
    for good, count in enumerate(bag):
        if r < count:
            return good
        r -= count
    raise AssertionError("unreachable: r < sum(bag)")
