"""The front page's markup in every language, for the bundle's first paint.

    python3 tools/prerender.py        (tools/build.py runs it; prints JSON: language -> markup)

The page's own Python draws it (``web.app.newgame_screen.front_page`` with a
fresh form, its rule citations linked as App.view links them, the
catalogues compiled by tools/i18n.py), so what shows before Python runs in
the browser is what the page draws once it does. boot.js
shows it while the page boots when there is no game to resume or open: its
buttons take a tap (web/static/front.js keeps it until Python is ready), its
fields are inert. Standard library only, as tools/build.py.
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

from tools import i18n  # noqa: E402
from web.app.newgame import Form  # noqa: E402
from web.app.newgame_screen import front_page  # noqa: E402
from web.words import i18n as page_i18n  # noqa: E402
from web.words.markup import link_rules  # noqa: E402

_FIELD = re.compile(r"<(input|select|textarea)\b")


def inert_fields(markup: str) -> str:
    """``markup`` with every form field ``inert``. The first paint's buttons
    take a tap before Python runs (web/static/front.js keeps it until Python
    can act on it), but what is typed or chosen in a field would be lost
    without a word when Python draws the live form over it."""
    return _FIELD.sub(r"<\1 inert", markup)


def front_pages(root: Path = ROOT) -> dict[str, str]:
    """Language code -> the front page's markup, English first."""
    out = {}
    for lang in ("en", *i18n.LANGUAGES):
        translations = None
        if lang != "en":
            po = root / "caravan" / "locale" / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
            translations = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(po)))
        page_i18n.use(translations, lang)
        out[lang] = inert_fields(link_rules(front_page(Form())))  # as App.view does
    page_i18n.use(None)
    return out


if __name__ == "__main__":
    json.dump(front_pages(), sys.stdout, ensure_ascii=False)
