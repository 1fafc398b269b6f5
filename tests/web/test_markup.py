"""web.words.markup.esc: text from players, saves and links is shown as text, never as markup."""

from __future__ import annotations

import html

from web.words.markup import esc


def test_esc_escapes_exactly_like_html_escape() -> None:
    """Names from links and files are shown as text (issue 6): the hand-written
    escaping must match the standard library's."""
    for text in ("<img src=x onerror=alert(1)>", "a & b", "\"'", "plain", "&amp;", ""):
        assert esc(text) == html.escape(text, quote=True)
