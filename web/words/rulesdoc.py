"""The rules reference and the how-to-play as markup, from the project's own
Markdown (docs/RULES.md, docs/HOWTO.md and their translations in docs/rules/).

The text exists once per language, in the docs; the page renders it at run
time, the first time it is opened in a language (a few milliseconds, then
kept), with the same code the tests run on CPython: no generated copy to keep
in step. ``tools/build.py`` ships the Markdown files in the app zip beside the
modules, and they are read through this module's own loader (zipimport in the
page, the file system here).

Only the Markdown the docs use is understood: ``#``/``##`` headings,
paragraphs, ``-`` lists (continuation lines indented), pipe tables, fenced
code blocks, ``**bold**``, ``*italic*``, `` `code` `` and ``[text](target)``
(the text is kept, the target dropped: the docs' links point at other docs).
Everything is escaped. A numbered rule ``- **R7.** ...`` becomes
``<li id="rule-R7" data-rule-item="R7">``; citations of rules in the text are
made links by web/words/markup.py's ``link_rules``, like every citation on the page.
"""

from __future__ import annotations

import os
import re

from web.words.markup import esc

LANGUAGES = ("en", "es", "fr", "pl", "nl")
DOCS = ("rules", "howto")
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # web/words/ -> the root
_RULE_ITEM = re.compile(r"^\*\*([RI][1-9][0-9]?)\.\*\*\s*")
_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`([^`]+)`|\[([^\]]+)\]\([^)]*\)")
_cache: dict[tuple[str, str], tuple[str, str]] = {}


def doc_path(doc: str, lang: str) -> str:
    """The Markdown file of ``doc`` in ``lang``, relative to the project root."""
    stem = doc.upper()
    return f"docs/{stem}.md" if lang == "en" else f"docs/rules/{stem}.{lang}.md"


def read_doc(doc: str, lang: str) -> str:
    """The Markdown text, from the app zip in the page or the file system here."""
    path = os.path.join(_ROOT, *doc_path(doc, lang).split("/"))
    loader = globals().get("__loader__")
    get_data = getattr(loader, "get_data", None)
    if get_data is not None:
        data: bytes = get_data(path)
        return data.decode("utf-8")
    with open(path, encoding="utf-8") as f:  # pragma: no cover (every loader has get_data)
        return f.read()


def inline(text: str) -> str:
    """One line's inline Markdown as escaped markup."""
    out, at = [], 0
    for m in _INLINE.finditer(text):
        out.append(esc(text[at : m.start()]))
        bold, italic, code, link = m.groups()
        if bold is not None:
            out.append(f"<strong>{inline(bold)}</strong>")
        elif italic is not None:
            out.append(f"<em>{inline(italic)}</em>")
        elif code is not None:
            out.append(f"<code>{esc(code)}</code>")
        else:
            out.append(inline(link))
        at = m.end()
    out.append(esc(text[at:]))
    return "".join(out)


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _table(rows: list[str], label: str, number: int) -> str:
    """Table ``number`` of the document; it scrolls sideways on a phone, so it is
    a tab stop (a keyboard can scroll it), a region named by the heading
    ``label`` and its own column headers, a name no other table has (axe)."""
    head, body = _cells(rows[0]), [_cells(r) for r in rows[2:]]
    row = f"ref-table-{number}-head"
    out = [
        f'<div class="ref-table" tabindex="0" role="region" aria-labelledby="{label} {row}">'
        f'<table><thead><tr id="{row}">'
    ]
    out += [f'<th scope="col">{inline(c)}</th>' for c in head]
    out.append("</tr></thead><tbody>")
    for cells in body:
        out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _item(text: str) -> str:
    m = _RULE_ITEM.match(text)
    if m is None:
        return f"<li>{inline(text)}</li>"
    number = m.group(1)
    return (
        f'<li id="rule-{number}" class="rule" data-rule-item="{number}" tabindex="-1">'
        f'<b class="rule-no">{number}.</b> {inline(text[m.end() :])}</li>'
    )


def to_markup(text: str) -> tuple[str, str]:
    """(title, body): the ``#`` heading as text, the rest as markup; each ``##``
    section a ``<section id="ref-N">`` whose heading names the rules it holds."""
    lines = text.replace("\r\n", "\n").split("\n")
    title = ""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    table: list[str] = []
    code: list[str] | None = None
    sections = 0
    tables: list[int] = []  # the tables so far, numbered from 1

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(_item(i) for i in items) + "</ul>")
            items.clear()
        if table:
            tables.append(len(tables) + 1)
            out.append(_table(table, f"ref-{sections}-title" if sections else "rules-title", len(tables)))
            table.clear()

    for line in lines:
        if code is not None:
            if line.startswith("```"):
                out.append(f'<pre class="ref-diagram" tabindex="0">{esc(chr(10).join(code))}</pre>')
                code = None
            else:
                code.append(line)
            continue
        stripped = line.strip()
        if line.startswith("```"):
            flush()
            code = []
        elif not stripped:
            flush()
        elif line.startswith("# "):
            flush()
            title = line[2:].strip()
        elif line.startswith("## "):
            flush()
            if sections:
                out.append("</section>")
            sections += 1
            out.append(
                f'<section class="ref-section" id="ref-{sections}">'
                f'<h3 id="ref-{sections}-title">{inline(line[3:].strip())}</h3>'
            )
        elif stripped.startswith("|"):
            if para or items:
                flush()
            table.append(stripped)
        elif line.startswith("- "):
            if para or table:
                flush()
            items.append(line[2:].strip())
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or table:
                flush()
            para.append(stripped)
    flush()
    if sections:
        out.append("</section>")
    return title, "".join(out)


def doc_markup(doc: str, lang: str) -> tuple[str, str]:
    """(title, body) of ``doc`` ("rules" or "howto") in ``lang`` (English when
    the language is not one of LANGUAGES), rendered once per language."""
    if lang not in LANGUAGES:
        lang = "en"
    key = (doc, lang)
    if key not in _cache:
        _cache[key] = to_markup(read_doc(doc, lang))
    return _cache[key]


def section_titles(doc: str, lang: str) -> list[tuple[str, str]]:
    """(id, title) of each ``##`` section of ``doc``: the reference's contents."""
    _, body = doc_markup(doc, lang)
    heads = r'<section class="ref-section" id="(ref-[0-9]+)"><h3 id="ref-[0-9]+-title">(.*?)</h3>'
    return re.findall(heads, body)
