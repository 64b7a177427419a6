"""The train market (RB §8, §9.7-9.9, §9.11): eras, rust, limits, discards, export."""
from __future__ import annotations

from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class TrainMixin:
    def market_head(self) -> str | None:
        for t in D.TRAIN_ORDER:
            if self.depot[t] is None or self.depot[t] > 0:
                return t
        return None

    def train_price(self, comp, ttype) -> int:
        price = D.TRAIN_PRICE[ttype]
        if "OB04" in comp.assets:
            price = price * (100 - D.OB04_DISCOUNT_PERCENT) // 100
        return price

    def next_train_triggers(self) -> dict:
        head = self.market_head()
        if head is None:
            return {}
        trig = []       # events to be, as {code, message, params}: the phones word them

        def will(code, message, **params):
            trig.append({"code": code, "message": message, "params": params})
        if head in D.TRAIN_RUSTS and head not in self.first_sold:
            rust = D.TRAIN_RUSTS[head]
            if rust not in self.rusted:
                will("next_rust", f"{rust}-trains rust", types=[rust])
        if head in D.TRAIN_LIMIT_AFTER and self.train_limit > D.TRAIN_LIMIT_AFTER[head]:
            will("next_train_limit", f"train limit {D.TRAIN_LIMIT_AFTER[head]}",
                 train_limit=D.TRAIN_LIMIT_AFTER[head])
        if head == "4" and self.war == "none" and self.depot["4"] == D.WAR_WHEN_FOURS_LEFT + 1:
            will("next_war_card", "Korean War card revealed (war at the end of this OR)")
        on_sale = self.reading("game_end_8e") == "on_sale"
        last_6e = head == "6E" and self.depot["6E"] == 1
        if self.eight_e_set is None and ((on_sale and last_6e) or
                                         (not on_sale and head == "8E" and "8E" not in self.first_sold)):
            will("next_game_end",
                 "game end: the first 8E ends the game after the next stock round's set")
        left = self.depot[head]
        after = None
        if left == 1:
            nxt = D.TRAIN_ORDER[D.TRAIN_ORDER.index(head) + 1]
            if D.ERA_OF_TRAIN[nxt] != self.era:
                after = D.ERA_OF_TRAIN[nxt]
                will("next_era", f"{after} era begins", era=after)
        export = head in D.EXPORTABLE
        return {"type": head, "price": D.TRAIN_PRICE[head], "left": left, "triggers": trig,
                "exportable": export}

    def must_buy_from_market(self, comp) -> bool:
        """RB §9.8 (reading forced_purchase "market"): a company without a train that cannot
        pay for the market's train must buy that one; no trade between companies instead."""
        if self.reading("forced_purchase") != "market" or comp.trains:
            return False
        head = self.market_head()
        return head is not None and comp.cash < self.train_price(comp, head)

    def trade_open(self, comp) -> bool:
        """Reading forced_purchase "trade": a company that cannot pay for a market train may
        still buy one from another company (at least ₩1). Reach is the table's judgement
        (data.PROVISIONAL "reach"), so a trade counts as open here only with a company that
        shares a city with it; with any other, the table may still trade instead."""
        mine = set(comp.stations)
        return (self.reading("forced_purchase") == "trade" and not self.final_set
                and comp.cash >= 1 and len(comp.trains) < self.train_limit
                and any(o.sym != comp.sym and o.trains and mine & set(o.stations)
                        for o in self.live_companies()))

    def take_from_market(self, ttype, by=None, exported=False):
        """A train leaves the market (sold or exported) and its consequences follow."""
        if self.depot[ttype] is not None:
            self.depot[ttype] -= 1
        self.left_market[ttype] += 1
        first_out = self.left_market[ttype] == 1      # the first of its type to leave the market
        first_sale = not exported and ttype not in self.first_sold
        if not exported:
            first = first_sale
            self.first_sold.add(ttype)
            if first and ttype in D.TRAIN_RUSTS and D.TRAIN_RUSTS[ttype] not in self.rusted:
                self.rust(D.TRAIN_RUSTS[ttype], f"the first {ttype}-train was sold")
            # RB §11 c says both "when the first 8E-train goes on sale" and "when the first
            # 8E-train is sold": the table's reading "game_end_8e" (readings.OPTIONS)
            if first and ttype == "8E" and self.reading("game_end_8e") == "sold":
                self.trigger_end_8e("The first 8E-train was sold")
        elif ttype == "4" and first_out and "2" not in self.rusted:
            # RB §9.11 / summary §3.5: the first 4 exported removes the 2-trains
            self.rust("2", "the first 4-train was exported")
        # RB §9.9 lowers the limit at the first sale; whether the first 4 exported does so too
        # is the table's reading "train_limit_on_export" (readings.OPTIONS)
        lowers = first_out if self.reading("train_limit_on_export") == "lowered" else first_sale
        if lowers and ttype in D.TRAIN_LIMIT_AFTER and self.train_limit > D.TRAIN_LIMIT_AFTER[ttype]:
            self.train_limit = D.TRAIN_LIMIT_AFTER[ttype]
            how = "exported" if exported else "sold"
            self.emit("train_limit", f"First {ttype}-train {how}: a company may now own at most "
                    f"{self.train_limit} trains.", f"Companies over {self.train_limit} trains remove "
                    "the extra ones at once (their directors choose which).", limit=self.train_limit)
        if ttype == "4" and self.war == "none" and self.depot["4"] == D.WAR_WHEN_FOURS_LEFT:
            self.war = "revealed"
            if exported:
                self.emit("war_revealed", "Export revealed the Korean War card: the Korean War breaks "
                        "out at once.")
            else:
                self.emit("war_revealed", f"{by or 'A company'} bought the third 4-train and revealed "
                        "the Korean War card: the Korean War breaks out at the end of this operating round.",
                        "Turn over the Korean War card.")
        self.update_era()
        self.check_end_on_sale()
        self.check_limits()

    def check_end_on_sale(self):
        """Reading game_end_8e "on_sale": the end is triggered once an 8E-train is on sale."""
        if self.reading("game_end_8e") == "on_sale" and self.market_head() == "8E" \
                and self.eight_e_set is None:
            self.trigger_end_8e("The first 8E-train is on sale")

    def trigger_end_8e(self, why):
        """RB §11 c: this set goes on, the next stock round is the last, then a final set."""
        if self.eight_e_set is not None:
            return
        self.eight_e_set = self.set_no
        self.emit("end_triggered", f"{why}: this set of operating rounds goes on as normal, the next "
                "stock round is the last (no new companies), then a final set of operating rounds with "
                "no track, no stations and no trades between companies.", trigger="8E",
                reading=self.reading("game_end_8e"))

    def update_era(self):
        head = self.market_head()
        if head is None:
            return
        era = D.ERA_OF_TRAIN[head]
        if D.ERAS.index(era) > D.ERAS.index(self.era):
            self.era = era
            self.emit("era", f"{era.capitalize()} era: {head}-trains are on sale; {era} tiles may be "
                    "laid and the map pays its " + era + " values.",
                    f"Put the {era} era card on the era space.", era=era)

    def rust(self, ttype, why):
        self.rusted.add(ttype)
        hit = []
        for comp in self.companies.values():
            n = comp.trains.count(ttype)
            if n:
                comp.trains = [t for t in comp.trains if t != ttype]
                hit.append(f"{comp.sym}" + (f" ({n})" if n > 1 else ""))
        if self.depot.get(ttype):
            self.depot[ttype] = 0
        self.emit("rust", f"{why[0].upper() + why[1:]}: all {ttype}-trains are removed from the game"
                + (f" (from {', '.join(hit)})." if hit else "."),
                f"Remove the {ttype}-trains from {', '.join(hit)}'s dashboards." if hit else "",
                train=ttype, companies=hit)

    def check_limits(self):
        for comp in self.companies.values():
            if comp.closed or len(comp.trains) <= self.train_limit:
                continue
            if len(set(comp.trains)) == 1:
                extra = len(comp.trains) - self.train_limit
                comp.trains = comp.trains[:self.train_limit]
                self.emit("train_discarded", f"{comp.sym} is over the limit of {self.train_limit}: "
                        f"{extra} {comp.trains[0]}-train(s) removed from the game.",
                        f"Remove {extra} {comp.trains[0]}-train(s) from {comp.sym}.", company=comp.sym)
            elif comp.sym not in self.pending_discards:
                self.pending_discards.append(comp.sym)
                self.emit("discard_needed", f"{comp.sym} owns {len(comp.trains)} trains, over the limit "
                        f"of {self.train_limit}: its director chooses which to remove now.",
                        f"{comp.sym}'s director removes {len(comp.trains) - self.train_limit} train(s) of "
                        "their choice from the game.", company=comp.sym, limit=self.train_limit)

    def act_discard(self, action):
        sym = self.pending_discards[0]
        if action.get("entity") != sym:
            err("discard_pending", f"{sym} must first discard down to {self.train_limit} trains "
                "(action 'discard_train').", company=sym)
        comp = self.companies[sym]
        train = str(action.get("train"))
        if train not in comp.trains:
            err("no_such_train", f"{sym} has no {train}-train; it has {', '.join(comp.trains)}.")
        comp.trains.remove(train)
        self.emit("train_discarded", f"{sym} removed a {train}-train from the game.",
                f"Remove a {train}-train from {sym}'s dashboard.", company=sym, train=train)
        if len(comp.trains) <= self.train_limit:
            self.pending_discards.pop(0)

    def export(self):
        head = self.market_head()
        if head in D.EXPORTABLE:
            self.emit("export", f"Export: a {head}-train leaves the train market.",
                    f"Remove one {head}-train from the train market.", train=head)
            self.take_from_market(head, exported=True)
        else:
            self.emit("export_none", "Export: no 3- or 4-train in the market; nothing is exported.")
