"""Everything on a square in words, and why a click on it could not act.

The square's text is its SVG ``<title>`` (hover), what a long-press or
keyboard focus shows in ``#square-info``, and part of nothing else: one
place, so the three say the same. A refusal never decides legality itself:
it names the action the click implied and passes on the engine's
``why_illegal`` (docs/API.md); only whose camels stand where is read here.
"""

from __future__ import annotations

from caravan import Game, Good, city_wants
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import CITY_NAMES, NUMBER_OF, SQUARE_NAMES, SQUARES, parse_square

from .i18n import t
from .log import good_name
from .names import name_of
from .selection import SUPPLY


def square_text(game: Game, square: int) -> str:
    """``d7: Marrakech, wants ivory; Ann: 2 camels; Bob's camel carrying salt; …``"""
    name = SQUARE_NAMES[square]
    parts: list[str] = []
    want = city_wants(square)
    if want is not None:
        parts.append(t("info.city", city=t("city." + CITY_NAMES[square]), good=good_name(want)))
    number = NUMBER_OF.get(square)
    if number is not None:
        parts.append(t("info.space", n=number))
    unladen: dict[int, int] = {}
    laden: list[str] = []
    for camel in game.camels_at(square):
        if camel.good is None:
            unladen[camel.seat] = unladen.get(camel.seat, 0) + 1
        else:
            key = "info.camels_under" if camel.under else "info.camels_on"
            laden.append(t(key, name=name_of(game, camel.seat), good=good_name(camel.good)))
    parts.extend(t("board.camels", name=name_of(game, s), n=n) for s, n in unladen.items())
    parts.extend(laden)
    loose = game.loose_at(square)
    if loose is not None:
        parts.append(t("board.loose", good=good_name(loose)))
    demand = game.demand_at(square)
    if demand:
        parts.append(t("board.demand", n=demand))
    if not parts:
        return t("info.none", square=name)
    return f"{name}: " + "; ".join(parts)


def _names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return t("why.and", first=", ".join(names[:-1]), last=names[-1])


def _implied(selected: str, square: int) -> Action | None:
    """The action a click on ``square`` asks for with ``selected`` chosen."""
    if selected == SUPPLY:
        return PlaceCamel(square)
    frm = parse_square(selected[-2:])
    if len(selected) == 2:
        return MoveCamel(frm, square) if frm != square else None
    return MoveGood(frm, square, Good.from_letter(selected[0]), "_" in selected)


def refusal(game: Game, selected: str | None, square: int) -> str:
    """Why a click on ``square`` (neither a source nor a target) does nothing."""
    name = SQUARE_NAMES[square]
    if selected is not None:
        implied = _implied(selected, square)
        why = game.why_illegal(implied) if implied is not None else None
        if why is not None:
            return t("why.refused", square=name, reason=why)
    elsewhere = 0 if square != 0 else SQUARES - 1
    if game.left == 0:
        return t("why.refused", square=name, reason=game.why_illegal(PlaceCamel(square)) or "")
    camels = game.camels_at(square)
    mine = [c for c in camels if c.seat == game.seat]
    if mine:
        # Mine, yet nothing to do: every one laden (R7), or a good it may not take (R9).
        why = game.why_illegal(MoveCamel(square, elsewhere))
        if why is None and game.loose_at(square) is not None:
            why = game.why_illegal(PickUp(square))
        if why is not None:
            return t("why.refused", square=name, reason=why)
    others = [c for c in camels if c.seat != game.seat]
    if others and not mine:
        owners: list[int] = []
        for c in others:
            if c.seat not in owners:
                owners.append(c.seat)
        names = [name_of(game, s) for s in owners]
        owner = t("why.theirs", square=name, names=_names(names), n=len(others))
        prey = next((c for c in others if c.good is not None and not c.under), None)
        if prey is not None and prey.good is not None:
            why = game.why_illegal(Steal(square, prey.seat, prey.good))
            if why is not None:
                return t("why.steal", owner=owner, reason=why)
        return owner
    if game.loose_at(square) is not None:
        why = game.why_illegal(PickUp(square))
        if why is not None:
            return t("why.refused", square=name, reason=why)
    return t("why.empty", square=name)
