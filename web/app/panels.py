"""Markup around the board: turn banner, controls, player panels, game over.

Numbers come from the engine's public API (``score()``, ``ranking()``,
``undoable()``, ``seat_camels()``, ``outcome()``: docs/API.md);
this module only lays them out, with the ids and ``data-`` fields of
docs/UI-CONTRACT.md.
"""

from __future__ import annotations

from caravan import ALL_GOODS, Game, Good, actions_for_turn
from caravan.actions import Action, EndTurn
from web.app.selection import SUPPLY, Selection
from web.board.board_pieces import cube, seat_swatch
from web.board.keynav import Ranker
from web.board.legend_svg import legend_symbols
from web.board.palette import player_hex
from web.board.pictograms import good_symbols
from web.words.i18n import N_, _, ngettext, pgettext, words
from web.words.markup import esc
from web.words.names import name_of
from web.words.names import names as seat_names
from web.words.phrases import KIND_ORDER, action_kind, cost_text, describe, good_name

# A player's panel, by data-field.
PANEL_FIELDS = {
    "supply": N_("Camels in supply"),
    "theft": N_("Theft markers"),
    "delivered": N_("Goods delivered"),
    "demand": N_("Demand markers"),
    "held": N_("Goods carried"),
    "penalty": N_("Penalty now"),
    "total": N_("Score"),
}
# The legend's marks, by data-legend-symbol (the camels, one per seat, aside).
LEGEND_MARKS = {
    "space": N_("Numbered space: new goods come here"),
    "city": N_("City, in the colour of the good it wants"),
    "demand": N_("Demand markers on the space, 1 point each"),
    "count": N_("Several unladen camels of one player"),
    "laden": N_("A camel carrying a good"),
    "under": N_("A stolen good under a camel: safe until it moves"),
    "source": N_("Dashed frame: you can select it"),
    "selected": N_("Blue frame: selected"),
    "place": N_("Large dot: a useful move (to a good, a city or your camels carrying one), 1 action"),
    "quiet": N_("Small dot: a move that reaches nothing yet, 1 action"),
    "ring": N_("Ring: onto camels already there, 2 actions"),
    "pick": N_("Blue ring: pick this good up"),
    "steal": N_("Red frame: steal this good"),
    "deliver": N_("Gold ring: deliver here"),
    "last-from": N_("Dashed corners: last turn, a camel or good left here"),
    "last-to": N_("Solid corners: last turn, a camel or good arrived here"),
    "seen": N_("A player's number in their colour: they acted here since your turn"),
    "hint": N_("Dashed purple: what the hint suggests"),
}
# The game-over table's columns, by data-field.
OVER_COLUMNS = {
    "rare": N_("Rare goods"),
    "common": N_("Common goods"),
    "demand": N_("Demand"),
    "penalty": N_("Penalty"),
    "total": N_("Total"),
    "delivered": N_("Delivered"),
    "goods": N_("Goods delivered"),
}


def _swatch(colour: str, cls: str = "swatch") -> str:
    """A player's colour as a small SVG disc: a fill attribute, not an inline
    style, so the page works under a strict Content-Security-Policy."""
    return (
        f'<svg class="icon {cls}" viewBox="0 0 10 10" aria-hidden="true">'
        f'<circle cx="5" cy="5" r="4.4" fill="{player_hex(colour)}" stroke="#222" stroke-width="1"/></svg>'
    )


def good_icon(good: Good, sprite: str = "good") -> str:
    """A good drawn as on the board (diamond rare, square common, its
    pictogram inside: the board's, or ``sprite``'s, web/board/pictograms.py)."""
    shape = cube(12, 12, 17, good, sprite=sprite)
    return f'<svg class="icon good-icon" viewBox="0 0 24 24" aria-hidden="true">{shape}</svg>'


def banner(game: Game, bot: str | None = None) -> str:
    """Whose turn, with that player's colour as a disc, and the actions left;
    ``bot``: the state of a bot's turn (web/bots/bot_turns.py), said while it thinks.
    The banner's own colours are neutral: text on a player's colour failed
    4.5:1 contrast for some colours (white on teal 4.17:1)."""
    p = game.options.players[game.seat]
    total = actions_for_turn(game.turn)
    if game.left:
        left = _("Actions left: {n} of {total}", n=game.left, total=total)
    else:  # a bot ends its own turn: "end your turn" is said to a person only
        left = _("No actions left: end your turn") if p.bot is None else _("No actions left")
    name = name_of(game, game.seat)
    who = _("{name} to play", name=name)
    spinner = ""
    if p.bot is not None:
        strength = words().strength(p.bot)
        who = _("{name} ({bot}) to play", name=name, bot=strength)
        # In view on a phone (the banner is sticky): what the bot does now.
        if bot == "loading":
            who = _("{name} ({bot}) is getting ready", name=name, bot=strength)
        elif bot == "thinking":
            who = _("{name} ({bot}) is thinking", name=name, bot=strength)
        elif bot == "playing":
            who = _("{name} ({bot}) is playing…", name=name, bot=strength)
        if bot in ("loading", "thinking"):
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
    following = (game.seat + 1) % game.seats
    nxt = name_of(game, following)
    if game.options.players[following].bot is None:  # nobody undoes another person's turn
        text = ngettext(
            "You have {n} action left. Ending the turn now gives it up and passes play to {next}; "
            "it cannot be undone.",
            "You have {n} actions left. Ending the turn now gives them up and passes play to {next}; "
            "it cannot be undone.",
            n=game.left,
            next=nxt,
        )
    else:  # the end goes back with the bots' replies (web/bots/bot_turns.py undo_back), until a draw
        text = ngettext(
            "You have {n} action left. Ending the turn now gives it up and passes play to {next}; "
            "Undo takes the end back with the bots' replies, until a draw from the bag.",
            "You have {n} actions left. Ending the turn now gives them up and passes play to {next}; "
            "Undo takes the end back with the bots' replies, until a draw from the bag.",
            n=game.left,
            next=nxt,
        )
    return (
        '<div id="confirm-backdrop" class="backdrop"></div>'
        '<div id="confirm-end" role="alertdialog" aria-modal="true" '
        'aria-labelledby="confirm-title" aria-describedby="confirm-text">'
        f'<h2 id="confirm-title">{esc(_("End your turn?"))}</h2>'
        f'<p id="confirm-text">{esc(text)}</p>'
        '<p class="confirm-buttons">'
        f'<button type="button" id="confirm-end-yes">{esc(_("Yes, end my turn"))}</button> '
        f'<button type="button" id="confirm-end-no">{esc(_("No, keep playing"))}</button></p>'
        f'<p class="hint keys-hint">{esc(_("Y ends the turn; N or Escape keeps it."))}</p></div>'
    )


def drew_this_turn(game: Game) -> bool:
    """Whether an action of the turn being played drew from the bag (a
    refill, R13): Undo stops there (I11: a draw once seen stays drawn)."""
    for step in reversed(game.history):
        if step.draws:
            return True
        if isinstance(step.action, EndTurn):
            return False
    return False


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
    bots' replies and the end of the person's turn, web/bots/bot_turns.py), 0
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
            f"{esc(_('Place a camel ({n} in supply)', n=supply))}</button>"
        )
    own = game.undoable() and not bot_acts
    undo = "" if own or undo_back else " disabled"
    redo = "" if game.can_redo() and not bot_acts else " disabled"
    undo_title = ""
    undo_text = _("Undo")
    stop = ""  # why Undo is off, said beside it (a tooltip is not seen on a phone)
    if undo_back and not own:
        undo_text = _("Undo the end of your turn and the bots' replies")
        # Translators: the tooltip of "Undo the end of your turn and the bots' replies".
        back = ngettext(
            "Takes back the bots' replies and the end of your turn: {n} action",
            "Takes back the bots' replies and the end of your turn: {n} actions",
            n=undo_back,
        )
        undo_title = f' title="{esc(back)}"'
    elif not own and bots_drew:
        stop = _("Undo is off: a bot drew from the bag, and a draw from the bag cannot be undone.")
    elif not own and not bot_acts and drew_this_turn(game):
        stop = _("Undo is off: a draw from the bag cannot be undone.")
    if stop:
        undo_title = f' title="{esc(stop)}" aria-describedby="undo-note"'
    out.append(f'<button type="button" id="undo"{undo}{undo_title}>{esc(undo_text)}</button>')
    out.append(f'<button type="button" id="redo"{redo}>{esc(_("Redo"))}</button>')
    end = "" if not game.is_over() and not bot_acts else " disabled"
    hinted = ' data-hint="true"' if sel.hinted == "end" else ""
    out.append(
        f'<button type="button" id="end-turn" data-action="end" data-cost="0"{hinted}{end}>'
        f"{esc(_('End turn'))}</button>"
    )
    out.append("</div>")
    if stop:
        out.append(f'<p id="undo-note" class="hint">{esc(stop)}</p>')
    out.append(hint)
    if sel.sources and not bot_acts:  # help only when there is something to choose
        if sel.selected:
            help_text = _("Choose a highlighted target, or the same source again to cancel.")
        elif sel.only_placing() and not game.seat_camels(game.seat):
            help_text = _(
                "You have no camel on the board yet: place one from your supply. "
                "The highlighted spaces show where it can go."
            )
        elif sel.only_placing():
            help_text = _("Placing a camel is all you can do now: the highlighted spaces show where.")
        elif SUPPLY in sel.sources:  # a tap on an empty space places one (web/app/game_screen.py)
            help_text = _(
                "Choose your camels, a good on one of your camels, or an empty space for a new camel."
            )
        else:
            help_text = _("Choose your camels, a good on one of your camels, or the supply.")
        prompt = ' class="prompt"' if sel.only_placing() and not sel.selected else ""
        out.append(f'<p id="select-help"{prompt}>{esc(help_text)}</p>')
    out.append(action_list(game, sel))
    return "".join(out)


def _action_button(game: Game, sel: Selection, action: Action, kind: str) -> str:
    cost = game.cost(action)
    hinted = ' data-hint="true"' if sel.hinted == str(action) else ""
    return (
        f'<li><button type="button" class="act-{kind}" data-action="{esc(action)}" '
        f'data-cost="{cost}"{hinted}>'
        f'{esc(describe(game, action))} <span class="cost">{esc(cost_text(cost))}</span> '
        f"<code>{esc(action)}</code></button></li>"
    )


def action_list(game: Game, sel: Selection) -> str:
    """The selected source's actions: deliveries, steals and pick-ups first
    and marked (web/words/phrases.py KIND_ORDER), then what reaches something
    (a good, a city, a chain: the board's large dots, ``Ranker``), nearest
    and cheapest first. A camel's moves that reach nothing (often forty or more) are
    folded under one line that says how many, so that the list stays short
    and the scores below it in view; the board still shows every one."""
    targets = sel.targets()
    ranker = Ranker(game)
    kinds = {action: action_kind(game, action) for action in targets}
    ranks = {action: ranker.rank(action) for action in targets}
    ordered = sorted(targets, key=lambda a: (ranks[a], game.cost(a), KIND_ORDER[kinds[a]]))
    shown = [a for a in ordered if kinds[a] != "move" or ranker.useful(a) or sel.hinted == str(a)]
    folded = [a for a in ordered if a not in shown]
    out = ['<ul id="action-list">']
    out.extend(_action_button(game, sel, a, kinds[a]) for a in shown)
    if folded:
        more = ngettext("Move this camel: {n} space", "Move this camel: {n} spaces", n=len(folded))
        key = sel.selected or ""
        out.append(
            f'<li class="more"><details id="more-{esc(key)}"><summary>{esc(more)}</summary><ul>'
            + "".join(_action_button(game, sel, a, kinds[a]) for a in folded)
            + "</ul></details></li>"
        )
    out.append("</ul>")
    return "".join(out)


def keys_help() -> str:
    keys = _(
        "Keys: the board is one Tab stop, the arrow keys move on it, Enter or Space selects and plays, "
        "Escape clears a selection; P place a camel, E end turn, U undo, R redo (Ctrl+Z, Ctrl+Y also work)."
    )
    return f'<p id="keys" class="hint keys-hint">{esc(keys)}</p>'


def bag(game: Game) -> str:
    """Goods left in the bag (in all; per kind in the legend) and demand
    markers left in the supply (I9)."""
    out = [
        f'<p class="bag">{esc(_("Goods in the bag:"))} <span id="bag-count">{game.bag_count}</span> · '
        f'{esc(_("Demand markers left:"))} <span id="demand-left">{game.demand_left()}</span></p>'
    ]
    if game.end_triggered():
        empty = _("The bag is empty: the next delivery ends the game")
        out.append(f'<p id="end-triggered" class="triggered">{esc(empty)}</p>')
    return "".join(out)


# The legend changes only with the language, the players and the bag, yet it
# is a sixth of the game screen's markup: built again only when one of them
# changed (the page then leaves it in place too: web/app/view.py).
_legend_built: dict[tuple[object, ...], str] = {}


def legend(game: Game) -> str:
    """Every good: its shape and letter as drawn, name, rare or common with
    points (R15), the city that wants it (R12), and how many are in the bag."""
    bag = game.bag_contents()
    key = (words(), game.options, *bag.values())
    built = _legend_built.get(key)
    if built is None:
        _legend_built.clear()
        built = _legend_built[key] = _legend(game, bag)
    return built


# The legend's own copy of the pictograms (web/board/pictograms.py): it is also
# shown where no board is (the review), and its ids are not the board's.
LEGEND_SPRITE = "legend-good"
SPRITE = (
    '<svg class="sprite" aria-hidden="true" focusable="false">'
    f"<defs>{good_symbols(LEGEND_SPRITE)}</defs></svg>"
)


def _legend(game: Game, bag: dict[Good, int]) -> str:
    out = [
        f'<details id="legend" class="fold"><summary>{esc(_("Legend"))}</summary>{SPRITE}'
        f'<h3 class="legend-sub">{esc(_("Goods"))}</h3>'
        '<table class="legend"><thead><tr>'
        f'<th scope="col">{esc(_("Good"))}</th><th scope="col">{esc(_("Kind"))}</th>'
        f'<th scope="col">{esc(_("Wanted by"))}</th><th scope="col">{esc(_("In the bag"))}</th>'
        "</tr></thead><tbody>"
    ]
    for good in ALL_GOODS:
        if good.rare:
            kind = ngettext("rare, {n} point", "rare, {n} points", n=good.points)
        else:
            kind = ngettext("common, {n} point", "common, {n} points", n=good.points)
        out.append(
            f'<tr data-legend-good="{good.letter}"><th scope="row">{good_icon(good, LEGEND_SPRITE)}'
            f'<span data-field="name">{esc(good_name(good))}</span></th>'
            f'<td data-field="kind">{esc(kind)}</td>'
            f'<td data-field="city">{esc(words().city_named(good.city))}</td>'
            f'<td data-field="bag">{bag[good]}</td></tr>'
        )
    shapes = _("Rare goods are diamonds, common goods squares; the picture inside tells which good it is.")
    out.append(f'</tbody></table><p class="hint">{esc(shapes)}</p>')
    out.append(symbols_legend(game))
    out.append("</details>")
    return "".join(out)


def symbols_legend(game: Game) -> str:
    """Every other mark the board draws, drawn by the board's own code
    (web/board/legend_svg.py, ``legend_symbols``), with what it means: one
    ``li[data-legend-symbol]`` each, a camel per seat with its pattern."""
    on_board = _("On the board")
    out = [
        f'<details id="legend-symbols"><summary class="legend-sub">{esc(on_board)}</summary>'
        '<ul class="legend-symbols">'
    ]
    for key, svg in legend_symbols(game):
        if key.startswith("camel-"):
            said = _("{name}'s camels", name=name_of(game, int(key[6:])))
        else:
            said = _(LEGEND_MARKS[key])
        out.append(f'<li data-legend-symbol="{key}">{svg}<span>{esc(said)}</span></li>')
    out.append("</ul></details>")
    return "".join(out)


def _carried(game: Game, seat: int) -> str:
    goods = []
    for camel in game.seat_camels(seat):
        if camel.good is not None:
            name = good_name(camel.good)
            goods.append(_("{good} (stolen, under the camel)", good=name) if camel.under else name)
    return ", ".join(goods)


def player_panels(game: Game) -> str:
    """One panel per seat with the live score (penalty for what is carried
    now). Its details (``details.panel-more``) fold on a phone upright,
    where the panels are a compact row of name, score and camels left
    (``.brief``, the summary: a tap shows the rest); where there is room
    they are always shown (caravan.css)."""
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
        head = f"<h2>{_swatch(p.colour)}{esc(name_of(game, seat))}"
        out.append(f'<section class="panel{now}" data-panel-seat="{seat}">{head}')
        if now:
            out.append(f" <small>{esc(_('to play'))}</small>")
        points = ngettext("{n} point", "{n} points", n=line.total)
        left = ngettext("{n} camel left", "{n} camels left", n=game.supply(seat))
        out.append(
            f'</h2><details class="panel-more" id="panel-more-{seat}">'
            f'<summary class="brief"><b>{esc(points)}</b> <span>· {esc(left)}</span></summary><dl>'
        )
        for key, value in fields:
            out.append(f'<dt>{esc(_(PANEL_FIELDS[key]))}</dt><dd data-field="{key}">{value}</dd>')
        out.append("</dl>")
        carried = _carried(game, seat)
        if carried:
            out.append(f'<p class="carried">{esc(_("Carrying: {goods}", goods=carried))}</p>')
        out.append("</details></section>")
    out.append("</div>")
    return "".join(out)


def _celebration(game: Game, winners: list[int], names: list[str], top: int) -> str:
    """The winner said large, beside their camel in its colour and pattern,
    with the points that won."""
    camels = "".join(seat_swatch(s, game.options.players[s].colour) for s in winners)
    if len(winners) == 1:
        said = _("{name} wins!", name=names[winners[0]])
    else:
        said = _("Shared victory: {names}", names=words().names([names[s] for s in winners]))
    points = ngettext("{n} point", "{n} points", n=top)
    return (
        f'<div class="celebrate"><span class="laurel" aria-hidden="true">{camels}</span>'
        f'<p class="winner" id="game-over-result" tabindex="-1">{esc(said)} '
        f'<span class="points">{esc(points)}</span></p></div>'
    )


def game_over(game: Game, hints: list[int] | None = None, tools: str = "") -> str:
    """Final breakdown, tie-break and winners, best first (R15-R17); with
    ``hints`` (per seat), how many hints each player used (web/app/hint.py);
    ``tools`` (share, history, saved games) beside the rematch."""
    ranking = game.ranking()
    outcome = game.outcome()
    winners = set(outcome.winners if outcome is not None else game.result())
    names = seat_names(game)
    out = [f'<section id="game-over"><h2 id="game-over-title" tabindex="-1">{esc(_("Game over"))}</h2>']
    top = max(line.total for _place, line in ranking)
    out.append(_celebration(game, sorted(winners), names, top))
    if outcome is not None:
        out.append(f'<p class="reason">{esc(words().reason(outcome.reason))}</p>')
    win_names = [names[s] for s in sorted(winners)]
    tied = [line.seat for _place, line in ranking if line.total == top]
    if len(tied) > 1:
        if len(win_names) == 1:
            out.append(
                '<p class="tiebreak">'
                + esc(
                    _(
                        "{names} tied on {total} points; {name} delivered more goods and wins (R17).",
                        names=words().names([names[s] for s in tied]),
                        total=top,
                        name=win_names[0],
                    )
                )
                + "</p>"
            )
        else:
            shared = _("Tied on points and goods delivered: the victory is shared (R17).")
            out.append(f'<p class="tiebreak">{esc(shared)}</p>')
    cols = ("rare", "common", "demand", "penalty", "total", "delivered", "goods")
    out.append(
        # The place column's header is for screen readers only; the wrap scrolls on a phone: a tab stop.
        '<div class="table-wrap" tabindex="0" role="region" aria-labelledby="game-over-title">'
        "<table><thead><tr>"
        f'<th scope="col"><span class="sr-only">{esc(pgettext("ranking", "Place"))}</span></th>'
        f'<th scope="col">{esc(_("Player"))}</th>'
    )
    out.extend(f'<th scope="col">{esc(_(OVER_COLUMNS[c]))}</th>' for c in cols)
    if hints is not None:
        out.append(f'<th scope="col">{esc(_("Hints"))}</th>')
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
        f'<div class="over-buttons"><p class="buttons">'
        f'<button type="button" id="rematch" class="play">{esc(_("Rematch"))}</button> '
        f'<button type="button" id="new-game-button">{esc(_("New game"))}</button></p>{tools}</div></section>'
    )
    return "".join(out)


def delivered_goods(game: Game, seat: int) -> str:
    """A seat's deliveries split by kind, rare first: "2 ivory, 1 salt", each with its shape."""
    got = [(g, n) for g, n in game.deliveries(seat).items() if n]
    if not got:
        return esc(_("none"))
    cells = []
    for g, n in got:
        # Translators: how many of one good a player delivered, in the game-over table ("2 salt");
        # write the count where it reads best with a good's plain name, e.g. "{good}: {n}".
        said = ngettext("{n} {good}", "{n} {good}", n=n, good=good_name(g))
        cells.append(f'<span class="got" data-good="{g.letter}">{good_icon(g)}{esc(said)}</span>')
    return " ".join(cells)
