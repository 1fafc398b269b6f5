"""Many complete games: 2-4 players, every variant, courier and random play (R14, I10).

The courier policy (caravan/playout.py) reaches the real end of R14; random
play almost never delivers, so those games end at a turn limit (I10). Every
game ends with its goods, demand markers and theft markers accounted for and
its score equal to an independent recomputation.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action, play, random_action
from caravan.record import dumps, loads
from tests.positions import check_invariants, expected_score

VARIANTS = list(itertools.product((2, 3, 4), (False, True), (False, True)))  # players, casual, short
COURIER_GAMES = 864  # 72 per variant
RANDOM_GAMES = 192  # 16 per variant
COURIER_TURN_CAP = 2000  # a safety net only: courier games end by delivery long before


def finish(game: Game) -> None:
    check_invariants(game)
    totals = [line.total for line in game.score()]
    assert totals == [expected_score(game, seat) for seat in range(game.seats)]
    best = max((t, line.delivered) for t, line in zip(totals, game.score(), strict=True))
    assert game.winners == tuple(
        s for s, line in enumerate(game.score()) if (line.total, line.delivered) == best
    )
    assert game.legal_actions() == []


def test_many_complete_games() -> None:
    ends: Counter[tuple[str, str | None]] = Counter()
    for n in range(COURIER_GAMES + RANDOM_GAMES):
        players, casual, short = VARIANTS[n % len(VARIANTS)]
        courier = n < COURIER_GAMES
        options = Options(
            players=default_players(players),
            casual=casual,
            short=short,
            start=None,
            max_turns=COURIER_TURN_CAP if courier else 30 + n % 50,
        )
        game = Game(options, seed=n)
        play(game, courier_action if courier else random_action, random.Random(n))
        finish(game)
        if game.over == "delivery":
            assert game.end_triggered() and game.bag_count == 0
            assert game.demand_left() == 44 - 4 - 4 * (6 if short else 10)  # I9
        else:  # I10: stopped by the limit, right after its last turn
            assert game.over == "turn limit" and game.turn == options.max_turns + 1  # type: ignore[operator]
        ends["courier" if courier else "random", game.over] += 1
        if n % 97 == 0:
            assert loads(dumps(game)).state_key() == game.state_key()
    print(f"\nmany games: {dict(ends)}")
    assert sum(ends.values()) >= 1000
    # Measured: every courier game reaches the real end (864 of 864).
    assert ends["courier", "delivery"] == COURIER_GAMES
    assert ends["random", "delivery"] + ends["random", "turn limit"] == RANDOM_GAMES
