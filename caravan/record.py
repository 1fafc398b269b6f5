"""Game records: options + history (with every draw) as versioned JSON.

A record replays to the exact position without any seed, and holds only
draws already made, so it reveals nothing of the draws to come (I11).
Everything read is validated; any fault raises RecordError and never
produces a half-built game. Format: docs/RECORD.md.
"""

from __future__ import annotations

import json
from typing import Any

from . import jsonread
from .actions import parse_action
from .board import GOOD_BY_LETTER, GOODS, NUMBERED
from .errors import CaravanError, RecordError
from .game import Game, Step
from .limits import MAX_ACTIONS, MAX_DEPTH, MAX_RECORD, MAX_TURN_LIMIT, MAX_VERSION
from .options import BOT_STRENGTHS, Options, Player
from .position import parse_position
from .quote import excerpt
from .refusals import Refusal
from .state import Reason

FORMAT = "caravan"
# 2 (issue 12): a player may carry "bot". 3 (issue 13): a seat with its
# default name has "name": null, said in the reader's language. Versions 1
# and 2 are still read; docs/RECORD.md, "Versions".
VERSION = 3
VERSIONS = (1, 2, 3)
MAX_TEXT = MAX_RECORD  # characters (caravan/limits.py); also the most bytes a record file may have
MAX_BYTES = MAX_RECORD
TOO_LARGE = Refusal("record_too_large", max=MAX_RECORD)
TOO_MANY = Refusal("record_too_many", max=MAX_ACTIONS)
_KEYS = {"format", "version", "options", "setup", "position", "history", "ended"}
_OPTION_KEYS = {"players", "casual", "short", "start", "max_turns"}


def _player(p: Player) -> dict[str, str | None]:
    """A player as the record holds it: ``bot`` only for a bot's seat, so a
    game of people has the same players as in version 1."""
    if p.bot is None:
        return {"name": p.name, "colour": p.colour}
    return {"name": p.name, "colour": p.colour, "bot": p.bot}


def _letters(goods: tuple[int, ...]) -> str:
    return "".join(GOODS[g].letter for g in goods)


def step_text(step: Step) -> str:
    """One entry of a record's history: the action, and the goods it drew."""
    text = str(step.action)
    return f"{text} {_letters(step.draws)}" if step.draws else text


def to_dict(game: Game, history: list[str] | None = None) -> dict[str, Any]:
    """The record as a dict. ``history``, if given, is the history's entries
    already written (``Writer`` keeps them, so a long game is not written
    out again after every action)."""
    o = game.options
    if history is None:
        history = [step_text(step) for step in game.history]
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "options": {
            "players": [_player(p) for p in o.players],
            "casual": o.casual,
            "short": o.short,
            "start": game.start,
            "max_turns": o.max_turns,
        },
    }
    start_position = game.start_position()
    if start_position is None:
        data["setup"] = _letters(game.setup_draws)
    else:  # a game set up from a position (docs/POSITION.md) replays from it
        data["position"] = start_position
    data["history"] = history
    if game.over is Reason.AGREED and not _agreed_at_start(game):
        data["ended"] = "agreed"
    return data


def _agreed_at_start(game: Game) -> bool:
    """Whether the position the game was set up from was already ended by
    agreement (I10): the record's position says so, and ``ended`` would
    say it twice (issue 11: such a record could not be read back)."""
    start = game.start_position()
    return not game.history and start is not None and parse_position(start).over == "agreed"


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False, separators=(",", ":"))


class Writer:
    """``to_dict`` and ``dumps`` for a game that changes a little between
    calls (a page saving after every action): the history's entries are
    written once each and kept, with the steps they were written from.

    The game's history changes only at its end (push, pop, redo), and every
    push makes a new ``Step`` object, so the entries kept are still right up
    to the last step that is the very same object as before: a call writes
    only the steps after it (one, after an action or an undo). ``written``
    counts the steps written in all, so that tests can count the work.
    """

    def __init__(self) -> None:
        self._steps: list[Step] = []  # kept alive: their ids cannot be reused
        self._texts: list[str] = []
        self._game: Game | None = None
        self._key: tuple[int, Step | None, str | None] = (-1, None, None)
        self._text = ""
        self.written = 0

    def history(self, game: Game) -> list[str]:
        """The history's entries, as in ``to_dict(game)["history"]``."""
        steps, texts, now = self._steps, self._texts, game.history
        keep = min(len(steps), len(now))
        while keep and steps[keep - 1] is not now[keep - 1]:
            keep -= 1
        del steps[keep:], texts[keep:]
        for step in now[keep:]:
            steps.append(step)
            texts.append(step_text(step))
        self.written += len(now) - keep
        return texts

    def to_dict(self, game: Game) -> dict[str, Any]:
        return to_dict(game, self.history(game)[:])

    def dumps(self, game: Game) -> str:
        """``dumps(game)``; the same text again while the game has not changed."""
        texts = self.history(game)
        key = (len(texts), self._steps[-1] if texts else None, game.over)
        if (
            game is not self._game
            or key[0] != self._key[0]
            or key[1] is not self._key[1]
            or key[2] != self._key[2]
        ):
            self._game, self._key = game, key
            self._text = json.dumps(to_dict(game, texts), ensure_ascii=False, separators=(",", ":"))
        return self._text


def _written_default(name: object, n: int) -> bool:
    """Whether ``name`` is what versions 1 and 2 wrote for player ``n``'s
    (1-based) default name: ``Player n``, in English."""
    return name == f"Player {n}"


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A record of an earlier version as today's writer would write the same
    game, without replaying it (a page comparing its game with one stored by
    an earlier release): version 3 writes a default name as null where
    versions 1 and 2 wrote ``Player n``. A record not of ours, or already of
    today's version, comes back as it was; nothing is checked here."""
    version = data.get("version")
    options = data.get("options")
    if type(version) is not int or version >= VERSION or not isinstance(options, dict):
        return data
    players = options.get("players")
    if isinstance(players, list):
        players = [
            {**p, "name": None} if isinstance(p, dict) and _written_default(p.get("name"), n) else p
            for n, p in enumerate(players, 1)
        ]
        options = {**options, "players": players}
    return {**data, "version": VERSION, "options": options}


def loads(text: str | bytes) -> Game:
    """Read a record from JSON; raises RecordError for anything wrong with it."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise RecordError(TOO_LARGE)
        try:
            # Strictly: a file that is not UTF-8 is refused, never read with
            # U+FFFD in a name. A byte-order mark (some editors write one) is dropped.
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(Refusal("record_not_utf8")) from None
    if not isinstance(text, str):
        raise RecordError(Refusal("record_not_text"))
    try:
        data = jsonread.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH, unique_keys=True)
    except jsonread.TooLarge:
        raise RecordError(TOO_LARGE) from None
    except jsonread.TooDeep:
        raise RecordError(Refusal("record_too_deep", max=MAX_DEPTH)) from None
    except jsonread.DuplicateKey as e:
        raise RecordError(Refusal("record_duplicate_key", quote=excerpt(e.key))) from None
    except jsonread.JsonRefused:
        raise RecordError(Refusal("record_not_json")) from None
    return from_dict(data)


def from_dict(data: object, *, chance_seed: int | None = None) -> Game:
    """Replay a record. ``chance_seed`` seeds the draws made after the record
    ends (tests); by default they are unpredictable."""
    if not isinstance(data, dict):
        raise RecordError(Refusal("record_not_object"))
    if data.get("format") != FORMAT:
        raise RecordError(Refusal("record_not_caravan"))
    version = data.get("version")
    if type(version) is not int:
        raise RecordError(Refusal("record_no_version"))
    if abs(version) > MAX_VERSION:
        raise RecordError(Refusal("record_version_absurd"))
    if version > VERSION:
        raise RecordError(Refusal("record_newer", version=version))
    if version not in VERSIONS:
        raise RecordError(Refusal("record_version_unknown", version=version))
    unknown = set(data) - _KEYS
    if unknown:
        raise RecordError(Refusal("record_unknown_fields", fields=_names(unknown)))
    options = _options(data.get("options"), version)
    history = data.get("history")
    if not isinstance(history, list):
        raise RecordError(Refusal("record_no_history"))
    if len(history) > MAX_ACTIONS:  # before any replay (caravan/limits.py)
        raise RecordError(TOO_MANY)
    if "position" in data:
        if "setup" in data:
            raise RecordError(Refusal("record_setup_and_position"))
        position = data["position"]
        if not isinstance(position, str):
            raise RecordError(Refusal("record_position_not_text"))
        try:
            game = Game.from_position(position, options=options, seed=chance_seed)
        except CaravanError as e:
            raise RecordError(Refusal("record_position_impossible", cause=_cause(e))) from None
    else:
        setup = _draws(data.get("setup"), Refusal("record_where_setup"))
        if len(setup) != len(NUMBERED):
            raise RecordError(Refusal("record_setup_count", expected=len(NUMBERED), count=len(setup)))
        try:
            game = Game(options, seed=chance_seed, setup_draws=setup)
        except CaravanError as e:
            raise RecordError(Refusal("record_setup_impossible", cause=_cause(e))) from None
    for n, entry in enumerate(history, 1):
        if not isinstance(entry, str):
            raise RecordError(Refusal("record_action_not_text", number=n))
        parts = entry.split(" ")
        if len(parts) > 2 or "" in parts:
            raise RecordError(Refusal("record_action_form", number=n, entry=excerpt(entry)))
        try:
            action = parse_action(parts[0])
            draws = _draws(parts[1], Refusal("record_where_action", number=n)) if len(parts) == 2 else ()
            game.push_recorded(action, draws)
        except RecordError:
            raise
        except CaravanError as e:
            raise RecordError(
                Refusal("record_action_replay", number=n, entry=excerpt(entry), cause=_cause(e))
            ) from None
    if "ended" in data:
        if data["ended"] != "agreed":
            raise RecordError(Refusal("record_ended_unknown"))
        if game.over is Reason.AGREED and not history:
            pass  # the starting position itself was ended by agreement (an older writer said it twice)
        elif game.is_over():
            turns = game.over is Reason.TURN_LIMIT
            raise RecordError(Refusal("record_agreed_but_turn_limit" if turns else "record_agreed_but_over"))
        else:
            game.end_by_agreement()
    return game


def _cause(error: CaravanError) -> str:
    """What a nested error says: its Refusal (worded with the record's), or its
    English message for an error without one (none the engine raises here)."""
    return error.refusal if error.refusal is not None else str(error)


def _names(keys: set[str]) -> str:
    return ", ".join(excerpt(k) for k in sorted(keys)[:5]) + (" …" if len(keys) > 5 else "")


def _options(raw: object, version: int) -> Options:
    if not isinstance(raw, dict):
        raise RecordError(Refusal("record_no_options"))
    unknown = set(raw) - _OPTION_KEYS
    if unknown:
        raise RecordError(Refusal("record_option_fields_unknown", fields=_names(unknown)))
    missing = _OPTION_KEYS - set(raw)
    if missing:
        raise RecordError(Refusal("record_option_fields_missing", fields=_names(missing)))
    players_raw = raw.get("players")
    if not isinstance(players_raw, list):
        raise RecordError(Refusal("record_no_players"))
    players = []
    for n, p in enumerate(players_raw, 1):
        players.append(_read_player(p, n, version))
    start = raw.get("start")
    if type(start) is not int:
        raise RecordError(Refusal("record_no_start"))
    _check_turn_limit(raw["max_turns"])
    try:
        return Options(
            players=tuple(players),
            casual=raw["casual"],
            short=raw["short"],
            start=start,
            max_turns=raw["max_turns"],
        )
    except CaravanError as e:
        raise RecordError(Refusal("record_options_impossible", cause=_cause(e))) from None


def _read_player(p: object, n: int, version: int) -> Player:
    """Player ``n`` (1-based) of a record: a name and a colour, and from
    version 2 on, for a bot's seat, its strength (``options.BOT_STRENGTHS``).
    From version 3 a name may be null (the seat's default name); before, the
    default was written out in English, ``Player n``, and is read as null."""
    if not isinstance(p, dict) or not {"name", "colour"} <= set(p):
        raise RecordError(Refusal("record_player_form"))
    unknown = set(p) - ({"name", "colour", "bot"} if version >= 2 else {"name", "colour"})
    if unknown:
        raise RecordError(Refusal("record_player_fields", player=n, fields=_names(unknown)))
    name = p["name"]
    if not (isinstance(name, str) or (name is None and version >= 3)) or not isinstance(p["colour"], str):
        raise RecordError(Refusal("record_player_not_text"))
    if version < 3 and _written_default(name, n):
        name = None  # what the page wrote for a name left as it was: the default, in any language
    bot = p.get("bot")
    if "bot" in p and (not isinstance(bot, str) or bot not in BOT_STRENGTHS):
        shown = excerpt(bot) if isinstance(bot, str) else "null" if bot is None else type(bot).__name__
        raise RecordError(
            Refusal(
                "record_player_bot",
                player=n,
                bot=shown,
                strengths=", ".join(BOT_STRENGTHS[:-1]),
                last=BOT_STRENGTHS[-1],
            )
        )
    return Player(name, p["colour"], bot)  # Options checks the name and the colour


def _check_turn_limit(limit: object) -> None:
    """A turn limit in a record (I10: simulations only) is none or 1 to
    MAX_TURN_LIMIT (caravan/limits.py): a game within MAX_ACTIONS actions
    cannot reach a larger one. Options says what is wrong with a non-int."""
    if type(limit) is int and not 1 <= limit <= MAX_TURN_LIMIT:
        if abs(limit) < 10**9:
            raise RecordError(Refusal("record_turn_limit", limit=limit, max=MAX_TURN_LIMIT))
        raise RecordError(Refusal("record_turn_limit_huge", max=MAX_TURN_LIMIT))


def _draws(raw: object, where: Refusal) -> tuple[int, ...]:
    if not isinstance(raw, str):
        raise RecordError(Refusal("record_draws_missing", where=where))
    try:
        return tuple(GOOD_BY_LETTER[c] for c in raw)
    except KeyError:
        raise RecordError(Refusal("record_draws_unknown", where=where)) from None
