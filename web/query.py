"""The page's query parameters (docs/UI-CONTRACT.md: for tests and benchmarks)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs


@dataclass(frozen=True)
class Query:
    seed: int | None = None
    autostart: int | None = None
    short: bool = False
    casual: bool = False


def parse_query(search: str) -> Query:
    """Read ``?seed=N&autostart=2&short=1&casual=1``; anything malformed is ignored."""
    raw = parse_qs(search.lstrip("?"))

    def first(key: str) -> str:
        values = raw.get(key)
        return values[0] if values else ""

    seed_text = first("seed")
    seed = int(seed_text) if seed_text.lstrip("-").isdigit() and len(seed_text) < 40 else None
    auto = first("autostart")
    autostart = int(auto) if auto in ("2", "3", "4") else None
    return Query(seed, autostart, first("short") in ("1", "true"), first("casual") in ("1", "true"))
