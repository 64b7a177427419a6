"""The forced train purchase (operating turn): a company with no train must buy one. If its
treasury and its president's cash together cannot pay for the cheapest train in the depot,
the president sells shares (``sell_shares`` {corporation, percent}, posted by the president)
for the rest, or, when even that cannot pay for it, declares ``bankrupt``."""
from __future__ import annotations

from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class EmergencyMoney(OperatingStep):
    ACTIONS = ("sell_shares", "bankrupt")

    def may_act(self, g, entity):
        corp = self.round.corp
        return entity == corp or entity == g.shares.president.get(corp)

    def process_sell_shares(self, g, action):
        rnd = self.round
        corp = rnd.corp
        player = action["entity"]
        need = g.emergency_need(rnd, corp)
        if need <= 0:
            raise GameError("no_emergency", f"{g.pname(player)} may sell shares in an operating "
                            f"round only to raise money for {corp}'s forced train purchase.",
                            corporation=corp)
        rnd.skip_to_trains(g, corp)
        target = g.corp_arg(action)
        g.sell_shares(player, target, g.percent_arg(action, target), emergency_need=need)
        rnd.recalculate_order(g)

    def process_bankrupt(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if not g.can_go_bankrupt(rnd, corp):
            g.declare_bankrupt(rnd, corp)      # refuses, saying why
        rnd.skip_to_trains(g, corp)
        g.declare_bankrupt(rnd, corp)

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if not rnd.trains_reachable(g):
            return []
        need = g.emergency_need(rnd, corp)
        president = g.shares.president.get(corp)
        out = []
        if need > 0 and president:
            for other in g.corps:
                if other in g.market.pos:
                    pcts = g.sellable_percents(president, other, emergency_need=need)
                    if pcts:
                        out.append({"type": "sell_shares", "entity": president,
                                    "corporation": other, "need": need,
                                    "params": {"percent": {"choices": pcts}}})
            if g.can_go_bankrupt(rnd, corp):
                out.append({"type": "bankrupt", "entity": corp, "params": {}})
        return out
