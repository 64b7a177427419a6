"""Pass (stock round): ``pass`` ends the turn; a turn with only a pass counts towards the
round's end (every player passed in turn)."""
from __future__ import annotations

from engine.core18xx.steps.stock_step import StockStep


class StockPass(StockStep):
    ACTIONS = ("pass",)

    def process_pass(self, g, action):
        player, rnd = action["entity"], self.round
        g.emit("pass", f"{g.pname(player)} {'is done' if rnd.turn_actions else 'passes'}.",
               player=player)
        rnd.end_turn(g, acted=bool(rnd.turn_actions))

    def legal(self, g):
        return [{"type": "pass", "entity": self.player(g), "params": {}}]
