// The front page in the language shown, while Python boots (tools/prerender.py drew it;
// boot.js decided, as <html data-front>, that it is wanted). tools/build.py puts the English
// one in #screen and every language's in a <template data-front="xx"> before this classic
// script, which runs while the page is parsed: a page in another language gets its own
// before the first paint, or right after. Inert until Python draws the live one over it
// (it replaces #screen's content). boot.js calls caravanFront() when the language changes
// before Python is ready.
(function () {
  var html = document.documentElement;
  function show() {
    if (!html.hasAttribute("data-front") || html.getAttribute("data-screen") !== "loading") return;
    var screen = document.getElementById("screen");
    var lang = html.getAttribute("lang") || "en";
    var shown = screen && screen.querySelector(".prerendered");
    if (!screen || (shown && shown.getAttribute("data-front") === lang)) return;
    var tpl = document.querySelector('template[data-front="' + lang + '"]');
    if (!tpl) return;
    var box = document.createElement("div");
    box.className = "prerendered";
    box.setAttribute("data-front", lang);
    box.inert = true;
    box.appendChild(tpl.content.cloneNode(true));
    screen.replaceChildren(box);
  }
  window.caravanFront = show;
  show();
})();
