"""End the turn (operating turn, last): ``pass`` ends the company's turn, unless it has no
train and must buy one; the next company in market order operates."""
from __future__ import annotations

from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class EndTurn(OperatingStep):
    ACTIONS = ("pass",)

    def process_pass(self, g, action):
        rnd = self.round
        corp = rnd.corp
        rnd.skip_to_trains(g, corp)
        if g.must_buy_train(corp):
            raise GameError("must_buy_train", f"{corp} has no train and must buy one.",
                            corporation=corp)
        g.emit("turn_over", f"{corp} ends its turn.", corporation=corp)
        g.end_operating(corp)
        rnd.next_corp(g)

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.trains_reachable(g) and not g.must_buy_train(corp):
            return [{"type": "pass", "entity": corp, "params": {}}]
        return []
