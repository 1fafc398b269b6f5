"""What to mark and animate on the board after an action, without the DOM.

Planned as chessground plans its animations: from the engine's events and
the difference between the position before and after (token places from
web/board/board_pieces.py's layout), never by reading the page. The plan is data: CSS
selectors of elements in the new board markup, keyframes for the Web
Animations API, and markup for short-lived "ghost" pieces (a good travelling
along a chain to a city and on to the score). web/page/paint.py plays it, or, under
``prefers-reduced-motion``, skips it: the last turn's marks stay either way.
"""

from __future__ import annotations

from collections import deque

from caravan import NEIGHBOURS, Game, Good, Step
from caravan import events as ev
from caravan.actions import EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES
from web.board.board_pieces import (
    CELL,
    LOOSE_Y,
    MIN_TEXT_PX,
    cell_origin,
    cube,
    fitted,
    lone,
    token_key,
    token_place,
    tokens,
)

SLIDE_MS = 360
DROP_MS = 420
Keyframe = dict[str, str | float]


class Anim:
    """One ``element.animate(keyframes, {duration, delay})`` call."""

    __slots__ = ("delay", "duration", "keyframes", "selector")

    def __init__(self, selector: str, keyframes: list[Keyframe], duration: int, delay: int = 0) -> None:
        self.selector, self.keyframes, self.duration, self.delay = selector, keyframes, duration, delay


class Motion:
    """Everything to play after one update: ghost markup for the board's
    ``.fx`` layer (invisible unless animated) and the animations."""

    __slots__ = ("anims", "ghosts")

    def __init__(self, ghosts: str = "", anims: list[Anim] | None = None) -> None:
        self.ghosts = ghosts
        self.anims: list[Anim] = [] if anims is None else anims

    def __bool__(self) -> bool:
        return bool(self.anims)


def last_turn_marks(game: Game) -> dict[int, str]:
    """Squares the previous turn's actions left from and arrived at, shown
    from the end of that turn until the next player acts (docs/UI-CONTRACT.md):
    ``from``, ``to`` or ``from to``. Empty during a turn that has begun."""
    history = game.history
    if not history or not isinstance(history[-1].action, EndTurn):
        return {}
    return _turn_marks(history[:-1], history[-1].turn)


def turn_so_far_marks(game: Game) -> dict[int, str]:
    """The marks of the turn being played (a bot's, shown action by action),
    or of the last turn when the turn to move has not begun."""
    history = game.history
    if not history or isinstance(history[-1].action, EndTurn):
        return last_turn_marks(game)
    return _turn_marks(history, history[-1].turn)


def _turn_marks(steps: list[Step], turn: int) -> dict[int, str]:
    marks: dict[int, set[str]] = {}
    for step in reversed(steps):
        if step.turn != turn:
            break
        a = step.action
        if isinstance(a, PlaceCamel):
            marks.setdefault(a.to, set()).add("to")
        elif isinstance(a, (MoveCamel, MoveGood)):
            marks.setdefault(a.frm, set()).add("from")
            marks.setdefault(a.to, set()).add("to")
        elif isinstance(a, (PickUp, Steal)):
            marks.setdefault(a.at, set()).add("to")
    return {sq: " ".join(sorted(kinds)) for sq, kinds in marks.items()}


def chain_path(game: Game, seat: int, frm: int, to: int) -> list[int]:
    """The squares a good passes from ``frm`` to ``to`` through ``seat``'s
    connected camels (R11) in ``game`` (the position before the move):
    a shortest path, or the two ends when there is none."""
    group = next((g for g in game.groups(seat) if frm in g), frozenset())
    allowed = set(group) | {to}
    back: dict[int, int] = {frm: frm}
    queue = deque([frm])
    while queue:
        sq = queue.popleft()
        if sq == to:
            path = [to]
            while path[-1] != frm:
                path.append(back[path[-1]])
            return path[::-1]
        for nb in NEIGHBOURS[sq]:
            if nb in allowed and nb not in back:
                back[nb] = sq
                queue.append(nb)
    return [frm, to]


def _on_sel(square: int) -> str:
    """The pieces standing on a square (drawn beside the square's element)."""
    return f'[data-on="{SQUARE_NAMES[square]}"]'


def _token_sel(square: int, key: str) -> str:
    return f'{_on_sel(square)} .piece[data-token="{key}"]'


def _find_token(game: Game, square: int, key: str) -> tuple[float, float, float] | None:
    """Where the token ``key`` is drawn on ``square`` in ``game``: x, y, scale."""
    toks = tokens(game, square)
    for i, (camel, _count) in enumerate(toks):
        if token_key(camel) == key:
            return token_place(square, i, len(toks), lone=lone(toks))
    return None


def _tr(dx: float, dy: float) -> str:
    return f"translate({dx:.1f}px, {dy:.1f}px)"


def _centre(square: int) -> tuple[float, float]:
    x, y = cell_origin(square)
    return x + CELL / 2, y + CELL / 2


class _Planner:
    def __init__(self, before: Game, after: Game, unit_px: float) -> None:
        self.before = before
        self.after = after
        self.unit_px = max(unit_px, 0.05)
        self.motion = Motion()
        self.ghosts: list[str] = []
        self.t = 0  # ms: each event starts when the one before it is under way

    def add(
        self, selector: str, keyframes: list[Keyframe], duration: int, *, step: int | None = None
    ) -> None:
        self.motion.anims.append(Anim(selector, keyframes, duration, self.t))
        self.t += duration if step is None else step

    def ghost(self, markup: str) -> str:
        n = len(self.ghosts)
        self.ghosts.append(f'<g class="ghost" data-ghost="{n}" opacity="0">{markup}</g>')
        return f'#board .fx [data-ghost="{n}"]'

    def placed(self, e: ev.CamelPlaced) -> None:
        key = str(e.seat + 1)
        self.add(
            _token_sel(e.to, key),
            [{"transform": _tr(0, -40), "opacity": 0}, {"transform": "none", "opacity": 1}],
            DROP_MS,
        )

    def moved(self, e: ev.CamelMoved) -> None:
        key = str(e.seat + 1)
        old = _find_token(self.before, e.frm, key)
        new = _find_token(self.after, e.to, key)
        if old is None or new is None:
            return
        self.add(
            _token_sel(e.to, key),
            [{"transform": _tr(old[0] - new[0], old[1] - new[1])}, {"transform": "none"}],
            SLIDE_MS,
        )

    def picked(self, e: ev.GoodPickedUp) -> None:
        key = f"{e.seat + 1}{Good(e.good).letter}"
        place = _find_token(self.after, e.at, key)
        if place is None:
            return
        tx, ty, s = place
        x, y = cell_origin(e.at)
        dx, dy = (x + 50 - (tx + 12 * s)) / s, (y + LOOSE_Y - (ty + 5 * s)) / s
        self.add(
            f"{_token_sel(e.at, key)} .on-top", [{"transform": _tr(dx, dy)}, {"transform": "none"}], SLIDE_MS
        )

    def stolen(self, e: ev.GoodStolen) -> None:
        letter = Good(e.good).letter
        key = f"{e.seat + 1}_{letter}"
        old = _find_token(self.before, e.at, f"{e.victim + 1}{letter}")
        new = _find_token(self.after, e.at, key)
        if old is None or new is None:
            return
        s = new[2]
        dx = (old[0] + 12 * old[2] - (new[0] + 12 * s)) / s
        dy = (old[1] + 5 * old[2] - (new[1] + 22 * s)) / s
        self.add(
            f"{_token_sel(e.at, key)} .under", [{"transform": _tr(dx, dy)}, {"transform": "none"}], SLIDE_MS
        )

    def good_moved(self, e: ev.GoodMoved, delivered: ev.GoodDelivered | None) -> None:
        """A ghost of the good travels square by square along the chain; a
        delivered one then rises from the city with the points it scored."""
        path = chain_path(self.before, e.seat, e.frm, e.to)
        good = Good(e.good)
        # Its letter as large on screen as the board's texts (a phone's board is small).
        size, font = fitted(22, MIN_TEXT_PX / self.unit_px)
        sel = self.ghost(cube(0, 0, size, good, font=font))
        frames: list[Keyframe] = []
        for sq in path:
            cx, cy = _centre(sq)
            frames.append({"transform": _tr(cx, cy), "opacity": 1})
        per = 180
        duration = per * max(1, len(path) - 1)
        if delivered is not None:
            cx, cy = _centre(e.to)
            frames.append({"transform": _tr(cx, cy - 40), "opacity": 0})
            duration += 360
            text = f'<text class="fx-points" x="0" y="0">+{delivered.points}</text>'
            points = self.ghost(text)
            self.motion.anims.append(
                Anim(
                    points,
                    [
                        {"transform": _tr(cx, cy), "opacity": 0},
                        {"transform": _tr(cx, cy - 10), "opacity": 1, "offset": 0.2},
                        {"transform": _tr(cx, cy - 60), "opacity": 0},
                    ],
                    900,
                    self.t + duration - 360,
                )
            )
        else:
            # The real good on its new camel appears when the ghost arrives.
            key = f"{e.seat + 1}{good.letter}"
            self.motion.anims.append(
                Anim(f"{_token_sel(e.to, key)} .on-top", [{"opacity": 0}, {"opacity": 0}], duration, self.t)
            )
        self.add(sel, frames, duration)

    def refilled(self, e: ev.Refilled) -> None:
        for sq in e.marked:
            self.add(
                f'[data-labels="{SQUARE_NAMES[sq]}"] .demand',
                [{"transform": _tr(0, -30), "opacity": 0}, {"transform": "none", "opacity": 1}],
                DROP_MS,
                step=120,
            )
        for sq, _ in e.placed:
            self.add(
                f"{_on_sel(sq)} [data-loose]",
                [{"transform": _tr(0, -60), "opacity": 0}, {"transform": "none", "opacity": 1}],
                DROP_MS,
                step=160,
            )


def plan(before: Game, after: Game, events: list[ev.Event], unit_px: float = 1.0) -> Motion:
    """The animations for ``events``, which took ``before`` to ``after``, on
    a board drawn at ``unit_px`` CSS px a board unit (what sizes its texts)."""
    p = _Planner(before, after, unit_px)
    for i, e in enumerate(events):
        if isinstance(e, ev.CamelPlaced):
            p.placed(e)
        elif isinstance(e, ev.CamelMoved):
            p.moved(e)
        elif isinstance(e, ev.GoodPickedUp):
            p.picked(e)
        elif isinstance(e, ev.GoodStolen):
            p.stolen(e)
        elif isinstance(e, ev.GoodMoved):
            nxt = events[i + 1] if i + 1 < len(events) else None
            p.good_moved(e, nxt if isinstance(nxt, ev.GoodDelivered) else None)
        elif isinstance(e, ev.Refilled):
            p.refilled(e)
    p.motion.ghosts = "".join(p.ghosts)
    return p.motion
