"""The 1830-style waterfall auction of the private companies.

The cheapest private is bought outright at its price; bids on the others
wait until every cheaper one is sold, then a lone bid wins and two or more
bids are auctioned between those bidders (lowest bidder to act, in steps of
``MIN_BID_INCREMENT``). A full round of passes calls the title hook
``on_auction_all_passed``. Money committed to open bids cannot be bid again.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry, pass_entry
from engine.core18xx.steps.base import Step
from engine.errors import GameError


class WaterfallAuction(Step):
    ACTIONS = ("bid", "pass")
    POSTS = {"bid": {"company": "company", "price": "money"}}
    AUCTION = True

    def start(self, g):
        self.companies = sorted((c["sym"] for c in g.COMPANIES if g.companies[c["sym"]]["auction"]),
                                key=lambda s: (g.companies[s]["value"], s))
        self.bids: dict[str, list[tuple[str, int]]] = {}
        self.index = 0                # into g.order
        self.passed: set[str] = set()
        self.auctioning: str | None = None
        self.round.finished = not self.companies

    # -- who acts --------------------------------------------------------------------------
    def _auction_bids(self):
        if self.auctioning and len(self.bids.get(self.auctioning, [])) > 1:
            return self.bids[self.auctioning]
        return None

    def may_act(self, g, entity):
        return entity in self.turn_acting(g)

    def turn_acting(self, g) -> list[str]:
        """Who bids now (the round's turn)."""
        if self.round.finished:
            return []
        bids = self._auction_bids()
        if bids:
            return [min(bids, key=lambda b: b[1])[0]]
        return [g.order[self.index]]

    def min_bid(self, g, company: str) -> int:
        if self._may_purchase(company):
            return g.company_min_price(company)
        bids = self.bids.get(company, [])
        high = max((b[1] for b in bids), default=None)
        return (high if high is not None else g.company_min_price(company)) + g.MIN_BID_INCREMENT

    def _may_purchase(self, company: str) -> bool:
        return not self._auction_bids() and bool(self.companies) and company == self.companies[0]

    def committed(self, player: str) -> int:
        return sum(p for bids in self.bids.values() for (who, p) in bids if who == player)

    def max_bid(self, g, player: str, company: str) -> int:
        own = next((p for who, p in self.bids.get(company, []) if who == player), 0)
        return g.ledger.of(player) - self.committed(player) + own

    # -- actions ---------------------------------------------------------------------------
    def refuse_other(self, g, action):
        kind = action["type"]
        raise GameError("bad_action_now", f"In the private auction you may bid or pass, "
                        f"not {kind!r}.", type=kind)

    def process_bid(self, g, action):
        player = action["entity"]
        company = action.get("company")
        price = action.get("price")
        if company not in self.companies:
            raise GameError("not_for_sale", f"{company!r} is not up for auction.", company=company)
        if not isinstance(price, int) or isinstance(price, bool):
            raise GameError("bad_price", "A bid is a whole number.", price=price)
        auction = self._auction_bids()
        if auction and company != self.auctioning:
            raise GameError("auction_running",
                            f"{g.cname(self.auctioning)} is being auctioned: bid on it or pass.",
                            company=self.auctioning)
        self.passed.clear()          # a full round of passes is counted from the last bid
        if not auction and self._may_purchase(company):
            need = g.company_min_price(company)
            if price < need:
                raise GameError("bid_too_low", f"{g.cname(company)} costs {g.money(need)}.",
                                min=need, price=price)
            if price > need:
                raise GameError("buy_at_price", f"{g.cname(company)} is bought at its price, "
                                f"{g.money(need)}.", min=need, max=need, price=price)
            if price > self.max_bid(g, player, company):
                raise GameError("bid_over_cash",
                                f"{g.pname(player)} has "
                                f"{g.money(self.max_bid(g, player, company))} "
                                f"free and cannot pay {g.money(price)}.",
                                max=self.max_bid(g, player, company), price=price)
            self._buy(g, player, company, price)
            self._resolve(g)
            self._advance(g)
            return
        lo = self.min_bid(g, company)
        hi = self.max_bid(g, player, company)
        if price < lo:
            raise GameError("bid_too_low",
                            f"The minimum bid for {g.cname(company)} is {g.money(lo)}.",
                            min=lo, price=price, company=company)
        if price > hi:
            raise GameError("bid_over_cash",
                            f"{g.pname(player)} can bid at most {g.money(hi)} "
                            f"(cash less open bids), not {g.money(price)}.",
                            max=hi, price=price, company=company)
        if (price - lo) % g.MIN_BID_INCREMENT and g.BID_MULTIPLE_OF_INCREMENT:
            raise GameError("bid_step", f"Bids go up in steps of {g.money(g.MIN_BID_INCREMENT)}.",
                            step=g.MIN_BID_INCREMENT)
        bids = [b for b in self.bids.get(company, []) if b[0] != player]
        bids.append((player, price))
        self.bids[company] = bids
        g.emit("bid", f"{g.pname(player)} bids {g.money(price)} for {g.cname(company)}.",
               player=player, company=company, price=price)
        if not auction:
            self._advance(g)

    def process_pass(self, g, action):
        player = action["entity"]
        if self._auction_bids():
            company = self.auctioning
            self.bids[company] = [b for b in self.bids[company] if b[0] != player]
            g.emit("auction_pass", f"{g.pname(player)} passes on {g.cname(company)}.",
                   player=player, company=company)
            self._resolve(g)
            return
        self.passed.add(player)
        g.emit("pass", f"{g.pname(player)} passes.", player=player)
        if all(p in self.passed for p in g.order):
            self.passed.clear()
            g.on_auction_all_passed(self)   # this step: its lots, force_take
        self._advance(g)

    def _advance(self, g):
        self.index = (self.index + 1) % len(g.order)
        if not self.companies:
            self.round.finished = True

    def _buy(self, g, player, company, price):
        g.ledger.pay(player, "bank", price)
        g.give_company(company, player)
        self.companies.remove(company)
        self.bids.pop(company, None)
        g.emit("private_bought", f"{g.pname(player)} buys {g.cname(company)} for {g.money(price)}.",
               f"Give {g.pname(player)} the {g.cname(company)} card.",
               player=player, company=company, price=price)

    def _resolve(self, g):
        self.auctioning = None
        while self.companies:
            company = self.companies[0]
            bids = self.bids.get(company, [])
            if len(bids) == 1:
                who, price = bids[0]
                self._buy(g, who, company, price)
                continue
            if len(bids) > 1:
                self.auctioning = company
                g.emit("auction_started", f"{g.cname(company)} goes up for auction.",
                       company=company, bidders=[b[0] for b in bids])
            break
        if not self.companies:
            self.round.finished = True

    def force_take(self, g, company):
        """The next player must take ``company`` for nothing (its price fell to 0)."""
        self.index = (self.index + 1) % len(g.order)
        self._buy(g, g.order[self.index], company, 0)
        self._resolve(g)

    # -- phones ----------------------------------------------------------------------------
    def legal(self, g) -> list[dict]:
        player = self.turn_acting(g)[0]
        out = []
        step = g.MIN_BID_INCREMENT

        cash = [self.free_cash(g, player)]

        def bid(company, lo, hi, **extra):
            out.append(entry("bid", player, company=company, **extra,
                             params={"price": C.number("money", lo, hi, step, lo)},
                             label=C.msg("act.bid", f"Bid on {company}",
                                         company=C.company(company)),
                             about=C.company(company), show=cash))
        if self._auction_bids():
            c = self.auctioning
            lo, hi = self.min_bid(g, c), self.max_bid(g, player, c)
            if lo <= hi:
                bid(c, lo, hi)
            out.append(pass_entry(player))
            return out
        for c in self.companies:
            lo, hi = self.min_bid(g, c), self.max_bid(g, player, c)
            if lo <= hi:
                if self._may_purchase(c):
                    bid(c, lo, lo, buys=True)
                else:
                    bid(c, lo, hi)
        out.append(pass_entry(player))
        return out

    def free_cash(self, g, player: str) -> dict:
        """A player's cash not committed to open bids, with what is committed (a bid form and
        the book's open bids show it)."""
        committed = self.committed(player)
        note = C.msg("auction.committed", f"{g.money(committed)} committed in bids",
                     amount=committed) if committed else None
        return {"label": C.msg("field.free_cash", "Free cash"),
                "value": C.value("money", g.ledger.of(player) - committed, note=note)}

    def view(self, g) -> dict:
        return {"companies": list(self.companies),
                "bids": {c: [{"player": p, "price": v} for p, v in b]
                         for c, b in self.bids.items() if b},
                "auctioning": self.auctioning if self._auction_bids() else None}
