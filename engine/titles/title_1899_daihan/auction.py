"""The private auction (rulebook §5-2): one private at a time, in the order laid out at
set-up (ascending face value, the four ₩50 ones shuffled, Seoul Tram last).

The starting player (the priority deal at first, then the last winner) opens; in turn,
clockwise, a player bids the face value (or ₩5 steps above the last bid) or passes, and a
pass drops that player from this private. The last bidder left wins it and starts the next
one. If nobody bids, its price falls by ₩5 and the auction restarts with the starting
player; at ₩0 the starting player takes it. The winner of the last private takes the
priority deal.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry
from engine.core18xx.steps.base import Step
from engine.errors import GameError


class PrivateAuction(Step):
    """The auction round's step in place of the core's ``WaterfallAuction``."""
    ACTIONS = ("bid", "pass")
    POSTS = {"bid": {"company": "company", "price": "money"}}
    AUCTION = True

    def start(self, g):
        self.queue = list(g.auction_order)    # privates still to sell, first up first
        self.starter = 0                      # index into g.order of the starting player
        self.index = 0                        # who acts now (index into g.order)
        self.high: tuple[str, int] | None = None
        self.out: set[str] = set()            # players who passed on this private
        self.last_winner: str | None = None

    @property
    def company(self) -> str | None:
        return self.queue[0] if self.queue else None

    def price(self, g) -> int:
        return g.company_min_price(self.company)

    def min_bid(self, g) -> int:
        return self.price(g) if self.high is None else self.high[1] + g.BID_STEP

    def may_act(self, g, entity):
        return entity in self.turn_acting(g)

    def turn_acting(self, g) -> list[str]:
        """Who bids now (the round's turn)."""
        return [] if self.round.finished else [g.order[self.index]]

    # -- actions ---------------------------------------------------------------------------
    def refuse_other(self, g, action):
        kind = action["type"]
        raise GameError("not_auction_action", f"In the private auction you may bid or pass, "
                        f"not {kind!r}.", type=kind)

    def process_bid(self, g, action):
        player = action["entity"]
        company, price = action.get("company"), action.get("price")
        if company != self.company:
            raise GameError("not_for_sale", f"{g.cname(self.company)} is up for auction now, "
                            f"not {company!r}.", company=company, up=self.company)
        if not isinstance(price, int) or isinstance(price, bool):
            raise GameError("bad_price", "A bid is a whole number of won.", price=price)
        lo = self.min_bid(g)
        if price < lo:
            raise GameError("bid_too_low", f"The lowest bid for {g.cname(company)} is "
                            f"{g.money(lo)} (the face value, or ₩5 above the last bid).",
                            min=lo, price=price, company=company)
        if (price - lo) % g.BID_STEP:
            raise GameError("bid_step", f"Bids go up in steps of {g.money(g.BID_STEP)}: "
                            f"{g.money(lo)}, {g.money(lo + g.BID_STEP)}, ...",
                            step=g.BID_STEP, min=lo, price=price)
        if price > g.ledger.of(player):
            raise GameError("bid_over_cash", f"{g.pname(player)} has "
                            f"{g.money(g.ledger.of(player))} and cannot bid {g.money(price)}.",
                            max=g.ledger.of(player), price=price)
        self.high = (player, price)
        g.emit("bid", f"{g.pname(player)} bids {g.money(price)} for {g.cname(company)}.",
               player=player, company=company, price=price)
        self._next(g)

    def process_pass(self, g, action):
        player = action["entity"]
        self.out.add(player)
        g.emit("auction_pass", f"{g.pname(player)} passes on {g.cname(self.company)}.",
               player=player, company=self.company)
        if self.high is None and len(self.out) == len(g.order):
            self._lower(g)
            return
        self._next(g)

    def _active(self, g) -> list[str]:
        return [p for p in g.order if p not in self.out]

    def _next(self, g):
        if self.high is not None and self._active(g) == [self.high[0]]:
            self._sold(g, *self.high)
            return
        n = len(g.order)
        for step in range(1, n + 1):
            i = (self.index + step) % n
            if g.order[i] not in self.out:
                self.index = i
                return

    def _lower(self, g):
        company = self.company
        g.companies[company]["discount"] += g.BID_STEP
        price = self.price(g)
        self.out.clear()
        self.index = self.starter
        g.emit("private_discounted", f"Nobody bids: {g.cname(company)} now costs "
               f"{g.money(price)}; the auction restarts with {g.pname(g.order[self.starter])}.",
               company=company, price=price, player=g.order[self.starter])
        if price <= 0:
            self._sold(g, g.order[self.starter], 0)

    def _sold(self, g, player, price):
        company = self.queue.pop(0)
        g.ledger.pay(player, "bank", price)
        g.give_company(company, player)
        g.emit("private_bought", f"{g.pname(player)} buys {g.cname(company)} for "
               f"{g.money(price)}.", f"Give {g.pname(player)} the {g.cname(company)} card.",
               player=player, company=company, price=price)
        g.after_private_won(company, player)
        self.last_winner = player
        self.high = None
        self.out.clear()
        self.starter = self.index = g.order.index(player)
        if not self.queue:
            self.round.finished = True

    # -- phones ----------------------------------------------------------------------------
    def legal(self, g) -> list[dict]:
        player = self.turn_acting(g)[0]
        out = []
        lo, hi = self.min_bid(g), g.ledger.of(player)
        if lo <= hi:
            hi = lo + (hi - lo) // g.BID_STEP * g.BID_STEP
            out.append(entry("bid", player, company=self.company,
                             params={"price": C.number("money", lo, hi, g.BID_STEP, lo)},
                             label=C.msg("act.bid", f"Bid on {self.company}",
                                         company=C.company(self.company)),
                             about=C.company(self.company)))
        out.append(entry("pass", player, label=C.msg(
            "act.auction_pass", f"Pass on {self.company}", company=C.company(self.company))))
        return out

    def view(self, g) -> dict:
        return {"company": self.company, "queue": list(self.queue),
                "price": self.price(g) if self.company else None,
                "high_bid": {"player": self.high[0], "price": self.high[1]} if self.high
                else None, "passed": sorted(self.out),
                "starter": g.order[self.starter] if self.queue else None}
