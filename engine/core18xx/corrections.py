"""The ``correction`` action: the table fixes the book (cash, a share price, a train) with
a reason; money still only moves to or from the bank. Mixed into ``Core18xx``."""
from __future__ import annotations

from engine.core18xx.bank import BANK
from engine.errors import GameError


class CorrectionsMixin:
    def correction(self, action: dict) -> None:
        if action["entity"] not in self.players:
            raise GameError("bad_entity", "A correction is entered by a player at the table.",
                            entity=action["entity"])
        reason = action.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise GameError("correction_reason", "A correction needs a reason.")
        kind = action.get("kind")
        if kind == "cash":
            target, amount = action.get("target"), action.get("amount")
            if target not in self.ledger.cash or target == BANK:
                raise GameError("bad_target", f"No cash holder {target!r}.", target=target)
            if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
                raise GameError("bad_amount", "Give the amount to add (or take, if negative).")
            if amount > 0:
                self.ledger.pay(BANK, target, amount)
            else:
                self.ledger.pay(target, BANK, -amount)
            self.emit("correction", f"Correction: {self.pname(target)} {'+' if amount > 0 else ''}"
                      f"{self.money(amount)} ({reason}).", target=target, amount=amount,
                      reason=reason)
        elif kind == "share_price":
            corp = self.corp_arg(action)
            rc = (action.get("row"), action.get("column"))
            if corp not in self.market.pos or not all(isinstance(x, int) for x in rc) \
                    or self.market.cell(*rc) is None:
                raise GameError("bad_space",
                                "Give a market space (row, column) and a started company.")
            self.market.place(corp, rc)
            self.emit("correction", f"Correction: {corp}'s price set to "
                      f"{self.money(self.market.price(corp))}"
                      f" ({reason}).", corporation=corp, reason=reason)
        elif kind == "train":
            corp, train, op = self.corp_arg(action), action.get("train"), action.get("op")
            if op == "remove":
                if train not in self.corps[corp]["trains"]:
                    raise GameError("not_your_train", f"{corp} does not own train {train!r}.")
                self.corps[corp]["trains"].remove(train)
                del self.train_owner[train]
                self.depot.rusted.add(train)
            elif op == "give":
                if train not in self.depot.available():
                    raise GameError("train_unavailable", f"Train {train!r} is not in the bank.")
                self.depot.take(train)
                self.corps[corp]["trains"].append(train)
                self.train_owner[train] = corp
            else:
                raise GameError("bad_correction", "A train correction is op 'remove' or 'give'.")
            self.emit("correction", f"Correction: train {train} {op} for {corp} ({reason}).",
                      corporation=corp, train=train, reason=reason)
        else:
            raise GameError("bad_correction", "A correction's kind is cash, share_price or train.",
                            kind=kind)
