// Compile Python sources to byte-code with Pyodide's own Python (the one the
// page runs), and zip sources + .pyc for the page to import from the zip
// itself (zipimport: each module's .pyc next to its .py, as zipimport looks
// for it; unchecked-hash, so the source is never read to check it).
//
//     node tools/pyc.mjs STAGE_DIR OUT_ZIP
//
// STAGE_DIR holds the packages to ship (caravan/, web/), the Markdown of the
// rules reference (docs/, shipped as it is) and caravan/locale's .mo files
// (zipped as they are); OUT_ZIP is written.
// Run by tools/build.py (make dist); prints one JSON line on success.
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [stage, outZip] = process.argv.slice(2);
if (!stage || !outZip) {
  console.error("usage: node tools/pyc.mjs STAGE_DIR OUT_ZIP");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
const FS = pyodide.FS;
FS.mkdirTree("/stage");
FS.mount(FS.filesystems.NODEFS, { root: path.resolve(stage) }, "/stage");
const result = pyodide.runPython(`
import io, json, py_compile, sys, zipfile
from pathlib import Path

src = Path("/stage")
buf = io.BytesIO()
names = []

def add(z, name, data):
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data, compresslevel=9)
    names.append(name)

with zipfile.ZipFile(buf, "w") as z:
    for p in sorted(src.rglob("*.py")):
        rel = p.relative_to(src).as_posix()
        cached = rel + "c"
        tmp = "/tmp/out.pyc"
        py_compile.compile(str(p), cfile=tmp, dfile=rel, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        add(z, rel, p.read_bytes())
        add(z, cached, Path(tmp).read_bytes())
    for p in sorted([*src.rglob("*.md"), *src.rglob("*.mo")]):  # the rules reference's text, the catalogues
        add(z, p.relative_to(src).as_posix(), p.read_bytes())
json.dumps({"python": sys.version.split()[0], "tag": sys.implementation.cache_tag,
            "files": names, "zip": buf.getvalue().hex()})
`);
const out = JSON.parse(result);
fs.writeFileSync(outZip, Buffer.from(out.zip, "hex"));
delete out.zip;
console.log(JSON.stringify(out));
