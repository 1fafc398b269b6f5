"""The page plays the bots' seats (issue 12), on CPython with a fake worker
(tests/web/thinker.py: the real protocol, answered by caravan.bots).

A person against bots: the bot's turn is asked when it comes, the person's
inputs wait while it thinks, its actions are played one at a time at the
page's pace through the player's own path (log, motion, save); stale
answers are dropped; undo takes back the person's end of turn and the bots'
replies, never past a draw (R13, I11); a hint is the hard bot's action,
marked, playable, counted. Bots only (watch mode) play to the end.
"""

from __future__ import annotations

import json
import random
import re
from html import unescape
from typing import Any

from caravan import Good, link, record
from caravan.actions import EndTurn, MoveGood, parse_action
from caravan.board import SQUARE_NAMES
from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from web.app import panels
from web.app.app import App
from web.app.hint import hint_text
from web.app.saved import load_game
from web.app.selection import source_of
from web.app.shown_game import BOT, PERSON
from web.bots import botworker
from web.bots.bot_turns import DEFAULT_PACE_MS, BotTurns, undo_back
from web.bots.botclient import Answer, BotClient
from web.words.i18n import _ as tr
from web.words.i18n import words
from web.words.markup import esc

from .thinker import FakeThinker, bot_app, run_bots

ANN = Player("Ann", "yellow")


def _options(*bots: str | None, short: bool = True) -> Options:
    colours = ("yellow", "black", "orange", "teal")
    players = tuple(
        ANN if b is None and i == 0 else Player(f"P{i + 1}", colours[i], b) for i, b in enumerate(bots)
    )
    return Options(players=players, short=short, start=0)


def _person_turn(app: App, rng: random.Random) -> list[str]:
    """The person's whole turn by the courier policy, through App.select/act."""
    played = []
    while app.screen == "game" and app.play.acts_now() == PERSON:
        game = app.game
        assert game is not None
        action = courier_action(game, rng)
        source = source_of(action)
        if source is not None:
            app.select(source)
        app.act(str(action))
        if app.play.confirming:
            app.confirm_end(True)
        played.append(str(action))
        if isinstance(action, EndTurn):
            break
    return played


def _status(app: App) -> str | None:
    m = re.search(r'id="bot-status" data-bot-turn="([a-z]+)"', app.view().markup)
    return m[1] if m else None


def _undo_button(markup: str) -> tuple[str, bool]:
    m = re.search(r'<button type="button" id="undo"( disabled)?[^>]*>([^<]*)</button>', markup)
    assert m is not None
    return unescape(m[2]), m[1] is None


def test_a_person_against_a_bot_plays_to_the_end_and_the_bots_turns_come_paced() -> None:
    app, thinker, clock, _ = bot_app()
    app.start(_options(None, "medium"))
    rng = random.Random(3)
    bot_actions = 0
    while app.screen == "game":
        _person_turn(app, rng)
        if app.screen != "game":
            break
        assert app.play.acts_now() == BOT
        before = len(app.game.history)  # type: ignore[union-attr]
        waited = run_bots(app, clock)
        game = app.game
        assert game is not None
        played = game.history[before:]
        assert played and all(step.seat == 1 for step in played)
        assert len(app.log) == len(game.history)  # every bot action is logged, one entry per action
        # At the page's pace: the first a pace after the person's end, then a pace apart.
        assert waited == [DEFAULT_PACE_MS] * len(played)
        bot_actions += len(played)
        assert game.is_over() or app.play.acts_now() == PERSON
    game = app.game
    assert game is not None and game.is_over() and app.screen == "over"
    assert bot_actions > 20
    # Saved after every action, the bots' too: the stored record is the game.
    saved = app.saves.get(app.game_id)  # type: ignore[union-attr,arg-type]
    assert load_game(saved).state_key() == game.state_key()
    # The worker was asked for the seat's own bot, never with another seat's.
    assert {(a["seat"], a["bot"]) for a in thinker.asked} == {(1, "medium")}


def test_while_the_bot_thinks_the_persons_inputs_wait_and_the_sign_says_so() -> None:
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    _person_turn(app, random.Random(1))
    app.bot_poll()
    game = app.game
    assert game is not None and app.play.acts_now() == BOT
    assert _status(app) == "thinking"
    markup = app.view().markup
    assert tr("{name} ({bot}) is thinking…", name="P2", bot=tr("Bot: easy")) in unescape(markup)
    assert 'data-select="' not in markup  # nothing of the bot's is selectable
    assert re.search(r'id="end-turn"[^>]* disabled', markup)
    assert 'id="hint"' not in markup
    key = game.state_key()
    legal = game.legal_actions()[0]
    app.act(str(legal))  # the bot's move: not the person's to make
    app.redo()
    assert game.state_key() == key
    assert app.bot_delay() is None  # nothing to play yet
    thinker.deliver()
    assert _status(app) == "playing" and app.bot_delay() == DEFAULT_PACE_MS
    assert 'id="bot-skip"' in app.view().markup
    # Shown action by action, each marked on the board as it comes (and moving: web/board/motion.py).
    clock.ms += DEFAULT_PACE_MS
    assert app.bot_step()
    first = game.history[-1].action
    assert app.motion is not None
    if not isinstance(first, EndTurn):
        marked = set(re.findall(r'data-square="([a-g][1-7])"[^>]*data-mark="', app.view().markup))
        ends = {getattr(first, k) for k in ("frm", "to", "at") if isinstance(getattr(first, k, None), int)}
        assert marked == {SQUARE_NAMES[sq] for sq in ends}
    app.bot_skip()  # "Show at once": the rest of this reply without pauses
    assert run_bots(app, clock)[0] == 0
    assert app.play.acts_now() == PERSON and _status(app) == "idle"


def test_the_bot_is_getting_ready_while_its_worker_starts() -> None:
    thinker = FakeThinker(hold=True, ready=False)
    app, _, clock, _ = bot_app(thinker)
    app.start(_options("easy", None))  # the bot moves first
    app.bot_poll()
    assert _status(app) == "loading"
    assert tr("The bot is getting ready…") in unescape(app.view().markup)
    thinker.client.receive('{"version":2,"type":"ready"}')
    assert _status(app) == "thinking"
    thinker.deliver()
    run_bots(app, clock)
    assert app.play.acts_now() == PERSON and app.game is not None and app.game.seat == 1


def test_stale_answers_are_dropped_after_undo_and_a_new_game() -> None:
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    played = _person_turn(app, random.Random(2))
    app.bot_poll()
    game = app.game
    assert game is not None and len(thinker.inbox) == 1
    # Undo while the bot thinks: the person's end goes back, the answer to come is stale.
    assert app.play.undo_count() == 1
    app.undo()
    assert app.play.acts_now() == PERSON and len(game.history) == len(played) - 1
    thinker.deliver()
    assert app.bot_delay() is None and len(game.history) == len(played) - 1
    assert _status(app) == "idle"
    # The turn ended again: asked again (the same seed at the same point), played.
    app.act("end")
    app.confirm_end(True)
    app.bot_poll()
    assert thinker.asked[0]["seed"] == thinker.asked[1]["seed"]
    thinker.deliver()
    assert run_bots(app, clock)
    # A new game while the bot thinks: its answer never reaches the new game.
    _person_turn(app, random.Random(2))
    app.bot_poll()
    assert thinker.inbox
    app.start(_options(None, "easy"))
    fresh = app.game
    assert fresh is not None and fresh is not game
    thinker.deliver()
    assert not fresh.history and app.bot_delay() is None


def test_undo_takes_back_the_persons_end_and_the_bots_replies_but_never_a_draw() -> None:
    """A 4-seat game, one person against three bots: after the bots replied,
    undo takes back their three turns and the person's end at once; where a
    bot's turn drew from the bag (R13), undo stops (I11)."""
    app, _, clock, _ = bot_app(seed=5)
    app.start(_options(None, "easy", "easy", "easy"))
    rng = random.Random(5)
    undone = refused = 0
    while app.screen == "game":
        _person_turn(app, rng)
        game = app.game
        assert game is not None
        at_end = game.copy_position().state_key()  # the person's turn just ended
        before = len(game.history)
        waited = run_bots(app, clock)  # three bots' turns in a row, chained by themselves
        if app.screen != "game":
            break
        assert {s.seat for s in game.history[before:]} == {1, 2, 3} and waited
        assert app.play.acts_now() == PERSON and game.seat == 0 and game.undoable() == 0
        drew = any(step.draws for step in game.history[before:])
        label, enabled = _undo_button(app.view().markup)
        if drew:
            assert app.play.undo_count() == 0 and not enabled
            # Said beside the button, not only in its tooltip (issue 28: a phone shows no tooltip).
            stop = esc(tr("Undo is off: a bot drew from the bag, and a draw from the bag cannot be undone."))
            assert f'<p id="undo-note" class="hint">{stop}</p>' in app.view().markup
            app.undo()
            assert len(game.history) == before + len(waited)
            refused += 1
        elif undone < 3:
            assert label == tr("Undo the end of your turn and the bots' replies") and enabled
            assert app.play.undo_count() == len(waited) + 1
            app.undo()
            assert len(game.history) == before - 1  # the person's end went too
            assert game.copy_position().state_key() != at_end and game.seat == 0
            app.act("end")
            app.confirm_end(True)
            assert game.state_key() == at_end
            assert run_bots(app, clock)  # the bots reply again (the same replies: same seeds)
            undone += 1
    assert undone == 3 and refused >= 1


def test_undo_back_is_zero_between_people_and_in_watch_mode() -> None:
    people = Game(Options(players=(ANN, Player("Bo", "black"))), seed=1)
    people.push(parse_action("@c6"))
    people.push(parse_action("end"))
    assert undo_back(people) == 0  # nobody undoes another person's turn
    bots = Game(_options("easy", "easy"), seed=1)
    bots.push(parse_action("@c6"))
    bots.push(parse_action("end"))
    assert undo_back(bots) == 0


def test_a_hint_is_the_hard_bots_turn_marked_said_playable_and_counted() -> None:
    """Its first action marked and played with one click; the whole turn's
    details are tests/web/test_hint.py's."""
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.play.hints.budget_ms = 50
    app.start(_options(None, "easy"))
    app.ask_hint()
    assert thinker.asked[-1]["type"] == "hint" and thinker.asked[-1]["seat"] == 0
    assert tr("Thinking of a hint…") in unescape(app.view().markup)
    thinker.deliver()
    game = app.game
    assert game is not None
    markup = app.view().markup
    # Issue 28: said once through #announcer (the turn numbered); #hint-text is no live region of its own.
    said = app.announcement()
    assert "Hint: the hard bot would play this turn" in said and "1. " in said
    m = re.search(r'id="hint-text" data-hint="([^"]+)">', markup)
    assert m is not None
    notation = unescape(m[1])
    action = parse_action(notation)
    assert game.is_legal(action)
    # Marked: its target carries data-hint (the board, the enlarged square or the action list).
    assert re.search(rf'data-action="{re.escape(m[1])}" data-cost="\d"[^>]* data-hint="true"', markup) or (
        notation == "end" and re.search(r'id="end-turn"[^>]*data-hint="true"', markup)
    )
    assert f'id="hint-play" data-action="{m[1]}"' in markup
    turn = app.play.hints.shown
    assert turn is not None
    app.act(notation)  # one click on "Play it" (or the marked target)
    assert str(game.history[-1].action) == notation
    if len(turn.actions) == 1 or game.history[-1].draws:
        assert 'data-hint="true"' not in app.view().markup  # the hint is over, or dropped at a refill
    else:
        assert app.play.hints.current(game) == turn.actions[1]
        app.play.hints.reset()
    # A hint asked, then the position changes before it comes: dropped, not counted.
    if app.play.acts_now() == PERSON and game.left:
        app.ask_hint()
        app.act("end")
        app.confirm_end(True)
        thinker.deliver()
        assert app.play.hints.current(game) is None
    # Played to the end: the game-over table counts the person's hints.
    rng = random.Random(4)
    while app.screen == "game":
        thinker.deliver()
        run_bots(app, clock)
        _person_turn(app, rng)
        thinker.deliver()
    markup = app.view().markup
    assert re.search(r'data-final-seat="0".*?data-field="hints">1<', markup, re.S)


def test_a_hint_says_a_delivery_with_its_points() -> None:
    game = Game(_options(None, None), seed=2)
    rng = random.Random(2)
    while not game.is_over():
        deliveries = game.legal_by_kind().deliveries()
        if deliveries:
            break
        game.push(courier_action(game, rng))
    action = deliveries[0]
    assert isinstance(action, MoveGood)
    good = Good(action.good)
    city = words().city(action.to)
    name = words().good(good)
    assert hint_text(game, action) == (
        f"deliver the {name} from {SQUARE_NAMES[action.frm]} to {city}: {good.points} points"
    )


def test_watch_mode_plays_a_game_of_bots_to_the_end() -> None:
    app, thinker, clock, _ = bot_app()
    app.bot_settings(pace_ms=0, budget_ms=None, instant=False)  # ?bot_pace=0
    app.start(_options("easy", "medium"))
    assert "Only bots play" in app.view().markup
    waited = run_bots(app, clock)
    game = app.game
    assert game is not None and game.is_over() and app.screen == "over"
    assert set(waited) == {0} and len(waited) == len(game.history)
    assert {a["seat"] for a in thinker.asked} == {0, 1}


def test_a_game_with_bots_resumed_from_storage_goes_on_with_the_bot_by_itself() -> None:
    app, _, _, storage = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "medium"))
    _person_turn(app, random.Random(6))
    app.bot_poll()  # the bot thinks... and the tab is closed
    assert app.game is not None
    key = app.game.state_key()
    again, _, clock2, _ = bot_app(storage=storage)
    again.boot()
    assert again.game is not None and again.game.state_key() == key
    assert again.play.acts_now() == BOT
    assert run_bots(again, clock2)
    assert again.play.acts_now() == PERSON and len(again.game.history) > len(app.game.history)


def test_the_pace_control_and_reduced_motion() -> None:
    app, thinker, _, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    markup = app.view().markup
    assert re.findall(r'<option value="(\d+)"', markup.split('id="bot-pace"')[1].split("</select>")[0]) == [
        "0",
        "300",
        "700",
        "1200",
    ]
    app.set_pace("1200")
    app.set_pace("junk")
    assert app.play.bots.pace_ms == 1200
    _person_turn(app, random.Random(1))
    app.bot_poll()
    thinker.deliver()
    assert app.bot_delay() == 1200
    app.bot_settings(pace_ms=None, budget_ms=None, instant=True)  # prefers-reduced-motion: at once
    assert app.bot_delay() == 0


def test_a_bot_that_cannot_play_is_said_and_can_be_asked_again() -> None:
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    _person_turn(app, random.Random(1))
    app.bot_poll()
    (rid,) = [json.loads(m)["id"] for m in thinker.inbox]
    thinker.inbox = [json.dumps({"version": 2, "id": rid, "error": "out of memory", "kind": "failed"})]
    thinker.deliver()
    assert _status(app) == "failed"
    # The page says why in its own words, not the worker's English (docs/WORKER.md, "kind").
    said = tr("The bot could not play: {reason}", reason=tr("the bot ran into an error"))
    assert said in unescape(app.view().markup)
    assert "out of memory" not in app.view().markup
    assert 'id="bot-retry"' in app.view().markup
    app.bot_retry()
    app.bot_poll()
    thinker.deliver()
    assert run_bots(app, clock) and app.play.acts_now() == PERSON


def test_a_silent_worker_is_said_in_plain_words_and_try_again_asks_a_new_one() -> None:
    """A worker that never answers (hung, closed, out of memory): at its deadline the
    bot's wait ends in words that never name the worker, with Try again; main.py
    then restarts the worker (BotClient.restart) and the turn is asked again."""
    thinker = FakeThinker(hold=True)
    clock = [0.0]
    thinker.client.now = lambda: clock[0]
    app, _, page_clock, _ = bot_app(thinker)
    app.start(_options(None, "easy"))
    _person_turn(app, random.Random(1))
    app.bot_poll()
    assert _status(app) == "thinking"
    thinker.inbox.clear()  # the worker never answers
    due = thinker.client.deadline()
    assert due is not None
    clock[0] = due
    assert thinker.client.expire()
    assert _status(app) == "failed"
    markup = unescape(app.view().markup)
    said = tr("The bot could not play: {reason}", reason=tr("the computer player stopped answering"))
    assert said in markup
    assert "worker" not in markup.lower()
    assert 'id="bot-retry"' in markup
    assert thinker.client.restart()
    thinker.client.receive(botworker.ready())
    app.bot_retry()
    app.bot_poll()
    thinker.deliver()
    assert run_bots(app, page_clock) and app.play.acts_now() == PERSON


def test_no_worker_at_all_is_said() -> None:
    app = App(seed=1)
    app.start(_options("easy", None))
    app.bot_poll()
    said = tr("No bot can play in this page: the computer player is not available.")
    assert said in unescape(app.view().markup)
    assert app.bot_delay() is None


def test_the_hints_used_are_kept_with_the_saved_game() -> None:
    app, _, _, storage = bot_app()
    app.play.hints.budget_ms = 50
    app.start(_options(None, "easy"))
    app.ask_hint()
    game = app.game
    assert game is not None and app.play.hints.current(game) is not None
    assert app.play.hints.used[:2] == [1, 0]
    app.act(str(game.legal_actions()[-1]))  # saved with its count
    again, _, _, _ = bot_app(storage=storage)
    again.boot()
    assert again.game is not None and again.play.hints.used[:2] == [1, 0]
    again.start(_options(None, "easy"))  # another game counts afresh
    assert again.play.hints.used[:2] == [0, 0]


def test_a_link_further_along_keeps_the_hints_counted_with_the_saved_copy() -> None:
    """The saved copy's hint count comes with the game when a link to the same
    game further along replaces it (web/app/opening.py): a link is no way to wipe
    the count shown at game over."""
    app, _, _, _ = bot_app()
    app.play.hints.budget_ms = 50
    app.start(_options(None, "easy"))
    app.ask_hint()
    game = app.game
    assert game is not None and app.play.hints.used[:2] == [1, 0]
    app.act(str(game.legal_actions()[-1]))
    ahead = record.loads(record.dumps(game))
    ahead.push(ahead.legal_actions()[0])
    app.open_link("#" + link.encode(ahead))
    assert "further along" in app.note
    assert app.game is not None and len(app.game.history) == len(game.history) + 1
    assert app.play.hints.used[:2] == [1, 0]


class _PastTheTurn:
    """A thinker whose answer holds the bot's turn and then the next seat's actions."""

    state = "ready"

    def __init__(self, actions: tuple[str, ...]) -> None:
        self.actions = actions

    def think(
        self, record: str, seat: int, bot: str, seed: int, on_answer: Any, *, budget_ms: Any = None
    ) -> int:
        on_answer(Answer(1, actions=self.actions, turn_over=True))
        return 1

    def advise(self, kind: str, fields: dict[str, Any], on_answer: Any) -> int:
        raise AssertionError("not asked")

    def forget(self, rid: int) -> None:
        pass


def _turn_and_more(game: Game) -> tuple[list[str], list[str]]:
    """A legal turn for the seat to move (place a camel, end), then the next seat's first action."""
    copy = game.copy()
    turn = [str(next(a for a in copy.legal_actions() if str(a).startswith("@"))), "end"]
    for text in turn:
        copy.push(parse_action(text))
    return turn, [str(next(a for a in copy.legal_actions() if str(a).startswith("@")))]


def test_nothing_an_answer_holds_beyond_the_asking_seats_turn_is_played() -> None:
    """The page's client cuts an answer at its end (web/bots/botclient.py); and whatever
    reached the bot's queue is played only while the asking seat is to move."""
    game = Game(_options(None, "easy"), seed=3)
    game.push(parse_action(str(next(a for a in game.legal_actions() if str(a).startswith("@")))))
    game.push(parse_action("end"))
    turn, more = _turn_and_more(game)
    client = BotClient()
    client.receive(botworker.ready())
    got: list[Answer] = []
    rid, _ = client.request("{}", 1, "easy", 0, got.append)
    text = json.dumps({"version": 2, "id": rid, "actions": turn + more, "turn_over": True, "think_ms": 1})
    client.receive(text)
    assert got[0].actions == tuple(turn)

    bots = BotTurns(lambda: 0)
    bots.thinker = _PastTheTurn(tuple(turn + more))
    bots.pace_ms = 0
    bots.ask(game, record.dumps(game))
    played = []
    while (notation := bots.next_action(game)) is not None:
        game.push(parse_action(notation))
        bots.played(game)
        played.append(notation)
    assert played == turn and game.seat == 0 and not bots.queue and not bots.error


def test_issue28_during_a_bots_turn_the_banner_says_it_plays_and_a_tap_says_to_wait() -> None:
    """While a bot plays its reply the banner says so (never "end your turn",
    said to a person), and a tap on the board, a key or a button of the
    person's says whose turn it is and to wait (not "nothing of yours on c3")."""
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    _person_turn(app, random.Random(1))
    app.bot_poll()
    thinker.deliver()
    game = app.game
    assert game is not None and _status(app) == "playing"
    playing = tr("{name} ({bot}) is playing…", name="P2", bot=tr("Bot: easy"))
    wait = tr("{name} ({bot}) is playing its turn: wait for it to finish.", name="P2", bot=tr("Bot: easy"))
    seen = 0
    while app.play.acts_now() == BOT:
        banner = unescape(re.search(r'<div id="turn-banner".*?</div>', app.view().markup, re.S)[0])  # type: ignore[index]
        assert playing in banner and tr("No actions left: end your turn") not in banner
        key = game.state_key()
        app.explain("c3")  # a tap on a square
        assert app.message == wait
        app.act(str(game.legal_actions()[0]))  # an action button or a key: not the person's to take
        assert app.message == wait and game.state_key() == key
        clock.ms += DEFAULT_PACE_MS
        assert app.bot_step()
        assert app.message == (wait if app.play.acts_now() == BOT else "")  # said until the person's turn
        seen += 1
    assert seen
    # A bot with no action left: the banner says so, without telling anyone to end a turn.
    bot_first = Game(_options("easy", None), seed=2)
    while bot_first.left:
        bot_first.push(next(a for a in bot_first.legal_actions() if not isinstance(a, EndTurn)))
    shown = unescape(panels.banner(bot_first, "playing"))
    assert tr("No actions left") in shown and tr("No actions left: end your turn") not in shown


def test_issue28_undo_says_why_it_is_off_after_a_draw_and_agrees_with_the_end_turn_question() -> None:
    """Undo stops at a draw from the bag (R13, I11): the reason is said beside
    the button. The end-turn question says "cannot be undone" only when nobody
    can undo it: before a bot's turn, Undo takes the end back (with the bots' replies)."""
    app, _, _, _ = bot_app()
    app.start(_options(None, None))
    rng = random.Random(7)
    game = app.game
    assert game is not None
    while not (game.history and game.history[-1].draws):
        action = courier_action(game, rng)
        app.act(str(action))
        if app.play.confirming:
            app.confirm_end(True)
    while app.play.undo_count():
        app.undo()
    markup = unescape(app.view().markup)
    said = tr("Undo is off: a draw from the bag cannot be undone.")
    assert re.search(r'id="undo" disabled[^>]*aria-describedby="undo-note"', markup)
    assert f'<p id="undo-note" class="hint">{said}</p>' in markup
    # The question before ending with actions left, between people and before a bot.
    people = Game(_options(None, None), seed=1)
    assert "cannot be undone" in unescape(panels.confirm_end(people))
    against = Game(_options(None, "easy"), seed=1)
    asked = unescape(panels.confirm_end(against))
    assert "cannot be undone" not in asked and "Undo takes the end back" in asked


def test_issue28_a_bots_illegal_action_is_said_as_the_bots() -> None:
    """The engine's reason speaks to the seat to move ("you have no camel on
    a1"): a bot's refused action quotes it as what the rules told that bot."""
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(_options(None, "easy"))
    _person_turn(app, random.Random(1))
    app.bot_poll()
    (rid,) = [json.loads(m)["id"] for m in thinker.inbox]
    thinker.inbox = [json.dumps({"version": 2, "id": rid, "actions": ["a1-a2", "end"]})]
    thinker.deliver()
    clock.ms += DEFAULT_PACE_MS
    assert app.bot_step()  # the page checks it with the engine: refused
    assert _status(app) == "failed"
    said = tr(
        "{name} ({bot}) chose an action the rules do not allow, {action}; the rules told it: “{reason}”",
        name="P2",
        bot=tr("Bot: easy"),
        action="a1-a2",
        reason=tr("you have no camel on {square}", square="a1"),
    )
    assert esc(said) in app.view().markup
