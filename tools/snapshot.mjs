// A memory snapshot of Pyodide's Python, taken right after its own start and
// the import of the game's modules, for both workers to boot from
// (web/static/pyodide-boot.mjs): restoring it skips Python's start-up (about
// 1 s of a boot's 1.2 s, measured in Chromium) and the import of the app
// (0.3-0.7 s more in a worker on a laptop, four times that on a phone).
// Taken with Pyodide's `_makeSnapshot` / `makeMemorySnapshot`, which it marks
// private: the build pins Pyodide, and the page boots without a snapshot if
// restoring one fails.
//
//     node tools/snapshot.mjs OUT [APP_ZIP ZIP_PATH MODULES]
//
// APP_ZIP is the app zip the bundle ships, written at ZIP_PATH (where the
// workers write it again after a restore: web/static/app-worker.mjs,
// bot-worker.mjs) and put first on sys.path; MODULES (comma-separated) are
// imported from it. A module imported is held in the snapshot with the
// zip's table of contents, so the snapshot goes with that zip only: the
// build takes one per app zip (tools/build.py). No module imported here may
// import `js` or hold anything of JavaScript: a snapshot cannot keep those.
//
// What a snapshot holds is the same for every player who boots from it, so
// it is taken with string hashing unrandomised (PYTHONHASHSEED=0: a secret in
// a file everyone downloads is no secret) and `random` seeded with 0, which
// the page seeds again from the system's entropy after restoring it.
// Run by tools/build.py (make dist).
import { loadPyodide } from "pyodide";
import fs from "node:fs";

const [out, appZip, zipPath, modules] = process.argv.slice(2);
if (!out || (appZip && !(zipPath && modules))) {
  console.error("usage: node tools/snapshot.mjs OUT [APP_ZIP ZIP_PATH MODULES]");
  process.exit(2);
}
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0", _: "/" },
  stdout: () => {},
  stderr: (s) => console.error(s),
});
pyodide.runPython("import random; random.seed(0)");
if (appZip) {
  pyodide.FS.writeFile(zipPath, fs.readFileSync(appZip));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(zipPath)})`);
  pyodide.runPython(`import ${modules.split(",").join(", ")}`);
}
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length }));
