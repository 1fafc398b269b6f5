"""tools/serve.py: only the bundle, with netlify.toml's headers; refuses what a static host would."""

from __future__ import annotations

import gzip
import http.client
import socket
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from e2e.harness import start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
IDLE_S = 1.0  # the test server's --idle-timeout


def _netlify() -> dict[str, dict[str, str]]:
    rules = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]
    return {rule["for"]: rule["values"] for rule in rules}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.txt").write_text("not for the web")
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>t</title>")
    (site / "sw.js").write_text("// sw")
    (site / "assets").mkdir()
    (site / "assets" / "app.0123456789ab.zip").write_bytes(b"PK")
    (site / "runtime").mkdir()
    (site / "runtime" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (site / "runtime" / "pyodide.mjs").write_text("export {}")
    (site / ".git").mkdir()
    (site / ".git" / "config").write_text("[core]")
    (site / "link.txt").symlink_to(outside / "secret.txt")
    proc, url = start_server(site, base="/caravan/", extra=["--idle-timeout", str(IDLE_S)])
    host_port = url.split("/")[2]
    host, port = host_port.rsplit(":", 1)
    yield host, int(port)
    stop_server(proc)


def _get(
    server: tuple[str, int],
    path: str,
    host: str | None = None,
    method: str = "GET",
    accept_encoding: str | None = None,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(*server, timeout=10)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host if host is not None else f"{server[0]}:{server[1]}")
    if accept_encoding is not None:
        conn.putheader("Accept-Encoding", accept_encoding)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_the_page_is_served_under_its_base_with_netlify_tomls_headers(server: tuple[str, int]) -> None:
    status, headers, body = _get(server, "/caravan/")
    assert status == 200 and b"<title>" in body
    everywhere = _netlify()["/*"]
    for name, value in everywhere.items():
        assert headers[name.lower()] == value, name
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["cache-control"] == "no-cache"
    assert headers["content-type"].startswith("text/html")


def test_hashed_files_are_immutable_and_the_service_worker_never_cached(server: tuple[str, int]) -> None:
    _, headers, _ = _get(server, "/caravan/assets/app.0123456789ab.zip")
    assert headers["cache-control"] == _netlify()["/assets/*"]["Cache-Control"]
    assert "immutable" in headers["cache-control"]
    _, headers, _ = _get(server, "/caravan/sw.js")
    assert headers["cache-control"] == "no-cache"


def test_text_is_gzipped_for_a_client_that_takes_it_as_the_static_hosts_do(server: tuple[str, int]) -> None:
    _, plain_headers, plain = _get(server, "/caravan/")
    assert "content-encoding" not in plain_headers  # asked for nothing: sent as it is
    _, headers, body = _get(server, "/caravan/", accept_encoding="gzip, deflate, br")
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == plain and int(headers["content-length"]) == len(body)
    _, refused, body = _get(server, "/caravan/runtime/pyodide.mjs", accept_encoding="gzip;q=0, br")
    assert "content-encoding" not in refused and body == b"export {}"
    for binary in ("/caravan/runtime/pyodide.asm.wasm", "/caravan/assets/app.0123456789ab.zip"):
        _, headers, body = _get(server, binary, accept_encoding="gzip")
        assert "content-encoding" not in headers, binary


def test_wasm_and_module_scripts_get_their_content_types(server: tuple[str, int]) -> None:
    assert _get(server, "/caravan/runtime/pyodide.asm.wasm")[1]["content-type"] == "application/wasm"
    assert _get(server, "/caravan/runtime/pyodide.mjs")[1]["content-type"].startswith("text/javascript")


@pytest.mark.parametrize(
    "path",
    [
        "/caravan/.git/config",
        "/caravan/.git/",
        "/caravan/assets/",
        "/caravan/runtime/",
        "/caravan/../outside/secret.txt",
        "/caravan/%2e%2e/outside/secret.txt",
        "/caravan/link.txt",
        "/caravan/missing.js",
        "/index.html",
        "/",
    ],
)
def test_only_files_of_the_bundle_are_served(server: tuple[str, int], path: str) -> None:
    """No dotfiles, no directory listings, nothing outside the root or the base path."""
    status, headers, body = _get(server, path)
    assert status == 404, path
    assert b"not for the web" not in body and b"[core]" not in body
    assert headers["content-type"].startswith("text/plain")


def test_the_base_without_its_slash_redirects(server: tuple[str, int]) -> None:
    status, headers, _ = _get(server, "/caravan")
    assert status == 301 and headers["location"] == "/caravan/"


@pytest.mark.parametrize(
    "path", ["/%00", "/caravan/%00", "/caravan/index.html%00.js", "/caravan/%ZZ", "/caravan/%C0%AF"]
)
def test_junk_paths_get_a_plain_400_and_the_server_keeps_serving(server: tuple[str, int], path: str) -> None:
    status, headers, body = _get(server, path)
    assert status == 400
    assert headers["content-type"].startswith("text/plain") and b"Traceback" not in body
    assert _get(server, "/caravan/")[0] == 200


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:80", "127.0.0.2", "", "localhost.evil.example"]
)
def test_a_foreign_host_header_is_refused(server: tuple[str, int], host: str) -> None:
    """DNS rebinding: a page on another name resolving to 127.0.0.1 must not read the files."""
    status, _, body = _get(server, "/caravan/", host=host)
    assert status == 421 and b"<title>" not in body


def test_the_loopback_names_are_accepted(server: tuple[str, int]) -> None:
    for host in (f"localhost:{server[1]}", f"127.0.0.1:{server[1]}", "localhost"):
        assert _get(server, "/caravan/", host=host)[0] == 200, host


def test_other_methods_are_refused_plainly(server: tuple[str, int]) -> None:
    status, headers, _ = _get(server, "/caravan/", method="POST")
    assert status == 501 and headers["content-type"].startswith("text/plain")
    assert _get(server, "/caravan/", method="HEAD")[0] == 200


def _raw(server: tuple[str, int], request: bytes) -> bytes:
    """What the server sends back to `request` sent as it is, until it closes the connection."""
    with socket.create_connection(server, timeout=10) as sock:
        sock.sendall(request)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    return reply


@pytest.mark.parametrize(
    ("label", "request_bytes", "status"),
    [
        ("missing file", b"GET /caravan/missing.js HTTP/1.1\r\nHost: {host}\r\n\r\n", 404),
        ("outside the base", b"GET /elsewhere HTTP/1.1\r\nHost: {host}\r\n\r\n", 404),
        ("bad escape", b"GET /caravan/%ZZ HTTP/1.1\r\nHost: {host}\r\n\r\n", 400),
        ("junk request line", b"GET /caravan/ two HTTP/1.1\r\nHost: {host}\r\n\r\n", 400),
        ("foreign host", b"GET /caravan/ HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421),
        ("unsupported method", b"DELETE /caravan/ HTTP/1.1\r\nHost: {host}\r\n\r\n", 501),
        ("base without slash", b"GET /caravan HTTP/1.1\r\nHost: {host}\r\n\r\n", 301),
    ],
)
def test_every_reply_carries_the_csp_and_nosniff(
    server: tuple[str, int], label: str, request_bytes: bytes, status: int
) -> None:
    """An error page is a page too: without the CSP, markup in it (a reflected path) could run."""
    host = f"{server[0]}:{server[1]}".encode()
    reply = _raw(server, request_bytes.replace(b"{host}", host))
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    assert head[0].split()[1] == str(status), (label, head[0])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:])}
    everywhere = _netlify()["/*"]
    assert headers["content-security-policy"] == everywhere["Content-Security-Policy"], label
    for name, value in everywhere.items():
        assert headers[name.lower()] == value, (label, name)
    assert headers["x-content-type-options"] == "nosniff", label
    assert headers["cache-control"] == "no-cache", label


@pytest.mark.timing
@pytest.mark.parametrize("sent", [b"", b"GET /caravan/ HTTP/1.1\r\nHost: "], ids=["nothing", "half"])
def test_an_idle_connection_is_closed_within_the_timeout(server: tuple[str, int], sent: bytes) -> None:
    """A connection that sends nothing (more): a spare preconnect, a stalled client, is not kept forever."""
    with socket.create_connection(server, timeout=IDLE_S + 10) as sock:
        sock.sendall(sent)
        start = time.monotonic()
        try:
            got = sock.recv(65536)
        except TimeoutError:
            pytest.fail(f"the server kept an idle connection open for {IDLE_S + 10:.0f} s")
        waited = time.monotonic() - start
    assert got == b"", f"an idle connection got a reply: {got[:80]!r}"
    assert IDLE_S * 0.5 <= waited <= IDLE_S + 5, f"closed after {waited:.1f} s, the timeout is {IDLE_S} s"
    assert _get(server, "/caravan/")[0] == 200  # and it still serves
