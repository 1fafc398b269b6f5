"""The guided first game ("Learn to play"), as data, and where the player is in it.

The lesson is a list of steps on prepared positions (docs/POSITION.md): each
names the one action it wants, what to do and the hint a wrong tap gets.
The engine decides what is legal, as in a real game: the lesson only narrows
the engine's legal actions to the step's (``sources``), and tests check that
every step's action is legal where it is asked for (tests/web/test_lesson.py).
The positions hold the goods of a short game (R2); the second one's bag
holds its last four goods, so its refill (R13) draws them all, whatever the
order, and triggers the end (R14). Their order comes from a fixed seed: a
lesson is the same for everyone, and no real game is started from it.
"""

from __future__ import annotations

from typing import NamedTuple

from caravan.actions import Action, parse_action
from caravan.chance import SeededChance
from caravan.events import Event
from caravan.game import Game
from caravan.options import Options, default_players
from web.app.selection import group_actions
from web.words.i18n import N_

SEED = 28  # the refill's draws: the same lesson every time


class Step(NamedTuple):
    """One step: ``position`` to set up first (None: go on from the step
    before), the ``wanted`` action's notation, and the words: ``title``,
    what to do (``text``), the ``hint`` a wrong tap gets."""

    key: str
    position: str | None
    wanted: str
    title: str
    text: str
    hint: str


# Early in a game: your camels on c5 (by Timbuktu) and a1; the salt on c6 with a demand marker.
EARLY = "2s a1C*1:1/e2S/b3W/c4:2/c5:1/f5M/c6S*1/a7H*1/g7P*1 *0$1/*0$1 I2C1G2P1M5W5S4H5 1 4 5 - -"
# Near the end: five loose goods, four in the bag; the other player's camel on e3 carries hides.
LATE = (
    "2s a1H/g1G*1:1/b3:1M/e3:1,2H/e4:1/f5M/c6W/a7S *6$1CGMMWWSSHH/*2$1ICPMMWWSSHH I1C0G0P1M0W1S1H0 1 4 21 - -"
)

STEPS: tuple[Step, ...] = (
    Step(
        "place",
        EARLY,
        "@c6",
        N_("Place a camel"),
        N_(
            "Goods lie on the numbered spaces, and each good is wanted in one city: the salt on c6 "
            "in Timbuktu (d5). Your camel on c5 stands between them. Place a camel from your "
            "supply on c6, where the salt lies: tap the marked space (R7)."
        ),
        N_("Tap the marked space c6 to place a camel from your supply there."),
    ),
    Step(
        "move",
        None,
        "a1-d5",
        N_("Move a camel"),
        N_(
            "A camel on the board may move to any space at all, not only to the next one (R7). "
            "Move your camel from a1 to Timbuktu: tap it, then tap d5."
        ),
        N_("Tap your camel on a1 first, then the marked space d5."),
    ),
    Step(
        "pick-up",
        None,
        "+c6",
        N_("Pick up a good"),
        N_(
            "Pick up the salt: tap your camel on c6, then the salt. You also take the demand "
            "marker lying there, worth 1 point at the end (R8)."
        ),
        N_("Tap your camel on c6, then the salt beside it."),
    ),
    Step(
        "deliver",
        None,
        "Sc6>d5",
        N_("Pass it along and deliver it"),
        N_(
            "Your camels on c6, c5 and d5 touch along their sides: they form a chain. A good "
            "travels along a chain in one action, and it is delivered when it reaches its city "
            "(R11, R12). Tap the salt, then Timbuktu (d5)."
        ),
        N_("Tap the salt on c6, then Timbuktu (d5)."),
    ),
    Step(
        "steal",
        LATE,
        "$e3/2H",
        N_("Steal a good"),
        N_(
            "The salt is delivered: it scores 3 points at the end (R15). Now a position later in "
            "the game: the other player's camel on e3 carries hides, and your unladen camel stands "
            "on the same space. Steal the hides: you hand over your theft marker, and the good goes "
            "under your camel (R10). Tap your camel on e3, then the hides."
        ),
        N_("Tap your camel on e3, then the hides on the other player's camel."),
    ),
    Step(
        "refill",
        None,
        "+g1",
        N_("The refill"),
        N_(
            "Five goods lie loose on the board. Pick up the gems on g1: only four are left then, "
            "so the board is refilled from the bag at once (R13). Tap your camel on g1, then the "
            "gems."
        ),
        N_("Tap your camel on g1, then the gems."),
    ),
    Step(
        "end",
        None,
        "H_e3>e4",
        N_("The end"),
        N_(
            "Each space still holding a good got a demand marker, and the last four goods came out "
            "of the bag. The bag is empty, so the next delivery ends the game (R14). Deliver the "
            "hides to Djenné: tap the hides under your camel on e3, then e4."
        ),
        N_("Tap the hides under your camel on e3, then Djenné (e4)."),
    ),
)

# After the last step: the game is over and scored.
FINISHED_TITLE = N_("Well played")
FINISHED_TEXT = N_(
    "Your delivery ended the game at once (I7). Delivered goods score 6 points if rare and 3 if "
    "common, and each demand marker 1 (R15). Goods picked up and not delivered cost points: your "
    "gems and meat, two goods, cost you 1 (R16). You know the game now: play a short game against "
    "the computer."
)


def lesson_game(position: str) -> Game:
    """A game in a lesson's ``position``: two default players, the short game's goods (R2)."""
    options = Options(players=default_players(2), short=True)
    return Game.from_position(position, options=options, chance=SeededChance(SEED))


class Lesson:
    """Where the player is in the lesson: the step, its game, the last hint given."""

    __slots__ = ("at", "game", "hinted")

    def __init__(self) -> None:
        self.at = 0
        self.hinted = False
        self.game = lesson_game(_position_at(0))

    @property
    def done(self) -> bool:
        """Every step taken: the game is over (R14, I7) and scored (R15-R17)."""
        return self.at >= len(STEPS)

    @property
    def step(self) -> Step | None:
        return None if self.done else STEPS[self.at]

    def wanted(self) -> Action | None:
        """The step's action, when the engine allows it now (always, tests/web/test_lesson.py)."""
        step = self.step
        if step is None:
            return None
        action = parse_action(step.wanted)
        return action if self.game.is_legal(action) else None

    def sources(self) -> dict[str, list[Action]]:
        """The engine's legal actions, narrowed to the step's: the only thing to tap."""
        action = self.wanted()
        return group_actions([action]) if action is not None else {}

    def play(self, notation: str) -> list[Event] | None:
        """Play ``notation`` if it is the step's action, and go on to the next
        step; otherwise nothing changes, and None (the hint is due)."""
        action = self.wanted()
        if action is None or str(action) != notation:
            self.hinted = True
            return None
        events = self.game.push(action)
        self.at += 1
        self.hinted = False
        step = self.step
        if step is not None and step.position is not None:
            self.game = lesson_game(step.position)
        return events


def _position_at(at: int) -> str:
    """The position set up at step ``at``: its own, else the last one before it's."""
    for step in reversed(STEPS[: at + 1]):
        if step.position is not None:
            return step.position
    raise ValueError("the first step has no position")
