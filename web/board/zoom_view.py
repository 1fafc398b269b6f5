"""The enlarged view of one square (``#square-view``, docs/UI-CONTRACT.md).

A square whose choices would be too small to tap on the board, or that
holds more camels than can be read at once (web/board/board_svg.py, ``crowded``),
is shown here instead: every camel on it drawn large and named in words,
and every choice there a button at least 44 px, named as the board names it.
"""

from __future__ import annotations

from caravan import Camel, Game, city_wants
from caravan.actions import Action
from caravan.board import SQUARE_NAMES
from web.app.selection import Selection
from web.board.board_pieces import cube, token_svg, tokens
from web.board.targets import Targets
from web.words.i18n import _, capital, ngettext, words
from web.words.markup import esc
from web.words.names import name_of
from web.words.phrases import cost_text, describe


def _zoom_token(game: Game, camel: Camel, count: int) -> str:
    """A token drawn large (its patterns come from the board's ``defs``;
    the count is in the words beside it)."""
    return (
        f'<svg class="zoom-token" viewBox="-2 -2 28 32" width="56" height="64" aria-hidden="true">'
        f"{token_svg(game, camel, count, 0, show_count=False)}</svg>"
    )


def square_view(game: Game, sel: Selection, square: int) -> str:
    """The enlarged view of one square (docs/UI-CONTRACT.md): every camel on
    it large, and every choice there (goods on the current player's camels,
    the good to pick up, camels to steal from) as a button at least 44 px."""
    name = SQUARE_NAMES[square]
    want = city_wants(square)
    title = name
    if want is not None:
        title += " · " + _("{city} wants {good}", city=words().city(square), good=words().good(want))
    targets = Targets(game, sel.shown())
    close = _("Close the enlarged square")
    out = [
        f'<section id="square-view" data-square-view="{name}" aria-label="{esc(title)}">',
        f'<div class="zoom-head"><h2>{esc(title)}</h2>',
        f'<button type="button" id="square-view-close" aria-label="{esc(close)}">×</button></div>',
        '<ul class="zoom-items">',
    ]
    loose = game.loose_at(square)
    if loose is not None:
        pick = targets.pick.get(square)
        gname = words().good(loose)
        icon = '<svg viewBox="0 0 40 40" width="44" height="44" aria-hidden="true">'
        icon += f"{cube(20, 20, 24, loose)}</svg>"
        said = esc(_("{good}, free to pick up", good=gname))
        if pick is not None:
            out.append(_list_target(game, pick[0], pick[1], "pick", icon, sel.hinted))
        else:
            out.append(f'<li class="item">{icon}<span>{said}</span></li>')
    used: set[str] = set()
    demand = game.demand_at(square)
    if demand:
        markers = ngettext("{n} demand marker", "{n} demand markers", n=demand)
        out.append(
            f'<li class="item"><span class="zoom-demand">{demand}</span><span>{esc(markers)}</span></li>'
        )
    for camel, count in tokens(game, square):
        player = name_of(game, camel.seat)
        good = camel.good
        icon = _zoom_token(game, camel, count)
        if good is None:
            camels = ngettext("{name}: {n} camel", "{name}: {n} camels", name=player, n=count)
            out.append(f'<li class="item">{icon}<span>{esc(camels)}</span></li>')
            continue
        gname = words().good(good)
        if camel.under:
            said = _("{name}'s camel with stolen {good} underneath", name=player, good=gname)
        else:
            said = _("{name}'s camel carrying {good} on top", name=player, good=gname)
        key = f"{good.letter}{'_' if camel.under else ''}{name}"
        steal = targets.steal.get((square, camel.seat, good)) if not camel.under else None
        if camel.seat == game.seat and key in sel.sources and key not in used:
            used.add(key)
            cls = "source selected" if sel.selected == key else "source"
            pressed = "true" if sel.selected == key else "false"
            out.append(
                f'<li><button type="button" class="{cls}" data-select="{key}" aria-pressed="{pressed}">'
                f"{icon}<span>{esc(capital(said))}</span></button></li>"
            )
        elif steal is not None and str(steal[0]) not in used:
            used.add(str(steal[0]))
            out.append(_list_target(game, steal[0], steal[1], "steal", icon, sel.hinted))
        else:
            out.append(f'<li class="item">{icon}<span>{esc(capital(said))}</span></li>')
    out.append("</ul></section>")
    return "".join(out)


def _list_target(game: Game, action: Action, cost: int, kind: str, icon: str, hinted: str | None) -> str:
    """A target in the enlarged view: a button named by the text it shows
    (axe, label-content-name-mismatch: an ``aria-label`` would not hold the
    icon's letter), the cost of one action and the hint said to screen
    readers only, as the board's ``aria-label`` says them."""
    shown = capital(describe(game, action))
    said = esc(shown)
    if cost > 1:
        said += f' <span class="cost">{esc(cost_text(cost))}</span>'
    else:  # the rest of the board's name for it (", 1 action"; " (1 action)" in French)
        label = capital(_("{action}, {cost}", action=describe(game, action), cost=cost_text(cost)))
        rest = label[len(shown) :] if label.startswith(shown) else f" {cost_text(cost)}"
        said += f'<span class="sr-only">{esc(rest)}</span>'
    hint = ""
    if str(action) == hinted:
        hint = ' data-hint="true"'
        before, after = _("{action} (the hint)", action="\0").split("\0", 1)
        said = f'<span class="sr-only">{esc(before)}</span>{said}<span class="sr-only">{esc(after)}</span>'
    return (
        f'<li><button type="button" class="target {kind}" data-action="{esc(action)}" data-cost="{cost}"'
        f"{hint}>{icon}<span>{said}</span></button></li>"
    )
