"""All page text goes through t(); the English catalogue covers every key used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from caravan.board import CITY_NAMES, GOODS, PLAYER_COLOURS
from web import i18n
from web.i18n import EN, t
from web.newgame import SEAT_TYPES
from web.palette import PLAYER_CHOICES

WEB = Path(__file__).resolve().parents[2] / "web"


def test_every_literal_key_used_in_web_is_in_the_catalogue() -> None:
    used = set()
    for path in WEB.glob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"([^"]+)"\s*[,)]', path.read_text(encoding="utf-8")))
    assert used, "no t() calls found: the scan is broken"
    assert sorted(used - set(EN)) == []


def test_keys_built_from_game_data_are_in_the_catalogue() -> None:
    keys = {f"good.{g.name}" for g in GOODS}
    keys |= {f"city.{c}" for c in CITY_NAMES.values()}
    keys |= {f"colour.{c}" for c in (*PLAYER_COLOURS, *PLAYER_CHOICES)}
    keys |= {f"new.{k}" for k in SEAT_TYPES}
    keys |= {f"over.reason.{r}" for r in ("delivery", "turn limit", "agreed")}
    keys |= {f"panel.{f}" for f in ("supply", "theft", "delivered", "demand", "held", "penalty", "total")}
    assert sorted(keys - set(EN)) == []


def test_player_names_are_parameters_and_are_not_formatted_again() -> None:
    assert t("turn.banner", name="{name} {0}") == "{name} {0} to play"


def test_a_missing_key_fails_loudly() -> None:
    with pytest.raises(KeyError):
        t("no.such.key")


def test_another_catalogue_replaces_text_and_falls_back_to_english() -> None:
    try:
        i18n.use({"play.undo": "Annuler"})
        assert t("play.undo") == "Annuler"
        assert t("play.redo") == "Redo"
    finally:
        i18n.use({})
    assert t("play.undo") == "Undo"
