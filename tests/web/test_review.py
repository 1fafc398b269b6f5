"""The post-game review (issue 26, part 3), on CPython with the real protocol
(tests/web/thinker.py: each turn a ``review`` request answered by
web/bots/botworker.py): run turn by turn for the people's turns, shown with its
costliest turns, chart and tables, kept with the saved game and in its
exported file, a costly turn opened in the history with the better turn."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from html import unescape

from caravan import link
from caravan.game import Game
from caravan.review import Review, at, turns
from e2e.saving import TO_REVIEW, game_to_review, reviewed_game
from web.app.app import App
from web.app.review import CANCELLED, DONE, RUNNING, costliest
from web.app.review_view import chart, costly_words
from web.app.saved import export_text, split_export
from web.app.storage import MemoryStorage
from web.words.i18n import words

from .thinker import FakeThinker, bot_app


@functools.cache
def _to_review() -> Game:
    return game_to_review()


def _finished() -> Game:
    """A short game of Ann against a bot's seat (medium), both played to
    its end by the medium bot (e2e/saving.py's game_to_review, which the browser's
    review test runs too: a review's judge gets through it fast)."""
    return _to_review().copy()


@functools.cache
def _reviewed() -> tuple[App, FakeThinker, MemoryStorage, Game]:
    """One review for the module (46 turns, each judged or measured)."""
    app, thinker, _clock, storage = bot_app()
    app.bot_settings(pace_ms=0, budget_ms=5, instant=True)  # ?bot_budget=5: the judge's deadline a turn
    game = _finished()
    app.open_link(link.encode(game))
    assert app.screen == "over"
    assert 'id="review-button"' in app.view().markup
    assert app.button("review-button")
    return app, thinker, storage, game


def test_a_finished_game_is_reviewed_turn_by_turn_and_shown() -> None:
    app, thinker, _storage, game = _reviewed()
    asked = [a for a in thinker.asked if a["type"] == "review"]
    starts = turns(game)
    # One request per turn, judged only for the person's (seat 0).
    assert [a["start"] for a in asked] == [s.index for s in starts]
    assert [a["judge"] for a in asked] == [s.seat == 0 for s in starts]
    assert {a["budget_ms"] for a in asked} == {5}
    review = app.review.reviewer
    assert review.state == DONE and review.result is not None
    result: Review = review.result
    assert len(result.margins) == len(starts) and all(t.seat == 0 for t in result.turns)
    markup = unescape(app.view().markup)
    assert 'id="review" data-state="done"' in markup
    assert "Judged by the hard bot (hard, 0.005 s a turn)." in markup
    assert markup.count('<polyline class="halo"') == len(TO_REVIEW) == 2  # one line per player
    rows = re.findall(r'<tr data-review-index="(\d+)" data-verdict="(\w+)">', markup)
    assert [int(i) for i, _ in rows] == [t.index for t in result.turns]
    costly = re.findall(r'data-review-costly="(\d+)"', markup)
    assert len(costly) <= 3
    lost = sorted((t.lost for t in result.turns), reverse=True)
    assert [next(t.lost for t in result.turns if t.index == int(i)) for i in costly] == lost[: len(costly)]
    assert len(re.findall(r'<g class="costly"', markup)) == len(costly)
    assert '<table id="review-margins">' in markup


def test_a_costly_turn_opens_the_history_there_with_the_better_turn_drawn() -> None:
    app, _thinker, _storage, _game = _reviewed()
    result = app.review.reviewer.result
    assert result is not None
    turn = max(result.turns, key=lambda t: t.lost)
    assert app.button(f"review-turn-{turn.index}")
    markup = app.view().markup
    assert app.screen == "history"
    assert f'data-step="{turn.index}"' in markup
    assert 'id="history-better"' in markup
    assert len(re.findall(r"<li>", markup.split('id="history-better-steps"')[1].split("</ol>")[0])) >= 1
    assert 'class="hint-steps"' in markup
    app.history_go(1)
    assert 'id="history-better"' not in app.view().markup
    app.close_history()
    assert app.screen == "review" and app.page.focus == f"#review-turn-{turn.index}"


def test_a_review_is_kept_with_the_saved_game_and_in_its_exported_file() -> None:
    app, _thinker, storage, _game = _reviewed()
    entry_id, saves = app.game_id, app.saves
    assert entry_id is not None and saves is not None
    entry = saves.get(entry_id)
    assert entry.review is not None and entry.review["judge"].startswith("hard")
    # A reload: the saved list's "Review" shows it at once, asking nothing.
    again, thinker2, _clock, _ = bot_app(storage=storage)
    again.show_saved()
    assert f'data-saved-action="review" data-id="{entry_id}"' in again.view().markup
    again.saved_action("review", entry_id)
    assert again.screen == "review" and again.review.reviewer.state == DONE
    assert not [a for a in thinker2.asked if a["type"] == "review"]
    # Exported with its review; imported elsewhere, it comes along.
    assert again.saves is not None
    text = export_text(again.saves.get(entry_id))
    assert json.loads(text)["format"] == "caravan-reviewed"
    record_text, review = split_export(text)
    assert review == entry.review and json.loads(record_text)["history"]
    other, thinker3, _clock, _ = bot_app()
    other.show_saved()
    other.import_text(text, "caravan-Ann, Bo.json")
    assert other.saves is not None
    (imported,) = other.saves.entries()
    assert imported.review == entry.review
    other.saved_action("review", imported.id)
    assert other.review.reviewer.state == DONE and not thinker3.asked


def test_cancel_stops_the_review_and_the_answer_on_its_way_is_dropped() -> None:
    app, thinker, _clock, _storage = bot_app(FakeThinker(hold=True))
    app.bot_settings(pace_ms=0, budget_ms=5, instant=True)
    app.open_link(link.encode(_finished()))
    app.button("review-button")
    reviewer = app.review.reviewer
    assert reviewer.state == RUNNING
    markup = app.view().markup
    assert 'id="review-progress"' in markup and 'id="review-cancel"' in markup
    thinker.client.receive(thinker.inbox.pop(0))  # one turn answered: the next is asked
    assert reviewer.progress[0] == 1 and len(thinker.inbox) == 1
    app.button("review-cancel")
    thinker.deliver()
    assert reviewer.state == CANCELLED and reviewer.progress[0] == 1
    assert 'id="review-again"' in app.view().markup
    assert app.saves is not None and app.saves.get(app.game_id or "").review is None


def test_the_costliest_turns_are_said_in_words_with_the_better_turn_and_why() -> None:
    """Each costly turn reads as a player would say it: who, how costly, the turn
    played and the bot's better one action by action (each in the position it is
    taken in), and why; the notation only in a title, and in the every-turn table."""
    game, data = reviewed_game()
    review = Review.from_dict(data)
    top = costliest(review)
    assert [t.verdict for t in top] == ["blunder", "mistake", "inaccuracy"]
    for t in top:
        said = unescape(re.sub(r"<[^>]+>", "\n", costly_words(game, t)))
        lines = [line for line in said.splitlines() if line.strip()]
        assert lines[0] == f"Turn {t.turn}, Player 1 ({t.verdict}, {t.lost:.1f} points lost)"
        assert (
            lines[1].startswith("Played: ")
            and lines[2].startswith("Better: ")
            and lines[3].startswith("Why: ")
        )
        start = at(game, t.index)
        assert words().action(start, t.best[0]) in lines[2]  # the first action, in words
        assert " end" not in lines[1] and "end the turn" not in lines[1]  # every turn ends: not said
        assert not re.search(r"\b[a-g][1-7]-[a-g][1-7]\b", lines[1] + lines[2])  # no notation in the words
        assert f'title="{" ".join(str(a) for a in t.best)}"' in costly_words(game, t)


def test_close_costly_turns_have_markers_that_do_not_cover_each_other() -> None:
    """Costly turns one turn apart: the later markers move up or down, joined to their points."""
    game, data = reviewed_game()
    review = Review.from_dict(data)
    judged = list(review.turns)
    # The three costly turns made neighbours: the first three of the seat's turns.
    close = [replace(t, lost=lost) for t, lost in zip(judged[:3], (9.0, 8.0, 7.0), strict=True)]
    rest = [replace(t, lost=0.0) for t in judged[3:]]
    svg = chart(game, replace(review, turns=(*close, *rest)))
    marks = [
        (float(x), float(y)) for x, y in re.findall(r'<text x="([\d.]+)" y="([\d.]+)">[123]</text>', svg)
    ]
    assert len(marks) == 3
    for i, (x1, y1) in enumerate(marks):
        for x2, y2 in marks[i + 1 :]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= 26**2
    assert svg.count("<line x1=") >= 1  # an offset marker points at its turn
