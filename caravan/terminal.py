"""A hot-seat game of Caravan in the terminal (``python -m caravan``).

``--bot 2=hard`` seats a bot (docs/BOTS.md) in seat 2; a bot's turn is shown
action by action, and ``hint`` asks the hard bot what it would do now.

``main(argv, stdin, stdout)`` takes its streams as arguments so that a whole
game can be scripted through a StringIO in tests. Standard library only.

What a player types is read leniently (surrounding spaces, actions in upper
case); what the game prints is made safe: every line goes through
``quote.visible``, so a name or a file's text cannot drive the terminal.
Nothing the player had is lost to bad input: a failed save leaves the old
file whole, a failed load keeps the current game, Ctrl-C offers to save.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import stat
import sys
import tempfile
from collections import deque
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TextIO

from . import advice, catalogues, record, review
from .actions import Action, EndTurn, parse_action
from .board import PLAYER_COLOURS, SQUARE_NAMES
from .bots import Bot, BotSpecError, HardBot, make_bot
from .errors import CaravanError, IllegalActionError, NotationError, OptionsError
from .events import Event
from .game import Game
from .goods import ALL_GOODS
from .options import MAX_PLAYERS, MIN_PLAYERS, Options, Player, check_name, name_key
from .quote import visible
from .refusals import Refusal
from .text import (
    ENGLISH,
    HEIGHT,
    WIDTH,
    actions_count,
    events_text,
    last_turns_lines,
    legend,
    ranking_lines,
    render,
    score_line,
    status_lines,
    turn_summary,
    wrapped,
)
from .words import N_, Words


def help_text(w: Words = ENGLISH) -> str:
    """The ``help`` command's text: the notation, the commands, the legend."""
    goods = ", ".join(f"{g.letter} {w.good(g)} ({w.city_named(g.city)})" for g in ALL_GOODS)
    # Translators: the terminal's help. Keep the notation (@d4, c6-d4, +c6, $c6/2I, Ic6>d4, I_c6>d4,
    # end) and the command words (legal, undo, redo, score, hint, last, review, board, save, load, help,
    # quit) exactly: they are what the player types. Keep the columns aligned.
    return w._(
        """\
Type an action in the notation, or a command.

Actions (squares are a1..g7, files a-g left to right, ranks 1-7 bottom to top):
  @d4        place a camel from your supply on d4 (1 action, 2 if camels are there)
  c6-d4      move an unladen camel of yours from c6 to d4 (1 or 2 actions)
  +c6        pick up the good on c6 with your unladen camel there (1 action)
  $c6/2I     steal the ivory from seat 2's camel on c6 (1 action, costs a theft marker)
  Ic6>d4     move the ivory on top of your camel on c6 to your unladen camel on d4,
             through your connected camels; delivered if d4 is its city (1 action)
  I_c6>d4    the same, for a good under your camel (a stolen one)
  end        end your turn (unused actions are lost)
Goods: {goods}

Commands:
  legal      list the actions you may take now, with their costs
  undo       take back an action of this turn (not past goods drawn from the bag)
  redo       replay an action you took back
  score      the score of every player as it stands
  hint       the hard bot's whole turn now, and why (it thinks for a moment)
  last       what the other players did in their last turns, action by action
  review     every turn so far beside the hard bot's best, with the points lost
  board      draw the board again
  save FILE  save the game as a record; load FILE  load one
  help       this text
  quit       leave the game (offers to save a game with unsaved changes)
Actions may be typed in upper case too (END, @F5). Ctrl-C offers to save, then leaves.
Rule numbers (R7, I3) refer to docs/RULES.md.
""",
        goods=goods,
    ) + legend(w)


QUIT_WORDS = ("quit", "exit")
COMMANDS = (
    "legal",
    "undo",
    "redo",
    "score",
    "hint",
    "last",
    "review",
    "board",
    "save ",
    "load ",
    "help",
    "quit",
)
HELP_WORDS = ("help", "?")


class Quit(Exception):
    """The player asked to quit, or the input ended."""


def line_editor(stdin: TextIO) -> ModuleType | None:
    """The standard library's ``readline`` when the game reads a terminal and it
    exists (history, editing, completion); None otherwise (Windows, Pyodide, a
    script on stdin): then lines are read plainly and everything still works."""
    if stdin is not sys.stdin or not stdin.isatty():
        return None
    try:
        import readline
    except ImportError:
        return None
    return readline


def completions(words: Sequence[str], text: str) -> list[str]:
    """The words (legal actions' notations, commands) that ``text`` begins, each once, in order."""
    return list(dict.fromkeys(x for x in words if x.startswith(text)))


class Console:
    """Reads answers and commands, writes text; EOF raises Quit. On a terminal
    with ``readline``, lines can be edited, Up brings back earlier ones and Tab
    completes from ``complete_from`` (set by the command loop)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, w: Words = ENGLISH) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.w = w
        self.complete_from: Sequence[str] = ()
        self.pending: list[str] = []  # the last action's events, said under the board
        self.saved: str | None = None  # the record last saved or loaded, to know what quit would lose
        self.readline = line_editor(stdin)
        if self.readline is not None:
            self.readline.set_completer(self._complete)
            self.readline.set_completer_delims(" \t\n")
            libedit = "libedit" in (self.readline.__doc__ or "")
            self.readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")

    def _complete(self, text: str, state: int) -> str | None:
        found = completions(self.complete_from, text)
        return found[state] if state < len(found) else None

    def height(self) -> int:
        """The terminal's lines (24 when the output is not a terminal)."""
        try:
            if self.stdout.isatty():
                return max(HEIGHT, os.get_terminal_size(self.stdout.fileno()).lines)
        except (OSError, ValueError):
            pass
        return HEIGHT

    def say(self, text: str = "") -> None:
        """Print ``text``, each line with its control characters made visible."""
        self.stdout.write("\n".join(visible(line) for line in text.split("\n")) + "\n")

    def read(self, prompt: str) -> str:
        """One line as typed, stripped; EOF raises Quit."""
        if self.readline is not None:
            try:
                return input(visible(prompt)).strip()
            except EOFError:
                self.say()
                raise Quit from None
            except UnicodeDecodeError:
                self.say(self.w._("That line is not readable text. Please type it again."))
                return ""
        self.stdout.write(visible(prompt))
        self.stdout.flush()
        while True:
            try:
                line = self.stdin.readline()
                break
            except UnicodeDecodeError:
                self.say(self.w._("That line is not readable text. Please type it again."))
        if not line:
            self.say()
            raise Quit
        if not self.stdin.isatty():
            self.say(line.rstrip("\n"))  # echo scripted input so a transcript reads well
        return line.strip()

    def ask(self, prompt: str, hint: str) -> str:
        """A set-up question: ``help`` explains it (``hint``), ``quit`` leaves."""
        while True:
            answer = self.read(prompt)
            if answer.lower() in QUIT_WORDS:
                raise Quit
            if answer.lower() not in HELP_WORDS:
                return answer
            self.say(self.w._("{hint} Type quit to leave.", hint=hint))


# ------------------------------------------------------------------- set-up


def _ask_yes(con: Console, question: str, hint: str) -> bool:
    w = con.w
    # Translators: the answers a player may type to a yes/no question, separated by spaces
    # (the English ones are always accepted too).
    yes = {"y", "yes", *w.pgettext("answer", "y yes").lower().split()}
    no = {"", "n", "no", *w.pgettext("answer", "n no").lower().split()}
    while True:
        answer = con.ask(
            w._("{question} [y/N] ", question=question),
            w._("{hint} Answer y or n (Enter for no).", hint=hint),
        ).lower()
        if answer in no:
            return False
        if answer in yes:
            return True
        con.say(w._("Please answer y or n."))


def _ask_players(con: Console) -> tuple[Player, ...]:
    w = con.w
    while True:
        answer = (
            con.ask(
                w._("How many players ({min}-{max})? [2] ", min=MIN_PLAYERS, max=MAX_PLAYERS),
                w._(
                    "Caravan is for {min} to {max} players (R1): type a number, or press Enter for 2.",
                    min=MIN_PLAYERS,
                    max=MAX_PLAYERS,
                ),
            )
            or "2"
        )
        if answer.isdigit() and MIN_PLAYERS <= int(answer) <= MAX_PLAYERS:
            break
        con.say(w._("Caravan is for {min} to {max} players.", min=MIN_PLAYERS, max=MAX_PLAYERS))
    names: list[str | None] = []
    for seat in range(int(answer)):
        while True:
            default = w.default_name(seat)
            colour = w.colour(PLAYER_COLOURS[seat])
            name = con.ask(
                w._(
                    "Name of player {n} ({colour}) [{default}] ",
                    n=seat + 1,
                    colour=colour,
                    default=default,
                ),
                w._(
                    "Type the name of the player who plays {colour}, or press Enter for {default}.",
                    colour=colour,
                    default=default,
                ),
            )
            if not name:
                names.append(None)  # the seat's default name (Player.name None)
                break
            try:
                name = check_name(name)
            except OptionsError as e:
                reason = w.error(e)
                con.say(w._("{reason}. Please choose another name.", reason=reason[:1].upper() + reason[1:]))
                continue
            if name_key(name) in (name_key(n) for n in names if n is not None):
                con.say(w._("Another player has that name."))
            else:
                names.append(name)
                break
    return _players(names)


def _players(names: Sequence[str | None]) -> tuple[Player, ...]:
    return tuple(Player(n, PLAYER_COLOURS[i]) for i, n in enumerate(names))


def _players_arg(text: str) -> tuple[Player, ...]:
    """The players of ``--players "Ann,Bob"`` in the default colours; too many
    is refused here (there are colours for MAX_PLAYERS), the rest by Options."""
    names = [n.strip() for n in text.split(",")]
    if len(names) > MAX_PLAYERS:
        raise OptionsError(
            Refusal("options_player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(names))
        )
    return _players(names)


def _ask_start(con: Console, seats: int) -> int | None:
    w = con.w
    # Translators: what a player may type for "random" when asked who starts, separated by spaces.
    random = {"", "r", "random", *w.pgettext("answer", "r random").lower().split()}
    while True:
        answer = con.ask(
            w._("Who starts: a player number 1-{seats}, or r for random? [r] ", seats=seats),
            w._(
                "The start player (R4): a number from 1 to {seats}, or r (or Enter) to draw one at random.",
                seats=seats,
            ),
        ).lower()
        if answer in random:
            return None
        if answer.isdigit() and 1 <= int(answer) <= seats:
            return int(answer) - 1
        con.say(w._("Answer a number from 1 to {seats}, or r.", seats=seats))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m caravan",
        description="Play Caravan hot-seat in the terminal. With --players, the game is set up "
        "from the command line alone; otherwise it asks.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument(
        "--lang",
        choices=catalogues.LANGUAGES,
        help="the language of the game's text (default: the environment's, LANGUAGE, LC_ALL, "
        "LC_MESSAGES, LANG)",
    )
    p.add_argument("--players", help='names, comma separated, e.g. "Ann,Bob"')
    p.add_argument("--casual", action="store_true", help="6 camels each (casual variant)")
    p.add_argument("--short", action="store_true", help="32 goods (short variant, R2)")
    p.add_argument("--start", type=int, help="the seat that starts (1-4); random if not given")
    p.add_argument("--seed", type=int, help="reproducible draws from the bag (for testing)")
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=BOT",
        help="a bot plays that seat (1-4): random, courier, easy, medium, hard[:key=value,...] or "
        "module:Name (docs/BOTS.md); repeat for more bots, e.g. --bot 2=hard --bot 3=medium",
    )
    p.add_argument(
        "--position",
        metavar="TEXT",
        help="start from a position in the position notation (docs/POSITION.md) instead of a new game",
    )
    return p


def version() -> str:
    """This Caravan's version: the installed package's, else the one pyproject.toml
    beside the package gives (a clone), else "unknown"."""
    from importlib import metadata

    try:
        return metadata.version("caravan")
    except metadata.PackageNotFoundError:
        pass
    pyproject = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")
    try:
        import tomllib

        with open(pyproject, "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "unknown"


def _options_from_args(args: argparse.Namespace, con: Console) -> Options:
    start: int | None = args.start - 1 if args.start is not None else None
    if args.players is not None:
        return Options(players=_players_arg(args.players), casual=args.casual, short=args.short, start=start)
    players = _ask_players(con)
    w = con.w
    casual = args.casual or _ask_yes(
        con,
        w._("Casual variant (6 camels each)?"),
        w._("The casual variant gives every player 6 camels, not 5 (R1)."),
    )
    short = args.short or _ask_yes(
        con,
        w._("Short variant (32 goods)?"),
        w._("The short variant plays with 32 goods instead of 48 (R2)."),
    )
    if args.start is None:
        start = _ask_start(con, len(players))
    return Options(players=players, casual=casual, short=short, start=start)


# ----------------------------------------------------------------- commands


def _legal_text(game: Game, w: Words = ENGLISH) -> str:
    """The legal actions grouped by kind; camel moves are many, so they are
    listed by destination square under their cost rather than one per line."""
    legal = game.legal_by_kind()
    if not len(legal):
        return w._("The game is over: there are no actions.")
    lines: list[str] = []
    places: dict[int, list[str]] = {}
    moves: dict[int, dict[int, list[str]]] = {}
    for p in legal.places:
        places.setdefault(game.cost(p), []).append(SQUARE_NAMES[p.to])
    for m in legal.camel_moves:
        moves.setdefault(m.frm, {}).setdefault(game.cost(m), []).append(SQUARE_NAMES[m.to])
    if places:
        lines.append(w._("Place a camel from your supply (@square):"))
        lines.extend(_squares_at_cost(c, sq, w) for c, sq in sorted(places.items()))
    for frm, by_cost in sorted(moves.items()):
        lines.append(w._("Move a camel from {square} ({square}-square):", square=SQUARE_NAMES[frm]))
        lines.extend(_squares_at_cost(c, sq, w) for c, sq in sorted(by_cost.items()))
    others: tuple[tuple[str, Sequence[Action]], ...] = (
        (w._("Pick up a good:"), legal.pick_ups),
        (w._("Steal a good:"), legal.steals),
        (w._("Move or deliver a good:"), legal.goods_moves),
        (w._("End the turn:"), legal.end_turn),
    )
    for kind, actions in others:
        if actions:
            lines.append(kind)
            lines.extend(f"  {a!s:<10} {_cost(game, a, w):<10} {w.action(game, a)}" for a in actions)
    return "\n".join(lines)


def _squares_at_cost(cost: int, squares: list[str], w: Words) -> str:
    """ "  1 action: a1 b2": the squares a camel may go to for ``cost`` actions."""
    # Translators: in the terminal's list of legal actions, the squares a camel may go to at
    # this cost ("1 action: a1 b2 c3"); {squares} are squares' names.
    said = w.ngettext("{n} action: {squares}", "{n} actions: {squares}", n=cost, squares=" ".join(squares))
    return f"  {said}"


def _cost(game: Game, a: Action, w: Words = ENGLISH) -> str:
    # Translators: the cost of ending the turn, in the list of legal actions.
    return w.pgettext("cost", "free") if isinstance(a, EndTurn) else actions_count(game.cost(a), w)


def _undo(game: Game, con: Console) -> bool:
    w = con.w
    if game.undoable() == 0:
        if game.last_revealed():
            con.say(w._("That action drew goods from the bag: it cannot be taken back."))
        elif game.history:
            con.say(w._("Nothing to undo in this turn."))
        else:
            con.say(w._("Nothing to undo."))
        return False
    action = game.pop()
    con.say(w._("Took back {action}.", action=action))
    return True


def save_file(game: Game, path: str) -> None:
    """Write the game's record to ``path`` atomically: into a temporary file
    beside it, then renamed over it. On any failure (OSError, or text that
    cannot be written as UTF-8) ``path`` is as it was and the error is raised."""
    data = record.dumps(game).encode("utf-8")
    folder = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(prefix=".caravan-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            os.chmod(temp, _file_mode(path))
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _file_mode(path: str) -> int:
    """The old file's permissions, or those a new file gets (mkstemp's are private)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _save(game: Game, path: str, con: Console, *, ask: bool = True) -> bool:
    """Save to ``path`` (``~`` expanded); an existing file is replaced only if the player says so."""
    w = con.w
    path = os.path.expanduser(path)
    if ask and os.path.exists(path):
        question = w._("{path} already exists. Replace it with this game?", path=path)
        if not _confirm(con, question, w._("The file's old contents would be lost.")):
            con.say(w._("Not saved; the game goes on."))
            return False
    try:
        save_file(game, path)
    except OSError as e:
        # Translators: {error} is the system's own message (e.g. "No space left on device").
        con.say(
            w._(
                "Could not save to {path}: {error}. Nothing was changed; the game goes on.",
                path=path,
                error=e.strerror or e,
            )
        )
        return False
    except UnicodeEncodeError:
        con.say(
            w._(
                "Could not save to {path}: the game holds text that cannot be saved. The game goes on.",
                path=path,
            )
        )
        return False
    con.say(w._("Saved the game to {path}.", path=path))
    con.saved = record.dumps(game)
    return True


class FileRefused(ValueError):
    """A file that is not read as a saved game; ``what`` says why in English,
    ``text(w)`` in the words of ``w``."""

    def __init__(self, what: str, size: int | None = None) -> None:
        super().__init__(what if size is None else what.format(size=f"{size:,}"))
        self.what = what
        self.size = size

    def text(self, w: Words) -> str:
        return w._(self.what) if self.size is None else w._(self.what, size=w.number(self.size))


def read_file(path: str, limit: int = record.MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Raises OSError,
    or ValueError for a device, a pipe, a folder or a file too large, without
    reading it (and without blocking on a pipe)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(N_("it is not a regular file"))
        if info.st_size > limit:
            raise FileRefused(N_("it is too large to be a saved game ({size} bytes)"), info.st_size)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileRefused(N_("it is too large to be a saved game"))
    return data


def _load(path: str, con: Console) -> Game | None:
    """The game saved in ``path``, or None after saying why it cannot be loaded."""
    w = con.w
    path = os.path.expanduser(path)
    try:
        data = read_file(path)
    except OSError as e:
        con.say(
            w._("Could not read {path}: {error}. The current game goes on.", path=path, error=e.strerror or e)
        )
        return None
    except FileRefused as e:
        con.say(
            w._("Could not load {path}: {reason}. The current game goes on.", path=path, reason=e.text(w))
        )
        return None
    try:
        game = record.loads(data)
    except CaravanError as e:
        reason = w.error(e)
        con.say(w._("Could not load {path}: {reason}. The current game goes on.", path=path, reason=reason))
        return None
    return game


def typed_action(text: str) -> Action:
    """``parse_action``, lenient with case as a person types: ``END``, ``@F5``,
    ``ic6>D4`` are read as ``end``, ``@f5``, ``Ic6>d4``. NotationError otherwise."""
    try:
        return parse_action(text)
    except NotationError:
        folded = _fold_case(text)
        if folded == text:
            raise
        try:
            return parse_action(folded)
        except NotationError:
            pass
        raise


_STEAL_TYPED = re.compile(r"\$[a-g][1-7]/[1-4][a-z]")
_GOOD_TYPED = re.compile(r"[a-z]_?[a-g][1-7]>[a-g][1-7]")


def _fold_case(text: str) -> str:
    """Squares and ``end`` in lower case, good letters in upper case."""
    if not text.isascii():
        return text
    low = text.lower()
    if _STEAL_TYPED.fullmatch(low):
        return low[:-1] + low[-1].upper()
    if _GOOD_TYPED.fullmatch(low):
        return low[0].upper() + low[1:]
    return low


_SQUARE_LIKE = re.compile(r"[a-z][0-9]+")
_ACTION_SHAPES = (
    re.compile(r"@(\w+)"),
    re.compile(r"(\w+)-(\w+)"),
    re.compile(r"\+(\w+)"),
    re.compile(r"\$(\w+)/\w+"),
    re.compile(r"[A-Za-z]_?(\w+)>(\w+)"),
)


def off_board_square(text: str) -> str | None:
    """In text shaped like an action (``@h9``, ``c6-c8``, ``Ic6>j4``), the first square
    named that is not on the board (a1..g7), or None."""
    for shape in _ACTION_SHAPES:
        m = shape.fullmatch(text.strip())
        if m:
            for name in m.groups():
                if _SQUARE_LIKE.fullmatch(name.lower()) and name.lower() not in SQUARE_NAMES:
                    return name
    return None


def _push(game: Game, text: str, con: Console) -> bool:
    w = con.w
    try:
        action = typed_action(text)
    except NotationError as e:
        off = off_board_square(text)
        if off is not None:
            # Translators: {square} is what the player typed as a square, e.g. h9; {reason}
            # is the engine's "there is no such square on the board".
            con.say(
                w._(
                    "{square}: {reason}; squares are a1 to g7 (files a-g, ranks 1-7).",
                    square=off,
                    reason=w.refusal(Refusal("no_such_square")),
                )
            )
            return False
        reason = w.error(e)
        con.say(w._("{reason}. Type help for the notation.", reason=reason[:1].upper() + reason[1:]))
        return False
    if isinstance(action, EndTurn) and game.left > 0 and game.is_legal(action):
        question = w.ngettext(
            "End your turn with {n} action left unused?",
            "End your turn with {n} actions left unused?",
            n=game.left,
        )
        if not _confirm(con, question, w._("Unused actions are lost when the turn ends (R6).")):
            con.say(w._("The turn goes on."))
            return False
    try:
        events = game.push(action)
    except IllegalActionError as e:
        con.say(w._("Not allowed: {reason}", reason=w.error(e)))
        return False
    con.pending.extend(events_text(game, events, w))
    return True


def _confirm(con: Console, question: str, hint: str) -> bool:
    """A yes/no question in the middle of the game; quit or the end of input answer no."""
    try:
        return _ask_yes(con, question, hint)
    except Quit:
        return False


def play(game: Game, con: Console, bots: dict[int, Bot] | None = None, *, hint: Bot | None = None) -> Game:
    """The command loop; returns the game as it stands when the player quits
    (or presses Ctrl-C, after offering to save). ``bots`` play their seats
    (0-based); ``hint`` answers the ``hint`` command (the hard bot by default)."""
    try:
        _loop(game, con, bots or {}, hint)
    except _Done as done:
        return done.game
    raise AssertionError("unreachable: the loop only ends by _Done")


def unsaved(game: Game, con: Console) -> bool:
    """Whether leaving now loses something: a game in progress, changed since last saved or loaded."""
    return bool(game.history) and not game.is_over() and record.dumps(game) != con.saved


def _offer_save(game: Game, con: Console, *, interrupted: bool = True) -> None:
    """After Ctrl-C or quit: save if the player names a file; Enter, quit, EOF or
    another Ctrl-C leaves without saving. A failed save asks again."""
    w = con.w
    if interrupted:
        con.say()
        con.say(w._("Interrupted."))
    while True:
        try:
            path = con.ask(
                w._("Save the game before leaving? File name, or Enter to leave without saving: "),
                w._("Type a file name to save the game in, or press Enter to leave without saving."),
            )
        except (Quit, KeyboardInterrupt):
            con.say()
            return
        if not path or _save(game, path, con):
            return


class _Done(Exception):
    def __init__(self, game: Game) -> None:
        self.game = game


def _loop(game: Game, con: Console, bots: dict[int, Bot], hint: Bot | None) -> None:
    show = True
    played: deque[str] = deque(maxlen=game.seats)  # the bots' turns since the last prompt, in a line each
    while True:
        try:
            bot = None if game.is_over() else bots.get(game.seat)
            if bot is None and played:
                con.pending.extend(played)  # said above the prompt, under the board
                played.clear()
            if show:
                _show(game, con)
            elif con.pending:
                con.say("\n".join(con.pending))
                con.pending.clear()
            if bot is not None:
                seat = game.seat
                played.append(turn_summary(game, seat, _bot_turn(game, con, bot), con.w))
                show = True
                continue
            game, show = _command(game, con, hint)
        except KeyboardInterrupt:
            _offer_save(game, con)
            raise _Done(game) from None


def _show(game: Game, con: Console) -> None:
    """The board, the players and the status, then what the last action did,
    above the prompt in one screen (24 lines, 80 columns). The board keeps the
    rules between its ranks: what happened is said beneath the status as far
    as it fits, the sentences before (a pick-up and its refill's long line,
    R13) above the board. Only a board too tall with its rules for the screen
    at all (four players, crowded squares) drops them."""
    told = [_lines(text) for text in con.pending]
    con.pending.clear()
    state = status_lines(game, con.w)
    room = con.height() - 1 - len(state)  # 1: the prompt
    board = render(game, con.w)
    free = room - (board.count("\n") + 1)
    if free < 0:
        board = render(game, con.w, height=room)
        free = room - (board.count("\n") + 1)
    beneath: list[str] = []
    while told and len(told[-1]) + len(beneath) <= free:
        beneath[:0] = told.pop()
    con.say("\n".join([*(line for lines in told for line in lines), board, *state, *beneath]))


def _lines(text: str) -> list[str]:
    """A message as the screen's lines: each of its own lines (a game over's
    ranking, R17) made visible and wrapped, never one line with a \\x0a in it."""
    return [line for part in text.split("\n") for line in wrapped(visible(part), WIDTH)]


def _bot_turn(game: Game, con: Console, bot: Bot) -> list[Event]:
    """The bot of the seat to move plays its turn, one action at a time, each
    shown as it is played; returns the turn's events, for its summary. It sees
    only what its seat may know (I11)."""
    w = con.w
    seat = game.seat
    turn: list[Event] = []
    name = w.name(game, seat)
    con.say(w._("{name} (bot) is thinking...", name=name))
    while not game.is_over() and game.seat == seat:
        action = bot.act(game.view(seat))
        try:
            said = w.action(game, action)
            events = game.push(action)
        except IllegalActionError as e:  # a bot of one's own may be wrong: say so, end its turn
            con.say(
                w._(
                    "{name} (bot) chose an illegal action, {action}: {reason}. Its turn ends.",
                    name=name,
                    action=action,
                    reason=w.error(e),
                )
            )
            if game.is_legal(EndTurn()):
                turn.extend(game.push(EndTurn()))
            return turn
        turn.extend(events)
        con.say(w._("{name} (bot): {action}  ({said})", name=name, action=action, said=said))
        for line in events_text(game, events, w):
            con.say(line)
    return turn


def _hint(game: Game, con: Console, bot: Bot | None) -> None:
    """The hard bot's whole turn (caravan.advice: the bot's own choice, seen from the
    player's view, I11), numbered, with why and what it gains."""
    w = con.w
    if game.is_over():
        con.say(w._("The game is over: there is nothing to hint."))
        return
    seed = bot.seed if isinstance(bot, HardBot) else int.from_bytes(os.urandom(4), "big")
    told = advice.hint(game, seed=seed)
    con.say(w._("Hint: {actions}", actions=" ".join(str(a) for a in told.actions)))
    sim = game.copy()
    for n, action in enumerate(told.actions, 1):
        if sim.is_over() or not sim.is_legal(action):
            break
        con.say(f"  {n}. {action}  ({w.action(sim, action)})")
        sim.push(action)
    con.say(w.hint_line(game, told))
    con.say(w.hint_gain(told))


def _review(game: Game, con: Console, bot: Bot | None) -> None:
    """Every turn played so far set beside the hard bot's best (caravan.review), printed
    as it is judged; Ctrl-C stops it."""
    w = con.w
    starts = [s for s in review.turns(game) if review.finished(game, s)]
    if not starts:
        con.say(w._("No turn has been played yet: there is nothing to review."))
        return
    seed = bot.seed if isinstance(bot, HardBot) else 0
    con.say(
        w.ngettext(
            "Reviewing {n} turn with the hard bot (Ctrl-C stops)...",
            "Reviewing {n} turns with the hard bot (Ctrl-C stops)...",
            n=len(starts),
        )
    )
    try:
        for start in starts:
            con.say(w.review_line(game, review.review_turn(game, start, seed=seed)))
    except KeyboardInterrupt:
        con.say(w._("Review stopped."))


def _command(game: Game, con: Console, hint: Bot | None = None) -> tuple[Game, bool]:
    """Read and run one command; returns the game (a load replaces it) and
    whether to draw the board again."""
    show = False
    w = con.w
    # Translators: the terminal's prompt once the game is over (instead of the player's name).
    who = w.pgettext("prompt", "game over") if game.is_over() else w.name(game, game.seat)
    con.complete_from = [*(str(a) for a in game.legal_actions()), *COMMANDS]
    try:
        line = con.read(f"{who}> ")
    except Quit:
        raise _Done(game) from None
    word, _, rest = line.partition(" ")
    command, arg = word.lower(), rest.strip()
    if not line:
        return game, False
    if command in (*QUIT_WORDS, "q"):
        if unsaved(game, con):
            _offer_save(game, con, interrupted=False)
        raise _Done(game)
    if command in HELP_WORDS:
        con.say(help_text(w))
    elif command == "legal":
        con.say(_legal_text(game, w))
    elif command == "score":
        con.say("\n".join(score_line(game, s, w) for s in game.score()))
        if game.is_over():
            con.say("\n".join([w._("Final ranking:"), *ranking_lines(game, w)]))
    elif command == "board":
        show = True
    elif command == "hint":
        _hint(game, con, hint)
    elif command == "last":
        con.say("\n".join(last_turns_lines(game, w)))
    elif command == "review":
        _review(game, con, hint)
    elif command == "undo":
        show = _undo(game, con)
    elif command == "redo":
        if not game.can_redo():
            con.say(w._("Nothing to redo."))
        else:
            con.pending.extend(events_text(game, game.redo(), w))
            show = True
    elif command in ("save", "load"):
        if not arg:
            con.say(w._("Say where: {command} FILE", command=command))
        elif command == "save":
            _save(game, arg, con)
        else:
            loaded = _load(arg, con)
            path = os.path.expanduser(arg)
            if loaded is None:
                pass
            elif unsaved(game, con) and not _confirm(
                con,
                w._("Load {path} in place of the game in progress?", path=path),
                w._("The game in progress has changes that are not saved; save it first to keep them."),
            ):
                con.say(w._("Not loaded; the game goes on."))
            else:
                con.say(w._("Loaded the game from {path}.", path=path))
                con.saved = record.dumps(loaded)
                game, show = loaded, True
    else:
        show = _push(game, line, con)
    return game, show


def session(argv: Sequence[str] | None, stdin: TextIO, stdout: TextIO) -> Game | None:
    """Set up and play one game; returns it as it stood at the end (None if
    set-up was abandoned). Raises OptionsError for impossible command-line options."""
    args = _parser().parse_args(list(argv) if argv is not None else None)
    w = terminal_words(args.lang)
    con = Console(stdin, stdout, w)
    if args.lang not in (None, "en") and catalogues.mo_bytes(args.lang) is None:
        con.say(f"The {args.lang} catalogue is not built (make catalogues): the game speaks English.")
    con.say(w._("Caravan, after Joe Huber. Type help at any prompt of the game for the notation."))
    try:
        if args.position is not None:
            game = _from_position(args)
        else:
            game = Game(_options_from_args(args, con), seed=args.seed)
    except (Quit, KeyboardInterrupt):
        con.say()
        con.say(w._("Goodbye."))
        return None
    bots = _bots_arg(args.bot, game.seats, args.seed)
    names = ", ".join(_seat_words(game, i, _bot_spec(args.bot, i), w) for i in range(game.seats))
    if args.position is None:  # a new game: R4
        con.say(w._("Players: {names}. {name} starts.", names=names, name=w.name(game, game.seat)))
    else:
        con.say(w._("Players: {names}. Starting from the position given.", names=names))
    hint = make_bot("hard", seed=args.seed) if args.seed is not None else None
    game = play(game, con, bots, hint=hint)
    con.say(w._("Goodbye."))
    return game


def _seat_words(game: Game, seat: int, bot: str | None, w: Words) -> str:
    """ "1 Ann (yellow)", "2 Bob (black, bot hard)": a seat as the game's start lists it."""
    colour = w.colour(game.options.players[seat].colour)
    if bot:
        return w._(
            "{n} {name} ({colour}, bot {bot})",
            n=seat + 1,
            name=w.name(game, seat),
            colour=colour,
            bot=w.strength_word(bot),
        )
    return w._("{n} {name} ({colour})", n=seat + 1, name=w.name(game, seat), colour=colour)


def terminal_words(lang: str | None, environ: Mapping[str, str] | None = None) -> Words:
    """The terminal's words: ``--lang``, else the environment's locale, else English."""
    code = (
        lang if lang is not None else catalogues.from_environment(os.environ if environ is None else environ)
    )
    return Words(catalogues.translations(code))


def _bot_spec(items: list[str], seat: int) -> str | None:
    """The spec given to ``--bot`` for ``seat`` (0-based), or None."""
    for item in items:
        number, _, spec = item.partition("=")
        if number.strip() == str(seat + 1):
            return spec.strip()
    return None


def _bots_arg(items: list[str], seats: int, seed: int | None) -> dict[int, Bot]:
    """``--bot SEAT=BOT`` as bots per 0-based seat; BotSpecError (a CaravanError) says what is wrong.
    With ``--seed`` the bots are seeded from it (a reproducible game), else from fresh randomness."""
    out: dict[int, Bot] = {}
    for item in items:
        number, eq, spec = item.partition("=")
        if not eq or not number.strip().isdigit() or not 1 <= int(number) <= seats:
            raise BotSpecError(
                f"--bot {item!r}: say which seat, 1 to {seats}, then = and the bot, e.g. 2=hard"
            )
        seat = int(number) - 1
        if seat in out:
            raise BotSpecError(f"--bot: seat {seat + 1} is given twice")
        bot_seed = seed * 7919 + seat if seed is not None else int.from_bytes(os.urandom(4), "big")
        out[seat] = make_bot(spec.strip(), seed=bot_seed)
    return out


def _from_position(args: argparse.Namespace) -> Game:
    """A game set up from the position notation (docs/POSITION.md), with the
    players of ``--players`` if given. Raises the engine's error (a
    CaravanError) if the text is not a position or the players do not fit it."""
    options = None
    if args.players is not None:
        players = _players_arg(args.players)
        options = Options(players=players, casual=args.casual, short=args.short, start=None)
    return Game.from_position(args.position, options=options, seed=args.seed)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run a game; returns the process exit status (2 for options that cannot
    make a game, 130 after Ctrl-C outside the game)."""
    out = stdout if stdout is not None else sys.stdout
    known, _rest = _parser().parse_known_args(list(argv) if argv is not None else None)
    con = Console(stdin if stdin is not None else sys.stdin, out, terminal_words(known.lang))
    w = con.w
    try:
        session(argv, con.stdin, out)
    except CaravanError as e:
        con.say(w._("Cannot set up the game: {reason}.", reason=w.error(e)))
        return 2
    except KeyboardInterrupt:
        con.say()
        con.say(w._("Goodbye."))
        return 130
    return 0
