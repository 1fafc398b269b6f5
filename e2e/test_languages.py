"""The page in five languages (issue 13, docs/UI-CONTRACT.md "Languages"):
?lang= and the browser's language pick it, the choice is remembered, the
select switches at once without touching the game, and nothing on a screen
escapes the catalogue (the pseudo-language, a test-only catalogue), checked
on the same walk of the screens as the Polish layouts (issue 13; the
measure is e2e/layout.py)."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import events as ev
from caravan import link, parse_action
from caravan.board import parse_square
from caravan.words import Words
from e2e.conftest import Tab
from e2e.driver import Driver, open_menu_for
from e2e.layout import layout_problems
from e2e.saving import finished_game, record_of
from tests.translations import compiled, outside_brackets, pseudo_mo
from tools import i18n as i18n_tool

# The visible text of the page, but what the boot script shows before Python
# (its own table, from the catalogues at build time), the languages' own
# names, SVG tooltips, notation, dates (Intl formats them in the page's
# language) and a city's name cut to its first letters on a phone's board
# (the whole name is in the square's tooltip and view); and the rules
# reference's text, which is each language's own (docs/rules/), not the catalogue's.
VISIBLE_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.getElementById("app"), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim()) continue;
    const skip = "code, title, time, #language, [data-boot], script, style, .city-name, .rules-body";
    if (el.closest(skip)) continue;
    if (el.checkVisibility && !el.checkVisibility()) continue;
    out.push(node.textContent);
  }
  return out;
}"""


def _lang(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def _use_catalogue(page: Any, code: str, mo: bytes) -> None:
    """Show the page in the catalogue ``mo`` at once (App.set_language: every screen's state kept)."""
    page.evaluate(
        "([code, text]) => window.caravanCatalogue(code, text)", [code, base64.b64encode(mo).decode()]
    )
    expect(page.locator("html")).to_have_attribute("lang", code)


def _use_pseudo(page: Any) -> None:
    _use_catalogue(page, "xx", pseudo_mo())


def _browser_speaks(tab: Tab, *languages: str) -> None:
    """The browser's languages as the page reads them (navigator.languages and
    navigator.language), set before any of its scripts run: what a browser
    context's locale sets, on a page of the shared context (a new context
    would compile the runtime again)."""
    langs = json.dumps(list(languages))
    tab.page.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'languages', {{ get: () => {langs} }});"
        f"Object.defineProperty(Navigator.prototype, 'language', {{ get: () => {langs}[0] }});"
    )


@pytest.mark.timeout(180)
def test_the_browsers_language_and_lang_pick_the_language_and_the_choice_is_remembered(
    own_page_tab: Tab,
) -> None:
    tab = own_page_tab
    _browser_speaks(tab, "pl-PL", "pl")
    page = tab.page
    tab.open("")
    assert _lang(page) == "pl"  # navigator.languages, by primary subtag
    expect(page.locator("#language")).to_have_value("pl")
    expect(page.locator("#new-game h2")).to_have_text(compiled("pl").gettext("New game"))
    tab.open("?lang=fr")  # forced: for links and tests
    assert _lang(page) == "fr"
    expect(page.locator("#new-game h2")).to_have_text(compiled("fr").gettext("New game"))
    page.evaluate("window.stayedHere = true")
    page.locator("#language").select_option("es")  # at once, without a reload
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#new-game h2")).to_have_text(compiled("es").gettext("New game"))
    assert page.evaluate("window.stayedHere") is True
    expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", "./manifest.es.webmanifest")
    tab.open("")  # remembered over the browser's Polish
    assert _lang(page) == "es"
    expect(page.locator("#language")).to_have_value("es")
    tab.open("?lang=de")  # not one of the five: the remembered choice stands
    assert _lang(page) == "es"


@pytest.mark.timeout(180)
def test_an_english_browser_gets_english(own_page_tab: Tab) -> None:
    tab = own_page_tab
    _browser_speaks(tab, "de-DE", "de")
    tab.open("")
    assert _lang(tab.page) == "en"
    expect(tab.page.locator("#new-game h2")).to_have_text("New game")
    expect(tab.page).to_have_title("Caravan")


@pytest.mark.timeout(180)
def test_switching_mid_game_keeps_the_game_and_the_selection_and_rewrites_the_log(shared_tab: Tab) -> None:
    tab = shared_tab
    page = tab.page
    tab.open("?seed=6&autostart=2&short=1")
    driver = Driver(page)
    game = driver.game()
    for text in ("@d4", "end", "@c5"):
        game = driver.perform(parse_action(text), game)
    driver.select("supply")
    record = record_of(page)
    page.locator("#language").select_option("pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    assert record_of(page) == record
    assert "selected" in str(page.locator('[data-select="supply"]').get_attribute("class"))
    polish = Words(compiled("pl"))
    placed = polish.event(game, ev.CamelPlaced(seat=1, to=parse_square("c5"), cost=1))
    expect(page.locator("#log li").first).to_contain_text(placed)
    _use_pseudo(page)  # every line of the log phrased again
    assert record_of(page) == record
    assert "selected" in str(page.locator('[data-select="supply"]').get_attribute("class"))
    for line in page.locator("#log li").all_inner_texts():
        assert line.strip().startswith("⟦"), line


# The layout check's sizes (e2e/layout.py): a phone and a laptop; a saved game's long name.
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LONG_NAME = "Niedzielna partia z sąsiadami zza ściany, runda druga"


@pytest.mark.timeout(300)
def test_no_screen_shows_text_outside_the_pseudo_languages_brackets_nor_in_polish_overflows_its_box(
    shared_tab: Tab,
) -> None:
    """One walk of the screens, two checks on each (issue 13): the new-game
    form, the game (a source selected, the enlarged view, the end-turn
    question), the rules reference and the how-to-play, saved games (a long
    name), history, share and game over. In the pseudo-language, at 360x740
    (a phone: the enlarged view, the longest texts), the screen shows only
    bracketed text, names and notation: nothing escaped translation. Then,
    on the same screen (switching the language keeps every screen's state,
    App.set_language), in Polish, one of the two longest of the five
    languages, at 360x740 and at 1280x800: no button, label, heading or
    table cell has text wider than its box, every panel's label shares its
    line with its number, and neither the page nor the game-over table
    scrolls sideways (e2e/layout.py)."""
    tab = shared_tab
    page = tab.page
    polish = i18n_tool.compile_po(i18n_tool.po_path("pl"))  # as the build compiles it
    outside: dict[str, list[str]] = {}
    problems: dict[str, list[str]] = {}

    def check(
        screen: str, *, sizes: tuple[dict[str, int], ...] = (PHONE, DESKTOP), pseudo: bool = True
    ) -> None:
        if pseudo:
            texts = [t.replace(LONG_NAME, "") for t in page.evaluate(VISIBLE_TEXT)]
            if left := outside_brackets(texts):
                outside[screen] = left
        if not sizes:
            return
        page.evaluate(
            "([code, text]) => window.caravanCatalogue(code, text)", ["pl", base64.b64encode(polish).decode()]
        )
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        for size in sizes:
            page.set_viewport_size(size)
            if found := layout_problems(page):
                problems[f"{screen} at {size['width']}x{size['height']}"] = found
        page.set_viewport_size(PHONE)
        _use_pseudo(page)

    page.set_viewport_size(PHONE)
    tab.open("?seed=6")
    _use_pseudo(page)
    # "Caravan is ready." was said at boot, in English, before the switch: speech already heard, not shown.
    page.evaluate("document.querySelectorAll('#announcer p').forEach(p => { p.textContent = ''; })")
    check("new game")
    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    driver = Driver(page)
    game = driver.game()
    for text in ("@d4", "end", "@a1"):  # the second player's camel by the salt on a1
        game = driver.perform(parse_action(text), game)
    driver.select("supply")
    check("game, a source selected")
    page.keyboard.press("Escape")
    driver.select("a1")  # its pick-up is too small on a phone: the enlarged view
    expect(page.locator('#square-view[data-square-view="a1"]')).to_be_visible()
    check("enlarged square", sizes=(PHONE,))
    page.locator("#square-view-close").click()
    page.locator("#end-turn").click()
    expect(page.locator("#confirm-end")).to_be_visible()
    check("end-turn question")
    page.locator("#confirm-end-no").click()
    page.locator("#rules-button").click()
    expect(page.locator("#rules")).to_be_visible()
    check("rules reference")
    page.locator("#rules-show-howto").click()
    expect(page.locator("#rules")).to_have_attribute("data-doc", "howto")
    check("how to play")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_have_count(0)
    open_menu_for(page, "#saved-button")
    page.locator("#saved-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "saved")
    page.locator('[data-current="true"] [data-saved-action="rename"]').click()
    page.locator("#rename-input").fill(LONG_NAME)
    page.locator("#rename-save").click()
    expect(page.locator('[data-current="true"] [data-field="name"]')).to_have_text(LONG_NAME)
    check("saved games")
    page.locator("#saved-back").click()
    open_menu_for(page, "#history-button")
    page.locator("#history-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "history")
    check("history")
    page.locator("#history-exit").click()
    open_menu_for(page, "#share")
    page.locator("#share").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    check("share")
    page.locator("#share-close").click()
    page.goto(tab.base_url + "?seed=6#" + link.encode(finished_game()))  # the same page: a hash change
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "xx")
    check("game over")
    page.locator("#rules-button").click()
    expect(page.locator("#rules")).to_be_visible()
    check("rules reference over the game over", sizes=())
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_have_count(0)
    assert outside == {}
    assert problems == {}


# Each language's own words on its main screens: the rulebook's terms (issue 13:
# camel, goods, demand and theft markers, the bag; the Polish city Marrakesz),
# matched case-insensitively in the visible text of the game screen (the legend
# and the players' panels) and in the rules reference's own text.
RULEBOOK_WORDS = {
    "en": ("camel", "goods", "demand markers", "theft markers", "in the bag", "Marrakech"),
    "es": ("camello", "bienes", "marcadores de demanda", "marcadores de robo", "bolsa", "Marrakech"),
    "fr": ("chameau", "marchandises", "marqueurs de demande", "marqueurs de vol", "sac", "Marrakech"),
    "pl": ("wielbłąd", "towar", "znaczniki popytu", "znaczniki kradzieży", "torbie", "Marrakesz"),
    "nl": ("kameel", "goederen", "vraagmarkers", "diefstalmarkers", "zak", "Marrakech"),
}
RULES_WORDS = {
    "en": ("camel", "demand marker", "theft marker", "bag"),
    "es": ("camello", "marcador de demanda", "marcador de robo", "bolsa"),
    "fr": ("chameau", "marqueur de demande", "marqueur de vol", "sac"),
    "pl": ("wielbłąd", "znacznik popytu", "znacznik kradzieży", "torb"),
    "nl": ("kameel", "vraagmarker", "diefstalmarker", "zak"),
}
# English a translated screen must not show (whole words, so "camello" is not "camel").
TELLTALES = re.compile(
    r"\b(camels?|Undo|End turn|Saved games|New game|Legend|Rules|How to play|Back|Goods|Theft markers)\b"
)


def _visible(page: Any, within: str = "#app") -> str:
    script = VISIBLE_TEXT.replace('getElementById("app")', f"querySelector({within!r})")
    return " ".join(page.evaluate(script))


def _words_missing(text: str, words: tuple[str, ...]) -> list[str]:
    low = text.lower()
    return [w for w in words if w.lower() not in low]


@pytest.mark.timeout(180)
@pytest.mark.parametrize("lang", ["en", "es", "fr", "pl", "nl"])
def test_each_language_by_lang_speaks_its_own_words_on_every_main_screen(shared_tab: Tab, lang: str) -> None:
    """One booted page per language, ?lang= forcing it: the new-game form, a
    game (its legend opened, every mark shown), the rules reference and the
    saved games say the language's words, the rulebook's terms among them,
    and no telltale English."""
    tab = shared_tab
    page = tab.page
    t = compiled(lang) if lang != "en" else None
    say = t.gettext if t is not None else (lambda s: s)
    tab.open(f"?lang={lang}&seed=6")
    assert _lang(page) == lang
    screens = {"new game": _visible(page)}
    expect(page.locator("#new-game h2")).to_have_text(say("New game"))
    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    page.locator("#legend-symbols summary").click()  # the board's marks, the camels' among them
    expect(page.locator('#legend-symbols li[data-legend-symbol="laden"]')).to_be_visible()
    screens["game"] = _visible(page)
    assert _words_missing(screens["game"], RULEBOOK_WORDS[lang]) == []
    page.locator("#rules-button").click()
    expect(page.locator("#rules")).to_be_visible()
    rules = page.locator("#rules .rules-body").inner_text()
    assert _words_missing(rules, RULES_WORDS[lang]) == []
    screens["rules reference"] = _visible(page, "#rules")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_have_count(0)
    open_menu_for(page, "#saved-button")
    page.locator("#saved-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "saved")
    expect(page.locator("#saved h2")).to_have_text(say("Saved games"))
    screens["saved games"] = _visible(page)
    if lang == "en":
        assert all(TELLTALES.search(text) for text in screens.values())  # the check can see them
    else:
        left = {name: TELLTALES.findall(text) for name, text in screens.items()}
        assert {name: found for name, found in left.items() if found} == {}
