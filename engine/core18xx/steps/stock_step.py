"""``StockStep``: a step of the stock round; the player whose turn it is is ``player(g)``."""
from __future__ import annotations

from engine.core18xx.steps.base import Step


class StockStep(Step):
    def player(self, g) -> str | None:
        rnd = self.round
        return None if rnd.finished else g.order[rnd.index]

    def may_act(self, g, entity):
        rnd = self.round
        return not rnd.finished and entity == g.order[rnd.index]
