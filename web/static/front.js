// The front page in the language shown, while Python boots (tools/prerender.py drew it;
// first-paint.js decided, as <html data-front>, that it is wanted). tools/build.py puts the English
// one in #screen and every other language's in a <template data-front="xx"> before this
// async script (it never holds up the parser, and runs as soon as it arrives): a page in
// another language gets its own then, with the English page's drawing of the board (the
// templates leave it out to keep index.html small). Python draws the live one over it (it
// replaces #screen's content; the English drawing, when it is what Python draws, becomes
// the live page: patch.js `whole`). boot.js calls caravanFront() when the language changes
// before Python is ready.
//
// Its buttons, and the header's "Rules", work from the first paint: Python takes 1.5-5 s
// to start on a phone, and a tap that did nothing would be tapped again, or taken for a
// broken page. A tap before Python is ready is kept in window.caravanPending ({selector,
// kind, keyboard}), shown as taken (the control marked data-taken, <html data-pending=kind>,
// and the boot bar's first line, #boot-task, saying what will happen, in the live region
// beside the boot's progress), and carried out by web/page/glue.py once, as the same tap on
// the live page, when it is ready. A later tap replaces it: the player changed their mind,
// and the last choice is the one on screen. The form's fields stay inert (the prerender
// marks them): what was typed there would be lost when Python draws the live form.
(function () {
  var html = document.documentElement;
  var screen = document.getElementById("screen");
  var english = screen && screen.querySelector('.prerendered[data-front="en"]');
  var CONTROLS = "#start-game, #play-computer, #saved-button, [data-rules-open], [data-rule]";
  window.caravanPending = null;

  function booting() {
    return html.getAttribute("data-ready") !== "true" && html.getAttribute("data-screen") === "loading";
  }
  function kindOf(el) {
    if (el.id === "start-game" || el.id === "play-computer") return "play";
    if (el.id === "saved-button") return "saved";
    var open = el.getAttribute("data-rules-open");
    return open === "howto" || open === "learn" ? open : "rules";
  }
  function selectorOf(el) {
    if (el.id) return "#" + CSS.escape(el.id);
    return '[data-rule="' + CSS.escape(el.getAttribute("data-rule") || "") + '"]';
  }
  // The pending choice drawn on the page shown now (again after a language swap).
  function mark() {
    var pending = window.caravanPending;
    var marked = document.querySelectorAll("[data-taken]");
    for (var i = 0; i < marked.length; i++) marked[i].removeAttribute("data-taken");
    if (!pending || !booting()) return;
    var el = document.querySelector(pending.selector);
    if (el) el.setAttribute("data-taken", "true");
    html.setAttribute("data-pending", pending.kind);
    var task = document.getElementById("boot-task");
    if (task && window.caravanLanguage) {
      // boot.js words every [data-boot] element again when the language changes.
      task.setAttribute("data-boot", "taken." + pending.kind);
      task.textContent = window.caravanLanguage.text("taken." + pending.kind);
    }
  }
  document.addEventListener("click", function (e) {
    if (!booting() || !e.target || !e.target.closest) return;
    var el = e.target.closest(CONTROLS);
    if (!el || !el.closest(".prerendered, #top-tools")) return;
    // detail 0: not a pointer (Enter or Space on the button); main.py then moves focus as after a key.
    window.caravanPending = { selector: selectorOf(el), kind: kindOf(el), keyboard: e.detail === 0 };
    mark();
  });

  function show() {
    if (!screen || !english) return;
    if (!html.hasAttribute("data-front") || html.getAttribute("data-screen") !== "loading") return;
    var lang = html.getAttribute("lang") || "en";
    var shown = screen.querySelector(".prerendered");
    if (shown && shown.getAttribute("data-front") === lang) return;
    var tpl = document.querySelector('template[data-front="' + lang + '"]');
    var box = english;
    if (tpl) {
      box = document.createElement("div");
      box.className = "prerendered";
      box.setAttribute("data-front", lang);
      box.appendChild(tpl.content.cloneNode(true));
      var picture = english.querySelector(".front-picture svg");
      var slot = box.querySelector(".front-picture");
      if (picture && slot) slot.appendChild(picture.cloneNode(true));
    } else if (lang !== "en") {
      return;
    }
    screen.replaceChildren(box);
    mark();
  }
  window.caravanFront = show;
  show();
})();
