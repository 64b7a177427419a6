"""The private companies' powers (rulebook §7-1, §7-8, §10).

- in phases 3 and 4 a company may buy a private for 50%-200% of its face value; the private
  is then discarded (no more revenue) and its power applies at once;
- A Seoul Tram: Hanseong is not upgraded while a player holds it; sold or discarded, a green
  tile goes on Hanseong at once;
- B-E: the buyer lays one free track on an empty resource hex of its kind and puts the
  resource token there (the buyer's next step);
- F Park Ki-jong: never sold to a company (its exchange is in ``stock``);
- G Kyeongin Railway Co.: each OR its owner enters the 2-train's Hanseong-Incheon run and
  receives half (the other half stays in the bank); bought, its station becomes one of the
  buyer's and its 2-train the buyer's (scrapped if over the limit).
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry as make_entry
from engine.core18xx.bank import BANK
from engine.errors import GameError
from engine.titles.title_1899_daihan import data as D


class DaihanPrivatesMixin:
    COMPANY_PRICE_RANGE = D.PRIVATE_PRICE_RANGE

    def after_private_won(self, company: str, player: str) -> None:
        """A player won a private in the auction (nothing more happens)."""

    # -- revenue ----------------------------------------------------------------------------
    def payout_privates(self):
        super().payout_privates()
        for corp in self.corps:                       # §6-2: parred, not floated: left
            c = self.corps[corp]
            if c["par"] is not None and not c["floated"] and corp in self.market.pos:
                old = self.market.price(corp)
                self.market.move(corp, "left")
                self.emit("unfloated_moves_left", f"{corp} has not floated: its price moves "
                          f"from {self.money(old)} to {self.money(self.market.price(corp))}.",
                          f"Move {corp}'s market marker to "
                          f"{self.money(self.market.price(corp))}.", corporation=corp,
                          old_price=old, price=self.market.price(corp))

    def kyeongin_runs(self) -> str | None:
        """The owner who enters Kyeongin's run this OR, if it still runs."""
        g = self.companies[D.KYEONGIN]
        if g["closed"] or g["owner"] not in self.players or not self.kyeongin_train:
            return None
        return g["owner"]

    # Kyeongin's run (§10-G) is the same two-city run every round: what it pays changes only
    # with Hanseong's or Incheon's tile or the phase (a port's value, §7-7-3). So the owner
    # enters it when it first runs and after such a change; otherwise it pays what it paid
    # last time, with the other privates (§7-1), and the history and the board say so.
    def kyeongin_basis(self) -> list:
        """What the Hanseong-Incheon run's value hangs on: the two tiles and the phase."""
        return [self.board.laid.get(D.HANSEONG, (None,))[0],
                self.board.laid.get(D.INCHEON, (None,))[0], self.phase["name"]]

    def kyeongin_unchanged(self) -> bool:
        """Whether Kyeongin's run was entered and nothing it hangs on changed since."""
        last = self.kyeongin_last
        return last is not None and last["basis"] == self.kyeongin_basis()

    def kyeongin_pay_again(self, owner: str) -> None:
        self._pay_kyeongin(owner, self.kyeongin_last["revenue"], again=True)

    def kyeongin_entered_again(self, owner: str, revenue) -> None:
        """The owner enters the run paid again at the round's start (before anything else):
        the half paid again goes back to the bank, the entered run is paid."""
        back = self.kyeongin_last["revenue"] // 2
        self.kyeongin_run(owner, revenue)         # checks the revenue first
        self.ledger.pay(owner, BANK, back)
        self.emit("kyeongin_paid_back", f"{self.pname(owner)} gives back the {self.money(back)} "
                  "Kyeongin paid again.", f"{self.pname(owner)} gives {self.money(back)} back "
                  "to the bank.", player=owner, amount=back)

    def kyeongin_run(self, player: str, revenue) -> None:
        if not isinstance(revenue, int) or isinstance(revenue, bool) or not 0 <= revenue <= 500:
            raise GameError("kyeongin_revenue", "Kyeongin's run is a whole number of won from "
                            "0 to 500 (the Hanseong-Incheon run of its 2-train).",
                            revenue=revenue)
        self.kyeongin_last = {"revenue": revenue, "basis": self.kyeongin_basis()}
        self._pay_kyeongin(player, revenue, again=False)

    def _pay_kyeongin(self, player: str, revenue: int, again: bool) -> None:
        half = revenue // 2
        self.ledger.pay(BANK, player, half)
        board = f"Give {self.pname(player)} {self.money(half)} from the bank."
        if again:
            self.emit("kyeongin_paid_again", f"Kyeongin Railway Co. runs Hanseong-Incheon for "
                      f"{self.money(revenue)} again (its tiles and the phase are as when it was "
                      f"entered): {self.pname(player)} receives {self.money(half)}, the rest "
                      "stays in the bank.", board, player=player, revenue=revenue,
                      amount=half)
            return
        self.emit("kyeongin_paid", f"Kyeongin Railway Co. runs for {self.money(revenue)}: "
                  f"{self.pname(player)} receives {self.money(half)}, the rest stays in the "
                  "bank.", board, player=player, revenue=revenue, amount=half)

    def kyeongin_entry(self, player: str) -> dict:
        last = self.kyeongin_last
        default = last["revenue"] if last else D.KYEONGIN_RUN_DEFAULT
        entry = make_entry("kyeongin_run", player, label=C.msg(
            "act.kyeongin_run", "Enter Kyeongin's Hanseong-Incheon run"),
            params={"revenue": C.number("money", 0, 200, 10, default)})
        if last:
            entry["show"] = [{"label": C.msg("field.kyeongin_why", "Asked again"),
                              "value": C.text(C.msg(
                                  "field.kyeongin_changed", "Hanseong's or Incheon's tile or "
                                  "the phase has changed since it ran for %(revenue)s",
                                  revenue=last["revenue"]))}]
        return entry

    # -- sale to a company --------------------------------------------------------------------
    def corp_buy_company(self, corp, company, price):
        if company == D.PARK:
            raise GameError("park_not_for_sale", "Park Ki-jong is never sold to a company; "
                            "it is exchanged for a share.", company=company)
        if company == D.KYEONGIN and company in self.companies \
                and self.next_token_price(corp) is None:
            raise GameError("no_station_for_kyeongin", f"{corp} has no station left to "
                            "take over Kyeongin's station in Incheon.", corporation=corp)
        super().corp_buy_company(corp, company, price)

    def company_purchase_options(self, corp):
        out = []
        for e in super().company_purchase_options(corp):
            if e["company"] == D.PARK:
                continue
            if e["company"] == D.KYEONGIN and self.next_token_price(corp) is None:
                continue
            out.append(e)
        return out

    def after_company_bought(self, corp, company):
        self.close_company(company)
        self.emit("private_discarded", f"{self.cname(company)} is discarded after its sale "
                  f"to {corp}.", f"Remove the {self.cname(company)} card from play.",
                  company=company, corporation=corp)
        if company == D.SEOUL_TRAM:
            self.seoul_tram_gone()
        elif company in D.RESOURCES:
            self.pending_lay = (corp, company)
            where, token = D.RESOURCES[company]
            self.emit("resource_track_due", f"{corp} now lays one free track on an empty "
                      f"{where} joined to its track and puts the {token} token there.",
                      corporation=corp, company=company, resource=where, token=token)
        elif company == D.KYEONGIN:
            self.kyeongin_to(corp)

    def seoul_tram_gone(self) -> None:
        tile = next((t for t in ("14", "15") if self.board.supply.get(t, 0) > 0), None)
        if tile:
            self.board.lay(D.HANSEONG, tile, self.board.laid.get(D.HANSEONG, (None, 0))[1])
        self.emit("hanseong_green", f"Seoul Tram is gone: Hanseong is upgraded to green"
                  + (f" (tile #{tile})" if tile else "") + ".",
                  "Put a green city tile on Hanseong now.", hex=D.HANSEONG, tile=tile)

    def kyeongin_to(self, corp: str) -> None:
        here = self.board.tokens.get(D.INCHEON, [])
        slot = next((s for c, s in here if c == D.KYEONGIN), 0)
        self.board.tokens[D.INCHEON] = [(c, s) for c, s in here if c != D.KYEONGIN]
        self.board.tokens[D.INCHEON].append((corp, slot))
        self.corps[corp]["tokens_used"] += 1
        self.corps[corp]["tokens"].append((D.INCHEON, slot))
        train = self.kyeongin_train
        self.kyeongin_train = None
        text = f"{corp} takes over Kyeongin's station in Incheon"
        if train:
            if len(self.corps[corp]["trains"]) < self.train_limit(corp):
                self.corps[corp]["trains"].append(train)
                self.train_owner[train] = corp
                text += " and its 2-train"
            else:
                self.depot.rusted.add(train)
                text += "; its 2-train is discarded (the train limit)"
        self.emit("kyeongin_converted", text + ".", f"Replace the Kyeongin station in Incheon "
                  f"with a {corp} token; give {corp} the 2-train card if it keeps it.",
                  corporation=corp, hex=D.INCHEON, train=train)

    # -- B-E's free track --------------------------------------------------------------------
    def resource_lay(self, corp: str, company: str, action: dict) -> None:
        self.lay_daihan_tile(corp, action, resource=D.RESOURCES[company][0])
        where, token = D.RESOURCES[company]
        self.emit("resource_token", f"{corp} puts the {token} token on {action['hex']}.",
                  f"Put the {token} token on the new tile at {action['hex']}.",
                  corporation=corp, company=company, hex=action["hex"].strip(), token=token)
        self.pending_lay = None

    def resource_entries(self, corp: str) -> list[dict]:
        company = self.pending_lay[1]
        out = []
        lay = self.lay_entry(corp, company)
        if lay:
            resource = D.RESOURCES[company][0]
            lay["label"] = C.msg("act.resource_track", f"Lay the free track on a {resource}",
                                 resource=C.text(resource))
            out.append(lay)
        resource = D.RESOURCES[company][0]
        out.append(make_entry("skip_resource_track", corp, company=company,
                              about=C.company(company), label=C.msg(
                                  "act.skip_resource_track", f"No empty {resource} can be "
                                  "reached: skip the free track", resource=C.text(resource))))
        return out
