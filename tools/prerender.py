"""What the bundle paints before Python runs: the front page in every
language, and the board with nothing on it.

    python3 tools/prerender.py        (tools/build.py runs it; prints JSON:
                                       {"front": {language: markup}, "front_digest": ..., "board": svg})

The page's own Python draws it (``web.app.newgame_screen.front_page`` with a
fresh form, its rule citations linked as App.view links them, the
catalogues compiled by tools/i18n.py), so what shows before Python runs in
the browser is what the page draws once it does. web/static/first-paint.js
shows it while the page boots when there is no game to resume or open: its
buttons take a tap (web/static/front.js keeps it until Python is ready), its
fields are inert. The empty board is for the other first paints (a game
to open or resume with no drawing of it kept): see ``empty_board``.
Standard library only, as tools/build.py.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from caravan import Game, goods_in_game  # noqa: E402
from tools import i18n  # noqa: E402
from web.app.newgame import Form  # noqa: E402
from web.app.newgame_screen import front_page  # noqa: E402
from web.board.board_svg import picture  # noqa: E402
from web.words import i18n as page_i18n  # noqa: E402
from web.words.markup import link_rules  # noqa: E402

_FIELD = re.compile(r"<(input|select|textarea)\b")
# One CSS rule or at-rule block at the top level of the stylesheet (no nested braces
# but an at-rule's one level of rules, which is all web/caravan.css has).
_RULE = re.compile(r"([^{}]+)\{((?:[^{}]|\{[^{}]*\})*)\}")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def inert_fields(markup: str) -> str:
    """``markup`` with every form field ``inert``. The first paint's buttons
    take a tap before Python runs (web/static/front.js keeps it until Python
    can act on it), but what is typed or chosen in a field would be lost
    without a word when Python draws the live form over it."""
    return _FIELD.sub(r"<\1 inert", markup)


def digest(markup: str) -> str:
    """The markup's length and FNV-1a hash over its UTF-16 code units, in hex, as
    web/static/patch.js computes it: the page takes the front page drawn here as
    the live one when the app's first frame draws this very markup (``front_digest``)."""
    h = 0x811C9DC5
    data = markup.encode("utf-16-le")
    for i in range(0, len(data), 2):
        h = ((h ^ (data[i] | data[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{len(data) // 2:x}-{h:x}"


_INERT = re.compile(r"<[^>]*\sinert[\s>=]")


def front_digest(live: str) -> str:
    """``digest`` of the English front page as the app draws it live (``live_front_pages``:
    its fields not inert, as the page leaves them when it takes the drawing over)."""
    if _INERT.search(live):
        raise ValueError("the live front page has an inert element, which the page takes off the drawing")
    return digest(live)


def live_front_pages(root: Path = ROOT) -> dict[str, str]:
    """Language code -> the front page's markup as the app draws it, English first."""
    out = {}
    for lang in ("en", *i18n.LANGUAGES):
        translations = None
        if lang != "en":
            po = root / "caravan" / "locale" / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
            translations = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(po)))
        page_i18n.use(translations, lang)
        out[lang] = link_rules(front_page(Form()))  # as App.view does
    page_i18n.use(None)
    return out


def front_pages(root: Path = ROOT, live: dict[str, str] | None = None) -> dict[str, str]:
    """Language code -> the front page's first paint (``inert_fields``), English first;
    from ``live`` (``live_front_pages``) when it is drawn already."""
    drawn = live_front_pages(root) if live is None else live
    return {lang: inert_fields(markup) for lang, markup in drawn.items()}


def board_rules(css: str) -> str:
    """The rules of ``css`` that style the board's picture (``.board-art``)
    and the colours it reads (``:root``), with the ``@media`` blocks that
    hold any (the dark theme, forced colours): what an SVG file needs that
    the page's stylesheet cannot reach."""
    out = []
    for head, body in _RULE.findall(_COMMENT.sub("", css)):
        head = head.strip()
        if head.startswith("@media"):
            inner = board_rules(body)
            if inner:
                out.append(f"{head}{{{inner}}}")
        elif "board-art" in head or head == ":root":
            out.append(f"{head}{{{body.strip()}}}")
    return "".join(out)


def empty_board(css: str) -> str:
    """The board with nothing on it (its squares, cities and the goods they
    want, numbered spaces, coordinates), drawn by the board's own code, as
    an SVG file styled by ``css``'s rules for the board's picture. The page
    holds it as an image (tools/build.py), shown where a game's board will be
    when first-paint.js says the page opens a game (a link, ``?autostart``, a game
    to resume with no drawing of it in this tab) before Python has started:
    a phone shows the board at once and the pieces once the app worker has
    drawn them."""
    bag = "".join(f"{good.letter}{n}" for good, n in goods_in_game(short=False).items())
    game = Game.from_position(f"2 - *0$1/*0$1 {bag} 1 1 1 - -")
    svg = picture(game).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    cut = svg.index(">") + 1
    return f"{svg[:cut]}<style>{board_rules(css)}</style>{svg[cut:]}"


if __name__ == "__main__":
    css = (ROOT / "web" / "caravan.css").read_text(encoding="utf-8")
    live = live_front_pages()
    drawn = {
        "front": front_pages(live=live),
        "front_digest": front_digest(live["en"]),
        "board": empty_board(css),
    }
    json.dump(drawn, sys.stdout, ensure_ascii=False)
