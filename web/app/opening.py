"""A share link opened in this tab (at boot, or later by a change of the
address's ``#fragment``): the game it shows, and what it does to the saved
games (web/app/share.py decides; docs/UI-CONTRACT.md, "Share links")."""

from __future__ import annotations

from caravan import record
from caravan.errors import LinkError, RecordError
from web.app import share
from web.app.game_screen import GameScreen
from web.app.newgame import unoffered
from web.app.saved import default_name
from web.words.i18n import _, words


def open_link(play: GameScreen, text: str) -> None:
    """Show the game the link ``text`` holds; a broken one is refused on
    the new-game screen (``#link-error``) without touching any saved game."""
    from caravan import link  # imported when first used: the page boots without it

    sv, page, cur = play.sv, play.page, play.cur
    try:
        game = link.decode(text)
        refusal = unoffered(game.options)
        if refusal is not None:
            raise LinkError(refusal)
    except LinkError as e:
        page.screen = "new-game"
        page.message = ""
        play.drop_extras()
        page.link_error = _(
            "This link cannot be opened: {reason}. Nothing saved was changed; start a new game below.",
            reason=words().error(e),
        )
        return
    rec = record.to_dict(game)
    names: dict[str, str] = {}
    revs: dict[str, str | None] = {}
    hints: dict[str, list[int]] = {}  # the hints counted with each saved copy (web/app/hint.py)
    candidates: list[tuple[str, dict[str, object]]] = []
    if cur.game is not None and cur.id is not None:
        candidates.append((cur.id, record.to_dict(cur.game)))
        names[cur.id], revs[cur.id], hints[cur.id] = cur.name, cur.rev, list(cur.hints)
    for entry in sv.scan():
        if entry.record is not None and entry.id not in names:
            candidates.append((entry.id, entry.record))
            names[entry.id], revs[entry.id], hints[entry.id] = entry.name, entry.rev, entry.hints
    decision = share.decide(rec, candidates)
    note = _("Opened the game from the link.")
    if decision.kind != "new" and decision.id is not None:
        ours = decision.id
        if decision.kind == "link":
            note = _(
                "This game is saved here, but the link is further along ({link} actions; the saved "
                "copy has {saved}): continuing from the link.",
                link=decision.link_steps,
                saved=decision.saved_steps,
            )
            play.take(game, ours, names[ours], revs[ours], hints[ours])  # the hints used stay counted
            cur.save()
            play.note = note
            return
        try:
            kept = cur.game if ours == cur.id and cur.game is not None else sv.load(ours)
        except RecordError:
            kept = None
        if kept is not None:
            same = decision.saved_steps == decision.link_steps
            steps = {"saved": decision.saved_steps, "link": decision.link_steps}
            note = (
                _("This game from the link is already saved here, at the same point: continuing it.")
                if same
                else _(
                    "This game is already saved here further along ({saved} actions; the link has "
                    "{link}): continuing the saved copy.",
                    **steps,
                )
            )
            play.take(kept, ours, names[ours], revs[ours], hints[ours])
            play.note = note
            return
    play.take(game, sv.new_id(), default_name(game))
    cur.save()
    play.note = note
