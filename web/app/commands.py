"""The screen-reader board's commands (issue 14): what a player asks in
words and hears back through ``#announcer``, typed in ``#sr-command`` or
pressed on the grid (docs/UI-CONTRACT.md, "Screen-reader board").

Every answer is read from the engine; a typed action is parsed by the
engine's notation reader (docs/NOTATION.md) and checked by ``why_illegal``:
this module never decides legality, and keeps "not understood" (a
``NotationError``) apart from "not allowed" (the engine's refusal).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from caravan import Game
from caravan.actions import Action, EndTurn, MoveCamel, MoveGood, PlaceCamel, parse_action
from caravan.board import FILES, RANKS, SQUARE_NAMES, parse_square
from caravan.errors import CaravanError, NotationError
from caravan.words import C_
from web.app.selection import SUPPLY, source_of
from web.board.squareinfo import cell_name, not_allowed
from web.words.announce import action_said, result_said, sentence, turn_said
from web.words.i18n import _, capital, ngettext, pgettext, words
from web.words.names import name_of
from web.words.phrases import KIND_ORDER, action_kind, cost_text, describe, good_name

# The typed commands, English always understood beside the page's language.
# Translators: words a player types in the screen-reader board's command field
# (one word each, lower case; the English word is understood too).
COMMANDS = {
    "actions": C_("typed command", "actions"),
    "camels": C_("typed command", "camels"),
    "goods": C_("typed command", "goods"),
    "scores": C_("typed command", "scores"),
    "status": C_("typed command", "status"),
    "rank": C_("typed command", "rank"),
    "file": C_("typed command", "file"),
    "last": C_("typed command", "last"),
    "help": C_("typed command", "help"),
}
# Translators: typed after "camels" in the command field: every player's camels.
ALL = C_("typed command", "all")
# Translators: typed in the command field to play a move it asked about (a move costing 2 actions).
YES = C_("typed command", "yes")


SAID = 9  # a space's actions said at once: the ones a digit on the list plays


@dataclass(frozen=True)
class Answer:
    """What a command says, the action it asks to play (already found legal
    by the engine; None: nothing to play), the space whose actions are
    listed now (None: the list is left as it was), and a move costing 2
    actions that is asked about before it is played (``confirm``)."""

    said: str
    play: Action | None = None
    listed: int | None = None
    confirm: Action | None = None


def _onto(action: Action) -> int | None:
    """The space a camel or a good is moved or placed onto (R7, R11)."""
    if isinstance(action, (PlaceCamel, MoveCamel, MoveGood)):
        return action.to
    return None


def actions_from(game: Game, square: int) -> list[tuple[Action, int]]:
    """The engine's legal actions at ``square`` with their cost (R7): those
    starting there (moving a camel from it, picking up or stealing there,
    moving a good from on or under a camel there, R8–R12) and those arriving
    there (placing or moving a camel onto it, moving a good onto it);
    deliveries, steals, pick-ups and goods' moves first, as the action list
    orders them, so that none of them is among those left unsaid."""
    name = SQUARE_NAMES[square]
    out: list[tuple[Action, int]] = []
    for action, cost in game.legal_actions_with_cost():
        source = source_of(action)
        if _onto(action) == square or (source not in (None, SUPPLY) and str(source)[-2:] == name):
            out.append((action, cost))
    out.sort(key=lambda found: KIND_ORDER[action_kind(game, found[0])])  # stable: the engine's order within
    return out


def listing(game: Game, square: int) -> str:
    """The actions at ``square``, numbered as the list shows them."""
    found = actions_from(game, square)
    name = SQUARE_NAMES[square]
    if not found:
        return _("No action from or onto {square}.", square=name)
    items = [f"{i}. {describe(game, a)} ({cost_text(c)})" for i, (a, c) in enumerate(found[:SAID], 1)]
    head = ngettext("{n} action at {square}:", "{n} actions at {square}:", n=len(found), square=name)
    if len(found) > SAID:  # the rest are read from the list, not all said at once
        more = len(found) - SAID
        items.append(ngettext("and {n} more in the list", "and {n} more in the list", n=more))
    return f"{head} {'; '.join(items)}."


def camels_of(game: Game, seat: int) -> str:
    """A seat's camels, space by space, and those still in its supply (R1,
    R7): "Your camels" for the player to move, else by the player's name."""
    places = []
    for camel in game.all_camels():
        if camel.seat != seat:
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
    n = game.supply(seat)
    if seat == game.seat:
        left = ngettext("{n} camel in your supply.", "{n} camels in your supply.", n=n)
        if not places:
            return _("No camel of yours on the board; {supply}", supply=left)
        return _("Your camels: {places}; {supply}", places=", ".join(places), supply=left)
    who = name_of(game, seat)
    left = ngettext("{n} camel in {name}'s supply.", "{n} camels in {name}'s supply.", n=n, name=who)
    if not places:
        return _("No camel of {name}'s on the board; {supply}", name=who, supply=left)
    return _("{name}'s camels: {places}; {supply}", name=who, places=", ".join(places), supply=left)


def my_camels(game: Game) -> str:
    """The player to move's camels (``camels`` with nothing after it)."""
    return camels_of(game, game.seat)


def camels(game: Game, which: str) -> str:
    """``camels``, ``camels 2`` (a seat, from 1, as in the steal notation),
    ``camels Bob`` (a name) or ``camels all``."""
    if not which:
        return my_camels(game)
    if plain(which) in ("all", plain(pgettext(*ALL).lower())):
        order = [game.seat] + [s for s in range(game.seats) if s != game.seat]
        return " ".join(camels_of(game, s) for s in order)
    if which.isdigit() and 1 <= int(which) <= game.seats:
        return camels_of(game, int(which) - 1)
    for seat in range(game.seats):
        if name_of(game, seat).lower() == which:
            return camels_of(game, seat)
    return ngettext(
        "Not understood: {text} is not a player; type a number from 1 to {n}, a name or {all}.",
        "Not understood: {text} is not a player; type a number from 1 to {n}, a name or {all}.",
        n=game.seats,
        text=which[:12],
        all=pgettext(*ALL).lower(),
    )


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


def status(game: Game) -> str:
    """Whose turn and the actions left (R5), the goods in the bag, and
    whether the end is triggered (R14); at the end, who won."""
    outcome = game.outcome()
    if outcome is not None:
        return sentence([_("Game over"), result_said(game, outcome.winners)])
    parts = [
        _("Turn {n}", n=game.turn),
        turn_said(game),
        ngettext("{n} good in the bag", "{n} goods in the bag", n=game.bag_count),
    ]
    if game.end_triggered():
        parts.append(_("The bag is empty: the next delivery ends the game"))
    return sentence(parts)


def line_of(game: Game, squares: list[int], head: str) -> str:
    """A whole rank or file, space by space as the grid's cells say them."""
    return f"{head}: " + " ".join(f"{cell_name(game, sq)}." for sq in squares)  # names stay lower case


def rank_or_file(game: Game, command: str, which: str) -> str:
    """``rank 4`` (a1 to g1 order, left to right) or ``file e`` (top to bottom, as the grid)."""
    if command == "rank" and len(which) == 1 and which in RANKS:
        head = _("Rank {rank}", rank=which)
        return line_of(game, [parse_square(f + which) for f in FILES], head)
    if command == "file" and len(which) == 1 and which in FILES:
        head = _("File {file}", file=which)
        return line_of(game, [parse_square(which + r) for r in reversed(RANKS)], head)
    if command == "rank":
        return _("Not understood: a rank is a digit from 1 to 7 (rank 4).")
    return _("Not understood: a file is a letter from a to g (file e).")


# What a phone's keyboard or a quick hand types for the notation's signs.
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "＠": "@", "＋": "+", "＄": "$"})
_SQ = "[a-g][1-7]"
_FORMS = (
    (re.compile(f"@({_SQ})"), "@{0}"),
    (re.compile(f"({_SQ})-?({_SQ})"), "{0}-{1}"),
    (re.compile(f"\\+({_SQ})"), "+{0}"),
    (re.compile(f"\\$({_SQ})/([1-4])([a-z])"), "${0}/{1}{U2}"),
    (re.compile(f"([a-z])(_?)({_SQ})>({_SQ})"), "{U0}{1}{2}>{3}"),
)


def forgiven(typed: str) -> str | None:
    """The notation a person most likely meant (docs/NOTATION.md lets a
    front end be forgiving): spaces dropped, any case, a dash of any kind,
    a move without its dash (``@D4``, ``e2 - e3``, ``e2e3``, ``sd4>d5``);
    None when it is no action's shape at all (the engine's reader says why)."""
    text = "".join(typed.split()).translate(_DASHES).lower()
    if text == "end":
        return "end"
    for pattern, form in _FORMS:
        m = pattern.fullmatch(text)
        if m is not None:
            groups = m.groups()
            fields = {f"U{i}": g.upper() for i, g in enumerate(groups)}
            return form.format(*groups, **fields)
    return None


def plain(word: str) -> str:
    """A typed word without its accents: "etat" is "état", "si" is "sí"."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _command(word: str) -> str | None:
    for name in COMMANDS:
        if plain(word) in (name, plain(command_word(name))):
            return name
    return None


def is_yes(text: str) -> bool:
    """``y``, ``yes`` or the page's language's word for it."""
    word = plain(text.strip().lower())
    return word in ("y", "yes", plain(pgettext(*YES).lower()))


def answer(game: Game, text: str, *, at: int, listed: list[Action]) -> Answer:
    """What the command ``text`` says: ``at`` is the grid's focused space,
    ``listed`` the actions the list shows now (a number plays one of them)."""
    typed = text.strip()
    words_in = typed.lower().split()
    if not words_in:
        return Answer(help_text())
    command = _command(words_in[0])
    rest = " ".join(words_in[1:])
    if command == "actions":
        square = at
        if rest:
            try:
                square = parse_square(rest)
            except KeyError:
                return Answer(_("Not understood: {text} is not a space of the board.", text=rest[:8]))
        return Answer(listing(game, square), listed=square)
    if command == "camels":
        return Answer(camels(game, rest))
    if command in ("rank", "file"):
        return Answer(rank_or_file(game, command, rest))
    if command is not None:
        queries = {"goods": goods, "scores": scores, "status": status, "last": last_turn}
        return Answer(queries.get(command, lambda _g: help_text())(game))
    if typed.isdigit():
        n = int(typed)
        if not 1 <= n <= len(listed):
            return Answer(ngettext("The list has {n} action.", "The list has {n} actions.", n=len(listed)))
        return played(game, listed[n - 1])
    if typed.lower() in SQUARE_NAMES:  # a space: what is on it, as its cell says
        return Answer(f"{cell_name(game, parse_square(typed.lower()))}.")
    try:
        action = parse_action(typed)
    except NotationError as e:
        meant = forgiven(typed)
        try:
            action = parse_action(meant or typed)
        except NotationError:
            return Answer(_("Not understood: {reason}", reason=words().error(e)))
    return played(game, action, ask=True)


def played(game: Game, action: Action, *, ask: bool = False) -> Answer:
    """The engine's answer to ``action``: its refusal read back, or the action
    to play; with ``ask``, a camel placed or moved onto camels (2 actions,
    R7) is asked about first, as a typed action shows no cost."""
    reason = game.why_illegal(action)
    if reason is not None:
        return Answer(not_allowed(words().refusal(reason)))
    if ask and isinstance(action, (PlaceCamel, MoveCamel)) and game.cost(action) == 2:
        square = SQUARE_NAMES[action.to]
        said = _(
            "{square} has camels: {action} costs 2 actions. Send it again, or {yes}, to play it.",
            square=square,
            action=describe(game, action),
            yes=pgettext(*YES).lower(),
        )
        return Answer(said, confirm=action)
    return Answer("", play=action)


def command_word(name: str) -> str:
    """A typed command's word in the page's language (``COMMANDS``)."""
    return pgettext(*COMMANDS[name]).lower()


def help_text() -> str:
    """What can be typed, said when asked or when nothing was typed."""
    typed = [
        f"{command_word('actions')} d5",
        f"{command_word('camels')} 2",
        f"{command_word('rank')} 4",
        f"{command_word('file')} e",
    ] + [command_word(n) for n in COMMANDS if n not in ("actions", "camels", "rank", "file")]
    return capital(
        _(
            "type a move in notation (@d4, d4-d5, +d4, Sd4>d5, end), a number from the list, "
            "a space (e4), or: {commands}.",
            commands=", ".join(typed),
        )
    )
