"""Sell shares (stock round): ``sell_shares`` {corporation, percent}, any number in a turn,
before buying. A player over the certificate limit must sell before anything else: the step
then blocks the turn."""
from __future__ import annotations

from engine.core18xx.steps.stock_step import StockStep
from engine.errors import GameError


class SellShares(StockStep):
    ACTIONS = ("sell_shares",)

    def blocks(self, g):
        player = self.player(g)
        return player is not None and g.must_sell(player)

    def refuse(self, g, action):
        player = action["entity"]
        if not self.may_act(g, player):
            g.out_of_turn(player, self.round.acting(g))
        raise GameError("must_sell", f"{g.pname(player)} is over the certificate limit "
                        f"({g.cert_count(player)} of {g.cert_limit()}) and must sell first.",
                        certs=g.cert_count(player), limit=g.cert_limit())

    def process_sell_shares(self, g, action):
        rnd, player = self.round, action["entity"]
        if "buy" in rnd.turn_actions:
            raise GameError("sell_after_buy", "Shares are sold before buying, not after.")
        corp = g.corp_arg(action)
        g.sell_shares(player, corp, g.percent_arg(action, corp))
        rnd.sold.setdefault(player, set()).add(corp)
        rnd.turn_actions.append("sell")

    def legal(self, g):
        player = self.player(g)
        out = []
        for corp in g.corps:
            if corp in g.closed_corps:
                continue
            pcts = g.sellable_percents(player, corp)
            if pcts:
                out.append({"type": "sell_shares", "entity": player, "corporation": corp,
                            "params": {"percent": {"choices": pcts}}})
        return out
