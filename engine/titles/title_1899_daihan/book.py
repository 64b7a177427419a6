"""What the phones show for 1899 DAIHAN: the core's book (``engine.core18xx.book``) with the
auction's state, the executive cars, the goods value, the game-end triggers and the list of
provisional values (each says where it comes from; the table corrects the book where its
box differs)."""
from __future__ import annotations

from engine import contract as C
from engine.titles.title_1899_daihan import data as D
from engine.titles.title_1899_daihan.words import PROV_LABEL_EN


class DaihanBookMixin:
    def round_message(self):
        r = self.round
        if r.name == "auction":
            return C.msg("round.daihan_auction", "Private auction: %(company)s",
                         company=r.auction.company or "-")
        return super().round_message()

    def book(self):
        sections = super().book()
        if self.ledger.broken:                  # §9: the bank is unlimited from then on
            for item in sections[0]["items"]:
                if item["label"]["code"] == "book.bank":
                    item["value"] = C.text(C.msg("book.unlimited", "unlimited"))
        extra = [s for s in (self._auction_facts(), self._rules_facts(),
                             self._provisional_facts()) if s]
        seating = C.drawn_seating(self.shares.seating)     # §3-N: random seating
        return sections[:1] + extra + sections[1:] + ([seating] if seating else [])

    def _auction_facts(self):
        if self.round.name != "auction" or not self.round.auction.company:
            return None
        r = self.round.auction
        items = [(C.msg("book.up_for_auction", "Up for auction"),
                  C.value("company", r.company, name=self.cname(r.company))),
                 (C.msg("book.auction_price", "Face value now"), C.money(r.price(self))),
                 (C.msg("book.still_to_come", "Still to come"),
                  C.listing("company", r.queue[1:]))]
        if r.high:
            items.append((C.msg("book.high_bid", "High bid"),
                          C.value("money", r.high[1], note=C.msg(
                              "book.high_bidder", "by %(player)s", player=self.pname(r.high[0])))))
        if r.out:
            items.append((C.msg("book.passed_on_it", "Passed on it"),
                          C.value("list", [C.player(p) for p in sorted(r.out)])))
        return C.facts("auction", C.msg("book.auction", "Private auction"), items, glance=True)

    def _rules_facts(self):
        items = [(C.msg("book.cars_left", "Executive cars left"), C.count(self.cars_left())),
                 (C.msg("book.car_price", "Executive car price"),
                  C.value("money", self.car_price(), note=C.msg("book.provisional",
                                                                 "provisional"))),
                 (C.msg("book.goods_value", "Goods per delivery"),
                  C.value("money", self.goods_value(), note=C.msg("book.provisional",
                                                                   "provisional")))]
        if self.cars:
            items.append((C.msg("book.cars_on", "Trains with a car"),
                          C.value("list", [self._car_on(t) for t in sorted(self.cars)])))
        if self.kyeongin_train:
            items.append((C.msg("book.kyeongin_train", "Kyeongin's 2-train"),
                          C.text(C.msg("book.kyeongin_runs", "runs Hanseong-Incheon"))))
        if self.hanseong_blocked():
            items.append((C.msg("book.hanseong", "Hanseong"),
                          C.text(C.msg("book.hanseong_blocked",
                                       "no upgrade while Seoul Tram is held"))))
        if self.d_bought:
            items.append((C.msg("book.game_end", "Game end"),
                          C.text(C.msg("book.end_after_set_d",
                                       "after this set (a D-train was bought)"))))
        homes = [C.text(C.msg("book.home_city", f"{sym}: {spec['home']}", company=sym,
                              city=spec["home"])) for sym, spec in self.corp_spec.items()]
        items.append((C.msg("book.homes", "Home cities"),
                      C.value("list", homes, note=C.msg("book.provisional", "provisional"))))
        return C.facts("daihan", C.msg("book.daihan_rules", "Cars, goods and homes"), items)

    def _car_on(self, train: str) -> dict:
        """A train with a car as the table finds it: its company, kind and number."""
        from engine.core18xx.trains import Depot
        corp, kind = self.train_owner.get(train), Depot.kind(train)
        n = self.train_number(corp, train) if corp in self.corps else None
        if n:
            return C.text(C.msg("book.car_on_nth", f"{corp}: {kind}-train no. {n}",
                                corporation=corp, kind=kind, n=n))
        return C.text(C.msg("book.car_on", f"{corp}: {kind}-train", corporation=corp,
                            kind=kind))

    def _provisional_facts(self):
        items = [(C.msg(f"book.prov.{k}", PROV_LABEL_EN[k]),
                  C.text(C.msg(f"prov.{k}", v))) for k, v in D.PROVISIONAL.items()]
        return C.facts("provisional", C.msg("book.provisional_title",
                                             "Provisional values (correct them if your box "
                                             "differs)"), items)
