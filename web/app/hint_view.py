"""A hinted (or better) turn drawn: numbered marks on the board and the
numbered list in words beside it.

The marks are the board's own SVG (web/board/board_pieces.py's squares and sizes):
one disc per action, numbered in turn order, at the square where it acts
(where a camel or a good arrives, where a good is picked up or stolen); the
actions already played are drawn faded. The game screen's hint and the
history view's better turn (web/app/review_view.py) both draw them.
"""

from __future__ import annotations

from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, parse_action
from caravan.board import SQUARE_NAMES
from caravan.errors import NotationError
from caravan.game import Game
from web.app.hint import Hints
from web.board.board_pieces import CELL, MIN_TEXT_PX, cell_origin
from web.words.i18n import _, capital, ngettext, words
from web.words.markup import esc


def acts_on(action: Action) -> int | None:
    """The square an action is marked on; None for the end of a turn."""
    if isinstance(action, (PlaceCamel, MoveCamel, MoveGood)):
        return action.to
    if isinstance(action, (PickUp, Steal)):
        return action.at
    return None


def step_marks(actions: tuple[str, ...] | list[str], done: int = 0, *, unit_px: float = 1.0) -> str:
    """``g.hint-steps``: a numbered disc per action (``data-hint-step``), in
    turn order; several on one square side by side. Drawn over the board,
    letting clicks through (CSS), hidden from screen readers: the list says it."""
    size = max(17.0, MIN_TEXT_PX / max(unit_px, 0.05))
    r = size * 0.72
    seen: dict[int, int] = {}
    out = ['<g class="hint-steps" aria-hidden="true">']
    for n, notation in enumerate(actions, 1):
        try:
            square = acts_on(parse_action(notation))
        except NotationError:
            continue
        if square is None:
            continue
        k = seen.get(square, 0)
        seen[square] = k + 1
        x, y = cell_origin(square)
        cx = min(x + r + 2 + k * (2 * r + 2), x + CELL - r)
        cy = y + CELL - r - 2
        faded = " done" if n <= done else ""
        out.append(
            f'<g class="hint-step{faded}" data-hint-step="{n}" data-on-square="{SQUARE_NAMES[square]}">'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'
            f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{size:.1f}">{n}</text></g>'
        )
    out.append("</g>")
    return "".join(out)


def gain_line(delivered: int, markers: int, gain: float) -> str:
    """What a turn gains, in points: now (deliveries and demand markers, R12,
    R15) and the expected worth the search gives it over ending the turn."""
    now = delivered + markers
    worth = words().decimal(gain, signed=True)
    if now:
        return ngettext(
            "Scores {n} point now; expected worth of the turn: {worth} points.",
            "Scores {n} points now; expected worth of the turn: {worth} points.",
            n=now,
            worth=worth,
        )
    return _("Scores nothing now; expected worth of the turn: {worth} points.", worth=worth)


def reason_line(game: Game, hints: Hints) -> str:
    """The hint's reason in one line, phrased by caravan.words (``hint_line``)
    on the position it was asked at."""
    hint = hints.shown
    if hint is None or not hint.reasons:
        return ""
    return words().hint_line(hints.asked_at(game), hint)


def _head(n: int) -> str:
    return ngettext(
        "Hint: the hard bot would play this turn ({n} action).",
        "Hint: the hard bot would play this turn ({n} actions).",
        n=n,
    )


def hint_said(game: Game, hints: Hints) -> str:
    """The hint as ``#announcer`` says it when it comes: the whole turn
    numbered, its gain and its reason, as ``#hint-turn`` shows them."""
    got = hints.progress(game)
    if got is None:
        return ""
    hint = got.hint
    steps = " ".join(f"{i}. {capital(said)}." for i, (_n, said) in enumerate(hints.steps(game), 1))
    reason = reason_line(game, hints)
    gain = gain_line(hint.delivered, hint.markers, hint.gain)
    parts = [_head(len(hint.actions)), steps, gain, capital(reason)]
    return " ".join(p for p in parts if p)


def hint_box(game: Game, hints: Hints) -> str:
    """``#hint-box``: the button, and the hint while it holds: the whole
    turn numbered (``ol#hint-steps``), its gain (``#hint-gain``), its reason
    (``#hint-reason``) and ``#hint-play`` for the next action; or why the rest
    was dropped (``#hint-dropped``), or why none came (``#hint-error``). None
    of them is a live region: ``#announcer`` says each once (``hint_said``)."""
    pending = hints.pending(game)
    label = _("Thinking of a hint…") if pending else _("Hint")
    busy = ' aria-disabled="true" aria-busy="true"' if pending else ""  # focusable: focus stays on it
    out = [f'<div id="hint-box"><button type="button" id="hint"{busy}>{esc(label)}</button>']
    got = hints.progress(game)
    if got is not None:
        hint, done = got.hint, got.done
        head = _head(len(hint.actions))
        out.append(
            f'<div id="hint-turn" data-hint-turn="{esc(" ".join(hint.actions))}" data-played="{done}">'
            f'<p id="hint-text" data-hint="{esc(got.next)}">{esc(head)}</p><ol id="hint-steps">'
        )
        for i, (notation, said) in enumerate(hints.steps(game), 1):
            state = ' data-done="true"' if i <= done else ' aria-current="step"' if i == done + 1 else ""
            item = f'data-hint-step="{i}" data-step-action="{esc(notation)}"{state}'
            out.append(f"<li {item}>{esc(capital(said))}</li>")
        out.append(f'</ol><p id="hint-gain">{esc(gain_line(hint.delivered, hint.markers, hint.gain))}</p>')
        reason = reason_line(game, hints)
        if reason:
            out.append(f'<p id="hint-reason">{esc(capital(reason))}</p>')
        play = _("Play it") if done == 0 else _("Play action {k}", k=done + 1)
        out.append(
            f'<p class="hint-buttons"><button type="button" id="hint-play" data-action="{esc(got.next)}">'
            f"{esc(play)}</button></p></div>"
        )
    elif dropped := hints.dropped(game):
        out.append(f'<p id="hint-dropped">{esc(dropped)}</p>')
    elif hints.error:
        out.append(f'<p id="hint-error">{esc(hints.error)}</p>')
    out.append("</div>")
    return "".join(out)
