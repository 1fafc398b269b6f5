"""A turn in one line, what it changed first: the terminal says each bot's
turn above the prompt with it, and the page says the turns since a
person's last one near the banner (web/app/seen.py). Standard library only,
like the engine: the page imports it (caravan/text.py it does not)."""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from . import events as ev
from .board import SQUARE_NAMES
from .game import Game
from .quote import visible
from .words import Words

__all__ = ["turn_summary"]

ENGLISH = Words(gettext.NullTranslations())


def turn_summary(game: Game, seat: int, events: Sequence[ev.Event], w: Words = ENGLISH) -> str:
    """One turn in one line, what it changed first ("Bob: delivered salt to Timbuktu (+3),
    moved 2 camels and picked up cloth on c6."): after the bots play, the player reads
    their turns above the prompt instead of hunting for them in the scrollback."""
    said: list[str] = []
    counts: dict[str, int] = {}  # camels placed, camels moved, goods moved: counted, not said each
    where: dict[str, int] = {}  # a count's place among the phrases: where it first happened
    sq = SQUARE_NAMES
    for event, _ in w.lines(game, events):  # a good moved into its city is told by its delivery (R12)
        phrase = ""
        if isinstance(event, (ev.CamelPlaced, ev.CamelMoved, ev.GoodMoved)):
            kind = type(event).__name__
            if kind not in where:
                where[kind] = len(said)
                said.append("")  # the count's place, filled below
            counts[kind] = counts.get(kind, 0) + 1
        elif isinstance(event, ev.GoodDelivered):
            # Translators: in a turn's one-line summary: a delivery (R12) and its points.
            phrase = w._(
                "delivered {good} to {city} (+{points})",
                good=w.good(event.good),
                city=w.city(event.at),
                points=event.points,
            )
        elif isinstance(event, ev.GoodPickedUp) and event.demand_markers:
            # Translators: in a turn's one-line summary: a pick-up that took demand markers (R8).
            phrase = w.ngettext(
                "picked up {good} on {at} with {n} demand marker",
                "picked up {good} on {at} with {n} demand markers",
                n=event.demand_markers,
                good=w.good(event.good),
                at=sq[event.at],
            )
        elif isinstance(event, ev.GoodPickedUp):
            # Translators: in a turn's one-line summary: a pick-up (R8).
            phrase = w._("picked up {good} on {at}", good=w.good(event.good), at=sq[event.at])
        elif isinstance(event, ev.GoodStolen):
            # Translators: in a turn's one-line summary: a theft (R10); {victim} is a player's name.
            phrase = w._(
                "stole {good} from {victim} on {at}",
                good=w.good(event.good),
                victim=w.name(game, event.victim),
                at=sq[event.at],
            )
        elif isinstance(event, ev.Refilled) and event.placed:
            # Translators: in a turn's one-line summary: the refill after a pick-up (R13).
            phrase = w.ngettext(
                "drew {n} good from the bag (refill)",
                "drew {n} goods from the bag (refill)",
                n=len(event.placed),
            )
        if phrase:
            said.append(phrase)
    for kind, n in counts.items():
        if kind == "CamelPlaced":
            # Translators: in a turn's one-line summary: camels placed from the supply (R7).
            said[where[kind]] = w.ngettext("placed {n} camel", "placed {n} camels", n=n)
        elif kind == "CamelMoved":
            # Translators: in a turn's one-line summary: camels moved on the board (R7).
            said[where[kind]] = w.ngettext("moved {n} camel", "moved {n} camels", n=n)
        else:
            # Translators: in a turn's one-line summary: goods moved between camels, not delivered (R11).
            said[where[kind]] = w.ngettext("moved {n} good", "moved {n} goods", n=n)
    # Translators: a turn without any action in the one-line summary (R6).
    actions = visible(w.names(said)) if said else w._("ended the turn without acting")
    # Translators: a turn's one-line summary; {actions} is a list of the summary's phrases
    # ("placed 2 camels, picked up salt on f5 and drew 4 goods from the bag (refill)").
    return w._("{name}: {actions}.", name=visible(w.name(game, seat)), actions=actions)
