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
from caravan.board import NUMBER_OF, SQUARE_NAMES, SQUARES, parse_square
from web.app.selection import SUPPLY
from web.words.i18n import _, ngettext, pgettext, words
from web.words.names import name_of
from web.words.phrases import good_name


def square_text(game: Game, square: int) -> str:
    """``d7: Marrakech, wants ivory; Ann: 2 camels; Bob's camel carrying salt; …``"""
    name = SQUARE_NAMES[square]
    parts: list[str] = []
    want = city_wants(square)
    if want is not None:
        parts.append(_("{city}, wants {good}", city=words().city(square), good=good_name(want)))
    number = NUMBER_OF.get(square)
    if number is not None:
        parts.append(_("space {n}", n=number))
    unladen: dict[int, int] = {}
    laden: list[str] = []
    for camel in game.camels_at(square):
        if camel.good is None:
            unladen[camel.seat] = unladen.get(camel.seat, 0) + 1
        else:
            who, good = name_of(game, camel.seat), good_name(camel.good)
            if camel.under:
                laden.append(_("{name}'s camel with stolen {good} underneath", name=who, good=good))
            else:
                laden.append(_("{name}'s camel carrying {good}", name=who, good=good))
    parts.extend(
        ngettext("{name}: {n} camel", "{name}: {n} camels", name=name_of(game, s), n=n)
        for s, n in unladen.items()
    )
    parts.extend(laden)
    loose = game.loose_at(square)
    if loose is not None:
        parts.append(_("{good}, free to pick up", good=good_name(loose)))
    demand = game.demand_at(square)
    if demand:
        parts.append(ngettext("{n} demand marker", "{n} demand markers", n=demand))
    if not parts:
        return _("{square}: empty", square=name)
    # Translators: between the things on one square ("Ann: 2 camels; 1 demand marker").
    between = pgettext("square, between things", "; ")
    # Translators: a square's name, then what is on it ("d7: Marrakech, wants ivory; …").
    return _("{square}: {contents}", square=name, contents=between.join(parts))


def _names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


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
            return _("{square}: {reason}.", square=name, reason=words().refusal(why))
    elsewhere = 0 if square != 0 else SQUARES - 1
    camels = game.camels_at(square)
    placing = game.why_illegal(PlaceCamel(square))
    if game.left == 0 or (selected is None and not camels and placing is not None):
        # Nothing selected and no camel there: a tap places a camel when it
        # may (web/app/game_screen.py); when it may not, the engine says why (R7).
        return _("{square}: {reason}.", square=name, reason=words().refusal(placing or ""))
    mine = [c for c in camels if c.seat == game.seat]
    if mine:
        # Mine, yet nothing to do: every one laden (R7), or a good it may not take (R9).
        why = game.why_illegal(MoveCamel(square, elsewhere))
        if why is None and game.loose_at(square) is not None:
            why = game.why_illegal(PickUp(square))
        if why is not None:
            return _("{square}: {reason}.", square=name, reason=words().refusal(why))
    others = [c for c in camels if c.seat != game.seat]
    if others and not mine:
        owners: list[int] = []
        for c in others:
            if c.seat not in owners:
                owners.append(c.seat)
        names = [name_of(game, s) for s in owners]
        owner = ngettext(
            "The camel on {square} is {names}'s: you can only use your own.",
            "The camels on {square} belong to {names}: you can only use your own.",
            square=name,
            names=_names(names),
            n=len(others),
        )
        prey = next((c for c in others if c.good is not None and not c.under), None)
        if prey is not None and prey.good is not None:
            why = game.why_illegal(Steal(square, prey.seat, prey.good))
            if why is not None:
                return _("{owner} To steal from it: {reason}.", owner=owner, reason=words().refusal(why))
        return owner
    if game.loose_at(square) is not None:
        why = game.why_illegal(PickUp(square))
        if why is not None:
            return _("{square}: {reason}.", square=name, reason=words().refusal(why))
    return _(
        "There is nothing of yours on {square}. Choose one of your camels, a good on one, or the supply.",
        square=name,
    )


# The screen-reader board's cells (web/board/grid.py): the same words, for the player to move.


def cell_head(square: int) -> str:
    """The space's name, its city and what the city wants (R12), its number (R3)."""
    head = SQUARE_NAMES[square]
    want = city_wants(square)
    if want is not None:
        head += ", " + _("{city}, wants {good}", city=words().city(square), good=good_name(want))
    number = NUMBER_OF.get(square)
    if number is not None:
        head += ", " + _("space {n}", n=number)
    return head


def cell_contents(game: Game, square: int) -> list[str]:
    """What stands on the space, the player to move's camels first ("your
    camel carrying salt"), then each other seat's, the loose good (R8), the
    demand markers (R12)."""
    parts: list[str] = []
    camels = game.camels_at(square)
    seats = [game.seat] + [s for s in range(game.seats) if s != game.seat]
    for seat in seats:
        mine = seat == game.seat
        unladen = sum(1 for c in camels if c.seat == seat and c.good is None)
        if unladen:
            if mine:
                parts.append(ngettext("your camel", "your {n} camels", n=unladen))
            else:
                parts.append(
                    ngettext("{name}'s camel", "{name}'s {n} camels", n=unladen, name=name_of(game, seat))
                )
        for camel in camels:
            if camel.seat != seat or camel.good is None:
                continue
            good = good_name(camel.good)
            if mine and camel.under:
                parts.append(_("your camel with stolen {good} underneath", good=good))
            elif mine:
                parts.append(_("your camel carrying {good}", good=good))
            elif camel.under:
                parts.append(
                    _("{name}'s camel with stolen {good} underneath", name=name_of(game, seat), good=good)
                )
            else:
                parts.append(_("{name}'s camel carrying {good}", name=name_of(game, seat), good=good))
    loose = game.loose_at(square)
    if loose is not None:
        parts.append(_("{good}, free to pick up", good=good_name(loose)))
    demand = game.demand_at(square)
    if demand:
        parts.append(ngettext("{n} demand marker", "{n} demand markers", n=demand))
    return parts


def cell_name(game: Game, square: int) -> str:
    """``d5, Timbuktu, wants salt: your camel carrying salt; Bashir's camel; 2 demand markers``"""
    parts = cell_contents(game, square)
    if not parts:
        return _("{square}: empty", square=cell_head(square))
    between = pgettext("square, between things", "; ")
    return _("{square}: {contents}", square=cell_head(square), contents=between.join(parts))


def not_allowed(reason: str) -> str:
    """The engine's refusal read back (the game screen's words for it)."""
    return _("Not allowed: {reason}", reason=reason)
