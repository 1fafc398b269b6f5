// The first paint: what the page shows while Python boots, decided before the body is
// parsed so that the browser's first paint already has it. A classic script in <head>,
// run before boot.js (index.html), so that a boot error boot.js shows at once (a page
// opened from a file) is not painted over. The choice, as <html> attributes that
// caravan.css shows (docs/UI-CONTRACT.md, "First paint"): the front page drawn at build
// time, the last drawing of a game this tab showed, or the board with nothing on it.
// This tab's drawing is kept at pagehide for the next boot; caravanPaintedWidth tells the
// app worker the width of the board painted.
(function () {
  "use strict";
  var html = document.documentElement;
  // This script runs in <head>: the body is parsed after it.
  function whenBody(fn) {
    document.addEventListener("DOMContentLoaded", fn);
  }
  // The front page drawn at build time (tools/prerender.py: the English one in #screen, the
  // others in templates that front.js swaps in) is shown while Python boots when there is
  // nothing else to show: no link in the address, no ?autostart, no game to resume
  // (web/app/saved.py's key of the game in progress). Decided here, before the body is parsed,
  // so that it is in the first paint (caravan.css shows #screen under data-front).
  //
  // A reload of a game in progress paints that game's screen as this tab last
  // showed it (kept in sessionStorage at pagehide, below), inert, with the boot's
  // progress above it, until the app worker's first frame replaces it. A game
  // opened with no drawing of it (a link, ?autostart, a game resumed in a new
  // tab) paints the board with nothing on it (#screen's div.opening, the image
  // tools/prerender.py drew, which caravan.css shows under data-painted), where
  // the game's board will be; so does a drawing until the body is parsed.
  var DRAWING = "caravan-drawing:" + (location.pathname.replace(/\/index\.html$/, "/") || "/");
  function painted(screenName, drawing) {
    html.setAttribute("data-screen", screenName);
    html.setAttribute("data-painted", screenName);
    whenBody(function () {
      var screen = document.getElementById("screen");
      if (!screen || html.getAttribute("data-painted") !== screenName) return;
      screen.inert = true;
      if (drawing) screen.innerHTML = drawing;
    });
  }
  function openingBoard() { painted("game", ""); }
  (function () {
    if (location.hash.length > 1 || /[?&]autostart=/.test(location.search)) return openingBoard();
    var key = "caravan:" + (location.pathname.replace(/\/index\.html$/, "/") || "/") + ":current";
    try {
      if (sessionStorage.getItem(key) || localStorage.getItem(key)) {
        var kept = JSON.parse(sessionStorage.getItem(DRAWING) || "null");
        if (kept && typeof kept.html === "string" && (kept.screen === "game" || kept.screen === "over")) {
          painted(kept.screen, kept.html);
        } else {
          openingBoard();
        }
        return;
      }
    } catch (e) { /* storage off: no game to resume */ }
    html.setAttribute("data-front", "shown");
  })();
  addEventListener("pagehide", function () {
    try {
      var shown = html.getAttribute("data-screen");
      var screen = document.getElementById("screen");
      var ready = html.getAttribute("data-ready") === "true";
      if (ready && screen && (shown === "game" || shown === "over") && !html.hasAttribute("data-rules")) {
        sessionStorage.setItem(DRAWING, JSON.stringify({ screen: shown, html: screen.innerHTML }));
      } else {
        sessionStorage.removeItem(DRAWING);
      }
    } catch (e) { /* storage off or full: the next boot shows the progress alone */ }
  });
  // The width of the board painted from the last visit: the app worker draws its
  // choices for it at once (no empty board laid out first to measure it).
  window.caravanPaintedWidth = function () {
    var board = html.hasAttribute("data-painted") && document.querySelector("#board, .opening-board");
    return board ? board.getBoundingClientRect().width : 0;
  };
})();
