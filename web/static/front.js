// The front page in the language shown, while Python boots (tools/prerender.py drew it;
// boot.js decided, as <html data-front>, that it is wanted). tools/build.py puts the English
// one in #screen and every other language's in a <template data-front="xx"> before this
// async script (it never holds up the parser, and runs as soon as it arrives): a page in
// another language gets its own then, with the English page's drawing of the board (the
// templates leave it out to keep index.html small). Inert until Python draws the live one
// over it (it replaces #screen's content). boot.js calls caravanFront() when the language
// changes before Python is ready.
(function () {
  var html = document.documentElement;
  var screen = document.getElementById("screen");
  var english = screen && screen.querySelector('.prerendered[data-front="en"]');
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
      box.inert = true;
      box.appendChild(tpl.content.cloneNode(true));
      var picture = english.querySelector(".front-picture svg");
      var slot = box.querySelector(".front-picture");
      if (picture && slot) slot.appendChild(picture.cloneNode(true));
    } else if (lang !== "en") {
      return;
    }
    screen.replaceChildren(box);
  }
  window.caravanFront = show;
  show();
})();
