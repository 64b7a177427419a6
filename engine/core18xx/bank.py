"""The ledger: cash of the bank, the players and the companies.

Every payment goes through :meth:`Ledger.pay`, so money is conserved by
construction (``total()`` never changes). The bank may go below zero: it is
then *broken* (as on 18xx.games, a payment that would take the bank below ¥0
breaks it and is still made).
"""
from __future__ import annotations

from engine.errors import GameError

BANK = "bank"


class Ledger:
    def __init__(self, bank_cash: int):
        self.cash: dict[str, int] = {BANK: bank_cash}
        self.broken = False

    def open(self, holder: str, amount: int = 0) -> None:
        self.cash.setdefault(holder, amount)

    def of(self, holder: str) -> int:
        return self.cash[holder]

    def pay(self, payer: str, payee: str, amount: int, *, allow_debt: bool = False) -> None:
        """Move ``amount`` from payer to payee; only the bank may go below zero."""
        if amount < 0:
            raise GameError("negative_payment", f"A payment cannot be negative ({amount}).",
                            amount=amount)
        if amount == 0:
            return
        if payer == BANK:
            if self.cash[BANK] - amount < 0:
                self.broken = True
        elif self.cash[payer] < amount and not allow_debt:
            raise GameError("cannot_afford",
                            f"{payer} has {self.cash[payer]:,} and cannot pay {amount:,}.",
                            payer=payer, cash=self.cash[payer], amount=amount)
        self.cash[payer] -= amount
        self.cash[payee] += amount

    def total(self) -> int:
        return sum(self.cash.values())
