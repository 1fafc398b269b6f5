"""The page's query parameters (docs/UI-CONTRACT.md: for tests and benchmarks).

Parsed by hand rather than with ``urllib.parse``, which the page would compile
from source at every boot. ``parse_query`` never raises: whatever is in the
address bar, a malformed value is ignored and the page starts.
"""

from __future__ import annotations

from dataclasses import dataclass

_MAX_SEED_DIGITS = 39


@dataclass(frozen=True)
class Query:
    """What the page's address asks for."""

    seed: int | None = None
    autostart: int | None = None
    short: bool = False
    casual: bool = False
    bot_pace: int | None = None  # ms per bot action shown (0: at once)
    bot_budget: int | None = None  # ms a bot may think per decision
    bot_timeout: int | None = None  # ms of grace over a request's work (web/bots/botclient.py)
    bot_start_timeout: int | None = None  # ms the worker has to get ready


def _unquote(text: str) -> str:
    """Decode ``+`` and ``%XX`` (UTF-8); a malformed escape is kept as it is."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        hex_digits = text[i + 1 : i + 3]
        if ch == "%" and len(hex_digits) == 2 and all(c in "0123456789abcdefABCDEF" for c in hex_digits):
            out.append(int(hex_digits, 16))
            i += 3
        else:
            out += ch.encode("utf-8", "surrogatepass")
            i += 1
    return out.decode("utf-8", "replace")


def _fields(search: str) -> dict[str, str]:
    """The first value of each key in ``?a=1&b=2``."""
    out: dict[str, str] = {}
    for part in search.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        out.setdefault(_unquote(key), _unquote(value))
    return out


def _seed(text: str) -> int | None:
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > _MAX_SEED_DIGITS or not all("0" <= c <= "9" for c in digits):
        return None
    return int(text)


def _ms(text: str, low: int, high: int) -> int | None:
    if not text or len(text) > 5 or not all("0" <= c <= "9" for c in text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_query(search: str) -> Query:
    """Read ``?seed=N&autostart=2&short=1&casual=1&bot_pace=MS&bot_budget=MS``
    and ``&bot_timeout=MS&bot_start_timeout=MS``; anything malformed is ignored."""
    raw = _fields(search)
    auto = raw.get("autostart", "")
    autostart = int(auto) if auto in ("2", "3", "4") else None
    return Query(
        _seed(raw.get("seed", "")),
        autostart,
        raw.get("short") in ("1", "true"),
        raw.get("casual") in ("1", "true"),
        _ms(raw.get("bot_pace", ""), 0, 10_000),
        _ms(raw.get("bot_budget", ""), 1, 10_000),
        _ms(raw.get("bot_timeout", ""), 1, 600_000),
        _ms(raw.get("bot_start_timeout", ""), 1, 600_000),
    )
