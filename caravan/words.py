"""The game's words in every language: one place for the page and the terminal.

``Words(translations)`` phrases what the game shows (events, actions,
refusals, how a game ended, default names, goods, cities, colours) through a
gettext translations object (``gettext.GNUTranslations`` from a catalogue's
``.mo`` bytes, or ``gettext.NullTranslations`` for English, the source
language: every msgid is the English text). Placeholders are ``str.format``
fields, filled after translation; counts go through ``ngettext``.

Goods and cities are inserted into sentences, and their form depends on the
language and the sentence (articles, cases): a good or a city is passed as a
``Word``, a ``str`` whose format spec picks a form, so a translation may
write ``{good:acc}`` where the English writes ``{good}`` (the forms are
``GOOD_FORMS`` and ``CITY_FORMS``; each is its own catalogue entry with a
context). Standard library only, like the engine; it knows nothing of the
browser. The catalogues are in ``caravan/locale`` (docs/I18N.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from . import events as ev
from .actions import Action, EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from .board import CITY_NAMES, SQUARE_NAMES
from .errors import CaravanError
from .game import Game
from .goods import Good, city_wants
from .refusals import Digits, Refusal, english
from .state import Reason

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "pl", "nl")  # English first: the source language
DOMAIN = "caravan"


class Translations(Protocol):
    """What ``Words`` needs of a translations object (``gettext.NullTranslations`` has it)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str: ...


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is defined; translated where used."""
    return message


def C_(context: str, message: str) -> tuple[str, str]:
    """Marks ``message`` with its ``context`` for the catalogue (extracted as pgettext)."""
    return context, message


class Word(str):
    """A good's or a city's name (its plain form as the ``str``), whose format
    spec picks another form: ``"{good:acc}".format(good=word)``. An unknown
    spec is an ordinary string format spec."""

    forms: Mapping[str, str]

    def __new__(cls, forms: Mapping[str, str]) -> Word:
        self = super().__new__(cls, forms[""])
        self.forms = forms
        return self

    def __format__(self, spec: str) -> str:
        form = self.forms.get(spec)
        return form if form is not None else format(str(self), spec)


# The forms of a good a sentence may need, by format spec. English sentences
# use only ``{good}``; a translation uses whichever form its grammar needs.
# Each entry: (spec, context, translator's note); the English text per good is
# in _GOOD_TEXT.
GOOD_FORMS: tuple[tuple[str, str], ...] = (
    ("", "good"),
    ("the", "good, with article"),
    ("acc", "good, accusative"),
    ("gen", "good, genitive"),
    ("ins", "good, instrumental"),
)
CITY_FORMS: tuple[tuple[str, str], ...] = (
    ("", "city"),
    ("to", "city, destination"),
    ("in", "city, location"),
    ("gen", "city, genitive"),
)

# Translators: the goods' names. "good": the name alone, as in a list, a
# table or a label ("{good}, free to pick up"); lower case.
# "good, with article": with its definite article ("la sal", "le sel", "l'ivoire", "het zout"),
# for sentences like "{name} picked up {good:the} on {at}".
# "good, accusative" / "good, genitive" / "good, instrumental": the case forms a sentence
# may need ({good:acc}, {good:gen}, {good:ins}); a language without cases gives the form it uses there.
_GOOD_TEXT: dict[Good, tuple[tuple[str, str], ...]] = {
    Good.IVORY: (
        # Translators: a good's name alone, lower case, as in a list or a label ("{good}, free to
        # pick up"). Sentences get it as {good}; a translation may use another form instead:
        # {good:the}, {good:acc}, {good:gen}, {good:ins} (the entries below).
        C_("good", "ivory"),
        # Translators: the good with its definite article, for {good:the} ("la sal", "le sel",
        # "l'ivoire", "het zout"; in Polish the plain name).
        C_("good, with article", "the ivory"),
        # Translators: the form a verb's object takes, for {good:acc} (Polish "kość słoniową",
        # "tkaninę"); a language without cases gives the form its sentences use.
        C_("good, accusative", "ivory"),
        # Translators: the genitive or partitive, for {good:gen} (Polish "soli"; French "du sel").
        C_("good, genitive", "ivory"),
        # Translators: the instrumental, for {good:ins} (Polish "solą"); else the plain form.
        C_("good, instrumental", "ivory"),
    ),
    Good.CLOTH: (
        C_("good", "cloth"),
        C_("good, with article", "the cloth"),
        C_("good, accusative", "cloth"),
        C_("good, genitive", "cloth"),
        C_("good, instrumental", "cloth"),
    ),
    Good.GEMS: (
        C_("good", "gems"),
        C_("good, with article", "the gems"),
        C_("good, accusative", "gems"),
        C_("good, genitive", "gems"),
        C_("good, instrumental", "gems"),
    ),
    Good.PAPER: (
        C_("good", "paper"),
        C_("good, with article", "the paper"),
        C_("good, accusative", "paper"),
        C_("good, genitive", "paper"),
        C_("good, instrumental", "paper"),
    ),
    Good.MEAT: (
        C_("good", "meat"),
        C_("good, with article", "the meat"),
        C_("good, accusative", "meat"),
        C_("good, genitive", "meat"),
        C_("good, instrumental", "meat"),
    ),
    Good.SWORDS: (
        C_("good", "swords"),
        C_("good, with article", "the swords"),
        C_("good, accusative", "swords"),
        C_("good, genitive", "swords"),
        C_("good, instrumental", "swords"),
    ),
    Good.SALT: (
        C_("good", "salt"),
        C_("good, with article", "the salt"),
        C_("good, accusative", "salt"),
        C_("good, genitive", "salt"),
        C_("good, instrumental", "salt"),
    ),
    Good.HIDES: (
        C_("good", "hides"),
        C_("good, with article", "the hides"),
        C_("good, accusative", "hides"),
        C_("good, genitive", "hides"),
        C_("good, instrumental", "hides"),
    ),
}

# Translators: the cities, as your language's rulebook spells them. "city": the name alone.
# "city, destination": where a good goes ("to Cairo": "au Caire", "do Kairu", "naar Caïro").
# "city, location": where something is ("in Cairo": "au Caire", "w Kairze").
# "city, genitive": the genitive where your language has one (else the name alone).
_CITY_TEXT: dict[str, tuple[tuple[str, str], ...]] = {
    "Marrakech": (
        # Translators: a city as your rulebook spells it, the name alone; {city} in sentences,
        # where a translation may use {city:to}, {city:in} or {city:gen} instead (below).
        C_("city", "Marrakech"),
        # Translators: where a good goes, with its preposition, for {city:to} ("au Caire", "do Kairu").
        C_("city, destination", "to Marrakech"),
        # Translators: where something is, with its preposition, for {city:in} ("au Caire", "w Kairze").
        C_("city, location", "in Marrakech"),
        # Translators: the genitive where your language has one (else the name alone), for {city:gen}.
        C_("city, genitive", "Marrakech"),
    ),
    "Fez": (
        C_("city", "Fez"),
        C_("city, destination", "to Fez"),
        C_("city, location", "in Fez"),
        C_("city, genitive", "Fez"),
    ),
    "Niani": (
        C_("city", "Niani"),
        C_("city, destination", "to Niani"),
        C_("city, location", "in Niani"),
        C_("city, genitive", "Niani"),
    ),
    "Cairo": (
        C_("city", "Cairo"),
        C_("city, destination", "to Cairo"),
        C_("city, location", "in Cairo"),
        C_("city, genitive", "Cairo"),
    ),
    "Walata": (
        C_("city", "Walata"),
        C_("city, destination", "to Walata"),
        C_("city, location", "in Walata"),
        C_("city, genitive", "Walata"),
    ),
    "Gao": (
        C_("city", "Gao"),
        C_("city, destination", "to Gao"),
        C_("city, location", "in Gao"),
        C_("city, genitive", "Gao"),
    ),
    "Timbuktu": (
        C_("city", "Timbuktu"),
        C_("city, destination", "to Timbuktu"),
        C_("city, location", "in Timbuktu"),
        C_("city, genitive", "Timbuktu"),
    ),
    "Djenné": (
        C_("city", "Djenné"),
        C_("city, destination", "to Djenné"),
        C_("city, location", "in Djenné"),
        C_("city, genitive", "Djenné"),
    ),
}

# A city's short label, where the board has no room for its name (the terminal's
# board, a phone's board): its own message, as a language shortens it.
CITY_SHORT: dict[str, tuple[str, str]] = {
    # Translators: a city's name shortened to about three letters, for a label where the
    # whole name has no room ("Mar:I" on the terminal's board): not "El" for "El Cairo".
    "Marrakech": C_("city, three letters", "Mar"),
    "Fez": C_("city, three letters", "Fez"),
    "Niani": C_("city, three letters", "Nia"),
    "Cairo": C_("city, three letters", "Cai"),
    "Walata": C_("city, three letters", "Wal"),
    "Gao": C_("city, three letters", "Gao"),
    "Timbuktu": C_("city, three letters", "Tim"),
    "Djenné": C_("city, three letters", "Dje"),
}

# Translators: the players' colours, as a word alone (a label in a list, "Colour: yellow").
COLOURS: dict[str, tuple[str, str]] = {
    # Translators: a player's colour, a word alone, lower case, as in a list ("Ann (yellow)").
    "yellow": C_("colour", "yellow"),
    "black": C_("colour", "black"),
    "orange": C_("colour", "orange"),
    "teal": C_("colour", "teal"),
    "red": C_("colour", "red"),
    "blue": C_("colour", "blue"),
    "green": C_("colour", "green"),
    "purple": C_("colour", "purple"),
    "white": C_("colour", "white"),
}

# How a game ended (Outcome.reason), as a sentence.
REASONS: dict[Reason, str] = {
    Reason.DELIVERY: N_("The end was triggered and a good was delivered."),
    Reason.TURN_LIMIT: N_("The turn limit was reached."),
    Reason.AGREED: N_("The players agreed to stop."),
}

# The bots' strengths as a seat's type reads them (web's new-game form, names in lists).
BOT_STRENGTHS: dict[str, str] = {
    "easy": N_("Bot: easy"),
    "medium": N_("Bot: medium"),
    "hard": N_("Bot: hard"),
}
# A bot's strength as a word, after "bot" in a list of seats ("2 Bob (black, bot hard)").
BOT_STRENGTH_WORDS: dict[str, tuple[str, str]] = {
    # Translators: a bot's strength, a word alone, lower case, as in "2 Bob (black, bot hard)".
    "easy": C_("bot strength", "easy"),
    "medium": C_("bot strength", "medium"),
    "hard": C_("bot strength", "hard"),
}


# A reviewed turn's verdict (caravan.review.VERDICTS), as a word.
VERDICTS: dict[str, tuple[str, str]] = {
    # Translators: a reviewed turn's verdict, as in chess: a good turn, or one that lost little.
    "fine": C_("verdict", "fine"),
    # Translators: a reviewed turn that lost 2 to 5 points against the bot's best.
    "inaccuracy": C_("verdict", "inaccuracy"),
    # Translators: a reviewed turn that lost 5 to 10 points.
    "mistake": C_("verdict", "mistake"),
    # Translators: a reviewed turn that lost 10 points or more.
    "blunder": C_("verdict", "blunder"),
}


class HintReason(Protocol):
    """What ``Words`` reads of a ``caravan.advice.Reason`` (words.py imports no bot)."""

    @property
    def kind(self) -> str: ...
    @property
    def good(self) -> Good | None: ...
    @property
    def city(self) -> str | None: ...
    @property
    def points(self) -> int: ...
    @property
    def markers(self) -> int: ...
    @property
    def squares(self) -> int: ...
    @property
    def frm(self) -> int | None: ...
    @property
    def to(self) -> int | None: ...
    @property
    def victim(self) -> int | None: ...
    @property
    def how(self) -> str: ...


def _runs(reasons: Sequence[HintReason]) -> list[list[HintReason]]:
    """The reasons in play order, camels put one after another to extend the same
    chain (toward the same city, R11) grouped so that they are said once."""
    out: list[list[HintReason]] = []
    for r in reasons:
        last = out[-1] if out else None
        if last and r.kind == "chain" and last[0].kind == "chain" and last[0].city == r.city:
            last.append(r)
        else:
            out.append([r])
    return out


class HintLike(Protocol):
    """What ``Words`` reads of a ``caravan.advice.Hint``."""

    @property
    def reasons(self) -> Sequence[HintReason]: ...
    @property
    def gain(self) -> float: ...
    @property
    def expected(self) -> float: ...


class TurnReviewLike(Protocol):
    """What ``Words`` reads of a ``caravan.review.TurnReview``."""

    @property
    def turn(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def played(self) -> Sequence[Action]: ...
    @property
    def best(self) -> Sequence[Action]: ...
    @property
    def lost(self) -> float: ...
    @property
    def verdict(self) -> str: ...


class Words:
    """The game's words in the language of ``translations`` (see the module)."""

    def __init__(self, translations: Translations) -> None:
        self.translations = translations
        t = translations
        self.goods: dict[Good, Word] = {
            good: Word(
                {spec: t.pgettext(ctx, msg) for (spec, _), (ctx, msg) in zip(GOOD_FORMS, texts, strict=True)}
            )
            for good, texts in _GOOD_TEXT.items()
        }
        self.cities: dict[str, Word] = {
            city: Word(
                {spec: t.pgettext(ctx, msg) for (spec, _), (ctx, msg) in zip(CITY_FORMS, texts, strict=True)}
            )
            for city, texts in _CITY_TEXT.items()
        }
        # Translators: between groups of three digits in a large number (10,000): a comma in
        # English; a no-break space in French and Polish, a point in Spanish and Dutch.
        self.thousands = t.pgettext("number", ",")

    # ------------------------------------------------------------ lookups

    def _(self, message: str, /, **params: object) -> str:
        """``message`` translated, its fields filled from ``params`` (numbers
        with the language's digit grouping)."""
        text = self.translations.gettext(message)
        return text.format_map(self._shown(params)) if params else text

    def ngettext(self, singular: str, plural: str, /, n: int, **params: object) -> str:
        """The form for count ``n``, its fields filled (``{n}`` among them)."""
        return self.translations.ngettext(singular, plural, n).format_map(self._shown({"n": n, **params}))

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        """``message`` in ``context`` translated, its fields filled."""
        text = self.translations.pgettext(context, message)
        return text.format_map(self._shown(params)) if params else text

    def _shown(self, params: Mapping[str, object]) -> dict[str, object]:
        """``params`` as a sentence shows them: an int in the language's digits."""
        return {k: Digits(self.number(v)) if type(v) is int else v for k, v in params.items()}

    def number(self, n: int) -> str:
        """``n`` with the language's separator between groups of three digits."""
        return f"{n:,}".replace(",", self.thousands) if abs(n) >= 1000 else str(n)

    def good(self, good: int) -> Word:
        """A good (a Good or the int an event carries) as a Word."""
        return self.goods[Good(good)]

    def good_letter(self, letter: str) -> str:
        """A good named by its letter (as refusals carry it), as a Word."""
        return self.goods[Good.from_letter(letter)]

    def city(self, square: int) -> Word:
        """The city on ``square`` as a Word."""
        return self.cities[CITY_NAMES[square]]

    def city_short(self, square: int) -> str:
        """The city on ``square`` shortened to about three letters, for a narrow label."""
        return self.translations.pgettext(*CITY_SHORT[CITY_NAMES[square]])

    def city_named(self, name: str) -> Word:
        """A city by its English name (``Good.city``) as a Word."""
        return self.cities[name]

    def colour(self, colour: str) -> str:
        """A player colour's word; a colour not in the game's list (from a file) as it is."""
        entry = COLOURS.get(colour)
        return self.translations.pgettext(*entry) if entry else colour

    def reason(self, reason: Reason | str) -> str:
        """How a game ended, as a sentence."""
        return self._(REASONS[Reason(reason)])

    def strength(self, bot: str) -> str:
        """A bot's strength as a seat type reads it ("Bot: easy")."""
        text = BOT_STRENGTHS.get(bot)
        return self._(text) if text is not None else bot

    def strength_word(self, bot: str) -> str:
        """A bot's strength as a word ("hard"); one this version does not know as it is."""
        entry = BOT_STRENGTH_WORDS.get(bot)
        return self.translations.pgettext(*entry) if entry else bot

    def default_name(self, seat: int) -> str:
        """The name of a seat (0-based) whose player gave none."""
        # Translators: the name of a player who gave none; {n} is the seat, from 1.
        return self._("Player {n}", n=seat + 1)

    def name(self, game: Game, seat: int) -> str:
        """The name of ``seat`` (0-based) in ``game``: its own, or the default one
        (``Player.name`` None) in this language."""
        name = game.options.players[seat].name
        return self.default_name(seat) if name is None else name

    def names(self, names: Sequence[str]) -> str:
        """Names as a list read aloud: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
        if len(names) <= 1:
            return "".join(names)
        # Translators: the last two of a list of names ("Ann, Bob and Cy"); {first} may be a list itself.
        return self._("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])

    def cost(self, n: int) -> str:
        """What an action costs: "1 action", "2 actions"."""
        return self.ngettext("{n} action", "{n} actions", n=n)

    def refusal(self, refusal: Refusal | str) -> str:
        """A refusal (a code with parameters) in words; a plain string as it is."""
        if not isinstance(refusal, Refusal):
            return refusal
        return refusal.in_words(self._template, self.good_letter, self.number, self.translations.gettext)

    def error(self, error: CaravanError) -> str:
        """An engine error in words: its refusal, or its own text if it has none."""
        return self.refusal(error.refusal) if error.refusal is not None else str(error)

    def _template(self, code: str) -> str:
        return self.translations.gettext(english(code))

    # ------------------------------------------------------------ actions

    def action(self, game: Game, action: Action) -> str:
        """The action in plain words, for the player to move, before it is taken."""
        sq = SQUARE_NAMES
        if isinstance(action, EndTurn):
            return self._("end the turn")
        if isinstance(action, PlaceCamel):
            return self._("place a camel on {to}", to=sq[action.to])
        if isinstance(action, MoveCamel):
            return self._("move a camel from {frm} to {to}", frm=sq[action.frm], to=sq[action.to])
        if isinstance(action, PickUp):
            loose = game.loose_at(action.at)
            if loose is None:  # not a legal action: say it in notation rather than guess a good
                return str(action)
            return self._("pick up the {good} on {at}", good=self.good(loose), at=sq[action.at])
        if isinstance(action, Steal):
            return self._(
                "steal the {good} from {name} on {at}",
                good=self.good(action.good),
                name=self.name(game, action.victim),
                at=sq[action.at],
            )
        good = self.good(action.good)
        frm, to = sq[action.frm], sq[action.to]
        if city_wants(action.to) == action.good:
            return self._(
                "deliver the {good} from {frm} to {city}", good=good, frm=frm, city=self.city(action.to)
            )
        if action.under:
            return self._("move the {good} from under the camel on {frm} to {to}", good=good, frm=frm, to=to)
        return self._("move the {good} from {frm} to {to}", good=good, frm=frm, to=to)

    # ------------------------------------------------------------- events

    def lines(self, game: Game, events: Sequence[ev.Event]) -> list[tuple[ev.Event, str]]:
        """The events of one action as the log and the terminal say them, in
        order, each line with the event it tells: a good moved into the city
        that wants it and its delivery (R12) are one line, told by the delivery."""
        out: list[tuple[ev.Event, str]] = []
        i = 0
        while i < len(events):
            event, after = events[i], events[i + 1] if i + 1 < len(events) else None
            if (
                isinstance(event, ev.GoodMoved)
                and isinstance(after, ev.GoodDelivered)
                and (after.seat, after.good, after.at) == (event.seat, event.good, event.to)
            ):
                out.append((after, self.delivery(game, event, after)))
                i += 2
            else:
                out.append((event, self.event(game, event)))
                i += 1
        return out

    def delivery(self, game: Game, moved: ev.GoodMoved, delivered: ev.GoodDelivered) -> str:
        """A good's last move and its delivery (R12) in one sentence."""
        params: dict[str, object] = {
            "name": self.name(game, delivered.seat),
            "good": self.good(delivered.good),
            "frm": SQUARE_NAMES[moved.frm],
            "city": self.city(delivered.at),
        }
        if moved.from_under:
            return self.ngettext(
                "{name} delivered the {good} from under the camel on {frm} to {city}: {n} point",
                "{name} delivered the {good} from under the camel on {frm} to {city}: {n} points",
                n=delivered.points,
                **params,
            )
        return self.ngettext(
            "{name} delivered the {good} from {frm} to {city}: {n} point",
            "{name} delivered the {good} from {frm} to {city}: {n} points",
            n=delivered.points,
            **params,
        )

    def event(self, game: Game, event: ev.Event) -> str:
        """One event in plain words (``lines`` says an action's events together)."""
        sq = SQUARE_NAMES
        if isinstance(event, ev.GameOver):
            return self.game_over(game, event)
        if isinstance(event, ev.Refilled):
            return self.refill(event)
        if isinstance(event, ev.EndTriggered):
            return self._("The last goods are out of the bag: the next delivery ends the game")
        name = self.name(game, event.seat)
        if isinstance(event, ev.CamelPlaced):
            return self._(
                "{name} placed a camel on {to} ({cost})",
                name=name,
                to=sq[event.to],
                cost=self.cost(event.cost),
            )
        if isinstance(event, ev.CamelMoved):
            return self._(
                "{name} moved a camel from {frm} to {to} ({cost})",
                name=name,
                frm=sq[event.frm],
                to=sq[event.to],
                cost=self.cost(event.cost),
            )
        if isinstance(event, ev.GoodPickedUp):
            good, at = self.good(event.good), sq[event.at]
            if not event.demand_markers:
                return self._("{name} picked up the {good} on {at}", name=name, good=good, at=at)
            return self.ngettext(
                "{name} picked up the {good} on {at} and took {n} demand marker",
                "{name} picked up the {good} on {at} and took {n} demand markers",
                n=event.demand_markers,
                name=name,
                good=good,
                at=at,
            )
        if isinstance(event, ev.GoodStolen):
            return self._(
                "{name} stole the {good} from {victim} on {at}; {victim} takes a theft marker",
                name=name,
                victim=self.name(game, event.victim),
                good=self.good(event.good),
                at=sq[event.at],
            )
        if isinstance(event, ev.GoodMoved):
            good, frm, to = self.good(event.good), sq[event.frm], sq[event.to]
            if event.from_under:
                return self._(
                    "{name} moved the {good} from under the camel on {frm} to {to}",
                    name=name,
                    good=good,
                    frm=frm,
                    to=to,
                )
            return self._("{name} moved the {good} from {frm} to {to}", name=name, good=good, frm=frm, to=to)
        if isinstance(event, ev.GoodDelivered):
            return self.ngettext(
                "{name} delivered the {good} to {city}: {n} point",
                "{name} delivered the {good} to {city}: {n} points",
                n=event.points,
                name=name,
                good=self.good(event.good),
                city=self.city(event.at),
            )
        return self.ngettext(
            "{name} ended the turn; {next} to play with {n} action",
            "{name} ended the turn; {next} to play with {n} actions",
            n=event.next_actions,
            name=name,
            next=self.name(game, event.next_seat),
        )

    def refill(self, event: ev.Refilled) -> str:
        """The refill (R13): where demand markers went, what was drawn, what is left."""
        # Translators: in "demand markers on {marked}" and "new goods: {placed}" when there are none.
        none = self.pgettext("refill", "none")
        marked = ", ".join(SQUARE_NAMES[s] for s in event.marked) or none
        placed = ", ".join(
            # Translators: one good drawn in a refill and the space it goes to ("salt on c6").
            self._("{good} on {square}", good=self.good(g), square=SQUARE_NAMES[s])
            for s, g in event.placed
        )
        return self.ngettext(
            "Refill: demand markers on {marked}; new goods: {placed}; {n} good left in the bag",
            "Refill: demand markers on {marked}; new goods: {placed}; {n} goods left in the bag",
            n=event.bag_left,
            marked=marked,
            placed=placed or none,
        )

    def game_over(self, game: Game, event: ev.GameOver) -> str:
        """The end of the game: how it ended and who won (R17)."""
        return f"{self._('Game over')}. {self.reason(event.reason)} {self.winners(game, event.winners)}"

    def winners(self, game: Game, winners: Sequence[int]) -> str:
        """Who won: one name, or a shared victory (R17)."""
        names = [self.name(game, s) for s in winners]
        if len(names) == 1:
            return self._("{name} wins!", name=names[0])
        return self._("Shared victory: {names}", names=self.names(names))

    # ------------------------------------------------------ hints, reviews

    def decimal(self, x: float, *, signed: bool = False) -> str:
        """``x`` with one decimal, in the language's decimal mark ("2.5", "2,5"); ``signed``: "+2.5"."""
        text = f"{x:+.1f}" if signed else f"{x:.1f}"
        # Translators: the decimal mark in a number with a fraction (2.5 points): a point in
        # English, a comma in Spanish, French, Polish and Dutch.
        return text.replace(".", self.pgettext("number", "."))

    def hint_reason(self, game: Game, r: HintReason) -> str:
        """One part of a hinted turn (``caravan.advice.Reason``) as a clause, lower case."""
        sq = SQUARE_NAMES
        good = self.good(r.good) if r.good is not None else None
        city = self.city_named(r.city) if r.city is not None else None
        victim = self.name(game, r.victim) if r.victim is not None else None
        at = sq[r.frm] if r.frm is not None else None
        to = sq[r.to] if r.to is not None else None
        if r.kind == "deliver":
            if r.how == "pickup":
                text = self._(
                    "pick up the {good} on {at} and deliver it to {city}: +{points}",
                    good=good,
                    at=at,
                    city=city,
                    points=r.points,
                )
            elif r.how == "steal":
                text = self._(
                    "steal the {good} from {victim} and deliver it to {city}: +{points}",
                    good=good,
                    victim=victim,
                    city=city,
                    points=r.points,
                )
            else:
                text = self._(
                    "deliver the {good} to {city}: +{points}", good=good, city=city, points=r.points
                )
            return self._with_markers(text, r.markers)
        if r.kind == "pickup":
            if r.how == "drawn":  # a good the turn's refill puts down: not known yet (R13, I11)
                text = self._("pick up the good the refill puts on {at}", at=at)
                return self._with_markers(text, r.markers)
            if r.squares > 0:
                text = self.ngettext(
                    "pick up the {good} on {at} and move it {n} space nearer {city}",
                    "pick up the {good} on {at} and move it {n} spaces nearer {city}",
                    n=r.squares,
                    good=good,
                    at=at,
                    city=city,
                )
            else:
                text = self._("pick up the {good} on {at}", good=good, at=at)
            return self._with_markers(text, r.markers)
        if r.kind == "steal":
            if r.squares > 0:
                return self.ngettext(
                    "steal the {good} from {victim} and move it {n} space nearer {city}",
                    "steal the {good} from {victim} and move it {n} spaces nearer {city}",
                    n=r.squares,
                    good=good,
                    victim=victim,
                    city=city,
                )
            return self._("steal the {good} from {victim} on {at}", good=good, victim=victim, at=at)
        if r.kind == "closer":
            if r.squares > 0:
                return self.ngettext(
                    "move the {good} {n} space nearer {city}",
                    "move the {good} {n} spaces nearer {city}",
                    n=r.squares,
                    good=good,
                    city=city,
                )
            return self._("move the {good} on to {to}", good=good, to=to)
        if r.kind == "block" and city is not None and victim is not None:
            return self._(
                "put a camel on {to} in {city}, where {victim} wants to deliver the {good}",
                to=to,
                city=city,
                victim=victim,
                good=good,
            )
        if r.kind == "chain":
            if city is not None:
                return self._("put a camel on {to} to extend your chain toward {city}", to=to, city=city)
            return self._("put a camel on {to} to extend your chain", to=to)
        if r.kind == "place" and good is not None:
            return self._("put a camel on {to} to pick up the {good} there later", to=to, good=good)
        if r.kind in ("place", "block"):
            return self._("put a camel on {to}", to=to)
        return self._("end the turn now: nothing else does better")

    def _chain(self, group: Sequence[HintReason]) -> str:
        """Camels put one after another to extend one chain, said once: "put camels on e3, e4 to…"."""
        squares = ", ".join(SQUARE_NAMES[r.to] for r in group if r.to is not None)
        city = group[0].city
        if city is not None:
            return self._(
                "put camels on {squares} to extend your chain toward {city}",
                squares=squares,
                city=self.city_named(city),
            )
        return self._("put camels on {squares} to extend your chain", squares=squares)

    def _with_markers(self, text: str, markers: int) -> str:
        if not markers:
            return text
        # Translators: {reason} is a part of a hinted turn ("deliver the salt to Timbuktu: +3").
        return self.ngettext(
            "{reason}, with {n} demand marker", "{reason}, with {n} demand markers", n=markers, reason=text
        )

    def reasons(self, game: Game, reasons: Sequence[HintReason]) -> str:
        """A turn's reasons (``caravan.advice.explain``) joined in play order, lower case:
        "deliver the salt to Timbuktu: +3; then move the cloth 2 spaces nearer Fez"."""
        parts = [
            self._chain(group) if len(group) > 1 else self.hint_reason(game, group[0])
            for group in _runs(reasons)
        ]
        text = parts[0]
        for part in parts[1:]:
            # Translators: joins the parts of a hinted turn, in the order they are played.
            text = self._("{first}; then {next}", first=text, next=part)
        return text

    def hint_line(self, game: Game, hint: HintLike) -> str:
        """A hint's reasons as one sentence: "Deliver the salt to Timbuktu: +3; then move
        the cloth 2 spaces nearer Fez." (``caravan.advice.Hint``)."""
        text = self.reasons(game, hint.reasons)
        # Translators: a whole hint as a sentence: capitalise and end it as your language does.
        return self._("{sentence}.", sentence=text[:1].upper() + text[1:])

    def hint_gain(self, hint: HintLike) -> str:
        """What a hinted turn is worth: its gain over ending the turn at once, the expected final margin."""
        return self._(
            "Gain over ending the turn now: {gain} points; expected final margin: {expected}",
            gain=self.decimal(hint.gain, signed=True),
            expected=self.decimal(hint.expected, signed=True),
        )

    def verdict(self, verdict: str) -> str:
        """A reviewed turn's verdict (``caravan.review.VERDICTS``) as a word."""
        entry = VERDICTS.get(verdict)
        return self.translations.pgettext(*entry) if entry else verdict

    def review_line(self, game: Game, turn: TurnReviewLike) -> str:
        """One reviewed turn: its number, who played it, the played and the best turn, the points lost."""
        return self._(
            "Turn {turn}, {name}: played {played}; best {best}; points lost: {lost} ({verdict})",
            turn=turn.turn,
            name=self.name(game, turn.seat),
            played=" ".join(str(a) for a in turn.played),
            best=" ".join(str(a) for a in turn.best),
            lost=self.decimal(turn.lost),
            verdict=self.verdict(turn.verdict),
        )
