"""Markup of the saved-games screen, the history view and the share dialog.

Every name shown here came from a player, a file or a link: all of it goes
through ``esc`` (docs/UI-CONTRACT.md lists the ids and ``data-`` fields).
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan.board import GOOD_BY_LETTER, GOODS, SIZE
from web.app import panels
from web.app.history import History
from web.app.saved import Entry, format_date
from web.app.selection import Selection
from web.board import board_svg
from web.board.palette import good_hex, player_hex
from web.words.i18n import N_, _, ngettext, pgettext, words
from web.words.markup import esc

# The buttons of a saved game, by data-saved-action.
SAVED_ACTIONS = {
    "resume": N_("Resume"),
    "history": N_("History"),
    "review": N_("Review"),
    "rename": N_("Rename"),
    "export": N_("Export"),
    "delete": N_("Delete"),
}


def button(el_id: str, text: str, *, disabled: bool = False) -> str:
    """A button with ``text`` (already in the page's language)."""
    off = " disabled" if disabled else ""
    return f'<button type="button" id="{el_id}"{off}>{esc(text)}</button>'


def _thumb(entry: Entry) -> str:
    """A 7×7 picture of the board from the entry's ``thumb``: only our own
    colours and numbers go into it, never text from the save."""
    if not entry.thumb or entry.record is None:
        return ""
    options = entry.record.get("options")
    players = options.get("players") if isinstance(options, dict) else None
    colours = (
        [p.get("colour", "") if isinstance(p, dict) else "" for p in players or ()]
        if isinstance(players, list)
        else []
    )
    cells = []
    for i, c in enumerate(entry.thumb):
        if c == ".":
            continue
        x, y = i % SIZE, SIZE - 1 - i // SIZE
        if c.isdigit():
            seat = int(c) - 1
            fill = player_hex(str(colours[seat])) if seat < len(colours) else player_hex("")
            cells.append(f'<rect x="{x}.1" y="{y}.1" width=".8" height=".8" rx=".2" fill="{fill}"/>')
        else:
            fill = good_hex(GOODS[GOOD_BY_LETTER[c]].colour)
            cells.append(f'<rect x="{x}.3" y="{y}.3" width=".4" height=".4" fill="{fill}"/>')
    return (
        f'<svg class="thumb" viewBox="0 0 {SIZE} {SIZE}" aria-hidden="true">'
        f'<rect width="{SIZE}" height="{SIZE}" fill="#f3e6c4"/>{"".join(cells)}</svg>'
    )


def _player_names(entry: Entry) -> list[str]:
    return [words().default_name(i) if n is None else n for i, n in enumerate(entry.players)]


def _players(entry: Entry) -> str:
    """The players of a saved game, each bot's seat with its strength:
    "Ann, Player 2 (Bot: hard)"."""
    bots = entry.bots if len(entry.bots) == len(entry.players) else [None] * len(entry.players)
    return ", ".join(
        name if bot is None else _("{name} ({bot})", name=name, bot=words().strength(bot))
        for name, bot in zip(_player_names(entry), bots, strict=True)
    )


def _named_by_players(entry: Entry) -> bool:
    """The entry still has its default name, its players (saved.default_name)."""
    return entry.name == ", ".join(_player_names(entry))


def _entry(entry: Entry, *, current: bool, renaming: bool) -> str:
    eid = esc(entry.id)
    cur = ' data-current="true"' if current else ""
    if not entry.readable:
        return (
            f'<li class="saved unreadable" data-saved-id="{eid}" data-unreadable="true">'
            f'<span data-field="name">{esc(_("Unreadable entry"))}</span>: '
            f'<span data-field="problem">{esc(entry.problem)}</span> '
            f'<span class="saved-buttons"><button type="button" data-saved-action="delete" data-id="{eid}">'
            f"{esc(_('Delete'))}</button></span></li>"
        )
    if entry.to_play is None:
        to_play = _("game over")
    else:
        who = entry.to_play
        to_play = _("{name} to play", name=words().default_name(who) if isinstance(who, int) else who)
    if renaming:
        name = (
            f'<input type="text" id="rename-input" maxlength="60" value="{esc(entry.name)}" '
            f'aria-label="{esc(_("New name for this game"))}" autocomplete="off"> '
            f"{button('rename-save', _('Save name'))} {button('rename-cancel', _('Cancel'))}"
        )
    elif _named_by_players(entry):
        # Its name is its players: said once, as the name (issue 14: not "Ann, Bob | Ann, Bob").
        name = f'<span data-field="name"><span data-field="players">{esc(_players(entry))}</span></span>'
    else:
        name = f'<span data-field="name">{esc(entry.name)}</span>'
    players = (
        ""
        if _named_by_players(entry) and not renaming
        else f'<span data-field="players">{esc(_players(entry))}</span> · '
    )
    buttons = "".join(
        f'<button type="button" data-saved-action="{a}" data-id="{eid}">{esc(_(text))}</button>'
        for a, text in SAVED_ACTIONS.items()
    )
    return (
        f'<li class="saved" data-saved-id="{eid}"{cur}>{_thumb(entry)}'
        f'<div class="saved-name">{name}</div>'
        f'<div class="saved-facts">{players}'
        f'<time data-field="date" data-ms="{entry.saved}">{esc(format_date(entry.saved))}</time> · '
        f'<span data-field="turn">{esc(_("turn {n}", n=entry.turn))}</span> · '
        f'<span data-field="to-play">{esc(to_play)}</span></div>'
        f'<span class="saved-buttons">{buttons}</span></li>'
    )


def saved_screen(
    entries: Sequence[Entry],
    *,
    current: str | None,
    renaming: str | None,
    message: str,
    deleted: str | None,
    storage_ok: bool,
) -> str:
    out = [f'<section id="saved"><h2 id="saved-title" tabindex="-1">{esc(_("Saved games"))}</h2>']
    out.append(f'<p id="saved-message">{esc(message)}</p>')  # said by #announcer
    if deleted is not None:
        out.append(
            f'<p id="deleted-note">{esc(_("Deleted “{name}”.", name=deleted))} '
            f"{button('undo-delete', _('Undo delete'))}</p>"
        )
    if not storage_ok:
        off = _("Storage is disabled in this browser, so there are no saved games to show.")
        out.append(f'<p class="empty">{esc(off)}</p>')
    elif entries:
        out.append('<ul id="saved-list">')
        out.extend(_entry(e, current=e.id == current, renaming=e.id == renaming) for e in entries)
        out.append("</ul>")
    else:
        empty = _("No saved games yet. Every game you play is saved here as you play.")
        out.append(f'<p id="saved-empty" class="empty">{esc(empty)}</p>')
    # The input hidden but focusable, its label drawn as a button (caravan.css, ".import").
    label = esc(_("Import a game from a .json file"))
    out.append(
        '<p class="import"><input type="file" id="import-file" accept=".json,application/json">'
        f'<label for="import-file" class="file-button">{label}</label></p>'
    )
    note = _(
        "Games are saved in this browser only. Safari deletes a site's saved data after 7 days "
        "without a visit (unless the game is added to the home screen), and clearing site data "
        "deletes it everywhere: export a game to a file, or share it as a link, to keep a copy "
        "that lasts."
    )
    out.append(f'<p id="storage-note">{esc(note)}</p>')
    out.append(f"<p>{button('saved-back', _('Back'))}</p></section>")
    return "".join(out)


def history_screen(history: History, unit_px: float = 1.0, better: str = "") -> str:
    """The history view at its step; its board's texts sized for ``unit_px``
    CSS px a board unit, as the game's board (a phone's board is small);
    ``better``: a review's better turn at this step, as (board overlay, words)
    markup (web/app/review_view.py, ``better_turn``)."""
    k, n = history.pos, history.total
    game = history.game
    step = history.last_step()
    if step is None:
        where = ngettext(
            "The set-up, before the only action", "The set-up, before the first of {n} actions", n=n
        )
    else:
        where = _("After action {k} of {n}: {action}", k=k, n=n, action=str(step.action))
    # no sources, no targets: nothing to play
    overlay, said = better.split("\0", 1) if better else ("", "")
    board = board_svg.render_board(game, Selection(), {}, unit_px=unit_px, overlay=overlay)
    log = "".join(reversed(history.log[:k]))
    return (
        f'<section id="history" data-step="{k}" data-steps="{n}">'
        f"<h2>{esc(_('History'))}</h2>"
        f'<p id="history-position" aria-live="polite">{esc(where)}</p>'
        f'<div id="history-controls" role="toolbar" aria-label="{esc(_("History"))}">'
        f"{button('history-first', pgettext('history', 'Start'), disabled=k == 0)}"
        f"{button('history-back', pgettext('history', 'Back'), disabled=k == 0)}"
        f"{button('history-forward', pgettext('history', 'Forward'), disabled=k == n)}"
        f"{button('history-last', pgettext('history', 'Latest'), disabled=k == n)}"
        f"{button('history-exit', _('Return to the present'))}</div>"
        f'<p class="hint keys-hint">{esc(_("Keys: ← and → step, Home and End jump, Escape returns."))}</p>'
        f"{said}"
        f'<div class="layout"><div class="board-wrap">{board}</div>'
        f'<aside class="side">{panels.player_panels(game)}'
        f'<h2 id="history-log-title">{esc(_("Game log"))}</h2>'
        f'<ul id="history-log" tabindex="0" aria-labelledby="history-log-title">{log}</ul>'
        "</aside></div></section>"
    )


def share_dialog(url: str, status: str) -> str:
    explain = _(
        "This link holds the whole game. Send it to another player: they open it, take their turn "
        "and send the new link back. Each draw is made by the browser of whoever causes it."
    )
    return (
        f'<div id="share-dialog" role="dialog" aria-labelledby="share-title">'
        f'<h2 id="share-title">{esc(_("Share this game"))}</h2>'
        f"<p>{esc(explain)}</p>"
        f'<input type="text" id="share-link" readonly value="{esc(url)}" '
        f'aria-label="{esc(_("Link to this game"))}"><p class="share-buttons">'
        f"{button('share-copy', _('Copy the link'))} {button('share-close', _('Close'))}</p>"
        f'<p id="share-status" role="status">{esc(status)}</p></div>'
    )


MENU_ICON = (
    '<svg class="menu-icon" viewBox="0 0 16 14" aria-hidden="true">'
    '<path d="M1 2H15M1 7H15M1 12H15" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>'
)
MENU_ITEMS = ("#share", "#history-button", "#saved-button", "#abandon")


def game_menu(*, opened: bool) -> str:
    """The game screen's tools in a menu beside the turn banner
    (``details#game-menu``): folded behind "Menu" on a phone upright, so
    that the board and the controls fit its screen, laid out as a row of
    buttons where there is room (caravan.css). ``opened``: drawn open (focus
    returns to one of its buttons: the saved games or the history closed)."""
    return (
        f'<details id="game-menu"{" open" if opened else ""}>'
        f"<summary>{MENU_ICON}{esc(_('Menu'))}</summary>"
        f'<div class="menu-items">{button("share", _("Share"))}'
        f"{button('history-button', _('History'))}{button('saved-button', _('Saved games'))}"
        f'<button type="button" id="abandon">{esc(_("New game"))}</button></div></details>'
    )


def game_buttons() -> str:
    """Share, history and saved games: on the game and game-over screens."""
    return (
        f'<p class="game-tools">{button("share", _("Share"))} '
        f"{button('history-button', _('History'))} {button('saved-button', _('Saved games'))}</p>"
    )
