"""Command line: ``python -m engine --help``."""
from __future__ import annotations

import argparse
import json
import sys

from engine import records, titles
from engine.errors import GameError


def cmd_titles(args) -> int:
    for spec in titles.TITLES.values():
        print(f"{spec.id}\t{spec.name}")
    return 0


def _replay(path: str, checked: bool = False):
    """Replay the record at ``path``; None (with the reason on stderr) when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return None
    try:
        return records.replay(records.loads(text), checked=checked)
    except GameError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return None


def cmd_replay(args) -> int:
    rep = _replay(args.path, args.check)
    if rep is None:
        return 1
    if not rep.ok:
        print(f"error: action {rep.failed_index} failed: {json.dumps(rep.failed_action)}",
              file=sys.stderr)
        print(f"reason [{rep.error.code}]: {rep.error.message}", file=sys.stderr)
    print(json.dumps(rep.summary()))
    return 0 if rep.ok else 1


def cmd_record(args) -> int:
    """Print a replayed record back in our own format (e.g. an import, converted)."""
    rep = _replay(args.path)
    if rep is None:
        return 1
    print(json.dumps(rep.game.record(), ensure_ascii=False))
    return 0 if rep.ok else 1


def cmd_routes(args) -> int:
    """Each run of an 18xx.games record on the mirrored board; last line a JSON summary."""
    from engine.importers.routes_audit import audit
    try:
        with open(args.path, encoding="utf-8") as f:
            data = records.loads(f.read())
        summary = audit(data)
    except OSError as exc:
        print(f"error: cannot read {args.path}: {exc.strerror}", file=sys.stderr)
        return 1
    except GameError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 1
    print(json.dumps(summary))
    ok = summary["replayed"] and summary["runs"] == summary["route_equal"] \
        == summary["best_at_least_recorded"]
    return 0 if ok else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="The rules engine of the 18xx table companion.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("titles", help="list the titles the engine knows: <id>\\t<name> per line")
    p.set_defaults(func=cmd_titles)
    p = sub.add_parser("replay", help="replay a game record (ours or an 18xx.games export); "
                                      "the last line printed is a JSON summary with the scores")
    p.add_argument("path")
    p.add_argument("--check", action="store_true",
                   help="hold each action to the door, as a posted step (engine/door.py)")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("record", help="replay a record and print it in this engine's own format")
    p.add_argument("path")
    p.set_defaults(func=cmd_record)
    p = sub.add_parser("routes", help="an 18xx.games record's runs on the mirrored board: per "
                                      "run the recorded revenue, the recorded route's revenue "
                                      "on the board and the best found; last line a JSON "
                                      "summary")
    p.add_argument("path")
    p.set_defaults(func=cmd_routes)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
