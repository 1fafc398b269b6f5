// The app worker: the page's own Python (the engine and the app, web/worker/entry.py),
// off the page's thread. The page's thread runs only a thin glue in MicroPython
// (web/page/, `<script type="mpy">` in index.html), which draws what this worker
// says and posts it what the player does (docs/WORKER.md, "The app worker").
//
// Booted exactly as the bot worker is (web/static/bot-worker.mjs): a module worker
// of our own origin, so the page's `worker-src 'self'` allows it; it runs under the
// CSP of its own response (netlify.toml gives it one with 'wasm-unsafe-eval'), and
// Python starts from the build's memory snapshot (web/static/pyodide-boot.mjs).
// tools/build.py rewrites the "./..." paths below to the bundle's versioned ones
// (relative to assets/, where this file lands content-hashed).
//
// Every message either way is one JSON text. This file writes only:
//   {"version": 1, "type": "progress", "step": N, "of": M, "text": "...", "ms": T}
//       the boot's steps (boot.js moves #boot-progress with them, then hands them on);
//   {"version": 1, "type": "failed", "error": "..."}   Python or the app did not start;
//   {"version": 1, "type": "error", "error": "..."}    web.worker.entry.receive raised;
//   {"version": 1, "type": "csp", "error": "..."}      this worker's CSP refused something.
// All else is web/worker/entry.py's: `start(post)` gets a function that posts one text,
// `receive(text)` every message of the page, in order (those that came while Python
// was starting wait here, and follow `start` in the order they came).
import { loadPyodide, putApp } from "./web/static/pyodide-boot.mjs";

const RUNTIME = new URL("./node_modules/pyodide/pyodide.mjs", import.meta.url);
const APP_ZIP = new URL("./app.zip", import.meta.url);
const VERSION = 1;
const STEPS = 4;

function send(fields) {
  self.postMessage(JSON.stringify({ version: VERSION, ...fields }));
}
function reason(error) {
  return String((error && error.message) || error);
}
// `ms`: this worker's clock, from its creation (a worker's performance.now()).
function progress(step, text) {
  send({ type: "progress", step, of: STEPS, text, ms: Math.round(performance.now()) });
}

// Reported to the page, which logs it where the tests look (a worker's own
// violations never reach the page's listener).
self.addEventListener("securitypolicyviolation", (e) => {
  send({ type: "csp", error: `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}` });
});

// The page's messages while Python starts, in order; null once they are handed over.
let waiting = [];
let app = null;
let failed = false;

// A value returned to JS would be a proxy held until destroyed: none is kept.
function drop(value) {
  if (value && typeof value.destroy === "function") value.destroy();
}

function hand(text) {
  try {
    drop(app.receive(text));
  } catch (error) {
    console.error(error);
    send({ type: "error", error: reason(error) });
  }
}

self.addEventListener("message", (event) => {
  const text = typeof event.data === "string" ? event.data : "";
  if (app) hand(text);
  else if (!failed) waiting.push(text);
});

async function appZip() {
  const response = await fetch(APP_ZIP);
  if (!response.ok) throw new Error(`the game's files did not download (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  // The app zip downloads while Python starts.
  const zip = appZip();
  zip.catch(() => {});  // awaited below; a failure is reported once, from there
  const pyodide = await loadPyodide({
    indexURL: new URL("./", RUNTIME).href,
    // Called once the runtime (its wasm) is loaded, before Python starts or is restored.
    fsInit: async () => progress(1, "runtime loaded"),
  });
  progress(2, "snapshot restored");
  putApp(pyodide, await zip);  // the zip the snapshot's modules came from (tools/snapshot.mjs)
  progress(3, "app files loaded");
  const module = pyodide.pyimport("web.worker.entry");
  progress(4, "Python ready");
  return module;
}

start().then(
  (module) => {
    try {
      drop(module.start((text) => self.postMessage(String(text))));
    } catch (error) {
      failed = true;
      waiting = null;
      send({ type: "failed", error: reason(error) });
      return;
    }
    app = module;
    const early = waiting;
    waiting = null;
    for (const text of early) hand(text);
  },
  (error) => {
    failed = true;
    waiting = null;
    send({ type: "failed", error: reason(error) });
  },
);
