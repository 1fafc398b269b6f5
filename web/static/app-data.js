// The page's data that the app worker cannot reach, passed to it past the glue: both
// storage areas' items, the address's fragment and a file chosen to import, each up to
// megabytes, go to the worker from here as text, never through the glue's small
// MicroPython heap; and the worker's writes to the storage are made here, those the
// browser refuses sent back as "stored" (docs/WORKER.md, "Storage across the split").
// They are methods of caravanApp (boot.js), which only the glue (web/page/glue.py) calls:
// this script is deferred (index.html), so that it holds up neither the parser nor the
// first paint, and runs before PyScript, which starts the glue.
(function () {
  "use strict";
  var app = window.caravanApp;
  if (!app) return;  // boot.js stopped before the app worker: a page from a file, a browser too old
  var VERSION = app.version;
  var PROBE = "caravan-probe";
  function quota(e) { return /quota/i.test(String((e && e.name) || "") + " " + String((e && e.message) || e)); }
  function areaOf(name) {
    var area = window[name];
    area.length;  // some browsers throw only on first use
    return area;
  }
  function items(name, probe) {
    var area, text;
    try { area = areaOf(name); text = JSON.stringify(area); } catch (e) { return { text: "null", problem: "disabled" }; }
    if (!probe) return { text: text, problem: "" };
    try { area.setItem(PROBE, "1"); area.removeItem(PROBE); } catch (e) { return { text: text, problem: quota(e) ? "full" : "disabled" }; }
    return { text: text, problem: "" };
  }
  app.boot = function (pageText) {
    var local = items("localStorage", true), session = items("sessionStorage", false);
    app.post('{"version":' + VERSION + ',"type":"boot","page":' + pageText + ',"local":' + local.text +
      ',"local_problem":' + JSON.stringify(local.problem) + ',"session":' + session.text + "}");
  };
  // location.hash, through at most `max` characters of the address: a link of
  // megabytes is never copied whole into the glue's heap (the app refuses it as too long).
  app.fragment = function (max) {
    var href = String(location.href).substring(0, max);
    var at = href.indexOf("#");
    return at < 0 ? "" : href.slice(at);
  };
  // A file chosen to import (<input type=file>), read here and sent to the app
  // worker in base64: its bytes never pass through the glue's small heap.
  app.importFile = function (input, max) {
    var f = input.files && input.files[0];
    if (!f) return;
    input.value = "";  // the same file can be chosen again
    var head = { version: VERSION, type: "file", name: String(f.name), size: f.size };
    if (f.size > max) {
      head.refused = "large";
      app.post(JSON.stringify(head));
      return;
    }
    var reader = new FileReader();
    reader.onload = function () {
      var url = String(reader.result);
      head.data = url.slice(url.indexOf(",") + 1);
      app.post(JSON.stringify(head));
    };
    reader.onerror = function () {
      head.refused = "unreadable";
      app.post(JSON.stringify(head));
    };
    reader.readAsDataURL(f);
  };
  // Another tab cleared the storage: what is left.
  app.storageCleared = function () {
    app.post('{"version":' + VERSION + ',"type":"storage","key":null,"items":' + items("localStorage", false).text + "}");
  };
  // writes: [[op, area, key, value], ...] (a "store" message's, or the leave plan's).
  app.store = function (writes) {
    var failed = [];
    for (var i = 0; i < writes.length; i++) {
      var w = writes[i], area = null;
      try {
        area = areaOf(w[1] === "session" ? "sessionStorage" : "localStorage");
        if (w.length > 4 && w[4] !== null) {
          // Guarded (a saved entry, web/worker/mirror.py): made only over what the
          // worker's copy believed was there; else another tab saved meanwhile.
          var now = area.getItem(w[2]);
          if ((now === null ? null : now.slice(0, 64)) !== w[4]) {
            failed.push({ area: w[1], key: w[2], actual: now, problem: "changed" });
            continue;
          }
        }
        if (w[0] === "set") area.setItem(w[2], w[3]); else area.removeItem(w[2]);
      } catch (e) {
        var actual = null;
        try { actual = area ? area.getItem(w[2]) : null; } catch (e2) { /* unreadable too */ }
        failed.push({ area: w[1], key: w[2], actual: actual, problem: quota(e) ? "full" : "disabled" });
      }
    }
    if (failed.length) app.post(JSON.stringify({ version: VERSION, type: "stored", failed: failed }));
  };
})();
