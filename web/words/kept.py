"""Markup and words kept from one frame to the next, each piece by what it is
made from, so that a frame draws only what changed. A context (the language,
the seats, the board's scale) holds for the whole store: another one starts
it afresh, as does a store grown past its limit."""

from __future__ import annotations


class Kept:
    """Pieces of text by their keys, for one context at a time."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.context: tuple[object, ...] | None = None
        self.kept: dict[object, str] = {}

    def within(self, context: tuple[object, ...]) -> dict[object, str]:
        """The pieces kept in ``context`` (none after another context or past the limit)."""
        if context != self.context or len(self.kept) > self.limit:
            self.context, self.kept = context, {}
        return self.kept

    def forget(self) -> None:
        self.context, self.kept = None, {}
