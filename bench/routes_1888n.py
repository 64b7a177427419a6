"""Benchmark: the best routes of every run of the real 1888-N game 128097.

    .venv/bin/python bench/routes_1888n.py [--repeat N]

The record is replayed once; at each run (about 70 stand once its undos are applied) the
company's board position is kept. Each position's best run (``Game.best_run``: building the
route finder on the board as it stands, every route of every train, the best set sharing no
track) is then timed ``--repeat`` times; per run the median is kept; then the whole run form
(``run_template``: the best run, Heng Shan's other choice where the mine is laid, the picture of
the routes) the same way. Prints the worst and the median run, wall clock and CPU, and the
slowest five. Figures go to bench/README.md (target: worst < 200 ms).
"""
from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FIXTURE = ROOT.parent / "shared" / "fixtures" / "18xx-games" / "1888-N" / "128097.json"

from engine.importers import eighteen_xx_games  # noqa: E402


def positions() -> list[tuple[str, object, str]]:
    """(label, a copy of the rules at the run, company) for every run of the record."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    out = []

    def keep(rules, action):
        out.append((f"action {action.get('id')} {action['entity']} phase {rules.phase['name']}",
                    copy.deepcopy(rules), str(action["entity"])))
    rep = eighteen_xx_games.replay(data, on_run=keep)
    assert rep.ok, rep.error
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    runs = positions()
    for what, work in (("best run", lambda rules, corp: rules.best_run(corp)),
                       ("run form", lambda rules, corp: rules.run_template(corp))):
        wall, cpu = [], []
        for label, rules, corp in runs:
            w, c = [], []
            for _ in range(args.repeat):
                t0, p0 = time.perf_counter(), time.process_time()
                work(rules, corp)
                w.append((time.perf_counter() - t0) * 1000)
                c.append((time.process_time() - p0) * 1000)
            wall.append((statistics.median(w), label))
            cpu.append(statistics.median(c))
        print(f"{what}: runs {len(runs)} (each the median of {args.repeat})")
        print(f"  wall ms: worst {max(wall)[0]:.1f}, "
              f"median {statistics.median(w for w, _ in wall):.2f}")
        print(f"  cpu  ms: worst {max(cpu):.1f}, median {statistics.median(cpu):.2f}")
        for ms, label in sorted(wall, reverse=True)[:5]:
            print(f"    {ms:7.1f} ms  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
