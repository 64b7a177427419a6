"""Buy trains (operating turn, after the dividend): ``buy_train`` {train, price, [exchange]}
from the bank, or {train, seller, price} from another company. Buying passes an empty run
and its dividend by for a company without trains."""
from __future__ import annotations

from engine.core18xx.steps.operating_step import OperatingStep


class BuyTrain(OperatingStep):
    ACTIONS = ("buy_train",)

    def process_buy_train(self, g, action):
        rnd = self.round
        corp = rnd.corp
        rnd.skip_to_trains(g, corp)
        g.buy_train(rnd, corp, action)
        rnd.bought = True

    def legal(self, g):
        rnd = self.round
        if not rnd.trains_reachable(g):
            return []
        return g.train_purchase_options(rnd, rnd.corp)
