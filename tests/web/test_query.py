"""Query parameters of the contract: ?seed, ?autostart, ?short, ?casual."""

from __future__ import annotations

from web.app.query import Query, parse_query


def test_contract_parameters_are_read() -> None:
    assert parse_query("?seed=42&autostart=2&short=1&casual=1") == Query(42, 2, True, True)


def test_malformed_parameters_are_ignored() -> None:
    assert parse_query("?seed=abc&autostart=9&short=no") == Query()
    assert parse_query("") == Query()


def test_a_seed_that_is_not_a_plain_integer_is_ignored_never_raised() -> None:
    """?seed=--1 and ?seed=² used to raise at import and stall the page's boot."""
    for bad in ("--1", "-", "²", "1²", "١٢", " 1", "1e3", "0x10", "1" * 40, "%00", "%ZZ"):
        assert parse_query(f"?seed={bad}").seed is None, bad
    assert parse_query("?seed=-12").seed == -12
    assert parse_query("?seed=%31%32").seed == 12


def test_the_first_value_wins_and_junk_never_raises() -> None:
    assert parse_query("?seed=1&seed=2").seed == 1
    for junk in ("?&&==&", "?%", "?%E2%82", "?\x00=\x00", "?autostart=%32", "?short&casual=true"):
        parse_query(junk)  # must not raise
    assert parse_query("?autostart=%32").autostart == 2
    assert parse_query("?short&casual=true") == Query(casual=True)


def test_the_bots_pace_and_budget_are_milliseconds_in_bounds_else_ignored() -> None:
    """?bot_pace=0 (tests: the bots' actions at once), ?bot_budget=40 (a short think)."""
    assert parse_query("?bot_pace=0&bot_budget=40") == Query(bot_pace=0, bot_budget=40)
    assert parse_query("?bot_pace=10000&bot_budget=10000") == Query(bot_pace=10_000, bot_budget=10_000)
    for bad in ("-1", "10001", "1e3", "", "x", "99999999", " 5"):
        assert parse_query(f"?bot_pace={bad}&bot_budget={bad}") == Query(), bad
    assert parse_query("?bot_budget=0").bot_budget is None  # a budget of nothing is no budget


def test_the_bot_workers_deadlines_for_tests() -> None:
    """?bot_timeout (grace over a request's work) and ?bot_start_timeout (its start), in ms."""
    got = parse_query("?bot_timeout=1500&bot_start_timeout=2000")
    assert (got.bot_timeout, got.bot_start_timeout) == (1500, 2000)
    assert parse_query("?bot_timeout=0&bot_start_timeout=x") == Query()
