// A memory snapshot of Pyodide's Python, taken right after its own start,
// for the page to boot from (web/static/pyodide-boot.mjs): restoring it
// skips the start-up (about 1 s of a boot's 1.2 s, measured in Chromium).
// Taken with Pyodide's `_makeSnapshot` / `makeMemorySnapshot`, which it marks
// private: the build pins Pyodide, and the page boots without a snapshot if
// restoring one fails.
//
//     node tools/snapshot.mjs OUT
//
// What a snapshot holds is the same for every player who boots from it, so
// it is taken with string hashing unrandomised (PYTHONHASHSEED=0: a secret in
// a file everyone downloads is no secret) and `random` seeded with 0, which
// the page seeds again from the system's entropy after restoring it.
// Run by tools/build.py (make dist).
import { loadPyodide } from "pyodide";
import fs from "node:fs";

const [out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/snapshot.mjs OUT");
  process.exit(2);
}
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0", _: "/" },
  stdout: () => {},
  stderr: (s) => console.error(s),
});
pyodide.runPython("import random; random.seed(0)");
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length }));
