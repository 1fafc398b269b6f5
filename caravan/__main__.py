"""``python -m caravan``: the terminal game."""

from __future__ import annotations

from .terminal import main

if __name__ == "__main__":
    raise SystemExit(main())
