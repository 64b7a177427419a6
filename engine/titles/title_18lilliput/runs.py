"""Train runs (S 라운드 순서 2, 4/6/7단계, 게임종료) and bureaucracy (S 라운드 순서 3).

Each company in play runs once, highest price first: the table enters each train's revenue
(the route is read off the cards); an obsolete train earns half, rounded down to ten (90 ->
40). The director pays it out (£ per 10% share to the players holding it; the bank keeps what
its shares would get: provisional) and the marker moves one space right, or withholds it
into the company and the marker moves one space left (provisional; nothing earned moves it
left too). A company that withholds may then buy one train from the train pool at its
printed price. In the last round dividends are doubled, withholding is not allowed and the
markers move two spaces right. After the last run comes bureaucracy (``bureaucracy``).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D

PAY, WITHHOLD = "pay", "withhold"


class RunsMixin:
    def start_runs(self) -> None:
        """A round's train runs begin (``Lilliput.next_round``)."""
        self.run_order = sorted(self.live_companies(), key=self.market.sort_key)
        self.run_index = 0
        self.emit("runs_started", f"Round {self.round}: the trains run.", round=self.round)

    def running(self) -> str | None:
        """Whose run it is (the run round's turn), None once every company has run."""
        if self.run_index >= len(self.run_order):
            return None
        return self.run_order[self.run_index]

    def train_revenue(self, train_id: str, entered: int) -> int:
        return D.obsolete_revenue(entered) if self.is_obsolete(train_id) else entered

    def run(self, company: str, action: dict) -> None:
        if self.running() != company:
            raise GameError("not_your_turn", f"It is {self.running()}'s run, not {company}'s.")
        co = self.companies[company]
        revenues = action.get("revenues", [])
        if len(revenues) != len(co["trains"]):        # the door: whole numbers, in range
            raise GameError("bad_revenues", f"Enter one revenue per train ({len(co['trains'])}).",
                      count=len(co["trains"]))
        if any(r < 0 or r % 10 for r in revenues):
            raise GameError("revenue_in_tens", "Revenues are whole tens of pounds, not below 0.")
        kind = action.get("dividend", PAY)
        if kind not in (PAY, WITHHOLD):
            raise GameError("bad_dividend", "Pay or withhold.")
        last = self.is_last_round()
        if kind == WITHHOLD and last:
            raise GameError("no_withhold_last_round", "In the last round every dividend is paid; "
                      "withholding is not allowed.", company=company)
        pool_train = action.get("pool_train")
        if pool_train not in (None, "", "none"):
            if kind != WITHHOLD:
                raise GameError("pool_only_withholding", "Only a company that withholds buys from "
                          "the train pool.", company=company)
            if pool_train not in self.pool():
                raise GameError("not_in_pool", f"No train {pool_train} in the train pool.",
                          train=pool_train)
        total = sum(self.train_revenue(t, r) for t, r in zip(co["trains"], revenues))
        if last:
            total *= 2
        name = self.company_name(company)
        if kind == PAY and total > 0:
            per_share = total // 10
            paid = {}
            for holder, pct in self.shares.holders(company).items():
                if holder in self.names:
                    amount = per_share * pct // D.SHARE_PERCENT
                    self.ledger.pay(BANK, holder, amount)
                    paid[holder] = amount
            before = self.price(company)
            self.market.move(company, "right", D.LAST_PAY_MOVE if last else D.PAY_MOVE)
            self.emit(
                "dividend_paid",
                f"{name} runs for £{total}" + (" (doubled, last round)" if last else "") +
                f" and pays £{per_share} a share; price £{before} -> £{self.price(company)}.",
                f"Move {name}'s marker to £{self.price(company)}.",
                company=company, amount=total, per_share=per_share, price=self.price(company),
                old_price=before, doubled=C.msg("dividend.doubled", " (doubled, last round)")
                if last else None)
        else:
            if total:
                self.ledger.pay(BANK, company, total)
            if not last:
                self.market.move(company, "left", D.WITHHOLD_MOVE)
            self.emit(
                "revenue_withheld", f"{name} runs for £{total} and keeps it; price "
                f"£{self.price(company)}.", f"Move {name}'s marker to £{self.price(company)}.",
                company=company, amount=total, price=self.price(company))
            if pool_train not in (None, "", "none"):
                self.buy_train(company, "pool", pool_train, None)
        self.run_index += 1

    def run_legal(self, company: str) -> list[dict]:
        co = self.companies[company]
        of = C.number("money", 0, D.MAX_REVENUE, step=10, default=0)
        params = {"revenues": {"kind": "list", "items": [
            C.value("train", Depot.kind(t), note=C.msg("note.obsolete", "obsolete: half")
                    if self.is_obsolete(t) else None) for t in co["trains"]], "of": of,
            "label": C.msg("param.revenues", "Revenue of each train")},
            "dividend": C.choice("text", [PAY] if self.is_last_round() else [PAY, WITHHOLD],
                                 {PAY: C.msg("dividend.pay", "Pay out"),
                                  WITHHOLD: C.msg("dividend.withhold", "Withhold")},
                                 label=C.msg("param.dividend", "Dividend"))}
        if self.pool() and not self.is_last_round():
            params["pool_train"] = self.no_train_or(self.pool(), C.msg(
                "param.pool_train", "Train from the pool"))
        return [{"type": "run", "entity": company,
                 "label": C.msg("act.run", "Run the trains"), "params": params}]
