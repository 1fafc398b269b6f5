// The bounded JSON reader in the browser's own Python: Pyodide under Node,
// from the pinned npm package (as tools/pyc.mjs loads it), and a whole seeded
// game's draws there. Run by tests/test_pyodide_json.py; prints one JSON line
// of results.
//
//     node tests/pyodide_json.mjs ROOT
//
// ROOT holds caravan/ and web/. Pyodide's json overflows the WebAssembly stack at
// about 5,000 nested objects or 20,000 nested arrays, killing the runtime
// before any RecursionError: the reader must refuse such text before json
// sees it, and the runtime must still answer afterwards.
import { loadPyodide } from "pyodide";
import path from "node:path";

const [root] = process.argv.slice(2);
if (!root) {
  console.error("usage: node tests/pyodide_json.mjs ROOT");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
const FS = pyodide.FS;
FS.mkdirTree("/root/app");
FS.mount(FS.filesystems.NODEFS, { root: path.resolve(root) }, "/root/app");
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/root/app")
from caravan import jsonread, record
from caravan.errors import RecordError
from caravan.game import Game
from caravan.limits import MAX_DEPTH
from caravan.options import Options
from web.app.saved import parse_entry

out = {"python": sys.version.split()[0], "platform": sys.platform}
hostile = {
    "objects_5000": '{"a":' * 5000 + "1" + "}" * 5000,
    "arrays_20000": "[" * 20000 + "]" * 20000,
    "arrays_100000_unclosed": "[" * 100000,
}
for name, text in hostile.items():
    try:
        jsonread.loads(text, max_chars=10**6, max_depth=MAX_DEPTH)
        out[name] = "parsed"
    except jsonread.JsonRefused as e:
        out[name] = type(e).__name__
    try:
        record.loads(text)
        out[name + "_record"] = "parsed"
    except RecordError as e:
        out[name + "_record"] = str(e)
    out[name + "_entry"] = parse_entry("x", text).problem

game = Game(Options(), seed=3)
for _ in range(40):
    game.push(game.legal_actions()[-1])
text = record.dumps(game)
back = record.loads(text)
out["record_round_trip"] = record.dumps(back) == text and back.state_key() == game.state_key()
out["alive"] = sum(range(10))

# The game the page plays from ?seed=6&autostart=2&short=1, the courier
# choosing: what the set-up and every refill drew in Python 3.14.
import random
from caravan.options import default_players
from caravan.playout import courier_action
seeded = Game(Options(players=default_players(2), short=True), seed=6)
chooser = random.Random(6)
while not seeded.is_over() and len(seeded.history) < 2000:
    seeded.push(courier_action(seeded, chooser))
out["seeded_game"] = {
    "setup_draws": [int(g) for g in seeded.setup_draws],
    "actions": [str(step.action) for step in seeded.history],
    "draws": [[int(g) for g in step.draws] for step in seeded.history],
    "over": seeded.over,
}
json.dumps(out)
`);
// The control, last: the same text handed to json itself (what the page did
// before issue 11). It kills this runtime; nothing runs in it afterwards.
let control;
try {
  control = pyodide.runPython(`
import json
try:
    json.loads('{"a":' * 5000 + "1" + "}" * 5000)
    r = "parsed"
except RecursionError:
    r = "RecursionError"
r`);
} catch (e) {
  control = String(e).includes("Maximum call stack") ? "stack overflow" : `JS error: ${String(e).slice(0, 80)}`;
}
const out = JSON.parse(result);
out.control_json_loads = control;
console.log(JSON.stringify(out));
