"""Paying out or withholding a run's revenue, and the market move that follows.
Mixed into ``Core18xx``."""
from __future__ import annotations

from engine.core18xx.bank import BANK
from engine.core18xx.shares import IPO, POOL


class DividendMixin:
    def pay_dividend(self, corp: str, kind: str, revenue: int, subsidy: int) -> None:
        if subsidy:
            self.ledger.pay(BANK, corp, subsidy)
        if kind == "payout" and revenue > 0:
            paid = {}
            for holder, pct in self.shares.holders(corp).items():
                if holder == IPO:
                    continue
                amount = -(-pct * revenue // 100)
                payee = corp if holder == POOL else holder
                self.ledger.pay(BANK, payee, amount)
                paid[payee] = paid.get(payee, 0) + amount
            text = ", ".join(f"{self.pname(p)} {self.money(a)}" for p, a in paid.items())
            self.emit("dividend_paid", f"{corp} pays out {self.money(revenue)} "
                      f"({self.money(revenue // 10)} per share): {text}.", corporation=corp,
                      revenue=revenue, paid=paid)
        else:
            self.ledger.pay(BANK, corp, revenue)
            if revenue:
                self.emit("dividend_withheld", f"{corp} withholds {self.money(revenue)}.",
                          corporation=corp, revenue=revenue)
            else:
                self.emit("no_revenue", f"{corp} earns nothing this turn: no dividend.",
                          corporation=corp)
        self.dividend_price_move(corp, kind, revenue)

    def dividend_price_move(self, corp: str, kind: str, revenue: int) -> None:
        old = self.market.price(corp)
        direction = "right" if kind == "payout" and revenue > 0 else "left"
        if self.market.move(corp, direction):
            self.emit("price_moved", f"{corp}'s price moves from {self.money(old)} to "
                      f"{self.money(self.market.price(corp))}.",
                      f"Move {corp}'s market marker to {self.money(self.market.price(corp))}.",
                      corporation=corp, price=self.market.price(corp))
