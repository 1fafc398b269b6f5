"""Stepping through a game's past without touching the game.

The view replays the record into a game of its own (``push_recorded`` with
the recorded draws, so no chance is involved) and moves through it with
``pop`` and ``push_recorded``; the game being played is only read.
"""

from __future__ import annotations

from caravan.game import Game, Step
from caravan.options import Options
from web.words.phrases import entry_markup


def fresh(game: Game) -> Game:
    """``game`` at its set-up: same players, start seat and set-up draws."""
    o = game.options
    options = Options(
        players=o.players, casual=o.casual, short=o.short, start=game.start, max_turns=o.max_turns
    )
    return Game(options, seed=0, setup_draws=game.setup_draws)


def replay_log(game: Game) -> tuple[Game, list[str]]:
    """A copy of ``game`` replayed from its set-up, and its log markup per step."""
    copy = fresh(game)
    log = []
    for step in game.history:
        events = copy.push_recorded(step.action, step.draws)
        log.append(entry_markup(copy, step.action, events))
    return copy, log


class History:
    """A game's actions, to step through: ``pos`` actions have been taken in ``game``."""

    def __init__(self, game: Game) -> None:
        self.steps: list[Step] = list(game.history)
        self.game, self.log = replay_log(game)
        self.pos = len(self.steps)

    @property
    def total(self) -> int:
        return len(self.steps)

    def go(self, k: int) -> None:
        """Show the game after its first ``k`` actions (clamped to the game)."""
        k = max(0, min(k, self.total))
        while self.pos > k:
            self.game.pop()
            self.pos -= 1
        while self.pos < k:
            step = self.steps[self.pos]
            self.game.push_recorded(step.action, step.draws)
            self.pos += 1

    def last_step(self) -> Step | None:
        return self.steps[self.pos - 1] if self.pos else None
