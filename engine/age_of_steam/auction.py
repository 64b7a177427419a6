"""Phase 1, issuing shares, and phase 2, the turn-order auction.

Shares: each player in turn order issues any number (0 to end), $5 each, at most 15 in all
(A1, A3). The auction (A1 turn_order/helper.ts, A3): bids in turn order, each above the last
and at most the bidder's cash; the high bidder is not asked to outbid themself; a player who
drops out takes the last free place; the first to drop out pays nothing, first and second
place pay their bid in full, every other place pays half its bid rounded up (the table may
choose N1's reading, ``options``). The holder of
the Turn Order Pass may pass once without dropping out (not when only 2 bidders remain, A1).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import BANK, err, whole
from engine.age_of_steam.options import auction_payment  # noqa: F401 (tests use it here)


class AuctionMixin:
    # -- shares -----------------------------------------------------------------------------
    def issue_shares(self, p: str, action: dict) -> None:
        n = whole(action, "count", 0)
        room = D.MAX_SHARES - self.shares[p]
        if n > room:
            raise err("share_limit", f"At most {D.MAX_SHARES} shares in all: "
                      f"{self.pname(p)} has {self.shares[p]} and may issue {room} more.",
                      player=p, limit=D.MAX_SHARES, room=room)
        if n:
            self.shares[p] += n
            self.pay(BANK, p, n * D.SHARE_PRICE)
            self.emit("shares_issued", f"{self.pname(p)} issues {n} share(s) for "
                     f"${n * D.SHARE_PRICE}.", "Move the player's shares marker.",
                     player=p, count=n, amount=n * D.SHARE_PRICE, shares=self.shares[p])
        else:
            self.emit("no_shares", f"{self.pname(p)} issues no shares.", player=p)
        self.next_player()

    def shares_legal(self, p: str) -> list[dict]:
        """Each count the player may issue says what follows it: cash after the issue, the
        shares out, and the expenses paid at the end of each turn (shares + locomotive
        level, A1/A2)."""
        room = D.MAX_SHARES - self.shares[p]
        cash, shares, loco = self.cash[p], self.shares[p], self.loco[p]
        after = {n: C.msg("form.shares_after", f"{n}: cash ${cash + n * D.SHARE_PRICE}, "
                          f"{shares + n} shares out, expenses ${shares + n + loco} a turn",
                          count=n, cash=cash + n * D.SHARE_PRICE, shares=shares + n,
                          expenses=shares + n + loco) for n in range(room + 1)}
        return [{"type": "issue_shares", "entity": p,
                 "label": C.msg("form.issue_shares", "Issue shares ($5 each)"),
                 "params": {"count": C.choice("count", list(after), after, default=0,
                                              label=C.msg("form.count", "How many"))},
                 "show": [{"label": C.msg("col.shares", "Shares issued"),
                           "value": C.count(shares)},
                          {"label": C.msg("col.cash", "Cash"), "value": C.money(cash)},
                          {"label": C.msg("fact.expenses", "Expenses a turn (shares + "
                                          "locomotive)"),
                           "value": C.money(shares + loco)}]}]

    # -- the auction ------------------------------------------------------------------------
    def start_auction(self) -> None:
        bidders = self.active()
        self.auction = {"in": list(bidders), "dropped": [], "high": 0, "leader": None,
                        "bids": {p: 0 for p in bidders}, "pass_used": False,
                        "turn": bidders[0] if bidders else None}
        if len(bidders) <= 1:
            self.finish_auction()

    def bid(self, p: str, action: dict) -> None:
        a = self.auction
        amount = whole(action, "amount", 1)
        if amount <= a["high"]:
            raise err("bid_too_low", f"A bid must be above the high bid of ${a['high']}.",
                      high=a["high"], min=a["high"] + 1)
        if amount > self.cash[p]:
            raise err("bid_over_cash", f"{self.pname(p)} has ${self.cash[p]} and cannot bid "
                      f"${amount}.", player=p, amount=amount, cash=self.cash[p])
        a["high"], a["leader"], a["bids"][p] = amount, p, amount
        self.emit("bid", f"{self.pname(p)} bids ${amount}.", player=p, amount=amount)
        self.next_bidder(p)

    def drop_out(self, p: str, action: dict) -> None:
        a = self.auction
        a["in"].remove(p)
        a["dropped"].append(p)
        place = len(a["in"]) + 1
        self.emit("dropped_out", f"{self.pname(p)} drops out and takes place {place}.",
                 player=p, place=place)
        if len(a["in"]) == 1:
            self.finish_auction()
        else:
            self.next_bidder(p)

    def use_turn_order_pass(self, p: str, action: dict) -> None:
        a = self.auction
        if p != self.pass_holder or a["pass_used"]:
            raise err("no_turn_order_pass", f"{self.pname(p)} does not hold an unused Turn "
                      "Order Pass.", player=p)
        if len(a["in"]) <= 2:
            raise err("turn_order_pass_two", "The Turn Order Pass cannot be used when only "
                      "2 bidders remain.")
        a["pass_used"] = True
        self.emit("turn_order_pass_used", f"{self.pname(p)} passes with the Turn Order Pass.",
                 player=p)
        self.next_bidder(p)

    def next_bidder(self, p: str) -> None:
        a = self.auction
        n = len(self.order)
        start = self.order.index(p)
        for step in range(1, n + 1):
            q = self.order[(start + step) % n]
            if q in a["in"] and q != a["leader"]:
                a["turn"] = q
                return
        self.finish_auction()          # cannot happen while 2 remain; kept for safety

    def finish_auction(self) -> None:
        a = self.auction
        places = list(a["in"]) + list(reversed(a["dropped"]))
        payments = []
        for i, p in enumerate(places):
            amount = auction_payment(i, len(places), a["bids"][p],
                                     self.options.get("auction_payment", "half_rest"))
            if amount:
                self.pay(p, BANK, amount)
            payments.append(amount)
            self.emit("auction_place", f"{self.pname(p)} is {i + 1} in turn order and pays "
                     f"${amount}.", player=p, place=i + 1, amount=amount, bid=a["bids"][p])
        self.order = places + [p for p in self.order if p not in places]
        a["turn"] = None
        self.pass_holder = None
        self.emit("turn_order", "The new turn order is set.", "Set the turn-order discs: "
                 + ", ".join(self.pname(p) for p in places) + ".",
                 order=", ".join(self.pname(p) for p in places))
        self.begin("actions", self.active())

    def auction_legal(self, p: str) -> list[dict]:
        a = self.auction
        out = []
        if self.cash[p] > a["high"]:
            out.append({"type": "bid", "entity": p, "label": C.msg("form.bid", "Bid"),
                        "params": {"amount": C.number("money", a["high"] + 1, self.cash[p],
                                                      default=a["high"] + 1,
                                                      label=C.msg("form.amount", "Amount"))},
                        "show": [{"label": C.msg("fact.high_bid", "High bid"),
                                  "value": C.money(a["high"])}]})
        out.append({"type": "drop_out", "entity": p,
                    "label": C.msg("form.drop_out", f"Drop out (take place {len(a['in'])})",
                                   place=len(a["in"]))})
        if p == self.pass_holder and not a["pass_used"] and len(a["in"]) > 2:
            out.append({"type": "turn_order_pass", "entity": p,
                        "label": C.msg("form.turn_order_pass", "Pass with the Turn Order Pass")})
        return out
