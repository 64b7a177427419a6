"""Operating rounds (RB §9): home station, track points, stations, revenue with the
express rule, dividends, train purchases, forced purchase and bankruptcy."""
from __future__ import annotations

from engine.core18xx.share_trading import sells_more_than_needed
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


def express_total(trains: list[str], revenues: list[int]) -> tuple[int, str]:
    """RB §9.5: with two or more E trains, they all earn the lowest E train's revenue."""
    plain = [r for t, r in zip(trains, revenues) if t not in D.EXPRESS]
    express = [r for t, r in zip(trains, revenues) if t in D.EXPRESS]
    if len(express) >= 2:
        low = min(express)
        return sum(plain) + low * len(express), f"express rule: {len(express)} × {low}"
    return sum(plain) + sum(express), ""


class OperatingMixin:
    # ---------------------------------------------------------------- flow
    def start_operating_set(self):
        self.set_no += 1
        if self.eight_e_set is not None and self.last_sr:
            self.final_set = True
            self.emit("final_set", "Final set of operating rounds: no track, no stations, no trades "
                    "between companies; trains only from the market.")
        self.or_no = 0
        self.start_or()

    def start_or(self):
        """An operating round begins (``Korea18.next_round``)."""
        self.or_no += 1
        self.or_total += 1
        self.ors = {"done": [], "turn": None}
        self.emit("operating_round", f"Operating round {self.set_no}.{self.or_no} begins.",
                "Move the round token to OR " + str(self.or_no) + ".", set=self.set_no, round=self.or_no)
        self.next_company()

    def operating_order(self) -> list[str]:
        todo = [c.sym for c in self.live_companies() if c.sym not in self.ors["done"]]
        return sorted(todo, key=self.operating_key)

    def next_company(self):
        if self.finished:
            return
        order = self.operating_order()
        if not order:
            return                    # every company has operated: the round is over
        sym = order[0]
        comp = self.companies[sym]
        # the turn's facts, from which its steps say whether they are done (steps.py)
        self.ors["turn"] = {"company": sym, "home": False, "tp": 0 if self.final_set else 3,
                            "built": [], "station": False, "revenue": None, "paid": False}
        self.emit("company_turn", f"{sym} operates (director {self.pname(comp.director)}).",
                company=sym, director=comp.director)
        if not comp.home_placed:
            self.place_home(comp)

    def current_company(self):
        """The company whose turn it is in the operating round (none between the rounds)."""
        turn = self.ors.get("turn")
        if not turn:
            return None
        if "step" in turn:
            old_turn(turn)
        return self.companies[turn["company"]]

    def turn_step(self) -> str | None:
        """Where the operating company's turn stands: the ``NAME`` of its first step that is
        not done (home, track, station, run, dividend, trains), for the view and the book."""
        if self.current_company() is None:
            return None
        return next(s.NAME for s in self.current_round.steps
                    if getattr(s, "NAME", "") and not s.done(self))

    def end_or(self):
        """What happens at the end of every operating round (``Korea18.next_round``): the
        tokens face up, the 2-trains leave after the first (RB §8), the war revealed in it
        (RB §10), and the end triggered in it (RB §11)."""
        self.flipped.clear()
        self.emit("operating_round_over", f"Operating round {self.set_no}.{self.or_no} is over.",
                "Turn all tokens on the stock track face up.")
        if self.or_total == 1 and self.depot["2"] is None:
            self.depot["2"] = 0
            self.emit("twos_removed", "End of the first operating round: the 2-trains leave the train "
                    "market; 3-trains are on sale now.", "Remove the 2-trains from the train market.")
            self.update_era()
        if self.war == "revealed":
            self.resolve_war()
        if self.end_after_or:
            self.finish(self.end_after_or)

    def end_set(self):
        """After a set's last operating round (RB §8 export, §10 the war, §11 c the last stock
        round once the first 8E-train is sold): the next stock round's order."""
        self.export()
        if self.war == "revealed":
            self.resolve_war()
        if self.eight_e_set is not None and not self.last_sr:
            self.last_sr = True
        return getattr(self, "next_sr_order", None) or list(self.seating)

    # ---------------------------------------------------------------- actions
    # (each is called by its step, ``steps.py``, once the turn is at that step)
    def _run(self, comp, turn, action):
        revs = action.get("revenues", [])      # the door: whole numbers in the run form's range
        if len(revs) != len(comp.trains):
            err("bad_revenues", f"{comp.sym} has {len(comp.trains)} train(s) "
                f"({', '.join(comp.trains) or 'none'}): enter one revenue per train.",
                trains=list(comp.trains))
        total, note = express_total(comp.trains, revs)
        turn["revenue"] = total
        comp.last_revenue = total
        parts = ", ".join(f"{t}: {r}" for t, r in zip(comp.trains, revs))
        self.emit("revenue", f"{comp.sym} runs for {total}" + (f" ({parts}; {note})" if note else
                (f" ({parts})" if parts else "")) + ".",
                f"Put {comp.sym}'s revenue token on {total}.", company=comp.sym, revenue=total,
                trains=list(comp.trains), revenues=revs)

    def _no_train_run(self, comp, turn):
        """RB §9.5 "if the company has a train, it uses the train": a company without one
        earns nothing, so it is not asked to run: its revenue is 0 and the dividend or hold
        (§9.6) follows (reading "no_train_run")."""
        turn["revenue"] = 0
        comp.last_revenue = 0
        self.emit("no_train_run", f"{comp.sym} has no train to run: its revenue is ₩0.",
                  f"Put {comp.sym}'s revenue token on 0.", company=comp.sym, revenue=0)

    def _dividend(self, comp, turn, action):
        if not comp.trains and turn["revenue"] is None:
            if action.get("kind") not in ("payout", "withhold"):
                err("bad_dividend", "Choose 'payout' or 'withhold'.")
            self._no_train_run(comp, turn)
        kind = action.get("kind")
        total = turn["revenue"]
        sym = comp.sym
        if kind == "payout":
            per = total // 10
            paid = []
            for holder, units in list(self.shares[sym].items()):
                amount = per * units
                if not amount or holder == "pool":
                    continue
                if holder == "company":
                    self.pay("bank", sym, amount)
                    paid.append(f"{sym} ₩{amount:,}")
                else:
                    self.pay("bank", holder, amount)
                    paid.append(f"{self.pname(holder)} ₩{amount:,}")
            self.emit("dividend", f"{sym} pays out ₩{total:,} (₩{per:,} a share): {', '.join(paid) or 'nobody'}.",
                    company=sym, revenue=total, per_share=per)
            price = self.price(sym)
            if total >= 2 * price:
                self.move_price(sym, 2, f"revenue {total} ≥ twice the price")
            elif total >= price:
                self.move_price(sym, 1, f"revenue {total} ≥ the price")
            else:
                self.flipped.add(sym)
                self.emit("token_flipped", f"{sym}'s revenue {total} is below its price {price}: the price "
                        "stays.", f"Flip {sym}'s stock token face down in its place.", company=sym)
        elif kind == "withhold":
            self.pay("bank", sym, total)
            self.emit("withheld", f"{sym} withholds {total}; it goes into the company.", company=sym,
                    revenue=total)
            self.flipped.add(sym)
            self.move_price(sym, -1, "withheld")
        else:
            err("bad_dividend", "Choose 'payout' or 'withhold'.")
        turn["paid"] = True
        self.oa01_check(comp)

    # trains -----------------------------------------------------------
    def _buy_train(self, comp, turn, action):
        source = action.get("source", "market")
        if len(comp.trains) >= self.train_limit:
            err("train_limit", f"{comp.sym} already owns {len(comp.trains)} trains, the limit in this era.",
                limit=self.train_limit)
        if source == "market":
            head = self.market_head()
            want = str(action.get("train", head))
            if want != head:
                if want == "2" and self.or_total > 1:
                    err("no_2_trains", "2-trains are sold only in the first operating round.")
                err("not_available", f"Only the cheapest train in the market may be bought: a {head}-train.",
                    available=head)
            price = self.train_price(comp, head)
            # RB §9.8, as the core's forced purchase: the company pays all it has, its director
            # the rest (straight to the bank: the core passes it through the treasury)
            forced = not comp.trains and comp.cash < price
            if forced:
                director = comp.director
                short = price - comp.cash
                if self.cash[director] < short:
                    err("sell_first", f"{comp.sym} must buy a {head}-train (₩{price:,}): it has ₩{comp.cash:,}; "
                        f"{self.pname(director)} must pay the ₩{short:,} missing and has ₩{self.cash[director]:,}: "
                        "sell shares first (no sale may change a directorship), or declare bankruptcy.",
                        short=short)
                paid = comp.cash
                self.pay(comp.sym, "bank", paid)
                self.pay(director, "bank", short)
                self.emit("forced_purchase", f"Forced purchase: {comp.sym} pays ₩{paid:,} and its director "
                        f"{self.pname(director)} pays ₩{short:,}.", company=comp.sym, director=director,
                        short=short)
            else:
                if comp.cash < price:
                    err("no_cash", f"A {head}-train costs ₩{price:,}; {comp.sym} has ₩{comp.cash:,}.", price=price)
                self.pay(comp.sym, "bank", price)
            comp.trains.append(head)
            self.emit("train_bought", f"{comp.sym} buys a {head}-train from the market for ₩{price:,}"
                    + (" (OB04 Train Buyer: 20% off)" if "OB04" in comp.assets else "") + ".",
                    f"Move a {head}-train from the train market to {comp.sym}.", company=comp.sym,
                    train=head, price=price)
            self.take_from_market(head, by=comp.sym)
            return
        # from another company
        if self.final_set:
            err("final_set", "No trades between companies in the final set: buy from the market.")
        if self.must_buy_from_market(comp):
            head = self.market_head()
            err("forced_from_market", f"{comp.sym} owns no train and cannot pay for a {head}-train "
                f"(₩{self.train_price(comp, head):,}): it is forced to buy from the train market, "
                "its director paying the rest (RB §9.8; reading forced_purchase).",
                company=comp.sym, train=head)
        seller = self.company(source)
        if seller.sym == comp.sym or not seller.founded:
            err("bad_source", "Buy from the market or from another operating company.")
        train = str(action.get("train"))
        if train not in seller.trains:
            err("no_such_train", f"{seller.sym} has no {train}-train.")
        price = action.get("price")
        if price < 1:
            err("price_too_low", "A train between companies costs at least ₩1.")
        if price > comp.cash:
            err("no_cash", f"{comp.sym} has ₩{comp.cash:,}, not ₩{price:,}.")
        shared = set(comp.stations) & set(seller.stations)
        if not shared and action.get("connected") is not True:
            err("not_connected", f"{comp.sym} and {seller.sym} share no city: confirm that their stations "
                "are connected by an unblocked route ('connected': true).")
        seller.trains.remove(train)
        comp.trains.append(train)
        self.pay(comp.sym, seller.sym, price)
        self.emit("train_traded", f"{comp.sym} buys a {train}-train from {seller.sym} for ₩{price:,}.",
                f"Move a {train}-train from {seller.sym} to {comp.sym}.", company=comp.sym,
                seller=seller.sym, train=train, price=price)

    def _upgrade_train(self, comp, turn, action):
        if "OB09" not in comp.assets:
            err("no_asset", f"{comp.sym} has no OB09 The Newest Parts.")
        old = str(action.get("train"))
        if old not in comp.trains:
            err("no_such_train", f"{comp.sym} has no {old}-train.")
        new = D.OB09_UPGRADES.get(old)
        if new is None:
            err("no_upgrade", "OB09 upgrades 2→4, 3→6E and 4→8E only.")
        if self.market_head() != new:
            err("not_available", f"A {new}-train is not the train on sale now.")
        # RB §16 OB09 names the upgrades but no price: PROV (data.PROVISIONAL "ob09"), the
        # company pays the new train's price less the old train's printed price; the new train
        # comes from the market, so it must be the one on sale (RB §9.7), and counts as sold
        price = max(0, self.train_price(comp, new) - D.TRAIN_PRICE[old])
        if price > comp.cash:
            err("no_cash", f"The upgrade costs ₩{price:,}; {comp.sym} has ₩{comp.cash:,}.")
        comp.trains.remove(old)
        comp.trains.append(new)
        self.pay(comp.sym, "bank", price)
        self.emit("train_upgraded", f"{comp.sym} upgrades a {old}-train to a {new}-train for ₩{price:,} "
                "(OB09 The Newest Parts).", f"Remove the {old}-train from the game; move a {new}-train "
                f"from the market to {comp.sym}.", company=comp.sym, old=old, new=new, price=price)
        self.take_from_market(new, by=comp.sym)

    def _done(self, comp, turn, action):
        if not comp.trains:
            head = self.market_head()
            err("must_buy_train", f"{comp.sym} owns no train: it must buy a {head}-train from the market "
                f"(₩{self.train_price(comp, head):,}).", train=head)
        comp.operated += 1
        self.ors["done"].append(comp.sym)
        self.ors["turn"] = None
        self.next_company()

    # emergency --------------------------------------------------------
    def _emergency_state(self):
        comp = self.current_company()
        turn = self.ors["turn"]
        if comp is None or comp.trains or not turn["paid"]:
            return None
        price = self.train_price(comp, self.market_head())
        if comp.cash >= price:
            return None
        short = price - comp.cash
        return comp, comp.director, short

    def _act_emergency(self, action):
        state = self._emergency_state()
        if state is None:
            err("no_emergency", "Shares are sold in operating rounds only to pay for a forced train "
                "purchase.")
        comp, director, short = state
        if action.get("entity") != director:
            err("out_of_turn", f"Only {comp.sym}'s director {self.pname(director)} raises money now.")
        if action["type"] == "bankrupt":
            if self.raisable(director, keep_presidency=True) >= short:
                err("not_bankrupt", f"{self.pname(director)} can still raise the ₩{short:,} by selling shares.")
            if self.trade_open(comp):
                err("trade_open", f"{comp.sym} may still buy a train from another company (at least "
                    "₩1): no bankruptcy while such a trade is open (reading forced_purchase).",
                    company=comp.sym)
            self.emit("bankrupt", f"{self.pname(director)} cannot pay for {comp.sym}'s train and goes "
                    "bankrupt: the game ends now.", player=director, company=comp.sym)
            return self.finish("bankruptcy")
        if self.cash[director] >= short:
            err("enough_cash", f"{self.pname(director)} already has the ₩{short:,} needed.")
        sym = self.company(action.get("company")).sym
        n = action.get("count", 1)
        if n < 1:
            err("bad_count", "Sell at least one share.")
        # RB §9.8: sell only up to the shortfall
        if n > 1 and sells_more_than_needed(
                self.cash[director] + self.sale_value(director, sym, n - 1), short):
            err("sells_too_many", f"Selling {n - 1} share(s) already covers the ₩{short:,}: sell fewer.")
        self.sell(director, sym, n, keep_presidency=True)

    def oa01_check(self, comp):
        if "OA01" in comp.assets and self.company_has_station(comp.sym, D.SEOUL) \
                and self.price(comp.sym) >= D.END_PRICE and not self.end_after_or:
            self.end_after_or = "OA01"
            self.emit("end_triggered", f"OA01 Miracle on the Han River: {comp.sym} is in Seoul at "
                    f"{self.price(comp.sym)}; the game ends after this operating round.")

    # ---------------------------------------------------------------- legal (steps.py)
    def _oc01_cost(self, comp):
        """What OC01's outer station in Seoul costs now, or None if it cannot be built."""
        if "OC01" not in comp.assets or self.war == "done":
            return None
        if comp.card_tokens.get("OC01", 0) > 0:
            return D.ASSET_STATION_TOKENS["OC01"]
        return comp.tokens[0] if comp.tokens else None


def old_turn(turn: dict) -> None:
    """A turn kept by an older version (a snapshot, an arranged position) named where it stood
    (``step``: home, track, station, run, dividend, trains) instead of its facts: read them
    from it."""
    step = turn.pop("step")
    turn["home"] = step == "home"
    turn["paid"] = step == "trains"
    if step in ("home", "track", "station", "run"):
        turn["revenue"] = None
    elif turn.get("revenue") is None:
        turn["revenue"] = 0
