"""Opening a share link: which game the player continues, and the link to send.

A link holds a whole record (caravan/link.py). If the same game (same
options and set-up draws, one history a prefix of the other) is already
saved, the player continues whichever copy is further along, so a longer
history is never lost; otherwise the link's game is saved as a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal


def link_url(base: str, payload: str) -> str:
    """The full link: the page's clean address (no query, no fragment), then
    ``#payload``. A query such as ``?seed=31`` or ``?lang=pl`` belongs to this
    tab, not to the game: the link carries the whole record (issue 14)."""
    return base.split("#", 1)[0].split("?", 1)[0] + "#" + payload


def same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two records are one game at two moments: same options and
    set-up, and one history a prefix of the other."""
    if a.get("options") != b.get("options") or a.get("setup") != b.get("setup"):
        return False
    ha, hb = a.get("history"), b.get("history")
    if not isinstance(ha, list) or not isinstance(hb, list):
        return False
    n = min(len(ha), len(hb))
    return ha[:n] == hb[:n]


def _further(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """``a`` holds more than ``b`` (a longer history, or the same one ended by agreement)."""
    la, lb = len(a["history"]), len(b["history"])
    return la > lb or (la == lb and "ended" in a and "ended" not in b)


@dataclass(frozen=True)
class Decision:
    """``new``: a game we do not have; ``saved``: our copy (``id``) is at
    least as far along; ``link``: the link is further along than our copy
    ``id``, which it replaces (ours is a prefix of it, so nothing is lost)."""

    kind: Literal["new", "saved", "link"]
    id: str | None = None
    saved_steps: int = 0
    link_steps: int = 0


def decide(link_record: dict[str, Any], candidates: Iterable[tuple[str, dict[str, Any]]]) -> Decision:
    """What to do with a decoded link, given the saved records by id."""
    best: tuple[str, dict[str, Any]] | None = None
    for entry_id, rec in candidates:
        if same_game(rec, link_record) and (best is None or _further(rec, best[1])):
            best = (entry_id, rec)
    n = len(link_record["history"])
    if best is None:
        return Decision("new", link_steps=n)
    entry_id, rec = best
    kind: Literal["saved", "link"] = "link" if _further(link_record, rec) else "saved"
    return Decision(kind, entry_id, len(rec["history"]), n)
