"""The screen-reader board's commands (issue 14): what a player asks in
words and hears back through ``#announcer``, typed in ``#sr-command`` or
pressed on the grid (docs/UI-CONTRACT.md, "Screen-reader board").

Every answer is read from the engine; a typed action is parsed by the
engine's notation reader (docs/NOTATION.md) and checked by ``why_illegal``:
this module never decides legality, and keeps "not understood" (a
``NotationError``) apart from "not allowed" (the engine's refusal).
"""

from __future__ import annotations

from dataclasses import dataclass

from caravan import Game
from caravan.actions import Action, EndTurn, PlaceCamel, parse_action
from caravan.board import SQUARE_NAMES, parse_square
from caravan.errors import CaravanError, NotationError
from caravan.words import C_
from web.app.selection import SUPPLY, source_of
from web.board.squareinfo import not_allowed
from web.words.announce import action_said
from web.words.i18n import _, capital, ngettext, pgettext, words
from web.words.names import name_of
from web.words.phrases import cost_text, describe, good_name

# The typed commands, English always understood beside the page's language.
# Translators: words a player types in the screen-reader board's command field
# (one word each, lower case; the English word is understood too).
COMMANDS = {
    "actions": C_("typed command", "actions"),
    "camels": C_("typed command", "camels"),
    "goods": C_("typed command", "goods"),
    "scores": C_("typed command", "scores"),
    "last": C_("typed command", "last"),
    "help": C_("typed command", "help"),
}


SAID = 9  # a space's actions said at once: the ones a digit on the list plays


@dataclass(frozen=True)
class Answer:
    """What a command says, the action it asks to play (already found legal
    by the engine; None: nothing to play), and the space whose actions are
    listed now (None: the list is left as it was)."""

    said: str
    play: Action | None = None
    listed: int | None = None


def actions_from(game: Game, square: int) -> list[tuple[Action, int]]:
    """The engine's legal actions from ``square`` with their cost (R7):
    placing a camel on it, moving a camel from it, picking up or stealing
    there, moving a good from on or under a camel there (R8–R12)."""
    name = SQUARE_NAMES[square]
    out: list[tuple[Action, int]] = []
    for action, cost in game.legal_actions_with_cost():
        source = source_of(action)
        if source == SUPPLY:
            if isinstance(action, PlaceCamel) and action.to == square:
                out.append((action, cost))
        elif source is not None and source[-2:] == name:
            out.append((action, cost))
    return out


def listing(game: Game, square: int) -> str:
    """The actions from ``square``, numbered as the list shows them."""
    found = actions_from(game, square)
    name = SQUARE_NAMES[square]
    if not found:
        return _("No action from {square}.", square=name)
    items = [f"{i}. {describe(game, a)} ({cost_text(c)})" for i, (a, c) in enumerate(found[:SAID], 1)]
    head = ngettext("{n} action from {square}:", "{n} actions from {square}:", n=len(found), square=name)
    if len(found) > SAID:  # the rest are read from the list, not all said at once
        more = len(found) - SAID
        items.append(ngettext("and {n} more in the list", "and {n} more in the list", n=more))
    return f"{head} {'; '.join(items)}."


def my_camels(game: Game) -> str:
    """The player to move's camels, space by space, and those still in the supply (R1, R7)."""
    places = []
    for camel in game.all_camels():
        if camel.seat != game.seat:
            continue
        name = SQUARE_NAMES[camel.square]
        if camel.good is None:
            places.append(name)
        elif camel.under:
            places.append(
                _("{square}, with stolen {good} underneath", square=name, good=good_name(camel.good))
            )
        else:
            places.append(_("{square}, carrying {good}", square=name, good=good_name(camel.good)))
    left = ngettext("{n} camel in your supply.", "{n} camels in your supply.", n=game.supply(game.seat))
    if not places:
        return _("No camel of yours on the board; {supply}", supply=left)
    return _("Your camels: {places}; {supply}", places=", ".join(places), supply=left)


def goods(game: Game) -> str:
    """Every good on the board: loose ones (R8), then those on or under camels (R10–R12)."""
    parts = [
        _("{good} on {square}", good=good_name(good), square=SQUARE_NAMES[sq])
        for sq, good in sorted(game.loose_goods().items())
    ]
    for camel in game.all_camels():
        if camel.good is None:
            continue
        who = name_of(game, camel.seat)
        params = {"good": good_name(camel.good), "name": who, "square": SQUARE_NAMES[camel.square]}
        if camel.under:
            parts.append(_("{good} under {name}'s camel on {square}", **params))
        else:
            parts.append(_("{good} on {name}'s camel on {square}", **params))
    if not parts:
        return _("No goods on the board.")
    return _("Goods on the board: {goods}.", goods="; ".join(parts))


def scores(game: Game) -> str:
    """The score now (R15, R16: the penalty for goods held now counted)."""
    parts = [
        ngettext("{name} {n} point", "{name} {n} points", n=line.total, name=name_of(game, line.seat))
        for line in game.score()
    ]
    return _("Scores: {scores}.", scores=", ".join(parts))


def last_turn(game: Game) -> str:
    """The last turn played to its end (R5), each action in the sentence
    ``#announcer`` said for it; replayed from the history with its draws."""
    history = game.history
    if not history:
        return _("No turn has been played yet.")
    done = isinstance(history[-1].action, EndTurn) or game.is_over()
    turn = (
        history[-1].turn
        if done
        else max((s.turn for s in history if s.turn < history[-1].turn), default=None)
    )
    if turn is None:
        return _("No turn has been played yet.")
    steps = [s for s in history if s.turn == turn]
    try:
        copy = game.copy()
        for _step in range(len(history) - history.index(steps[0])):
            copy.pop()
        said = [action_said(copy, copy.push_recorded(s.action, s.draws)) for s in steps]
    except (CaravanError, IndexError):  # an agreed end (I10) is not undone: the actions in notation
        said = [str(s.action) for s in steps]
    return _("Last turn: {actions}", actions=" ".join(said))


def _command(word: str) -> str | None:
    for name in COMMANDS:
        if word in (name, command_word(name)):
            return name
    return None


def answer(game: Game, text: str, *, at: int, listed: list[Action]) -> Answer:
    """What the command ``text`` says: ``at`` is the grid's focused space,
    ``listed`` the actions the list shows now (a number plays one of them)."""
    typed = text.strip()
    words_in = typed.lower().split()
    if not words_in:
        return Answer(help_text())
    command = _command(words_in[0])
    if command == "actions":
        square = at
        if len(words_in) > 1:
            try:
                square = parse_square(words_in[1])
            except KeyError:
                return Answer(_("Not understood: {text} is not a space of the board.", text=words_in[1][:8]))
        return Answer(listing(game, square), listed=square)
    if command is not None:
        return Answer(
            {"camels": my_camels, "goods": goods, "scores": scores, "last": last_turn}.get(
                command, lambda _g: help_text()
            )(game)
        )
    if typed.isdigit():
        n = int(typed)
        if not 1 <= n <= len(listed):
            return Answer(ngettext("The list has {n} action.", "The list has {n} actions.", n=len(listed)))
        return played(game, listed[n - 1])
    try:
        action = parse_action(typed)
    except NotationError as e:
        return Answer(_("Not understood: {reason}", reason=words().error(e)))
    return played(game, action)


def played(game: Game, action: Action) -> Answer:
    """The engine's answer to ``action``: its refusal read back, or the action to play."""
    reason = game.why_illegal(action)
    if reason is not None:
        return Answer(not_allowed(words().refusal(reason)))
    return Answer("", play=action)


def command_word(name: str) -> str:
    """A typed command's word in the page's language (``COMMANDS``)."""
    return pgettext(*COMMANDS[name]).lower()


def help_text() -> str:
    """What can be typed, said when asked or when nothing was typed."""
    typed = [f"{command_word('actions')} d5"] + [command_word(n) for n in COMMANDS if n != "actions"]
    return capital(
        _(
            "type a move in notation (@d4, d4-d5, +d4, Sd4>d5, end), a number from the list, or: {commands}.",
            commands=", ".join(typed),
        )
    )
