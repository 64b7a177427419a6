"""Buy a private company (operating turn, at any time): ``buy_company`` {company, price}
from a player, while the phase allows it (``company_purchase_options``)."""
from __future__ import annotations

from engine.core18xx.rounds.operating import DIVIDEND
from engine.core18xx.steps.operating_step import OperatingStep


class BuyCompany(OperatingStep):
    ACTIONS = ("buy_company",)

    def process_buy_company(self, g, action):
        g.corp_buy_company(self.round.corp, action.get("company"), action.get("price"))

    def legal(self, g):
        rnd = self.round
        if rnd.stage == DIVIDEND:
            return []
        return g.company_purchase_options(rnd.corp)
