"""Buy a share or start a company (stock round): ``par`` {corporation, price} or
``buy_shares`` {corporation, source: "ipo" | "pool"}; one per turn, and either ends the turn.
No share may be bought in the round after selling that company's shares."""
from __future__ import annotations

from engine.core18xx.steps.stock_step import StockStep
from engine.errors import GameError


class BuyShares(StockStep):
    ACTIONS = ("buy_shares", "par")

    def _can_buy(self, g, player):
        if "buy" in self.round.turn_actions:
            raise GameError("one_buy", "One purchase per turn.")

    def process_buy_shares(self, g, action):
        player = action["entity"]
        self._can_buy(g, player)
        corp = g.corp_arg(action)
        if corp in self.round.sold.get(player, ()):
            raise GameError("bought_after_sold",
                            f"{g.pname(player)} sold {corp} this round and may not "
                            "buy it back.",
                            corporation=corp)
        source = action.get("source", "ipo")
        g.buy_share(player, corp, source)
        self.round.end_turn(g, acted=True)

    def process_par(self, g, action):
        player = action["entity"]
        self._can_buy(g, player)
        g.par(player, g.corp_arg(action), action.get("price"))
        self.round.end_turn(g, acted=True)

    def legal(self, g):
        rnd = self.round
        if "buy" in rnd.turn_actions:
            return []
        player = self.player(g)
        out = []
        cash = g.ledger.of(player)
        for corp in g.corps:
            if g.corps[corp]["par"] is None:
                if corp not in g.closed_corps and g.can_par(corp):
                    prices = [p for p in g.market.par_prices()
                              if p * g.shares.president_percent[corp] // 10 <= cash]
                    if prices and g.cert_room(player, corp):
                        out.append({"type": "par", "entity": player, "corporation": corp,
                                    "params": {"price": {"choices": prices}}})
                continue
            if corp in rnd.sold.get(player, ()):
                continue
            sources = [s for s in ("ipo", "pool") if g.can_buy_share(player, corp, s)]
            if sources:
                out.append({"type": "buy_shares", "entity": player, "corporation": corp,
                            "prices": {s: g.share_price_from(corp, s) for s in sources},
                            "params": {"source": {"choices": sources}}})
        return out
