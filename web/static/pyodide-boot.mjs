// The interpreter module PyScript loads (pyscript.toml's `interpreter`):
// Pyodide's own loadPyodide, booting from the memory snapshot the build took
// of Python just after its start (tools/snapshot.mjs), which skips most of a
// boot's work. If the snapshot cannot be had (not downloaded, no
// DecompressionStream) or cannot be restored, Python starts the usual way.
//
// tools/build.py rewrites the two "./..." paths below to the bundle's
// versioned ones (relative to assets/, where this file lands content-hashed).
import { loadPyodide as load, version } from "./node_modules/pyodide/pyodide.mjs";

const RUNTIME = new URL("./node_modules/pyodide/pyodide.mjs", import.meta.url);
const SNAPSHOT = new URL("./pyodide-snapshot.gz", import.meta.url);

async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname} did not download (${response.status})`);
  const raw = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(raw).arrayBuffer());
}

export async function loadPyodide(options) {
  // PyScript gives the folder of this module; the runtime is in its own.
  const settings = { ...options, indexURL: new URL("./", RUNTIME).href };
  if (typeof DecompressionStream === "function") {
    // Downloaded while Pyodide's own files are; handled here, so that a
    // failed download is not an unhandled rejection (boot.js's boot error).
    let pending = snapshot();
    pending.catch(() => {});
    // Pyodide keeps its options for good: what it keeps is a thenable that
    // hands the snapshot over once and then holds nothing (31 MB).
    const handover = {
      then(resolve, reject) {
        const once = pending || Promise.reject(new Error("the snapshot was asked for twice"));
        pending = null;
        return once.then(resolve, reject);
      },
    };
    try {
      const pyodide = await load({ ...settings, _loadSnapshot: handover });
      // Every boot from the snapshot would draw the same numbers.
      pyodide.runPython("import random; random.seed()");
      return pyodide;
    } catch (error) {
      console.warn(`Python starts without its snapshot: ${(error && error.message) || error}`);
    }
  }
  return load(settings);
}

export { version };
