"""Game records: options + history (with every draw) as versioned JSON.

A record replays to the exact position without any seed, and holds only
draws already made, so it reveals nothing of the draws to come (I11).
Everything read is validated; any fault raises RecordError and never
produces a half-built game. Format: docs/RECORD.md.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import parse_action
from .board import GOOD_BY_LETTER, GOODS, NUMBERED
from .errors import CaravanError, RecordError
from .game import Game
from .options import Options, Player
from .quote import excerpt

FORMAT = "caravan"
VERSION = 1
MAX_TEXT = 1_000_000  # far above any real game; refuses absurd input early
MAX_BYTES = 4 * MAX_TEXT  # the most UTF-8 a record of MAX_TEXT characters can take
_KEYS = {"format", "version", "options", "setup", "position", "history", "ended"}
_OPTION_KEYS = {"players", "casual", "short", "start", "max_turns"}


def _letters(goods: tuple[int, ...]) -> str:
    return "".join(GOODS[g].letter for g in goods)


def to_dict(game: Game) -> dict[str, Any]:
    o = game.options
    history = []
    for step in game.history:
        text = str(step.action)
        history.append(f"{text} {_letters(step.draws)}" if step.draws else text)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "options": {
            "players": [{"name": p.name, "colour": p.colour} for p in o.players],
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
    if game.over == "agreed":
        data["ended"] = "agreed"
    return data


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> Game:
    """Read a record from JSON; raises RecordError for anything wrong with it."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise RecordError("the saved game is far too large to be a game of Caravan")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the saved game is not text") from None
    if not isinstance(text, str):
        raise RecordError("a saved game is JSON text")
    if len(text) > MAX_TEXT:
        raise RecordError("the saved game is far too large to be a game of Caravan")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as e:
        raise RecordError(f"the saved game is damaged: the field {excerpt(e.key)} appears twice") from None
    except (ValueError, RecursionError):
        raise RecordError("the saved game is damaged: it is not valid JSON") from None
    return from_dict(data)


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """JSON objects with a key twice are refused, not read as "the last one wins"."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def from_dict(data: object, *, chance_seed: int | None = None) -> Game:
    """Replay a record. ``chance_seed`` seeds the draws made after the record
    ends (tests); by default they are unpredictable."""
    if not isinstance(data, dict):
        raise RecordError("the saved game is damaged: it is not a game record")
    if data.get("format") != FORMAT:
        raise RecordError("this is not a Caravan game record")
    version = data.get("version")
    if type(version) is not int:
        raise RecordError("the game record has no version number")
    if version > VERSION:
        raise RecordError(
            f"this game was saved by a newer version of Caravan (record version {version}); "
            "update the game to open it"
        )
    if version != VERSION:
        raise RecordError(f"record version {version} is not one this game can read")
    unknown = set(data) - _KEYS
    if unknown:
        raise RecordError(f"the game record has unknown fields: {_names(unknown)}")
    options = _options(data.get("options"))
    history = data.get("history")
    if not isinstance(history, list):
        raise RecordError("the game record has no list of actions")
    if "position" in data:
        if "setup" in data:
            raise RecordError("the game record has both a set-up and a starting position")
        position = data["position"]
        if not isinstance(position, str):
            raise RecordError("the starting position of the record is not text")
        try:
            game = Game.from_position(position, options=options, seed=chance_seed)
        except CaravanError as e:
            raise RecordError(f"the starting position is impossible: {e}") from None
    else:
        setup = _draws(data.get("setup"), "set-up")
        if len(setup) != len(NUMBERED):
            raise RecordError(f"the set-up must draw {len(NUMBERED)} goods, not {len(setup)}")
        try:
            game = Game(options, seed=chance_seed, setup_draws=setup)
        except CaravanError as e:
            raise RecordError(f"the set-up is impossible: {e}") from None
    for n, entry in enumerate(history, 1):
        if not isinstance(entry, str):
            raise RecordError(f"action {n} of the record is not text")
        parts = entry.split(" ")
        if len(parts) > 2 or "" in parts:
            raise RecordError(f"action {n} ({excerpt(entry)}) is not an action and its draws")
        try:
            action = parse_action(parts[0])
            draws = _draws(parts[1], f"action {n}") if len(parts) == 2 else ()
            game.push_recorded(action, draws)
        except RecordError:
            raise
        except CaravanError as e:
            raise RecordError(
                f"action {n} of the record ({excerpt(entry)}) cannot be replayed: {e}"
            ) from None
    if "ended" in data:
        if data["ended"] != "agreed":
            raise RecordError("the game record says it ended in a way this game does not know")
        if game.is_over():
            raise RecordError(f"the game record says the players agreed to stop, but it ended by {game.over}")
        game.end_by_agreement()
    return game


def _names(keys: set[str]) -> str:
    return ", ".join(excerpt(k) for k in sorted(keys)[:5]) + (" …" if len(keys) > 5 else "")


def _options(raw: object) -> Options:
    if not isinstance(raw, dict):
        raise RecordError("the game record has no options")
    unknown = set(raw) - _OPTION_KEYS
    if unknown:
        raise RecordError(f"the game options have unknown fields: {_names(unknown)}")
    missing = _OPTION_KEYS - set(raw)
    if missing:
        raise RecordError(f"the game options lack fields: {_names(missing)}")
    players_raw = raw.get("players")
    if not isinstance(players_raw, list):
        raise RecordError("the game record has no list of players")
    players = []
    for p in players_raw:
        if not isinstance(p, dict) or set(p) != {"name", "colour"}:
            raise RecordError("a player in the record is not a name and a colour")
        if not isinstance(p["name"], str) or not isinstance(p["colour"], str):
            raise RecordError("a player's name and colour must be text")
        players.append(Player(p["name"], p["colour"]))  # Options checks both
    start = raw.get("start")
    if type(start) is not int:
        raise RecordError("the game record does not say who started")
    try:
        return Options(
            players=tuple(players),
            casual=raw["casual"],
            short=raw["short"],
            start=start,
            max_turns=raw["max_turns"],
        )
    except CaravanError as e:
        raise RecordError(f"the game options are impossible: {e}") from None


def _draws(raw: object, where: str) -> tuple[int, ...]:
    if not isinstance(raw, str):
        raise RecordError(f"the draws of the {where} are missing")
    try:
        return tuple(GOOD_BY_LETTER[c] for c in raw)
    except KeyError:
        raise RecordError(f"the draws of the {where} name a good that does not exist") from None
