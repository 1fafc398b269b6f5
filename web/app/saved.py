"""Saved games: one localStorage entry per game, with what the list shows.

Keys are ``caravan:<page path>:<id>``: every site on a GitHub Pages origin
shares one localStorage, so the page's path keeps two copies of the game
(or two different apps) apart. ``caravan:<path>:current`` names the game
in progress (the last game saved in any tab: what a new tab opens); the
same key in a tab's ``sessionStorage`` remembers the game that tab shows, so
its reload comes back to it. A game's entry is one JSON value (one
``setItem``, so a full storage never leaves half an entry): the record
(docs/RECORD.md) plus the few facts the list shows, so listing never replays
a game, and at its head the revision of that write (web/app/tabs.py).

Anything under our prefix that cannot be read stays where it is and is
listed as unreadable, for the player to delete; nothing is ever removed
except on the player's request. Any page of the origin can write under our
prefix, so entries are read with caravan.jsonread's bounds (size, nesting)
and caravan.limits' (actions), and every fact the list shows is bounded
by what a real game's entry holds, before anything else is done with them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from caravan import jsonread, record
from caravan.board import GOODS, SQUARES
from caravan.errors import RecordError
from caravan.game import Game
from caravan.limits import MAX_ACTIONS, MAX_DEPTH, MAX_ENTRY, MAX_RECORD, MAX_VERSION
from caravan.options import BOT_STRENGTHS, MAX_PLAYERS, MIN_PLAYERS
from caravan.options import MAX_NAME as MAX_PLAYER_NAME
from web.app.newgame import unoffered
from web.app.storage import Storage, StorageError
from web.words.i18n import _, words
from web.words.names import names as seat_names

PROJECT = "caravan"
FORMAT = "caravan-save"
VERSION = 1
CURRENT = "current"
MAX_NAME = 60
# The longest name an entry is written with: a typed one (MAX_NAME), or its
# players' names (default_name): four of MAX_PLAYER_NAME, with ", " between.
MAX_ENTRY_NAME = max(MAX_NAME, MAX_PLAYERS * (MAX_PLAYER_NAME + 2))
# A review kept with a game (web/app/review.py): about 150 characters a judged
# turn, under 30,000 for a long 4-player game; an entry may hold this much more.
MAX_REVIEW = 100_000
EXPORT_FORMAT = (
    "caravan-reviewed"  # an exported file with its review: the record inside (docs/UI-CONTRACT.md)
)
# The latest date a saved time may hold: JavaScript's Date ends there
# (ECMA-262 §21.4.1.1, ±8.64e15 ms). An entry saved "later" shows no date:
# a number above 2^53 reaches the page's Date as a BigInt, which it refuses.
MAX_DATE = 8_640_000_000_000_000
_META: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "saved": int,
    "players": list,
    "turn": int,
    "steps": int,
    "to_play": (str, int, type(None)),
}


def namespace(path: str) -> str:
    """The key prefix for the page at ``path`` (``location.pathname``);
    ``/a/`` and ``/a/index.html`` are the same page."""
    if path.endswith("/index.html"):
        path = path[: -len("index.html")]
    return f"{PROJECT}:{path or '/'}:"


def default_name(game: Game) -> str:
    return _("{names}", names=", ".join(seat_names(game)))


def _to_play(game: Game) -> str | int:
    """Who is to play, for the list: the name, or the seat (0-based) when it
    has its default name, which the list says in its own language."""
    name = game.options.players[game.seat].name
    return game.seat if name is None else name


def clean_name(name: str) -> str:
    """A name as typed, trimmed to something a list can show."""
    return " ".join(name.split())[:MAX_NAME]


@dataclass
class Entry:
    """One key under our prefix: a readable saved game, or why it is not one."""

    id: str
    name: str = ""
    saved: int = 0
    players: list[str | None] = field(default_factory=list)  # None: the seat's default name
    bots: list[str | None] = field(default_factory=list)  # per player, from the record; [] if unsure
    turn: int = 0
    steps: int = 0
    to_play: str | int | None = None  # a name, a seat with its default name, or None: the game is over
    record: dict[str, Any] | None = None
    problem: str | None = None  # set when the entry cannot be read
    thumb: str = ""  # see ``thumb``; empty when absent or malformed
    rev: str | None = None  # the write's revision (web/app/tabs.py); None in older entries
    hints: list[int] = field(default_factory=list)  # hints used per seat (web/app/hint.py); [] when none
    review: dict[str, Any] | None = None  # a finished review, as stored (web/app/review.py reads it)

    @property
    def readable(self) -> bool:
        return self.problem is None


_THUMB_CHARS = frozenset(".1234" + "".join(g.letter for g in GOODS))


def thumb(game: Game) -> str:
    """The board in one character per square, for the list's thumbnail: the
    1-based seat with most camels there, else the loose good's letter, else '.'."""
    out = []
    at: dict[int, list[int]] = {}  # the seats of each square's camels, from one read of the position
    for camel in game.all_camels():
        at.setdefault(camel.square, []).append(camel.seat)
    for square in range(SQUARES):
        seats = at.get(square)
        loose = game.loose_at(square)
        if seats:
            out.append(str(max(sorted(set(seats)), key=seats.count) + 1))
        elif loose is not None:
            out.append(loose.letter)
        else:
            out.append(".")
    return "".join(out)


_HEAD = f'{{"format":"{FORMAT}","version":{VERSION},"rev":"'
MAX_REV = 64


def _head(rev: str | None) -> dict[str, Any]:
    """An entry's first keys; the revision comes third, where ``revision_of`` finds it."""
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if rev is not None:
        head["rev"] = rev
    return head


def revision_of(raw: str) -> str | None:
    """The revision at the head of an entry as ``entry_value`` writes it,
    read without parsing the rest (an entry can be large); None when the
    head is not that (an older entry, a hand edit): then only reading the
    whole entry tells."""
    if not raw.startswith(_HEAD):
        return None
    start = len(_HEAD)
    end = raw.find('"', start, start + MAX_REV + 1)
    rev = raw[start:end] if end > 0 else ""
    return rev if rev and "\\" not in rev else None


def entry_value(
    game: Game,
    name: str,
    now: int,
    writer: record.Writer | None = None,
    *,
    rev: str | None = None,
    hints: list[int] | None = None,
) -> str:
    """The stored text of a game's entry. ``writer`` keeps the history's
    entries written before (the page saves after every action: a long game
    is not written out again each time); ``hints``: hints used per seat,
    written only when one was (not part of the record: files and links
    leave them out)."""
    over = game.is_over()
    extra = {"hints": hints[: game.seats]} if hints and any(hints) else {}
    return json.dumps(
        {
            **_head(rev),
            "name": name,
            "saved": now,
            "players": [p.name for p in game.options.players],  # None: the seat's default name
            "turn": game.turn,
            "steps": len(game.history),
            "to_play": None if over else _to_play(game),
            "thumb": thumb(game),
            **extra,
            "record": record.to_dict(game) if writer is None else writer.to_dict(game),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def parse_entry(entry_id: str, raw: str | None) -> Entry:
    """Read an entry's list facts without replaying its game; never raises."""
    if raw is None:
        return Entry(entry_id, problem=_("it is no longer in the browser's storage"))
    data, problem = _read(raw)
    if problem is not None:
        return Entry(entry_id, problem=problem)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Entry(
            entry_id, problem=_("it is not a Caravan saved game (another app's data, or an older format)")
        )
    version = data.get("version")
    if type(version) is not int:
        return Entry(
            entry_id,
            problem=_(
                "it is not a saved game this version can read (its format version is missing or not a number)"
            ),
        )
    if abs(version) > MAX_VERSION:
        return Entry(
            entry_id,
            problem=_(
                "it is not a saved game this version can read (its format version number is not one "
                "Caravan ever wrote)"
            ),
        )
    shown_version = version
    if version > VERSION:
        return Entry(
            entry_id,
            problem=_(
                "it was saved by a newer version of Caravan (format version {version}); update the "
                "game to open it",
                version=shown_version,
            ),
        )
    if version != VERSION:
        return Entry(
            entry_id,
            problem=_(
                "it was saved in a format this version cannot read (version {version})", version=shown_version
            ),
        )
    for key, kind in _META.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            return Entry(entry_id, problem=_("the saved game is damaged"))
    rec = data.get("record")
    if not isinstance(rec, dict):
        return Entry(entry_id, problem=_("the saved game is damaged"))
    history = rec.get("history")
    if data["steps"] > MAX_ACTIONS or (isinstance(history, list) and len(history) > MAX_ACTIONS):
        return Entry(entry_id, problem=record.TOO_MANY)
    if not _facts_in_bounds(data):
        return Entry(entry_id, problem=_("the saved game is damaged"))
    players = data["players"]
    saved = data["saved"]
    if not 0 <= saved <= MAX_DATE:
        saved = 0  # no date to show (pages.py), rather than a screen that cannot be drawn
    rev = data.get("rev")
    shown = data.get("thumb")
    if not isinstance(shown, str) or len(shown) != SQUARES or not set(shown) <= _THUMB_CHARS:
        shown = ""
    return Entry(
        entry_id,
        thumb=shown,
        name=data["name"],
        saved=saved,
        players=players,
        bots=_bots(rec, len(players)),
        turn=data["turn"],
        steps=data["steps"],
        to_play=data["to_play"],
        record=rec,
        rev=rev if isinstance(rev, str) and 0 < len(rev) <= MAX_REV else None,
        hints=_hints(data.get("hints"), len(players)),
        review=review if isinstance(review := data.get("review"), dict) else None,
    )


def _facts_in_bounds(data: dict[str, Any]) -> bool:
    """Whether the list's facts are ones a real game's entry holds: every
    field is shown, and an absurd one (a seat 7 of two, a 4,300-digit turn, a
    name of a million characters) would make the list wrong or impossible to
    draw; such an entry is listed as damaged, to be deleted."""
    players = data["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or not all(
        p is None or (isinstance(p, str) and len(p) <= MAX_PLAYER_NAME) for p in players
    ):
        return False
    to_play = data["to_play"]
    if isinstance(to_play, int):
        seated = 0 <= to_play < len(players)
    else:  # a name: a player's own, or None when the game is over
        seated = to_play is None or to_play in players
    return (
        seated
        and len(data["name"]) <= MAX_ENTRY_NAME
        and 0 <= data["turn"] <= MAX_ACTIONS + 1
        and 0 <= data["steps"] <= MAX_ACTIONS
    )


def _hints(value: object, seats: int) -> list[int]:
    """Hints used per seat, if the entry says so plainly; else none."""
    if not isinstance(value, list) or len(value) != seats:
        return []
    if not all(type(n) is int and 0 <= n <= MAX_ACTIONS for n in value):
        return []
    return list(value)


def _bots(rec: dict[str, Any], seats: int) -> list[str | None]:
    """Who plays each seat, as the entry's record says (docs/RECORD.md: a
    player's ``bot``), for the list to show; [] when the record does not say
    it plainly for as many seats as the entry lists (replaying it tells)."""
    options = rec.get("options")
    players = options.get("players") if isinstance(options, dict) else None
    if (
        not isinstance(players, list)
        or len(players) != seats
        or not all(isinstance(p, dict) for p in players)
    ):
        return []
    bots = [p.get("bot") for p in players]
    return bots if all(b is None or b in BOT_STRENGTHS for b in bots) else []


def _read(raw: str) -> tuple[object, str | None]:
    """The stored JSON value and None, or None and why it cannot be read."""
    try:
        return jsonread.loads(raw, max_chars=MAX_ENTRY + MAX_REVIEW, max_depth=MAX_DEPTH), None
    except jsonread.TooLarge:
        return None, _(
            "it is larger than {n} characters, far larger than any real game", n=words().number(MAX_ENTRY)
        )
    except jsonread.TooDeep:
        return None, _("it is not a saved game (its values nest deeper than any saved game's)")
    except jsonread.JsonRefused:
        return None, _("it is not a saved game (the stored text is damaged)")


class Saves:
    """The saved games of the page at one path. Every method may raise
    ``StorageError``; reading never raises for bad data (see ``Entry``).
    ``tab`` is this tab's own storage (``sessionStorage``: per tab, kept
    across its reloads), which remembers the game the tab shows; when it
    fails, the tab follows the shared ``current`` as before."""

    def __init__(self, storage: Storage, path: str, tab: Storage | None = None) -> None:
        self.storage = storage
        self.tab = tab
        self.ns = namespace(path)
        self.writer = record.Writer()  # the game saved after every action: see entry_value

    def _key(self, entry_id: str) -> str:
        return self.ns + entry_id

    def key(self, entry_id: str) -> str:
        """The storage key of an entry (what a ``storage`` event names)."""
        return self._key(entry_id)

    def ids(self) -> list[str]:
        n = len(self.ns)
        keys = self.storage.keys()
        return [k[n:] for k in keys if k.startswith(self.ns) and k[n:] != CURRENT]

    def entries(self) -> list[Entry]:
        """Every entry under our prefix, newest first, unreadable ones last."""
        out = [self.get(i) for i in self.ids()]
        out.sort(key=lambda e: (e.readable, e.saved), reverse=True)
        return out

    def get(self, entry_id: str) -> Entry:
        return parse_entry(entry_id, self.storage.get(self._key(entry_id)))

    def raw(self, entry_id: str) -> str | None:
        return self.storage.get(self._key(entry_id))

    def put(
        self,
        entry_id: str,
        game: Game,
        name: str,
        now: int,
        *,
        rev: str | None = None,
        hints: list[int] | None = None,
    ) -> None:
        self.storage.set(self._key(entry_id), entry_value(game, name, now, self.writer, rev=rev, hints=hints))

    def set_review(self, entry_id: str, review: dict[str, Any]) -> bool:
        """Keep a finished review with a readable entry (its other keys, its
        revision too, as they were); False when the entry is gone or unreadable."""
        raw = self.raw(entry_id)
        if raw is None or not parse_entry(entry_id, raw).readable:
            return False
        text = json.dumps(review, ensure_ascii=False, separators=(",", ":"))
        if len(text) > MAX_REVIEW:
            return False
        data, _problem = _read(raw)
        assert isinstance(data, dict)
        data["review"] = review
        self.put_raw(entry_id, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        return True

    def put_raw(self, entry_id: str, raw: str) -> None:
        self.storage.set(self._key(entry_id), raw)

    def remove(self, entry_id: str) -> None:
        self.storage.remove(self._key(entry_id))
        if self.storage.get(self._key(CURRENT)) == entry_id:
            self.storage.remove(self._key(CURRENT))
        if self._tab_current() == entry_id:
            self._tab_set(None)

    def current(self) -> str | None:
        """The game to resume: this tab's own while it is still saved, else
        the one saved last in any tab."""
        mine = self._tab_current()
        if mine is not None and self.storage.get(self._key(mine)) is not None:
            return mine
        return self.storage.get(self._key(CURRENT))

    def set_current(self, entry_id: str) -> None:
        if self.storage.get(self._key(CURRENT)) != entry_id:
            self.storage.set(self._key(CURRENT), entry_id)
        if self._tab_current() != entry_id:
            self._tab_set(entry_id)

    def _tab_current(self) -> str | None:
        try:
            return None if self.tab is None else self.tab.get(self._key(CURRENT))
        except StorageError:
            return None

    def _tab_set(self, entry_id: str | None) -> None:
        if self.tab is None:
            return
        try:
            if entry_id is None:
                self.tab.remove(self._key(CURRENT))
            else:
                self.tab.set(self._key(CURRENT), entry_id)
        except StorageError:
            pass  # the tab then follows the shared ``current``

    def rename(self, entry_id: str, name: str, *, rev: str | None = None) -> Entry:
        """Give a readable entry a new name (and ``rev``, so that a tab playing
        it elsewhere notices and takes the name); returns it as it was read
        (problem set if it cannot be renamed)."""
        raw = self.raw(entry_id)
        entry = parse_entry(entry_id, raw)
        if entry.readable and raw is not None:
            data, _size = _read(raw)
            assert isinstance(data, dict)  # parse_entry read it as an entry
            if rev is not None:
                data = {**_head(rev), **data, "rev": rev}
            data["name"] = name
            self.put_raw(entry_id, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
            entry.name = name
        return entry


def load_game(entry: Entry) -> Game:
    """Replay a readable entry's record; RecordError says why it cannot be."""
    if entry.record is None:
        raise RecordError(entry.problem or _("the saved game is damaged"))
    game = record.from_dict(entry.record)
    refusal = unoffered(game.options)
    if refusal is not None:
        raise RecordError(refusal)
    return game


def export_text(entry: Entry) -> str:
    """The ``.json`` file of a saved game: its record, as docs/RECORD.md says;
    a reviewed game's is ``{"format": "caravan-reviewed", "version": 1,
    "record", "review"}``, so that its review travels with it (a record
    itself holds nothing but the game)."""
    if entry.review is not None:
        data = {"format": EXPORT_FORMAT, "version": 1, "record": entry.record, "review": entry.review}
        return json.dumps(data, ensure_ascii=False, indent=1)
    return json.dumps(entry.record, ensure_ascii=False, indent=1)


def split_export(text: str | bytes) -> tuple[str | bytes, dict[str, Any] | None]:
    """An imported file's record (as text, for ``record.loads`` and its limits)
    and its review, if it is a reviewed game's export; else the text as it
    came and None. A file that only looks like one is left to the record's
    reader, which says why it is not a game."""
    head = text[:200] if isinstance(text, str) else text[:200].decode("utf-8", "replace")
    if EXPORT_FORMAT not in head:
        return text, None
    try:
        raw = text if isinstance(text, str) else text.decode("utf-8-sig")
        data = jsonread.loads(raw, max_chars=MAX_RECORD + MAX_REVIEW, max_depth=MAX_DEPTH, unique_keys=True)
    except (jsonread.JsonRefused, UnicodeDecodeError):
        return text, None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or data.get("version") != 1:
        return text, None
    review = data.get("review")
    return json.dumps(data.get("record")), review if isinstance(review, dict) else None


# Characters some system refuses in a file name (Windows' reserved ones, and
# the path separators): each becomes "-"; every other character is kept.
_UNSAFE = set('<>:"/\\|?*')
_PREFIX, _SUFFIX = "caravan-", ".json"
_FALLBACK = "game"  # the file name's word for a name with nothing left in it


def export_filename(entry: Entry) -> str:
    """``caravan-<name>.json``: the file carries the game's name (a record has
    no name field, docs/RECORD.md), which an import takes back
    (``name_from_filename``); only the characters a system refuses are changed."""
    safe = "".join("-" if c in _UNSAFE or not c.isprintable() else c for c in clean_name(entry.name))
    safe = safe.strip(" .")  # Windows drops a trailing dot or space
    return f"{_PREFIX}{safe or _FALLBACK}{_SUFFIX}"


def name_from_filename(filename: str) -> str | None:
    """The game's name an exported file carries (``export_filename``), or None
    for a file not named by an export: "caravan-Sunday game (1).json" (a
    browser's second download of it) is "Sunday game"."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    if not (base.startswith(_PREFIX) and base.lower().endswith(_SUFFIX)):
        return None
    stem = base[len(_PREFIX) : -len(_SUFFIX)]
    stem = re.sub(r"\s*\(\d+\)$", "", stem)  # Chrome's " (1)", Firefox's "(1)"
    name = clean_name(stem)
    return None if name in ("", _FALLBACK) else name


def format_date(ms: int) -> str:
    """Epoch milliseconds as ``YYYY-MM-DD HH:MM`` UTC with integer maths (no
    datetime import in the page); the page (web/page/paint.py) replaces it with the local time."""
    minutes, _ms = divmod(ms, 60_000)
    days, minute = divmod(minutes, 1440)
    # Howard Hinnant's days-to-civil algorithm.
    z = days + 719_468
    era = (z if z >= 0 else z - 146_096) // 146_097
    doe = z - era * 146_097
    yoe = (doe - doe // 1460 + doe // 36_524 - doe // 146_096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (month <= 2)
    return f"{year:04d}-{month:02d}-{day:02d} {minute // 60:02d}:{minute % 60:02d}"
