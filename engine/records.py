"""Reading game records: our own format, and exports from other sites.

``replay(data)`` returns a :class:`engine.replay.Replay` whatever the record's origin, so
the CLI, the server's import and the tests treat every record alike. Nothing here reads a
file: the CLI and the server read it and give its text to ``loads``.
"""
from __future__ import annotations

import json

from engine.errors import GameError
from engine.game import RECORD_FORMAT, Game
from engine.replay import Replay


def loads(text: str | bytes) -> dict:
    """A record from its JSON text (a file's content, an upload); the caller reads the file."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise GameError("record_not_json", f"The record is not JSON: {exc}.") from exc


def replay(data: dict, checked: bool = False) -> Replay:
    """Replay a record; stops at the first action the engine refuses. ``checked``: each
    action goes through the door (``engine.door``: as the legal entries of its moment declare
    it) as a posted step does; without it the rules alone judge it (a record is replayed as
    recorded; a table's import posts each step through the door anyway)."""
    if not isinstance(data, dict):
        raise GameError("record_unknown", "A game record is a JSON object.")
    if data.get("format") == RECORD_FORMAT:
        return replay_own(data, checked)
    if "settings" in data and "actions" in data and "players" in data:
        from engine.importers import eighteen_xx_games
        return eighteen_xx_games.replay(data, checked)
    raise GameError("record_unknown",
                    f"Not a game record this engine reads (expected format {RECORD_FORMAT!r} "
                    "or an 18xx.games export).")


def replay_own(data: dict, checked: bool = False) -> Replay:
    game = Game(data["title"], data["players"], data.get("seed", 0), data.get("options"))
    ids = {p["id"]: p["id"] for p in game.players}
    for index, action in enumerate(data.get("actions", [])):
        try:
            game.process(action, checked=checked)
        except GameError as err:
            return Replay(game, index, ids, index, action, err)
    return Replay(game, len(data.get("actions", [])), ids)
