"""Focus kept across a redraw of the same screen (web/page/refocus.py, issue 14):
the focused element is named by what it is, so the same one is found again."""

from __future__ import annotations

from web.page.refocus import focus_key


def test_an_element_with_an_id_is_named_by_it() -> None:
    assert focus_key("supply", {"data-select": "supply"}) == "#supply"


def test_a_board_target_and_a_grid_cell_are_named_by_their_contract_keys() -> None:
    assert focus_key("", {"data-action": "a1-b1"}) == '[data-action="a1-b1"]'
    assert focus_key("", {"data-cell": "d5"}) == '[data-cell="d5"]'


def test_a_saved_games_button_is_named_with_its_entry() -> None:
    key = focus_key("", {"data-saved-action": "delete", "data-id": 'a"b'})
    assert key == '[data-saved-action="delete"][data-id="a\\"b"]'


def test_an_element_nothing_names_is_not_carried_over() -> None:
    assert focus_key("", {"class": "x"}) is None


def test_an_id_that_is_not_a_plain_word_is_escaped_for_css() -> None:
    assert focus_key("1a", {}) == "#\\31 a"
