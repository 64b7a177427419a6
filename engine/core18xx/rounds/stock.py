"""A stock round: in turn, each player sells any shares, then buys one.

Its steps are the game's ``STOCK_STEPS`` (the core's: ``DiscardTrain``, ``SellShares``,
``BuyShares`` (par or buy), ``StockPass``; titles add their own, e.g. 1888-N's Forbidden City
exchange). This round keeps the turn: who acts (``index`` into ``g.order``), who has passed,
what each player sold this round and what the current turn has done (``turn_actions``:
"sell", ...). The round ends when every player has passed in turn.
"""
from __future__ import annotations

from engine.core18xx.rounds import Round
from engine.errors import GameError


class StockRound(Round):
    name = "stock"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.index = 0
        self.passed: set[str] = set()
        self.sold: dict[str, set[str]] = {}      # player -> corporations sold this round
        self.turn_actions: list[str] = []        # "sell" / "buy" in the current turn
        self.finished = False
        self._skip_bankrupt(g)
        self.start_steps(g)

    def _skip_bankrupt(self, g):
        for _ in range(len(g.order)):
            if g.order[self.index] not in g.bankrupt:
                return
            self.index = (self.index + 1) % len(g.order)

    def turn_acting(self, g) -> list[str]:
        return [] if self.finished else [g.order[self.index]]

    def no_step(self, g, action):
        self.check_turn(g, action)
        raise GameError("bad_action_now", f"{action['type']!r} is not a stock round action.",
                        type=action["type"])

    def end_turn(self, g, acted: bool):
        player = g.order[self.index]
        if acted:
            self.passed.discard(player)
            g.last_to_act = player
        else:
            self.passed.add(player)
        self.turn_actions = []
        active = [p for p in g.order if p not in g.bankrupt]
        self.index = (self.index + 1) % len(g.order)
        self._skip_bankrupt(g)
        if all(p in self.passed for p in active):
            self.finished = True

    def view(self, g) -> dict:
        return {"passed": sorted(self.passed), "sold": {p: sorted(c) for p, c in self.sold.items()},
                "turn_actions": list(self.turn_actions)}
