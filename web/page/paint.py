"""Placeholder painter: writes a line of text in #screen."""

from pyscript import document  # type: ignore[import-not-found]


def show(text: str) -> None:
    screen = document.getElementById("screen")
    screen.textContent = text
    document.documentElement.setAttribute("data-screen", "placeholder")
