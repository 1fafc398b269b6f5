// Boot watch: real progress from PyScript's py:progress events, and a plain
// message instead of an endless spinner when Python cannot start. Then the
// offline cache: registers the service worker (sw.js) once the game is ready,
// and says so when a new release is ready. It is JavaScript, loaded before
// PyScript, because it must work exactly when Python does not.
(function () {
  "use strict";
  var STEPS = ["Loading Pyodide", "Loading Storage", "Loaded Storage", "Loading interpreter",
    "Loaded interpreter", "Loading files", "Loaded files", "Loaded Pyodide"];
  var custom = /[?&]boot_timeout=(\d+)/.exec(location.search);  // tests only (UI-CONTRACT.md)
  var STALL_MS = custom ? Number(custom[1]) : 90000;
  var html = document.documentElement;
  var timer = null;
  var failed = false;
  function ready() { return html.getAttribute("data-ready") === "true"; }
  function whenBody(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }
  function fail(text) {
    if (ready() || failed) return;  // the first, most specific reason wins
    failed = true;
    html.setAttribute("data-screen", "error");
    if (timer) clearTimeout(timer);
    whenBody(function () {
      var box = document.getElementById("boot-error");
      box.textContent = text;
      box.hidden = false;
      offline();  // a broken release can still be replaced by the next one
    });
  }
  window.caravanBootFail = fail;

  if (location.protocol === "file:") {
    fail("This page has to be served by a web server: browsers do not run it from a file. " +
      "In the game's folder run `make play` and open http://127.0.0.1:8000, " +
      "or upload the folder dist/ (built by `make dist`) to any static web host.");
    return;
  }
  if (typeof WebAssembly !== "object" || !("noModule" in document.createElement("script"))) {
    fail("This browser is too old to run the game: it needs WebAssembly and JavaScript modules. " +
      "Please open the page in a current Firefox, Chrome, Edge or Safari.");
    return;
  }
  // The bot worker (docs/WORKER.md), started while the page boots, once the
  // page's own interpreter is loaded (BOT_START; at the latest when the page
  // is ready): the runtime is in the HTTP cache then, and only the end of the
  // page's boot competes with the worker's (bench/worker.py).
  // Its messages (JSON text) wait in `inbox` until the
  // page's Python listens (web/main.py: caravanBot.listen); a worker that
  // cannot load gives a "failed" message. The page's Python sends with
  // caravanBot.post and sets data-bot from then on.
  // Requests posted before the worker exists wait in `outbox`.
  var bot = window.caravanBot = { worker: null, inbox: [], outbox: [], listener: null };
  bot.post = function (text) {
    if (bot.worker) bot.worker.postMessage(text);
    else bot.outbox.push(text);
  };
  bot.listen = function (fn) {
    bot.listener = fn;
    var waiting = bot.inbox;
    bot.inbox = [];
    waiting.forEach(function (text) { fn(text); });
  };
  function fromBot(text) {
    if (bot.listener) bot.listener(text);
    else bot.inbox.push(text);
  }
  function botFailed(reason) {
    fromBot(JSON.stringify({ version: 1, type: "failed", error: reason }));
  }
  var BOT_START = "Loaded interpreter";
  function startBot() {
    if (bot.worker) return;
    try {
      var botMeta = document.querySelector('meta[name="caravan-bot-worker"]');
      bot.worker = new Worker(botMeta.content, { type: "module" });
      bot.worker.onmessage = function (e) { fromBot(String(e.data)); };
      bot.worker.onerror = function (e) {
        botFailed("the bot's script did not load" + (e && e.message ? " (" + e.message + ")" : ""));
      };
      bot.outbox.splice(0).forEach(function (text) { bot.worker.postMessage(text); });
    } catch (e) {
      botFailed("this browser cannot start the bot (" + ((e && e.message) || e) + ")");
    }
  }
  html.setAttribute("data-bot", "loading");

  var BLOCKED = "The browser is blocking storage (IndexedDB), which the game needs to start. " +
    "Allow site data for this page, or leave private browsing, then reload.";
  try {
    var probe = indexedDB.open("caravan-probe");
    probe.onerror = function () { fail(BLOCKED); };
    probe.onsuccess = function () { probe.result.close(); };
  } catch (e) {
    fail(BLOCKED);
  }
  function watch() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () {
      fail("The game did not finish loading. Check your connection and reload the page.");
    }, STALL_MS);
  }
  addEventListener("py:progress", function (e) {
    var i = STEPS.indexOf(String(e.detail));
    if (String(e.detail) === BOT_START) startBot();
    var bar = document.getElementById("boot-progress");
    var text = document.getElementById("boot-status");
    if (bar && i >= 0) bar.value = i + 1;
    if (text) text.textContent = String(e.detail) + "…";
    watch();
  });
  addEventListener("unhandledrejection", function (e) {
    var reason = e.reason && e.reason.message ? e.reason.message : "a file did not load";
    // Late, so that the storage probe's plainer reason wins when storage is the cause.
    setTimeout(function () {
      fail("The game could not load what it needs (" + reason + "). Check your connection and reload the page.");
    }, 300);
  });
  addEventListener("error", function (e) {
    var message = String(e.message || "");
    if (!ready() && message.indexOf("PythonError") >= 0) {
      fail("Python started but the game could not: " + message);
    }
  });
  watch();

  // Offline cache. Registered after boot, so that its downloads (mostly
  // from the HTTP cache by then) do not compete with the game's own. The
  // worker's messages and controller changes are listened to from the start:
  // an install can fail before the game is ready, and a message sent then
  // waits for the page only until DOMContentLoaded.
  var sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  var controlled = !!(sw && sw.controller);
  var reloading = false;
  var lastReason = "";
  var READY_TEXT = "An update is ready: reload to play the new version.";
  function notice(state, text) {
    whenBody(function () {
      var bar = document.getElementById("update");
      var label = document.getElementById("update-text");
      var reload = document.getElementById("update-reload");
      var close = document.getElementById("update-dismiss");
      if (!bar || !label || !reload || !close) return;
      label.textContent = text;
      reload.hidden = state !== "ready";
      close.hidden = state === "ready";
      reload.onclick = takeUpdate;
      close.onclick = function () {
        bar.hidden = true;
        html.removeAttribute("data-update");
      };
      bar.hidden = false;
      html.setAttribute("data-update", state);
    });
  }
  function takeUpdate() {
    document.getElementById("update-reload").disabled = true;
    sw.getRegistration().then(function (reg) {
      if (reg && reg.waiting) {
        reloading = true;  // reload once it is in control (controllerchange)
        reg.waiting.postMessage("skip-waiting");
      } else {
        location.reload();  // another tab took the update: the new release is in control already
      }
    }, function () { location.reload(); });
  }
  function installFailed(reason) {
    if (html.getAttribute("data-update") === "ready") return;  // a whole release waits: that offer stands
    notice("failed", sw.controller
      ? "The new version could not be downloaded (" + reason + "). This version keeps working, " +
        "offline too; the next visit tries again."
      : "The game could not be stored for playing offline (" + reason + "). It plays while you " +
        "are online; the next visit tries again.");
  }
  if (sw) {
    sw.addEventListener("message", function (e) {
      var data = e.data;
      if (data && data.caravan === "install-failed") {
        lastReason = String(data.reason);
        installFailed(lastReason);
      }
    });
    sw.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
      else if (controlled) notice("ready", READY_TEXT);  // another tab took the update
      controlled = true;
    });
  }
  var registered = false;
  function offline() {
    if (registered || !sw) return;
    registered = true;
    sw.register("./sw.js").then(function (reg) {
      if (reg.waiting && sw.controller) notice("ready", READY_TEXT);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        var installed = false;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") {
            installed = true;
            if (sw.controller) notice("ready", READY_TEXT);
          }
          // Failed, and no newer worker took its place: the worker's own message says why.
          if (worker.state === "redundant" && !installed && !reg.installing) {
            installFailed(lastReason || "it stopped before every file was stored");
          }
        });
      });
    }, function (e) {
      // Playing still works; only the offline copy is missing.
      console.warn("caravan: the offline copy could not be set up: " + (e && e.message));
    });
  }
  new MutationObserver(function (_, observer) {
    if (ready()) {
      observer.disconnect();
      startBot();
      // When the page is idle: the first frames and clicks go first.
      if ("requestIdleCallback" in window) requestIdleCallback(offline, { timeout: 3000 });
      else setTimeout(offline, 500);
    }
  }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
})();
