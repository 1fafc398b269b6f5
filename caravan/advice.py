"""Hints: the hard bot's best whole turn for the player to move, and why.

A hint is the turn ``HardBot`` would play, with the same seed and budget
(``HardBot.consider`` on ``game.view(seat)``, I11: it never sees the bag's
order), so it is never worse than the bot's own play. ``explain`` tells
what each part of a turn does, as structured ``Reason`` values with no
words in them: ``caravan.words.Words.hint_line`` says them in a language.

A reason covers one meaningful part of the turn, in turn order, merged
where a player would say it as one thing: a camel put on a good's space and
the pick-up there are one ``pickup``; a pick-up (or a steal) and the moves
that carry that good on are one reason; a good moved twice along the chain
is one ``closer`` (squares summed), or one ``deliver`` if it arrives.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import events as ev
from .actions import END_TURN, Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .board import CITY_NAMES, NEIGHBOURS
from .bots import Budget, HardBot
from .bots.turnsearch import expected_margin
from .chance import SeededChance
from .game import Game
from .goods import Good, city_wants

KINDS = ("deliver", "closer", "pickup", "steal", "place", "chain", "block", "end")


@dataclass(frozen=True, slots=True)
class Reason:
    """One meaningful part of a turn, without words.

    ``kind``: ``deliver`` (a good reaches its city, R12: ``points``),
    ``closer`` (a good moved along the chain, R11: ``squares`` nearer its
    city, from ``frm`` to ``to``), ``pickup`` (R8: ``markers`` taken, and
    ``squares`` if it was then moved on), ``steal`` (R10: from ``victim``),
    ``place`` (a camel put on ``to``, e.g. beside a good to pick up next
    turn: ``good``), ``chain`` (a camel put next to one's own, extending a
    chain toward ``city``), ``block`` (a camel put on the city where
    ``victim`` wants to deliver ``good``: coming there costs them 2 actions,
    R7), ``end`` (nothing worth doing: end the turn, R6).

    ``how``: for a ``deliver``, how the good came into the turn: ``""`` (it
    was carried already), ``"pickup"`` or ``"steal"``; for a ``pickup``,
    ``"drawn"`` when a refill of the same turn puts the good down (R13): it
    has no ``good`` then, as nobody knows which it will be (I11). ``city`` is the
    city's English name (``Good.city``), ``frm``/``to`` squares."""

    kind: str
    good: Good | None = None
    city: str | None = None
    points: int = 0
    markers: int = 0
    squares: int = 0
    frm: int | None = None
    to: int | None = None
    victim: int | None = None
    how: str = ""


@dataclass(frozen=True, slots=True)
class Hint:
    """The bot's best turn for ``seat`` and what it brings.

    ``delivered``: points scored by this turn's deliveries (R12, R15);
    ``markers``: demand markers taken (R8, 1 point each, R15); ``gain``:
    the static evaluation's expected final margin after the turn minus
    after ending the turn at once (points, one decimal); ``expected``: the
    search's expected final margin after the turn (points, one decimal)."""

    seat: int
    actions: tuple[Action, ...]
    delivered: int
    markers: int
    gain: float
    expected: float
    reasons: tuple[Reason, ...]


def distance(a: int, b: int) -> int:
    """Squares between ``a`` and ``b`` along the grid (goods move orthogonally, R11)."""
    return abs(a % 7 - b % 7) + abs(a // 7 - b // 7)


def _nearer(good: Good, frm: int, to: int) -> int:
    return distance(frm, good.city_square) - distance(to, good.city_square)


def _camel_reason(game: Game, seat: int, to: int, frm: int | None) -> Reason:
    """Why a camel goes to ``to`` (``game`` before it goes): block, chain or place."""
    wanted = city_wants(to)
    if wanted is not None:
        for c in game.all_camels():
            if c.seat != seat and c.good == wanted:  # R12: they need this city
                return Reason("block", good=wanted, city=CITY_NAMES[to], frm=frm, to=to, victim=c.seat)
    loose = game.loose_at(to)
    if loose is not None:
        return Reason("place", good=loose, frm=frm, to=to)
    mine = [c for c in game.seat_camels(seat) if c.square in NEIGHBOURS[to] and c.square != frm]
    if mine:
        laden = [c.good for c in mine if c.good is not None]
        good = laden[0] if laden else None
        city = good.city if good is not None else None
        return Reason("chain", good=good, city=city, frm=frm, to=to)
    return Reason("place", frm=frm, to=to)


def explain(game: Game, actions: tuple[Action, ...] | list[Action]) -> tuple[Reason, ...]:
    """What each part of ``actions`` (a turn of the player to move) does, in turn order.

    The turn is replayed on a copy that draws from its own chance (I11); an
    action a refill (R13) made impossible there ends the explanation. A
    pick-up of a good a refill puts down during the turn names no good (the
    copy's draw is a guess, not what the bag will give) and ends it too."""
    sim = game.copy_position(chance=SeededChance(0))
    seat = sim.seat
    out: list[Reason | None] = []
    camel_at: dict[int, int] = {}  # square -> index in out of the camel put there this turn
    good_at: dict[int, int] = {}  # square -> index in out of the reason of the good there
    drawn: set[int] = set()  # squares where a refill of this turn put a good (R13)
    for action in actions:
        if sim.is_over() or sim.seat != seat or not sim.is_legal(action):
            break
        if isinstance(action, EndTurn):
            sim.push(action)
            break
        if isinstance(action, (PlaceCamel, MoveCamel)):
            frm = action.frm if isinstance(action, MoveCamel) else None
            if frm is not None and frm in camel_at:  # moved again: the earlier placement is void
                out[camel_at.pop(frm)] = None
            camel_at[action.to] = len(out)
            out.append(_camel_reason(sim, seat, action.to, frm))
            sim.push(action)
            continue
        guessed = isinstance(action, PickUp) and action.at in drawn
        events = sim.push(action)
        drawn.update(square for e in events if isinstance(e, ev.Refilled) for square, _ in e.placed)
        if isinstance(action, PickUp):
            picked = next(e for e in events if isinstance(e, ev.GoodPickedUp))
            if guessed:  # what lies there is not known before the draw (I11)
                if action.at in camel_at:
                    out[camel_at.pop(action.at)] = None
                out.append(Reason("pickup", markers=picked.demand_markers, frm=action.at, how="drawn"))
                break
            if action.at in camel_at:  # the camel came for this good: one reason
                out[camel_at.pop(action.at)] = None
            good_at[action.at] = len(out)
            good = Good(picked.good)
            out.append(
                Reason("pickup", good=good, city=good.city, markers=picked.demand_markers, frm=action.at)
            )
        elif isinstance(action, Steal):
            if action.at in camel_at:
                out[camel_at.pop(action.at)] = None
            good = Good(action.good)
            good_at[action.at] = len(out)
            out.append(Reason("steal", good=good, city=good.city, frm=action.at, victim=action.victim))
        elif isinstance(action, MoveGood):
            _move(out, camel_at, good_at, action, events)
    reasons = tuple(r for r in out if r is not None)
    return reasons or (Reason("end"),)


def _move(
    out: list[Reason | None],
    camel_at: dict[int, int],
    good_at: dict[int, int],
    action: MoveGood,
    events: list[ev.Event],
) -> None:
    """A good moved along the chain (R11), merged with what brought it into the turn."""
    good = Good(action.good)
    delivered = next((e for e in events if isinstance(e, ev.GoodDelivered)), None)
    if action.to in camel_at:  # the camel was put there to receive it: the move says why
        out[camel_at.pop(action.to)] = None
    index = good_at.pop(action.frm, len(out))
    before = out[index] if index < len(out) else None
    if before is None or before.good != good:
        before, index = None, len(out)
    if delivered is not None:
        how = before.kind if before is not None and before.kind in ("pickup", "steal") else ""
        out_reason = Reason(
            "deliver",
            good=good,
            city=good.city,
            points=delivered.points,
            markers=before.markers if before is not None else 0,
            frm=before.frm if before is not None else action.frm,
            to=action.to,
            victim=before.victim if before is not None else None,
            how=how,
        )
    elif before is not None:
        out_reason = replace(
            before,
            squares=before.squares + _nearer(good, action.frm, action.to),
            to=action.to,
            city=good.city,
        )
        good_at[action.to] = index
    else:
        out_reason = Reason(
            "closer",
            good=good,
            city=good.city,
            squares=_nearer(good, action.frm, action.to),
            frm=action.frm,
            to=action.to,
        )
        good_at[action.to] = index
    if index == len(out):
        out.append(out_reason)
    else:
        out[index] = out_reason


def _static_after(game: Game, actions: tuple[Action, ...], seat: int) -> float:
    """The static evaluation's expected final margin for ``seat`` after ``actions`` on a copy."""
    sim = game.copy_position(chance=SeededChance(0))
    for action in actions:
        if sim.is_over() or sim.seat != seat or not sim.is_legal(action):
            break
        sim.push_legal(action)
    if not sim.is_over() and sim.seat == seat and sim.is_legal(END_TURN):
        sim.push_legal(END_TURN)
    return expected_margin(sim, seat)


def gain_of(game: Game, actions: tuple[Action, ...]) -> float:
    """Expected final margin after ``actions`` minus after ending the turn at once (R6), points."""
    seat = game.seat
    return round(_static_after(game, actions, seat) - _static_after(game, (END_TURN,), seat), 1)


def hint(game: Game, *, seed: int = 0, budget: Budget | None = None) -> Hint:
    """The hard bot's best turn for the player to move (its own choice with ``seed``
    and ``budget``: the default is the bot's), explained. ValueError once the game is over."""
    if game.is_over():
        raise ValueError("the game is over: there is nothing to hint")
    seat = game.seat
    view = game.view(seat)  # I11: what the player may know
    bot = HardBot(seed=seed)
    best = bot.consider(view, bot.turn_budget(view, budget))[0]  # as ``bot.plan``: half mid-turn
    actions = best.actions
    delivered = markers = 0
    sim = game.copy_position(chance=SeededChance(0))
    for action in actions:
        if sim.is_over() or sim.seat != seat or not sim.is_legal(action):
            break
        for e in sim.push(action):
            if isinstance(e, ev.GoodDelivered) and e.seat == seat:
                delivered += e.points
            elif isinstance(e, ev.GoodPickedUp) and e.seat == seat:
                markers += e.demand_markers
    return Hint(
        seat=seat,
        actions=actions,
        delivered=delivered,
        markers=markers,
        gain=gain_of(game, actions),
        expected=round(best.margin, 1),
        reasons=explain(game, actions),
    )
