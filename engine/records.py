"""Reading game records: our own format, and exports from other sites.

``replay(data)`` returns a :class:`Replay` whatever the record's origin, so the
CLI, the server's import and the tests treat every record alike.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.errors import GameError
from engine.game import RECORD_FORMAT, Game


@dataclass
class Replay:
    game: Game | None
    applied: int                           # actions of the record applied
    player_ids: dict[str, str] = field(default_factory=dict)  # our id -> the record's id
    failed_index: int | None = None        # index in the record's action list
    failed_action: dict | None = None
    error: GameError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def summary(self) -> dict:
        game = self.game
        result = game.result() if game else {}
        return {
            "title": game.spec.id if game else None,
            "actions": self.applied,
            "game_end_reason": game.game_end_reason if game else None,
            "result": dict(sorted(((self.player_ids.get(pid, pid), score)
                                   for pid, score in result.items()), key=_id_order)),
        }


def _id_order(item):
    """Player ids in numeric order when they are numbers (as 18xx.games lists results)."""
    pid = str(item[0])
    return (0, int(pid), "") if pid.isdigit() else (1, 0, pid)


def load_file(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise GameError("record_unreadable", f"Cannot read {path}: {exc.strerror}.") from exc
    except json.JSONDecodeError as exc:
        raise GameError("record_not_json", f"{path} is not JSON: {exc}.") from exc


def replay(data: dict) -> Replay:
    """Replay a record; stops at the first action the engine refuses."""
    if not isinstance(data, dict):
        raise GameError("record_unknown", "A game record is a JSON object.")
    if data.get("format") == RECORD_FORMAT:
        return replay_own(data)
    if "settings" in data and "actions" in data and "players" in data:
        from engine.importers import eighteen_xx_games
        return eighteen_xx_games.replay(data)
    raise GameError("record_unknown",
                    f"Not a game record this engine reads (expected format {RECORD_FORMAT!r} "
                    "or an 18xx.games export).")


def replay_own(data: dict) -> Replay:
    game = Game(data["title"], data["players"], data.get("seed", 0), data.get("options"))
    ids = {p["id"]: p["id"] for p in game.players}
    for index, action in enumerate(data.get("actions", [])):
        try:
            game.process(action)
        except GameError as err:
            return Replay(game, index, ids, index, action, err)
    return Replay(game, len(data.get("actions", [])), ids)
