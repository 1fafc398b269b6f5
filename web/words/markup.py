"""Escaping for markup built as strings (one innerHTML per update is fast).

Everything that came from a player, a save or a link goes through ``esc``
before it is put into markup; so does every translated text, which is cheap
and means a translation cannot break the page either. Written out here rather
than imported from ``html``: the page would compile that module from source
at every boot (Pyodide ships its standard library as ``.py``).
"""

from __future__ import annotations

import functools
import re

# The same replacements as html.escape(text, quote=True).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    return str(text).translate(_ESCAPES)


_UNESCAPES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'"}
_ESCAPED = re.compile("|".join(_UNESCAPES))


def unesc(text: str) -> str:
    """What ``esc`` escaped, back (markup this page wrote: no other entities)."""
    return _ESCAPED.sub(lambda m: _UNESCAPES[m.group(0)], text) if "&" in text else text


# Every rule number docs/RULES.md defines (tests/test_docs.py keeps this in
# step): R1-R17 the game's rules, I1-I11 the project's readings.
RULE_NUMBERS = frozenset({f"R{n}" for n in range(1, 18)} | {f"I{n}" for n in range(1, 12)})
# A cheap first look (a leading \b makes the scan of a whole screen five
# times slower), then the whole test on what it finds.
_QUICK = re.compile(r"[RI][1-9]")
_CITATION = re.compile(r"\b([RI][1-9][0-9]?)\b")
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"</?([a-zA-Z0-9]+)")
# Text inside these is left as it is: interactive or label-like elements (a
# link in a button or an option is not allowed), SVG (no HTML inside), the
# page's own headings and a rule's own number in the reference.
_NO_LINKS = frozenset(
    {"a", "button", "option", "select", "textarea", "label", "summary", "title", "svg", "b", "h1", "h2", "h3"}
)


def _cites(text: str) -> bool:
    for m in _QUICK.finditer(text):
        at = m.start()
        found = _CITATION.match(text, at)
        if (
            found is not None
            and found.group(1) in RULE_NUMBERS
            and not (at and (text[at - 1].isalnum() or text[at - 1] == "_"))
        ):
            return True
    return False


def _svg_apart(markup: str) -> list[str]:
    """``markup`` cut into its ``<svg>`` elements (the board is most of a
    screen) and what lies between them."""
    out, at = [], 0
    while (start := markup.find("<svg", at)) >= 0:
        end = markup.find("</svg>", start)
        if end < 0:
            break
        out += [markup[at:start], markup[start : end + 6]]
        at = end + 6
    out.append(markup[at:])
    return out


def rule_link(number: str) -> str:
    """A cited rule as a button that opens the rules reference at that rule."""
    return f'<button type="button" class="rule-link" data-rule="{number}">{number}</button>'


def _link(found: re.Match[str]) -> str:
    number = found.group(1)
    return rule_link(number) if number in RULE_NUMBERS else number


@functools.lru_cache(maxsize=64)
def link_rules(markup: str) -> str:
    """Every rule citation in the text of ``markup`` ("(R7)", "R7", "I3")
    made a ``rule_link``: the one place where the page's messages, log lines
    and endings become links into the reference (docs/UI-CONTRACT.md, "Rules").
    Attributes and the text of the elements in _NO_LINKS are left alone.
    A function of ``markup`` alone, so the last ones are kept: most parts
    of a game screen are the same from one frame to the next."""
    chunks = _svg_apart(markup)
    # An svg is left whole, so only the text between them is scanned: the
    # board, most of a game screen, is never (a scan of it cost 0.3 ms a frame).
    if not any(_cites(chunk) for chunk in chunks if not chunk.startswith("<svg")):
        return markup  # the usual case, at the cost of one quick scan
    out: list[str] = []
    closed: list[str] = []  # open elements of _NO_LINKS, innermost last
    for chunk in chunks:
        if chunk.startswith("<svg"):  # whole: an svg holds no HTML (a button's icon, the board)
            out.append(chunk)
            continue
        for part in _TAG.split(chunk):
            if part.startswith("<"):
                m = _TAG_NAME.match(part)
                name = m.group(1).lower() if m else ""
                if name in _NO_LINKS and not part.endswith("/>"):
                    if part.startswith("</"):
                        if name in closed:
                            del closed[len(closed) - 1 - closed[::-1].index(name)]
                    else:
                        closed.append(name)
                out.append(part)
            elif closed or not part:
                out.append(part)
            else:
                out.append(_CITATION.sub(_link, part) if _QUICK.search(part) else part)
    return "".join(out)
