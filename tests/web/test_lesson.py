"""The lesson, "Learn to play" (issue 28): the guided first game on CPython. Every step is
reached by playing the steps before it, its wanted action is among the
engine's legal actions there and is the only thing the board offers; a
wrong tap or action shows the step's hint and changes nothing; the lesson
ends in a game over by delivery (R14, I7) and leads to a real short game
against the easy bot; the entry points (front page, How to play) open it."""

from __future__ import annotations

import re

import pytest

from caravan.actions import parse_action
from caravan.catalogues import LANGUAGES
from web.app.app import App
from web.app.lesson import STEPS, Lesson
from web.app.pictures import PICTURES, howto_pictures
from web.app.reference import reference_markup
from web.app.selection import source_of
from web.words import i18n
from web.words.markup import esc


def _offered(markup: str) -> list[str]:
    return re.findall(r'data-action="([^"]*)"', markup.replace("&gt;", ">"))


def _sources(markup: str) -> list[str]:
    board = markup[markup.index('<svg id="board"') :]
    return re.findall(r'data-select="([^"]*)"', board)


def test_every_steps_action_is_legal_where_it_is_asked_and_the_board_offers_only_it() -> None:
    """The lesson narrows the engine's legal actions, never adds to them: at
    every step reached by play, the wanted action is legal (the engine's
    list holds it) and the board's only source and target are its own."""
    app = App()
    app.open_lesson()
    assert app.screen == "lesson"
    lesson = app.lesson.lesson
    for at, step in enumerate(STEPS):
        assert lesson.at == at
        action = parse_action(step.wanted)
        assert action in lesson.game.legal_actions(), step.key
        source = source_of(action)
        assert source is not None
        markup = app.view().markup
        assert f'data-step="{step.key}"' in markup
        if source != "supply":  # placing is offered at once when it is all there is (Selection.only_placing)
            assert _sources(markup) == [source], step.key
            assert _offered(markup) == []
            assert app.view().focus == f'[data-select="{source}"]'  # a keyboard goes to the source
            app.select(source)
        view = app.view()
        assert _offered(view.markup) == [step.wanted], step.key
        # ... then to the target (opened, the lesson's heading first)
        assert view.focus == (f'.target[data-action="{step.wanted}"]' if at else "#lesson-title")
        app.act(step.wanted)
    assert lesson.done and lesson.game.is_over()
    view = app.view()
    assert 'data-step="done"' in view.markup and view.focus == "#lesson-play"


def test_the_refill_draws_the_bags_last_goods_and_the_last_delivery_ends_the_game() -> None:
    """R13: the pick-up that leaves four loose goods refills the board; the bag's
    last four drawn trigger the end (R14); the next delivery ends the game at
    once (I7), scored with the penalty for the two goods still carried (R16)."""
    lesson = Lesson()
    for step in STEPS[:5]:
        assert lesson.play(step.wanted) is not None
    events = lesson.play("+g1")
    assert events is not None
    names = [type(e).__name__ for e in events]
    assert names == ["GoodPickedUp", "Refilled", "EndTriggered"]
    assert lesson.game.bag_count == 0
    again = Lesson()
    for step in STEPS[:6]:
        again.play(step.wanted)
    assert again.game.position() == lesson.game.position()  # the same refill for everyone
    lesson.play("H_e3>e4")
    assert lesson.game.is_over()
    mine = lesson.game.score()[0]
    assert (mine.held, mine.penalty) == (2, 1)
    assert lesson.game.result() == (0,)  # the player wins the lesson's game


@pytest.mark.parametrize("at", range(len(STEPS)))
def test_a_wrong_action_gets_the_steps_hint_and_changes_nothing(at: int) -> None:
    """Another legal action, an illegal one, or nonsense: the position stays,
    the step stays, and the hint is shown and said."""
    app = App()
    app.open_lesson()
    lesson = app.lesson.lesson
    for step in STEPS[:at]:
        app.act(step.wanted)
    app.announcement()
    before = lesson.game.position()
    other = next(str(a) for a in lesson.game.legal_actions() if str(a) != STEPS[at].wanted)
    hint = STEPS[at].hint
    for wrong in (other, "@a1@", "end"):
        app.act(wrong)
        assert lesson.at == at and lesson.game.position() == before
        assert esc(hint) in app.view().markup and 'data-hinted="true"' in app.view().markup
        assert hint in app.announcement()
    app.explain("g7")  # a tap on a square that is no source or target
    assert lesson.game.position() == before and hint in app.announcement()
    app.select("supply" if at else "a1")  # a source the step does not want
    assert app.lesson.sel.selected is None and hint in app.announcement()
    app.act(STEPS[at].wanted)
    assert lesson.at == at + 1 and 'data-hinted="true"' not in app.view().markup


def test_the_end_starts_a_real_short_game_against_the_easy_bot_and_leaving_goes_back() -> None:
    app = App(seed=3)
    app.open_lesson()
    for step in STEPS:
        app.act(step.wanted)
    assert app.button("lesson-play")
    game = app.game
    assert app.screen == "game" and game is not None and not game.is_over()
    assert game.options.short and [p.bot for p in game.options.players] == [None, "easy"]
    assert game.start_position() is None  # set up as any game (R3): nothing of the lesson in it
    app.open_lesson()
    assert app.screen == "lesson" and app.lesson.lesson.at == 0  # from the first step again
    assert app.button("lesson-exit") and app.screen == "game"


def test_the_front_page_and_how_to_play_open_the_lesson() -> None:
    """The front page's button and How to play's are rules controls
    (``data-rules-open="learn"``), so a tap before Python is ready is kept
    (web/static/front.js); either opens the lesson and closes the reference."""
    app = App()
    assert 'id="learn-open" data-rules-open="learn"' in app.view().markup
    app.open_rules("howto")
    rules = app.view().rules
    assert 'id="howto-learn" data-rules-open="learn"' in rules
    assert rules.count('class="howto-picture"') == len(PICTURES)
    app.open_rules("learn")
    assert app.screen == "lesson" and not app.reference.is_open


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_lesson_and_its_pictures_are_in_every_language(lang: str) -> None:
    """Every step's words, hints and the pictures' captions are translated."""
    app = App()
    app.set_language(lang)
    try:
        app.open_lesson()
        for step in STEPS:
            markup = app.lesson.view("").markup  # before App.view links the rule numbers
            assert esc(step.text) not in markup and esc(i18n._(step.text)) in markup
            app.act("end")
            assert esc(step.hint) not in app.view().markup
            app.act(step.wanted)
        pictures = howto_pictures()
        howto = reference_markup("howto", lang)
        assert all(f'data-picture="{pic.key}"' in howto for pic in PICTURES)
        for pic in PICTURES:
            assert esc(pic.caption) not in pictures and esc(i18n._(pic.caption)) in pictures
    finally:
        app.set_language("en")
