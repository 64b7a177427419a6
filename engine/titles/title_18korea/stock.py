"""Stock round (RB §7): sell any and buy one, or sell any and auction a director's
certificate; pass tokens; certificate limits."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class StockMixin:
    def start_stock_round(self, order):
        """A stock round begins in ``order`` (``Korea18.next_round``)."""
        self.sharebook.seating = list(order)     # presidency ties: nearest in this round's order
        self.sr = {"order": list(order), "idx": 0, "passes": [], "sold": {p: [] for p in order},
                   "acted": False, "bought": False, "auction": None, "par": None,
                   "last": self.last_sr}
        first = order[0]
        extra = " This is the last stock round: no new companies may be started." if self.last_sr else ""
        self.emit("stock_round", f"Stock round begins; {self.pname(first)} acts first.{extra}",
                order=list(order), last=self.last_sr)

    def sr_current(self) -> str:
        return self.sr["order"][self.sr["idx"]]

    def sr_over(self) -> bool:
        """RB §7: the stock round ends once every player has passed in turn."""
        return len(self.sr["passes"]) == self.n

    def sr_acting(self) -> list[str]:
        if self.sr["par"]:
            return [self.sr["par"]["winner"]]
        if self.sr["auction"]:
            return [self.sr["auction"]["to_act"]]
        return [self.sr_current()]

    def auctionable(self) -> list[str]:
        if self.sr.get("last"):
            return []
        out = []
        for sym, comp in self.companies.items():
            if comp.founded or comp.closed:
                continue
            if self.war != "done" and comp.row in ("north_pre", "south_pre"):
                out.append(sym)
            elif self.war == "done" and comp.row in ("south_pre", "south_post"):
                out.append(sym)
        return out

    def par_choices(self) -> list[int]:
        return list(D.PAR_POST_WAR if self.war == "done" else D.PAR_PRE_WAR)

    def bid_cap(self, pid) -> int:
        """The highest bid ``pid`` may make, by the table's reading "bid_cap" (readings.OPTIONS).

        RB §7.3: "You cannot bid more than the sum of all your shares and cash"; "even if you
        don't have the cash to pay the winning bid, you can still pay by selling the stock";
        after winning, "you put in the company from your own personal money at twice the
        price".

        ``literal``: cash plus every share held at its current price (the director's
        certificate as two). A winner who then cannot pay is bankrupt (``_act_par_step``).
        ``sellable``: cash plus what every share the bidder could sell would fetch (RB §7.1: a
        director's own sales are paid after the drop; the director's certificate only when
        another holds 20%; the bank holds at most 50%), less twice the lowest par (60), which
        the winner must still pay: a winner can always found the company.
        """
        if self.reading("bid_cap") == "literal":
            cap = self.cash[pid] + sum(self.units(sym, pid) * self.price(sym)
                                       for sym in self.sharebook.held
                                       if sym in self.price_idx and self.units(sym, pid))
        else:
            cap = self.raisable(pid) - self.lowest_par_payment()
        return cap - cap % D.BID_STEP if cap >= 0 else cap

    def lowest_par_payment(self) -> int:
        """RB §7.3: the winner puts twice the par into the company; the lowest par is 60."""
        return 2 * min(self.par_choices())

    def winner_cannot_pay(self, pid, bid) -> bool:
        """A winner who cannot pay the bid and twice the lowest par even after selling every
        share they may sell (only possible with the literal bid cap)."""
        return self.raisable(pid) < bid + self.lowest_par_payment()

    def _mark_acted(self, pid):
        sr = self.sr
        sr["acted"] = True
        if pid in sr["passes"]:
            sr["passes"].remove(pid)
            self.emit("pass_token_returned", f"{self.pname(pid)} acts: the pass token goes back.",
                    "Return the pass token to the waiting area; slide the others left.", player=pid)

    def _end_turn(self, check_limit=True):
        sr = self.sr
        pid = self.sr_current()
        if check_limit and self.certs(pid) > self.cert_limit() and self._can_sell_any(pid):
            err("over_cert_limit", f"{self.pname(pid)} holds {self.certs(pid)} certificates; the "
                f"limit is {self.cert_limit()}: sell before ending the turn.",
                certs=self.certs(pid), limit=self.cert_limit())
        sr["acted"] = False
        sr["bought"] = False
        if len(sr["passes"]) == self.n:
            order = list(sr["passes"])
            self.emit("stock_round_over", "Everyone passed: the stock round ends. Next stock "
                    f"round order: {', '.join(self.pname(p) for p in order)}.",
                    "Put the order tokens in the order of the pass tokens; return the pass tokens.",
                    order=order)
            self.next_sr_order = order
            return
        sr["idx"] = (sr["idx"] + 1) % self.n

    def _can_sell_any(self, pid) -> bool:
        return any(self.max_sellable(pid, s) for s in self.sharebook.held)

    # ---------------------------------------------------------------- actions (steps.py)
    def sr_turn_player(self, action) -> str:
        """The player whose turn it is, once the action is theirs."""
        pid = self.sr_current()
        entity = action.get("entity")
        if entity != pid:
            self.player(entity)
            err("out_of_turn", f"It is {self.pname(pid)}'s turn in the stock round.", acting=pid)
        return pid

    def _sr_sell(self, pid, action):
        self.sell(pid, self.company(action.get("company")).sym, action.get("count", 1))
        self.sr["sold"].setdefault(pid, []).append(action["company"])

    def _sr_pass(self, pid):
        sr = self.sr
        if sr["acted"]:
            err("already_acted", "You have acted this turn: end it with 'done'.")
        if pid not in sr["passes"]:
            sr["passes"].append(pid)
        self.emit("passed", f"{self.pname(pid)} passes.",
                f"Put {self.pname(pid)}'s pass token on the leftmost empty pass space.", player=pid)
        self._end_turn()

    def _sr_done(self, pid):
        if not self.sr["acted"]:
            err("nothing_done", "You have not acted this turn; to do nothing, pass.")
        self._end_turn()

    def _buy_share(self, pid, action):
        sr = self.sr
        if sr["bought"]:
            err("already_bought", "Only one share may be bought per turn.")
        comp = self.company(action.get("company"))
        sym = comp.sym
        if not comp.founded:
            err("not_founded", f"{sym} has not been founded: auction its director's certificate.")
        if sym in sr["sold"].get(pid, []):
            err("sold_this_round", f"{self.pname(pid)} sold {sym} this round and cannot buy it back.")
        source = action.get("source", "company")
        if source not in ("company", "bank"):
            err("bad_source", "Buy from 'company' (its dashboard) or 'bank' (the bank pool).")
        holder = "company" if source == "company" else "pool"
        if self.units(sym, holder) < 1:
            err("none_left", f"There is no share of {sym} in the {'company' if holder == 'company' else 'bank'}.")
        limit = D.COMPANY_BUY_LIMIT_UNITS[self.n]
        if source == "company" and self.units(sym, pid) + 1 > limit:
            err("holding_limit", f"{self.pname(pid)} holds {self.units(sym, pid) * 10}% of {sym}: no more "
                f"from the company beyond {limit * 10}% (the bank's shares may be bought).",
                limit=limit * 10)
        if self.certs(pid) + 1 > self.cert_limit():
            err("cert_limit", f"{self.pname(pid)} is at the certificate limit of {self.cert_limit()}.")
        price = self.price(sym)
        if self.cash[pid] < price:
            err("no_cash", f"{self.pname(pid)} has ₩{self.cash[pid]:,}; a share of {sym} costs ₩{price:,}.",
                price=price, cash=self.cash[pid])
        self.move_units(sym, holder, pid, 1)
        self.pay(pid, sym if source == "company" else "bank", price)
        sr["bought"] = True
        self._mark_acted(pid)
        self.emit("share_bought", f"{self.pname(pid)} bought 10% of {sym} from the "
                f"{'company' if source == 'company' else 'bank'} for ₩{price:,}.",
                f"Give {self.pname(pid)} a share of {sym} from the "
                f"{'company dashboard' if source == 'company' else 'bank'}.",
                player=pid, company=sym, price=price, source=source)
        if comp.director != pid and self.units(sym, pid) > self.units(sym, comp.director):
            self.check_director(sym)

    def _start_auction(self, pid, action):
        sr = self.sr
        if sr["bought"]:
            err("already_bought", "You bought a share this turn; no auction as well.")
        sym = action.get("company")
        comp = self.company(sym)
        if sym not in self.auctionable():
            if sr.get("last"):
                err("last_stock_round", "No new company may be started in the last stock round.")
            if comp.founded:
                err("already_founded", f"{sym} has already been founded.")
            if self.war == "done" and comp.row == "north_pre":
                err("north_after_war", f"{sym} is a North Korean company: after the Korean War it "
                    "can no longer be started.")
            err("post_war_company", f"{sym} is a post-war company: it may be started only after the "
                "Korean War.")
        bid = action.get("bid", 0)
        self._check_bid(pid, bid, -D.BID_STEP)
        if self.certs(pid) + 1 > self.cert_limit() and not self._can_sell_any(pid):
            err("cert_limit", f"{self.pname(pid)} is at the certificate limit.")
        self._mark_acted(pid)
        others = [p for p in self.order_from(pid)]
        sr["auction"] = {"company": sym, "starter": pid, "high": pid, "bid": bid,
                         "active": others + [pid], "to_act": None}
        self.emit("auction_started", f"{self.pname(pid)} auctions {sym}'s director's certificate, "
                f"opening at ₩{bid:,}.", company=sym, bid=bid, player=pid)
        self._auction_next(pid)

    def _check_bid(self, pid, bid, current):
        if bid < 0 or bid % D.BID_STEP:
            err("bad_bid", f"Bids are in steps of ₩{D.BID_STEP:,} from ₩0.", step=D.BID_STEP)
        if bid < current + D.BID_STEP:
            err("bid_too_low", f"The bid must be at least ₩{current + D.BID_STEP:,}.",
                min=current + D.BID_STEP)
        if self.certs(pid) + 1 > self.cert_limit() and not self._can_sell_any(pid):
            err("cert_limit", f"{self.pname(pid)} is at the certificate limit and has nothing to sell: "
                "no bid.", limit=self.cert_limit())
        cap = self.bid_cap(pid)
        if bid > cap:
            if self.reading("bid_cap") == "literal":
                err("bid_over_means", f"{self.pname(pid)}'s cash and shares come to ₩{max(cap, 0):,}: "
                    f"no bid above that (RB §7.3).", max=max(cap, 0))
            keep = self.lowest_par_payment()
            err("bid_over_means", f"{self.pname(pid)} can raise at most ₩{cap + keep:,} "
                f"(cash and shares) and must keep ₩{keep:,} for the lowest par: "
                f"the bid may not exceed ₩{max(cap, 0):,}.", max=max(cap, 0))

    def _auction_next(self, last):
        a = self.sr["auction"]
        active = a["active"]
        if len(active) == 1:
            return self._auction_won()
        i = active.index(last) if last in active else -1
        for k in range(1, len(active) + 1):
            cand = active[(i + k) % len(active)]
            if cand != a["high"]:
                a["to_act"] = cand
                return

    def auction_bidder(self, action) -> str:
        a = self.sr["auction"]
        pid = a["to_act"]
        if action.get("entity") != pid:
            err("out_of_turn", f"The auction of {a['company']} waits for {self.pname(pid)}.", acting=pid)
        return pid

    def _auction_bid(self, pid, action):
        a = self.sr["auction"]
        amount = action.get("amount", action.get("bid"))
        self._check_bid(pid, amount, a["bid"])
        a["bid"], a["high"] = amount, pid
        self.emit("bid", f"{self.pname(pid)} bids ₩{amount:,} for {a['company']}.",
                player=pid, amount=amount, company=a["company"])
        self._auction_next(pid)

    def _auction_pass(self, pid):
        a = self.sr["auction"]
        idx = a["active"].index(pid)
        a["active"].remove(pid)
        self.emit("auction_pass", f"{self.pname(pid)} leaves the auction of {a['company']}.",
                player=pid, company=a["company"])
        prev = a["active"][(idx - 1) % len(a["active"])]
        self._auction_next(prev)

    def _auction_won(self):
        a = self.sr["auction"]
        self.sr["auction"] = None
        pid, sym = a["high"], a["company"]
        self.sr["par"] = {"winner": pid, "company": sym, "bid": a["bid"], "starter": a["starter"]}
        self.emit("auction_won", f"{self.pname(pid)} wins {sym}'s director's certificate for "
                f"₩{a['bid']:,}; now choose the par price (sell shares first if needed).",
                player=pid, company=sym, bid=a["bid"])

    def par_winner(self, action) -> str:
        p = self.sr["par"]
        pid, sym = p["winner"], p["company"]
        if action.get("entity") != pid:
            err("out_of_turn", f"{self.pname(pid)} must set {sym}'s par price.", acting=pid)
        return pid

    def _par_bankrupt(self, pid):
        p = self.sr["par"]
        sym = p["company"]
        # reading bid_cap "literal": the rulebook does not say what becomes of a winner who
        # cannot pay; its one rule for a player who cannot pay after selling is RB §9.8's
        need = p["bid"] + self.lowest_par_payment()
        if not self.winner_cannot_pay(pid, p["bid"]):
            err("not_bankrupt", f"{self.pname(pid)} can still raise the ₩{need:,} (bid and twice "
                "the lowest par) by selling shares.", short=need - self.cash[pid])
        self.emit("bankrupt", f"{self.pname(pid)} cannot pay the ₩{p['bid']:,} bid for {sym} and "
                f"twice the lowest par even after selling shares, and goes bankrupt: the game ends "
                "now (rulebook §9.8, §11 a).", player=pid, company=sym, bid=p["bid"])
        self.sr["par"] = None
        return self.finish("bankruptcy")

    def _par(self, pid, action):
        p = self.sr["par"]
        sym = p["company"]
        price = action.get("price")
        choices = self.par_choices()
        if price not in choices:
            if self.war != "done" and price in D.PAR_POST_WAR:
                err("par_pre_war", f"Before the Korean War the par price is 60–100, not {price}.",
                    choices=choices)
            err("bad_par", f"Par must be one of {choices}.", choices=choices)
        need = p["bid"] + 2 * price
        if self.cash[pid] < need:
            err("no_cash", f"{self.pname(pid)} needs ₩{need:,} (bid ₩{p['bid']:,} + 2 × {price}) and has "
                f"₩{self.cash[pid]:,}: sell shares first or choose a lower par.", need=need)
        if self.certs(pid) + 1 > self.cert_limit():
            err("cert_limit", f"{self.pname(pid)} is at the certificate limit: sell a certificate first.")
        comp = self.companies[sym]
        # RB §7.3 "the winner of the auction pays the winning bid to the bank"; summary §2.2
        # agrees ("pay the bank for the winning bid price") and adds that the director's
        # certificate itself is bought from the company: the 2 × par goes into the company
        # (RB §7.3 "you put in the company ... twice the price"). Reading "auction_payment".
        self.pay(pid, "bank", p["bid"])
        self.pay(pid, sym, 2 * price)
        self.move_units(sym, "company", pid, D.DIRECTOR_UNITS)
        comp.founded = True
        self.set_director(sym, pid)
        comp.par = price
        self.set_price_idx(sym, D.MARKET.index(price))
        cube = "red" if comp.row != "south_post" else "blue"
        self.emit("company_founded", f"{self.pname(pid)} founds {sym} ({comp.name}) at par {price}: "
                f"pays ₩{p['bid']:,} to the bank and ₩{2 * price:,} into {sym}.",
                f"Give {self.pname(pid)} {sym}'s dashboard and director's certificate; put {sym}'s token "
                f"at {price} on the stock track (rightmost) and on the revenue track; move the {cube} cube "
                f"from {comp.home_city} to the dashboard; the 10% shares go on the dashboard.",
                company=sym, player=pid, par=price, bid=p["bid"], to_company=2 * price)
        self.sr["par"] = None
        # RB §7.3: the turn of the player who started the auction is over.
        self.sr["idx"] = self.sr["order"].index(p["starter"])
        self._end_turn(check_limit=False)

    def auction_cash(self, pid) -> dict:
        """A bidder's cash not committed to the auction (the high bid is), with what is
        committed: the bid form and the book's open bids show it."""
        a = self.sr["auction"]
        committed = a["bid"] if a and a["high"] == pid else 0
        note = C.msg("auction.committed", f"₩{committed:,} committed in bids",
                     amount=committed) if committed else None
        return {"label": C.msg("field.free_cash", "Free cash"),
                "value": C.value("money", self.cash[pid] - committed, note=note)}

    # ---------------------------------------------------------------- legal (steps.py)
    def _sell_templates(self, pid) -> list[dict]:
        acts = []
        for sym in self.sharebook.held:
            most = self.max_sellable(pid, sym)
            if most:
                acts.append(self.sale_entry(pid, sym, most))
        return acts

    def sale_entry(self, pid, sym, most, **fixed) -> dict:
        """Sell 1 to ``most`` shares of ``sym`` (``fixed``: an emergency sale's ``short``)."""
        return entry("sell_shares", pid, company=sym, **fixed,
                     params={"count": self.sale_param(pid, sym, most)},
                     label=C.msg("act.sell_shares.plain", "Sell shares"), about=C.company(sym))

    def sale_param(self, pid, sym, most) -> dict:
        """How many shares to sell, 1 to ``most``, each choice saying the cash it brings and
        where the price goes (RB §7.1: a director's sale moves it a space a share, and the
        seller is paid the price after: ``sale_value``)."""
        now = self.price(sym)
        labels = {}
        for n in range(1, most + 1):
            amount = self.sale_value(pid, sym, n)
            after = amount // n
            labels[n] = C.msg("sell.choice.count" if after != now else "sell.choice.count_stays",
                              f"{n} × {sym}: ₩{amount:,} to you; " + (
                                  f"price ₩{now:,} → ₩{after:,}" if after != now
                                  else f"price stays ₩{now:,}"),
                              shares=n, company=sym, amount=amount, old_price=now, price=after)
        return C.choice("count", list(range(1, most + 1)), labels)
