"""The limits a real game never reaches, in one place (docs/RECORD.md, docs/LINK.md).

A complete game has about 350-600 actions (docs/LINK.md, "Length"), its
record a few kilobytes and its link a few hundred characters. Records,
links and saved games beyond these limits come from a bug or an attacker:
they are refused before the work they would cost is done, so that neither
opening one nor the next action after it can freeze the page.
"""

from __future__ import annotations

# Actions in the history of a record, a link or a saved game: over three
# times the longest complete game (864 courier games of every variant: 199
# to 647 actions, median 403). Replaying this many costs a few milliseconds
# in CPython; a game played up to it stops taking actions (web/app/app.py).
MAX_ACTIONS = 2_000

# Characters of a record's JSON text, and bytes of a record file: a record
# of MAX_ACTIONS busy actions is about 16,000 characters, 34,000 indented by 4.
MAX_RECORD = 200_000

# Characters of a saved game's entry in the browser's storage: its record
# and the few facts the saved-games list shows.
MAX_ENTRY = MAX_RECORD + 10_000

# Nesting of any JSON text read from outside: a record's deepest value
# (``options.players[i].name``) is at depth 4, a saved entry's at 5. The
# browser's Python overflows the WebAssembly stack at about 5,000 nested
# objects before raising RecursionError (docs/RECORD.md, "Limits").
MAX_DEPTH = 8

# Characters of a link's fragment: a complete game takes about 350, a game
# of MAX_ACTIONS actions about 1,400 (docs/LINK.md).
MAX_LINK = 4_000

# A turn limit is for simulations (I10); records and links carry one of at
# most this many turns. A game within MAX_ACTIONS actions cannot reach a
# larger one, so a larger one is no limit at all.
MAX_TURN_LIMIT = MAX_ACTIONS

# A format or record version number: Caravan's are single digits, and one
# beyond this no version will ever write. Messages quote a version up to it
# and only say of a larger one that it is not Caravan's (a hostile entry's
# 4,300-digit version would fill the screen).
MAX_VERSION = 1_000_000
