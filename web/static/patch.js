// The game screen's patch, put on the page in one call: a frame's changed parts
// (web/app/view.py ``parts``; of the board, only its changed chunks:
// web/worker/frames.py ``board_patch``, docs/WORKER.md "The board's patch") in
// place of the old ones. The glue (web/page/paint.py ``patch``) hands the frame's
// parts here as they came from JSON.parse: on a slowed phone each call across
// MicroPython's FFI costs tens of microseconds, and a move's patch took hundreds
// of them (a chunk found, checked and replaced, three calls each, for up to 50
// chunks), a third of the frame's task; here they are plain DOM calls.
// Deferred (index.html): only the glue calls it, once a frame comes. Also here:
// what the player had in the parts replaced, kept and put back (`keep`,
// `putBack`); the rest of a frame whose answer is painted first (`later`); a
// touch's acknowledgement (div#press-mark, below), before the worker answers.
(function () {
  "use strict";
  var SIDE_BOXES = ["side-stats", "side-legend", "side-log", "side-tools"];  // web/app/view.py

  function none(x) { return x === null || x === undefined; }

  // Which of the parts holds `el`, an element of the game screen.
  function partOf(el, layout) {
    if (!layout.contains(el)) {
      return layout.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? 0 : 7;
    }
    if (layout.firstElementChild.contains(el)) return 1;
    for (var i = 0; i < SIDE_BOXES.length; i++) {
      if (document.getElementById(SIDE_BOXES[i]).contains(el)) return i + 3;
    }
    return 2;
  }

  // True when the board's patch replaces the chunk that holds `el`.
  function boardReplaces(board, el) {
    if (none(board)) return false;
    var chunk = el.closest("#board > [data-chunk]");
    if (!chunk) return true;
    var key = chunk.getAttribute("data-chunk");
    return (board.chunks || []).some(function (pair) { return String(pair[1]) === key; });
  }

  // Only the board's chunks that changed: their markup parsed at once, each put
  // in place of the svg#board child at its index, which must have its key
  // (web/board/board_svg.py CHUNK); of a chunk whose elements only changed
  // attributes (a source selected, the tab stop moved), those set where it is
  // (`set`: the element by its place among the chunk's, 0 the chunk itself);
  // the svg's attributes that changed set; the motion's layer emptied, as a
  // whole board would have it; and the board's one tab stop the frame's,
  // wherever the arrow keys had moved it. False when a chunk, an element or the
  // stop is not found: the page asks for the screen whole.
  function patchBoard(wrap, board) {
    var svg = wrap.firstElementChild;
    if (!svg || svg.id !== "board") return false;
    var kids = svg.children, old = [], chunks = board.chunks || [], marks = board.set || [], i, el;
    var chunkAt = function (index, key) {
      var chunk = kids.item(index);
      return chunk && chunk.getAttribute("data-chunk") === String(key) ? chunk : null;
    };
    for (i = 0; i < chunks.length; i++) {
      el = chunkAt(chunks[i][0], chunks[i][1]);
      if (!el) return false;
      old.push(el);
    }
    var marked = [];
    for (i = 0; i < marks.length; i++) {
      var chunk = chunkAt(marks[i][0], marks[i][1]);
      el = !chunk || marks[i][2] === 0 ? chunk : chunk.getElementsByTagName("*").item(marks[i][2] - 1);
      if (!el) return false;
      marked.push(el);
    }
    for (i = 0; i < marks.length; i++) {
      if (none(marks[i][4])) marked[i].removeAttribute(marks[i][3]);
      else marked[i].setAttribute(marks[i][3], marks[i][4]);
    }
    var attrs = board.attrs || [];
    for (i = 0; i < attrs.length; i++) {
      if (none(attrs[i][1])) svg.removeAttribute(attrs[i][0]);
      else svg.setAttribute(attrs[i][0], attrs[i][1]);
    }
    if (old.length) {
      var fresh = take(board) || fragment(board.html, true);  // as an svg's children: SVG elements
      for (i = 0; i < old.length; i++) {
        var neu = fresh.firstElementChild;
        if (!neu) return false;
        old[i].replaceWith(neu);
      }
    }
    var fx = svg.lastElementChild;
    if (fx && fx.getAttribute("data-chunk") === "fx" && fx.firstChild) fx.textContent = "";
    var stop = none(board.stop) ? null : board.stop;
    var to = stop === null ? null : document.querySelector(stop);
    if (stop !== null && !to) return false;
    var stops = document.querySelectorAll('#board [tabindex="0"]');
    for (i = 0; i < stops.length; i++) {
      if (!to || !stops[i].isSameNode(to)) stops[i].tabIndex = -1;
    }
    if (to && to.getAttribute("tabindex") !== "0") to.tabIndex = 0;
    return true;
  }

  // A frame's markup parsed ahead, in the task its message came in (boot.js
  // `deliver`), so that putting it on the page, in the next task, is only the
  // DOM's changes: each part's (or the board patch's) nodes, by the part, taken
  // once (`take`); a part not found here is parsed where it goes.
  // Parsed in the context it is put in: the board's chunks as an svg's children,
  // the rest as a <div>'s (#screen, the side column's boxes, the log).
  var SVG_NS = "http://www.w3.org/2000/svg";
  var parsed = new WeakMap();
  function fragment(html, svg) {
    var span = document.createRange();
    span.selectNodeContents(svg ? document.createElementNS(SVG_NS, "svg") : document.createElement("div"));
    return span.createContextualFragment(html);
  }
  function prepare(message) {
    var s = field(message, "type") === "frame" ? field(message, "screen") : null;
    var parts = field(s, "patch");
    if (none(parts) || !parts.length) return false;
    // A frame answered first (paint.py, `first`): only what is put on the page at once;
    // its rest is parsed in the rest's own task, later.
    var end = field(s, "first") || parts.length;
    for (var i = 0; i < end; i++) {
      var part = parts[i], board = field(part, "board");
      if (!none(board)) {
        if (field(board, "html")) parsed.set(board, fragment(board.html, true));
      } else {
        var text = field(part, "add") || field(part, "html");
        if (text) parsed.set(part, fragment(text, false));
      }
    }
    return true;
  }
  function take(obj) {
    var nodes = parsed.get(obj);
    if (nodes) parsed.delete(obj);
    return nodes || null;
  }

  // The game screen drawn again in place: only its changed parts are replaced
  // (`add`: the log's new lines, on top of those drawn), those from index `from`
  // to `to` (excluded; all eight when not given). False when #screen does not
  // hold the game screen's layout, or the board's patch found no place.
  function patchScreen(root, parts, from, to) {
    var layout = root.querySelector(":scope > .layout");
    if (!layout) return false;
    var lo = none(from) ? 0 : from, hi = none(to) ? parts.length : to;
    var has = function (i) { return i >= lo && i < hi && !none(parts[i]); };
    var rest = document.getElementById("side-rest");
    // The focus leaves an element about to be replaced before anything changes
    // (taken from a removed element, the browser lays the page out halfway
    // through the changes).
    var active = document.activeElement;
    if (active && root.contains(active)) {
      var at = partOf(active, layout), part = parts[at];
      if (has(at) && (!none(part.html) || boardReplaces(part.board, active))) active.blur();
    }
    var span = document.createRange();
    if (has(0)) {  // the banner and what is above the layout
      span.setStart(root, 0);
      span.setEndBefore(layout);
      span.deleteContents();
      put(parts[0], "html", root, layout);
    }
    if (has(1)) {  // the board: whole, or only its chunks that changed
      if (none(parts[1].board)) fill(layout.firstElementChild, parts[1]);
      else if (!patchBoard(layout.firstElementChild, parts[1].board)) return false;
    }
    if (has(2)) {  // the side column's upper part: controls, message, square info
      span.setStart(rest.parentElement, 0);
      span.setEndBefore(rest);
      span.deleteContents();
      put(parts[2], "html", rest.parentElement, rest);
    }
    for (var i = 0; i < SIDE_BOXES.length; i++) {
      if (!has(i + 3)) continue;
      var box = parts[i + 3], log = document.getElementById("log");
      if (!none(box.add)) put(box, "add", log, log.firstChild);
      else fill(document.getElementById(SIDE_BOXES[i]), box);
    }
    if (has(7)) {  // the end-turn question
      span.setStartAfter(layout);
      span.setEnd(root, root.childNodes.length);
      span.deleteContents();
      put(parts[7], "html", root, layout.nextSibling);
    }
    return true;
  }
  // A part's markup (its field `key`) put in `parent` before `next` (null: at its end).
  function put(part, key, parent, next) {
    parent.insertBefore(take(part) || fragment(part[key], false), next);
  }
  // `el`'s children replaced by a part's markup.
  function fill(el, part) {
    var nodes = take(part);
    if (nodes) el.replaceChildren(nodes);
    else el.innerHTML = part.html;
  }

  // What the player had in the parts a frame replaces, taken before it (`keep`)
  // and put back after (`putBack`): the <details> opened or closed, on the same
  // screen the text typed and the columns' scroll. Read without laying the page
  // out inside the frame's task: a column's scroll is read only when its last
  // scroll event left it off its top (a column never scrolled is at its top; a
  // read of scrollTop lays out what the tap left to lay out, and again after the
  // frame's changes).
  var SCROLLERS = [".side", "#log", "#saved-list", "#history-log"];  // paint.py SCROLLERS
  var scrolledTo = new WeakMap();
  document.addEventListener("scroll", function (e) {
    if (e.target && e.target.nodeType === 1) scrolledTo.set(e.target, e.target.scrollTop);
  }, { capture: true, passive: true });
  function keep(root, same) {
    var kept = { same: same, folded: [], typed: [], scrolled: [] }, i, found;
    found = root.querySelectorAll("details[id]");
    for (i = 0; i < found.length; i++) kept.folded.push([found[i].id, found[i].open]);
    if (!same) return kept;
    found = root.querySelectorAll("input[type=text][id]");
    for (i = 0; i < found.length; i++) kept.typed.push([found[i].id, found[i].value]);
    for (i = 0; i < SCROLLERS.length; i++) {
      var el = document.querySelector(SCROLLERS[i]);
      if (el && scrolledTo.get(el)) kept.scrolled.push([SCROLLERS[i], el.scrollTop]);
    }
    return kept;
  }
  function putBack(kept) {
    var i, el;
    for (i = 0; i < kept.typed.length; i++) {  // typing goes on in a field drawn anew
      el = document.getElementById(kept.typed[i][0]);
      if (kept.typed[i][1] && el && !el.value) el.value = kept.typed[i][1];
    }
    for (i = 0; i < kept.scrolled.length; i++) {  // a column at its top is left alone
      el = document.querySelector(kept.scrolled[i][0]);
      if (el && kept.scrolled[i][1]) el.scrollTop = kept.scrolled[i][1];
    }
    for (i = 0; i < kept.folded.length; i++) {
      el = document.getElementById(kept.folded[i][0]);
      if (el && el.tagName === "DETAILS" && el.open !== kept.folded[i][1]) el.open = kept.folded[i][1];
    }
  }

  // The rest of a frame, put on the page in the frame after its answer: a tap
  // on the board is answered by the board (and the banner) in a frame of their
  // own, and the side column follows in the next (paint.py ``_draw_screen``,
  // the frame's `first`). `fn` runs in a task of its own (boot.js
  // `caravanYield`) asked for in the next frame's requestAnimationFrame
  // callback, so after that frame, which paints the answer, has run its
  // style, layout and paint; or at once when `now()` is called first (a newer
  // frame, the square's words: nothing is put on the page out of order), or
  // after 200 ms in a hidden tab, which paints no frames. In the callback of the frame after, as it was, the rest's patch
  // and that frame's rendering were one task, over 50 ms on a slowed phone.
  // caravanSettled (boot.js) waits for it.
  var waiting = null;
  function later(fn) {
    now();
    var mine = waiting = { fn: fn, release: window.caravanApp.hold() };
    var run = function () { if (waiting === mine) now(); };
    requestAnimationFrame(function () { window.caravanYield().then(run); });
    setTimeout(run, 200);
  }
  function now() {
    var it = waiting;
    if (!it) return;
    waiting = null;
    try { it.fn(); } finally { it.release(); }
  }

  // The tap acknowledged at once: over the choice the player touched (a board
  // element, a button of the action list, End turn: what carries data-select,
  // data-action or data-zoom) a mark is shown in the pointerdown's own task,
  // before the app worker has answered: div#press-mark, outside #screen, in a
  // layer of its own (caravan.css), so that showing it repaints neither the board
  // nor the page. The mark decides nothing: the worker still judges the click (a
  // choice is drawn only where it is legal), and its next frame takes the mark
  // off before it is painted (paint.py ``apply``), as do a cancelled pointer, a
  // release off the element (no click comes) and, at the latest, a second.
  var PRESSABLE = "[data-select],[data-action],[data-zoom]";
  var pressed = null, pressTimer = 0, mark = null;
  function unpress() {
    if (pressTimer) { clearTimeout(pressTimer); pressTimer = 0; }
    if (pressed) { mark.removeAttribute("data-pressed"); pressed = null; }
  }
  function press(e) {
    // A touch or a pen: a mouse's click is answered within a frame or two, and has its hover.
    if (e.pointerType === "mouse" || e.button > 0 || document.documentElement.getAttribute("data-ready") !== "true") return;
    var el = e.target && e.target.closest ? e.target.closest(PRESSABLE) : null;
    var screen = document.getElementById("screen");
    if (!el || !screen || !screen.contains(el) || el.disabled) return;
    unpress();
    if (!mark) {
      mark = document.createElement("div");
      mark.id = "press-mark";
      mark.setAttribute("aria-hidden", "true");
      document.body.appendChild(mark);
    }
    var box = el.getBoundingClientRect();
    mark.style.transform = "translate(" + box.left + "px, " + box.top + "px)";
    mark.style.width = box.width + "px";
    mark.style.height = box.height + "px";
    mark.setAttribute("data-pressed", "");
    pressed = el;
    pressTimer = setTimeout(unpress, 1000);
  }
  function released(e) {
    if (pressed && !(e.type === "pointerup" && e.target && pressed.contains(e.target))) unpress();
  }
  document.addEventListener("pointerdown", press, { passive: true });
  document.addEventListener("pointerup", released, { passive: true });
  document.addEventListener("pointercancel", released, { passive: true });

  // obj[key] when obj (a frame parsed by JSON.parse) has that field, else null.
  function field(obj, key) {
    return none(obj) || !Object.prototype.hasOwnProperty.call(obj, key) ? null : obj[key];
  }
  // el.innerHTML = obj[key], when obj has that field and it is not null (true then):
  // a frame's markup goes from the worker's JSON to the DOM without a copy into
  // MicroPython's heap and back out (the front page's 27 kB frame spent 7 ms of a
  // profile at 1x in that conversion).
  function markup(el, obj, key) {
    var text = field(obj, key);
    if (none(text)) return false;
    el.innerHTML = text;
    return true;
  }

  // tools/prerender.py's `digest`: the length and FNV-1a hash of a string's UTF-16
  // code units, in hex.
  function digest(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return digestHead(text) + h.toString(16);
  }
  function digestHead(text) {  // the digest's length part, known without reading the text
    return text.length.toString(16) + "-";
  }
  // The screen sent whole (a frame's `whole`) into #screen. When #screen still holds the
  // English front page drawn at build time for this very markup (its root's `data-digest`,
  // tools/build.py), that drawing becomes the live page: its fields' `inert` and the mark
  // of a tap kept before Python (front.js) are taken off, and its root's own marks
  // (`prerendered`, `data-front`, `data-digest`), as drawing the markup again would leave
  // them; the rest of #screen (the opening's board picture) goes. The drawing's nodes stay
  // where they are: parsing and laying out the same 24 kB again was the longest task of the
  // front page's boot, and moving them out of a box took each out of the layout and back.
  // Otherwise as `markup`: false when the frame has no `whole`.
  function whole(root, s) {
    var text = field(s, "whole");
    var drawn = none(text) ? null : root.querySelector(":scope > .prerendered[data-digest]");
    var mark = drawn ? drawn.getAttribute("data-digest") || "" : "";
    // The length first (the digest's head): a game screen's 75 kB are not hashed for nothing.
    if (!drawn || mark.indexOf(digestHead(text)) !== 0 || mark !== digest(text)) {
      return markup(root, s, "whole");
    }
    var marked = drawn.querySelectorAll("[inert], [data-taken]");
    for (var i = 0; i < marked.length; i++) {
      marked[i].removeAttribute("inert");
      marked[i].removeAttribute("data-taken");
    }
    drawn.classList.remove("prerendered");
    drawn.removeAttribute("data-front");
    drawn.removeAttribute("data-digest");
    var span = document.createRange();
    span.setStart(root, 0);
    span.setEndBefore(drawn);
    span.deleteContents();
    span.setStartAfter(drawn);
    span.setEnd(root, root.childNodes.length);
    span.deleteContents();
    return true;
  }

  window.caravanPatch = {
    whole: whole, markup: markup, screen: patchScreen, keep: keep, putBack: putBack, later: later, now: now, unpress: unpress,
    prepare: prepare,
  };
})();
