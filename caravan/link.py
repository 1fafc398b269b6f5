"""Share links: a whole game record in a URL fragment (docs/LINK.md).

Placeholder codec (format "c0"): the record JSON, deflated, base64url. The
compact codec replaces the body of ``encode``/``decode``; the API stays:
``encode(game) -> str`` (the fragment without '#') and ``decode(text) -> Game``
raising ``LinkError`` for anything that is not a whole, valid link.
"""

from __future__ import annotations

import base64
import zlib

from . import record
from .errors import LinkError, RecordError
from .game import Game

PREFIX = "c0."
MAX_LINK = 20_000


def encode(game: Game) -> str:
    raw = record.dumps(game).encode("utf-8")
    body = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    return PREFIX + body


def decode(text: str) -> Game:
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise LinkError("this link is not a Caravan game")
    text = text.lstrip("#")
    if not text.startswith(PREFIX):
        raise LinkError("this link is not a Caravan game")
    body = text[len(PREFIX) :]
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        return record.loads(raw)
    except (ValueError, zlib.error, RecordError) as e:
        raise LinkError(f"this link is damaged or cut short ({e})") from None
