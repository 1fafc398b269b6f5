"""Query parameters of the contract: ?seed, ?autostart, ?short, ?casual."""

from __future__ import annotations

from web.query import Query, parse_query


def test_contract_parameters_are_read() -> None:
    assert parse_query("?seed=42&autostart=2&short=1&casual=1") == Query(42, 2, True, True)


def test_malformed_parameters_are_ignored() -> None:
    assert parse_query("?seed=abc&autostart=9&short=no") == Query()
    assert parse_query("") == Query()
