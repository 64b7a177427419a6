"""Buying, selling and starting shares: par, IPO and pool prices, float and capitalization,
certificate limit and the zones that lift it, the pool limit, presidency changes.
Mixed into ``Core18xx``."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.bank import BANK
from engine.core18xx.shares import IPO, POOL
from engine.errors import GameError

SALE_MOVE = "down"      # a sold share moves the marker down a row (``StockMarket``)


def sells_more_than_needed(one_share_fewer: int, need: int) -> bool:
    """A forced sale for a train stops at the share that covers the shortfall (1888-N
    summary "Buy trains", 18Korea RB §9.8 "only up to the amount ... insufficient"): it sells
    too much when what one share fewer brings already covers ``need``."""
    return one_share_fewer >= need


class ShareTradingMixin:
    def corp_arg(self, action: dict) -> str:
        corp = action.get("corporation")
        if corp not in self.corps:
            raise GameError("unknown_corporation",
                            f"There is no company {corp!r}.", corporation=corp)
        if corp in self.closed_corps:
            raise GameError("corporation_closed", f"{corp} has closed.", corporation=corp)
        return corp

    def percent_arg(self, action: dict, corp: str) -> int:
        pct = action.get("percent", self.shares.share_percent[corp] * action.get("shares", 1))
        if not isinstance(pct, int) or isinstance(pct, bool) or pct <= 0 \
                or pct % self.shares.share_percent[corp]:
            raise GameError("bad_percent",
                            f"Sell whole shares of {self.shares.share_percent[corp]}%.",
                            percent=pct)
        return pct

    def cert_limit(self) -> int:
        return self.CERT_LIMIT[len(self.players)]

    def counts_for_limit(self, corp: str) -> bool:
        return not self.market.in_zone(corp, self.NO_CERT_LIMIT_ZONE)

    def cert_count(self, player: str) -> int:
        certs, held = self.shares.certs, self.shares.held
        # only the companies the player holds a share of (the book and the view count each
        # player's every version: the other companies' certificates are none)
        n = sum(certs(c, player) for c in self.corps
                if held[c].get(player) and self.counts_for_limit(c))
        return n + self.private_certs(player)

    def private_certs(self, player: str) -> int:
        if not self.CERT_LIMIT_INCLUDES_PRIVATES:
            return 0
        return sum(1 for c in self.companies.values() if c["owner"] == player and not c["closed"])

    def cert_room(self, player: str, corp: str) -> bool:
        return not self.counts_for_limit(corp) or self.cert_count(player) < self.cert_limit()

    def must_sell(self, player: str) -> bool:
        """Over the certificate limit and able to sell something."""
        if self.cert_count(player) <= self.cert_limit():
            return False
        return any(self.sellable_percents(player, c) for c in self.corps if c in self.market.pos)

    def can_par(self, corp: str) -> bool:
        return self.corps[corp]["par"] is None

    def share_price_from(self, corp: str, source: str) -> int:
        return self.corps[corp]["par"] if source == IPO else self.market.price(corp)

    def check_buy_share(self, player: str, corp: str, source: str) -> int:
        if source not in (IPO, POOL):
            raise GameError("bad_source",
                            "Buy a share from the 'ipo' or the 'pool'.", source=source)
        if self.corps[corp]["par"] is None:
            raise GameError("not_parred",
                            f"{corp} has no par price yet: start it with a par action.",
                            corporation=corp)
        size = self.shares.share_percent[corp]
        if self.shares.percent(corp, source) < size:
            raise GameError("no_share",
                            f"There is no {corp} share in the {source}.", corporation=corp,
                            source=source)
        price = self.share_price_from(corp, source) * size // 10
        if price > self.ledger.of(player):
            raise GameError("cannot_afford_share", f"{self.pname(player)} has "
                            f"{self.money(self.ledger.of(player))} and cannot pay "
                            f"{self.money(price)}.",
                            price=price)
        if not self.cert_room(player, corp):
            raise GameError("cert_limit", f"{self.pname(player)} holds {self.cert_count(player)} "
                            f"certificates, the limit is {self.cert_limit()}.",
                            limit=self.cert_limit())
        if self.shares.percent(corp, player) + size > self.MAX_OWNERSHIP:
            raise GameError("max_ownership",
                            f"No player may hold more than {self.MAX_OWNERSHIP}% of "
                            f"{corp}.", corporation=corp)
        return price

    def can_buy_share(self, player, corp, source) -> bool:
        try:
            self.check_buy_share(player, corp, source)
            return True
        except GameError:
            return False

    def buy_share(self, player: str, corp: str, source: str) -> None:
        price = self.check_buy_share(player, corp, source)
        size = self.shares.share_percent[corp]
        self.ledger.pay(player, self.share_payee(corp, source), price)
        self.shares.move(corp, source, player, size)
        self.emit("share_bought", f"{self.pname(player)} buys a {size}% share of {corp} from the "
                  f"{'IPO' if source == IPO else 'market'} for {self.money(price)}.",
                  f"Give {self.pname(player)} a {corp} share from the "
                  f"{'IPO' if source == IPO else 'pool'}.",
                  player=player, corporation=corp, source=source, price=price, percent=size)
        self.after_share_change(corp)

    def share_payee(self, corp: str, source: str) -> str:
        """Who receives the money for a share bought (full capitalization: the bank)."""
        return BANK

    def par(self, player: str, corp: str, price) -> None:
        if not self.can_par(corp):
            raise GameError("already_parred", f"{corp} already has a par price.", corporation=corp)
        rc = self.market.par_space(price) if isinstance(price, int) else None
        if rc is None:
            raise GameError("bad_par",
                            f"Par prices are {', '.join(map(str, self.market.par_prices()))}.",
                            prices=self.market.par_prices(), price=price)
        pct = self.shares.president_percent[corp]
        cost = price * pct // 10
        if cost > self.ledger.of(player):
            raise GameError("cannot_afford_par", f"{self.pname(player)} has "
                            f"{self.money(self.ledger.of(player))} and cannot pay "
                            f"{self.money(cost)} "
                            f"for {corp}'s president's certificate.", price=cost)
        if self.cert_count(player) >= self.cert_limit():
            raise GameError("cert_limit", f"{self.pname(player)} is at the certificate limit "
                            f"({self.cert_limit()}).", limit=self.cert_limit())
        self.market.place(corp, rc)
        self.corps[corp]["par"] = price
        self.ledger.pay(player, self.share_payee(corp, IPO), cost)
        self.shares.move(corp, IPO, player, pct)
        self.shares.president[corp] = player
        self.emit("parred", f"{self.pname(player)} starts {corp} at {self.money(price)}.",
                  f"Give {self.pname(player)} {corp}'s president's certificate and put "
                  f"{corp}'s marker "
                  f"on {self.money(price)} (par).", player=player, corporation=corp, price=price)
        self.after_share_change(corp)

    def after_share_change(self, corp: str) -> None:
        old, new = self.shares.check_president(corp)
        if new and old:
            self.emit("president_changed", f"{self.pname(new)} becomes president of {corp}.",
                      f"Swap {corp}'s president's certificate from {self.pname(old)} to "
                      f"{self.pname(new)}.",
                      corporation=corp, old=old, new=new)
        c = self.corps[corp]
        spec = self.corp_spec[corp]
        floats = self.shares.percent(corp, IPO) <= 100 - spec.get("float_percent", 60)
        if not c["floated"] and floats:
            c["floated"] = True
            capital = self.float_capital(corp)
            self.ledger.pay(BANK, corp, capital)
            self.emit("company_floated", f"{corp} floats and receives {self.money(capital)}.",
                      f"Put {self.money(capital)} on {corp}'s charter; it operates in the next "
                      "operating round.", corporation=corp, capital=capital)

    def float_status(self, corp: str) -> dict:
        """Floated, or how many shares are sold of the number that floats it (the title's
        ``float_percent``, sold out of the IPO), as a message."""
        if self.corps[corp]["floated"]:
            return C.msg("float.done", "floated")
        size = self.shares.share_percent[corp]
        need = self.corp_spec[corp].get("float_percent", 60) // size
        sold = (100 - self.shares.percent(corp, IPO)) // size
        return C.msg("float.needs", f"{sold} of {need} shares sold to float", sold=sold,
                     needed=need)

    def float_capital(self, corp: str) -> int:
        """Full capitalization: ten shares at par."""
        return self.corps[corp]["par"] * (100 // self.shares.share_percent[corp])

    def check_sell(self, player: str, corp: str, pct: int, emergency_need: int = 0) -> None:
        if self.turn < self.SELL_FROM_TURN and self.round.name == "stock":
            raise GameError("no_selling_yet", "No shares are sold in the first stock round.")
        if corp not in self.market.pos:
            raise GameError("not_parred", f"{corp} has not started.", corporation=corp)
        held = self.shares.percent(corp, player)
        if pct > held:
            raise GameError("not_enough_shares", f"{self.pname(player)} holds {held}% of {corp}, "
                            f"not {pct}%.", held=held, percent=pct)
        if self.shares.percent(corp, POOL) + pct > self.MARKET_SHARE_LIMIT:
            raise GameError("pool_full",
                            f"The pool may hold at most {self.MARKET_SHARE_LIMIT}% of {corp}.",
                            corporation=corp)
        if not self.shares.can_dump(corp, player, pct):
            raise GameError("president_cert",
                            f"{self.pname(player)} cannot sell {corp}'s president's "
                            "certificate: no other player holds enough to take it.",
                            corporation=corp)
        if emergency_need:
            if not self.emergency_presidency_change_ok(corp) and \
                    self.shares.would_change_president(corp, player, pct):
                raise GameError("presidency_change", f"This sale would change {corp}'s president, "
                                "which a forced sale may not do.", corporation=corp)
            one = self.market.price(corp) * self.shares.share_percent[corp] // 10
            if sells_more_than_needed(self.market.price(corp) * pct // 10 - one, emergency_need):
                raise GameError("sell_too_much", f"Sell only what the train needs "
                                f"({self.money(emergency_need)}).", need=emergency_need)

    def emergency_presidency_change_ok(self, corp: str) -> bool:
        """May a forced sale (to buy a train) change ``corp``'s president?"""
        return self.EMERGENCY_PRESIDENCY_CHANGE

    def sellable_percents(self, player: str, corp: str, emergency_need: int = 0) -> list[int]:
        out = []
        size = self.shares.share_percent[corp]
        for pct in range(size, self.shares.percent(corp, player) + 1, size):
            try:
                self.check_sell(player, corp, pct, emergency_need)
                out.append(pct)
            except GameError:
                pass
        return out

    def sale_terms(self, corp: str, pct: int) -> tuple[int, int]:
        """What selling ``pct`` of ``corp`` brings the seller (at the price now) and the price
        it leaves (the marker falls one row a share sold)."""
        shares = pct // self.shares.share_percent[corp]
        return (self.market.price(corp) * pct // 10,
                self.market.price_after(corp, SALE_MOVE, shares))

    def sell_shares(self, player: str, corp: str, pct: int, emergency_need: int = 0) -> None:
        self.check_sell(player, corp, pct, emergency_need)
        amount, _after = self.sale_terms(corp, pct)
        self.ledger.pay(BANK, player, amount)
        self.shares.move(corp, player, POOL, pct)
        self.market.move(corp, SALE_MOVE, pct // self.shares.share_percent[corp])
        self.emit("shares_sold",
                  f"{self.pname(player)} sells {pct}% of {corp} for {self.money(amount)}; "
                  f"its price falls to {self.money(self.market.price(corp))}.",
                  f"Put {pct // self.shares.share_percent[corp]} {corp} share(s) in the pool "
                  "and move its "
                  f"marker to {self.money(self.market.price(corp))}.",
                  player=player, corporation=corp, percent=pct, amount=amount,
                  shares=pct // self.shares.share_percent[corp], price=self.market.price(corp))
        self.after_share_change(corp)
