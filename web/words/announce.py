"""What the live region ``#announcer`` says (docs/UI-CONTRACT.md): each
action in one sentence, in the log's words (an end of turn's line says
whose turn it is now; the game's end who won with both scores), the actions
a person has left after their own action, a game's start, and a refusal
(web/app/services.py, ``Page.message``).
The region itself is in index.html, outside the re-drawn ``#screen``, so
that screen readers follow it; the page (web/page/) writes the text into one of its two
children in turn, so that the same text is said again.
"""

from __future__ import annotations

from caravan import Game, actions_for_turn
from caravan import events as ev
from web.words.i18n import _, capital, ngettext, words
from web.words.names import name_of


def sentence(parts: list[str]) -> str:
    """Clauses in one sentence: joined by semicolons, capitalised, ended by
    one full stop (none after a clause that ends with "!" or "?")."""
    text = capital("; ".join(p.rstrip(".") for p in parts if p))
    return text if text.endswith(("!", "?", "…")) else text + "."


def result_said(game: Game, winners: tuple[int, ...] | list[int]) -> str:
    """Who won and by how much (R15–R17): "Ann wins, 71 to 36" between two;
    with more players, each other player's total after the winner's."""
    totals = {line.seat: line.total for _place, line in game.ranking()}
    order = [line.seat for _place, line in game.ranking()]
    others = [s for s in order if s not in winners]
    rest = ", ".join(
        ngettext("{name} {n} point", "{name} {n} points", n=totals[s], name=name_of(game, s)) for s in others
    )
    top = totals[winners[0]]
    if len(winners) == 1 and len(others) == 1:
        winner, other = name_of(game, winners[0]), totals[others[0]]
        return _("{name} wins, {points} to {other}", name=winner, points=top, other=other)
    if len(winners) == 1:
        head = ngettext(
            "{name} wins with {n} point", "{name} wins with {n} points", n=top, name=name_of(game, winners[0])
        )
    else:
        head = ngettext(
            "Shared victory: {names} with {n} point each",
            "Shared victory: {names} with {n} points each",
            n=top,
            names=words().names([name_of(game, s) for s in winners]),
        )
    return f"{head}; {rest}" if rest else head


def event_said(game: Game, event: ev.Event) -> str:
    """One event as ``#announcer`` says it: the log's line, except the end of
    the game, which gives both scores."""
    if isinstance(event, ev.GameOver):
        return f"{_('Game over')}. {words().reason(event.reason)} {result_said(game, event.winners)}"
    return words().event(game, event)


def action_said(game: Game, events: list[ev.Event], *, person: bool = False) -> str:
    """One action's events (``game`` already after it) in one sentence, as
    the log words them: an end of turn's line says whose turn it is now.
    ``person``: the action was the player's own (not a bot's): while the turn
    stays theirs, the actions they have left follow (R5, R6)."""
    parts = [event_said(game, event) for event in events]
    if person and not game.is_over() and not any(isinstance(e, ev.TurnEnded) for e in events):
        parts.append(left_said(game))
    return sentence(parts)


def left_said(game: Game) -> str:
    """What a person hears after an action of their own that kept their turn:
    the actions left ("2 actions left", or none: end the turn)."""
    if game.left == 0:
        return _("no action left: end your turn")
    return ngettext("{n} action left", "{n} actions left", n=game.left)


def turn_said(game: Game) -> str:
    """Whose turn it is and the actions left of the turn's (R5)."""
    total = actions_for_turn(game.turn)
    return ngettext(
        "{name} to play, {n} action left of {total}",
        "{name} to play, {n} actions left of {total}",
        n=game.left,
        name=name_of(game, game.seat),
        total=total,
    )


def seat_said(game: Game, seat: int) -> str:
    """A seat's name, with its bot's strength ("Player 2 (Bot: easy)")."""
    bot = game.options.players[seat].bot
    name = name_of(game, seat)
    return name if bot is None else _("{name} ({bot})", name=name, bot=words().strength(bot))


def start_said(game: Game) -> str:
    """A new game, said once: who the player is and against whom (one person
    against bots), else every player with their colour; then whose turn it is."""
    seats = range(game.seats)
    people = [s for s in seats if game.options.players[s].bot is None]
    colour = {s: words().colour(game.options.players[s].colour) for s in seats}
    if len(people) == 1:
        me = people[0]
        head = _(
            "You are {name}, {colour}, against {others}",
            name=name_of(game, me),
            colour=colour[me],
            others=words().names([seat_said(game, s) for s in seats if s != me]),
        )
        if game.seat == me:
            turn = ngettext("your turn, {n} action", "your turn, {n} actions", n=game.left)
        else:
            turn = _("{name} plays first", name=seat_said(game, game.seat))
    else:
        # Translators: one player of a new game and their colour, in "New game: Ann, yellow; Bob, black".
        players = "; ".join(_("{name}, {colour}", name=seat_said(game, s), colour=colour[s]) for s in seats)
        head = _("New game: {players}", players=players)
        mover = seat_said(game, game.seat)
        turn = ngettext("{name} to play, {n} action", "{name} to play, {n} actions", n=game.left, name=mover)
    return sentence([head, turn])


def parity(count: int) -> tuple[int, int]:
    """Which child of ``#announcer`` gets the ``count``-th text and which is
    emptied: they alternate, so an identical text is a new addition, said again."""
    return count % 2, (count + 1) % 2
