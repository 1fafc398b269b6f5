"""The app worker's Python: the page's app, off the page's thread (docs/WORKER.md, "The app worker")."""
