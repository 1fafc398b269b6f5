"""A whole game between bots, with what an arena measures: scores, turns, think time.

Each bot is asked for one action at a time and is handed only
``game.view(seat)`` (I11): a copy that knows the bag's counts but draws from
its own randomness, so no bot can read the real draws to come. An action
that is not legal ends the game at once and is reported, never played.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..actions import Action, EndTurn
from ..errors import IllegalActionError
from ..game import Game
from .base import Bot


@dataclass
class GameResult:
    """What one game between bots came to, seat by seat (0-based)."""

    game: Game
    scores: list[int]
    winners: tuple[int, ...]
    reason: str | None  # the Outcome's reason, None if the game was stopped unfinished
    turns: int
    actions: int
    think: list[list[float]] = field(default_factory=list)  # per seat: seconds per turn
    illegal: tuple[int, str] | None = None  # (seat, the bot's action and why it was refused)

    @property
    def finished(self) -> bool:
        """Ended by a delivery after the bag was emptied (R14), as a real game ends."""
        return self.reason == "delivery"


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    max_actions: int = 20_000,
    on_action: Callable[[Game, int, Action], None] | None = None,
) -> GameResult:
    """Play ``game`` to its end with ``bots[seat]`` for each seat; returns the result.

    Give the game a turn limit (``Options.max_turns``, I10) so that bots that
    never finish still stop; ``max_actions`` is a last guard."""
    if len(bots) != game.seats:
        raise ValueError(f"{len(bots)} bots for {game.seats} seats")
    think: list[list[float]] = [[] for _ in range(game.seats)]
    spent = [0.0] * game.seats
    illegal: tuple[int, str] | None = None
    n = 0
    while not game.is_over() and n < max_actions:
        seat = game.seat
        view = game.view(seat)
        start = time.process_time()
        action = bots[seat].act(view)
        spent[seat] += time.process_time() - start
        try:
            game.push(action)
        except IllegalActionError as error:
            illegal = (seat, str(error))
            break
        n += 1
        if on_action is not None:
            on_action(game, seat, action)
        if isinstance(action, EndTurn) or game.is_over():
            think[seat].append(spent[seat])
            spent[seat] = 0.0
    outcome = game.outcome()
    return GameResult(
        game=game,
        scores=[line.total for line in game.score()],
        winners=outcome.winners if outcome is not None else (),
        reason=outcome.reason if outcome is not None else None,
        turns=game.turn,
        actions=n,
        think=think,
        illegal=illegal,
    )
