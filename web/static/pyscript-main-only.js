// PyScript on the main thread only, so that the page runs without 'unsafe-eval'.
//
// At every boot, on a page with no worker too, polyscript reads PyScript's
// worker hooks (`new Hook(interpreter, hooks)` in polyscript/esm/custom.js),
// and @pyscript/core's lazy getters compose the registered ones into one
// function with Function() (`createFunction` in core/src/hooks.js; in the
// bundle, runtime/pyscript-*/core-*.js). PyScript registers one such hook
// itself: `hooks.worker.onBeforeRunAsync`, which gives workers the `_pyscript`
// module. With no worker hook registered the getters return undefined and
// Function() is never called, so here they are emptied through PyScript's
// public `hooks` export. The page starts no PyScript worker, and its CSP
// (`worker-src 'self'`) would refuse one anyway: PyScript starts workers from
// blob: URLs. e2e/test_csp.py shows the page failing without this file.
//
// A module loaded right before core.js (the import below loads it, or finds it
// loading): the hooks were emptied before PyScript even asked for pyodide.mjs in every
// boot seen, and polyscript reads them only once the interpreter has loaded,
// seconds later. Were it ever too late, the boot fails on the CSP, loudly.
//
// Before the page's script runs, PyScript runs Python of its own: it writes
// its `pyscript` package (14 modules) to MicroPython's file system and
// imports it, in one task, the longest of the boot (34-36 ms of the page's
// thread here, about 0.1 s of blocking on a phone 4x slower). The glue never
// imports `pyscript` (it reaches the page through `js` and `jsffi`), so a
// placeholder is put in sys.modules under that name first, and that import
// finds it. A `from pyscript import ...` would fail at once, by name.
//
// What was left of that task (20-22 ms) was the writes themselves: MicroPython
// compiling and running one script of 129 kB that writes the package's files, which
// nothing imports. PyScript runs that script (its `codeBeforeRunAsync`, polyscript's
// custom.js) through the interpreter's `runPythonAsync` right after this hook, so the
// hook lets that one call through as a no-op when it is exactly that script: it
// starts with PyScript's `import os as _os` and ends by deleting `_pyscript`. Any
// other code, or a later PyScript whose script looks otherwise, runs as before (only
// slower); e2e/test_boot.py checks that the package is not written (docs/WORKER.md,
// "PyScript's own Python").
//
// PyScript also watches the whole document: polyscript's MutationObserver (childList,
// subtree and attributes of `document`) looks for <script type="py|mpy"> added later
// and for py-*/mpy-* event attributes, and for every element a frame inserts it ran an
// XPath search of the element's subtree and a query for scripts, in a microtask of the
// frame's own task (on a phone 4x slower, up to a third of a tap's answer). The page has
// neither: its one script is in index.html, which PyScript finds by a query of the
// document when it starts, not by the observer. So this module, which runs before
// core.js (index.html), lets the first observer of the whole document, PyScript's, never
// start; any other observer, and any later one, observes as asked (e2e/test_boot.py).
const observe = MutationObserver.prototype.observe;
const unwatch = () => {
  if (MutationObserver.prototype.observe !== observe) MutationObserver.prototype.observe = observe;
};
MutationObserver.prototype.observe = function (target, options) {
  const o = options || {};
  if (target === document && o.childList && o.subtree && o.attributes && !o.attributeFilter) {
    unwatch();
    return undefined;
  }
  return observe.call(this, target, options);
};
const PLACEHOLDER = [
  "import sys",
  "class PyScriptNotImported:",
  "    '''PyScript's Python API, which this page never imports (web/static/pyscript-main-only.js).'''",
  "if 'pyscript' not in sys.modules:",
  "    sys.modules['pyscript'] = PyScriptNotImported",
  "del sys, PyScriptNotImported",
].join("\n");
// PyScript's script that writes its package (see above), known by how it starts and ends.
const isPackageWrites = (code) => {
  const text = typeof code === "string" ? code.trim() : "";
  return text.startsWith("import os as _os\n") && text.includes("\nimport pyscript as _pyscript\n") &&
    text.endsWith("del _pyscript");
};
// The interpreter's next runPythonAsync, and only the next, skips that script (an
// interpreter whose method cannot be replaced runs it, as it would without this file).
const skipPackageWrites = (interpreter) => {
  const own = interpreter && interpreter.runPythonAsync;
  if (typeof own !== "function") return;
  try {
    interpreter.runPythonAsync = function (code, ...rest) {
      interpreter.runPythonAsync = own;
      return isPackageWrites(code) ? Promise.resolve() : own.call(this, code, ...rest);
    };
  } catch (e) {
    console.warn("pyscript-main-only.js: PyScript's package will be written (the interpreter is sealed):", e);
  }
};
const core = document.querySelector('script[type="module"][src$="/core.js"]');
import(core.src).then(({ hooks }) => {
  for (const [name, callbacks] of Object.entries(hooks.worker)) {
    if (name.startsWith("on")) callbacks.clear(); // the code* hooks are Python text, never evaluated as JS
  }
  hooks.main.onBeforeRunAsync.add((wrap) => {
    wrap.run(PLACEHOLDER);
    skipPackageWrites(wrap.interpreter);
  });
}).catch((e) => {
  console.error("pyscript-main-only.js: PyScript's worker hooks could not be emptied, " +
    "so PyScript will call Function(), which the CSP refuses:", e);
}).finally(unwatch); // core.js has run: an observer of the document set up later is not PyScript's start
