"""The board shows the engine's state and exactly the engine's targets."""

from __future__ import annotations

import re
from html import unescape

from caravan.board import SQUARE_NAMES
from caravan.game import Game
from caravan.options import Options, Player
from tests.positions import blank, camel, demand, loose, sq
from web.app.selection import Selection
from web.board.board_svg import render_board
from web.board.zoom_view import square_view


def _selection(game: Game, key: str | None = None) -> Selection:
    sel = Selection()
    sel.refresh(game.legal_actions())
    if key is not None:
        sel.toggle(key)
    return sel


def _targets(svg: str) -> dict[str, str]:
    """notation -> cost of every target, as the browser reads the attributes."""
    return {unescape(a): c for a, c in re.findall(r'data-action="([^"]+)" data-cost="(\d)"', svg)}


def test_every_square_is_drawn_once_with_its_name() -> None:
    game = Game(seed=1)
    svg = render_board(game, _selection(game))
    assert svg.startswith('<svg id="board" viewBox=')
    assert sorted(re.findall(r'data-square="([a-g][1-7])"', svg)) == sorted(SQUARE_NAMES)


def test_r3_setup_shows_eight_goods_and_four_demand_markers() -> None:
    game = Game(seed=1)
    svg = render_board(game, _selection(game))
    assert svg.count('class="loose"') == 8
    assert len(re.findall(r'class="demand-text"[^>]*>1<', svg)) == 4


def test_no_targets_until_a_source_is_selected() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    svg = render_board(game, _selection(game))
    assert _targets(svg) == {}
    assert 'data-select="c6"' in svg


def test_r7_targets_are_the_engines_moves_with_its_costs() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "d4")
    svg = render_board(game, _selection(game, "c6"))
    want = {str(a): str(game.cost(a)) for a in game.legal_actions() if str(a).startswith("c6")}
    assert _targets(svg) == want
    assert want["c6-d4"] == "2" and want["c6-e4"] == "1"


def test_r7_with_one_action_left_occupied_squares_are_not_targets() -> None:
    game = blank(turn=1)
    game = camel(game, 1, "d4")
    svg = render_board(game, _selection(game, "supply"))
    targets = _targets(svg)
    assert "@d4" not in targets and targets["@e4"] == "1"


def test_r8_the_good_itself_is_the_pick_up_target() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = loose(game, "c6", "S")
    svg = render_board(game, _selection(game, "c6"))
    assert re.search(r'class="loose target pick useful" data-loose="S" data-action="\+c6" data-cost="1"', svg)


def test_r10_steal_target_is_the_victims_good_and_under_goods_differ_from_on_top() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    game = camel(game, 1, "a1", "C", under=True)
    svg = render_board(game, _selection(game, "c6"))
    assert _targets(svg)["$c6/2I"] == "1"
    assert svg.count('class="on-top"') == 1
    assert svg.count('class="under"') == 1


def test_r11_a_good_on_a_camel_is_a_source_with_its_group_as_targets() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I")
    game = camel(game, 0, "c5")
    game = camel(game, 0, "a1")
    svg = render_board(game, _selection(game, "Ic6"))
    assert 'data-select="Ic6"' in svg
    assert _targets(svg) == {"Ic6>c5": "1"}


def test_several_camels_on_a_square_stay_countable() -> None:
    game = blank()
    for _ in range(3):
        game = camel(game, 0, "d4")
    game = camel(game, 1, "d4")
    svg = render_board(game, _selection(game))
    assert "Player 1: 3 camels" in svg
    assert "Player 2: 1 camel<" in svg  # one camel, not "1 camels"
    assert re.search(r'class="count"[^>]*>3<', svg)


def test_player_names_are_escaped() -> None:
    players = (Player("<script>x</script>", "yellow"), Player("B & B", "black"))
    game = Game.from_position(blank().position(), options=Options(players=players))
    game = camel(game, 0, "d4")
    game = camel(game, 1, "d4")
    svg = render_board(game, _selection(game))
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg and "B &amp; B" in svg


def test_last_turn_squares_carry_their_mark() -> None:
    game = Game(seed=1)
    svg = render_board(game, _selection(game), {0: "from", 1: "from to"})
    assert 'data-square="a1"' in svg and 'data-mark="from"' in svg
    assert svg.count('class="last from"') == 1 and svg.count('class="last from to"') == 1


def test_squares_carry_what_is_on_them_for_machines() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c6", "I")
    game = camel(game, 1, "c6", "C", under=True)
    game = loose(game, "c6", "S")
    game = demand(game, "c6", 2)
    svg = render_board(game, _selection(game))
    assert 'data-square="c6" data-camels="1,1I,2_C" data-good="S" data-demand="2"' in svg
    assert 'data-square="a1" data-camels="" data-good="" data-demand="0"' in svg


def test_r10_r11_two_camels_with_the_same_good_make_one_source_and_one_target() -> None:
    game = blank(casual=True)
    game = camel(game, 0, "d2", "W")
    game = camel(game, 0, "d2", "W")
    game = camel(game, 0, "d2")
    game = camel(game, 0, "d3")
    game = camel(game, 1, "d2", "I")
    game = camel(game, 1, "d2", "I")
    sel = _selection(game, "d2")
    # Five tokens on d2: too crowded to choose on the board, so the goods
    # and the steal are in the square's enlarged view, once each.
    svg = render_board(game, sel, zoom=sq("d2"))
    assert 'data-select="Wd2"' not in svg and "$d2/2I" not in svg
    zoomed = square_view(game, sel, sq("d2"))
    assert zoomed.count('data-select="Wd2"') == 1
    assert zoomed.count('data-action="$d2/2I"') == 1


def test_a_squares_centre_holds_only_the_square() -> None:
    """docs/UI-CONTRACT.md: the good to pick up sits above the centre and
    every camel (a good source or a steal target) below it, however many."""
    from web.board.board_pieces import (
        CAMEL_H,
        CELL,
        LOOSE_HIT,
        TOKEN_H,
        cell_origin,
        token_layout,
        token_place,
    )

    assert LOOSE_HIT[1] + LOOSE_HIT[3] < CELL / 2
    for square in (0, 24, 48):
        _, y = cell_origin(square)
        for n in range(1, 25):
            for i in range(min(n, 12)):
                top = token_place(square, i, n)[1]
                assert top > y + CELL / 2, f"token {i} of {n} reaches the centre"
                assert top + TOKEN_H * token_layout(n)[1] <= y + CELL + 1, (
                    f"token {i} of {n} leaves its square"
                )
        # A lone unladen camel (issue 28: larger on a phone): its silhouette below the centre too.
        _x, top, scale = token_place(square, 0, 1, lone=True)
        assert top + (TOKEN_H - CAMEL_H) * scale > y + CELL / 2
        assert top + TOKEN_H * scale <= y + CELL + 1


def test_r10_on_a_phone_a_steal_is_chosen_in_the_enlarged_view() -> None:
    """At 0.48 CSS px per board unit (a 360 px phone) a camel is 15 px wide:
    too small to tap, so the steal is not on the board but in the view."""
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    sel = _selection(game, "c6")
    assert "$c6/2I" in _targets(render_board(game, sel))
    assert "$c6/2I" not in _targets(render_board(game, sel, unit_px=0.48, zoom=sq("c6")))
    view = square_view(game, sel, sq("c6"))
    assert 'data-action="$c6/2I"' in view
    # Named by what it shows, not an aria-label (axe, label-content-name-mismatch):
    # its text read out whole is the board's name for the same steal.
    button = view.split('data-action="$c6/2I"', 1)[1].split("</button>", 1)[0]
    assert "aria-label" not in button
    assert re.sub(r"<svg.*?</svg>|<[^>]+>", "", button.split(">", 1)[1]) == (
        "Steal the ivory from Player 2 on c6, 1 action"
    )


def test_r7_quiet_targets_show_the_cost_only_where_it_is_2() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "d4")
    svg = render_board(game, _selection(game, "c6"))
    assert svg.count('class="cost-text"') == sum(c == "2" for c in _targets(svg).values()) > 0
    assert 'class="dot"' in svg and 'class="ring"' in svg


def test_r12_a_delivery_target_stands_out_from_a_plain_move() -> None:
    game = blank()
    game = camel(game, 0, "d6", "I")
    game = camel(game, 0, "d7")
    game = camel(game, 0, "d5")
    svg = render_board(game, _selection(game, "Id6"))
    assert re.search(r'data-action="Id6&gt;d7"[^>]*class="target deliver useful"', svg)
    assert re.search(r'data-action="Id6&gt;d5"[^>]*class="target good useful"', svg)


def test_on_a_phone_no_board_text_is_drawn_under_10_css_px() -> None:
    """Font sizes outside the camels (which scale) are board units: at 0.48 px
    a unit, each must be at least 10.5 / 0.48 units."""
    game = Game(seed=1)
    svg = render_board(game, _selection(game, "supply"), unit_px=0.48)
    outside = re.sub(r'<g class="piece".*?</g></g>', "", svg)
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', outside)]
    assert sizes and min(sizes) >= 10.5 / 0.48 - 0.05


def test_each_seat_has_its_own_pattern_as_well_as_its_colour() -> None:
    """Players told apart without colour: seat 1 plain, seats 2-4 striped,
    dotted, checked (web/palette.SEAT_PATTERNS)."""
    game = blank(players=4)
    for seat, name in enumerate(("a1", "b1", "c1", "d1")):
        game = camel(game, seat, name)
    svg = render_board(game, _selection(game))
    assert [f'id="seat-{s}"' in svg for s in range(4)] == [False, True, True, True]
    for seat, name in enumerate(("b1", "c1", "d1"), start=1):
        on = svg[svg.index(f'data-on="{name}"') :]
        assert f'fill="url(#seat-{seat})"' in on[: on.index("</g></g>")]


def test_r10_the_action_list_puts_the_steal_before_the_moves() -> None:
    from web.app.app import App

    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    app = App()
    app.resume(game)
    app.select("c6")
    listed = re.findall(
        r'<li><button type="button" class="act-(\w+)" data-action="([^"]+)"', app.view().markup
    )
    assert listed[0] == ("steal", "$c6/2I")
    assert {kind for kind, _ in listed[1:]} == {"move"}


def test_a_board_with_nothing_to_play_has_no_buttons_at_all() -> None:
    """The history view's board (docs/UI-CONTRACT.md): no sources, no
    targets, and no crowded square to open either."""
    game = blank(players=4)
    for seat in range(4):
        game = camel(game, seat, "d4")
    svg = render_board(game, Selection(), {})
    assert 'role="button"' not in svg and "data-zoom" not in svg
    playing = render_board(game, _selection(game))
    assert 'data-zoom="d4"' not in playing  # d4 is player 1's source: selecting it opens the view


def test_a_crowded_square_that_is_not_a_source_opens_its_view_when_tapped() -> None:
    game = blank(players=4)
    for seat in (1, 2, 3):
        game = camel(game, seat, "d4")
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "a1")
    svg = render_board(game, _selection(game))
    assert re.search(r'data-square="d4"[^>]*data-zoom="d4" role="button"', svg)


def test_on_a_phone_a_carried_good_keeps_its_pictogram_and_a_stolen_one_is_a_badge_over_its_camel() -> None:
    """Issues 14 and 28: at 0.48 px a board unit (a 360 px phone) a good on
    top of a lone camel has its pictogram, at least 10.5 CSS px wide; a good
    stolen under a camel (R10) is a round badge drawn after the camel, so
    it is seen whole and told from a load by its shape, its pictogram at
    least 8 CSS px (the badge leaves the camel's head and hump in view)."""
    game = blank()
    game = camel(game, 0, "c6", "I")
    game = camel(game, 1, "e2", "S", under=True)
    svg = render_board(game, _selection(game), unit_px=0.48)
    for name, part, letter, least in (("c6", "on-top", "I", 10.5), ("e2", "under", "S", 8)):
        on = svg[svg.index(f'data-on="{name}"') :]
        piece = on[: on.index("</g></g>") + 8]
        scale = float(re.search(r"scale\(([\d.]+)\)", piece).group(1))  # type: ignore[union-attr]
        glyph = re.search(rf'class="{part}">.*?href="#good-{letter}"[^>]*width="([\d.]+)"', piece)
        assert glyph is not None, f"the good on {name} has no pictogram"
        assert float(glyph.group(1)) * scale * 0.48 >= least - 0.05
        if part == "under":
            assert re.search(r'class="under"><circle', piece)
            assert piece.index('class="camel"') < piece.index('class="under"')


def test_issue_28_goods_are_pictograms_defined_once_each_its_own_shape_and_the_legend_has_its_own() -> None:
    """Issue 28: a good is drawn with its pictogram, not an English letter:
    one ``<symbol>`` per good in the board's ``<defs>`` (its head chunk),
    every ``<use>`` pointing at one of them, no two goods the same drawing;
    the legend (also shown where no board is: the review) uses a copy of
    its own under other ids, and its marks (web/board/legend_svg.py) use it too."""
    from caravan import ALL_GOODS
    from web.app.panels import legend
    from web.board.pictograms import PICTOGRAMS

    game = camel(camel(blank(), 0, "c6", "I"), 1, "e2", "S", under=True)
    svg = render_board(game, _selection(game), unit_px=0.48)
    head = svg[: svg.index('data-chunk="a1"')]
    defined = re.findall(r'<symbol id="(good-[A-Z])"', svg)
    assert sorted(defined) == sorted(f"good-{g.letter}" for g in ALL_GOODS)
    assert all(f'id="{d}"' in head for d in defined)
    used = set(re.findall(r'<use href="#([^"]+)"', svg))
    assert {"good-I", "good-S"} <= used <= set(defined)
    assert "cube-letter" not in svg
    assert len(set(PICTOGRAMS.values())) == len(ALL_GOODS)
    drawn = legend(game)
    assert re.findall(r'<symbol id="(legend-good-[A-Z])"', drawn) == [
        f"legend-good-{g.letter}" for g in ALL_GOODS
    ]
    assert set(re.findall(r'<use href="#([^"]+)"', drawn)) <= {f"legend-good-{g.letter}" for g in ALL_GOODS}
    assert 'id="good-' not in drawn


def test_issue_28_city_names_on_a_phone_are_whole_or_a_short_form_in_every_language() -> None:
    """Issue 28: on a phone's board (0.48 CSS px a unit) a city's band shows
    its whole name or the board's translated short form, drawn no narrower
    than ``SQUEEZE`` of its width; never the terminal's three letters
    ("Mar", "Tim"); on a wide board (1 px a unit) every name is whole."""
    import gettext
    from pathlib import Path

    from caravan.board import CITY_NAMES
    from web.board.city_label import SQUEEZE, text_width
    from web.words import i18n

    locale = Path(__file__).resolve().parents[2] / "caravan" / "locale"
    try:
        for code in ("en", "es", "fr", "pl", "nl"):
            found = None if code == "en" else gettext.translation("caravan", locale, [code])
            i18n.use(found, code)
            for unit_px, whole in ((0.48, False), (1.0, True)):
                svg = render_board(blank(), Selection(), unit_px=unit_px)
                names = re.findall(
                    r'class="city-name" font-size="([\d.]+)"(?: textLength="([\d.]+)")?[^>]*>([^<]+)<', svg
                )
                assert len(names) == len(CITY_NAMES)
                for (size, squeezed, label), square in zip(names, sorted(CITY_NAMES), strict=True):
                    city = str(i18n.words().city(square))
                    three = i18n.words().city_short(square)
                    assert label == city or (not whole and label != three), (code, unit_px, label)
                    if squeezed:
                        assert float(squeezed) >= text_width(label, float(size)) * SQUEEZE - 0.1, (
                            code,
                            label,
                        )
    finally:
        i18n.use(None, "en")
