"""The rules reference (issue 13, docs/UI-CONTRACT.md "Rules") on CPython:
the docs rendered with every rule as an anchor in each language, citations
made links wherever the page shows them and nowhere they would break the
markup, the reference over any screen leaving it as it was (a bot's turn
too), and a legend that draws every mark the board draws."""

from __future__ import annotations

import re

import pytest

from caravan import ALL_GOODS, Options, Player
from caravan.board import parse_square
from tests.positions import blank, camel, demand, loose
from web.app import panels
from web.app.app import App
from web.app.reference import reference_markup
from web.app.selection import Selection
from web.board import board_svg
from web.words import rulesdoc
from web.words.markup import RULE_NUMBERS, link_rules

from .thinker import FakeThinker, bot_app, run_bots

ALL_RULES = [f"R{n}" for n in range(1, 18)] + [f"I{n}" for n in range(1, 12)]


@pytest.mark.parametrize("lang", rulesdoc.LANGUAGES)
def test_every_rule_is_an_anchor_of_the_reference_in_every_language(lang: str) -> None:
    markup = reference_markup("rules", lang)
    assert re.findall(r'<li id="rule-([RI][0-9]+)" class="rule"', markup) == ALL_RULES
    assert f'lang="{lang}"' in markup
    # The set-up, the turns, the actions with their costs, the refill, the end and the
    # readings: eight sections, each in the contents.
    sections = rulesdoc.section_titles("rules", lang)
    assert len(sections) == 8
    for sid, _ in sections:
        assert f'data-rules-go="{sid}"' in markup and f'id="{sid}"' in markup
    assert "<pre" in markup and "<table>" in markup  # the board diagram, the actions' and penalty tables
    howto = reference_markup("howto", lang)
    assert 'data-doc="howto"' in howto and len(rulesdoc.section_titles("howto", lang)) == 5


def test_the_penalty_table_of_every_language_is_the_engines_r16_and_i8() -> None:
    from caravan import penalty

    for lang in rulesdoc.LANGUAGES:
        body = rulesdoc.doc_markup("rules", lang)[1]
        head = re.search(
            r'<th scope="col">[^<]*</th>((?:<th scope="col">[0-9]+</th>)+)</tr></thead><tbody><tr>(.*?)</tr>',
            body,
        )
        assert head is not None, lang
        held = [int(n) for n in re.findall(r">([0-9]+)<", head.group(1))]
        cost = [int(n) for n in re.findall(r"<td>([0-9]+)</td>", head.group(2))]
        assert held == [0, 1, 2, 3, 4, 5] and cost == [penalty(n) for n in held], lang


def test_the_docs_markdown_is_escaped_and_only_the_subset_becomes_markup() -> None:
    title, body = rulesdoc.to_markup(
        "# T <i>\n\n## S & co\n\n- **R7.** a <b>x</b> `c<d>` [link](http://x) **bold**\n"
        "  continued R9\n\n| a | b |\n| --- | --- |\n| <1> | 2 |\n\n```\n<pre>\n```\n"
    )
    assert title == "T <i>"  # text: the caller escapes it
    assert "<b>x</b>" not in body and "&lt;b&gt;x&lt;/b&gt;" in body
    assert "<code>c&lt;d&gt;</code>" in body and "http://x" not in body and "link" in body
    assert '<li id="rule-R7" class="rule" data-rule-item="R7"' in body and "continued R9" in body
    assert "<td>&lt;1&gt;</td>" in body and '<pre class="ref-diagram" tabindex="0">&lt;pre&gt;</pre>' in body
    assert '<h3 id="ref-1-title">S &amp; co</h3>' in body
    # It scrolls on a phone: a tab stop, a region named by its section's heading and its columns (axe).
    region = 'class="ref-table" tabindex="0" role="region" aria-labelledby="ref-1-title ref-table-1-head"'
    assert f"<div {region}>" in body
    assert '<tr id="ref-table-1-head">' in body


def test_citations_become_links_in_text_but_never_in_attributes_titles_buttons_or_svg() -> None:
    unknown = "R" + "99, I" + "12"  # not rule numbers (spelt apart: tests/test_docs.py reads this file)
    markup = (
        f'<p id="message">costs 2 actions (R7); see I3 and R2D2, {unknown}</p>'
        '<button aria-label="R7">R7</button><svg><title>R7</title><text>R7</text></svg>'
        '<option value="R7">R7</option><li data-x="I3">wins (R17).</li>'
        '<button class="zoom"><svg><g/></svg><span>an icon, then R7</span></button>'
    )
    out = link_rules(markup)
    links = re.findall(r'<button type="button" class="rule-link" data-rule="([RI][0-9]+)">\1</button>', out)
    assert links == ["R7", "I3", "R17"]
    assert '<button aria-label="R7">R7</button>' in out and "<title>R7</title>" in out
    assert '<option value="R7">R7</option>' in out and 'data-x="I3"' in out
    assert "<span>an icon, then R7</span></button>" in out  # still inside the button, after its svg
    assert f"R2D2, {unknown}" in out
    plain = "<p>nothing to link</p>"
    assert link_rules(plain) is plain


def test_the_rule_numbers_linked_are_those_docs_rules_defines() -> None:
    text = (rulesdoc.read_doc("rules", "en")).splitlines()
    defined = {m.group(1) for line in text if (m := re.match(r"^- \*\*([RI][0-9]+)\.\*\*", line))}
    assert defined == RULE_NUMBERS


def _refused(app: App) -> None:
    """Player 2's second action would place onto a camel: it costs 2 (R7)."""
    app.act("@e5")
    app.act("end")
    app.act("@a2")
    app.select("supply")
    app.explain("e5")


def test_r7_a_refusal_cites_its_rule_as_a_link_and_the_reference_opens_at_it() -> None:
    app = App(seed=1)
    app.autostart(2)
    _refused(app)
    view = app.view()
    assert "(R7)" in app.message
    assert re.search(
        r'<p id="message">[^<]*<button type="button" class="rule-link" data-rule="R7">',
        view.markup,
    )
    app.open_rules("R7")
    view = app.view()
    assert 'id="rule-R7" class="rule" data-current="true"' in view.rules
    assert app.reference.pending == "rule-R7"


def test_the_reference_over_a_game_leaves_the_screen_exactly_as_it_was() -> None:
    app = App(seed=1)
    app.autostart(2)
    _refused(app)
    before = app.view()
    assert 'id="rules-button"' in before.header and before.rules == ""
    app.open_rules("rules")
    assert app.view().markup == before.markup  # the screen under it: untouched
    game = app.game
    assert game is not None
    key = game.state_key()
    for k in ("u", "e", "r"):
        assert not app.shortcut(k)  # the game's keys do nothing under it
    assert not app.history_key("ArrowLeft")
    assert app.escape()  # Escape closes it, and only it
    after = app.view()
    assert after.rules == "" and after.markup == before.markup
    assert app.sel.selected == "supply" and game.state_key() == key
    assert app.escape() and app.sel.selected is None  # the next Escape is the game's again


def test_the_reference_is_reachable_from_every_screen() -> None:
    app = App(seed=2)
    for show in (app.new_game, lambda: app.autostart(2), app.show_saved, app.show_history):
        show()
        view = app.view()
        assert 'id="rules-button"' in view.header, app.screen
        app.open_rules("rules")
        assert app.view().rules.startswith('<section id="rules" role="dialog" aria-modal="true"')
        app.close_rules()
    app.new_game()
    assert 'data-rules-open="howto"' in app.view().markup  # offered on the new-game screen


def test_while_the_reference_is_open_the_bot_thinks_but_its_actions_wait() -> None:
    app, thinker, clock, _ = bot_app(FakeThinker(hold=True))
    app.start(Options(players=(Player("Ann", "yellow"), Player("P2", "black", bot="easy")), short=True))
    app.act("@c6")
    app.act("end")
    app.bot_poll()
    app.open_rules("R10")
    thinker.deliver()
    game = app.game
    assert game is not None
    steps = len(game.history)
    assert app.bot_delay() is None and not app.bot_step()
    assert len(game.history) == steps
    app.close_rules()
    assert app.bot_delay() is not None
    run_bots(app, clock)
    assert len(game.history) > steps


def _rich_board() -> str:
    """A board with every mark: numbered spaces, cities, demand, camels of four
    seats laden, stolen, crowded, a selection with dots, rings and a cost,
    last-turn marks and a hint."""
    game = blank(4)
    for seat, square, load, under in (
        (0, "c6", None, False),
        (0, "c5", "S", False),
        (0, "d5", None, False),
        (1, "c6", "I", False),
        (1, "e4", "H", True),
        (2, "b3", None, False),
        (2, "b3", None, False),
        (3, "f5", None, False),
    ):
        game = camel(game, seat, square, load, under=under)
    game = loose(game, "c6", "M")
    game = demand(game, "c6", 2)
    markup = []
    for key in ("supply", "c6", "Sc5"):
        sel = Selection()
        sel.refresh(game.legal_actions())
        if key in sel.sources:
            sel.selected = key
            sel.hinted = str(sel.sources[key][0])
        markup.append(
            board_svg.render_board(game, sel, {parse_square("b3"): "from", parse_square("c5"): "to"})
        )
    return "".join(markup)


def test_the_legend_draws_every_mark_the_board_draws_with_the_boards_code() -> None:
    board = _rich_board()
    legend = panels.legend(blank(4))
    drawn = set(re.findall(r'class="([a-z][a-z -]*)"', board))
    assert {"target deliver useful", "token target steal useful", "loose target pick useful"} <= drawn
    assert {"last from", "last to", "target place quiet"} <= drawn
    # Structure, not marks: groups, the file letters, the checkered shading;
    # "move" and "good" targets are the same dot and ring as "place".
    structure = {"piece", "coord", "dark", "zoomable", "zoomed", "crowd", "fx", "on", "hit", "move", "good"}
    classes = {c for group in drawn for c in group.split()} - structure
    shown = {
        c.removesuffix("-like") for g in re.findall(r'class="([a-z][a-z -]*)"', legend) for c in g.split()
    }
    # None of the board's own states in the legend: nothing there is a target or a selection.
    assert not re.search(
        r'class="[^"]*\b(target|source|selected)\b(?!-)', legend.split("legend-symbols", 1)[1]
    )
    assert classes - shown == set(), "marks on the board the legend does not show"
    keys = re.findall(r'data-legend-symbol="([a-z0-9-]+)"', legend)
    assert keys[: keys.index("camel-0")] == ["space", "city", "demand"]
    assert [k for k in keys if k.startswith("camel-")] == ["camel-0", "camel-1", "camel-2", "camel-3"]
    assert len(re.findall(r"<tr data-legend-good=", legend)) == len(ALL_GOODS)
