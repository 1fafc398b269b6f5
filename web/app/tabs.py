"""Two tabs on one saved game: which copy holds what, and the notice.

Every tab keeps its game in memory and rewrites its saved entry after each
action. Each write carries a new revision (web/app/saved.py keeps it at the
head of the entry); the tab remembers the revision it last read or wrote
and writes only while the stored one is still that, or when everything the
stored copy holds is also in its own game (another tab only renamed it, or
is behind). Otherwise the tab is *stale*: it writes nothing, says so, and
offers to load the newer copy or to keep both (its own game saved as a
separate entry, "… (copy)"). the page's ``storage`` listener (web/page/glue.py) lets a tab
notice before its player acts; the check before writing catches what the
event did not (it can arrive after the player already acted).
"""

from __future__ import annotations

from typing import Any

from caravan import record
from web.app.saved import MAX_NAME
from web.words.i18n import _, ngettext
from web.words.markup import esc

# What two copies of one game may differ by. The record's version too: a game
# saved by an earlier release (a version 1 record) is the same game this one
# writes as version 2 (docs/RECORD.md, "Versions"), not another tab's change.
_NOT_PLAY = ("history", "ended", "version")


class Stale:
    """This tab's game against the newer saved copy: ``mine`` actions only
    here (in no saved copy), ``theirs`` only in the saved copy; ``readable``
    False when the saved copy cannot be read (damaged, another format)."""

    __slots__ = ("mine", "readable", "theirs")

    def __init__(self, mine: int, theirs: int, *, readable: bool = True) -> None:
        self.mine, self.theirs, self.readable = mine, theirs, readable


def compare(stored: dict[str, Any] | None, ours: dict[str, Any]) -> Stale | None:
    """None when the record ``ours`` holds everything the record ``stored``
    does (replacing it loses nothing); else how the two differ."""
    mine = ours["history"]
    theirs = stored.get("history") if stored is not None else None
    if stored is None or not isinstance(theirs, list):
        return Stale(len(mine), 0, readable=False)

    def game(rec: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in rec.items() if k not in _NOT_PLAY}

    common = 0
    if game(record.upgrade(stored)) == game(ours):
        for a, b in zip(mine, theirs, strict=False):
            if a != b:
                break
            common += 1
    if common == len(theirs) and stored.get("ended") in (None, ours.get("ended")):
        return None
    return Stale(len(mine) - common, len(theirs) - common)


def copy_name(name: str) -> str:
    """The name of this tab's game kept beside the other: "<name> (copy)"."""
    room = MAX_NAME - len(_("{name} (copy)", name=""))
    return _("{name} (copy)", name=name[:room].rstrip())


def notice(stale: Stale) -> str:
    """``#tab-conflict`` (docs/UI-CONTRACT.md): what happened, in plain
    words, and the choices; "Load the newer game" only when it can be read."""
    if not stale.readable:
        text = _(
            "This game's saved copy was changed in another tab and can no longer be read (it stays in "
            "Saved games). “Keep both” saves this tab's game as a separate game."
        )
    else:
        parts = [_("This game was also played in another tab since this tab last saved it.")]
        if stale.theirs:
            parts.append(
                ngettext(
                    "The copy saved there has {n} action this tab does not show.",
                    "The copy saved there has {n} actions this tab does not show.",
                    n=stale.theirs,
                )
            )
        parts.append(
            ngettext(
                "This tab's last action is in no saved copy: “Load the newer game” drops it, “Keep "
                "both” saves this tab's game as a separate game.",
                "This tab's last {n} actions are in no saved copy: “Load the newer game” drops them, "
                "“Keep both” saves this tab's game as a separate game.",
                n=stale.mine,
            )
            if stale.mine
            else _(
                "Nothing is lost either way: “Load the newer game” goes on from there, “Keep both” "
                "also saves this tab's position as a separate game."
            )
        )
        text = " ".join(parts)
    load = (
        f'<button type="button" id="conflict-load">{esc(_("Load the newer game"))}</button> '
        if stale.readable
        else ""
    )
    return (
        f'<section id="tab-conflict" role="alert" data-mine="{stale.mine}" data-theirs="{stale.theirs}">'
        f"<p>{esc(text)}</p><p>{load}"
        f'<button type="button" id="conflict-keep">{esc(_("Keep both"))}</button></p></section>'
    )
