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
// A module loaded right after core.js (the import below finds it loaded):
// the hooks were emptied before PyScript even asked for pyodide.mjs in every
// boot seen, and polyscript reads them only once the interpreter has loaded,
// seconds later. Were it ever too late, the boot fails on the CSP, loudly.
const core = document.querySelector('script[type="module"][src$="/core.js"]');
import(core.src).then(({ hooks }) => {
  for (const [name, callbacks] of Object.entries(hooks.worker)) {
    if (name.startsWith("on")) callbacks.clear(); // the code* hooks are Python text, never evaluated as JS
  }
}).catch((e) => {
  console.error("pyscript-main-only.js: PyScript's worker hooks could not be emptied, " +
    "so PyScript will call Function(), which the CSP refuses:", e);
});
