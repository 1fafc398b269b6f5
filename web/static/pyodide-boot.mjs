// The interpreter module PyScript loads (pyscript.toml's `interpreter`):
// Pyodide's own loadPyodide, booting from the memory snapshot the build took
// of Python just after its start (tools/snapshot.mjs), which skips most of a
// boot's work. If the snapshot cannot be had (not downloaded, no
// DecompressionStream, not the bytes its name's hash says) or cannot be restored,
// Python starts the usual way.
//
// tools/build.py rewrites the two "./..." paths below to the bundle's
// versioned ones (relative to assets/, where this file lands content-hashed).
import { loadPyodide as load, version } from "./node_modules/pyodide/pyodide.mjs";

const RUNTIME = new URL("./node_modules/pyodide/pyodide.mjs", import.meta.url);
const SNAPSHOT = new URL("./pyodide-snapshot.gz", import.meta.url);

// The first hex digits of the file's sha256, which its name carries (tools/build.py,
// "pyodide-snapshot.<hash>.gz"); none in the source tree, where nothing is checked.
const EXPECTED = (/\.([0-9a-f]{8,64})\.gz$/.exec(SNAPSHOT.pathname) || [])[1] || "";

// A snapshot is memory restored as it is: a copy changed inside (still valid gzip:
// same-origin code can write the service worker's cache) would crash Python on every
// boot, and every reload would serve the same copy. So its bytes must match the hash
// in its name, and a bad copy is dropped from our caches (sw.js names them
// "caravan:<scope>:<release>") so that the next load fetches a good one.
async function forget() {
  if (typeof caches === "undefined") return;
  try {
    const names = (await caches.keys()).filter((name) => name.startsWith("caravan:"));
    await Promise.all(names.map(async (name) => (await caches.open(name)).delete(SNAPSHOT.href)));
  } catch (error) {
    console.warn(`the damaged snapshot could not be dropped from the cache: ${(error && error.message) || error}`);
  }
}

async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname} did not download (${response.status})`);
  const packed = await response.arrayBuffer();
  if (EXPECTED) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (!hex.startsWith(EXPECTED)) {
      await forget();
      throw new Error(`${SNAPSHOT.pathname} is damaged (its sha256 is not the one its name carries)`);
    }
  }
  const raw = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
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
    let restored = false;
    try {
      const pyodide = await load({ ...settings, _loadSnapshot: handover });
      restored = true;
      // Every boot from the snapshot would draw the same numbers. Also a check that
      // the Python restored runs at all: if not, a normal start is still possible.
      pyodide.runPython("import random, json; random.seed(); json.loads('[1]')");
      return pyodide;
    } catch (error) {
      if (restored) await forget();  // it matched its hash yet failed: never again from this copy
      console.warn(`Python starts without its snapshot: ${(error && error.message) || error}`);
    }
  }
  return load(settings);
}

// Where both workers write the app zip in Pyodide's file system: the path the
// snapshot's modules were imported from (tools/build.py ZIP_PATH).
const ZIP_PATH = "/home/pyodide/caravan-app.zip";

// The app zip put on sys.path. Restored from the snapshot, Python has the app's
// modules imported from a zip at ZIP_PATH already and finds it first on sys.path:
// the same zip, written again at the same path, serves what is imported later (its
// table of contents read again, not the snapshot's: the zip of another build still
// imports right). Started without the snapshot, Python gets the path here.
export function putApp(pyodide, bytes) {
  pyodide.FS.writeFile(ZIP_PATH, bytes);
  const path = JSON.stringify(ZIP_PATH);
  pyodide.runPython(
    `import sys; p = sys.path_importer_cache.get(${path}); p.invalidate_caches() if p else sys.path.insert(0, ${path}); del p`,
  );
}

export { version };
