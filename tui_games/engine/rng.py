"""Seeded randomness that lives inside a game state.

A state's RNG is a single 64-bit integer (SplitMix64), so it serialises to JSON as one
number and a replay from the same seed draws exactly the same cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng(msgspec.Struct):
    """SplitMix64 generator whose whole state is the integer ``state``."""

    state: int = 0

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        """A generator started from ``seed`` (any integer)."""
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; the tiny modulo bias of 64 bits is irrelevant here."""
        if n <= 0:
            raise ValueError("randrange() needs n > 0")
        return self.next64() % n

    def choice(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]
