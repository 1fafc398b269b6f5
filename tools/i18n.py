"""The gettext catalogues: extract, update, compile, and the test pseudo-language.

    python3 tools/i18n.py extract   # the code's messages -> caravan/locale/caravan.pot (needs Babel)
    python3 tools/i18n.py update    # merge the .pot into every .po (needs Babel; no fuzzy matching)
    python3 tools/i18n.py compile   # every .po -> .mo beside it (standard library only)

Babel (requirements-dev.txt) is needed only to extract and update; its
keyword list is passed on the command line here (``KEYWORDS``), so the
markers are the code's: ``_``, ``N_``, ``ngettext``, ``pgettext``,
``C_`` (a message with a context, in a table), ``Text`` (an engine
refusal's English template, caravan/refusals.py). Compiling needs only the
standard library (``compile_po``), so ``make play`` and ``make terminal``
build the .mo files with the system's python3. The .mo files are build
outputs (git-ignored). ``pseudo`` writes the pseudo-language used only by
tests (every msgstr wrapped in ⟦ ⟧, with accents): never shipped.
"""

from __future__ import annotations

import argparse
import ast
import re
import struct
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "caravan" / "locale"
DOMAIN = "caravan"
POT = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("es", "fr", "pl", "nl")  # the translations; English is the source
SOURCES = ("caravan", "web")  # the folders whose .py files hold messages
KEYWORDS = (
    "_",
    "N_",
    "ngettext:1,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
    "C_:1c,2",
    "Text:1",
)
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "nl": "nplurals=2; plural=(n != 1);",
}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def extract(output: Path = POT) -> Path:
    """The code's messages into a .pot at ``output`` (Babel, with ``extract_python_ast``:
    Babel's own Python extractor does not look inside f-strings on Python 3.11)."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    _pybabel(
        "extract",
        "-F",
        str(ROOT / "tools" / "babel.cfg"),
        "--no-default-keywords",
        *keywords,
        "-c",
        "Translators:",
        "--sort-by-file",
        "--no-wrap",
        "--project=Caravan",
        "--copyright-holder=the Caravan project",
        "--msgid-bugs-address=-",
        "-o",
        str(output),
        *SOURCES,
    )
    _drop_dates(output)
    return output


def update() -> None:
    """Merge the .pot into each language's .po (created if missing), without
    fuzzy guesses: a new or changed message is simply untranslated. The .po
    files keep the translator comments but not the source locations."""
    for lang in LANGUAGES:
        po = po_path(lang)
        if not po.exists():
            po.parent.mkdir(parents=True, exist_ok=True)
            _pybabel("init", "--no-wrap", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE), "-l", lang)
        else:
            _pybabel(
                "update",
                "--no-wrap",
                "--no-fuzzy-matching",
                "--ignore-obsolete",
                "-D",
                DOMAIN,
                "-i",
                str(POT),
                "-d",
                str(LOCALE),
                "-l",
                lang,
            )
        _set_plural_forms(po, PLURAL_FORMS[lang])
        _drop_dates(po)
        _drop_locations(po)


def _set_plural_forms(po: Path, forms: str) -> None:
    text = po.read_text(encoding="utf-8")
    text = re.sub(r'"Plural-Forms: [^"]*\\n"', f'"Plural-Forms: {forms}\\\\n"', text, count=1)
    po.write_text(text, encoding="utf-8")


def _drop_locations(path: Path) -> None:
    """No ``#: file:line`` references in a .po (the .pot has them): a change of
    code that keeps the messages leaves the translators' files alone."""
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^#: .*\n", "", text, flags=re.M), encoding="utf-8")


def _drop_dates(path: Path) -> None:
    """No creation or revision dates in the header: the files change only when messages do."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    path.write_text(text, encoding="utf-8")


def extract_python_ast(
    fileobj: IO[bytes], keywords: Iterable[str], comment_tags: Iterable[str], options: dict[str, object]
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """A Babel extraction method (tools/babel.cfg) over the syntax tree, so that
    calls inside f-string fields are found too. Yields, per call of a keyword
    (a name or a method: ``_``, ``w._``), its line, name, positional arguments
    (a string, or None for anything else) and the comment block just above it
    that starts with a comment tag ("Translators:")."""
    source = fileobj.read().decode(str(options.get("encoding", "utf-8")))
    lines = source.splitlines()
    names = set(keywords)
    tags = tuple(comment_tags)
    calls = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = (
            func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        )
        if name not in names:
            continue
        args = tuple(
            a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args
        )
        if (args and args[0] is not None) or len(args) > 1:
            calls.append((node.lineno, name, args))
    for lineno, name, args in sorted(calls, key=lambda c: c[0]):
        yield lineno, name, args, _comments_above(lines, lineno, tags)


def _comments_above(lines: list[str], lineno: int, tags: tuple[str, ...]) -> list[str]:
    """The comment lines just above line ``lineno`` (1-based), from the first one with a tag."""
    block: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        block.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    for k, text in enumerate(block):
        if text.startswith(tags):
            return [" ".join(block[k:])]
    return []


# ------------------------------------------------------------- .po reading


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)  # one per plural form; one for a plain message
    context: str | None = None
    plural: str | None = None
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    comments: list[str] = field(default_factory=list)


def _unquote(line: str) -> str:
    value = ast.literal_eval(line)
    if not isinstance(value, str):
        raise ValueError(f"not a string: {line!r}")
    return value


def read_po(text: str) -> list[Entry]:
    """The entries of a .po (or .pot) file, the header (msgid "") first."""
    entries: list[Entry] = []
    cur: dict[str, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    obsolete = False
    key: str | None = None

    def finish() -> None:
        nonlocal cur, flags, comments, obsolete, key
        if "msgid" in cur:
            plural_keys = sorted((k for k in cur if k.startswith("msgstr[")), key=lambda k: int(k[7:-1]))
            strs = [cur[k] for k in plural_keys] if plural_keys else [cur.get("msgstr", "")]
            entries.append(
                Entry(
                    cur["msgid"], strs, cur.get("msgctxt"), cur.get("msgid_plural"), flags, obsolete, comments
                )
            )
        cur, flags, comments, obsolete, key = {}, set(), [], False, None

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            obsolete = True
            line = line[2:].strip()
            if not line:
                continue
        elif line.startswith("#,"):
            if "msgid" in cur:
                finish()
            flags |= {f.strip() for f in line[2:].split(",")}
            continue
        elif line.startswith("#"):
            if "msgid" in cur:
                finish()
            comments.append(line)
            continue
        if not line:
            if "msgid" in cur:
                finish()
            continue
        if line.startswith('"'):
            if key is None:
                raise ValueError(f"a string without a keyword: {raw!r}")
            cur[key] += _unquote(line)
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in cur):
            finish()
        key = word
        cur[key] = _unquote(rest)
    finish()
    return entries


def catalogue(entries: Iterable[Entry]) -> dict[str, bytes]:
    """The .mo's keys and values: context EOT msgid (NUL plural), translations NUL-joined.
    Untranslated and fuzzy entries are left out (gettext then shows the English)."""
    out: dict[str, bytes] = {}
    for e in entries:
        if e.obsolete or ("fuzzy" in e.flags and e.msgid):
            continue
        if e.msgid and not all(e.msgstr):
            continue
        key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
        if e.context is not None:
            key = f"{e.context}\x04{key}"
        out[key] = "\0".join(e.msgstr).encode("utf-8")
    return out


def mo_data(messages: dict[str, bytes]) -> bytes:
    """A GNU .mo file of ``messages`` (sorted keys, no hash table), as msgfmt writes it."""
    keys = sorted(messages, key=lambda k: k.encode("utf-8"))
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        kb = k.encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(messages[k])))
        ids += kb + b"\0"
        strs += messages[k] + b"\0"
    n = len(keys)
    key_start = 7 * 4 + 16 * n
    value_start = key_start + len(ids)
    table = b"".join(struct.pack("<2I", length, key_start + o) for o, length, _, _ in offsets)
    table += b"".join(struct.pack("<2I", length, value_start + o) for _, _, o, length in offsets)
    header = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return header + table + ids + strs


def compile_po(po: Path) -> bytes:
    """The .mo bytes of one .po file."""
    return mo_data(catalogue(read_po(po.read_text(encoding="utf-8"))))


def compile_all(languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """Every language's .mo beside its .po (written only when it changes)."""
    written = []
    for lang in languages:
        po = po_path(lang)
        if not po.exists():
            continue
        mo = po.with_suffix(".mo")
        data = compile_po(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
        written.append(mo)
    return written


# ------------------------------------------------------- the pseudo-language

_ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "àéîõüÿçñÅÉÎÕÜŸÇÑ")
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo_text(text: str) -> str:
    """``text`` with accents on its letters (fields and markup kept) inside ⟦ ⟧."""
    parts = _FIELD.split(text)
    return "⟦" + "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in parts) + "⟧"


def pseudo_mo(pot: Path = POT) -> bytes:
    """The pseudo-language's .mo from the template: every message translated (tests only)."""
    messages: dict[str, bytes] = {}
    for e in read_po(pot.read_text(encoding="utf-8")):
        if not e.msgid:
            header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
            messages[""] = header.encode("utf-8")
            continue
        strs = [pseudo_text(e.msgid)] if e.plural is None else [pseudo_text(e.msgid), pseudo_text(e.plural)]
        if e.context in ("number",):  # the thousands separator stays a separator
            strs = [e.msgid]
        key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
        if e.context is not None:
            key = f"{e.context}\x04{key}"
        messages[key] = "\0".join(strs).encode("utf-8")
    return mo_data(messages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("command", choices=("extract", "update", "compile", "all"))
    args = parser.parse_args(argv)
    if args.command in ("extract", "all"):
        extract()
    if args.command in ("update", "all"):
        update()
    if args.command in ("compile", "all"):
        built = compile_all()
        print(
            f"compiled {len(built)} catalogues: " + ", ".join(m.relative_to(ROOT).as_posix() for m in built)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
