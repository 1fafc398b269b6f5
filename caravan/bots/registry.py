"""Bots by name: ``medium``, ``hard:budget=0.5``, or ``package.module:Name`` for one's own.

A spec is a bot and options: a built-in name (``BUILT_IN``) or an import
path ``module:Name`` naming a class (or any callable) that takes ``seed=``
and the options as keywords and returns a bot (docs/BOTS.md); then, after a
colon, options ``key=value`` separated by commas (``hard:budget=0.5,candidates=8``).
Option values are read as int, float, ``true``/``false``, or else kept as text.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from ..errors import CaravanError
from .base import Bot
from .players import (
    CourierBot,
    EasyBot,
    FrozenHard2Bot,
    FrozenHard3Bot,
    FrozenHard4Bot,
    FrozenHardBot,
    HardBot,
    MediumBot,
    RandomBot,
)

BUILT_IN: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "courier": CourierBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "hard@1": FrozenHardBot,
    "hard@2": FrozenHard2Bot,
    "hard@3": FrozenHard3Bot,
    "hard@4": FrozenHard4Bot,
}
_OPTION = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=[^,=:]*")


class BotSpecError(CaravanError):
    """A bot spec that names no bot, or options it does not take."""


def _value(text: str) -> object:
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[Callable[..., Bot], dict[str, object]]:
    """The factory a spec names and its options; BotSpecError says what is wrong."""
    parts = spec.split(":")
    if parts[0] in BUILT_IN:
        factory, rest = BUILT_IN[parts[0]], parts[1:]
    elif len(parts) >= 2 and parts[0] and parts[1].isidentifier():
        try:
            module = importlib.import_module(parts[0])
        except ImportError as error:
            raise BotSpecError(f"bot {spec!r}: cannot import {parts[0]!r} ({error})") from error
        found = getattr(module, parts[1], None)
        if not callable(found):
            raise BotSpecError(f"bot {spec!r}: {parts[0]} has no class or function {parts[1]!r}")
        factory, rest = found, parts[2:]
    else:
        names = ", ".join(BUILT_IN)
        raise BotSpecError(f"bot {spec!r}: not a built-in bot ({names}) nor an import path module:Name")
    if len(rest) > 1:
        raise BotSpecError(f"bot {spec!r}: options come after one colon, separated by commas")
    options: dict[str, object] = {}
    if rest and rest[0]:
        for item in rest[0].split(","):
            if not _OPTION.fullmatch(item):
                raise BotSpecError(f"bot {spec!r}: {item!r} is not an option key=value")
            key, value = item.split("=", 1)
            options[key] = _value(value)
    return factory, options


def make_bot(spec: str, *, seed: int = 0) -> Bot:
    """The bot a spec names, seeded (``seed``: its own randomness, never the game's, I11)."""
    factory, options = parse_spec(spec)
    try:
        bot = factory(seed=seed, **options)
    except TypeError as error:
        raise BotSpecError(f"bot {spec!r}: {error}") from error
    if not callable(getattr(bot, "act", None)):
        raise BotSpecError(f"bot {spec!r}: what it makes has no act(game, budget) method")
    return bot
