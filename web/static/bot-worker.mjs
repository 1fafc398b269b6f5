// The bot worker: a second Pyodide, off the page's thread, running the same
// engine byte-code as the page (the app zip), so a bot can think for a second
// without freezing the page (docs/WORKER.md). A module worker of our own
// origin, so the page's `worker-src 'self'` allows it; it runs under the CSP
// of its own response (netlify.toml gives it one with 'wasm-unsafe-eval').
//
// Python boots as the page's does, from the build's memory snapshot
// (web/static/pyodide-boot.mjs). tools/build.py rewrites the "./..." paths
// below to the bundle's versioned ones (relative to assets/, where this file
// lands content-hashed).
// Every message is JSON text; web/bots/botworker.py reads and writes them all but
// "failed", which it cannot write when Python did not start, and "csp".
import { loadPyodide, putApp } from "./web/static/pyodide-boot.mjs";

const RUNTIME = new URL("./node_modules/pyodide/pyodide.mjs", import.meta.url);
const APP_ZIP = new URL("./app.zip", import.meta.url);
const VERSION = 2;

// Reported to the page, which logs it where the tests look (a worker's own
// violations never reach the page's listener).
self.addEventListener("securitypolicyviolation", (e) => {
  self.postMessage(JSON.stringify({
    version: VERSION, type: "csp", error: `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`,
  }));
});

async function start() {
  const pyodide = await loadPyodide({ indexURL: new URL("./", RUNTIME).href });
  const response = await fetch(APP_ZIP);
  if (!response.ok) throw new Error(`the game's files did not download (${response.status})`);
  putApp(pyodide, new Uint8Array(await response.arrayBuffer()));  // as in app-worker.mjs
  return pyodide.pyimport("web.bots.botworker");
}

const ready = start();
ready.then(
  (botworker) => self.postMessage(botworker.ready(performance.now())),
  (error) => self.postMessage(JSON.stringify({
    version: VERSION, type: "failed", error: String((error && error.message) || error),
  })),
);

// Requests wait for the start; they are answered one at a time, in order.
self.addEventListener("message", async (event) => {
  let botworker;
  try {
    botworker = await ready;
  } catch (error) {
    let id = null;
    try { id = JSON.parse(event.data).id; } catch (_) { /* no id to give back */ }
    self.postMessage(JSON.stringify({
      version: VERSION, id: id === undefined ? null : id,
      error: `the bot could not start: ${(error && error.message) || error}`,
    }));
    return;
  }
  self.postMessage(botworker.answer(event.data));
});
