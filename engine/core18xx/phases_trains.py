"""Phases and trains on the book: buying (from the bank, from another company, with a
trade-in), rust and phase changes, export, train limits and discards, the forced purchase
with the president's money, and bankruptcy. Mixed into ``Core18xx``."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry
from engine.core18xx.bank import BANK
from engine.core18xx.shares import POOL
from engine.core18xx.trains import Depot
from engine.errors import GameError



def train_entry(corp: str, train: str, seller: str | None = None, params=None, **fixed) -> dict:
    """Buy ``train``: from the bank at the fixed ``price`` (and ``exchange``), or from the
    company ``seller`` at a price in ``params``."""
    kind = Depot.kind(train)
    if seller is None:
        label = C.msg("act.buy_train", f"Buy a {kind}-train", train=C.text(kind))
    else:
        fixed["seller"] = seller
        label = C.msg("act.buy_train.from", f"Buy {seller}'s {kind}-train",
                      seller=C.value("entity", seller), train=C.text(kind))
    return entry("buy_train", corp, train=train, **fixed, params=params, label=label)

class TrainsMixin:
    @property
    def phase(self) -> dict:
        return self.PHASES[self.phase_index]

    def phase_colors(self) -> list[str]:
        return list(self.phase["tiles"])

    def phase_allows(self, status: str) -> bool:
        return status in self.phase.get("status", ())

    def train_limit(self, corp: str) -> int:
        return self.phase["train_limit"]

    def phase_after(self, kind: str) -> int:
        """The phase (its index) the game is in once a ``kind`` train has left the depot."""
        index = self.phase_index
        while index + 1 < len(self.PHASES) and self.PHASES[index + 1].get("on") == kind:
            index += 1
        return index

    def rusts(self, train: str, kind: str) -> bool:
        """Whether ``train`` rusts when the first ``kind`` train leaves the depot."""
        return self.depot.specs[Depot.kind(train)].get("rusts_on") == kind

    def train_acquired(self, train: str, from_depot: bool, exported: bool = False) -> None:
        """Phase changes, rust and train events after a depot train is sold or exported."""
        if not from_depot:
            return
        kind = Depot.kind(train)
        index = self.phase_after(kind)
        changed = index != self.phase_index
        self.phase_index = index
        if changed:
            p = self.phase
            self.emit("phase_changed",
                      f"Phase {p['name']}: tiles {', '.join(p['tiles'])}; train limit "
                      f"{p['train_limit']}; {p['operating_rounds']} operating round(s) per set.",
                      f"Move the phase marker to {p['name']}.", phase=p["name"],
                      tiles=list(p["tiles"]), train_limit=p["train_limit"],
                      operating_rounds=p["operating_rounds"])
        rusted: dict[str, list[str]] = {}
        for t, owner in list(self.train_owner.items()):
            if self.rusts(t, kind):
                self.corps[owner]["trains"].remove(t)
                del self.train_owner[t]
                self.depot.rusted.add(t)
                rusted.setdefault(owner, []).append(t)
        for t in list(self.depot.discarded):
            if self.rusts(t, kind):
                self.depot.discarded.remove(t)
                self.depot.rusted.add(t)
                rusted.setdefault("the pool", []).append(t)
        if rusted:
            kinds = sorted({Depot.kind(t) for ts in rusted.values() for t in ts})
            where = ", ".join(f"{o} ({', '.join(ts)})" for o, ts in rusted.items())
            self.emit("trains_rusted", f"{'/'.join(kinds)}-trains rust: {where}.",
                      f"Remove the {'/'.join(kinds)}-trains from {', '.join(rusted)} "
                      "and out of the game.",
                      trains={o: ts for o, ts in rusted.items()}, types=kinds,
                      holders=list(rusted))
        if kind not in self.kinds_seen:        # a type's events fire with its first train
            self.kinds_seen.add(kind)
            for event in self.depot.specs[kind].get("events", ()):
                self.train_event(event)
        if changed:
            self.check_crowded()

    def next_train_triggers(self) -> list[dict]:
        """What buying (or exporting) the depot's next train will set off, as events to be:
        a new phase, rust, the train type's own events. Each is {code, message, params}, like
        an event, so the phones can word it in their language."""
        nxt = self.depot.next_train()
        if nxt is None:
            return []
        kind = Depot.kind(nxt)
        out = []
        index = self.phase_after(kind)
        if index != self.phase_index:
            p = self.PHASES[index]
            out.append({"code": "next_phase",
                        "message": f"phase {p['name']} begins (tiles {', '.join(p['tiles'])}; "
                                   f"train limit {p['train_limit']})",
                        "params": {"phase": p["name"], "tiles": list(p["tiles"]),
                                   "train_limit": p["train_limit"]}})
        rusting = sorted({Depot.kind(t) for t in list(self.train_owner) + self.depot.discarded
                          if self.rusts(t, kind)})
        if rusting:
            out.append({"code": "next_rust", "message": f"{'/'.join(rusting)}-trains rust",
                        "params": {"types": rusting}})
        if kind not in self.kinds_seen:
            for event in self.depot.specs[kind].get("events", ()):
                if event.get("type") == "close_companies" and any(
                        not c["closed"] and c["owner"] for c in self.companies.values()):
                    out.append({"code": "next_privates_close",
                                "message": "the private companies close", "params": {}})
        return out

    def check_crowded(self) -> None:
        for corp in self.operating_order_all():
            over = len(self.corps[corp]["trains"]) > self.train_limit(corp)
            if over and corp not in self.crowded:
                self.crowded.append(corp)
                self.emit("must_discard", f"{corp} has more trains than the limit of "
                          f"{self.train_limit(corp)} and must discard.", corporation=corp,
                          limit=self.train_limit(corp))

    def operating_order_all(self) -> list[str]:
        return sorted((c for c in self.corps
                       if c in self.market.pos and c not in self.closed_corps),
                      key=self.market.sort_key)

    def export_train(self) -> None:
        train = self.depot.next_train()
        if train is None:
            return
        self.depot.take(train)
        self.depot.exported.append(train)
        self.emit("train_exported", f"A {Depot.kind(train)}-train is exported.",
                  f"Remove the top {Depot.kind(train)}-train from the bank's trains.", train=train,
                  train_type=Depot.kind(train))
        self.train_acquired(train, True, exported=True)

    def must_buy_train(self, corp: str) -> bool:
        return not self.corps[corp]["trains"] and bool(self.depot.available())

    def emergency_need(self, rnd, corp: str) -> int:
        """How much the president is short for a forced purchase (0 if none)."""
        if not self.must_buy_train(corp):
            return 0
        cheapest = self.depot.cheapest()
        if cheapest is None:
            return 0
        price = cheapest[1]
        cash = self.ledger.of(corp)
        if cash >= price:
            return 0
        president = self.shares.president.get(corp)
        short = price - cash - (self.ledger.of(president) if president else 0)
        return max(short, 0)

    def buy_train(self, rnd, corp: str, action: dict) -> None:
        want = action.get("train")
        price = action.get("price")
        if not isinstance(price, int) or isinstance(price, bool) or price < 0:
            raise GameError("bad_price", "A train's price is a whole number.", price=price)
        c = self.corps[corp]
        exchange = action.get("exchange")
        seller = self.train_owner.get(want)
        if seller is not None:
            if seller == corp:
                raise GameError("own_train", f"{corp} already owns train {want}.", train=want)
            if not self.phase_allows("can_buy_trains_from_others"):
                raise GameError("no_train_trading", "Companies may not trade trains in this phase.",
                                phase=self.phase["name"])
            if self.must_buy_train(corp) and self.ledger.of(corp) < price:
                raise GameError("emergency_from_depot", "A forced purchase must be the cheapest "
                                "train from the bank, not one from another company.")
            if price < 1:
                raise GameError("bad_price",
                                f"A train from another company costs at least {self.money(1)}.")
            if price > self.ledger.of(corp):
                raise GameError("cannot_afford_train",
                                f"{corp} has {self.money(self.ledger.of(corp))} "
                                f"and cannot pay {self.money(price)} for train {want}.",
                                corporation=corp, price=price, cash=self.ledger.of(corp))
            if len(c["trains"]) >= self.train_limit(corp):
                raise GameError("train_limit", f"{corp} is at its train limit of "
                                f"{self.train_limit(corp)}.", corporation=corp)
            self.ledger.pay(corp, seller, price)
            self.corps[seller]["trains"].remove(want)
            c["trains"].append(want)
            self.train_owner[want] = corp
            self.emit("train_bought",
                      f"{corp} buys train {want} from {seller} for {self.money(price)}.",
                      f"Move the {Depot.kind(want)}-train from {seller}'s charter to {corp}'s.",
                      corporation=corp, train=want, seller=seller, price=price,
                      train_type=Depot.kind(want))
            return
        avail = self.depot.available()
        if want not in avail:
            by_kind = [t for t in avail if Depot.kind(t) == want]
            if not by_kind:
                raise GameError("train_unavailable",
                                f"Train {want!r} is not for sale now; the bank "
                                f"sells {', '.join(avail) or 'nothing'}.", train=want,
                                available=avail)
            want = by_kind[0]
        kind = Depot.kind(want)
        face = self.depot.price(want)
        room_freed = 0
        if exchange:
            if exchange not in c["trains"]:
                raise GameError("not_your_train", f"{corp} does not own train {exchange!r}.")
            discount = self.depot.specs[kind].get("discount", {}).get(Depot.kind(exchange))
            if not discount:
                raise GameError("no_trade_in",
                                f"A {Depot.kind(exchange)}-train cannot be traded in "
                                f"for a {kind}-train.")
            face -= discount
            room_freed = 1
        if price != face:
            raise GameError("wrong_price", f"Train {want} costs {self.money(face)} from the bank.",
                            train=want, price=face)
        if len(c["trains"]) - room_freed >= self.train_limit(corp):
            raise GameError("train_limit",
                            f"{corp} is at its train limit of {self.train_limit(corp)}.",
                            corporation=corp)
        cash = self.ledger.of(corp)
        president = self.shares.president.get(corp)
        if cash < price:
            if not self.must_buy_train(corp) or exchange:
                raise GameError("cannot_afford_train",
                                f"{corp} has {self.money(cash)} and cannot pay "
                                f"{self.money(price)} for a {kind}-train.", corporation=corp,
                                price=price, cash=cash)
            cheapest = self.depot.cheapest()
            if cheapest and price > cheapest[1]:
                raise GameError("not_cheapest",
                                f"With the president's help {corp} may buy only the "
                                f"cheapest train ({cheapest[0]}, {self.money(cheapest[1])}).",
                                train=cheapest[0])
            short = price - cash
            if self.ledger.of(president) < short:
                raise GameError("president_short",
                                f"{self.pname(president)} must add {self.money(short)} "
                                f"but has {self.money(self.ledger.of(president))}: "
                                "sell shares first, "
                                "or declare bankruptcy.", short=short)
            self.ledger.pay(president, corp, short)
            self.emit("president_contributes", f"{self.pname(president)} adds {self.money(short)} "
                      f"to {corp}'s treasury for the train.", player=president, amount=short,
                      corporation=corp)
        if exchange:
            c["trains"].remove(exchange)
            del self.train_owner[exchange]
            self.depot.rusted.add(exchange)
            self.emit("train_traded_in", f"{corp} trades in train {exchange}.",
                      f"Remove {corp}'s {Depot.kind(exchange)}-train from the game.",
                      train=exchange, corporation=corp, train_type=Depot.kind(exchange))
        self.ledger.pay(corp, BANK, price)
        self.depot.take(want)
        self.depot.owner[want] = corp
        c["trains"].append(want)
        self.train_owner[want] = corp
        self.emit("train_bought", f"{corp} buys a {kind}-train ({want}) for {self.money(price)}.",
                  f"Put a {kind}-train from the bank on {corp}'s charter.",
                  corporation=corp, train=want, price=price, train_type=kind)
        self.train_acquired(want, True)

    def train_purchase_options(self, rnd, corp: str) -> list[dict]:
        c = self.corps[corp]
        # at the limit a train is still bought by trading one in (``buy_train``: the
        # traded-in train frees its room)
        at_limit = len(c["trains"]) >= self.train_limit(corp)
        if len(c["trains"]) - 1 >= self.train_limit(corp):
            return []
        out = []
        cash = self.ledger.of(corp)
        emergency = self.must_buy_train(corp)
        pres_cash = self.ledger.of(self.shares.president[corp]) if emergency else 0
        cheapest = self.depot.cheapest()
        for t in self.depot.available():
            price = self.depot.price(t)
            if not at_limit and (price <= cash or (emergency and cheapest and t == cheapest[0]
                                                   and price <= cash + pres_cash)):
                out.append(train_entry(corp, t, price=price))
            for old in c["trains"]:
                d = self.depot.specs[Depot.kind(t)].get("discount", {}).get(Depot.kind(old))
                if d and price - d <= cash:
                    out.append(train_entry(corp, t, price=price - d, exchange=old))
        if not at_limit and self.phase_allows("can_buy_trains_from_others") and cash >= 1:
            for t, owner in self.train_owner.items():
                if owner != corp and not (emergency and cash < self.depot.price(t)):
                    out.append(train_entry(corp, t, seller=owner, params={
                        "price": C.number("money", 1, cash, 1, min(cash, self.depot.price(t)))}))
        return out

    # -- bankruptcy ------------------------------------------------------------------------
    def liquidity(self, player: str) -> int:
        """Cash plus what the player's shares would fetch (pool limit respected, no
        presidency change)."""
        total = self.ledger.of(player)
        for corp in self.corps:
            pcts = (self.sellable_percents(player, corp, emergency_need=10 ** 9)
                    if corp in self.market.pos else [])
            if pcts:
                total += self.market.price(corp) * max(pcts) // 10
        return total

    def can_go_bankrupt(self, rnd, corp: str) -> bool:
        if not self.must_buy_train(corp):
            return False
        president = self.shares.president[corp]
        cheapest = self.depot.cheapest()
        return bool(cheapest) and self.ledger.of(corp) + self.liquidity(president) < cheapest[1]

    def declare_bankrupt(self, rnd, corp: str) -> None:
        if not self.can_go_bankrupt(rnd, corp):
            raise GameError("not_bankrupt",
                            f"{corp} and its president can still raise the money for "
                            "a train.", corporation=corp)
        player = self.shares.president[corp]
        for other in sorted(self.corps):
            while True:
                pcts = [p for p in range(self.shares.share_percent[other],
                                         self.shares.percent(other, player) + 1,
                                         self.shares.share_percent[other])
                        if other in self.market.pos
                        and self._sellable_in_bankruptcy(player, other, p, corp)]
                if not pcts:
                    break
                pct = max(pcts)
                amount = self.market.price(other) * pct // 10
                self.ledger.pay(BANK, player, amount)
                self.shares.move(other, player, POOL, pct)
                self.market.move(other, "down", pct // self.shares.share_percent[other])
                self.after_share_change(other)
        self.ledger.pay(player, BANK, self.ledger.of(player))
        self.bankrupt.append(player)
        self.emit("bankrupt", f"{self.pname(player)} is bankrupt.",
                  f"Put {self.pname(player)}'s shares in the pool and their cash in the bank.",
                  player=player, corporation=corp)
        self.game_end_bankrupt(player)

    def _sellable_in_bankruptcy(self, player, corp, pct, operating) -> bool:
        """What a bankrupt president sells: all the pool takes, but never the presidency of the
        company whose train could not be bought (18xx.games)."""
        if corp == operating and self.shares.would_change_president(corp, player, pct):
            return False
        return (self.shares.percent(corp, POOL) + pct <= self.MARKET_SHARE_LIMIT
                and self.shares.can_dump(corp, player, pct))

    def game_end_bankrupt(self, player: str) -> None:
        self.end_game("bankrupt")
