"""Markup around the board: turn banner, controls, player panels, game over.

Numbers come from the engine's public API (``score()``, ``ranking()``,
``undoable()``, ``seat_camels()``, ``outcome()``: docs/API.md);
this module only lays them out, with the ids and ``data-`` fields of
docs/UI-CONTRACT.md.
"""

from __future__ import annotations

from caravan import GOODS, Game, actions_for_turn

from .i18n import t
from .log import KIND_ORDER, action_kind, cost_text, describe, good_name
from .markup import esc
from .palette import ink, player_hex
from .selection import SUPPLY, Selection


def _swatch(colour: str) -> str:
    return f'<span class="swatch" style="background:{player_hex(colour)}"></span>'


def banner(game: Game) -> str:
    """Whose turn, in that player's colour, with the actions left."""
    p = game.options.players[game.seat]
    total = actions_for_turn(game.turn)
    left = t("turn.left", n=game.left, total=total) if game.left else t("turn.left_none")
    return (
        f'<div id="turn-banner" data-seat="{game.seat}" '
        f'style="background:{player_hex(p.colour)};color:{ink(p.colour)}">'
        f'<span class="banner-name">{esc(t("turn.banner", name=p.name))}</span>'
        f'<span id="actions-left" data-left="{game.left}">{esc(left)}</span></div>'
    )


def controls(game: Game, sel: Selection) -> str:
    """Supply, end turn, undo and redo, and the selected source's actions."""
    supply = game.supply(game.seat)
    out = ['<div id="controls">']
    if SUPPLY in sel.sources:
        selected = sel.selected == SUPPLY
        cls = "source selected" if selected else "source"
        pressed = "true" if selected else "false"
        out.append(
            f'<button type="button" id="supply" class="{cls}" data-select="supply" aria-pressed="{pressed}">'
            f"{esc(t('play.supply', n=supply))}</button>"
        )
    undo = "" if game.undoable() else " disabled"
    redo = "" if game.can_redo() else " disabled"
    undo_title = ""
    if not game.undoable() and game.last_revealed():
        undo_title = f' title="{esc(t("play.no_undo_refill"))}"'
    out.append(f'<button type="button" id="undo"{undo}{undo_title}>{esc(t("play.undo"))}</button>')
    out.append(f'<button type="button" id="redo"{redo}>{esc(t("play.redo"))}</button>')
    end = "" if not game.is_over() else " disabled"
    out.append(
        f'<button type="button" id="end-turn" data-action="end" data-cost="0"{end}>'
        f"{esc(t('play.end'))}</button>"
    )
    out.append("</div>")
    hint = t("play.hint_selected") if sel.selected else t("play.hint_none")
    out.append(f'<p id="hint">{esc(hint)}</p>')
    out.append('<ul id="action-list">')
    # Deliveries, steals and pick-ups first and marked (web/log.py KIND_ORDER).
    kinds = {action: action_kind(game, action) for action in sel.targets()}
    for action in sorted(kinds, key=lambda a: KIND_ORDER[kinds[a]]):
        cost = game.cost(action)
        out.append(
            f'<li><button type="button" class="act-{kinds[action]}" data-action="{esc(action)}" '
            f'data-cost="{cost}">'
            f'{esc(describe(game, action))} <span class="cost">{esc(cost_text(cost))}</span> '
            f"<code>{esc(action)}</code></button></li>"
        )
    out.append("</ul>")
    return "".join(out)


def bag(game: Game) -> str:
    out = [f'<p class="bag">{esc(t("play.bag"))} <span id="bag-count">{game.bag_count}</span></p>']
    if game.end_triggered():
        out.append(f'<p id="end-triggered" class="triggered">{esc(t("play.triggered"))}</p>')
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
        out.append(
            f'<section class="panel{now}" data-panel-seat="{seat}" '
            f'style="border-color:{player_hex(p.colour)}"><h3>{_swatch(p.colour)}{esc(p.name)}'
        )
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


def game_over(game: Game) -> str:
    """Final breakdown, tie-break and winners, best first (R15-R17)."""
    ranking = game.ranking()
    outcome = game.outcome()
    winners = set(outcome.winners if outcome is not None else game.result())
    names = [p.name for p in game.options.players]
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
    cols = ("rare", "common", "demand", "penalty", "total", "delivered")
    out.append(
        '<div class="table-wrap"><table><thead><tr><th></th><th scope="col">'
        + esc(t("over.player"))
        + "</th>"
    )
    out.extend(f'<th scope="col">{esc(t("over." + c))}</th>' for c in cols)
    out.append("</tr></thead><tbody>")
    for place, line in ranking:
        p = game.options.players[line.seat]
        win = ' data-winner="true" class="winner-row"' if line.seat in winners else ""
        out.append(
            f'<tr data-final-seat="{line.seat}"{win}><td>{place}</td>'
            f'<th scope="row">{_swatch(p.colour)}{esc(p.name)}</th>'
        )
        values = (line.rare, line.common, line.demand, line.penalty, line.total, line.delivered)
        out.extend(f'<td data-field="{c}">{v}</td>' for c, v in zip(cols, values, strict=True))
        out.append("</tr>")
    out.append("</tbody></table></div>")
    out.append(
        f'<p class="buttons"><button type="button" id="rematch">{esc(t("over.rematch"))}</button> '
        f'<button type="button" id="new-game-button">{esc(t("over.new_game"))}</button></p></section>'
    )
    return "".join(out)


def goods_key() -> str:
    """A legend row: each good's shape, letter and city."""
    return ", ".join(f"{g.letter} {t('good.' + g.name)}" for g in GOODS)
