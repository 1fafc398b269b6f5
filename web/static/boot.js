// Boot watch: real progress from the app worker's "progress" messages (the page's
// Python runs there: caravanApp below, docs/WORKER.md "The app worker"), and a plain
// message instead of an endless spinner when it cannot start. Then the offline
// cache: registers the service worker (sw.js) once the game is ready, and says so
// when a new release is ready. It is JavaScript, loaded before PyScript, because it
// must work exactly when Python does not. Beside it in index.html: first-paint.js, run
// just before it, decides what the first paint shows; app-data.js, deferred, passes the
// app worker what it cannot reach itself (the storage, the address, a file chosen).
(function () {
  "use strict";
  // The app worker's boot steps (app-worker.mjs: runtime loaded, snapshot restored, app
  // files loaded, Python ready) in words the catalogues already hold (web/words/boot_text.py).
  var STEP_WORDS = [null, "step.4", "step.7", "step.6", "starting"];
  var html = document.documentElement;

  // Languages (docs/UI-CONTRACT.md, "Languages"). tools/build.py writes the
  // boot screen's texts of every language, from the gettext catalogues, into
  // <script type="application/json" id="caravan-words"> (the source page has
  // none: English, as written). The language: ?lang=xx, else the remembered
  // choice, else the first of navigator.languages that the game speaks (by
  // primary subtag), else English. <html lang> says which; the page's Python
  // reads it there, and `caravanLanguage.set` switches (the #language select).
  var LANGS = ["en", "es", "fr", "pl", "nl"];
  var LANG_KEY = "caravan-lang";
  var WORDS = {};
  try {
    var table = document.getElementById("caravan-words");
    if (table) WORDS = JSON.parse(table.textContent);
  } catch (e) { WORDS = {}; }
  function primary(tag) { return String(tag || "").split(/[-_]/)[0].toLowerCase(); }
  function known(tag) { return LANGS.indexOf(primary(tag)) >= 0; }
  function pickLanguage() {
    var forced = /[?&]lang=([^&#]*)/.exec(location.search);
    if (forced && known(forced[1])) return primary(forced[1]);
    try {
      var kept = localStorage.getItem(LANG_KEY);
      if (kept && known(kept)) return primary(kept);
    } catch (e) { /* storage off: nothing remembered */ }
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) if (known(wanted[i])) return primary(wanted[i]);
    return "en";
  }
  var lang = pickLanguage();
  function T(key, fields) {
    var text = (WORDS[lang] && WORDS[lang][key]) || (WORDS.en && WORDS.en[key]) || ENGLISH[key] || key;
    return String(text).replace(/\{(\w+)\}/g, function (m, name) {
      return fields && name in fields ? String(fields[name]) : m;
    });
  }
  function showLanguage() {
    html.setAttribute("lang", lang);
    var link = document.querySelector('link[rel="manifest"]');
    if (link && WORDS[lang] && WORDS[lang]["manifest.href"]) link.setAttribute("href", WORDS[lang]["manifest.href"]);
    whenBody(function () {
      var marked = document.querySelectorAll("[data-boot]");
      for (var i = 0; i < marked.length; i++) {
        var el = marked[i];
        var attr = el.getAttribute("data-boot-attr");
        if (attr) el.setAttribute(attr, T(el.getAttribute("data-boot")));
        else el.textContent = T(el.getAttribute("data-boot"));
      }
      var select = document.getElementById("language");
      if (select) select.value = lang;
      if (!ready()) document.title = T("title");
      if (window.caravanFront) window.caravanFront();  // the front page in the language chosen now (front.js)
    });
  }
  window.caravanLanguage = {
    get: function () { return lang; },
    // Show `code` from now on, and remember it (unless storage is off).
    set: function (code) {
      if (!known(code)) return;
      lang = primary(code);
      try { localStorage.setItem(LANG_KEY, lang); } catch (e) { /* not remembered */ }
      showLanguage();
    },
    text: T,
  };
  // English as index.html and this file wrote it, for a page built without the table.
  var ENGLISH = {
    "from_file": "This page has to be served by a web server: browsers do not run it from a file. " +
      "In the game's folder run `make play` and open http://127.0.0.1:8000, " +
      "or upload the folder dist/ (built by `make dist`) to any static web host.",
  };
  var custom = /[?&]boot_timeout=(\d+)/.exec(location.search);  // tests only (UI-CONTRACT.md)
  var STALL_MS = custom ? Number(custom[1]) : 90000;
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
  showLanguage();
  // A task boundary for the glue's start (index.html): a promise that a new task
  // resolves, so that the page can paint and answer input between its steps.
  window.caravanYield = function () {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () { resolve(); };
      channel.port2.postMessage(0);
    });
  };
  // The select works before Python runs too: the boot screen's words follow it.
  whenBody(function () {
    var select = document.getElementById("language");
    if (select) select.addEventListener("change", function () { window.caravanLanguage.set(select.value); });
  });

  if (location.protocol === "file:") {
    fail(T("from_file"));
    return;
  }
  if (typeof WebAssembly !== "object" || !("noModule" in document.createElement("script"))) {
    fail(T("too_old"));
    return;
  }
  // The bot worker (docs/WORKER.md), a second Pyodide, started only when a
  // bot may play, and then at once: `caravanBot.start()`, called by the page's
  // Python when the game it is about to show has a bot's seat (before the
  // first screen is drawn), when a bot is chosen on the new-game form, or a
  // game with bots starts; else by the first request posted. A game between
  // people starts none (its CPU and memory for nothing). Once started it stays.
  // Its messages (JSON text) wait in `inbox` until the page's Python listens
  // (web/page/glue.py: caravanBot.listen, relayed to the app worker); a worker that cannot load gives a
  // "failed" message. The page's Python sends with caravanBot.post and sets
  // data-bot from then on ("off" until the worker is started).
  // Requests posted before the worker exists wait in `outbox`.
  var bot = window.caravanBot = { worker: null, inbox: [], outbox: [], listener: null, started: false };
  bot.post = function (text) {
    bot.start();
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
  function botFailed(reason, type) {
    // Later, never within the caller's own call of start() or post() (the page's Python).
    setTimeout(function () { fromBot(JSON.stringify({ version: 2, type: type || "failed", error: reason })); }, 0);
  }
  // A worker of its own each time: after a failure the page's "Try again" asks for a new
  // one (`caravanBot.restart()`), and only the newest one's messages are heard. An error
  // event is reported as "error": it condemns a worker that never got ready (its script
  // did not load), not one that still answers (web/bots/botclient.py decides).
  function spawn() {
    try {
      var botMeta = document.querySelector('meta[name="caravan-bot-worker"]');
      var worker = new Worker(botMeta.content, { type: "module" });
      bot.worker = worker;
      worker.onmessage = function (e) { if (bot.worker === worker) fromBot(typeof e.data === "string" ? e.data : ""); };
      worker.onerror = function (e) {
        if (bot.worker !== worker) return;
        botFailed("the bot's script did not load" + (e && e.message ? " (" + e.message + ")" : ""), "error");
      };
      bot.outbox.splice(0).forEach(function (text) { worker.postMessage(text); });
    } catch (e) {
      bot.worker = null;
      botFailed("this browser cannot start the bot (" + ((e && e.message) || e) + ")");
    }
  }
  bot.start = function () {
    if (bot.started) return;
    bot.started = true;
    html.setAttribute("data-bot", "loading");
    spawn();
  };
  bot.restart = function () {
    if (bot.worker) bot.worker.terminate();
    bot.worker = null;
    bot.outbox = [];
    bot.started = true;
    spawn();
  };
  html.setAttribute("data-bot", "off");

  // The app worker (docs/WORKER.md, "The app worker"): the page's Python, in a module
  // worker of its own (app-worker.mjs, named by <meta name="caravan-app-worker">),
  // started at once, here, so that its start overlaps the page's own, on a device with
  // more than two cores. With two or fewer it is started when the glue first listens,
  // once MicroPython is up: its start (Pyodide's WebAssembly compiled, the snapshot
  // unpacked, on threads of its own) took both cores while the glue started on the
  // page's thread, whose boot tasks then lasted twice their thread time, and the boot
  // was no sooner for the overlap (docs/WORKER.md, "The app worker after the glue").
  // The page's thread runs only the glue (MicroPython, web/page/), which talks to it
  // through caravanApp:
  //   post(text)   one JSON text to the worker (kept in `outbox` until a worker exists);
  //   listen(fn)   starts the worker if it is not yet, and calls
  //                fn(message) for each of the worker's messages, its JSON text parsed
  //                here (handed to MicroPython as text, a frame's 10-80 kB were copied
  //                into its heap and back out to be parsed): those kept in `inbox`
  //                until then are handed over right after listen returns (a microtask),
  //                in order, then each as it comes;
  //   restart()    terminates the worker and starts a fresh one: only the newest
  //                one's messages are heard;
  //   started      true once a worker has been created;
  //   version      the version of the messages written here (and by app-data.js, which
  //                adds what the worker cannot reach: the storage, the address, a file).
  // Before they are handed on, its messages are read here while the page boots:
  // "progress" moves #boot-progress, "failed" shows the boot error; a "csp" message is
  // logged as a console error beginning "CSP violation:" (a worker's violations never
  // reach the page's own listener), so the glue need not log it. The worker's error
  // event (its script did not load, or threw) becomes a "failed" message.
  // performance marks: caravan:app-worker-start, caravan:app-worker-ready (the
  // progress message that says its Python is ready, on the page's clock).
  var APP_VERSION = 1;
  var app = window.caravanApp = {
    version: APP_VERSION, worker: null, inbox: [], outbox: [], listener: null, started: false,
  };
  function mark(name) {
    try { performance.mark(name); } catch (e) { /* no User Timing: no marks */ }
  }
  // Every message goes through the inbox, so that the order holds; a listener that
  // throws (a bug of the glue's) is logged and does not hold up the messages after it.
  // A frame that patches the screen has its markup parsed here, in the message's own
  // task (web/static/patch.js `prepare`), and is handed to the glue in a task of its
  // own (caravanYield), the messages after it waiting their turn: on a slowed phone
  // the parse and the glue's patch were one task of up to 60 ms. A frame of a worker
  // replaced meanwhile (`restart`) is dropped.
  var pending = false;  // a delivery is scheduled: right after listen()
  var parsing = false;  // a frame parsed ahead waits for its task
  var generation = 0;  // restarts so far
  function hand(message) {
    try { app.listener(message); } catch (e) { console.error(e); }
  }
  function deliver() {
    while (app.listener && app.inbox.length && !parsing) {
      var message;
      try { message = JSON.parse(app.inbox.shift()); } catch (e) { console.error(e); continue; }
      if (!window.caravanPatch || !window.caravanPatch.prepare(message)) {
        hand(message);
        continue;
      }
      parsing = true;
      var release = app.hold(), mine = generation;
      window.caravanYield().then(function () {
        parsing = false;
        if (mine === generation) hand(message);
        release();
        deliver();
      });
      return;
    }
    if (app.listener) settledNow();
  }
  // caravanBot.think(json) (tests and benchmarks, docs/UI-CONTRACT.md): asked of the
  // app worker, which asks the bot worker through its own line; its answer resolves here.
  var thoughts = {}, thinking = 0;
  bot.think = function (text) {
    return new Promise(function (resolve) {
      thinking += 1;
      thoughts[thinking] = resolve;
      app.post(JSON.stringify({ version: APP_VERSION, type: "think", id: thinking, request: String(text) }));
    });
  };
  var DONE = '{"version":' + APP_VERSION + ',"type":"done","n":';
  function fromApp(text) {
    if (text.lastIndexOf(DONE, 0) === 0) {  // the worker handled the n-th message: nothing to paint
      app.handled = parseInt(text.slice(DONE.length), 10) || 0;
      app.answeredAt = performance.now();
      app.starting = false;
      settledNow();
      return;
    }
    if (text.lastIndexOf('{"type":"thought"', 0) === 0) {
      var thought = JSON.parse(text);
      if (thought.type === "thought" && thoughts[thought.id]) {
        thoughts[thought.id](thought.answer);
        delete thoughts[thought.id];
        return;
      }
    }
    if (!ready() || text.indexOf('"csp"') >= 0) look(text);
    app.inbox.push(text);
    if (!pending) deliver();
  }
  function look(text) {
    var message;
    try { message = JSON.parse(text); } catch (e) { return; }
    if (!message || message.version !== APP_VERSION) return;
    if (message.type === "progress") {
      if (message.step === message.of) mark("caravan:app-worker-ready");
      if (!ready()) progress(Number(message.step) || 0, Number(message.of) || 0, message.text);
    } else if (message.type === "failed") {
      fail(T("could_not_start", { error: String(message.error) }));
    } else if (message.type === "csp") {
      console.error("CSP violation: " + message.error + " (app worker)");
    }
  }
  function appFailed(worker, reason) {
    // Later, never within the caller's own call of restart() (the glue).
    setTimeout(function () {
      if (app.worker === worker) fromApp(JSON.stringify({ version: APP_VERSION, type: "failed", error: reason }));
    }, 0);
  }
  // A worker that stops answering once the game is up (crashed, or killed by the
  // browser) is given up after APP_TIMEOUT ms without a "done": the glue then starts
  // a new one, which resumes the game from storage (docs/WORKER.md, "A worker that
  // fails"). ?app_timeout=MS: tests.
  var APP_TIMEOUT = Number((/[?&]app_timeout=(\d+)/.exec(location.search) || [])[1]) || 15000;
  var watchdog = null;
  function watchApp() {
    watchdog = null;
    if (!ready() || app.starting || app.handled >= app.posted) return;  // a new worker's start is not a stall
    var waited = performance.now() - app.answeredAt;
    if (waited >= APP_TIMEOUT) appFailed(app.worker, "the game stopped answering");
    else watchdog = setTimeout(watchApp, APP_TIMEOUT - waited);
  }
  app.post = function (text) {
    if (app.handled >= app.posted) app.answeredAt = performance.now();  // waiting from now
    if (ready() && !app.starting && !watchdog) watchdog = setTimeout(watchApp, APP_TIMEOUT);
    app.posted += 1;
    if (app.worker) app.worker.postMessage(String(text));
    else app.outbox.push(String(text));
  };
  // Settled: the worker has handled every message posted to it, and the page
  // has painted what it answered (docs/UI-CONTRACT.md, caravanSettled: the
  // tests wait for it after a click, as a player waits for the screen).
  app.posted = 0;
  app.handled = 0;
  app.answeredAt = 0;
  var settling = [];
  // What the page still has to do for a frame it was sent holds settled:
  // `hold()` returns the function that says it is done (once; later calls do
  // nothing). The rest of a frame put on the page after its answer is painted
  // (web/static/patch.js `later`) holds it so.
  app.held = 0;
  app.hold = function () {
    var over = false;
    app.held += 1;
    return function () {
      if (over) return;
      over = true;
      app.held -= 1;
      settledNow();
    };
  };
  // A board drawn anew is measured by the glue's ResizeObserver after the next
  // layout (web/page/paint.py, watch_board): settled waits for that layout, so a
  // board drawn for another width is drawn again first. A hidden tab has no
  // animation frames: then it waits 250 ms at most.
  app.awaitLayout = function () {
    var measured = app.hold();
    requestAnimationFrame(function () { setTimeout(measured, 0); });  // after its layout's observers
    setTimeout(measured, 250);
  };
  function settledNow() {
    if (app.handled < app.posted || app.inbox.length || app.held) return;  // not all answered, painted, measured
    settling.splice(0).forEach(function (resolve) { resolve(); });
  }
  // The first screen is drawn: <html data-ready> once what it asked (a tap kept
  // before Python was ready, the board measured) is answered and painted too.
  app.readyWhenSettled = function () {
    window.caravanSettled().then(function () { html.setAttribute("data-ready", "true"); });
  };
  window.caravanSettled = function () {
    return new Promise(function (resolve) { settling.push(resolve); settledNow(); });
  };
  app.listen = function (fn) {
    if (!app.started) spawnApp();
    app.listener = fn;
    if (!app.inbox.length || pending) return;
    pending = true;
    Promise.resolve().then(function () { pending = false; deliver(); });
  };
  function spawnApp() {
    app.started = true;
    mark("caravan:app-worker-start");
    try {
      var meta = document.querySelector('meta[name="caravan-app-worker"]');
      var worker = new Worker(meta.content, { type: "module" });
      app.worker = worker;
      worker.onmessage = function (e) { if (app.worker === worker) fromApp(typeof e.data === "string" ? e.data : ""); };
      worker.onerror = function (e) {
        if (app.worker !== worker) return;
        appFailed(worker, T("script_stopped") + (e && e.message ? " (" + e.message + ")" : ""));
      };
      app.outbox.splice(0).forEach(function (text) { worker.postMessage(text); });
    } catch (e) {
      app.worker = null;
      appFailed(null, T("no_process") + " (" + ((e && e.message) || e) + ")");
    }
  }
  app.restart = function () {
    app.posted = app.handled = 0;
    app.starting = true;  // its boot takes seconds: the watchdog waits for its first answer
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
    if (app.worker) app.worker.terminate();
    app.worker = null;
    app.outbox = [];
    app.inbox = [];
    generation += 1;
    spawnApp();
  };
  if (!(navigator.hardwareConcurrency <= 2)) spawnApp();  // unknown: as many cores

  var BLOCKED = T("blocked");
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
      fail(T("stalled"));
    }, STALL_MS);
  }
  // PyScript's own steps (MicroPython, the glue's files) keep the watch awake; the bar
  // follows the app worker, which does the long part.
  addEventListener("mpy:progress", watch);
  function progress(step, of, text) {
    var bar = document.getElementById("boot-progress");
    var status = document.getElementById("boot-status");
    if (bar && of > 0) {
      bar.max = of;
      bar.value = Math.max(bar.value, Math.min(step, of));
    }
    var key = of === STEP_WORDS.length - 1 ? STEP_WORDS[step] : null;
    var said = key ? T(key) : String(text || "");
    if (status && said) status.textContent = /…$/.test(said) ? said : said + "…";
    watch();
  }
  addEventListener("unhandledrejection", function (e) {
    var reason = e.reason && e.reason.message ? e.reason.message : T("a_file");
    // Late, so that the storage probe's plainer reason wins when storage is the cause.
    setTimeout(function () {
      fail(T("not_loaded", { reason: reason }));
    }, 300);
  });
  addEventListener("error", function (e) {
    var message = String(e.message || "");
    if (!ready() && message.indexOf("PythonError") >= 0) {
      fail(T("python_failed", { message: message }));
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
  var READY_TEXT = T("update_ready");
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
    notice("failed", sw.controller ? T("update_failed", { reason: reason }) : T("offline_failed", { reason: reason }));
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
      if (!reg) return;  // a browser that blocks service workers may resolve with nothing
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
            installFailed(lastReason || T("stopped"));
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
      // When the page is idle: the first frames and clicks go first.
      if ("requestIdleCallback" in window) requestIdleCallback(offline, { timeout: 3000 });
      else setTimeout(offline, 500);
    }
  }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
})();
