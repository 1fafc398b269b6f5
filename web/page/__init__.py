"""The page's thread: the glue MicroPython runs (docs/WORKER.md, "The app worker")."""
