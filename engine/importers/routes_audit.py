"""``python -m engine routes RECORD.json``: an 18xx.games record's runs on the mirrored board.

The record is replayed with the board's checks on (every tile lay and station is checked on
the map); at each run, before our engine takes it, each recorded route is looked up among the
routes the board allows its train (the same stops: a record lists them out of running order) and its revenue there
compared with the recorded revenue, and the best run the company's trains could make is found
(``routes.RouteFinder.best``) and compared with the recorded total.
"""
from __future__ import annotations

import time

from engine.errors import GameError
from engine.importers import eighteen_xx_games


def _stops(route: dict) -> tuple | None:
    out = []
    for node in route.get("nodes") or []:
        name, _, i = str(node).rpartition("-")
        if not name or not i.isdigit():
            return None
        out.append((name, int(i)))
    return tuple(out)


def audit(data: dict, say=print) -> dict:
    stats = {"runs": 0, "route_equal": 0, "best_at_least_recorded": 0, "times": []}

    def on_run(rules, action):
        corp = str(action["entity"])
        started = time.perf_counter()
        finder = rules.route_finder(corp)
        if finder is None:
            raise GameError("no_map", "This title declares no map: its routes are not known.")
        trains = list(rules.corps[corp]["trains"])
        best, picks = finder.best([rules.train_distance(t) for t in trains])
        stats["times"].append((time.perf_counter() - started) * 1000)
        recorded = 0
        equal = True
        parts = []
        for r in action.get("routes") or []:
            rev = int(r.get("revenue", 0))
            recorded += rev
            stops = _stops(r)
            train = r.get("train")
            mirror = None
            if stops and train in trains:
                for cand in finder.routes(rules.train_distance(train)):
                    if set(cand.stops) == set(stops):
                        mirror = cand.revenue
                        break
            equal = equal and mirror == rev
            parts.append(f"{train} {'-'.join(r.get('hexes') or ())}: recorded {rev}, "
                         f"mirror {mirror if mirror is not None else 'not a route'}")
        stats["runs"] += 1
        stats["route_equal"] += equal
        stats["best_at_least_recorded"] += best >= recorded
        best_text = "; ".join(f"{t} {'-'.join(r.hexes())} {r.revenue}"
                              for t, r in zip(trains, picks) if r)
        say(f"action {action.get('id')} {corp} phase {rules.phase['name']}: recorded {recorded}, "
            f"best {best} ({best_text or 'no route'}) | " + " | ".join(parts)
            + ("" if equal else "  <- route differs") + ("" if best >= recorded else
                                                         "  <- best below recorded"))

    raw = data.get("actions") or []
    lays = sum(1 for a in eighteen_xx_games.filtered(raw)
               if a is not None and a.get("type") == "lay_tile")
    tokens = sum(1 for a in eighteen_xx_games.filtered(raw)
                 if a is not None and a.get("type") == "place_token")
    rep = eighteen_xx_games.replay(data, on_run=on_run)
    refused = 0
    if not rep.ok:
        kind = (rep.failed_action or {}).get("type")
        say(f"refused: action {(rep.failed_action or {}).get('id')} ({kind}): "
            f"[{rep.error.code}] {rep.error.message}")
        refused = 1
    recorded = {str(k): v for k, v in (data.get("result") or {}).items()}
    got = {str(k): v for k, v in rep.summary()["result"].items()}
    times = stats.pop("times")
    return {**stats, "lays": lays, "lays_refused": refused if kind_is(rep, "lay_tile") else 0,
            "tokens": tokens, "tokens_refused": refused if kind_is(rep, "place_token") else 0,
            "replayed": rep.ok, "scores_equal": bool(recorded) and recorded == got,
            "ms_worst": round(max(times), 1) if times else 0,
            "ms_median": round(sorted(times)[len(times) // 2], 1) if times else 0}


def kind_is(rep, kind: str) -> bool:
    return not rep.ok and (rep.failed_action or {}).get("type") == kind
