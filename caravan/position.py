"""Position notation: a whole visible position on one line, like chess's FEN.

``format_position(state)`` writes a ``State`` and ``parse_position(text)``
reads one back; ``Game.position()`` and ``Game.from_position(text)`` are the
same through a game. The format and every check are in docs/POSITION.md.
Reading is strict: only the canonical spelling of a possible position is
accepted; anything else raises ``PositionError`` with the reason in plain
words, quoting at most a short excerpt of the text.
"""

from __future__ import annotations

import re

from .board import DEMAND_MARKERS, FULL_ACTIONS, GOOD_LETTERS, SQUARE_NAMES, SQUARES
from .errors import PositionError
from .goods import ALL_GOODS, Good
from .options import MAX_PLAYERS, MIN_PLAYERS
from .quote import excerpt
from .refusals import N_, Refusal
from .state import REASONS, Camel, Reason, State, camel_order

MAX_POSITION = 2_000  # far above the longest possible position (about 700 characters)
FIELDS = 9
_NO = "-"
_TRIGGERED = "triggered"
_OUTCOMES = {reason: reason.value.replace(" ", "-") for reason in Reason}
_OUTCOME_OF = {text: reason for reason, text in _OUTCOMES.items()}

_G = f"[{GOOD_LETTERS}]"
_N = "(?:0|[1-9][0-9]{0,8})"  # a count, without leading zeros or absurdly long numbers
# Patterns are compiled on first use (``re`` caches them), not at import: the
# page imports the engine at boot and may never read a position.
_VARIANT = r"([234])(c?)(s?)"
_CAMEL = rf"([1-4])(_?)({_G}?)"
_SQUARE = rf"([a-g][1-7])({_G}?)(?:\*([1-9][0-9]{{0,3}}))?(?::([1-4]_?{_G}?(?:,[1-4]_?{_G}?)*))?"
_SEAT = rf"\*({_N})\$({_N})((?:{_G})*)"
_BAG = "".join(f"{letter}({_N})" for letter in GOOD_LETTERS)
_INT = _N


def _match(pattern: str, text: str) -> re.Match[str] | None:
    return re.fullmatch(pattern, text, re.ASCII)


# ------------------------------------------------------------------- writing


def format_position(state: State) -> str:
    """The one-line notation of ``state`` (docs/POSITION.md)."""
    variant = f"{state.seats}{'c' if state.casual else ''}{'s' if state.short else ''}"
    squares: list[str] = []
    by_square: dict[int, list[Camel]] = {}
    for camel in state.camels:
        by_square.setdefault(camel.square, []).append(camel)
    for sq in range(SQUARES):
        good, demand, camels = state.loose[sq], state.demand[sq], by_square.get(sq)
        if good is None and not demand and not camels:
            continue
        part = SQUARE_NAMES[sq]
        if good is not None:
            part += good.letter
        if demand:
            part += f"*{demand}"
        if camels:
            part += ":" + ",".join(_camel_text(c) for c in sorted(camels, key=camel_order))
        squares.append(part)
    seats = "/".join(
        f"*{state.markers[s]}${state.theft[s]}"
        + "".join(g.letter * n for g, n in zip(ALL_GOODS, state.delivered[s], strict=True))
        for s in range(state.seats)
    )
    bag = "".join(f"{g.letter}{n}" for g, n in zip(ALL_GOODS, state.bag, strict=True))
    end = _TRIGGERED if state.triggered else _NO
    outcome = _OUTCOMES[state.over] if state.over is not None else _NO
    board = "/".join(squares) or _NO
    return f"{variant} {board} {seats} {bag} {state.seat + 1} {state.left} {state.turn} {end} {outcome}"


def _camel_text(camel: Camel) -> str:
    if camel.good is None:
        return str(camel.seat + 1)
    return f"{camel.seat + 1}{'_' if camel.under else ''}{camel.good.letter}"


# ------------------------------------------------------------------- reading


def parse_position(text: str) -> State:
    """The ``State`` written ``text``; PositionError if it is malformed, not
    canonical, or not a position a game can hold (see ``check_state``)."""
    if not isinstance(text, str):
        raise PositionError(Refusal("position_not_text", type=type(text).__name__))
    if len(text) > MAX_POSITION:
        raise PositionError(Refusal("position_too_long", max=MAX_POSITION, count=len(text)))
    fields = text.split(" ")
    if len(fields) != FIELDS:
        raise PositionError(
            Refusal("position_fields", expected=FIELDS, quote=excerpt(text), count=len(fields))
        )
    variant, board, seats_text, bag_text, to_move, left, turn, end, outcome = fields
    m = _match(_VARIANT, variant)
    if m is None:
        raise PositionError(Refusal("position_variant", quote=excerpt(variant)))
    seats, casual, short = int(m[1]), bool(m[2]), bool(m[3])
    camels, loose, demand = _parse_board(board, seats)
    markers, theft, delivered = _parse_seats(seats_text, seats)
    m = _match(_BAG, bag_text)
    if m is None:
        raise PositionError(Refusal("position_bag", letters=GOOD_LETTERS, quote=excerpt(bag_text)))
    bag = tuple(int(n) for n in m.groups())
    if end not in (_NO, _TRIGGERED):
        raise PositionError(Refusal("position_end", triggered=_TRIGGERED, no=_NO, quote=excerpt(end)))
    if outcome != _NO and outcome not in _OUTCOME_OF:
        raise PositionError(
            Refusal(
                "position_outcome", no=_NO, outcomes=", ".join(_OUTCOMES.values()), quote=excerpt(outcome)
            )
        )
    state = State(
        seats=seats,
        casual=casual,
        short=short,
        camels=camels,
        loose=loose,
        demand=demand,
        markers=markers,
        theft=theft,
        delivered=delivered,
        bag=bag,
        seat=_number(to_move, N_("the player to move")) - 1,
        left=_number(left, N_("the actions left")),
        turn=_number(turn, N_("the turn number")),
        triggered=end == _TRIGGERED,
        over=_OUTCOME_OF.get(outcome),
    )
    check_state(state)
    canonical = format_position(state)
    if canonical != text:
        raise PositionError(Refusal("position_not_canonical", quote=excerpt(canonical, 200)))
    return state


def _number(text: str, what: str) -> int:
    if _match(_INT, text) is None:
        raise PositionError(Refusal("position_not_a_number", what=what, quote=excerpt(text)))
    return int(text)


def _parse_board(
    board: str, seats: int
) -> tuple[tuple[Camel, ...], tuple[Good | None, ...], tuple[int, ...]]:
    camels: list[Camel] = []
    loose: list[Good | None] = [None] * SQUARES
    demand = [0] * SQUARES
    if board == _NO:
        return (), tuple(loose), tuple(demand)
    last = -1
    for part in board.split("/"):
        m = _match(_SQUARE, part)
        if m is None or not (m[2] or m[3] or m[4]):
            raise PositionError(Refusal("position_square", quote=excerpt(part)))
        sq = SQUARE_NAMES.index(m[1])
        if sq <= last:
            raise PositionError(Refusal("position_square_order", square=m[1]))
        last = sq
        if m[2]:
            loose[sq] = Good.from_letter(m[2])
        if m[3]:
            demand[sq] = int(m[3])
        if m[4]:
            for token in m[4].split(","):
                c = _match(_CAMEL, token)
                if c is None:  # pragma: no cover - the square's pattern has checked it
                    raise PositionError(Refusal("position_not_a_camel", quote=excerpt(token)))
                seat = int(c[1]) - 1
                if seat >= seats:
                    raise PositionError(
                        Refusal("position_camel_player", square=m[1], player=seat + 1, seats=seats)
                    )
                if c[2] and not c[3]:
                    raise PositionError(Refusal("position_nothing_under", square=m[1]))
                good = Good.from_letter(c[3]) if c[3] else None
                camels.append(Camel(seat, sq, good, bool(c[2])))
    return tuple(camels), tuple(loose), tuple(demand)


def _parse_seats(
    text: str, seats: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    parts = text.split("/")
    if len(parts) != seats:
        raise PositionError(Refusal("position_players_field", seats=seats, count=len(parts)))
    markers, theft, delivered = [], [], []
    for n, part in enumerate(parts):
        m = _match(_SEAT, part)
        if m is None:
            raise PositionError(Refusal("position_player", player=n + 1, quote=excerpt(part)))
        markers.append(int(m[1]))
        theft.append(int(m[2]))
        delivered.append(tuple(m[3].count(letter) for letter in GOOD_LETTERS))
    return tuple(markers), tuple(theft), tuple(delivered)


# ------------------------------------------------------------------ checking


def check_state(state: State) -> None:
    """Refuse a state no game can hold, with the reason: the counts of R1-R3
    and I9 must add up, no camel carries two goods (the notation cannot even
    say it) and no player has every camel laden (R9, I1)."""
    seats = state.seats
    if type(seats) is not int or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise PositionError(Refusal("position_seats", min=MIN_PLAYERS, max=MAX_PLAYERS, quote=repr(seats)))
    if not isinstance(state.casual, bool) or not isinstance(state.short, bool):
        raise PositionError(Refusal("position_flags"))
    _sized(state.loose, SQUARES, N_("loose goods per square"))
    _sized(state.demand, SQUARES, N_("demand markers per square"))
    per_player = {
        "markers": N_("markers per player"),
        "theft": N_("theft per player"),
        "delivered": N_("delivered per player"),
    }
    for name, what in per_player.items():
        _sized(getattr(state, name), seats, what)
    _sized(state.bag, len(ALL_GOODS), N_("the bag's count per good"))
    for row in state.delivered:
        _sized(row, len(ALL_GOODS), N_("goods delivered per good"))
    counts = [
        *state.demand,
        *state.markers,
        *state.theft,
        *state.bag,
        *(n for r in state.delivered for n in r),
    ]
    if not all(type(n) is int and n >= 0 for n in counts):
        raise PositionError(Refusal("position_counts"))
    if not all(g is None or isinstance(g, Good) for g in state.loose):
        raise PositionError(Refusal("position_loose_type"))
    nc = state.camels_per_player
    on_board = [0] * seats
    laden = [0] * seats
    goods = [0] * len(ALL_GOODS)
    for camel in state.camels:
        if not isinstance(camel, Camel):
            raise PositionError(Refusal("position_camel_type"))
        if type(camel.seat) is not int or not 0 <= camel.seat < seats:
            raise PositionError(Refusal("position_camel_seat", quote=repr(camel.seat), seats=seats))
        if type(camel.square) is not int or not 0 <= camel.square < SQUARES:
            raise PositionError(Refusal("position_camel_square", quote=repr(camel.square)))
        if camel.good is None:
            if camel.under:
                raise PositionError(Refusal("position_unladen_under"))
        elif not isinstance(camel.good, Good):
            raise PositionError(Refusal("position_camel_good", quote=repr(camel.good)))
        else:
            laden[camel.seat] += 1
            goods[camel.good] += 1
        on_board[camel.seat] += 1
    for seat in range(seats):
        if on_board[seat] > nc:
            raise PositionError(
                Refusal("position_too_many_camels", player=seat + 1, count=on_board[seat], max=nc)
            )
        if laden[seat] >= nc:
            raise PositionError(Refusal("position_all_laden", player=seat + 1))
    for good in state.loose:
        if good is not None:
            goods[good] += 1
    for row in state.delivered:
        for g, n in enumerate(row):
            goods[g] += n
    for g, good in enumerate(ALL_GOODS):
        total, have = good.in_game(short=state.short), goods[g] + state.bag[g]
        if have != total:
            code = "position_goods_short" if state.short else "position_goods"
            raise PositionError(Refusal(code, total=total, good=good.letter, count=have))
    used = sum(state.demand) + sum(state.markers)
    if used > DEMAND_MARKERS:
        raise PositionError(Refusal("position_demand", total=DEMAND_MARKERS, count=used))
    if sum(state.theft) != seats:
        raise PositionError(Refusal("position_theft", seats=seats, count=sum(state.theft)))
    if type(state.turn) is not int or state.turn < 1:
        raise PositionError(Refusal("position_turn", quote=repr(state.turn)))
    if type(state.seat) is not int or not 0 <= state.seat < seats:
        raise PositionError(Refusal("position_to_move", seats=seats, quote=_seat_text(state.seat)))
    allowed = min(state.turn, FULL_ACTIONS)  # R5
    if type(state.left) is not int or not 0 <= state.left <= allowed:
        raise PositionError(
            Refusal("position_left", turn=state.turn, allowed=allowed, quote=repr(state.left))
        )
    if state.triggered != (sum(state.bag) == 0):
        raise PositionError(Refusal("position_triggered"))
    if state.over is not None and state.over not in REASONS:
        raise PositionError(Refusal("position_reason", reasons=", ".join(REASONS), quote=repr(state.over)))
    if state.over == "delivery" and not state.triggered:
        raise PositionError(Refusal("position_delivery_untriggered"))


def _seat_text(seat: object) -> str:
    return str(seat + 1) if type(seat) is int else repr(seat)


def _sized(values: object, n: int, what: str) -> None:
    if not isinstance(values, tuple) or len(values) != n:
        raise PositionError(Refusal("position_sized", what=what, count=n))
