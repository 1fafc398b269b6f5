"""Serve the repo root for playing and testing in a browser.

    python3 tools/serve.py [--host 127.0.0.1] [--port 8000] [--root DIR] [--verbose]

Standard library only. Prints `Serving Caravan on http://HOST:PORT/` once the
socket accepts connections (tests read that line; `--port 0` picks a free
port and the line names the real one). No caching, so an edited file shows
on reload.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import signal
import sys
from pathlib import Path
from typing import Any

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".json": "application/json",
    ".map": "application/json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types (not the machine's mime.types) and no caching."""

    extensions_map = {  # noqa: RUF012 (declared by the base class; replaced, never mutated)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    verbose = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)

    def log_error(self, format: str, *args: Any) -> None:
        # 404s and broken pipes are worth seeing even when requests are not logged.
        super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection mid-download is not an error worth a traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError):
            return
        super().handle_error(request, client_address)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve Caravan's repo root over HTTP.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument("--quiet", action="store_true", help="(default) do not log requests")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    if not root.is_dir():
        print(f"serve.py: {root} is not a directory", file=sys.stderr)
        return 1
    handler = functools.partial(Handler, directory=str(root))
    Handler.verbose = bool(args.verbose)
    try:
        server = Server((args.host, args.port), handler)
    except OSError as e:
        print(f"serve.py: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    host, port = str(server.server_address[0]), int(server.server_address[1])
    shown = f"[{host}]" if ":" in host else host
    if not (root / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("serve.py: warning: vendor/ is missing; run `make vendor` first", file=sys.stderr, flush=True)
    # SIGTERM (a test fixture or CI stopping us) exits as cleanly as Ctrl-C.
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    print(f"Serving Caravan on http://{shown}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
