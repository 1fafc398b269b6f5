"""Share links: a whole game record in a URL fragment, compact and checked (docs/LINK.md).

``encode(game)`` gives the fragment (without '#'); ``decode(text)`` replays it
to the same game or raises ``LinkError`` with a message a player can read.

A link is ``c<version>.`` and base64url (no padding) of: the payload's length,
its CRC-32, then the payload: options in bytes, then one big integer that
holds every choice made in the game. Each action is coded as its kind among
the kinds legal at that moment, then its place among the legal actions of
that kind, sorted by the action's own fields. The order is the codec's, not
the order of ``Game.legal_actions()``, so a change of the engine's list order
cannot change what an old link means. Draws are coded as which good came out
of the bag, weighted by the cubes of each good still in it; the set-up draws
eight (R3) and the engine says when an action draws and how many goods
(``Game.draws_needed``, R13), so a link
holds exactly the draws already made and nothing about the ones to come (I11).

The choices are combined by rANS on an unbounded integer (exact arithmetic
coding, no renormalisation): a uniform choice among n costs log2(n) bits.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from .actions import Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .board import CITY_WANTS, GOODS, NEIGHBOURS, NUMBERED, SIZE
from .errors import CaravanError, LinkError
from .game import Game
from .limits import MAX_ACTIONS as MAX_ACTIONS
from .limits import MAX_LINK as MAX_LINK
from .limits import MAX_TURN_LIMIT
from .options import Options, Player
from .refusals import Refusal
from .state import Reason

# 2 (issue 12): each seat's byte also says who plays it, a person or a bot
# and its strength. Version 1 links (no bots) still open; docs/LINK.md.
VERSION = 2
PREFIX = f"c{VERSION}."
# MAX_LINK (characters of a fragment), MAX_ACTIONS and MAX_TURN_LIMIT are
# caravan/limits.py's: far above any real game, they bound a forged link's
# decode time and what the page must carry afterwards.
_MAX_TEXT_BYTES = 1024  # UTF-8 bytes of a name or a colour (a name has at most 24 characters)
_CUSTOM_COLOUR_V1 = 0xFF
# The codec's own colour table (the engine's palette may grow or change
# order; this may not): a colour outside it is written out as text.
_COLOURS = ("yellow", "black", "orange", "teal", "red", "blue", "green", "purple")
# Version 2's seat byte: bits 0-3 the colour (its index in _COLOURS, or
# _CUSTOM_COLOUR: the colour follows as text), bits 4-7 who plays the seat
# (0 a person, then the codec's own table of bots). A game of people in the
# table's colours has the very bytes it had in version 1.
_CUSTOM_COLOUR = 0x0F
_SEAT_SHIFT = 4
_BOTS = ("easy", "medium", "hard")  # codes 1, 2, 3; append only

# Why a link is refused: clauses that read on their own and after "This link
# cannot be opened: " (the page's sentence). Refusals (caravan/refusals.py), so a page
# can tell them apart by ``code`` and say them in its own language.
NOT_OURS = Refusal("link_not_ours")
CUT = Refusal("link_cut")
DAMAGED = Refusal("link_damaged")
TAMPERED = Refusal("link_tampered")
NEWER = Refusal("link_newer")
OLDER = Refusal("link_older")
TOO_LONG = Refusal("link_too_long", max=MAX_LINK)
TOO_MANY = Refusal("link_too_many", max=MAX_ACTIONS)
TURN_LIMIT = Refusal("link_turn_limit", max=MAX_TURN_LIMIT)
UNKNOWN_BOT = Refusal("link_unknown_bot")

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}

# Flags byte of the payload.
_SEATS_MASK = 0b11  # seats - 2
_START_SHIFT = 2  # 2 bits: the seat that started (R4)
_CASUAL = 1 << 4
_SHORT = 1 << 5
_AGREED = 1 << 6  # ended by agreement (I10)
_MAX_TURNS = 1 << 7  # a turn limit (varint) follows

# Kinds of action, in the codec's order (the first choice of every action).
_END, _PLACE, _MOVE, _PICK, _STEAL, _GOOD = range(6)
_KIND: dict[type, int] = {
    EndTurn: _END,
    PlaceCamel: _PLACE,
    MoveCamel: _MOVE,
    PickUp: _PICK,
    Steal: _STEAL,
    MoveGood: _GOOD,
}
# The model: a camel placed or moved next to a laden camel of its owner is
# likely (that is how goods travel, R11), and so is a good moved closer to its
# city (R12). Measured on courier games, this makes links about a fifth
# shorter than coding every legal action as equally likely, and costs random
# play about 1%. Changing a weight changes the format.
_NEAR_LADEN = 16
_TOWARD_CITY = 4


def _by_to(a: PlaceCamel | MoveCamel) -> int:
    return a.to


def _at(a: PickUp) -> int:
    return a.at


def _steal_key(a: Steal) -> tuple[int, int, int]:
    return (a.at, a.victim, a.good)


def _good_key(a: MoveGood) -> tuple[int, int, int, bool]:
    return (a.frm, a.to, a.good, a.under)


def _distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


# ------------------------------------------------------ the codec's own board


class _Board:
    """What the codec follows of the game from the actions alone: the bag's
    counts (R2), to weigh each draw; the seat to move and the squares of each
    seat's laden camels, for the model. When an action draws and how many
    goods the engine says (``Game.draws_needed``, R13)."""

    def __init__(self, short: bool, seats: int, start: int) -> None:
        self.counts = [g.short_count if short else g.full_count for g in GOODS]
        self.seats = seats
        self.seat = start
        self.laden: list[list[int]] = [[] for _ in range(seats)]

    def near_laden(self) -> set[int]:
        near: set[int] = set()
        for sq in self.laden[self.seat]:
            near.update(NEIGHBOURS[sq])
        return near

    def play(self, action: Action) -> None:
        """Follow ``action`` (its draws are taken from ``counts`` as they are coded)."""
        laden = self.laden[self.seat]
        if isinstance(action, EndTurn):
            self.seat = (self.seat + 1) % self.seats
        elif isinstance(action, Steal):  # R10
            laden.append(action.at)
            victim = self.laden[action.victim]
            if action.at in victim:
                victim.remove(action.at)
        elif isinstance(action, MoveGood):  # R11, R12
            if action.frm in laden:
                laden.remove(action.frm)
            if CITY_WANTS[action.to] != action.good:
                laden.append(action.to)
        elif isinstance(action, PickUp):  # R8
            laden.append(action.at)


# ------------------------------------------------------------------ choices


class _Writer:
    """Collects (start, frequency, total) of each choice; rANS runs backwards
    at the end so that the reader takes them out forwards."""

    def __init__(self) -> None:
        self.choices: list[tuple[int, int, int]] = []

    def pick(self, weights: int | list[int], index: int) -> int:
        """Choice ``index`` among ``weights`` (an int n: n equally likely)."""
        if isinstance(weights, int):
            if weights > 1:
                self.choices.append((index, 1, weights))
        else:
            self.choices.append((sum(weights[:index]), weights[index], sum(weights)))
        return index

    def number(self) -> int:
        x = 0
        for start, freq, total in reversed(self.choices):
            q, r = divmod(x, freq)
            x = q * total + start + r
        return x


class _Reader:
    """Takes the choices back out of the big integer, in the order made."""

    def __init__(self, x: int) -> None:
        self.x = x

    def pick(self, weights: int | list[int], index: int) -> int:
        if isinstance(weights, int):
            if weights <= 1:
                return 0
            self.x, r = divmod(self.x, weights)
            return r
        q, r = divmod(self.x, sum(weights))
        start = 0
        for i, freq in enumerate(weights):
            if r < start + freq:
                self.x = freq * q + r - start
                return i
            start += freq
        raise AssertionError("unreachable: r < total")


_Coder = _Writer | _Reader


def _index(items: Sequence[object], item: object) -> int:
    """Where the encoder's item is (the reader passes None and gets 0: unused)."""
    return items.index(item) if item is not None else 0


def _code_action(c: _Coder, legal: list[Action], action: Action | None, board: _Board) -> Action:
    """Write ``action`` (writer) or read one (reader, ``action`` None) as the
    choices: its kind among the kinds legal now, then its place among the
    legal actions of that kind in the codec's order, weighted by the model.
    One function for both directions, so that they cannot disagree."""
    groups: list[list[Action]] = [[], [], [], [], [], []]
    for a in legal:
        groups[_KIND[type(a)]].append(a)
    kinds = [k for k in range(6) if groups[k]]
    kind = kinds[c.pick(len(kinds), _index(kinds, None if action is None else _KIND[type(action)]))]
    if kind in (_PLACE, _MOVE):
        camels = cast(list[PlaceCamel | MoveCamel], groups[kind])
        if kind == _MOVE:
            moves = cast(list[MoveCamel], camels)
            sources = sorted({a.frm for a in moves})
            want = None if action is None else cast(MoveCamel, action).frm
            frm = sources[c.pick(len(sources), _index(sources, want))]
            camels = [a for a in moves if a.frm == frm]
        targets = sorted(camels, key=_by_to)
        near = board.near_laden()
        weights = [_NEAR_LADEN if a.to in near else 1 for a in targets]
        return targets[c.pick(weights, _index(targets, action))]
    if kind == _GOOD:
        goods = sorted(cast(list[MoveGood], groups[kind]), key=_good_key)
        weights = [_TOWARD_CITY if _closer(a) else 1 for a in goods]
        return goods[c.pick(weights, _index(goods, action))]
    if kind == _STEAL:
        steals = sorted(cast(list[Steal], groups[kind]), key=_steal_key)
        return steals[c.pick(len(steals), _index(steals, action))]
    if kind == _PICK:
        picks = sorted(cast(list[PickUp], groups[kind]), key=_at)
        return picks[c.pick(len(picks), _index(picks, action))]
    return groups[_END][0]  # ending the turn: one action, no choice


def _closer(a: MoveGood) -> bool:
    city = GOODS[a.good].city_square
    return _distance(a.to, city) < _distance(a.frm, city)


def _code_draws(c: _Coder, board: _Board, n: int, draws: Sequence[int] | None) -> list[int]:
    """Which good came out of the bag, each weighted by its cubes left in it."""
    out = []
    counts = board.counts
    for k in range(n):
        if not sum(counts):
            raise LinkError(TAMPERED)
        good = c.pick(counts[:], draws[k] if draws is not None else 0)
        if not counts[good]:
            raise LinkError(TAMPERED)  # the reader's integer chose an empty part of the bag
        counts[good] -= 1
        out.append(good)
    return out


# ----------------------------------------------------------------- encoding


def encode(game: Game) -> str:
    """The fragment of a link to ``game`` as it stands (options, every action
    and every draw made so far), without the leading '#'."""
    o = game.options
    if game.start_position() is not None:
        raise LinkError(Refusal("link_from_position"))
    if len(game.history) > MAX_ACTIONS:
        raise LinkError(Refusal("link_game_too_long", max=MAX_ACTIONS))
    if o.max_turns is not None and o.max_turns > MAX_TURN_LIMIT:
        raise LinkError(Refusal("link_game_turn_limit", max=MAX_TURN_LIMIT))
    agreed = game.over is Reason.AGREED
    flags = (o.seats - 2) | (game.start << _START_SHIFT)
    flags |= (_CASUAL if o.casual else 0) | (_SHORT if o.short else 0) | (_AGREED if agreed else 0)
    if o.max_turns is not None:
        flags |= _MAX_TURNS
    head = bytearray([flags])
    if o.max_turns is not None:
        _put_varint(head, o.max_turns)
    for p in o.players:
        who = 0 if p.bot is None else 1 + _BOTS.index(p.bot)
        if p.colour in _COLOURS:
            head.append(who << _SEAT_SHIFT | _COLOURS.index(p.colour))
        else:
            head.append(who << _SEAT_SHIFT | _CUSTOM_COLOUR)
            _put_text(head, p.colour)
        if p.name is None:  # the seat's default name, said in the reader's language
            head.append(0)
        else:
            _put_text(head, p.name)
    _put_varint(head, len(game.history))

    out = _Writer()
    board = _Board(o.short, o.seats, game.start)
    _code_draws(out, board, len(game.setup_draws), game.setup_draws)
    replay = Game(replace(o, start=game.start), seed=0, setup_draws=game.setup_draws)
    for step in game.history:
        _code_action(out, replay.legal_actions(), step.action, board)
        if replay.draws_needed(step.action) != len(step.draws):
            raise AssertionError("the history's draws are not the ones its actions make (R13)")
        board.play(step.action)
        _code_draws(out, board, len(step.draws), step.draws)
        replay.push_recorded(step.action, step.draws)
    x = out.number()
    payload = bytes(head) + x.to_bytes((x.bit_length() + 7) // 8, "big")
    frame = bytearray()
    _put_varint(frame, len(payload))
    frame += zlib.crc32(payload).to_bytes(4, "big")
    return PREFIX + _b64encode(bytes(frame) + payload)


# ----------------------------------------------------------------- decoding


def decode(text: str, *, chance_seed: int | None = None) -> Game:
    """The game a link holds, ready to continue; raises LinkError for anything
    that is not a whole, valid link. ``text`` is the fragment, with or without
    its '#', or a whole address ending in it. Draws after the link's end are fresh randomness (I11) unless
    ``chance_seed`` is given (tests)."""
    if not isinstance(text, str):
        raise LinkError(NOT_OURS)
    if len(text) > MAX_LINK + 2_000:  # before any work on it, even strip() (room for a page's address)
        raise LinkError(TOO_LONG)
    text = text.strip()
    if "#" in text:  # the fragment, or a whole address pasted with it
        text = text.partition("#")[2]
    if len(text) > MAX_LINK:
        raise LinkError(TOO_LONG)
    version, body = _body(text)
    data, exact = _b64decode(body)
    pos, size = _get_varint(data, 0, cut=True)
    if len(data) < pos + 4 + size:
        raise LinkError(CUT)
    if len(data) > pos + 4 + size or not exact:
        raise LinkError(DAMAGED)
    crc = int.from_bytes(data[pos : pos + 4], "big")
    payload = data[pos + 4 :]
    if zlib.crc32(payload) != crc:
        raise LinkError(DAMAGED)
    try:
        return _replay(payload, version, chance_seed)
    except LinkError:
        raise
    except CaravanError:
        # Options the engine refuses (names, colours) or a replay it refuses:
        # the checksum matched, so the link was forged or made by a broken encoder.
        raise LinkError(TAMPERED) from None


def _body(text: str) -> tuple[int, str]:
    """The format version of a link and its base64 part, after the prefix."""
    if not text.startswith("c"):
        raise LinkError(NOT_OURS)
    dot = text.find(".")
    digits = text[1:dot] if dot >= 0 else text[1:]
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise LinkError(NOT_OURS)
    if dot < 0:
        raise LinkError(CUT)
    version = int(digits)
    if version > VERSION:
        raise LinkError(NEWER)
    if version < 1:
        raise LinkError(OLDER)
    return version, text[dot + 1 :]


def _replay(payload: bytes, version: int, chance_seed: int | None) -> Game:
    if not payload:
        raise LinkError(TAMPERED)
    flags = payload[0]
    pos = 1
    seats = (flags & _SEATS_MASK) + 2
    start = (flags >> _START_SHIFT) & 0b11
    max_turns: int | None = None
    if flags & _MAX_TURNS:
        pos, max_turns = _get_varint(payload, pos)
        if not 1 <= max_turns <= MAX_TURN_LIMIT:  # Options refuses 0 (TAMPERED); above: plainly
            raise LinkError(TURN_LIMIT if max_turns else TAMPERED)
    players = []
    unknown_bot = False
    for _ in range(seats):
        if pos >= len(payload):
            raise LinkError(TAMPERED)
        code = payload[pos]
        pos += 1
        bot: str | None = None
        if version == 1:  # the colour alone, 255 for one written as text
            custom, colour_code = code == _CUSTOM_COLOUR_V1, code
        else:
            who, colour_code = code >> _SEAT_SHIFT, code & 0x0F
            if who > len(_BOTS):  # codes above are for bots to come: said once all else is read
                unknown_bot, who = True, 0
            bot = _BOTS[who - 1] if who else None
            custom = colour_code == _CUSTOM_COLOUR
        if custom:
            pos, colour = _get_text(payload, pos)
        elif colour_code < len(_COLOURS):
            colour = _COLOURS[colour_code]
        else:
            raise LinkError(TAMPERED)
        pos, name = _get_text(payload, pos)
        players.append(Player(name or None, colour, bot))  # no name: the seat's default
    pos, count = _get_varint(payload, pos)
    if count > MAX_ACTIONS:  # before any replay
        raise LinkError(TOO_MANY)
    number = payload[pos:]
    if number[:1] == b"\0":
        raise LinkError(TAMPERED)  # the encoder writes the integer without leading zeros
    inp = _Reader(int.from_bytes(number, "big"))
    options = Options(
        players=tuple(players),
        casual=bool(flags & _CASUAL),
        short=bool(flags & _SHORT),
        start=start,
        max_turns=max_turns,
    )
    board = _Board(options.short, seats, start)
    setup = _code_draws(inp, board, len(NUMBERED), None)
    game = Game(options, seed=chance_seed, setup_draws=setup)
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            raise LinkError(TAMPERED)  # more actions than the game had
        action = _code_action(inp, legal, None, board)
        draws = _code_draws(inp, board, game.draws_needed(action), None)
        board.play(action)
        game.push_recorded(action, draws)
    if inp.x:
        raise LinkError(TAMPERED)  # choices left over: not what the encoder wrote
    if flags & _AGREED:
        if game.is_over():
            raise LinkError(TAMPERED)
        game.end_by_agreement()
    if unknown_bot:
        # Only now: a forged payload is far likelier to fail the checks above
        # than to be a whole game from a later version with a bot added.
        raise LinkError(UNKNOWN_BOT)
    return game


# ------------------------------------------------------------ small helpers


def _put_varint(out: bytearray, n: int) -> None:
    """LEB128: seven bits a byte, low first, high bit set on all but the last."""
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)


def _get_varint(data: bytes, pos: int, *, cut: bool = False) -> tuple[int, int]:
    n = shift = 0
    for i in range(pos, min(pos + 4, len(data))):
        byte = data[i]
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return i + 1, n
    if cut and len(data) < pos + 4:
        raise LinkError(CUT)
    raise LinkError(TAMPERED)


def _put_text(out: bytearray, text: str) -> None:
    raw = text.encode("utf-8", "surrogatepass")  # any str the options accepted comes back
    _put_varint(out, len(raw))
    out += raw


def _get_text(data: bytes, pos: int) -> tuple[int, str]:
    pos, size = _get_varint(data, pos)
    if size > _MAX_TEXT_BYTES or pos + size > len(data):
        raise LinkError(TAMPERED)
    try:
        return pos + size, data[pos : pos + size].decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        raise LinkError(TAMPERED) from None


def _b64encode(data: bytes) -> str:
    """base64url without padding, by hand: ``base64`` would be one more module
    for the page to compile at boot."""
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i : i + 3]
        x = int.from_bytes(chunk + b"\0" * (3 - len(chunk)), "big")
        out.append(_B64[x >> 18] + _B64[x >> 12 & 63] + _B64[x >> 6 & 63] + _B64[x & 63])
    tail = -len(data) % 3  # bytes of padding in the last group: drop as many characters
    text = "".join(out)
    return text[: len(text) - tail] if tail else text


def _b64decode(text: str) -> tuple[bytes, bool]:
    """The bytes, and whether the text is exactly what the encoder writes for
    them (a cut link may end mid-character; that is for the caller to report)."""
    exact = len(text) % 4 != 1
    if not exact:
        text = text[:-1]  # a lone character holds no whole byte
    out = bytearray()
    index = _B64_INDEX
    for i in range(0, len(text), 4):
        x = 0
        for c in text[i : i + 4]:
            v = index.get(c)
            if v is None:
                raise LinkError(DAMAGED)
            x = x << 6 | v
        n = min(4, len(text) - i)
        group = (x << 6 * (4 - n)).to_bytes(3, "big")
        keep = n - 1  # 2 characters hold 1 byte, 3 hold 2, 4 hold 3
        if any(group[keep:]):
            exact = False  # bits the encoder leaves at zero
        out += group[:keep]
    return bytes(out), exact
