"""Private companies on the book: prices, owners, sale to a company, closing.
Mixed into ``Core18xx``."""
from __future__ import annotations

import math

from engine import contract as C
from engine.core18xx.entries import entry
from engine.errors import GameError


class PrivatesMixin:
    def company_min_price(self, company: str) -> int:
        c = self.companies[company]
        return c["value"] - c["discount"]

    def give_company(self, company: str, owner: str) -> None:
        self.companies[company]["owner"] = owner
        if owner in self.corps:
            self.corps[owner]["companies"].append(company)

    def company_price_range(self, company: str) -> tuple[int, int]:
        v = self.companies[company]["value"]
        lo, hi = self.COMPANY_PRICE_RANGE
        return (max(1, math.ceil(v * lo)), math.floor(v * hi))

    def corp_buy_company(self, corp: str, company, price) -> None:
        if company not in self.companies:
            raise GameError("unknown_company", f"There is no private {company!r}.", company=company)
        c = self.companies[company]
        if not self.phase_allows("can_buy_companies"):
            raise GameError("no_company_sales", "Companies may not buy privates in this phase.",
                            phase=self.phase["name"])
        if c["closed"] or c["owner"] not in self.players:
            raise GameError("company_not_for_sale",
                            f"{self.cname(company)} is not held by a player.",
                            company=company)
        lo, hi = self.company_price_range(company)
        if not isinstance(price, int) or isinstance(price, bool) or not lo <= price <= hi:
            raise GameError("bad_company_price",
                            f"{self.cname(company)} sells for {self.money(lo)} to "
                            f"{self.money(hi)}.", min=lo, max=hi, price=price)
        if price > self.ledger.of(corp):
            raise GameError("cannot_afford_company",
                            f"{corp} has {self.money(self.ledger.of(corp))}.",
                            price=price)
        seller = c["owner"]
        self.ledger.pay(corp, seller, price)
        c["owner"] = corp
        self.corps[corp]["companies"].append(company)
        self.emit("company_bought",
                  f"{corp} buys {self.cname(company)} from {self.pname(seller)} for "
                  f"{self.money(price)}.",
                  f"Put the {self.cname(company)} card on {corp}'s charter.",
                  corporation=corp, company=company, price=price, seller=seller)
        self.after_company_bought(corp, company)

    def company_purchase_options(self, corp: str) -> list[dict]:
        if not self.phase_allows("can_buy_companies"):
            return []
        out = []
        cash = self.ledger.of(corp)
        for s, c in self.companies.items():
            if not c["closed"] and c["owner"] in self.players:
                lo, hi = self.company_price_range(s)
                if lo <= cash:
                    out.append(entry(
                        "buy_company", corp, company=s, seller=c["owner"],
                        params={"price": C.number("money", lo, min(hi, cash), 1,
                                                  min(c["value"], cash))},
                        label=C.msg("act.buy_company", f"Buy {s}", company=C.company(s)),
                        about=C.company(s)))
        return out

    def close_company(self, company: str) -> None:
        c = self.companies[company]
        if c["closed"]:
            return
        c["closed"] = True
        owner = c["owner"]
        if owner in self.corps and company in self.corps[owner]["companies"]:
            self.corps[owner]["companies"].remove(company)
