"""Benchmark: replaying the real 1888-N game 128097 (690 record actions, 559 of ours).

    .venv/bin/python bench/engine_replay.py [--runs N]

Prints medians (wall clock, and CPU time where other load on the machine could
skew it) of: the whole process (``python -m engine replay``, in a fresh
interpreter, with and without Python's bytecode cache), the replay in process
and per action, the legal listing at a lay and at a run with and without its
pictures (``pictures_cost``), and the memory of the live game. Figures go to
bench/README.md.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FIXTURE = ROOT.parent / "shared" / "fixtures" / "18xx-games" / "1888-N" / "128097.json"

from engine import Game, records  # noqa: E402


def whole_process(runs: int, bytecode: bool) -> list[float]:
    """``python -m engine replay`` in fresh interpreters.

    bytecode=True: the engine's bytecode cached (in a private cache dir), as once deployed.
    bytecode=False: a copy of the engine without any bytecode and writing none, so every engine
    module is compiled on each run (this machine's default: PYTHONDONTWRITEBYTECODE=1); the
    standard library keeps its installed bytecode either way.
    """
    env = dict(os.environ)
    cwd = ROOT
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-pyc-")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
        cwd = Path(tempfile.mkdtemp(prefix="bench-src-"))
        shutil.copytree(ROOT / "engine", cwd / "engine",
                        ignore=shutil.ignore_patterns("__pycache__"))
    cmd = [sys.executable, "-m", "engine", "replay", str(FIXTURE)]
    subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=True)   # warm the caches
    out, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=True)
        out.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    if not bytecode:
        shutil.rmtree(cwd, ignore_errors=True)
    return out, cpu


def in_process(data: dict, runs: int):
    totals, cpu, per_action = [], [], []
    n = 0
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        rep = records.replay(data)
        cpu.append(time.process_time() - c)
        totals.append(time.perf_counter() - t)
        assert rep.ok
        n = len(rep.game.effective)
    own = rep.game.record()
    door = {"listing": [], "posted": []}
    for _ in range(runs):
        game = Game(own["title"], own["players"], own["seed"], own["options"])
        for action in own["actions"]:
            t = time.perf_counter()
            game.process(action, checked=False)      # a logged step: the rules alone
            per_action.append(time.perf_counter() - t)
    for _ in range(max(1, runs // 3)):
        game = Game(own["title"], own["players"], own["seed"], own["options"])
        for action in own["actions"]:
            t = time.perf_counter()
            game.legal_actions()       # what the server lists once per version for the phones
            t1 = time.perf_counter()
            game.process(action)       # a posted step: the door, then the rules
            door["listing"].append(t1 - t)
            door["posted"].append(time.perf_counter() - t1)
    return totals, cpu, per_action, n, own, door


def pictures_cost(own: dict, repeat: int) -> dict:
    """The legal listing with and without its pictures, at each step of the game where a
    company may lay a tile (the rotation param's pictures: each offered rotation of each tile
    drawn) and where it runs (the run form's picture of its best routes), timed in turn A B A B
    ``repeat`` times at each position (the listing made afresh each time: the server lists once
    per version), the median per position kept. Returns kind -> (with, without, with CPU,
    without CPU): the medians per position, in seconds."""
    from engine.core18xx import Core18xx
    kinds = {"lay": ("lay_tile", "rotation_pictures"), "run": ("run_trains", "routes_picture")}
    out = {}
    for name, (kind, hook) in kinds.items():
        game = Game(own["title"], own["players"], own["seed"], own["options"])
        real = getattr(Core18xx, hook)
        cls = type(game.rules)
        got = ([], [], [], [])
        for action in own["actions"]:
            if any(e["type"] == kind for e in game.legal_actions()):
                times = ([], [], [], [])
                for _ in range(repeat):
                    for drawn in (True, False):
                        setattr(cls, hook, real if drawn else (lambda self, *a: None))
                        game._legal = None
                        t, c = time.perf_counter(), time.process_time()
                        game.legal_actions()
                        k = 0 if drawn else 1
                        times[k].append(time.perf_counter() - t)
                        times[k + 2].append(time.process_time() - c)
                    setattr(cls, hook, real)
                for into, xs in zip(got, times):
                    into.append(statistics.median(xs))
            game._legal = None
            game.process(action, checked=False)
        if hook in cls.__dict__:
            delattr(cls, hook)
        out[name] = got
    return out


def memory(own: dict) -> dict:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    game = Game(own["title"], own["players"], own["seed"], own["options"], actions=own["actions"])
    live = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return {
        "live_game_bytes": live,
        "rules_pickle_bytes": len(pickle.dumps(game.rules)),
        "snapshots": len(game._snapshots),
        "snapshot_bytes": sum(len(s) for s in game._snapshots.values()),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    data = json.loads(FIXTURE.read_text())
    cold, cold_cpu = whole_process(args.runs, bytecode=False)
    warm, warm_cpu = whole_process(args.runs, bytecode=True)
    totals, cpu, per_action, n, own, door = in_process(data, args.runs)
    mem = memory(own)
    pics = pictures_cost(own, max(3, args.runs // 3))
    def ms(xs):
        return f"{statistics.median(xs) * 1000:.1f} ms (min {min(xs) * 1000:.1f})"
    print(f"whole process, bytecode cached : {ms(warm)}; CPU {ms(warm_cpu)}")
    print(f"whole process, no bytecode     : {ms(cold)}; CPU {ms(cold_cpu)}")
    print(f"replay in process (import+play): {ms(totals)} for {n} actions "
          f"= {statistics.median(totals) / n * 1e6:.0f} µs/action")
    print(f"  the same, CPU time             : {ms(cpu)} "
          f"= {statistics.median(cpu) / n * 1e6:.0f} µs/action (other load on the machine aside)")
    print(f"one Game.process, median       : {statistics.median(per_action) * 1e6:.0f} µs "
          f"(p90 {statistics.quantiles(per_action, n=10)[-1] * 1e6:.0f} µs; a logged step, "
          "checked=False)")
    print(f"a posted step through the door : {statistics.median(door['posted']) * 1e6:.0f} µs "
          f"(p90 {statistics.quantiles(door['posted'], n=10)[-1] * 1e6:.0f} µs), the legal "
          f"entries listed before it {statistics.median(door['listing']) * 1e6:.0f} µs (once "
          "per version: the server lists them for the phones anyway)")
    for name, (w, wo, cw, cwo) in pics.items():
        what = {"lay": "a lay's listing ± rotation pics",
                "run": "a run's listing ± routes picture"}[name]
        print(f"{what:31}: with {statistics.median(w) * 1e3:.2f} ms, without "
              f"{statistics.median(wo) * 1e3:.2f} ms (worst {max(w) * 1e3:.2f} / "
              f"{max(wo) * 1e3:.2f}); CPU {statistics.median(cw) * 1e3:.2f} / "
              f"{statistics.median(cwo) * 1e3:.2f} ms (worst {max(cw) * 1e3:.2f} / "
              f"{max(cwo) * 1e3:.2f}); {len(w)} positions, medians of A B A B")
    print(f"live game after replay         : {mem['live_game_bytes'] / 1024:.0f} KiB "
          f"(rules pickle {mem['rules_pickle_bytes'] / 1024:.1f} KiB, "
          f"{mem['snapshots']} snapshots {mem['snapshot_bytes'] / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
