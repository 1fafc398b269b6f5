"""Which thing the player has picked up with the pointer, and what it can do.

The engine's legal actions are grouped by *source key* (docs/UI-CONTRACT.md):
``supply`` for placing, the square name for moving a camel, picking up or
stealing there, and ``Ic6`` / ``I_c6`` for a good on top of / under a camel.
The view never decides legality: a source exists only if the engine listed
an action for it.
"""

from __future__ import annotations

from caravan import Good
from caravan.actions import Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES

SUPPLY = "supply"


def source_of(action: Action) -> str | None:
    """The source key a player selects before taking ``action`` (None for end)."""
    if isinstance(action, PlaceCamel):
        return SUPPLY
    if isinstance(action, MoveCamel):
        return SQUARE_NAMES[action.frm]
    if isinstance(action, (PickUp, Steal)):
        return SQUARE_NAMES[action.at]
    if isinstance(action, MoveGood):
        mark = "_" if action.under else ""
        return f"{Good(action.good).letter}{mark}{SQUARE_NAMES[action.frm]}"
    return None


def group_actions(legal: list[Action]) -> dict[str, list[Action]]:
    """Legal actions by source key, in the engine's order; end turn has none."""
    out: dict[str, list[Action]] = {}
    for action in legal:
        if isinstance(action, EndTurn):
            continue
        key = source_of(action)
        if key is not None:
            out.setdefault(key, []).append(action)
    return out


class Selection:
    """The selected source, checked against the current sources on every change."""

    __slots__ = ("hinted", "selected", "sources")

    def __init__(self, sources: dict[str, list[Action]] | None = None, selected: str | None = None) -> None:
        self.sources: dict[str, list[Action]] = {} if sources is None else sources
        self.selected = selected
        self.hinted: str | None = None  # the notation of the action a hint names (web/app/hint.py)

    def refresh(self, legal: list[Action]) -> None:
        """New position: regroup, and drop a selection that has no action left."""
        self.sources = group_actions(legal)
        if self.selected not in self.sources:
            self.selected = None

    def toggle(self, key: str) -> None:
        """Select ``key``; selecting it again, or something not selectable, clears."""
        if key == self.selected or key not in self.sources:
            self.selected = None
        else:
            self.selected = key

    def clear(self) -> None:
        self.selected = None

    def targets(self) -> list[Action]:
        return self.sources.get(self.selected, []) if self.selected is not None else []

    def only_placing(self) -> bool:
        """Placing a camel is the only kind of action there is (no camel on
        the board yet, R3-R5, or none of them can do anything): the page
        shows the placements at once, without "Place a camel" pressed."""
        return list(self.sources) == [SUPPLY]

    def shown(self) -> list[Action]:
        """The targets drawn: the selected source's, or the placements when
        they are all there is to do (``only_placing``)."""
        if self.selected is None and self.only_placing():
            return self.sources[SUPPLY]
        return self.targets()

    def find(self, notation: str) -> Action | None:
        """The legal action written ``notation`` among every source's actions."""
        for actions in self.sources.values():
            for action in actions:
                if str(action) == notation:
                    return action
        return None
