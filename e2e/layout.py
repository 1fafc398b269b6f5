"""What a longer language can break in a layout (issue 13), measured in the
page: a text wider than its box, a panel's label wrapped into its number,
the page scrolling sideways. Shared by e2e/test_languages.py,
e2e/test_layout.py (the phone checks) and
tools/screenshots.py --check."""

from __future__ import annotations

from typing import Any

# Each problem as "what: where (text)". A box "overflows" when its content is
# wider than it (scrollWidth > clientWidth), measured on the boxes that hold
# words: buttons, labels, summaries, headings, table cells, panel rows; a
# scrolling container (the action list, the log, a table's wrapper) is not one.
# In a panel, a label and its number must share one line: the label one line
# high, its number beside it. The game-over table must fit without scrolling.
LAYOUT_PROBLEMS = """() => {
  const out = [];
  const shown = el => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const name = el => {
    const id = el.id ? "#" + el.id : "";
    const field = el.dataset && el.dataset.field ? `[data-field=${el.dataset.field}]` : "";
    return el.tagName.toLowerCase() + id + field;
  };
  const text = el => (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 40);
  const boxes = "button, label, summary, select, h1, h2, h3, th, td, dt, dd, legend, .banner-name";
  for (const el of document.querySelectorAll(boxes)) {
    // clipped (for screen readers only), or drawn in the board: not a box of words
    if (!shown(el) || el.closest("svg") || getComputedStyle(el).clipPath !== "none") continue;
    if (getComputedStyle(el).display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(`overflows: ${name(el)} (${text(el)})`);
  }
  for (const dt of document.querySelectorAll(".panel dt")) {
    const dd = dt.nextElementSibling;
    if (!shown(dt) || !dd) continue;
    const a = dt.getBoundingClientRect(), b = dd.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(dt).lineHeight) || a.height;
    if (a.height > line * 1.5 || b.top >= a.bottom || a.top >= b.bottom || b.left < a.right - 1)
      out.push(`label apart from its number: ${text(dt)} ${text(dd)}`);
  }
  const wrap = document.querySelector("#game-over .table-wrap");
  if (wrap && shown(wrap) && wrap.scrollWidth > wrap.clientWidth + 1)
    out.push(`game-over table scrolls sideways: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1)
    out.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  return out;
}"""


def layout_problems(page: Any) -> list[str]:
    """The layout problems on the page as it is now (empty when none)."""
    return [str(p) for p in page.evaluate(LAYOUT_PROBLEMS)]


# Issue 14, phones and small windows. A panel's label and its number: each
# label one line, its text (not its grid cell) ending at least 4 px before its
# number's text begins.
LABELS_APART = """() => {
  const box = el => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect();
  };
  const out = [];
  for (const dt of document.querySelectorAll('.panel dt')) {
    const dd = dt.nextElementSibling, a = box(dt), b = box(dd);
    const line = parseFloat(getComputedStyle(dt).lineHeight) || a.height;
    if (a.height > line * 1.5) out.push(`wraps: ${dt.textContent}`);
    else if (b.left - a.right < 4) out.push(`touches its number: ${dt.textContent}${dd.textContent}`);
  }
  return out;
}"""
# Where an element is against the viewport: [top, bottom, left, right, innerWidth, innerHeight].
WHERE = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right, innerWidth, innerHeight]; }"""


def inside_viewport(page: Any, selector: str) -> bool:
    """The whole element is in the viewport."""
    top, bottom, left, right, width, height = page.evaluate(WHERE, selector)
    return bool(top >= -1 and left >= -1 and bottom <= height + 1 and right <= width + 1)


def overlap(page: Any, a: str, b: str) -> bool:
    """The two elements' boxes intersect."""
    ta, ba, la, ra, *_ = page.evaluate(WHERE, a)
    tb, bb, lb, rb, *_ = page.evaluate(WHERE, b)
    return bool(ta < bb and tb < ba and la < rb and lb < ra)
