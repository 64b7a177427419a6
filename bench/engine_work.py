"""The engine's own work for one new version of a table, measured in the bench's process on the
same machine and in the same run as the server's figures (``bench/phone_load.py``'s six phones,
``bench/server_latency.py --pages``): the yardstick the server's CPU per step is held against.

For each of a record's last ``n`` actions, on a game replayed up to it: the posted step through
the door (``Game.process``, checked), then what the server makes once per version for the phones
(the legal entries, the view, the book). CPU time (``time.process_time``), median over the
actions. (Until the pages stopped asking for it, the server also made the state's JSON text for
every version, and this yardstick counted it: about a fifth more.)
"""
from __future__ import annotations

import statistics
import time

from engine import Game


def per_version_ms(record: dict, n: int = 40, pause_s: float = 0.0) -> dict:
    """``{"engine_ms_per_version", "engine_step_ms", "versions"}`` (medians, CPU ms).

    ``pause_s``: a pause before each version, as the server has one between a table's steps
    (its caches are cold again when the next step comes: the same work then takes about half
    as long again as in a tight loop). The load benches give both figures."""
    actions = list(record.get("actions") or [])
    game = Game(record["title"], record["players"], record.get("seed", 0), record.get("options"))
    start = max(0, len(actions) - n)
    for action in actions[:start]:
        game.process(action, checked=False)
    whole, step = [], []
    for action in actions[start:]:
        if action.get("type") in ("undo", "redo"):
            game.process(action, checked=False)
            continue
        if pause_s:
            time.sleep(pause_s)
        t0 = time.process_time()
        game.process(action, checked=True)
        t1 = time.process_time()
        game.legal_actions(), game.view(), game.book()
        t2 = time.process_time()
        step.append(t1 - t0)
        whole.append(t2 - t0)
    if not whole:
        return {"engine_ms_per_version": None, "engine_step_ms": None, "versions": 0}
    return {"engine_ms_per_version": round(statistics.median(whole) * 1000, 3),
            "engine_step_ms": round(statistics.median(step) * 1000, 3),
            "versions": len(whole)}


def played_ms(title: str, players: list[str], seed: int, moves: int = 60, n: int = 40) -> dict:
    """:func:`per_version_ms` of a game played here: ``moves`` random legal steps (the load
    benches' chooser), then ``n`` more, measured (a table of the load bench has played only a few
    steps when its run ends)."""
    import random

    from tests.companion.live_server import choose
    game = Game(title, [{"id": str(i + 1), "name": p} for i, p in enumerate(players)], seed)
    rng = random.Random(seed)
    for _ in range((moves + n) * 4):
        if len(game.log) >= moves + n:
            break
        action = choose(game.legal_actions(), rng)
        if action is None:
            break
        try:
            game.process(action)
        except Exception:
            continue
    record = {"title": title, "players": game.players, "seed": seed, "options": None,
              "actions": list(game.log)}
    return per_version_ms(record, n)
