"""The rules reference and the how-to-play: a dialog over whatever screen is
shown, opened from the header's "Rules" button, from the new-game screen, or
at one rule from any rule citation on the page (web/words/markup.py, ``link_rules``).

It is drawn in its own layer (``#rules-layer``, outside ``#screen``), so the
screen under it is not drawn again while it is open: the selection, the
scroll of the log, a question or a game in progress stay exactly as they
were, and Escape or the back button return there. Its text is the project's
docs in the page's language (web/words/rulesdoc.py).
"""

from __future__ import annotations

from web.app.pictures import howto_pictures
from web.words import rulesdoc
from web.words.i18n import N_, _, pgettext
from web.words.markup import RULE_NUMBERS, esc, link_rules


class Reference:
    """Whether the reference is open, which of its two texts is shown, and
    the element to bring into view (``pending``: web/page/paint.py scrolls to it and
    focuses it once, then clears it)."""

    __slots__ = ("doc", "is_open", "pending", "rule")

    def __init__(self) -> None:
        self.is_open = False
        self.doc = "rules"  # "rules" or "howto"
        self.rule: str | None = None  # the rule it was opened at (highlighted)
        self.pending: str | None = None

    def open(self, at: str | None = None) -> None:
        """Open at rule ``at`` ("R7"), at a section (``"ref-3"``), at the top
        of the other text (``"howto"``, ``"rules"``), or where it was left."""
        self.is_open = True
        if at in rulesdoc.DOCS and at != self.doc:
            self.doc, self.rule, self.pending = at, None, "rules-title"
        elif at is not None and at in RULE_NUMBERS:
            self.doc, self.rule, self.pending = "rules", at, f"rule-{at}"
        elif at is not None and at.startswith("ref-"):
            self.pending = at  # a section of the contents
        else:
            self.pending = "rules-title" if self.rule is None else f"rule-{self.rule}"

    def show(self, doc: str) -> None:
        """Switch between the rules and the how-to-play, at the top."""
        if doc in rulesdoc.DOCS:
            self.doc, self.rule, self.pending = doc, None, "rules-title"

    def close(self) -> None:
        self.is_open = False
        self.pending = None

    def markup(self, lang: str) -> str:
        """The dialog in ``lang``, or "" when closed."""
        if not self.is_open:
            return ""
        return reference_markup(self.doc, lang, self.rule)


# The reference's two texts, as its tabs name them.
TABS = {"rules": N_("Rules"), "howto": N_("How to play")}


def reference_markup(doc: str, lang: str, rule: str | None = None) -> str:
    """``section#rules`` (docs/UI-CONTRACT.md, "Rules"): the back button, the
    two texts as tabs, the contents of the one shown, and its text, with
    ``data-current`` on ``rule``."""
    if lang not in rulesdoc.LANGUAGES:
        lang = "en"
    title, body = rulesdoc.doc_markup(doc, lang)
    tabs = []
    for other in rulesdoc.DOCS:
        name = _(TABS[other])
        pressed = "true" if other == doc else "false"
        tabs.append(
            f'<button type="button" id="rules-show-{other}" data-rules-doc="{other}" '
            f'aria-pressed="{pressed}">{esc(name)}</button>'
        )
    contents = "".join(
        f'<li><button type="button" data-rules-go="{sid}">{name}</button></li>'
        for sid, name in rulesdoc.section_titles(doc, lang)
    )
    if rule is not None:
        body = body.replace(
            f'id="rule-{rule}" class="rule"', f'id="rule-{rule}" class="rule" data-current="true"'
        )
    return (
        f'<section id="rules" role="dialog" aria-modal="true" aria-labelledby="rules-title" '
        f'lang="{lang}" data-doc="{doc}" data-lang="{lang}">'
        '<div class="rules-bar">'
        f'<button type="button" id="rules-back">{esc(pgettext("rules", "Back"))}</button>'
        f'<div class="rules-tabs">{"".join(tabs)}</div></div>'
        f'<div class="rules-body" id="rules-body"><h2 id="rules-title" tabindex="-1">{esc(title)}</h2>'
        f"{howto_top() if doc == 'howto' else ''}"
        f'<nav class="rules-toc" aria-label="{esc(_("Contents"))}"><ul>{contents}</ul></nav>'
        f"{link_rules(body)}</div></section>"
    )


def howto_top() -> str:
    """How to play opens with the guided first game (web/app/lesson_screen.py)
    and its pictures of a chain, a delivery and a steal (web/app/pictures.py)."""
    learn = (
        f'<p class="howto-learn"><button type="button" id="howto-learn" data-rules-open="learn">'
        f"{esc(_('Learn to play'))}</button> {esc(_('A guided first game, one tap at a time.'))}</p>"
    )
    return learn + link_rules(howto_pictures())
