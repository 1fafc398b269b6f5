"""Every piece of text the page shows, looked up by key.

Keeping the words out of the code lets another language be added as a new
catalogue; player names and numbers are always parameters, never keys.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # boot and screens
    "title": "Caravan",
    "loading": "Loading Python…",
    # the rules reference (web/reference.py)
    "rules.button": "Rules",
    "rules.back": "Back",
    "rules.contents": "Contents",
    "rules.tab_rules": "Rules",
    "rules.tab_howto": "How to play",
    "rules.howto_offer": "New to Caravan?",
    "rules.howto_open": "How to play",
    # new game
    "new.heading": "New game",
    "new.players": "Players",
    "new.name": "Name of player {n}",
    "new.colour": "Colour of player {n}",
    "new.seat_type": "Who plays seat {n}",
    "new.human": "Human",
    "new.easy": "Bot: easy",
    "new.medium": "Bot: medium",
    "new.hard": "Bot: hard",
    "new.casual": "Casual: 6 camels each",
    "new.short": "Short: 32 goods instead of 48",
    "new.start": "Start player",
    "new.random": "Random",
    "new.start_button": "Start the game",
    "new.resume": "Back to the game in progress",
    "new.default_name": "Player {n}",
    "new.turn_limit": "the game has a turn limit, which only simulations use; this page plays games "
    "without one",
    # colours
    "colour.yellow": "yellow",
    "colour.black": "black",
    "colour.orange": "orange",
    "colour.teal": "teal",
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.purple": "purple",
    "colour.white": "white",
    # goods and cities
    "good.ivory": "ivory",
    "good.cloth": "cloth",
    "good.gems": "gems",
    "good.paper": "paper",
    "good.meat": "meat",
    "good.swords": "swords",
    "good.salt": "salt",
    "good.hides": "hides",
    "city.Marrakech": "Marrakech",
    "city.Fez": "Fez",
    "city.Niani": "Niani",
    "city.Cairo": "Cairo",
    "city.Walata": "Walata",
    "city.Gao": "Gao",
    "city.Timbuktu": "Timbuktu",
    "city.Djenné": "Djenné",
    # board
    "board.label": "The board",
    "board.square": "{square}",
    "board.city": "{city} wants {good}",
    "board.space": "space {n}",
    "board.demand": "{n} demand markers",
    "board.demand#one": "1 demand marker",
    "board.loose": "{good}, free to pick up",
    "board.camels": "{name}: {n} camels",
    "board.camels#one": "{name}: 1 camel",
    "board.on_top": "{name}'s camel carrying {good} on top",
    "board.under": "{name}'s camel with stolen {good} underneath",
    # names of the board's buttons for keyboards and screen readers
    "aria.camels": "Your camels on {square}",
    "aria.good_on": "{good} on your camel on {square}",
    "aria.good_under": "{good} under your camel on {square}",
    "aria.target": "{action}, {cost}",
    # playing
    "turn.banner": "{name} to play",
    "turn.left": "Actions left: {n} of {total}",
    "turn.left_none": "No actions left: end your turn",
    "play.supply": "Place a camel ({n} in supply)",
    "play.end": "End turn",
    "play.undo": "Undo",
    "play.redo": "Redo",
    "play.bag": "Goods in the bag:",
    "play.triggered": "The bag is empty: the next delivery ends the game",
    "play.hint_none": "Choose your camels, a good on one of your camels, or the supply.",
    "play.hint_selected": "Choose a highlighted target, or the same source again to cancel.",
    "play.cost": "{n} action",
    "play.cost_plural": "{n} actions",
    "play.actions_heading": "Actions from here",
    "play.log": "Game log",
    "play.refused": "Not allowed: {reason}",
    "play.too_long": "This game has reached {n} actions, more than any real game and the most a saved "
    "game can hold: no more actions can be taken in it.",
    "play.no_undo_refill": "Undo stops here: the refill has shown new goods.",
    "play.new_game": "New game",
    # action descriptions
    "do.place": "place a camel on {to}",
    "do.move": "move a camel from {frm} to {to}",
    "do.pick": "pick up the {good} on {at}",
    "do.steal": "steal the {good} from {name} on {at}",
    "do.good": "move the {good} from {frm} to {to}",
    "do.good_under": "move the {good} from under the camel on {frm} to {to}",
    "do.deliver": "deliver the {good} from {frm} to {city}",
    "do.end": "end the turn",
    # asking before a turn ends with actions unused (R6)
    "confirm.heading": "End your turn?",
    "confirm.text": "You have {n} actions left. Ending the turn now gives them up and passes play to {next}; "
    "it cannot be undone.",
    "confirm.text#one": "You have 1 action left. Ending the turn now gives it up and passes play to {next}; "
    "it cannot be undone.",
    "confirm.yes": "Yes, end my turn",
    "confirm.no": "No, keep playing",
    "confirm.keys": "Y ends the turn; N or Escape keeps it.",
    # keyboard shortcuts
    "keys.play": "Keys: U undo, R redo, E end turn (Ctrl+Z, Ctrl+Y also work); Escape clears a selection.",
    # the tab's title
    "title.turn": "{name} to play · Caravan",
    "title.over": "Game over · Caravan",
    # why a click did nothing
    "why.theirs": "The camels on {square} belong to {names}: you can only use your own.",
    "why.theirs#one": "The camel on {square} is {names}'s: you can only use your own.",
    "why.and": "{first} and {last}",
    "why.steal": "{owner} To steal from it: {reason}.",
    "why.empty": "There is nothing of yours on {square}. Choose one of your camels, a good on one, "
    "or the supply.",
    "why.refused": "{square}: {reason}.",
    # goods legend, bag, demand
    "legend.heading": "Legend",
    "legend.goods": "Goods",
    "legend.good": "Good",
    "legend.kind": "Kind",
    "legend.city": "Wanted by",
    "legend.bag": "In the bag",
    "legend.rare": "rare, {points} points",
    "legend.common": "common, {points} points",
    "legend.shapes": "Rare goods are diamonds, common goods squares.",
    "legend.symbols": "On the board",
    "legend.mark.space": "Numbered space: new goods come here",
    "legend.mark.city": "City, in the colour of the good it wants",
    "legend.mark.demand": "Demand markers on the space, 1 point each",
    "legend.mark.camel": "{name}'s camels",
    "legend.mark.count": "Several unladen camels of one player",
    "legend.mark.laden": "A camel carrying a good",
    "legend.mark.under": "A stolen good under a camel: safe until it moves",
    "legend.mark.source": "Dashed frame: you can select it",
    "legend.mark.selected": "Blue frame: selected",
    "legend.mark.place": "Dot: place or move here, 1 action",
    "legend.mark.ring": "Ring: onto camels already there, 2 actions",
    "legend.mark.pick": "Blue ring: pick this good up",
    "legend.mark.steal": "Red frame: steal this good",
    "legend.mark.deliver": "Gold ring: deliver here",
    "legend.mark.last_from": "Last turn: a camel or good left here",
    "legend.mark.last_to": "Last turn: a camel or good arrived here",
    "legend.mark.hint": "Dashed purple: what the hint suggests",
    "play.demand_left": "Demand markers left:",
    # square descriptions (hover, long-press, focus)
    "info.none": "{square}: empty",
    "info.city": "{city}, wants {good}",
    "info.space": "space {n}",
    "info.camels_under": "{name}'s camel with stolen {good} underneath",
    "info.camels_on": "{name}'s camel carrying {good}",
    # game over
    "over.goods": "Goods delivered",
    "over.goods_none": "none",
    # panels
    "panel.supply": "Camels in supply",
    "panel.theft": "Theft markers",
    "panel.delivered": "Goods delivered",
    "panel.demand": "Demand markers",
    "panel.held": "Goods carried",
    "panel.penalty": "Penalty now",
    "panel.total": "Score",
    "panel.to_play": "to play",
    "panel.carrying": "Carrying: {goods}",
    "panel.under": "{good} (stolen, under the camel)",
    # log lines (events)
    "log.placed": "{name} placed a camel on {to} ({cost})",
    "log.moved": "{name} moved a camel from {frm} to {to} ({cost})",
    "log.picked": "{name} picked up the {good} on {at}",
    "log.picked_demand": "{name} picked up the {good} on {at} and took {n} demand markers",
    "log.picked_demand#one": "{name} picked up the {good} on {at} and took 1 demand marker",
    "log.stolen": "{name} stole the {good} from {victim} on {at}",
    "log.good_moved": "{name} moved the {good} from {frm} to {to}",
    "log.delivered": "{name} delivered the {good} to {city}: {points} points",
    "log.refilled": "Refill: demand markers on {marked}; new goods: {placed}; {n} left in the bag",
    "log.refilled_none": "none",
    "log.triggered": "The last goods are out of the bag: the next delivery ends the game",
    "log.turn_ended": "{name} ended the turn; {next} to play with {n} actions",
    "log.turn_ended#one": "{name} ended the turn; {next} to play with 1 action",
    "log.over": "Game over",
    # game over
    "over.heading": "Game over",
    "over.player": "Player",
    "over.rare": "Rare goods",
    "over.common": "Common goods",
    "over.demand": "Demand",
    "over.penalty": "Penalty",
    "over.total": "Total",
    "over.delivered": "Delivered",
    "over.winner": "{name} wins!",
    "over.winners": "Shared victory: {names}",
    "over.tiebreak": "{names} tied on {total} points; {name} delivered more goods and wins (R17).",
    "over.shared": "Tied on points and goods delivered: the victory is shared (R17).",
    "over.rematch": "Rematch",
    "over.new_game": "New game",
    "over.reason.delivery": "The end was triggered and a good was delivered.",
    "over.reason.turn limit": "The turn limit was reached.",
    "over.reason.agreed": "The players agreed to stop.",
    # errors
    "error.options": "These players cannot start a game: {reason}",
    # saved games
    "saved.button": "Saved games",
    "saved.heading": "Saved games",
    "saved.default_name": "{names}",
    "saved.turn": "turn {n}",
    "saved.bot_player": "{name} ({bot})",
    "saved.to_play": "{name} to play",
    "saved.over": "game over",
    "saved.resume": "Resume",
    "saved.history": "History",
    "saved.rename": "Rename",
    "saved.export": "Export",
    "saved.delete": "Delete",
    "saved.rename_label": "New name for this game",
    "saved.rename_save": "Save name",
    "saved.rename_cancel": "Cancel",
    "saved.name_empty": "A game needs a name: the name was not changed.",
    "saved.deleted": "Deleted “{name}”.",
    "saved.undo_delete": "Undo delete",
    "saved.empty": "No saved games yet. Every game you play is saved here as you play.",
    "saved.import": "Import a game from a .json file:",
    "saved.exported": "“{name}” was exported as a .json file.",
    "saved.cannot_open": "This saved game cannot be opened: {reason}. It stays in the list.",
    "saved.back": "Back",
    "saved.durable": (
        "Games are saved in this browser only. Safari deletes a site's saved data after 7 days "
        "without a visit (unless the game is added to the home screen), and clearing site data "
        "deletes it everywhere: export a game to a file, or share it as a link, to keep a copy "
        "that lasts."
    ),
    "saved.unreadable": "Unreadable entry",
    "saved.gone": "it is no longer in the browser's storage",
    "saved.not_json": "it is not a saved game (the stored text is damaged)",
    "saved.not_ours": "it is not a Caravan saved game (another app's data, or an older format)",
    "saved.version": "it was saved in a format this version cannot read (version {version})",
    "saved.no_version": "it is not a saved game this version can read (its format version is missing or "
    "not a number)",
    "saved.newer": "it was saved by a newer version of Caravan (format version {version}); "
    "update the game to open it",
    "saved.too_large": "it is larger than {n} characters, far larger than any real game",
    "saved.too_deep": "it is not a saved game (its values nest deeper than any saved game's)",
    "saved.damaged": "the saved game is damaged",
    # storage problems
    "storage.off": "This browser does not let the page store anything, so this game is not saved: "
    "share it as a link to keep it.",
    "storage.full": "The browser's storage for this page is full, so the latest moves are not saved: "
    "delete or export old games in Saved games, or share this game as a link.",
    "storage.off_read": "Saved games cannot be read: this browser does not let the page use its storage.",
    "storage.off_list": "Storage is disabled in this browser, so there are no saved games to show.",
    "storage.unreadable": "{n} saved entries could not be read; they are kept, listed in Saved games.",
    "storage.unreadable#one": "1 saved entry could not be read; it is kept, listed in Saved games.",
    "storage.current_unreadable": "The last game could not be read back ({reason}); "
    "it is kept in Saved games.",
    "storage.current_gone": "The last game played here is no longer in this browser's storage "
    "(deleted in another tab, or the site's data was cleared).",
    # two tabs on one game (web/tabs.py)
    "tabs.changed": "This game was also played in another tab since this tab last saved it.",
    "tabs.theirs": "The copy saved there has {n} actions this tab does not show.",
    "tabs.theirs#one": "The copy saved there has 1 action this tab does not show.",
    "tabs.mine": "This tab's last {n} actions are in no saved copy: “Load the newer game” drops them, "
    "“Keep both” saves this tab's game as a separate game.",
    "tabs.mine#one": "This tab's last action is in no saved copy: “Load the newer game” drops it, "
    "“Keep both” saves this tab's game as a separate game.",
    "tabs.none_mine": "Nothing is lost either way: “Load the newer game” goes on from there, "
    "“Keep both” also saves this tab's position as a separate game.",
    "tabs.unreadable": "This game's saved copy was changed in another tab and can no longer be read "
    "(it stays in Saved games). “Keep both” saves this tab's game as a separate game.",
    "tabs.load": "Load the newer game",
    "tabs.keep": "Keep both",
    "tabs.choose": "This game changed in another tab: choose “Load the newer game” or “Keep both” "
    "before playing on.",
    "tabs.loaded": "Loaded the newer game saved in another tab.",
    "tabs.kept": "Both are kept: this tab now plays “{name}”, saved beside the other one.",
    "tabs.copy_name": "{name} (copy)",
    # importing
    "import.done": "Imported “{name}”: it is in the list.",
    "import.refused": "This file was not imported: {reason}. Nothing was changed.",
    "import.too_big": "the file is far too large to be a game of Caravan",
    "import.unreadable_file": "the file could not be read",
    # history
    "history.button": "History",
    "history.heading": "History",
    "history.setup": "The set-up, before the first of {n} actions",
    "history.setup#one": "The set-up, before the only action",
    "history.position": "After action {k} of {n}: {action}",
    "history.first": "Start",
    "history.back": "Back",
    "history.forward": "Forward",
    "history.last": "Latest",
    "history.exit": "Return to the present",
    "history.keys": "Keys: ← and → step, Home and End jump, Escape returns.",
    # sharing
    "share.button": "Share",
    "share.heading": "Share this game",
    "share.explain": (
        "This link holds the whole game. Send it to another player: they open it, take their turn "
        "and send the new link back. Each draw is made by the browser of whoever causes it."
    ),
    "share.link_label": "Link to this game",
    "share.copy": "Copy the link",
    "share.close": "Close",
    "share.copied": "Link copied to the clipboard.",
    "share.shared": "Link shared.",
    "share.copy_failed": "The link could not be copied here: it is selected, copy it by hand.",
    # links opened
    "link.refused": "This link cannot be opened: {reason}. Nothing saved was changed; "
    "start a new game below.",
    "link.opened": "Opened the game from the link.",
    "link.same": "This game from the link is already saved here, at the same point: continuing it.",
    "link.kept_saved": (
        "This game is already saved here further along ({saved} actions; the link has {link}): "
        "continuing the saved copy."
    ),
    "link.took_link": (
        "This game is saved here, but the link is further along ({link} actions; the saved copy "
        "has {saved}): continuing from the link."
    ),
    # ---- board (uiboard): the enlarged square view and the last turn's marks
    "zoom.open": "show everything on {square}",
    "zoom.close": "Close the enlarged square",
    "board.last_from": "last turn: left from here",
    "board.last_to": "last turn: arrived here",
    # ---- bots' seats (issue 12): the wait for a bot, the pace, undo, hints
    "turn.bot": "{name} ({bot}) to play",
    "bot.loading": "The bot is getting ready…",
    "bot.banner_loading": "{name} ({bot}) is getting ready",
    "bot.banner_thinking": "{name} ({bot}) is thinking",
    "bot.thinking": "{name} ({bot}) is thinking…",
    "bot.playing": "{name} ({bot}) is playing its turn.",
    "bot.skip": "Show at once",
    "bot.retry": "Try again",
    "bot.pace": "Bots' pace",
    "bot.pace.0": "Instant",
    "bot.pace.300": "Fast",
    "bot.pace.700": "Normal",
    "bot.pace.1200": "Slow",
    "bot.watching": "Only bots play this game: watch it to the end.",
    "bot.unavailable": "No bot can play in this page: its worker is not available.",
    "bot.failed": "The bot could not play: {reason}",
    "bot.no_actions": "it gave no action",
    "bot.illegal": "The bot chose an action the rules do not allow ({action}: {reason}).",
    "play.undo_bots": "Undo your turn (and the bots' replies)",
    "play.undo_bots_title": "Takes back the bots' replies and the end of your turn: {n} actions",
    "play.no_undo_bots_refill": "Undo stops here: a bot's turn drew new goods from the bag.",
    "hint.button": "Hint",
    "hint.thinking": "Thinking of a hint…",
    "hint.says": "Hint: {text}",
    "hint.play": "Play it",
    "hint.points": "{action}: {n} points",
    "hint.steal": "{action} ({cost})",
    "hint.pick": "{action}, for {city} ({cost})",
    "hint.free": "{action}",
    "hint.cost": "{action} ({cost})",
    "hint.mark": "the hint",
    "over.hints": "Hints",
}

_catalogue: dict[str, str] = EN


def t(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in.

    A count ``n`` of exactly 1 takes the ``key#one`` text where the catalogue
    has one ("1 camel", not "1 camels"); a language with other plural forms
    adds its own rule here. A missing key raises KeyError: a test catches it
    rather than a player reading a raw key.
    """
    if params.get("n") == 1 and f"{key}#one" in _catalogue:
        key = f"{key}#one"
    text = _catalogue[key]
    return text.format(**params) if params else text


def capital(text: str) -> str:
    """``text`` with its first letter upper-cased: a label that starts with a
    parameter (a good's name, an action's words) still reads as a sentence."""
    return text[:1].upper() + text[1:]


def use(catalogue: dict[str, str]) -> None:
    """Switch language; keys missing from ``catalogue`` fall back to English."""
    global _catalogue
    _catalogue = {**EN, **catalogue}
