"""A stock round: in turn, each player sells any shares, then buys one.

Actions: ``sell_shares`` {corporation, percent} (any number, before buying),
``par`` {corporation, price} and ``buy_shares`` {corporation, source: "ipo" |
"pool"} (one per turn; either ends the turn), ``pass`` (ends the turn; a
turn with only passes counts towards the round's end). The round ends when
every player has passed in turn. A player over the certificate limit (a
company left the red zone) must sell before anything else. The title hook
``stock_round_action`` takes
any other action type (e.g. 1888-N's Forbidden City exchange). No share may
be bought in the round after selling that company's shares.
"""
from __future__ import annotations

from engine.errors import GameError


class StockRound:
    name = "stock"

    def __init__(self, g):
        self.index = 0
        self.passed: set[str] = set()
        self.sold: dict[str, set[str]] = {}      # player -> corporations sold this round
        self.turn_actions: list[str] = []        # "sell" / "buy" in the current turn
        self.finished = False
        self._skip_bankrupt(g)

    def _skip_bankrupt(self, g):
        for _ in range(len(g.order)):
            if g.order[self.index] not in g.bankrupt:
                return
            self.index = (self.index + 1) % len(g.order)

    def acting(self, g) -> list[str]:
        return [] if self.finished else [g.order[self.index]]

    def apply(self, g, action):
        kind, player = action["type"], action["entity"]
        if player not in self.acting(g):
            g.out_of_turn(player, self.acting(g))
        if kind != "sell_shares" and g.must_sell(player):
            raise GameError("must_sell", f"{g.pname(player)} is over the certificate limit "
                            f"({g.cert_count(player)} of {g.cert_limit()}) and must sell first.",
                            certs=g.cert_count(player), limit=g.cert_limit())
        if kind == "sell_shares":
            if "buy" in self.turn_actions:
                raise GameError("sell_after_buy", "Shares are sold before buying, not after.")
            corp = g.corp_arg(action)
            g.sell_shares(player, corp, g.percent_arg(action, corp))
            self.sold.setdefault(player, set()).add(corp)
            self.turn_actions.append("sell")
        elif kind == "buy_shares":
            self._can_buy(g, player)
            corp = g.corp_arg(action)
            if corp in self.sold.get(player, ()):
                raise GameError("bought_after_sold",
                                f"{g.pname(player)} sold {corp} this round and may not "
                                "buy it back.",
                                corporation=corp)
            source = action.get("source", "ipo")
            g.buy_share(player, corp, source)
            self._end_turn(g, acted=True)
        elif kind == "par":
            self._can_buy(g, player)
            g.par(player, g.corp_arg(action), action.get("price"))
            self._end_turn(g, acted=True)
        elif kind == "pass":
            g.emit("pass", f"{g.pname(player)} {'is done' if self.turn_actions else 'passes'}.",
                   player=player)
            self._end_turn(g, acted=bool(self.turn_actions))
        else:
            if g.stock_round_action(self, player, action):
                self._end_turn(g, acted=True)

    def _can_buy(self, g, player):
        if "buy" in self.turn_actions:
            raise GameError("one_buy", "One purchase per turn.")

    def _end_turn(self, g, acted: bool):
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

    def legal(self, g) -> list[dict]:
        if self.finished:
            return []
        player = self.acting(g)[0]
        out = []
        for corp in g.corps:
            if corp in g.closed_corps:
                continue
            pcts = g.sellable_percents(player, corp)
            if pcts:
                out.append({"type": "sell_shares", "entity": player, "corporation": corp,
                            "params": {"percent": {"choices": pcts}}})
        if g.must_sell(player):
            return out
        if "buy" not in self.turn_actions:
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
                if corp in self.sold.get(player, ()):
                    continue
                sources = [s for s in ("ipo", "pool") if g.can_buy_share(player, corp, s)]
                if sources:
                    out.append({"type": "buy_shares", "entity": player, "corporation": corp,
                                "prices": {s: g.share_price_from(corp, s) for s in sources},
                                "params": {"source": {"choices": sources}}})
            out.extend(g.stock_round_legal(self, player))
        out.append({"type": "pass", "entity": player, "params": {}})
        return out

    def view(self, g) -> dict:
        return {"passed": sorted(self.passed), "sold": {p: sorted(c) for p, c in self.sold.items()},
                "turn_actions": list(self.turn_actions)}
