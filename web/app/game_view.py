"""The game and game-over screens as markup, from the game screen's state.

The board with the last turn's marks (those of the bot's turn so far while
it plays) and a hint's numbered steps, the enlarged square, the bot's
status and pace (``#bot-status``), the controls, panels, legend and log,
the question before ending a turn and the share dialog; and where keyboard
focus goes: the most useful target of the selection, else the source the
next action most likely starts from (web/board/keynav.py ranks them).
"""

from __future__ import annotations

import json

from caravan.actions import Action, EndTurn
from caravan.game import Game
from web.app import hint_view, pages, panels, seen, tabs
from web.app.review_view import review_button
from web.app.selection import SUPPLY
from web.app.shown_game import BOT, ShownGame
from web.app.view import LAYOUT, View, title_text
from web.board import board_svg, keynav, zoom_view
from web.board.motion import last_turn_marks, turn_so_far_marks
from web.board.targets import source_order, target_order
from web.bots.bot_turns import PACE_WORDS, PACES, BotTurns, bots_drew, has_bots, has_people, undo_back
from web.words.i18n import _, words
from web.words.markup import esc
from web.words.names import name_of


def select_css(key: str) -> str:
    return f"[data-select={json.dumps(key)}]"


def _target_css(action: Action) -> str:
    return f".target[data-action={json.dumps(str(action))}]"


def _home_focus(shown: ShownGame) -> str | None:
    """Where a keyboard player goes next: the selected source's most
    useful target (web/board/keynav.py ranks them; the first in page order
    among equals), else the source the next action most likely starts
    from, else end turn; on the game-over screen, its result (who won,
    with the points: the breakdown and the rematch follow it). With the
    screen-reader board on, its grid, unless a source was chosen on the
    visual board (its targets are there)."""
    if shown.page.screen == "over":
        return "#game-over-result"
    if shown.page.screen != "game":
        return None
    if shown.sr.on and shown.sel.selected is None:
        return shown.sr.cell_focus()  # the player chose the grid
    game = shown.cur.game
    targets = shown.sel.targets()
    if targets and game is not None:
        ranker = keynav.Ranker(game)
        return _target_css(min(targets, key=lambda a: (ranker.rank(a), target_order(a))))
    if shown.sel.sources and game is not None:
        last = game.history[-1] if game.history else None
        mine = last.action if last is not None and last.seat == game.seat else None
        home = keynav.home_source(game, shown.sel, None if isinstance(mine, EndTurn) else mine)
        if home is None:
            home = min(shown.sel.sources, key=source_order)
        return select_css(home)
    return "#end-turn"


def _drawn_focus(focus: str | None, items: list[keynav.Item]) -> str | None:
    """``focus`` if the board draws it; a good on a crowded square is in
    its enlarged view, reached through the square (``data-zoom``)."""
    if focus is None or not focus.startswith("[data-select="):
        return focus
    key = json.loads(focus[len("[data-select=") : -1])
    if key == SUPPLY or any(i.value == key for i in items):
        return focus
    square = key[-2:]
    for item in items:
        if item.value == square:
            return item.css
    return focus


def _bot_status(shown: ShownGame, game: Game, bots: BotTurns, *, bot_acts: bool) -> str:
    """``#bot-status``: whether the bot to move is getting ready, thinking
    or playing its reply (with "Show at once"), or could not play (with
    "Try again"); and the pace control ``#bot-pace``. ``#bot-text`` is drawn
    anew with the screen, so it is no live region: ``#announcer`` says it
    once when it changes to getting ready, thinking or failed."""
    state = bots.status() if bot_acts or bots.error else "idle"
    player = game.options.players[game.seat]
    who = {"name": name_of(game, game.seat), "bot": words().strength(player.bot) if player.bot else ""}
    if state == "loading":
        text = _("The bot is getting ready…")
    elif state == "thinking":
        text = _("{name} ({bot}) is thinking…", **who)
    elif state == "playing":
        text = _("{name} ({bot}) is playing its turn.", **who)
    elif state == "failed":
        text = bots.error
    elif not has_people(game):
        text = _("Only bots play this game: watch it to the end.")
    else:
        text = ""
    watching = not has_people(game) and state != "failed"
    paused = watching and bots.paused
    if paused:
        text = _("Paused: Step shows the next action.")
    said = text if state in ("loading", "thinking", "failed") else ""
    if said != shown.bot_said:
        shown.bot_said = said
        if said:
            shown.page.said.append(said)
    mark = ' data-paused="true"' if paused else ""
    out = [f'<section id="bot-status" data-bot-turn="{state}" class="bot-{state}"{mark}>']
    out.append('<p id="bot-text">')
    if state in ("loading", "thinking") and not paused:
        out.append('<span class="spinner" aria-hidden="true"></span>')
    out.append(f"{esc(text)}</p>")
    if watching:  # watch mode: the watcher stops the bots, and steps them one action at a time
        # Translators: the button that stops a game of bots only, watched ("Resume" starts it again).
        pause = _("Pause")
        if paused:
            pause = _("Resume")
        out.append(f'<button type="button" id="bot-pause">{esc(pause)}</button>')
        if paused:
            # Translators: plays the bots' next action while their game is paused.
            out.append(f'<button type="button" id="bot-step">{esc(_("Step"))}</button>')
    if state in ("thinking", "playing") and bots.pace() > 0 and not paused:
        out.append(f'<button type="button" id="bot-skip">{esc(_("Show at once"))}</button>')
    if state == "failed":
        out.append(f'<button type="button" id="bot-retry">{esc(_("Try again"))}</button>')
    options = "".join(
        f'<option value="{ms}"{" selected" if ms == bots.pace_ms else ""}>{esc(_(PACE_WORDS[ms]))}</option>'
        for ms in PACES
    )
    pace = _("Bots' pace")
    out.append(f'<label class="bot-pace">{esc(pace)} <select id="bot-pace">{options}</select></label>')
    out.append("</section>")
    return "".join(out)


def screen_view(shown: ShownGame, top: str, *, board: bool = True) -> View:
    """The game or game-over screen under ``top``; with ``board`` False,
    the board is an empty frame of its size (the page measures it first)."""
    game = shown.cur.game
    assert game is not None
    screen = shown.page.screen
    zoom = shown.zoom if screen == "game" else None
    shown.sel.hinted = shown.hints.current(game) if screen == "game" else None
    home = _home_focus(shown)
    if board:
        # While a bot plays its turn, its actions so far are marked as it goes.
        marks = turn_so_far_marks(game) if shown.acts_now() == BOT else last_turn_marks(game)
        got = shown.hints.progress(game) if screen == "game" else None
        steps = hint_view.step_marks(got.hint.actions, got.done, unit_px=shown.unit_px) if got else ""
        if screen == "game":  # every action since the watcher's turn: the player's badge
            steps = seen.seen_marks(game, shown.seen, unit_px=shown.unit_px) + steps
        said = (
            seen.refill_said(game, shown.seen, shown.sv.now(), unit_px=shown.unit_px)
            if screen == "game"
            else ""
        )
        board_markup = board_svg.render_board(
            game, shown.sel, marks, unit_px=shown.unit_px, zoom=zoom, overlay=steps, said=said
        )
        shown.board_items = keynav.items(board_markup)
        home = _drawn_focus(home, shown.board_items)
        # One tab stop: where focus goes now if that is on the board, else
        # where the next action most likely starts on it.
        board_focus = shown.page.focus or home
        if board_focus is None or not any(board_focus.endswith(i.css[7:]) for i in shown.board_items):
            board_focus = next((i.css for i in shown.board_items if "selected" in i.classes), home)
        board_markup = keynav.rove(board_markup, board_focus)
    else:
        board_markup = board_svg.board_frame()
    zoom_html = zoom_view.square_view(game, shown.sel, zoom) if zoom is not None else ""
    log = "".join(reversed(shown.log))
    # The log scrolls: a tab stop named by its heading, so a keyboard can scroll it (axe).
    # Folded on a phone upright (under everything else), always open where there is room (caravan.css).
    log_html = (
        f'<details id="log-box" class="fold"><summary><h2 id="log-title">{esc(_("Game log"))}</h2></summary>'
        f'<ul id="log" tabindex="0" aria-labelledby="log-title">{log}</ul></details>'
    )
    note = f'<p id="note" role="status">{esc(shown.note)}</p>' if shown.note else ""
    if shown.cur.stale is not None:
        note += tabs.notice(shown.cur.stale)
    dialog = pages.share_dialog(shown.share_url(), shown.share_status) if shown.sharing else ""
    sr_board = shown.sr.markup(game, playing=screen == "game")
    tools = pages.game_buttons()
    bots = has_bots(game)
    parts: list[str] | None = None  # the game screen's (View.parts)
    if screen == "over":
        hints = shown.hints.used[: game.seats] if bots or any(shown.hints.used) else None
        # The final board beside the winner and the breakdown: all of it
        # in view at 1280x800 (on a phone the result comes first).
        markup = (
            f'{top}{sr_board}<div class="layout over-layout"><div class="board-wrap">{board_markup}</div>'
            f'<aside class="side">{panels.game_over(game, hints, tools + review_button())}{note}{dialog}'
            f"{panels.player_panels(game)}{log_html}</aside></div>"
        )
    else:
        bot_acts = shown.acts_now() == BOT
        busy = shown.bots.status() if bot_acts else None
        controls = panels.controls(
            game,
            shown.sel,
            undo_back=undo_back(game),
            bot_acts=bot_acts,
            bots_drew=bots_drew(game),
            hint="" if bot_acts else hint_view.hint_box(game, shown.hints),
        )
        status = _bot_status(shown, game, shown.bots, bot_acts=bot_acts) if bots else ""
        focus_now = shown.page.focus or ""
        menu = pages.game_menu(opened=focus_now in pages.MENU_ITEMS)
        parts = [
            f'{top}{sr_board}<div class="banner-row">{panels.banner(game, busy)}{menu}</div>'
            f"{seen.since_markup(game, shown.seen)}{note}",
            board_markup,
            f"{seen.since_markup(game, shown.seen, side=True)}{status}{zoom_html}{dialog}{controls}"
            f'<p id="message">{esc(shown.page.message)}</p>'
            f'<p id="square-info">{esc(shown.info)}</p>',
            f"{panels.bag(game)}{panels.player_panels(game)}",
            panels.legend(game),
            log_html,
            panels.keys_help(),
            "",
        ]
    focus = home if screen == "over" else shown.page.focus or home
    modal = shown.confirming and screen == "game"
    if parts is not None:
        if modal:
            parts[7] = panels.confirm_end(game)
        markup = LAYOUT.format(*parts)
    if modal:
        focus = shown.page.focus or "#confirm-end-no"
    elif shown.sharing:
        focus = "#share-link"
    elif screen == "over" and shown.page.focus:
        focus = shown.page.focus
    view = View(
        screen,
        markup,
        shown.sv.records.dumps(game),
        game.seat,
        game.left,
        focus,
        title_text(game, screen),
        modal,
        shown.motion,
    )
    if parts is not None:
        view.parts = tuple(parts)
    return view
