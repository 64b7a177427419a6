"""Phases 6-8: income, expenses and income reduction; and the table's corrections.

Income: each player still in takes their income in cash. Expenses: one dollar per share
issued and per locomotive level; a player who cannot pay pays all their cash and the
shortfall comes off their income; a player whose income is then below zero is out (A1, N1;
A2). Reduction: from the income after the shortfall (A1; A3's phase order), by the bands of
``data.reduction`` (the table may choose N1's reading: from the income before it, never below
zero).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import BANK, err, whole
from engine.age_of_steam.options import BEFORE_SHORTFALL

CORRECTION_LIMIT = 1000


class AccountsMixin:
    def settle_accounts(self) -> None:
        self.accounts = []
        for p in self.active():
            got = self.income[p]
            self.pay(BANK, p, got)
            due = self.shares[p] + self.loco[p]
            paid = min(due, self.cash[p])
            self.pay(p, BANK, paid)
            short = due - paid
            line = {"player": p, "income": got, "expenses": due, "paid": paid, "short": short}
            self.emit("income_paid", f"{self.pname(p)} takes ${got} income and pays ${paid} of "
                     f"${due} expenses.", player=p, income=got, amount=due, paid=paid)
            before = self.income[p]
            if short:
                self.income[p] -= short
                self.emit("shortfall", f"{self.pname(p)} is ${short} short: income falls to "
                         f"{self.income[p]}.", "Move the income marker down.", player=p,
                         amount=short, income=self.income[p])
            if self.income[p] < 0:
                self.out[p] = "income_below_zero"
                line["out"] = True
                self.emit("eliminated", f"{self.pname(p)}'s income is below zero: out of the "
                         "game.", "Take the player's track markers off the board.", player=p)
            else:
                base = before if self.options.get("reduction_from") == BEFORE_SHORTFALL \
                    else self.income[p]
                cut = min(D.reduction(base), self.income[p])   # never below zero
                if cut:
                    self.income[p] -= cut
                    self.emit("income_reduced", f"{self.pname(p)}'s income is reduced by {cut} "
                             f"to {self.income[p]}.", "Move the income marker down.",
                             player=p, amount=cut, income=self.income[p])
                line["reduction"] = cut
            line["after"] = self.income[p]
            self.accounts.append(line)

    # -- corrections ------------------------------------------------------------------------
    def correction(self, action: dict) -> None:
        by = action.get("entity")
        if by not in self.players:
            raise err("bad_entity", "A correction is entered by a player at the table.",
                      entity=by)
        reason = action.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise err("correction_reason", "A correction needs a reason.")
        kind, who = action.get("kind"), action.get("player")
        kinds = ("cash", "income", "track", "locomotive") + tuple(self.map.correction_kinds())
        if kind not in kinds:
            raise err("bad_correction", f"A correction is of {', '.join(kinds)}.", kind=kind)
        if who not in self.players:
            raise err("bad_player", f"No player {who!r} at this table.", player=who)
        if kind in self.map.correction_kinds():
            value = self.map.correct(self, kind, who, action)
        elif kind == "cash":
            amount = whole(action, "amount", -CORRECTION_LIMIT, CORRECTION_LIMIT)
            if self.cash[who] + amount < 0:
                raise err("cash_below_zero", "Cash cannot go below zero.", cash=self.cash[who])
            self.pay(BANK, who, amount)
            value = self.cash[who]
        elif kind == "income":
            value = self.income[who] = whole(action, "value", 0, 100)
        elif kind == "track":
            value = self.tiles[who] = whole(action, "value", 0, 200)
        else:
            value = self.loco[who] = whole(action, "value", 1, D.MAX_LOCOMOTIVE)
        self.emit("corrected", f"Correction by {self.pname(by)}: {kind} of {self.pname(who)} "
                 f"is now {value} ({reason.strip()[:200]}).", by=by, player=who, kind=kind,
                 value=value, reason=reason.strip()[:200])

    def correction_legal(self) -> list[dict]:
        seated = {**C.choice("player", list(self.players)), "fill": "seat"}
        who = C.choice("player", list(self.players), label=C.msg("form.player", "Player"))
        reason = C.free_text(200, label=C.msg("form.reason", "Reason"))
        forms = [
            ("cash", {"amount": C.number("money", -CORRECTION_LIMIT, CORRECTION_LIMIT,
                                         default=0, label=C.msg("form.amount", "Amount"))}),
            ("income", {"value": C.number("count", 0, 100, default=0,
                                          label=C.msg("form.value", "New value"))}),
            ("track", {"value": C.number("count", 0, 200, default=0,
                                         label=C.msg("form.value", "New value"))}),
            ("locomotive", {"value": C.number("count", 1, D.MAX_LOCOMOTIVE, default=1,
                                              label=C.msg("form.value", "New value"))}),
        ] + self.map.correction_forms(self)
        return [{"type": "correction", "kind": kind, "anytime": True,
                 "label": C.msg(f"form.correct_{kind}", f"Correct {kind.replace('_', ' ')}"),
                 "params": {"entity": seated, "player": who, **fields, "reason": reason}}
                for kind, fields in forms]
