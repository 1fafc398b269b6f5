"""Serve the built bundle (dist/) for playing and for the browser tests.

    python3 tools/serve.py [--host 127.0.0.1] [--port 8000] [--root dist] [--base /caravan/]
                           [--headers netlify.toml] [--idle-timeout 15]

Standard library only. Prints `Serving Caravan on http://HOST:PORT/BASE`
once the socket accepts connections (tests read that line; `--port 0` picks a
free port and the line names the real one).

It behaves like the static hosts the bundle is made for, and no more:
- only regular files under the root, no dotfiles, no directory listings, no
  symlinks out of it; `BASE` (default `/`) serves the root's index.html;
- exactly the headers of netlify.toml (read from the file, so the tested
  Content-Security-Policy is the shipped one) plus `X-Content-Type-Options:
  nosniff`, and `Cache-Control: no-cache` where netlify.toml sets none; every
  other reply (a redirect, 400, 404, 421, 501 …) carries the headers netlify.toml
  gives every path ("/*": the CSP among them), nosniff and no-cache too;
- a connection that sends nothing (a browser's spare preconnect, a stalled
  client) for `--idle-timeout` seconds is closed, as is one that stops reading
  a reply; each connection has its own thread, so none can hold the others up;
- a Host header other than the loopback name or address it listens on is
  refused (a DNS-rebinding page could otherwise read the files);
- junk requests (`/%00`, bad escapes, `..`) get a plain 400 or 404, never a
  traceback;
- text (HTML, JavaScript, CSS, JSON, SVG) is sent gzipped to a client that
  accepts it, as GitHub Pages and Netlify send it, so that a page load here
  moves the bytes a player's does (Lighthouse's slow 4G counts them); the
  Wasm, zip and snapshot files go as they are.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import ipaddress
import re
import signal
import sys
import threading
from http import HTTPStatus
from pathlib import Path
from typing import Any

try:
    import tomllib
except ImportError:  # Python 3.10 or older
    sys.exit(
        "serve.py: needs Python 3.11 or newer (it reads TOML with tomllib), this is " + sys.version.split()[0]
    )

ROOT = Path(__file__).resolve().parent.parent
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".zip": "application/zip",
    ".json": "application/json",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
IDLE_TIMEOUT_S = 15.0  # a browser sends its request at once; a connection silent this long is closed
FILE_HEADERS = ("content-type", "cache-control")  # describe a file: not sent with an error
COMPRESSED = ("text/", "application/json", "application/manifest+json", "image/svg+xml")
WRITE_CHUNK = 256 * 1024  # the idle timeout bounds each chunk sent, not a whole 9.6 MB download


def load_header_rules(netlify_toml: Path) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """netlify.toml's [[headers]] as (path pattern, headers); `*` matches anything, as on Netlify."""
    config = tomllib.loads(netlify_toml.read_text(encoding="utf-8"))
    rules = []
    for rule in config.get("headers", []):
        parts = re.split(r"(\*)", rule["for"])
        pattern = re.compile("".join(".*" if part == "*" else re.escape(part) for part in parts))
        rules.append((pattern, {str(k): str(v) for k, v in rule.get("values", {}).items()}))
    return rules


def headers_for(rules: list[tuple[re.Pattern[str], dict[str, str]]], path: str) -> dict[str, str]:
    """The headers netlify.toml gives a request path (relative to the site's root, starting with /)."""
    out: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.fullmatch(path):
            out.update(values)
    return out


def headers_everywhere(rules: list[tuple[re.Pattern[str], dict[str, str]]]) -> dict[str, str]:
    """The headers netlify.toml gives every path ("/*": the CSP, nosniff …), for replies that are no file.

    A Content-Type or Cache-Control there would describe a file, so it is left out."""
    out: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.pattern in (".*", "/.*"):  # "*" or "/*"
            out.update({k: v for k, v in values.items() if k.lower() not in FILE_HEADERS})
    return out


def _unquote_path(raw: str) -> str | None:
    """Percent-decode a URL path; None if it is malformed or holds control characters."""
    data = bytearray()
    i = 0
    while i < len(raw):
        if raw[i] == "%":
            digits = raw[i + 1 : i + 3]
            if len(digits) != 2 or not all(c in "0123456789abcdefABCDEF" for c in digits):
                return None
            data.append(int(digits, 16))
            i += 3
        else:
            data += raw[i].encode("utf-8", "surrogateescape")
            i += 1
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if any(ord(c) < 32 or ord(c) == 127 or c == "\\" for c in text):
        return None
    return text


def _accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (`gzip;q=0` refuses it)."""
    for item in accept_encoding.split(","):
        name, *params = (part.strip() for part in item.split(";"))
        if name.lower() not in ("gzip", "*"):
            continue
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    return float(value) > 0
                except ValueError:
                    return False
        return True
    return False


def _file_version(file: Path) -> tuple[str, int, int]:
    """A file's identity for the gzip cache: a rebuilt file has another mtime or size."""
    st = file.stat()
    return (str(file), st.st_mtime_ns, st.st_size)


class Handler(http.server.BaseHTTPRequestHandler):
    server: Server

    def setup(self) -> None:
        # Every read and every send of one chunk must finish within the idle
        # timeout, or the connection is dropped (handle_one_request catches
        # the TimeoutError and closes it).
        super().setup()
        self.connection.settimeout(self.server.idle_timeout)

    def version_string(self) -> str:
        return "CaravanServe"

    def _send_headers(self, headers: dict[str, str]) -> None:
        """The security headers of every reply, then `headers` (which win), then the blank line."""
        merged = {**self.server.always, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"}
        merged.update(headers)
        for k, v in merged.items():
            self.send_header(k, v)
        self.end_headers()

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        for start in range(0, len(view), WRITE_CHUNK):
            self.wfile.write(view[start : start + WRITE_CHUNK])

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _plain(self, status: HTTPStatus, text: str, extra: dict[str, str] | None = None) -> None:
        data = (text + "\n").encode()
        self.send_response(status)
        headers = {"Content-Type": "text/plain; charset=utf-8", "Content-Length": str(len(data))}
        self._send_headers({**headers, **(extra or {})})
        if self.command != "HEAD":
            self._write(data)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # The base class's errors (bad request line, unsupported method): plain text, no HTML.
        self.close_connection = True
        self._plain(HTTPStatus(code), f"{code} {message or HTTPStatus(code).phrase}")

    def _host_ok(self) -> bool:
        host = self.headers.get("Host", "")
        return host.lower() in self.server.allowed_hosts

    def _serve(self, *, body: bool) -> None:
        if not self._host_ok():
            self._plain(HTTPStatus.MISDIRECTED_REQUEST, "421 this server answers only to its own address")
            return
        raw_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = _unquote_path(raw_path)
        if path is None or not path.startswith("/"):
            self._plain(HTTPStatus.BAD_REQUEST, "400 bad request path")
            return
        base = self.server.base
        if path + "/" == base:
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self._send_headers({"Location": base, "Content-Length": "0"})
            return
        if not path.startswith(base):
            self._plain(HTTPStatus.NOT_FOUND, "404 not found")
            return
        site_path = "/" + path[len(base) :]
        file = self._file(site_path)
        if file is None:
            self._plain(HTTPStatus.NOT_FOUND, "404 not found")
            return
        try:
            data = file.read_bytes()
        except OSError:
            self._plain(HTTPStatus.NOT_FOUND, "404 not found")
            return
        headers = {"Content-Type": MIME_TYPES.get(file.suffix, "application/octet-stream")}
        headers.update(headers_for(self.server.rules, site_path))
        headers["X-Content-Type-Options"] = "nosniff"
        if headers["Content-Type"].startswith(COMPRESSED):
            headers["Vary"] = "Accept-Encoding"
            if _accepts_gzip(self.headers.get("Accept-Encoding", "")):
                data = self.server.gzipped(_file_version(file), data)
                headers["Content-Encoding"] = "gzip"
        headers["Content-Length"] = str(len(data))
        self.send_response(HTTPStatus.OK)
        self._send_headers(headers)
        if body:
            self._write(data)

    def _file(self, site_path: str) -> Path | None:
        """The file a site path names, if the allow-list lets it out."""
        parts = [p for p in site_path.split("/") if p]
        if any(p.startswith(".") for p in parts):
            return None  # dotfiles and "..": never
        root = self.server.root
        file = root.joinpath(*parts) if parts else root
        if site_path.endswith("/"):
            if parts:
                return None  # no directory listings, and no index pages below the root
            file = root / "index.html"
        try:
            real = file.resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if not real.is_relative_to(root) or not real.is_file():
            return None
        return real

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def log_error(self, format: str, *args: Any) -> None:
        if format.startswith("Request timed out") and not self.server.verbose:
            return  # an idle connection closed, as it should be: not worth a line
        super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    root: Path
    base: str
    rules: list[tuple[re.Pattern[str], dict[str, str]]]
    always: dict[str, str]  # netlify.toml's headers for every path: sent with every reply
    allowed_hosts: frozenset[str]
    idle_timeout: float = IDLE_TIMEOUT_S
    verbose: bool = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._gzip_cache: dict[tuple[str, int, int], bytes] = {}
        self._gzip_lock = threading.Lock()

    def gzipped(self, key: tuple[str, int, int], data: bytes) -> bytes:
        """`data` gzipped, once per version of a file (pyodide.asm.js is 1 MB; the tests load it often)."""
        with self._gzip_lock:
            cached = self._gzip_cache.get(key)
        if cached is None:
            cached = gzip.compress(data, compresslevel=6, mtime=0)
            with self._gzip_lock:
                self._gzip_cache[key] = cached
        return cached

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection mid-download is not an error worth a traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError):
            return
        super().handle_error(request, client_address)


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers to answer: the listening address and, on loopback, the loopback names."""
    shown = f"[{host}]" if ":" in host else host
    names = {shown}
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if loopback:
        names.update(LOOPBACK_NAMES)
    return frozenset(n for name in names for n in (name.lower(), f"{name.lower()}:{port}"))


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve Caravan's built bundle (dist/) over HTTP.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--root", type=Path, default=ROOT / "dist", help="the bundle (default: dist/)")
    parser.add_argument("--base", default="/", help="the path the bundle is served under, e.g. /caravan/")
    parser.add_argument("--headers", type=Path, default=ROOT / "netlify.toml", help="netlify.toml to copy")
    parser.add_argument(
        "--idle-timeout",
        type=float,
        default=IDLE_TIMEOUT_S,
        help=f"close a connection silent this many seconds (default {IDLE_TIMEOUT_S:g})",
    )
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    if not (root / "index.html").is_file():
        print(f"serve.py: {root} holds no index.html: build it with `make dist` first", file=sys.stderr)
        return 1
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    if not 0 < args.idle_timeout <= 3600:
        print("serve.py: --idle-timeout must be more than 0 and at most 3600 seconds", file=sys.stderr)
        return 1
    try:
        rules = load_header_rules(args.headers)
    except (OSError, tomllib.TOMLDecodeError, KeyError) as e:
        print(f"serve.py: cannot read the headers from {args.headers}: {e}", file=sys.stderr)
        return 1
    try:
        server = Server((args.host, args.port), Handler)
    except OSError as e:
        print(f"serve.py: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    host, port = str(server.server_address[0]), int(server.server_address[1])
    server.root, server.base, server.rules = root, base, rules
    server.always = headers_everywhere(rules)
    server.idle_timeout = float(args.idle_timeout)
    server.allowed_hosts = allowed_hosts(host, port)
    server.verbose = bool(args.verbose)
    shown = f"[{host}]" if ":" in host else host
    # SIGTERM (a test fixture or CI stopping us) exits as cleanly as Ctrl-C.
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    print(f"Serving Caravan on http://{shown}:{port}{base}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
