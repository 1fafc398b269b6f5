"""The browser's storage as the app worker sees it: a copy kept in step.

A worker has no ``localStorage``, and the app reads and writes it
synchronously (web/app/storage.py's protocol). So the page sends every item of
``localStorage`` and ``sessionStorage`` when the worker boots, each write is
made here at once and queued (``take_writes``) for the page to make in the
real storage right after the update, and another tab's writes come back
through the page's ``storage`` event (``changed``).

A write over a saved entry is guarded: it carries the head of what this copy
believed the key held, and the page makes it only if the key still holds that
(another tab may have saved since, its storage event not here yet); else it
comes back as ``changed`` with the key's real value, and the app sees a stale
game as when the event comes (web/app/tabs.py).

Failures: the page tries a write at boot, so storage that is off or already
full is known before the app's first write and raised here as it would be
in the page (StorageError, StorageFull). A write the browser refuses later
(the quota reached mid-game) comes back as a ``stored`` message: the copy
then takes the page's real value again (``refused``) and holds writes that
would grow the storage as full, until something is removed.
"""

from __future__ import annotations

from web.app.storage import StorageError, StorageFull

# (op, area, key, value, expect): "set" with a value, "remove" with None; expect:
# what the key held as this copy knew it (``fingerprint``), or None when the write
# is not guarded (last writer wins).
Write = tuple[str, str, str, str | None, str | None]

SAVED = '{"format":'  # a saved entry's head (web/app/saved.py): its writes are guarded
FINGERPRINT = 64  # UTF-16 units of a value's head: a saved entry's revision is in them


def fingerprint(value: str | None) -> str | None:
    """A value's head as JavaScript's ``value.slice(0, 64)`` gives it (web/static/app-data.js
    compares it before a guarded write): UTF-16 units, not code points."""
    if value is None:
        return None
    units = value.encode("utf-16-le", "surrogatepass")[: FINGERPRINT * 2]
    return units.decode("utf-16-le", "surrogatepass")


def _guarded(old: str | None, new: str | None) -> bool:
    """A write that would overwrite or remove a saved entry another tab may have
    written since this copy last heard (its storage event late or lost)."""
    return (old or "").startswith(SAVED) or (new or "").startswith(SAVED)


class Mirror:
    """One storage area (``local`` or ``session``) behind web.app.storage.Storage."""

    def __init__(self, area: str, items: dict[str, str] | None, *, problem: str = "") -> None:
        self.area = area
        self.items: dict[str, str] = dict(items or {})
        # "" works; "disabled": every use fails; "full": writes that grow it fail.
        self.problem = "disabled" if items is None and not problem else problem
        self.writes: list[Write] = []

    def _check(self) -> None:
        if self.problem == "disabled":
            raise StorageError("storage is disabled")

    def get(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        old = self.items.get(key)
        if self.problem == "full" and len(value) > len(old or ""):
            raise StorageFull("the storage quota is exceeded")
        self.items[key] = value
        self.writes.append(("set", self.area, key, value, fingerprint(old) if _guarded(old, value) else None))

    def remove(self, key: str) -> None:
        self._check()
        old = self.items.pop(key, None)
        if old is not None and self.problem == "full":
            self.problem = ""  # room was made: the next write is tried again
        self.writes.append(
            ("remove", self.area, key, None, fingerprint(old) if _guarded(old, None) else None)
        )

    def keys(self) -> list[str]:
        self._check()
        return list(self.items)

    def take_writes(self) -> list[Write]:
        out, self.writes = self.writes, []
        return out

    def changed(self, key: str | None, value: str | None, items: dict[str, str] | None = None) -> None:
        """Another tab wrote ``key`` (None: it cleared the area, ``items`` is what is left)."""
        if key is None:
            self.items = dict(items or {})
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def refused(self, key: str, actual: str | None, problem: str) -> None:
        """The page could not make a write: ``actual`` is what the key holds."""
        self.changed(key, actual)
        if problem in ("full", "disabled"):  # "changed": the key is what another tab wrote
            self.problem = problem
