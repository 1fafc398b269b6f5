"""The app worker's Python side (placeholder): web/static/app-worker.mjs
imports it once Python is ready, calls ``start(post)`` with a function that
posts one JSON text to the page, then hands ``receive`` every message of the
page, in order. The real module replaces this one; this one answers every
message with an echo (docs/WORKER.md, "The app worker")."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

VERSION = 1

_post: Callable[[str], Any] | None = None


def start(post: Callable[[str], Any]) -> None:
    """Keep the page's ``post``, and say that Python is ready."""
    global _post
    _post = post
    post(json.dumps({"version": VERSION, "type": "ready"}))


def receive(text: str) -> None:
    """One message of the page (JSON text): echoed back."""
    if _post is None:
        raise RuntimeError("receive() before start()")
    _post(json.dumps({"version": VERSION, "type": "echo", "got": text}))
