"""Markup around the board: turn banner, controls, player panels, game over.

Numbers come from the engine's public API (``score()``, ``ranking()``,
``undoable()``, ``seat_camels()``, ``outcome()``: docs/API.md);
this module only lays them out, with the ids and ``data-`` fields of
docs/UI-CONTRACT.md.
"""

from __future__ import annotations

from caravan import ALL_GOODS, Game, Good, actions_for_turn
from caravan.actions import EndTurn

from .board_svg import cube, legend_symbols
from .i18n import t
from .log import KIND_ORDER, action_kind, cost_text, describe, good_name
from .markup import esc
from .names import name_of
from .names import names as seat_names
from .palette import player_hex
from .selection import SUPPLY, Selection


def _swatch(colour: str, cls: str = "swatch") -> str:
    """A player's colour as a small SVG disc: a fill attribute, not an inline
    style, so the page works under a strict Content-Security-Policy."""
    return (
        f'<svg class="icon {cls}" viewBox="0 0 10 10" aria-hidden="true">'
        f'<circle cx="5" cy="5" r="4.4" fill="{player_hex(colour)}" stroke="#222" stroke-width="1"/></svg>'
    )


def good_icon(good: Good) -> str:
    """A good drawn as on the board (diamond rare, square common, letter inside)."""
    shape = cube(12, 12, 17, good)
    return f'<svg class="icon good-icon" viewBox="0 0 24 24" aria-hidden="true">{shape}</svg>'


def banner(game: Game, bot: str | None = None) -> str:
    """Whose turn, with that player's colour as a disc, and the actions left;
    ``bot``: the state of a bot's turn (web/bot_turns.py), said while it thinks.
    The banner's own colours are neutral: text on a player's colour failed
    4.5:1 contrast for some colours (white on teal 4.17:1)."""
    p = game.options.players[game.seat]
    total = actions_for_turn(game.turn)
    left = t("turn.left", n=game.left, total=total) if game.left else t("turn.left_none")
    name = name_of(game, game.seat)
    who = t("turn.banner", name=name)
    if p.bot is not None:
        who = t("turn.bot", name=name, bot=t("new." + p.bot))
    spinner = ""
    if bot in ("loading", "thinking") and p.bot is not None:  # in view on a phone: the banner is sticky
        who = t("bot.banner_" + bot, name=name, bot=t("new." + p.bot))
        spinner = '<span class="spinner" aria-hidden="true"></span>'
    return (
        f'<div id="turn-banner" data-seat="{game.seat}">{_swatch(p.colour, "banner-swatch")}'
        f'<span class="banner-name">{esc(who)}{spinner}</span>'
        f'<span id="actions-left" data-left="{game.left}">{esc(left)}</span></div>'
    )


def asks_before_ending(game: Game) -> bool:
    """R6 lets a turn end with actions unused; the page asks first when any
    action other than ending is still legal (as Board Game Arena does)."""
    if game.is_over() or game.left == 0:
        return False
    return any(not isinstance(a, EndTurn) for a in game.legal_actions())


def confirm_end(game: Game) -> str:
    """The question asked before a turn ends with actions unused."""
    nxt = name_of(game, (game.seat + 1) % game.seats)
    return (
        '<div id="confirm-backdrop" class="backdrop"></div>'
        '<div id="confirm-end" role="alertdialog" aria-modal="true" '
        'aria-labelledby="confirm-title" aria-describedby="confirm-text">'
        f'<h2 id="confirm-title">{esc(t("confirm.heading"))}</h2>'
        f'<p id="confirm-text">{esc(t("confirm.text", n=game.left, next=nxt))}</p>'
        '<p class="confirm-buttons">'
        f'<button type="button" id="confirm-end-yes">{esc(t("confirm.yes"))}</button> '
        f'<button type="button" id="confirm-end-no">{esc(t("confirm.no"))}</button></p>'
        f'<p class="hint">{esc(t("confirm.keys"))}</p></div>'
    )


def controls(
    game: Game,
    sel: Selection,
    *,
    undo_back: int = 0,
    bot_acts: bool = False,
    bots_drew: bool = False,
    hint: str = "",
) -> str:
    """Supply, end turn, undo and redo, and the selected source's actions.
    ``undo_back``: actions undo takes back at once in a game with bots (the
    bots' replies and the end of the person's turn, web/bot_turns.py), 0
    when undo is the engine's one step within the turn; ``bot_acts``: a bot
    is to move, the person's inputs wait; ``bots_drew``: undo stops at a
    bot's draw from the bag; ``hint``: the hint's markup, right after the
    buttons (before a long action list, after end turn in the tab order)."""
    supply = game.supply(game.seat)
    out = ['<div id="controls">']
    if SUPPLY in sel.sources and not bot_acts:
        selected = sel.selected == SUPPLY
        cls = "source selected" if selected else "source"
        pressed = "true" if selected else "false"
        out.append(
            f'<button type="button" id="supply" class="{cls}" data-select="supply" aria-pressed="{pressed}">'
            f"{esc(t('play.supply', n=supply))}</button>"
        )
    own = game.undoable() and not bot_acts
    undo = "" if own or undo_back else " disabled"
    redo = "" if game.can_redo() and not bot_acts else " disabled"
    undo_title = ""
    undo_text = t("play.undo")
    if undo_back and not own:
        undo_text = t("play.undo_bots")
        undo_title = f' title="{esc(t("play.undo_bots_title", n=undo_back))}"'
    elif not own and bots_drew:
        undo_title = f' title="{esc(t("play.no_undo_bots_refill"))}"'
    elif not own and game.last_revealed():
        undo_title = f' title="{esc(t("play.no_undo_refill"))}"'
    out.append(f'<button type="button" id="undo"{undo}{undo_title}>{esc(undo_text)}</button>')
    out.append(f'<button type="button" id="redo"{redo}>{esc(t("play.redo"))}</button>')
    end = "" if not game.is_over() and not bot_acts else " disabled"
    hinted = ' data-hint="true"' if sel.hinted == "end" else ""
    out.append(
        f'<button type="button" id="end-turn" data-action="end" data-cost="0"{hinted}{end}>'
        f"{esc(t('play.end'))}</button>"
    )
    out.append("</div>")
    out.append(hint)
    if sel.sources and not bot_acts:  # help only when there is something to choose
        help_text = t("play.hint_selected") if sel.selected else t("play.hint_none")
        out.append(f'<p id="select-help">{esc(help_text)}</p>')
    out.append('<ul id="action-list">')
    # Deliveries, steals and pick-ups first and marked (web/log.py KIND_ORDER).
    kinds = {action: action_kind(game, action) for action in sel.targets()}
    for action in sorted(kinds, key=lambda a: KIND_ORDER[kinds[a]]):
        cost = game.cost(action)
        hinted = ' data-hint="true"' if sel.hinted == str(action) else ""
        out.append(
            f'<li><button type="button" class="act-{kinds[action]}" data-action="{esc(action)}" '
            f'data-cost="{cost}"{hinted}>'
            f'{esc(describe(game, action))} <span class="cost">{esc(cost_text(cost))}</span> '
            f"<code>{esc(action)}</code></button></li>"
        )
    out.append("</ul></details>")
    return "".join(out)


def keys_help() -> str:
    return f'<p id="keys" class="hint">{esc(t("keys.play"))}</p>'


def bag(game: Game) -> str:
    """Goods left in the bag (in all; per kind in the legend) and demand
    markers left in the supply (I9)."""
    out = [
        f'<p class="bag">{esc(t("play.bag"))} <span id="bag-count">{game.bag_count}</span> · '
        f'{esc(t("play.demand_left"))} <span id="demand-left">{game.demand_left()}</span></p>'
    ]
    if game.end_triggered():
        out.append(f'<p id="end-triggered" class="triggered">{esc(t("play.triggered"))}</p>')
    return "".join(out)


def legend(game: Game) -> str:
    """Every good: its shape and letter as drawn, name, rare or common with
    points (R15), the city that wants it (R12), and how many are in the bag."""
    bag = game.bag_contents()
    out = [
        f'<details id="legend" open><summary>{esc(t("legend.heading"))}</summary>'
        f'<h3 class="legend-sub">{esc(t("legend.goods"))}</h3>'
        '<table class="legend"><thead><tr>'
        f'<th scope="col">{esc(t("legend.good"))}</th><th scope="col">{esc(t("legend.kind"))}</th>'
        f'<th scope="col">{esc(t("legend.city"))}</th><th scope="col">{esc(t("legend.bag"))}</th>'
        "</tr></thead><tbody>"
    ]
    for good in ALL_GOODS:
        kind = t("legend.rare" if good.rare else "legend.common", points=good.points)
        out.append(
            f'<tr data-legend-good="{good.letter}"><th scope="row">{good_icon(good)}'
            f'<span data-field="name">{esc(good_name(good))}</span></th>'
            f'<td data-field="kind">{esc(kind)}</td>'
            f'<td data-field="city">{esc(t("city." + good.city))}</td>'
            f'<td data-field="bag">{bag[good]}</td></tr>'
        )
    out.append(f'</tbody></table><p class="hint">{esc(t("legend.shapes"))}</p>')
    out.append(symbols_legend(game))
    out.append("</details>")
    return "".join(out)


def symbols_legend(game: Game) -> str:
    """Every other mark the board draws, drawn by the board's own code
    (web/board_svg.py, ``legend_symbols``), with what it means: one
    ``li[data-legend-symbol]`` each, a camel per seat with its pattern."""
    names = game.options.players
    out = [
        f'<details id="legend-symbols"><summary class="legend-sub">{esc(t("legend.symbols"))}</summary>'
        '<ul class="legend-symbols">'
    ]
    for key, svg in legend_symbols(game):
        if key.startswith("camel-"):
            words = t("legend.mark.camel", name=names[int(key[6:])].name)
        else:
            words = t("legend.mark." + key.replace("-", "_"))
        out.append(f'<li data-legend-symbol="{key}">{svg}<span>{esc(words)}</span></li>')
    out.append("</ul></details>")
    return "".join(out)


def _carried(game: Game, seat: int) -> str:
    goods = []
    for camel in game.seat_camels(seat):
        if camel.good is not None:
            name = good_name(camel.good)
            goods.append(t("panel.under", good=name) if camel.under else name)
    return ", ".join(goods)


def player_panels(game: Game) -> str:
    """One panel per seat with the live score (penalty for what is carried now)."""
    out = ['<div id="panels">']
    for line in game.score():
        seat = line.seat
        p = game.options.players[seat]
        now = " to-play" if seat == game.seat and not game.is_over() else ""
        fields = (
            ("supply", game.supply(seat)),
            ("theft", game.theft_markers(seat)),
            ("delivered", line.delivered),
            ("demand", line.demand),
            ("held", line.held),
            ("penalty", line.penalty),
            ("total", line.total),
        )
        head = f"<h3>{_swatch(p.colour)}{esc(name_of(game, seat))}"
        out.append(f'<section class="panel{now}" data-panel-seat="{seat}">{head}')
        if now:
            out.append(f" <small>{esc(t('panel.to_play'))}</small>")
        out.append("</h3><dl>")
        for key, value in fields:
            out.append(f'<dt>{esc(t("panel." + key))}</dt><dd data-field="{key}">{value}</dd>')
        out.append("</dl>")
        carried = _carried(game, seat)
        if carried:
            out.append(f'<p class="carried">{esc(t("panel.carrying", goods=carried))}</p>')
        out.append("</section>")
    out.append("</div>")
    return "".join(out)


def game_over(game: Game, hints: list[int] | None = None) -> str:
    """Final breakdown, tie-break and winners, best first (R15-R17); with
    ``hints`` (per seat), how many hints each player used (web/hint.py)."""
    ranking = game.ranking()
    outcome = game.outcome()
    winners = set(outcome.winners if outcome is not None else game.result())
    names = seat_names(game)
    out = [f'<section id="game-over"><h2>{esc(t("over.heading"))}</h2>']
    if outcome is not None:
        out.append(f'<p class="reason">{esc(t("over.reason." + outcome.reason))}</p>')
    win_names = [names[s] for s in sorted(winners)]
    if len(win_names) == 1:
        out.append(f'<p class="winner">{esc(t("over.winner", name=win_names[0]))}</p>')
    else:
        out.append(f'<p class="winner">{esc(t("over.winners", names=", ".join(win_names)))}</p>')
    top = max(line.total for _, line in ranking)
    tied = [line.seat for _, line in ranking if line.total == top]
    if len(tied) > 1:
        if len(win_names) == 1:
            out.append(
                '<p class="tiebreak">'
                + esc(
                    t(
                        "over.tiebreak",
                        names=", ".join(names[s] for s in tied),
                        total=top,
                        name=win_names[0],
                    )
                )
                + "</p>"
            )
        else:
            out.append(f'<p class="tiebreak">{esc(t("over.shared"))}</p>')
    cols = ("rare", "common", "demand", "penalty", "total", "delivered", "goods")
    out.append(
        '<div class="table-wrap"><table><thead><tr><th></th><th scope="col">'
        + esc(t("over.player"))
        + "</th>"
    )
    out.extend(f'<th scope="col">{esc(t("over." + c))}</th>' for c in cols)
    if hints is not None:
        out.append(f'<th scope="col">{esc(t("over.hints"))}</th>')
    out.append("</tr></thead><tbody>")
    for place, line in ranking:
        p = game.options.players[line.seat]
        win = ' data-winner="true" class="winner-row"' if line.seat in winners else ""
        out.append(
            f'<tr data-final-seat="{line.seat}"{win}><td>{place}</td>'
            f'<th scope="row">{_swatch(p.colour)}{esc(names[line.seat])}</th>'
        )
        values = (line.rare, line.common, line.demand, line.penalty, line.total, line.delivered)
        out.extend(f'<td data-field="{c}">{v}</td>' for c, v in zip(cols[:-1], values, strict=True))
        out.append(f'<td data-field="goods" class="goods">{delivered_goods(game, line.seat)}</td>')
        if hints is not None:
            used = "–" if p.bot is not None else str(hints[line.seat])
            out.append(f'<td data-field="hints">{used}</td>')
        out.append("</tr>")
    out.append("</tbody></table></div>")
    out.append(
        f'<p class="buttons"><button type="button" id="rematch">{esc(t("over.rematch"))}</button> '
        f'<button type="button" id="new-game-button">{esc(t("over.new_game"))}</button></p></section>'
    )
    return "".join(out)


def delivered_goods(game: Game, seat: int) -> str:
    """A seat's deliveries split by kind, rare first: "2 ivory, 1 salt", each with its shape."""
    got = [(g, n) for g, n in game.deliveries(seat).items() if n]
    if not got:
        return esc(t("over.goods_none"))
    return " ".join(
        f'<span class="got" data-good="{g.letter}">{good_icon(g)}{n} {esc(good_name(g))}</span>'
        for g, n in got
    )
