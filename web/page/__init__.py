"""The page's glue (placeholder): the thin Python the main thread runs in
MicroPython through PyScript (`<script type="mpy">` in index.html), while the
app's Python runs in the app worker (web/static/app-worker.mjs,
web/appworker.py). MicroPython, not CPython: no ``from __future__``, no
``typing``, no dataclasses (docs/WORKER.md, "The app worker").

The real package replaces these files; they only prove the plumbing.
"""
