"""The arena (python -m caravan.arena, docs/BOTS.md): a short run, the same
results on every backend, the JSON line, resuming from --out, the Dask path
on a LocalCluster the test starts itself."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from caravan import arena, record

FAST = ["courier", "easy", "--games", "4", "--seed", "5", "--max-turns", "40"]


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = arena.main(argv, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_a_short_run_prints_a_table_and_ends_with_one_json_line(tmp_path: Path) -> None:
    status, out, err = run([*FAST, "--workers", "1", "--json"])
    assert status == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["games"] == 4 and set(summary["bots"]) == {"courier", "easy"}
    for bot in summary["bots"].values():
        lo, hi = bot["ci95"]
        assert 0 <= lo <= bot["win_rate"] <= hi <= 1
        assert bot["think_ms_p95"] >= 0 and bot["games"] == 4
    wins = sum(b["win_rate"] * b["games"] for b in summary["bots"].values())
    assert wins == pytest.approx(4)  # R17: one win per game, shared victories as fractions
    assert summary["illegal"] == 0
    assert "win rate" in out and "95% interval" in out
    assert "arena: 4/4 games" in err  # plain progress lines when not a terminal


def test_a_name_given_twice_gets_a_suffix_and_the_last_bot_fills_the_seats() -> None:
    assert arena.names_for(["hard", "hard", "medium", "hard"]) == ("hard", "hard#2", "medium", "hard#3")
    status, out, _ = run(
        ["random", "courier", "--players", "3", "--games", "3", "--max-turns", "30", "--json"]
    )
    assert status == 0
    assert set(json.loads(out.splitlines()[-1])["bots"]) == {"random", "courier", "courier#2"}


def test_seats_and_the_start_player_rotate_over_the_games() -> None:
    specs = ("a", "b", "c")
    run_ = arena.Run(specs, specs, 3, 6, 1, False, False, 10)
    seats = [arena.line_up(run_, i) for i in range(3)]
    assert [s[0] for s in seats] == [0, 1, 2]  # each bot starts once (seat 1 starts)
    assert all(sorted(s) == [0, 1, 2] for s in seats)


def test_the_same_seed_gives_the_same_results_on_every_backend_and_worker_count() -> None:
    distributed = pytest.importorskip("distributed")
    _, one, _ = run([*FAST, "--workers", "1", "--json"])
    _, two, _ = run([*FAST, "--workers", "2", "--json"])
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as cluster:
        _, on_dask, _ = run([*FAST, "--dask", cluster.scheduler_address, "--json"])

    assert _played(one) == _played(two) == _played(on_dask)


def test_out_writes_one_record_per_game_and_a_stopped_run_resumes(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    _, whole, _ = run([*FAST, "--workers", "1", "--json", "--out", str(path)])
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    first = json.loads(lines[0])
    game = record.from_dict(first["record"])  # a game record (docs/RECORD.md), replayable
    assert [line.total for line in game.score()] == first["scores"]
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40], encoding="utf-8")  # stopped mid-write
    _, resumed, err = run([*FAST, "--workers", "1", "--json", "--out", str(path)])
    assert _played(resumed) == _played(whole)
    assert "arena: 4/4 games" in err
    status, _, err = run(["random", "courier", "--games", "2", "--out", str(path)])
    assert status == 2 and "another run" in err


def _played(text: str) -> dict[str, Any]:
    """The JSON line without think times (CPU time differs from run to run)."""
    data: dict[str, Any] = json.loads(text.splitlines()[-1])
    for bot in data["bots"].values():
        del bot["think_ms_mean"], bot["think_ms_p95"]
    return data


def test_bad_bots_and_counts_exit_with_a_plain_message() -> None:
    status, _, err = run(["grandmaster", "random", "--games", "1"])
    assert status == 2 and "not a built-in bot" in err
    status, _, err = run(["random", "random", "--games", "1", "--players", "5"])
    assert status == 2 and "2 to 4 players" in err
