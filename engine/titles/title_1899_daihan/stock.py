"""Set-up and the stock round's departures from the core (rulebook §3, §6).

- seating and the priority deal are random (§3-N);
- shares bought in this stock round are not sold in it (§6-3-1), a company sold this round
  is not bought back (§6-1-3, the core's rule);
- Park Ki-jong's exchange for a Buha / Yeongnam IPO share, a pre-action of its owner's turn
  (§10-F);
- a forced sale for a train that still could not buy it is refused: the president declares
  bankruptcy instead, "the selling will be cancelled" (§7-7-6).
"""
from __future__ import annotations

import random

from engine import contract as C
from engine.core18xx.entries import entry
from engine.core18xx.shares import IPO
from engine.core18xx.steps.base import StockStep
from engine.errors import GameError
from engine.titles.title_1899_daihan import data as D


class StockMixin:
    def setup_table(self) -> None:
        rng = random.Random(self.seed)
        rng.shuffle(self.order)                       # §3-N: players seat in random order
        first = rng.randrange(len(self.order))        # §3-N: a random priority holder
        self.order = self.order[first:] + self.order[:first]
        self.shares.seating = list(self.order)
        self.sr_bought: dict[str, dict[str, int]] = {}
        self.sr_bought_turn = 0

    # -- shares bought this stock round ----------------------------------------------------
    def _bought(self) -> dict[str, dict[str, int]]:
        if self.sr_bought_turn != self.turn:
            self.sr_bought, self.sr_bought_turn = {}, self.turn
        return self.sr_bought

    def _note_bought(self, player: str, corp: str, pct: int) -> None:
        if self.round.name == "stock":
            row = self._bought().setdefault(player, {})
            row[corp] = row.get(corp, 0) + pct

    def bought_this_round(self, player: str, corp: str) -> int:
        if self.round.name != "stock":
            return 0
        return self._bought().get(player, {}).get(corp, 0)

    def buy_share(self, player, corp, source):
        super().buy_share(player, corp, source)
        self._note_bought(player, corp, self.shares.share_percent[corp])

    def par(self, player, corp, price):
        super().par(player, corp, price)
        n = D.STATIONS_BY_PAR[price]              # §6-2: the stations its par allows
        self.corp_spec[corp]["tokens"] = [0] + [D.STATION_COST] * (n - 1)
        self._note_bought(player, corp, self.shares.president_percent[corp])

    def check_sell(self, player, corp, pct, emergency_need=0):
        super().check_sell(player, corp, pct, emergency_need)
        fresh = self.bought_this_round(player, corp)
        if fresh and pct > self.shares.percent(corp, player) - fresh:
            raise GameError("sold_bought_this_round", f"{self.pname(player)} bought "
                            f"{fresh}% of {corp} in this stock round; only shares held from "
                            "an earlier round may be sold now.", corporation=corp,
                            bought=fresh, percent=pct)
        if emergency_need and self.round.name == "operating" and not self._counting \
                and self.can_go_bankrupt(self.round, self.round.corp):
            raise GameError("sale_cannot_cover", "Selling every share allowed would still not "
                            "pay for the train: the president goes bankrupt instead (the "
                            "selling is cancelled).", need=emergency_need)

    _counting = False

    def liquidity(self, player):
        self._counting = True
        try:
            return super().liquidity(player)
        finally:
            self._counting = False


class ParkExchange(StockStep):
    """Park Ki-jong's exchange for a Buha / Yeongnam IPO share (§10-F): ``exchange``
    {company, corporation}, at the start of its owner's turn; the turn goes on."""
    ACTIONS = ("exchange",)
    POSTS = {"exchange": {"company": "company", "corporation": "company"}}

    def process_exchange(self, g, action):
        player, rnd = action["entity"], self.round
        park = g.companies[D.PARK]
        if action.get("company") != D.PARK or park["closed"] or park["owner"] != player:
            raise GameError("no_exchange", f"{g.pname(player)} holds no Park Ki-jong "
                            "to exchange.", player=player)
        if rnd.turn_actions:
            raise GameError("exchange_first", "Park Ki-jong is exchanged at the start of a "
                            "turn, before selling or buying.")
        corp = g.corp_arg(action)
        if corp not in D.PARK_SHARES:
            raise GameError("park_share", "Park Ki-jong exchanges for a Buha Railroad or "
                            "Yeongnam Railway share only.", corporation=corp,
                            allowed=list(D.PARK_SHARES))
        if g.corps[corp]["par"] is None:
            raise GameError("not_parred", f"{corp} has no par price yet: its president's "
                            "certificate must be bought first.", corporation=corp)
        if g.shares.percent(corp, IPO) < g.shares.share_percent[corp]:
            raise GameError("no_share", f"There is no {corp} share in the IPO.",
                            corporation=corp, source=IPO)
        g.close_company(D.PARK)
        g.shares.move(corp, IPO, player, g.shares.share_percent[corp])
        g.emit("park_exchanged", f"{g.pname(player)} exchanges Park Ki-jong for a "
                  f"{corp} IPO share.", f"Remove the Park Ki-jong card; give "
                  f"{g.pname(player)} a {corp} share from the IPO.",
                  player=player, corporation=corp)
        g.after_share_change(corp)
        rnd.turn_actions.append("exchange")

    def legal(self, g):
        player, rnd = self.player(g), self.round
        park = g.companies[D.PARK]
        if park["closed"] or park["owner"] != player or rnd.turn_actions:
            return []
        corps = [c for c in D.PARK_SHARES if g.corps[c]["par"] is not None
                 and g.shares.percent(c, IPO) >= g.shares.share_percent[c]]
        if not corps:
            return []
        return [entry("exchange", player, company=D.PARK, about=C.company(D.PARK),
                      label=C.msg("act.park_exchange", "Exchange Park Ki-jong for an IPO share"),
                      params={"corporation": C.choice("company", corps)})]
