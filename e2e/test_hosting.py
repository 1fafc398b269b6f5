"""Hosting: the page as a static host serves it (headers, manifest, icons), from disk, and boot errors."""

from __future__ import annotations

import io
import re
import tomllib
import zipfile
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.conftest import Tab
from e2e.harness import ROOT, bundle


def _netlify_csp() -> str:
    rules = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]
    (policy,) = [r["values"]["Content-Security-Policy"] for r in rules if r["for"] == "/*"]
    return str(policy)


@pytest.mark.timeout(120)
def test_the_page_is_sent_with_netlify_tomls_csp_and_carries_it_in_a_meta(shared_tab: Tab) -> None:
    """The tested policy is the shipped one; every test fails on a violation of it.
    (The module's first test, its context's first load comes from the server;
    the service worker keeps the headers it got, had it served the page.)"""
    tab = shared_tab
    response = tab.page.goto(tab.base_url + "?autostart=2")
    assert response is not None and response.ok
    assert response.headers["content-security-policy"] == _netlify_csp()
    assert response.headers["x-content-type-options"] == "nosniff"
    meta = tab.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert meta is not None and "'self'" in meta and "frame-ancestors" not in meta
    expect(tab.page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(tab.page.locator("svg#board")).to_be_visible()
    assert not tab.log.csp_violations()


@pytest.mark.timeout(120)
def test_manifest_and_icons_are_served_for_installing(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open()
    href = tab.page.locator('link[rel="manifest"]').get_attribute("href")
    assert href is not None and href.startswith("./")
    response = tab.page.request.get(tab.base_url + href[2:])
    assert response.ok and response.headers["content-type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        got = tab.page.request.get(tab.base_url + icon["src"][2:])
        assert got.ok and got.headers["content-type"] == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            data = got.body()
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    favicon = tab.page.locator('link[rel="icon"]').get_attribute("href")
    assert favicon is not None and tab.page.request.get(tab.base_url + favicon[2:]).ok


@pytest.mark.timeout(60)
def test_opened_from_disk_the_page_says_it_must_be_served_and_how(shared_tab: Tab) -> None:
    """file:// cannot run module scripts: say so at once, not after a 90 s stall."""
    tab = shared_tab
    tab.log.check_on_close = False  # the browser logs the blocked module script, as it should
    tab.page.goto((bundle() / "index.html").as_uri())
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "error", timeout=5_000)
    text = tab.page.locator("#boot-error").text_content() or ""
    assert "served" in text and "make play" in text and "dist/" in text, text


def _zip_whose_app_raises(original: bytes) -> bytes:
    """The app zip with the app worker's entry raising as the worker imports it
    (the module it imports at each boot: the others are in the snapshot already)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as src, zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            if name == "web/worker/entry.py":
                dst.writestr(name, 'raise RuntimeError("the start-up went wrong here")\n')
            elif name != "web/worker/entry.pyc":
                dst.writestr(name, src.read(name))
    return out.getvalue()


@pytest.mark.timeout(120)
def test_an_exception_while_the_app_starts_reaches_the_error_screen_at_once(tab: Tab) -> None:
    """No stall message and no 90 s wait: the reason is shown as soon as Python raises."""
    tab.log.check_on_close = False  # the exception is logged, as it should be
    (app,) = [p for p in (bundle() / "assets").iterdir() if re.fullmatch(r"app\.[0-9a-f]+\.zip", p.name)]
    broken = _zip_whose_app_raises(app.read_bytes())

    def serve_broken(route: Any) -> None:
        route.fulfill(status=200, body=broken, headers={"Content-Type": "application/zip"})

    tab.page.route(f"**/assets/{app.name}", serve_broken)
    tab.page.goto(tab.base_url + "?autostart=2")  # the default 90 s stall watch
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "error", timeout=45_000)
    text = tab.page.locator("#boot-error").text_content() or ""
    assert "RuntimeError" in text and "the start-up went wrong here" in text, text
    assert "did not finish loading" not in text
    assert html.get_attribute("data-ready") is None


@pytest.mark.timeout(120)
@pytest.mark.parametrize("seed", ["--1", "%C2%B2", "1e3"])
def test_a_malformed_seed_in_the_address_is_ignored_and_the_game_starts(shared_tab: Tab, seed: str) -> None:
    """?seed=--1 and ?seed=² used to raise at import and leave the page stalled."""
    tab = shared_tab
    tab.open(f"?seed={seed}&autostart=2")
    expect(tab.page.locator("svg#board")).to_be_visible()
    tab.log.assert_clean()
