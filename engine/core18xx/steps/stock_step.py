"""``StockStep``: a step of the stock round; the player whose turn it is is ``player(g)``."""
from __future__ import annotations

from engine.core18xx.steps.base import Step


class StockStep(Step):
    def player(self, g) -> str | None:
        acting = self.round.turn_acting(g)
        return acting[0] if acting else None
