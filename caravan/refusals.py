"""Why the engine refuses something, as a code with parameters, not a sentence.

A ``Refusal`` is what ``Game.why_illegal`` returns and what every error the
engine raises about outside input carries (``CaravanError.refusal``): a
stable ``code`` from ``TEXTS``, ``params`` (str or int values: squares by
name, goods by letter, players and counts as numbers, quotes of what was
refused) and the rules it enforces (``rules``, e.g. ``("R7",)``). It is a
``str`` whose text is the English sentence the engine always gave, so
callers that print, compare or format it see no change; a front end that
speaks another language renders the code itself (``in_words``) from its
own catalogue. The English texts live in one table, ``TEXTS`` (docs/API.md
lists them, "Refusals").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import Formatter
from types import MappingProxyType

from .board import GOOD_BY_LETTER, GOODS

Param = int | str


@dataclass(frozen=True, slots=True)
class Text:
    """One code's English text (a ``str.format`` template over its params and
    ``{rule}``, the rules it cites) and those rules, e.g. ``("R9", "I2")``."""

    english: str
    rules: tuple[str, ...] = ()

    @property
    def params(self) -> frozenset[str]:
        """The names the template uses, ``rule`` aside."""
        return frozenset(name for _, name, _, _ in Formatter().parse(self.english) if name and name != "rule")


# Params that are English phrases rather than quotes or codes ("the turn
# number", "casual"): each is a catalogue message too, marked with ``N_`` where
# it is made, and ``in_words`` says it through ``phrase``.
PHRASES = frozenset({"what", "flag"})


def N_(message: str) -> str:
    """Marks a phrase param (``PHRASES``) for the catalogue (tools/i18n.py extracts ``N_``)."""
    return message


# Parameter conventions: ``square``/``frm``/``to``/``at``: a square's name
# ("c6"); ``good``: a good's letter ("S"), shown as its name; ``player``: a
# seat counted from 1; ``action``: the action in the notation; ``quote``,
# ``name``, ``entry``, ``fields``: quotes of refused text (caravan/quote.py);
# ``cause``, ``reason``: a nested Refusal (rendered in words too).
TEXTS: dict[str, Text] = {
    # Game.why_illegal, push, pop, redo (caravan/game.py)
    "game_over": Text("the game is over"),
    "nothing_to_redo_over": Text("the game is over: there is nothing to redo"),
    "agreed_final": Text("the players agreed to end the game ({rule}): that cannot be taken back", ("I10",)),
    "no_actions_left": Text("you have no actions left this turn: end your turn", ("R6",)),
    "no_such_square": Text("there is no such square on the board"),
    "no_such_good": Text("there is no such good"),
    "no_such_player": Text("there is no such player"),
    "not_an_action": Text("it is not a Caravan action"),
    "not_an_action_repr": Text("{action} is not a Caravan action"),
    "no_camel_in_supply": Text("you have no camel left in your supply", ("R7",)),
    "no_camel_on": Text("you have no camel on {square}"),
    "laden_cannot_move": Text("a camel carrying a good cannot move ({rule})", ("R7",)),
    "already_there": Text("the camel is already there ({rule})", ("I3",)),
    "occupied_costs_two": Text(
        "{square} has camels on it, which costs 2 actions; you have 1 left ({rule})", ("R7",)
    ),
    "no_carrier": Text("you have no camel with {good} on it on {square}"),
    "no_carrier_under": Text("you have no camel with {good} under it on {square}"),
    "no_receiver": Text(
        "you have no unladen camel on {square} (a good may not end on a laden camel, {rule})", ("R11",)
    ),
    "not_connected": Text("your camels on {frm} and {to} are not connected orthogonally ({rule})", ("R11",)),
    "no_unladen_camel": Text("you have no unladen camel on {square}"),
    "nothing_to_pick_up": Text("there is no good to pick up on {square}", ("R8",)),
    "pick_up_all_laden": Text(
        "you may not pick up a good that would leave all your camels laden ({rule})", ("R9",)
    ),
    "steal_from_self": Text("you cannot steal from yourself", ("R10",)),
    "no_theft_marker": Text("you have no theft marker left ({rule})", ("R10",)),
    "steal_under": Text("a good under a camel cannot be stolen until it is moved ({rule})", ("R10",)),
    "no_victim_camel": Text("player {player} has no camel carrying {good} on {square}", ("R10",)),
    "steal_all_laden": Text(
        "you may not steal a good that would leave all your camels laden ({rule})", ("R9", "I2")
    ),
    "illegal_action": Text("{action}: {reason}"),
    "draws_too_many": Text("more draws were recorded than the action makes", ("R13",)),
    "draws_ran_out": Text("the recorded draws ran out before the bag was drawn from", ("R13",)),
    "draw_not_a_good": Text("a recorded draw is not a good: {quote}"),
    "draw_not_in_bag": Text("a recorded draw names a good that is not in the bag"),
    "setup_draws_too_many": Text("more set-up draws were given than the set-up makes", ("R3",)),
    "options_not_position": Text(
        "the options are for another game than the position "
        "(the number of players, casual and short must agree)"
    ),
    # Options (caravan/options.py)
    "options_player_count": Text("Caravan is for {min} to {max} players, not {count}", ("R1",)),
    "options_player_range": Text("Caravan is for {min} to {max} players", ("R1",)),
    "options_players_type": Text("players must be a tuple of Player"),
    "name_not_text": Text("a player's name must be text"),
    "name_too_long": Text("the name {name} is longer than {max} characters"),
    "name_invisible": Text("the name {name} contains an invisible or control character ({char})"),
    "name_unusual_space": Text("the name {name} contains an unusual space ({char}); use ordinary spaces"),
    "name_empty": Text("every player needs a name"),
    "name_spaces": Text("the name {name} starts or ends with a space"),
    "name_blank": Text("the name {name} shows nothing: every player needs a name"),
    "names_same": Text("two players have the same name"),
    "colour_unknown": Text("{colour} is not a player colour; the colours are {colours}"),
    "colours_same": Text("two players have the same colour"),
    "flag_not_bool": Text("{flag} must be true or false"),
    "start_seat": Text("the start player must be a seat from 1 to {count}", ("R4",)),
    "turn_limit_type": Text("the turn limit must be a whole number of at least 1", ("I10",)),
    "bot_unknown": Text(
        "{bot} is not a bot this version of Caravan knows; a seat is played by a person "
        "or by a bot of strength {strengths} or {last}"
    ),
    # Notation (caravan/actions.py)
    "notation_not_text": Text("an action is text, not {type}"),
    "notation_unknown": Text(
        "{quote} is not an action: expected one of @d4 (place), c6-d4 (move a camel), "
        "+c6 (pick up), $c6/2I (steal), Ic6>d4 (move a good) or end"
    ),
    "notation_good": Text("{quote}: {letter} is not a good; goods are {goods}"),
    # Share links (caravan/link.py): clauses that read after "This link cannot be opened: "
    "link_not_ours": Text("it is not a link to a game of Caravan"),
    "link_cut": Text("it is cut short, part of it is missing; copy the whole link and try again"),
    "link_damaged": Text("it is damaged, some of its characters were changed on the way"),
    "link_tampered": Text("it was changed after it was made and does not hold a game that can be played"),
    "link_newer": Text("it was made by a newer version of Caravan; update the game to open it"),
    "link_older": Text("it was made by an early test version of Caravan that this one cannot read"),
    "link_too_long": Text("it is longer than {max:,} characters, far too long to be a game of Caravan"),
    "link_too_many": Text(
        "it holds more than {max:,} actions, more than any real game (a complete one has about 550)"
    ),
    "link_turn_limit": Text("it holds a turn limit above {max:,} turns, which no game can reach"),
    "link_unknown_bot": Text(
        "it has a seat played by a kind of bot this version of Caravan does not know; "
        "update the game to open it"
    ),
    "link_from_position": Text(
        "a game set up from a position cannot be shared as a link: save its record instead"
    ),
    "link_game_too_long": Text("this game is too long to share as a link (over {max:,} actions)"),
    "link_game_turn_limit": Text("a game with a turn limit above {max:,} cannot be shared as a link"),
    # Game records (caravan/record.py)
    "record_too_large": Text(
        "the saved game is larger than {max:,} characters, far larger than any real game"
    ),
    "record_too_many": Text(
        "this game has more than {max:,} actions, more than any real game (a complete one has "
        "about 550), so it was not opened"
    ),
    "record_not_utf8": Text("the file is not UTF-8 text (it holds bytes that are not characters)"),
    "record_not_text": Text("a saved game is JSON text"),
    "record_too_deep": Text(
        "the saved game is damaged: its values nest deeper than {max} levels, which no game record does"
    ),
    "record_duplicate_key": Text("the saved game is damaged: the field {quote} appears twice"),
    "record_not_json": Text("the saved game is damaged: it is not valid JSON"),
    "record_not_object": Text("the saved game is damaged: it is not a game record"),
    "record_not_caravan": Text("this is not a Caravan game record"),
    "record_no_version": Text("the game record has no version number"),
    "record_newer": Text(
        "this game was saved by a newer version of Caravan (record version {version}); "
        "update the game to open it"
    ),
    "record_version_unknown": Text("record version {version} is not one this game can read"),
    "record_version_absurd": Text("the game record's version number is not one any version of Caravan wrote"),
    "record_unknown_fields": Text("the game record has unknown fields: {fields}"),
    "record_no_history": Text("the game record has no list of actions"),
    "record_setup_and_position": Text("the game record has both a set-up and a starting position"),
    "record_position_not_text": Text("the starting position of the record is not text"),
    "record_position_impossible": Text("the starting position is impossible: {cause}"),
    "record_setup_count": Text("the set-up must draw {expected} goods, not {count}", ("R3",)),
    "record_setup_impossible": Text("the set-up is impossible: {cause}"),
    "record_action_not_text": Text("action {number} of the record is not text"),
    "record_action_form": Text("action {number} ({entry}) is not an action and its draws"),
    "record_action_replay": Text("action {number} of the record ({entry}) cannot be replayed: {cause}"),
    "record_ended_unknown": Text("the game record says it ended in a way this game does not know"),
    "record_agreed_but_over": Text(
        "the game record says the players agreed to stop, but it ended by delivery", ("I10",)
    ),
    "record_agreed_but_turn_limit": Text(
        "the game record says the players agreed to stop, but it ended by turn limit", ("I10",)
    ),
    "record_no_options": Text("the game record has no options"),
    "record_option_fields_unknown": Text("the game options have unknown fields: {fields}"),
    "record_option_fields_missing": Text("the game options lack fields: {fields}"),
    "record_no_players": Text("the game record has no list of players"),
    "record_no_start": Text("the game record does not say who started"),
    "record_options_impossible": Text("the game options are impossible: {cause}"),
    "record_player_form": Text("a player in the record is not a name and a colour"),
    "record_player_fields": Text("player {player} of the record has unknown fields: {fields}"),
    "record_player_not_text": Text("a player's name and colour must be text"),
    "record_player_bot": Text(
        "player {player} of the record is played by the bot {bot}, which this version of Caravan "
        "does not know (it knows {strengths} and {last})"
    ),
    "record_turn_limit": Text(
        "the game has a turn limit of {limit:,} turns; a turn limit is from 1 to {max:,} turns", ("I10",)
    ),
    "record_turn_limit_huge": Text(
        "the game has a turn limit of billions of turns; a turn limit is from 1 to {max:,} turns", ("I10",)
    ),
    "record_draws_missing": Text("the draws of the {where} are missing"),
    "record_draws_unknown": Text("the draws of the {where} name a good that does not exist"),
    # ``where`` of the two above: "set-up", or "action {number}"
    "record_where_setup": Text("set-up"),
    "record_where_action": Text("action {number}"),
    # Positions (caravan/position.py, docs/POSITION.md): ``what`` names a field in the notation's terms
    "position_not_text": Text("a position is text, not {type}"),
    "position_too_long": Text("a position is at most {max} characters; this one has {count}"),
    "position_fields": Text(
        "a position has {expected} fields separated by single spaces; {quote} has {count}"
    ),
    "position_variant": Text(
        "the first field gives the player count (2 to 4), then c if casual, then s if short, not {quote}"
    ),
    "position_bag": Text(
        "the bag is written as each good's letter and count, in the order {letters} "
        "(like I3C3G3P3M9W9S9H9), not {quote}"
    ),
    "position_end": Text("the end field is '{triggered}' or '{no}', not {quote}"),
    "position_outcome": Text("the outcome field is '{no}' or one of {outcomes}, not {quote}"),
    "position_not_canonical": Text(
        "the position is not written the one canonical way (docs/POSITION.md); write {quote}"
    ),
    "position_not_a_number": Text("{what} is a whole number, not {quote}"),
    "position_square": Text(
        "each square on the board is written as its name, then the loose good's letter, "
        "*n demand markers and :camels, whichever it has (like c6I*1:1,2_C), not {quote}"
    ),
    "position_square_order": Text(
        "squares are listed once each, in the order a1, b1, … g7: {square} is out of order"
    ),
    "position_not_a_camel": Text("{quote} is not a camel"),
    "position_camel_player": Text("a camel on {square} belongs to player {player}, in a {seats}-player game"),
    "position_nothing_under": Text("a camel on {square} is written with '_' but no good under it"),
    "position_players_field": Text("the players' field has one entry per player ({seats}), not {count}"),
    "position_player": Text(
        "player {player} is written as *demand markers held, $theft markers, then the letters of "
        "the goods delivered (like *3$1IMM), not {quote}"
    ),
    "position_seats": Text("Caravan is for {min} to {max} players, not {quote}", ("R1",)),
    "position_flags": Text("casual and short are true or false"),
    "position_counts": Text("every count in a position is a whole number of at least 0"),
    "position_loose_type": Text("a loose good is a Good or None"),
    "position_camel_type": Text("the camels of a position are Camel values"),
    "position_camel_seat": Text("a camel belongs to seat {quote}, in a {seats}-player game"),
    "position_camel_square": Text("a camel stands on square {quote}, which is not on the board"),
    "position_unladen_under": Text("an unladen camel has nothing under it"),
    "position_camel_good": Text("a camel carries {quote}, which is not a good"),
    "position_too_many_camels": Text(
        "player {player} has {count} camels on the board but only {max} ({rule})", ("R1",)
    ),
    "position_all_laden": Text(
        "every camel of player {player} carries a good, which R9 ({rule}) never allows", ("I1",)
    ),
    "position_goods": Text(
        "the game has {total} {good}, but this position has {count} "
        "(on the board, carried, delivered and in the bag) ({rule})",
        ("R2",),
    ),
    "position_goods_short": Text(
        "the short game has {total} {good}, but this position has {count} "
        "(on the board, carried, delivered and in the bag) ({rule})",
        ("R2",),
    ),
    "position_demand": Text("there are {total} demand markers in all, not {count} ({rule})", ("I9",)),
    "position_theft": Text(
        "theft markers only change hands: {seats} players hold {seats} in all, not {count} ({rule})",
        ("R1", "R10"),
    ),
    "position_turn": Text("turns are counted from 1, not {quote}"),
    "position_to_move": Text("the player to move is one of 1 to {seats}, not {quote}"),
    "position_left": Text("turn {turn} has {allowed} actions ({rule}), so {quote} cannot be left", ("R5",)),
    "position_triggered": Text("the end is triggered exactly when the bag is empty ({rule})", ("R14",)),
    "position_reason": Text("a game ends by {reasons}, not {quote}"),
    "position_delivery_untriggered": Text(
        "a game ends by a delivery only once the end is triggered ({rule})", ("R14",)
    ),
    "position_sized": Text("{what}: {count} values expected"),
}


_RULE_TEXT = {code: ", ".join(text.rules) for code, text in TEXTS.items()}  # what {rule} shows


def english(code: str) -> str:
    """The English template of ``code`` (KeyError for a code not in ``TEXTS``)."""
    return TEXTS[code].english


def good_name(letter: str) -> str:
    """A good's English name from its letter, as the engine's sentences write it."""
    return GOODS[GOOD_BY_LETTER[letter]].name


class Refusal(str):
    """A code with parameters, whose ``str`` is its English text (see the module).

    Compares, hashes and formats as that text, so it stands wherever the
    engine used to give a sentence. ``params`` must not be changed."""

    code: str
    params: Mapping[str, Param]

    def __new__(cls, code: str, /, **params: Param) -> Refusal:
        self = super().__new__(cls, _render(code, params, english, good_name))
        self.code = code
        self.params = MappingProxyType(params)
        return self

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule numbers the refusal cites (docs/RULES.md), e.g. ``("R7",)``."""
        return TEXTS[self.code].rules

    def in_words(
        self,
        template: Callable[[str], str] = english,
        good: Callable[[str], str] = good_name,
        number: Callable[[int], str] | None = None,
        phrase: Callable[[str], str] | None = None,
    ) -> str:
        """The refusal in another language: ``template(code)`` is that code's
        text, ``good(letter)`` a good's name, ``number(n)`` a number written
        with the language's digit grouping (whatever spec the template gives
        it, ``{max:,}`` included), ``phrase(text)`` a phrase param
        (``PHRASES``); nested refusals (``cause``, ``reason``) are rendered
        the same way. The defaults give ``str(self)``."""
        return _render(self.code, self.params, template, good, number, phrase)

    def __reduce__(self) -> tuple[Callable[..., Refusal], tuple[str, dict[str, Param]]]:
        return _rebuild, (self.code, dict(self.params))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Refusal({self.code!r}{args})"


def _rebuild(code: str, params: dict[str, Param]) -> Refusal:
    return Refusal(code, **params)


class Digits(str):
    """A number already written in a language's digits ("10.000", "10\u202f000"):
    a number's format spec (``{max:,}``) leaves it as it is."""

    def __format__(self, spec: str) -> str:
        return str(self) if spec in ("", ",") else format(str(self), spec)


def _render(
    code: str,
    params: Mapping[str, Param],
    template: Callable[[str], str],
    good: Callable[[str], str],
    number: Callable[[int], str] | None = None,
    phrase: Callable[[str], str] | None = None,
) -> str:
    rule = _RULE_TEXT[code]
    if not params:
        return template(code).format(rule=rule)
    shown: dict[str, Param] = {"rule": rule}
    for key, value in params.items():
        if isinstance(value, Refusal):
            shown[key] = value.in_words(template, good, number, phrase)
        elif key == "good" and isinstance(value, str):
            shown[key] = good(value)
        elif phrase is not None and key in PHRASES and isinstance(value, str):
            shown[key] = phrase(value)
        elif number is not None and type(value) is int:
            shown[key] = Digits(number(value))
        else:
            shown[key] = value
    return template(code).format_map(shown)
