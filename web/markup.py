"""Escaping for markup built as strings (one innerHTML per update is fast).

Everything that came from a player, a save or a link goes through ``esc``
before it is put into markup; so does every translated text, which is cheap
and means a translation cannot break the page either. Written out here rather
than imported from ``html``: the page would compile that module from source
at every boot (Pyodide ships its standard library as ``.py``).
"""

from __future__ import annotations

import re

# The same replacements as html.escape(text, quote=True).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    return str(text).translate(_ESCAPES)


# Every rule number docs/RULES.md defines (tests/test_docs.py keeps this in
# step): R1-R17 the game's rules, I1-I11 the project's readings.
RULE_NUMBERS = frozenset({f"R{n}" for n in range(1, 18)} | {f"I{n}" for n in range(1, 12)})
_CITATION = re.compile(r"\b([RI][1-9][0-9]?)\b")
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"</?([a-zA-Z0-9]+)")
# Text inside these is left as it is: interactive or label-like elements (a
# link in a button or an option is not allowed), SVG (no HTML inside), the
# page's own headings and a rule's own number in the reference.
_NO_LINKS = frozenset(
    {"a", "button", "option", "select", "textarea", "label", "summary", "title", "svg", "b", "h1", "h2", "h3"}
)


def rule_link(number: str) -> str:
    """A cited rule as a button that opens the rules reference at that rule."""
    return f'<button type="button" class="rule-link" data-rule="{number}">{number}</button>'


def link_rules(markup: str) -> str:
    """Every rule citation in the text of ``markup`` ("(R7)", "R7", "I3")
    made a ``rule_link``: the one place where the page's messages, log lines
    and endings become links into the reference (docs/UI-CONTRACT.md, "Rules").
    Attributes and the text of the elements in _NO_LINKS are left alone."""
    if not any(m.group(1) in RULE_NUMBERS for m in _CITATION.finditer(markup)):
        return markup  # the usual case, at the cost of one scan
    out: list[str] = []
    closed: list[str] = []  # open elements of _NO_LINKS, innermost last
    for part in _TAG.split(markup):
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
            out.append(
                _CITATION.sub(
                    lambda c: rule_link(c.group(1)) if c.group(1) in RULE_NUMBERS else c.group(1), part
                )
            )
    return "".join(out)
