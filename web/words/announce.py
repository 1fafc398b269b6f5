"""What the live region ``#announcer`` says (docs/UI-CONTRACT.md): each
action in one sentence, in the log's words (an end of turn's line says
whose turn it is now), and a refusal (web/app/services.py, ``Page.message``).
The region itself is in index.html, outside the re-drawn ``#screen``, so
that screen readers follow it; the page (web/page/) writes the text into one of its two
children in turn, so that the same text is said again.
"""

from __future__ import annotations

from caravan import Game
from caravan import events as ev
from web.words.i18n import capital
from web.words.phrases import event_line


def action_said(game: Game, events: list[ev.Event]) -> str:
    """One action's events (``game`` already after it) in one sentence, as
    the log words them: an end of turn's line says whose turn it is now."""
    lines = [event_line(game, event) for event in events]
    said = capital("; ".join(line.rstrip(".") for line in lines if line))
    return said if said.endswith(("!", "?")) else said + "."  # "Player 1 wins!", not "wins!."


def parity(count: int) -> tuple[int, int]:
    """Which child of ``#announcer`` gets the ``count``-th text and which is
    emptied: they alternate, so an identical text is a new addition, said again."""
    return count % 2, (count + 1) % 2
