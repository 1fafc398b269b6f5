"""Placeholder glue: listens to the app worker, posts it one message, and
marks the page ready when the echo comes back (the real glue draws the
first screen there). MicroPython through PyScript, on the main thread."""

import json

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from web.page import keys, paint

window.caravanGlueAt = window.performance.now()
window.console.log("caravan: glue running at " + str(window.caravanGlueAt) + " ms")


def heard(text: str) -> None:
    message = json.loads(text)
    kind = message.get("type")
    if kind == "progress":
        return
    if kind == "echo":
        window.caravanEchoAt = window.performance.now()
        paint.show("echo: " + message["got"])
        document.documentElement.setAttribute("data-echo", message["got"])
        document.documentElement.setAttribute("data-ready", "true")
    elif kind == "ready":
        window.caravanAppReadyAt = window.performance.now()
        document.documentElement.setAttribute("data-app", "ready")
    elif kind == "failed":
        said = window.caravanLanguage.text("could_not_start")
        window.caravanBootFail(said.replace("{error}", message["error"]))


window.caravanApp.listen(create_proxy(heard))
window.caravanApp.post(json.dumps({"version": 1, "type": "hello", "key": keys.NAME}))
