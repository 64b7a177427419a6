"""The outcome of replaying a record (``engine.records.replay``, ``engine.importers``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import GameError
from engine.game import Game


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
