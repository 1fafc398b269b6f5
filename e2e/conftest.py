"""Browser test fixtures: the served bundle, Debian's Chromium, and a recorded page.

The page is the built bundle (dist/, rebuilt when its sources changed) served
by tools/serve.py under /caravan/ with netlify.toml's headers, on a free port
(read from the line it prints);
Chromium is the system one (Playwright cannot download browsers here), at
$CARAVAN_CHROMIUM or /usr/bin/chromium. Every page records its requests,
console messages and page errors, and by default a test fails if the page
reached outside its origin, logged an error or violated the Content-Security-Policy.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from e2e.harness import CHROMIUM, CHROMIUM_ARGS, csp_safe_context, start_server, stop_server

# Every Content-Security-Policy violation becomes a console error, which fails the test.
CSP_PREFIX = "CSP violation:"
CSP_PROBE = f"""
addEventListener('securitypolicyviolation', e => console.error(
  '{CSP_PREFIX} ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') +
  ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + (e.sample || '')));
"""
DESKTOP = {"width": 1280, "height": 720}  # Playwright's default viewport
BOOT_MS = 60_000  # Pyodide boots in 2-3 s here; a loaded CI machine gets room
STEP_MS = 15_000


def _required() -> bool:
    return bool(os.environ.get("CARAVAN_E2E_REQUIRED") or os.environ.get("CI"))


def _have_chromium() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _have_chromium() or _required():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (run `make browser`, or set CARAVAN_CHROMIUM)")
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    proc, url = start_server()
    yield url
    stop_server(proc)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not _have_chromium():
        pytest.fail(f"no Chromium at {CHROMIUM} and the browser tests are required (CI): run `make browser`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _favicon_404(message: Any) -> bool:
    """The browser's own request for the origin's /favicon.ico, made for a
    document without an icon of its own (the blank page between shared-page
    tests): outside the bundle, and not the page's doing."""
    url = str((message.location or {}).get("url", ""))
    return message.type == "error" and urlsplit(url).path == "/favicon.ico"


@dataclass
class Recorder:
    """What a page did: every request URL, console message and page error."""

    origin: str  # the base URL, ending in "/"
    requests: list[str] = field(default_factory=list)
    console: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    check_on_close: bool = True

    def attach(self, context: Any, page: Any) -> None:
        context.add_init_script(CSP_PROBE)
        context.on("request", lambda r: self.requests.append(r.url))
        self.attach_page(page)

    def attach_page(self, page: Any) -> None:
        """Another page of the context already attached: its console and errors too."""
        page.on("console", lambda m: None if _favicon_404(m) else self.console.append((m.type, m.text)))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def off_origin(self) -> list[str]:
        return [u for u in self.requests if not u.startswith((self.origin, "data:", "blob:"))]

    def csp_violations(self) -> list[str]:
        return [text for kind, text in self.console if text.startswith(CSP_PREFIX)]

    def console_errors(self) -> list[str]:
        return [text for kind, text in self.console if kind == "error"] + self.errors

    def assert_clean(self) -> None:
        """No request left the origin and nothing was logged as an error."""
        assert not self.off_origin(), f"requests outside {self.origin}: {self.off_origin()}"
        assert not self.console_errors(), f"console errors: {self.console_errors()}"


@dataclass
class Tab:
    page: Any
    context: Any
    log: Recorder
    base_url: str

    def open(self, query: str = "", *, wait_ready: bool = True) -> None:
        self.page.goto(self.base_url + query)
        if wait_ready:
            wait_ready_on(self.page)


def wait_ready_on(page: Any) -> None:
    page.wait_for_function(
        "document.documentElement.getAttribute('data-ready') === 'true'"
        " || document.documentElement.getAttribute('data-screen') === 'error'",
        timeout=BOOT_MS,
    )
    screen = page.evaluate("document.documentElement.getAttribute('data-screen')")
    if screen == "error":
        raise AssertionError(f"the page failed to boot: {page.locator('#boot-error').text_content()}")


@pytest.fixture
def open_tab(browser: Any, base_url: str) -> Iterator[Callable[..., Tab]]:
    """Factory for recorded pages in fresh contexts (options go to new_context)."""
    tabs: list[Tab] = []

    def make(**context_options: Any) -> Tab:
        context = csp_safe_context(browser.new_context(**context_options))
        context.set_default_timeout(STEP_MS)
        page = context.new_page()
        log = Recorder(origin=base_url)
        log.attach(context, page)
        tab = Tab(page, context, log, base_url)
        tabs.append(tab)
        return tab

    yield make
    try:
        for tab in tabs:
            if tab.log.check_on_close:
                tab.log.assert_clean()
    finally:
        for tab in tabs:
            tab.context.close()


@pytest.fixture
def tab(open_tab: Callable[..., Tab]) -> Tab:
    """A recorded page in a fresh desktop-sized context."""
    return open_tab()


# A same-origin document that is not the app: storage is cleared from it, with no game to save.
BLANK = "manifest.webmanifest"


def _context_tab(browser: Any, base_url: str, **context_options: Any) -> Tab:
    context = csp_safe_context(browser.new_context(**context_options))
    context.set_default_timeout(STEP_MS)
    page = context.new_page()
    log = Recorder(origin=base_url)
    log.attach(context, page)
    return Tab(page, context, log, base_url)


# The shared pages live as long as the test process (a pytest-xdist worker):
# a new browser context starts with empty caches, so its first boot compiles
# Pyodide's WebAssembly again (about 4 s of CPU more than a boot in a context
# that has booted it once, measured here with Chromium 156).
@pytest.fixture(scope="session")
def _session_tab(browser: Any, base_url: str) -> Iterator[Tab]:
    tab = _context_tab(browser, base_url)
    yield tab
    tab.context.close()


# A phone: touch, a mobile viewport (its meta viewport honoured), two device pixels a CSS px.
PHONE_VIEWPORT = {"width": 360, "height": 740}
PHONE: dict[str, Any] = {
    "viewport": PHONE_VIEWPORT,
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(scope="session")
def _session_phone_tab(browser: Any, base_url: str) -> Iterator[Tab]:
    tab = _context_tab(browser, base_url, **PHONE)
    yield tab
    tab.context.close()


def _shared(tab: Tab, viewport: dict[str, int]) -> Iterator[Tab]:
    """``tab`` made as new for one test, then checked and left as it was (shared_tab)."""
    page = tab.page
    if page.url != tab.base_url + BLANK:
        # Leaving the game lets it save first; then nothing is kept (nor what
        # an own_page_tab left, while this page stayed where it was).
        page.goto(tab.base_url + BLANK)
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    tab.context.clear_permissions()  # any a test before granted
    page.set_viewport_size(viewport)
    page.emulate_media(media="no-override", color_scheme="no-override", reduced_motion="no-override")
    log = tab.log
    log.requests.clear()
    log.console.clear()
    log.errors.clear()
    log.check_on_close = True
    try:
        yield tab
        if log.check_on_close:
            log.assert_clean()
    finally:
        for other in tab.context.pages:  # pages the test opened: none may outlive it
            if other is not page:
                # Left first, as the shared page is above: whatever its game saves on the
                # way out reaches storage before the next test clears it, not after.
                with contextlib.suppress(Exception):  # a page that crashed or went away
                    other.goto(tab.base_url + BLANK)
                other.close()


@pytest.fixture
def shared_tab(_session_tab: Tab) -> Iterator[Tab]:
    """A recorded desktop-sized page that the tests of one test process share, for
    tests that need no context of their own (no init script, route or
    context option): after the first boot the runtime comes from the
    context's caches (its HTTP cache, the service worker's), which saves most
    of a boot. Each test starts with empty localStorage and sessionStorage,
    the default viewport and media, and a fresh record of requests and
    console; it must open the page itself (``tab.open``), which boots it anew."""
    yield from _shared(_session_tab, DESKTOP)


@pytest.fixture
def own_page_tab(_session_tab: Tab) -> Iterator[Tab]:
    """A recorded page of the test's own in shared_tab's context, for a test
    that adds an init script to its page (``page.add_init_script``, which no
    later test may inherit) but needs no context option, context init
    script or route: its boots come from the context's caches as
    shared_tab's do (a new context costs a WebAssembly compile). Storage
    starts empty, as for shared_tab; the page is closed after the test."""
    for tab in _shared(_session_tab, DESKTOP):
        page = tab.context.new_page()
        tab.log.attach_page(page)
        yield Tab(page, tab.context, tab.log, tab.base_url)


@pytest.fixture(scope="session")
def _session_touch_tab(browser: Any, base_url: str) -> Iterator[Tab]:
    tab = _context_tab(browser, base_url, has_touch=True)
    yield tab
    tab.context.close()


@pytest.fixture
def shared_touch_tab(_session_touch_tab: Tab) -> Iterator[Tab]:
    """shared_tab on a laptop with a touch screen (``has_touch``: a desktop-sized
    page that takes taps as well as clicks), shared by the tests of one test process."""
    yield from _shared(_session_touch_tab, DESKTOP)


# A context whose service workers are blocked: a page's routes see every request
# (a service worker in control would answer from its cache, past them).
@pytest.fixture(scope="session")
def _session_no_sw_tab(browser: Any, base_url: str) -> Iterator[Tab]:
    tab = _context_tab(browser, base_url, service_workers="block")
    yield tab
    tab.context.close()


@pytest.fixture
def no_sw_page_tab(_session_no_sw_tab: Tab) -> Iterator[Tab]:
    """own_page_tab in a context the tests of one test process share whose service
    workers are blocked (``service_workers="block"``), for a test that routes the
    runtime's requests (``page.route``: held, failed, replaced) and needs no other
    context option: no new context's first boot each (a WebAssembly compile,
    a service worker installing). Storage starts empty; the page is closed
    after the test, its routes and init scripts with it."""
    for tab in _shared(_session_no_sw_tab, DESKTOP):
        page = tab.context.new_page()
        tab.log.attach_page(page)
        yield Tab(page, tab.context, tab.log, tab.base_url)


@pytest.fixture
def shared_phone_tab(_session_phone_tab: Tab) -> Iterator[Tab]:
    """shared_tab on a phone (PHONE: touch, mobile, 360x740 at the start of each
    test; a test may turn it sideways with ``page.set_viewport_size``)."""
    yield from _shared(_session_phone_tab, PHONE_VIEWPORT)
