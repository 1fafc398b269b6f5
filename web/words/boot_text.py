"""The texts the page shows before Python runs (index.html, web/static/boot.js)
and the web app manifest's, as catalogue messages.

tools/build.py writes them into the bundle in every language (a JSON table in
the page that boot.js picks from by ``?lang=``, the remembered choice or
``navigator.languages``, and a manifest per language), so they come from the
same catalogues as the rest of the page. Keys are boot.js's names for them.
"""

from __future__ import annotations

from web.words.i18n import N_

BOOT: dict[str, str] = {
    # Translators: the game's name, as the page's title and heading (the board game's own name).
    "title": N_("Caravan"),
    "loading": N_("Loading the game (Python in your browser)…"),
    "starting": N_("Starting…"),
    # The steps of the boot, shown under the progress bar while the page loads.
    "step.0": N_("Loading Pyodide"),
    "step.1": N_("Loading storage"),
    "step.2": N_("Storage loaded"),
    "step.3": N_("Loading the interpreter"),
    "step.4": N_("Interpreter loaded"),
    "step.5": N_("Loading the game's files"),
    "step.6": N_("Files loaded"),
    "step.7": N_("Pyodide loaded"),
    "from_file": N_(
        "This page has to be served by a web server: browsers do not run it from a file. "
        "In the game's folder run `make play` and open http://127.0.0.1:8000, "
        "or upload the folder dist/ (built by `make dist`) to any static web host."
    ),
    "too_old": N_(
        "This browser is too old to run the game: it needs WebAssembly and JavaScript modules. "
        "Please open the page in a current Firefox, Chrome, Edge or Safari."
    ),
    "blocked": N_(
        "The browser is blocking storage (IndexedDB), which the game needs to start. "
        "Allow site data for this page, or leave private browsing, then reload."
    ),
    "stalled": N_("The game did not finish loading. Check your connection and reload the page."),
    # Translators: {reason} is the browser's own words (often English), e.g. "Failed to fetch".
    "not_loaded": N_(
        "The game could not load what it needs ({reason}). Check your connection and reload the page."
    ),
    "a_file": N_("a file did not load"),
    # Translators: {message} is Python's error message, as it is.
    "python_failed": N_("Python started but the game could not: {message}"),
    "could_not_start": N_("The game could not start: {error}"),
    # Translators: why, in "The game could not start: {error}" (the browser's own words follow).
    "script_stopped": N_("the game's script did not load or stopped"),
    "no_process": N_("this browser could not start the game's background process"),
    "update_ready": N_("An update is ready: reload to play the new version."),
    "update_failed": N_(
        "The new version could not be downloaded ({reason}). This version keeps working, "
        "offline too; the next visit tries again."
    ),
    "offline_failed": N_(
        "The game could not be stored for playing offline ({reason}). It plays while you "
        "are online; the next visit tries again."
    ),
    "stopped": N_("it stopped before every file was stored"),
    # Translators: the accessible name of the select that switches the game's language.
    "language": N_("Language"),
    # Translators: the page's description, shown by search engines under its title (about 150 characters).
    "description": N_(
        "Play Caravan, Joe Huber's board game of camels and goods, in your browser: "
        "2 to 4 players on one device, or against the computer."
    ),
    # A choice made on the front page before Python is ready (web/static/front.js): shown
    # beside the boot's progress until the page can carry it out.
    "taken.play": N_("Starting the game…"),
    "taken.howto": N_("Opening How to play…"),
    "taken.learn": N_("Opening the lesson…"),
    "taken.rules": N_("Opening the rules…"),
    "taken.saved": N_("Opening your saved games…"),
    # The header's button that opens the rules reference (drawn before Python runs too).
    "rules": N_("Rules"),
    "reload": N_("Reload"),
    "close": N_("Close"),
    # The web app manifest (web/static/manifest.webmanifest): shown when the game is installed.
    "manifest.name": N_("Caravan"),
    "manifest.description": N_(
        "Joe Huber's board game of camels and goods, for 2 to 4 players on one device."
    ),
}
