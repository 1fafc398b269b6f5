"""What just happened (issue 28): after the other players' turns, a line per
player under the banner ("Since your turn", web/app/seen.py) and each of
their actions marked on the board in that player's colour with the seat's
number; a refill (R13) said on the board for a moment; a game of bots only
paused and stepped (watch mode).

The games are played by the courier policy on the engine, then shown in the
page's app (CPython, tests/web/thinker.py's fake worker); what the lines say
is checked against the events the engine returned as the turns were played.
"""

from __future__ import annotations

import random
import re
from html import unescape

from caravan import events as ev
from caravan.actions import EndTurn
from caravan.board import SQUARE_NAMES
from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from web.app.app import App
from web.app.seen import REFILL_SAID_MS
from web.words.i18n import words

from .thinker import FakeThinker, bot_app

PLAYERS = (Player("Ann", "yellow"), Player(None, "black", "easy"), Player(None, "orange", "medium"))


def _since(app: App) -> list[tuple[int, str]]:
    """``#since-turn``'s lines as a player reads them: (seat, text)."""
    found = re.search(r'<section id="since-turn".*?</section>', app.view().markup)
    if found is None:
        return []
    items = re.findall(r'<li data-seat="(\d)">(.*?)</li>', found[0])
    return [(int(seat), unescape(re.sub(r"<[^>]+>", "", item)).lstrip("0123456789")) for seat, item in items]


def _marks(app: App) -> set[tuple[int, str]]:
    return {
        (int(s), sq)
        for s, sq in re.findall(
            r'class="seen-mark" data-seat="(\d)" data-on-square="(\w+)"', app.view().markup
        )
    }


def _round_with_a_delivery() -> tuple[Game, dict[int, list[ev.Event]]]:
    """A game played until both bots have just played, one of them
    delivering (R12), Ann to move; each bot's events of that round."""
    for seed in range(40):
        game = Game(Options(players=PLAYERS, start=0), seed=seed)
        rng = random.Random(seed)
        told: dict[int, list[ev.Event]] = {}
        while not game.is_over() and len(game.history) < 400:
            seat = game.seat
            if seat == 0:
                told = {}  # a new round: the bots' turns after Ann's
            action = courier_action(game, rng)
            events = game.push(action)
            if seat:
                told.setdefault(seat, []).extend(events)
            if isinstance(action, EndTurn) and game.seat == 0 and not game.is_over():
                moved = [e for e in told.get(1, []) if isinstance(e, ev.CamelMoved)]
                if any(isinstance(e, ev.GoodDelivered) for e in told.get(1, [])) and len(moved) >= 2:
                    return game, told
    raise AssertionError("no round with a bot's delivery")


def test_since_your_turn_names_each_players_deliveries_and_counts_their_moves() -> None:
    game, told = _round_with_a_delivery()
    app, *_ = bot_app()
    app.resume(game)
    lines = _since(app)
    assert [seat for seat, _line in lines] == [1, 2]  # one line per player, in the order they played
    w = words()
    bot = lines[0][1]
    assert bot.startswith("Player 2: ")
    for e in told[1]:
        if isinstance(e, ev.GoodDelivered):  # the good, the city and the points
            assert f"delivered {w.good(e.good)} to {w.city(e.at)} (+{e.points})" in bot
    moved = sum(isinstance(e, ev.CamelMoved) for e in told[1])
    assert f"moved {moved} camels" in bot  # counted, not said one by one
    # Every square those turns brought a camel or a good to is marked in the mover's colour and number.
    arrived = {
        (e.seat, SQUARE_NAMES[e.to])
        for seat in (1, 2)
        for e in told[seat]
        if isinstance(e, (ev.CamelMoved, ev.CamelPlaced, ev.GoodMoved))
    }
    marks = _marks(app)
    assert arrived <= marks and {seat for seat, _sq in marks} == {1, 2}
    markup = app.view().markup
    assert re.search(
        r'class="seen-mark" data-seat="1"[^>]*><rect[^>]*fill="#[0-9a-f]{6}"[^>]*/><text[^>]*>2</text>',
        markup,
    )
    # The summary stays while Ann plays her turn, and goes when she ends it.
    assert app.game is not None
    first = courier_action(app.game, random.Random(1))
    if not isinstance(first, EndTurn):
        app.act(str(first))
        assert _since(app) == lines
    app.act("end")
    app.confirm_end(True)
    assert _since(app) == [] and app.play.acts_now() == "bot"


def test_while_a_bot_plays_its_turn_so_far_is_summed_up_and_marked() -> None:
    app, _thinker, clock, _ = bot_app()
    app.bot_settings(pace_ms=700, budget_ms=None, instant=False)
    app.start(Options(players=PLAYERS[:2], start=1, short=True))
    app.bot_poll()
    assert app.bot_delay() is not None
    clock.ms += 700
    assert app.bot_step()  # the bot's first action shown
    lines = _since(app)
    assert len(lines) == 1 and lines[0][0] == 1 and _marks(app)
    assert lines[0][1].startswith("Player 2: ")


def test_a_refill_is_said_on_the_board_for_a_moment_and_in_the_log() -> None:
    app, _thinker, clock, _ = bot_app()
    app.start(Options(players=(Player("Ann", "yellow"), Player("Bob", "black")), start=0))
    rng = random.Random(5)
    refill: ev.Refilled | None = None
    while refill is None:
        game = app.game
        assert game is not None and not game.is_over()
        before = game.copy()
        action = courier_action(game, rng)
        app.act(str(action))
        if app.play.confirming:
            app.confirm_end(True)
        step = game.history[-1]
        events = before.push_recorded(step.action, step.draws)  # what the engine did, with the same draws
        refill = next((e for e in events if isinstance(e, ev.Refilled)), None)
    w = words()
    said = ", ".join(f"{w.good(good)} on {SQUARE_NAMES[sq]}" for sq, good in refill.placed)
    board = _said_chunk(app)
    words_on_board = " ".join(unescape(t) for t in re.findall(r">([^<]+)</text>", board))
    assert said and f"Refill: {said}" == words_on_board.split(" A demand marker")[0]
    if refill.marked:
        assert all(SQUARE_NAMES[sq] in words_on_board.split("demand marker", 1)[1] for sq in refill.marked)
    # Each square that got a good or a demand marker flashes.
    flashed = set(re.findall(r'class="refill-flash" data-on-square="(\w+)"', board))
    assert flashed == {SQUARE_NAMES[sq] for sq in {*refill.marked, *(sq for sq, _g in refill.placed)}}
    assert f"new goods: {said}" in unescape(app.log[-1])  # the log says it whole
    # The next update (a selection) leaves it as it was: the page keeps it, and its animation, in place;
    # once the animation is over it is gone.
    app.select(next(iter(app.sel.sources))) if app.sel.sources else app.clear()
    assert _said_chunk(app) == board
    clock.ms += REFILL_SAID_MS
    app.clear()
    assert _said_chunk(app) == ""


def _said_chunk(app: App) -> str:
    found = re.search(r'<g data-chunk="said">(.*?)</g><g data-chunk="fx"', app.view().markup)
    assert found is not None
    return found[1]


def test_watch_mode_pauses_and_steps_one_action_at_a_time() -> None:
    app, _thinker, clock, _ = bot_app()
    app.bot_settings(pace_ms=300, budget_ms=None, instant=False)
    app.start(Options(players=PLAYERS[1:], start=0, short=True))
    markup = app.view().markup
    assert 'id="bot-pause">Pause<' in markup and 'id="bot-step"' not in markup  # watch mode only
    app.bot_pause()
    app.bot_poll()
    assert app.bot_delay() is None  # paused: the bots' actions wait, however long
    markup = app.view().markup
    assert (
        'data-paused="true"' in markup and 'id="bot-step">Step<' in markup and 'id="bot-skip"' not in markup
    )
    assert 'id="bot-pause">Resume<' in markup
    game = app.game
    assert game is not None
    for _ in range(3):
        played = len(game.history)
        app.bot_step_once()
        assert app.bot_delay() == 0
        assert app.bot_step()
        app.bot_poll()
        assert len(game.history) == played + 1 and app.bot_delay() is None  # one action, then paused again
    app.bot_pause()  # resume: the bots go on by themselves, at their pace
    played = len(game.history)
    for _ in range(3):
        app.bot_poll()
        delay = app.bot_delay()
        assert delay is not None and delay <= 300
        clock.ms += delay
        assert app.bot_step()
    assert len(game.history) == played + 3
    app.bot_pause()  # paused, then another game: its bots play, the pause was the watched game's
    app.start(Options(players=PLAYERS[:2], start=1))
    app.bot_poll()
    assert app.bot_delay() is not None


def test_pause_and_step_are_for_watching_bots_not_for_a_game_with_a_person() -> None:
    app, *_ = bot_app()
    app.start(Options(players=PLAYERS[:2], start=1))
    assert 'id="bot-pause"' not in app.view().markup


def test_step_asked_while_the_bot_still_thinks_plays_its_first_action_once_chosen() -> None:
    thinker = FakeThinker(hold=True)
    app, _thinker, _clock, _ = bot_app(thinker)
    app.start(Options(players=PLAYERS[1:], start=0, short=True))
    app.bot_pause()
    app.bot_poll()  # asked: the bot thinks
    app.bot_step_once()
    assert app.bot_delay() is None  # nothing to play yet
    thinker.deliver()
    assert app.bot_delay() == 0 and app.bot_step()
    assert app.game is not None and len(app.game.history) == 1
    app.bot_poll()
    assert app.bot_delay() is None


def test_at_a_table_of_people_the_summary_is_headed_with_the_name_of_the_player_to_move() -> None:
    app, *_ = bot_app()
    app.start(Options(players=(Player("Ann", "yellow"), Player("Bob", "black")), start=0))
    rng = random.Random(2)
    while app.game is not None and app.game.seat == 0:
        app.act(str(courier_action(app.game, rng)))
        if app.play.confirming:
            app.confirm_end(True)
    markup = app.view().markup
    assert "Since Bob&#x27;s turn" in markup or "Since Bob's turn" in markup
    assert [seat for seat, _line in _since(app)] == [0] and _since(app)[0][1].startswith("Ann: ")
