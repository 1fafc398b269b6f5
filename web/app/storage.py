"""Where saved games live: a small key/value protocol over ``localStorage``.

The app worker keeps a copy of the browser's ``localStorage`` behind it (web/worker/mirror.py); the tests use
``MemoryStorage``, which can act disabled, full or hold anything. Every
failure is a ``StorageError`` (``StorageFull`` for the quota), so the code
above never sees a browser exception and can tell the player what happened.
"""

from __future__ import annotations

from typing import Protocol


class StorageError(Exception):
    """The browser's storage cannot be used at all (disabled, private mode, blocked)."""


class StorageFull(StorageError):
    """The browser refused to store more (QuotaExceededError)."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict behind the Storage protocol; ``disabled`` and ``full`` simulate
    a browser that blocks storage or is out of quota (tests, and the page's
    fallback when ``localStorage`` cannot be reached)."""

    def __init__(
        self, data: dict[str, str] | None = None, *, disabled: bool = False, full: bool = False
    ) -> None:
        self.data = dict(data or {})
        self.disabled = disabled
        self.full = full

    def _check(self) -> None:
        if self.disabled:
            raise StorageError("storage is disabled")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.full:
            raise StorageFull("the storage quota is exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)
