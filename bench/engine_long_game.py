"""Benchmark: does one action cost more late in a long game than early?

    .venv/bin/python bench/engine_long_game.py [--reps N]

Plays a long random legal 6-player 1888-N game (the first seed from 13 on
that gives 1000 actions or more; bankruptcy made unlikely). Two measurements,
each the median over ``reps`` repetitions:

1. early vs late: the game is rebuilt (untimed) up to an early and a late
   position, then the next 60 actions are applied in place, each timed.
   The late window has more companies running, so this mixes the cost of a
   longer history with that of a busier board.
2. history alone: the same 60 late actions, applied to the same late state,
   once in the game with its whole history and once in a game that starts
   from that state with an empty history.
"""
from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import Game  # noqa: E402
from tests.bots import core18xx as random_play  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
WINDOW = 60
MIN_LENGTH = 1000
SEED = 13           # the first seed tried; the first game of MIN_LENGTH actions or more is used


def long_game() -> list[dict]:
    global SEED
    random_play.WEIGHTS.update({"bankrupt": 0.001, "sell_shares": 0.3})
    while True:
        game = Game("1888-N", PLAYERS, seed=SEED)
        actions = random_play.play(game, random.Random(SEED), 6000)
        if len(actions) >= MIN_LENGTH:
            return actions
        SEED += 1


def timed(game: Game, actions: list[dict]) -> list[float]:
    out = []
    for action in actions:
        t = time.perf_counter()
        game.process(action)
        out.append(time.perf_counter() - t)
    return out


def window(make, actions, reps) -> float:
    """Median over reps of the median time of one action in the window."""
    return statistics.median(statistics.median(timed(make(), actions)) for _ in range(reps))


def without_history(actions_before: list[dict]) -> Game:
    full = Game("1888-N", PLAYERS, seed=SEED, actions=actions_before)
    fresh = Game("1888-N", PLAYERS, seed=SEED)
    fresh.rules = pickle.loads(pickle.dumps(full.rules))
    fresh._snapshots = {0: pickle.dumps(fresh.rules)}
    return fresh


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=15)
    args = ap.parse_args()
    actions = long_game()
    early_at, late_at = 100, len(actions) - WINDOW
    early_w, late_w = actions[early_at:early_at + WINDOW], actions[late_at:]
    early = window(lambda: Game("1888-N", PLAYERS, seed=SEED, actions=actions[:early_at]), early_w,
                   args.reps)
    late = window(lambda: Game("1888-N", PLAYERS, seed=SEED, actions=actions[:late_at]), late_w,
                  args.reps)
    no_hist = window(lambda: without_history(actions[:late_at]), late_w, args.reps)
    print(f"long game (seed {SEED}): {len(actions)} actions; windows of {WINDOW} "
          f"at {early_at} and {late_at}")
    print(f"1. one action early: {early * 1e6:.0f} µs, late: {late * 1e6:.0f} µs, "
          f"ratio late/early {late / early:.2f}")
    print(f"2. same late actions with {late_at} actions of history: {late * 1e6:.0f} µs, "
          f"with none: {no_hist * 1e6:.0f} µs, ratio {late / no_hist:.2f}")


if __name__ == "__main__":
    main()
