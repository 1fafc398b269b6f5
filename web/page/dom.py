"""The browser as MicroPython sees it: ``window`` (the ``js`` module: the page's
global object), ``document``, and the FFI's ``create_proxy``, ``to_js`` and
``is_none``, taken from MicroPython's own ``js`` and ``jsffi`` modules rather
than through ``pyscript``: importing the ``pyscript`` package compiles a dozen
modules of its own at every boot (about 0.6 s of the main thread on a slowed
phone), of which the glue needs none."""

import js  # type: ignore[import-not-found]
from jsffi import create_proxy as create_proxy  # type: ignore[import-not-found]
from jsffi import to_js as to_js

window = js
document = js.document
_UNDEFINED = type(js.undefined)


def is_none(value):
    """JavaScript's null (None here) or undefined (an object of its own type)."""
    return value is None or type(value) is _UNDEFINED
