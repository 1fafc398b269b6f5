"""The review screen's markup: the costliest turns in words first,
a chart of each player's expected final margin over the turns with a table
beside it, and every judged turn with the bot's best and the points lost.

The chart is SVG drawn here from the review's numbers (no library): one line
per player in their colour, each drawn over a dark halo so that yellow and
black both read, on a light ground of its own in either theme (as the
board), the costliest turns marked with their rank. Its table says the same
numbers for screen readers and keyboards (a scroll box, a tab stop).
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan.actions import Action, EndTurn
from caravan.advice import explain
from caravan.errors import CaravanError
from caravan.game import Game, Step
from caravan.review import Review, TurnReview, at, turns
from web.app.review import CANCELLED, DONE, FAILED, RUNNING, Reviewer, costliest
from web.board.palette import player_hex
from web.words.i18n import _, ngettext, words
from web.words.markup import esc
from web.words.names import names as seat_names

W, H = 640, 280  # the chart's box, in its own units
LEFT, RIGHT, TOP, BOTTOM = 62, 14, 16, 36


def review_button() -> str:
    """``#review-button`` on the game-over screen."""
    label = _("Review the game")
    return f'<p class="review-tools"><button type="button" id="review-button">{esc(label)}</button></p>'


def _scale(values: list[float]) -> tuple[float, float]:
    lo, hi = min([*values, 0.0]), max([*values, 0.0])
    if hi - lo < 4:
        hi, lo = hi + 2, lo - 2
    return lo, hi


def chart(game: Game, review: Review) -> str:
    """``svg#review-chart``: each seat's expected final margin at each turn's start."""
    margins = review.margins
    if not margins:
        return ""
    flat = [v for _turn, values in margins for v in values]
    lo, hi = _scale(flat)
    n = len(margins)

    def x(i: int) -> float:
        return LEFT + (W - LEFT - RIGHT) * (i / max(n - 1, 1))

    def y(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (hi - v) / (hi - lo)

    title = _("Each player's expected final margin, turn by turn")
    out = [
        f'<svg id="review-chart" viewBox="0 0 {W} {H}" role="img" aria-labelledby="review-chart-title">'
        f'<title id="review-chart-title">{esc(title)}</title>'
        f'<line class="axis" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>'
        f'<text class="tick" x="{LEFT - 6}" y="{y(0):.1f}">0</text>'
        f'<text class="tick" x="{LEFT - 6}" y="{y(hi):.1f}">{esc(words().decimal(hi, signed=True))}</text>'
        f'<text class="tick" x="{LEFT - 6}" y="{y(lo):.1f}">{esc(words().decimal(lo, signed=True))}</text>'
    ]
    step = max(1, n // 8)
    turn_word = _("Turn")
    for i in range(0, n, step):
        out.append(f'<text class="tick turn" x="{x(i):.1f}" y="{H - 8}">{margins[i][0]}</text>')
    out.append(f'<text class="tick" x="{LEFT - 16}" y="{H - 8}">{esc(turn_word)}</text>')
    for seat in range(game.seats):
        points = " ".join(f"{x(i):.1f},{y(values[seat]):.1f}" for i, (_t, values) in enumerate(margins))
        colour = player_hex(game.options.players[seat].colour)
        out.append(
            f'<g class="seat-line" data-seat-line="{seat}"><polyline class="halo" points="{points}"/>'
            f'<polyline points="{points}" stroke="{colour}"/></g>'
        )
    # The margins are every turn's, in order (caravan.review.turns): a judged turn's point is its start's.
    starts = {start.index: i for i, start in enumerate(turns(game))}
    placed: list[tuple[float, float]] = []
    for rank, t in enumerate(costliest(review), 1):
        k = starts.get(t.index)
        if k is None or k >= n:
            continue
        px, py = x(k), y(margins[k][1][t.seat])
        cx, cy = _free_spot(px, py, placed)
        placed.append((cx, cy))
        leader = (
            f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{cx:.1f}" y2="{cy:.1f}"/>'
            f'<circle class="dot" cx="{px:.1f}" cy="{py:.1f}" r="3"/>'
            if cy != py
            else ""
        )
        out.append(
            f'<g class="costly" data-costly="{t.index}">{leader}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="13"/>'
            f'<text x="{cx:.1f}" y="{cy:.1f}">{rank}</text></g>'
        )
    out.append("</svg>")
    return "".join(out) + legend(game)


def _free_spot(px: float, py: float, placed: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a costly turn's numbered marker goes: on its point, else (turns close
    together would hide each other's number) the nearest height above or below it
    clear of the markers placed before, inside the chart, joined to the point by a line."""
    for dy in (0, -32, 32, -64, 64, -96, 96):
        cy = min(max(py + dy, TOP + 13), H - BOTTOM - 13) if dy else py
        if all((px - qx) ** 2 + (cy - qy) ** 2 >= 28**2 for qx, qy in placed):
            return px, cy
    return px, py


def legend(game: Game) -> str:
    """Whose line is whose: each player's name beside a swatch of their colour."""
    items = "".join(
        f'<li><span class="swatch" style="background:{player_hex(p.colour)}"></span>{esc(name)}</li>'
        for p, name in zip(game.options.players, seat_names(game), strict=True)
    )
    return f'<ul class="chart-legend" aria-hidden="true">{items}</ul>'


def margins_table(game: Game, review: Review) -> str:
    names = seat_names(game)
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    rows = "".join(
        f'<tr><th scope="row">{turn}</th>'
        + "".join(f"<td>{esc(words().decimal(v, signed=True))}</td>" for v in values)
        + "</tr>"
        for turn, values in review.margins
    )
    caption = _("Expected final margin at each turn's start")
    return (
        f'<div class="table-wrap review-table" tabindex="0" role="region" '
        f'aria-labelledby="review-margins-caption">'
        f'<table id="review-margins"><caption id="review-margins-caption">{esc(caption)}</caption>'
        f'<thead><tr><th scope="col">{esc(_("Turn"))}</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


# The positions at the costly turns' starts: rebuilding one replays the record
# (caravan.review.at), and the screen is drawn again at every language switch.
_STARTS: dict[tuple[int, int, int], tuple[Game, Game]] = {}


def _start(game: Game, index: int) -> Game:
    """The position before action ``index`` of ``game``'s history (kept: see ``_STARTS``)."""
    key = (id(game), len(game.history), index)
    kept = _STARTS.get(key)
    if kept is None or kept[0] is not game:
        if len(_STARTS) >= 12:
            _STARTS.clear()
        kept = _STARTS[key] = (game, at(game, index))
    return kept[1]


def _said(start: Game, actions: Sequence[Action], steps: Sequence[Step] = ()) -> str:
    """A turn's actions in words, each said in the position it was (or would be) taken in.

    ``steps`` are the turn's recorded steps when it was played, so that a
    refill mid-turn draws what it drew; the bot's best turn draws its own,
    and what a different draw made impossible there is said in notation. The
    turn's last ``end`` is left out (every turn has one) unless it is the
    whole turn."""
    sim = start.copy()
    shown = list(actions[:-1]) if len(actions) > 1 and isinstance(actions[-1], EndTurn) else list(actions)
    out: list[str] = []
    ok = True
    for i, action in enumerate(shown):
        if not ok:
            out.append(str(action))
            continue
        out.append(words().action(sim, action))
        try:
            if i < len(steps) and steps[i].action == action:
                sim.push_recorded(action, steps[i].draws)
            else:
                sim.push(action)
        except CaravanError:
            ok = False
    # Translators: between the actions of a turn said in words ("move a camel from d2 to f2, pick up ...").
    return _(", ").join(out)


def costly_words(game: Game, t: TurnReview) -> str:
    """A costly turn for a player to read: who and how costly, what was played,
    the bot's better turn and why it is better (``caravan.advice.explain``'s
    reasons), all in words; the notation stays in the every-turn table."""
    start = _start(game, t.index)
    steps = game.history[t.index : t.index + len(t.played)]
    head = _(
        "Turn {turn}, {name} ({verdict}, {lost} points lost)",
        turn=t.turn,
        name=words().name(game, t.seat),
        verdict=words().verdict(t.verdict),
        lost=words().decimal(t.lost),
    )
    played = _("Played: {actions}.", actions=_said(start, t.played, steps))
    better = _("Better: {actions}.", actions=_said(start, t.best))
    try:
        why = _("Why: {reasons}.", reasons=words().reasons(start, explain(start, t.best)))
    except CaravanError:
        why = ""
    notation = " ".join(str(a) for a in t.played), " ".join(str(a) for a in t.best)
    return (
        f'<p class="costly-head"><strong>{esc(head)}</strong></p>'
        f'<p title="{esc(notation[0])}">{esc(played)}</p>'
        f'<p title="{esc(notation[1])}">{esc(better)}</p>' + (f"<p>{esc(why)}</p>" if why else "")
    )


def _turn_button(t: TurnReview) -> str:
    return (
        f'<button type="button" id="review-turn-{t.index}" data-review-turn="{t.index}">'
        f"{esc(_('Show the better turn on the board'))}</button>"
    )


def turns_table(game: Game, review: Review) -> str:
    names = seat_names(game)
    cols = (_("Turn"), _("Player"), _("Played"), _("The bot's best"), _("Points lost"), _("Class"))
    head = "".join(f'<th scope="col">{esc(c)}</th>' for c in cols)
    rows = []
    for t in review.turns:
        rows.append(
            f'<tr data-review-index="{t.index}" data-verdict="{t.verdict}"><td>{t.turn}</td>'
            f"<td>{esc(names[t.seat])}</td>"
            f'<td data-label="{esc(cols[2])}"><code>{esc(" ".join(str(a) for a in t.played))}</code></td>'
            f'<td data-label="{esc(cols[3])}"><code>{esc(" ".join(str(a) for a in t.best))}</code></td>'
            f'<td data-label="{esc(cols[4])}">{esc(words().decimal(t.lost))}</td>'
            f'<td><span class="verdict {t.verdict}">{esc(words().verdict(t.verdict))}</span></td></tr>'
        )
    caption = _("Every turn judged")
    return (
        f'<div class="table-wrap review-table" tabindex="0" role="region" '
        f'aria-labelledby="review-turns-caption">'
        f'<table id="review-turns"><caption id="review-turns-caption">{esc(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def review_screen(game: Game, name: str, reviewer: Reviewer) -> str:
    """``section#review`` in its state: running (progress and Cancel), failed,
    cancelled, or done (the costliest turns, the chart and its table, every turn)."""
    state = reviewer.state
    done, total = reviewer.progress
    out = [
        f'<section id="review" data-state="{state}" data-turns="{total}">'
        f'<h2 id="review-title" tabindex="-1">{esc(_("Review of “{name}”", name=name))}</h2>'
    ]
    if state == RUNNING:
        said = _("Reviewing turn {k} of {n}…", k=min(done + 1, total), n=total)
        out.append(
            f'<p id="review-status" role="status">{esc(said)}</p>'
            f'<progress id="review-progress" max="{max(total, 1)}" value="{done}" '
            f'aria-labelledby="review-status"></progress>'
            f'<p><button type="button" id="review-cancel">{esc(_("Cancel"))}</button></p>'
        )
    elif state in (FAILED, CANCELLED):
        text = reviewer.error if state == FAILED else _("The review was cancelled.")
        role = "alert" if state == FAILED else "status"
        out.append(
            f'<p id="review-status" role="{role}">{esc(text)}</p>'
            f'<p><button type="button" id="review-again">{esc(_("Review again"))}</button></p>'
        )
    elif state == DONE and reviewer.result is not None:
        review = reviewer.result
        out.append(
            f'<p id="review-judge">{esc(_("Judged by the hard bot ({judge}).", judge=review.judge))}</p>'
        )
        top = costliest(review)
        out.append(f'<h3 id="review-costly-title">{esc(_("The costliest turns"))}</h3>')
        if top:
            items = "".join(
                f'<li data-review-costly="{t.index}">{costly_words(game, t)}<p>{_turn_button(t)}</p></li>'
                for t in top
            )
            out.append(f'<ol id="review-costly">{items}</ol>')
        else:
            none = _("No turn lost a point to the bot's best.")
            out.append(f'<p id="review-costly">{esc(none)}</p>')
        out.append(f'<div class="review-chart-box">{chart(game, review)}{margins_table(game, review)}</div>')
        n = len(review.turns)
        out.append(
            f"<h3>{esc(ngettext('{n} turn judged', '{n} turns judged', n=n))}</h3>{turns_table(game, review)}"
        )
    out.append(f'<p><button type="button" id="review-back">{esc(_("Back"))}</button></p></section>')
    return "".join(out)
