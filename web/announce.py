"""What the live region ``#announcer`` says (docs/UI-CONTRACT.md): each
action in one sentence, in the log's words, and whose turn it is when the
turn passes. The region itself is in index.html, outside the re-drawn
``#screen``, so that screen readers follow it; main.py writes the text
into one of its two children in turn, so that the same text is said again.
"""

from __future__ import annotations

from caravan import Game
from caravan import events as ev

from .i18n import _, capital, words
from .log import event_line
from .names import name_of


def to_play(game: Game) -> str:
    """Whose turn it is, as the turn banner says it (a bot's seat with its strength)."""
    player = game.options.players[game.seat]
    name = name_of(game, game.seat)
    if player.bot is not None:
        return _("{name} ({bot}) to play", name=name, bot=words().strength(player.bot))
    return _("{name} to play", name=name)


def action_said(game: Game, events: list[ev.Event]) -> str:
    """One action's events (``game`` already after it) in one sentence;
    then whose turn it is, when the action passed the turn and the game goes on."""
    lines = [event_line(game, event) for event in events]
    text = capital("; ".join(line.rstrip(".") for line in lines if line)) + "."
    if not game.is_over() and any(isinstance(event, ev.TurnEnded) for event in events):
        text += f" {capital(to_play(game))}."
    return text


def parity(count: int) -> tuple[int, int]:
    """Which child of ``#announcer`` gets the ``count``-th text and which is
    emptied: they alternate, so an identical text is a new addition, said again."""
    return count % 2, (count + 1) % 2
