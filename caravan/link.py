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
of the bag, weighted by the cubes of each good still in it; the codec knows
from the rules (R3, R13) when an action draws and how many goods, so a link
holds exactly the draws already made and nothing about the ones to come (I11).

The choices are combined by rANS on an unbounded integer (exact arithmetic
coding, no renormalisation): a uniform choice among n costs log2(n) bits.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from .actions import Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .board import GOODS, NUMBERED, PLAYER_COLOURS
from .errors import CaravanError, LinkError
from .game import REFILL_AT, Game
from .options import MAX_NAME, Options, Player

VERSION = 1
PREFIX = f"c{VERSION}."
MAX_LINK = 20_000  # characters; a complete game is well under 1,000
MAX_ACTIONS = 10_000  # a complete game has about 550; bounds a forged link's decode time
_MAX_TEXT_BYTES = 4 * MAX_NAME  # UTF-8 bytes of a name or a colour
_CUSTOM_COLOUR = 0xFF

NOT_OURS = "This is not a link to a game of Caravan."
CUT = "This link is cut short: part of it is missing. Copy the whole link and try again."
DAMAGED = "This link is damaged: some of its characters were changed, so the game cannot be read."
TAMPERED = "This link was changed after it was made: it does not hold a game that can be played."
NEWER = "This link was made by a newer version of Caravan. Update the game to open it."
OLDER = "This link was made by an early test version of Caravan that this one cannot read."

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}

# Flags byte of the payload.
_SEATS_MASK = 0b11  # seats - 2
_START_SHIFT = 2  # 2 bits: the seat that started (R4)
_CASUAL = 1 << 4
_SHORT = 1 << 5
_AGREED = 1 << 6  # ended by agreement (I10)
_MAX_TURNS = 1 << 7  # a turn limit (varint) follows

# Kinds of action, in the codec's order, and the key that sorts each kind.
_KIND: dict[type, int] = {EndTurn: 0, PlaceCamel: 1, MoveCamel: 2, PickUp: 3, Steal: 4, MoveGood: 5}


def _key_place(a: Action) -> int:
    assert isinstance(a, PlaceCamel)
    return a.to


def _key_move(a: Action) -> int:
    assert isinstance(a, MoveCamel)
    return a.frm * 64 + a.to


def _key_pick(a: Action) -> int:
    assert isinstance(a, PickUp)
    return a.at


def _key_steal(a: Action) -> int:
    assert isinstance(a, Steal)
    return (a.at * 8 + a.victim) * 16 + a.good


def _key_good(a: Action) -> int:
    assert isinstance(a, MoveGood)
    return ((a.frm * 64 + a.to) * 16 + a.good) * 2 + a.under


_KEYS: tuple[Callable[[Action], int], ...] = (
    lambda a: 0,
    _key_place,
    _key_move,
    _key_pick,
    _key_steal,
    _key_good,
)


# --------------------------------------------------------------- bag and draws


class _Bag:
    """The codec's own count of the bag and of the loose goods (R3, R13), so
    that it knows, from the rules alone, when an action draws and how many."""

    def __init__(self, short: bool) -> None:
        self.counts = [g.short_count if short else g.full_count for g in GOODS]
        self.loose = len(NUMBERED)

    def draws_after(self, action: Action) -> int:
        """How many goods ``action`` draws (R13 with I6: a pick-up that leaves
        four loose goods refills the empty numbered spaces, as the bag allows)."""
        if not isinstance(action, PickUp):
            return 0
        self.loose -= 1
        left = sum(self.counts)
        if self.loose != REFILL_AT or not left:
            return 0
        n = min(len(NUMBERED) - self.loose, left)
        self.loose += n
        return n


# ----------------------------------------------------------------- encoding


class _Writer:
    """Collects (start, frequency, total) of each choice; rANS runs backwards
    at the end so that the reader decodes them forwards."""

    def __init__(self) -> None:
        self.choices: list[tuple[int, int, int]] = []

    def uniform(self, index: int, n: int) -> None:
        if n > 1:
            self.choices.append((index, 1, n))

    def draw(self, good: int, counts: list[int]) -> None:
        self.choices.append((sum(counts[:good]), counts[good], sum(counts)))
        counts[good] -= 1

    def number(self) -> int:
        x = 0
        for start, freq, total in reversed(self.choices):
            q, r = divmod(x, freq)
            x = q * total + start + r
        return x


def _group(legal: list[Action]) -> tuple[list[int], list[list[Action]]]:
    groups: list[list[Action]] = [[], [], [], [], [], []]
    for a in legal:
        groups[_KIND[type(a)]].append(a)
    return [k for k in range(6) if groups[k]], groups


def encode(game: Game) -> str:
    """The fragment of a link to ``game`` as it stands (options, every action
    and every draw made so far), without the leading '#'."""
    o = game.options
    if len(game.history) > MAX_ACTIONS:
        raise LinkError(f"this game is too long to share as a link (over {MAX_ACTIONS} actions)")
    agreed = game.over == "agreed"
    flags = (o.seats - 2) | (game.start << _START_SHIFT)
    flags |= (_CASUAL if o.casual else 0) | (_SHORT if o.short else 0) | (_AGREED if agreed else 0)
    head = bytearray()
    if o.max_turns is not None:
        flags |= _MAX_TURNS
    head.append(flags)
    if o.max_turns is not None:
        _put_varint(head, o.max_turns)
    for seat, p in enumerate(o.players):
        if p.colour in PLAYER_COLOURS:
            head.append(PLAYER_COLOURS.index(p.colour))
        else:
            head.append(_CUSTOM_COLOUR)
            _put_text(head, p.colour)
        if p.name == _default_name(seat):
            head.append(0)
        else:
            _put_text(head, p.name)
    _put_varint(head, len(game.history))

    out = _Writer()
    bag = _Bag(o.short)
    for good in game.setup_draws:
        out.draw(good, bag.counts)
    replay = Game(_options(o, game.start), seed=0, setup_draws=game.setup_draws)
    for step in game.history:
        a = step.action
        kinds, groups = _group(replay.legal_actions())
        kind = _KIND[type(a)]
        out.uniform(kinds.index(kind), len(kinds))
        group = sorted(groups[kind], key=_KEYS[kind])
        out.uniform(group.index(a), len(group))
        if bag.draws_after(a) != len(step.draws):
            raise AssertionError("the link codec and the engine disagree on when goods are drawn (R13)")
        for good in step.draws:
            out.draw(good, bag.counts)
        replay.push_recorded(a, step.draws)
    x = out.number()
    payload = bytes(head) + x.to_bytes((x.bit_length() + 7) // 8, "big")
    frame = bytearray()
    _put_varint(frame, len(payload))
    frame += zlib.crc32(payload).to_bytes(4, "big")
    return PREFIX + _b64encode(bytes(frame) + payload)


# ----------------------------------------------------------------- decoding


class _Reader:
    """Takes the choices back out of the big integer, in the order made."""

    def __init__(self, x: int) -> None:
        self.x = x

    def uniform(self, n: int) -> int:
        if n <= 1:
            return 0
        self.x, r = divmod(self.x, n)
        return r

    def draw(self, counts: list[int]) -> int:
        total = sum(counts)
        if not total:
            raise LinkError(TAMPERED)
        q, r = divmod(self.x, total)
        start = 0
        for good, freq in enumerate(counts):
            if r < start + freq:
                self.x = freq * q + r - start
                counts[good] -= 1
                return good
            start += freq
        raise AssertionError("unreachable: r < total")


def decode(text: str, *, chance_seed: int | None = None) -> Game:
    """The game a link holds, ready to continue; raises LinkError for anything
    that is not a whole, valid link. ``text`` is the fragment, with or without
    its '#'. Draws after the link's end are fresh randomness (I11) unless
    ``chance_seed`` is given (tests)."""
    if not isinstance(text, str):
        raise LinkError(NOT_OURS)
    text = text.strip()
    if text.startswith("#"):
        text = text[1:]
    if len(text) > MAX_LINK:
        raise LinkError("This link is far too long to be a game of Caravan.")
    body = _body(text)
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
        return _replay(payload, chance_seed)
    except LinkError:
        raise
    except CaravanError:
        # Options the engine refuses (names, colours) or a replay it refuses:
        # the checksum matched, so the link was forged or made by a broken encoder.
        raise LinkError(TAMPERED) from None


def _body(text: str) -> str:
    """The base64 part of a link, after its version prefix."""
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
    if version < VERSION:
        raise LinkError(OLDER)
    return text[dot + 1 :]


def _replay(payload: bytes, chance_seed: int | None) -> Game:
    if not payload:
        raise LinkError(TAMPERED)
    flags = payload[0]
    pos = 1
    seats = (flags & _SEATS_MASK) + 2
    start = (flags >> _START_SHIFT) & 0b11
    max_turns: int | None = None
    if flags & _MAX_TURNS:
        pos, max_turns = _get_varint(payload, pos)
    players = []
    for seat in range(seats):
        if pos >= len(payload):
            raise LinkError(TAMPERED)
        colour_code = payload[pos]
        pos += 1
        if colour_code == _CUSTOM_COLOUR:
            pos, colour = _get_text(payload, pos)
        elif colour_code < len(PLAYER_COLOURS):
            colour = PLAYER_COLOURS[colour_code]
        else:
            raise LinkError(TAMPERED)
        pos, name = _get_text(payload, pos)
        players.append(Player(name or _default_name(seat), colour))
    pos, count = _get_varint(payload, pos)
    if count > MAX_ACTIONS:
        raise LinkError(TAMPERED)
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
    bag = _Bag(options.short)
    setup = [inp.draw(bag.counts) for _ in NUMBERED]
    game = Game(options, seed=chance_seed, setup_draws=setup)
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            raise LinkError(TAMPERED)  # more actions than the game had
        kinds, groups = _group(legal)
        kind = kinds[inp.uniform(len(kinds))]
        group = sorted(groups[kind], key=_KEYS[kind])
        action = group[inp.uniform(len(group))]
        draws = [inp.draw(bag.counts) for _ in range(bag.draws_after(action))]
        game.push_recorded(action, draws)
    if inp.x:
        raise LinkError(TAMPERED)  # choices left over: not what the encoder wrote
    if flags & _AGREED:
        if game.is_over():
            raise LinkError(TAMPERED)
        game.end_by_agreement()
    return game


# ------------------------------------------------------------ small helpers


def _default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _options(o: Options, start: int) -> Options:
    return Options(players=o.players, casual=o.casual, short=o.short, start=start, max_turns=o.max_turns)


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
    raw = text.encode("utf-8")
    _put_varint(out, len(raw))
    out += raw


def _get_text(data: bytes, pos: int) -> tuple[int, str]:
    pos, size = _get_varint(data, pos)
    if size > _MAX_TEXT_BYTES or pos + size > len(data):
        raise LinkError(TAMPERED)
    try:
        return pos + size, data[pos : pos + size].decode("utf-8")
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
