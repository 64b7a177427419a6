"""18Korea's book in the declared contract, from the 18xx family's builders
(``engine.core18xx.book``): the same players, companies, trains and market sections as the
core's titles, with 18Korea's own facts (era, the Korean War, the final set, the rule
readings)."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx import book as B
from engine.titles.title_18korea import data as D

# RB §9 "The progress of the OR for each company": 1. the start-city station (first operation
# only), 2. lay tracks (3 TP), 3. build one station, 4. calculate revenue, 5. dividend or hold,
# 6. purchase trains. Steps 2-6 are the core's five, named by 18Korea's own action types.
HOME_STEP = ("step.home_station", "Build the start-city station")
STEP_CODES = ("lay_tile", "build_station", "run", "dividend", "buy_train")
STEP_WORDS = ("Lay or upgrade a tile", "Build a station", "Run the trains", "Dividend",
              "Buy a train")


class BookMixin(B.Scores):
    def round_message(self) -> dict:
        if self.round == "operating":
            return C.msg("round.operating", "Operating round %(set)s.%(num)s (of %(total)s)",
                         set=self.set_no, num=self.or_no, total=2)
        if self.round == "stock":
            return C.msg("round.stock", "Stock round %(set)s", set=self.set_no + 1)
        return C.msg(f"round.{self.round}", str(self.round).replace("_", " ").capitalize())

    def round_view(self) -> dict:
        """The round in the view: its name, set and number, and its own state."""
        rnd = {"kind": self.round, "set": self.set_no, "or": self.or_no}
        if self.round == "stock":
            rnd.update({"order": list(self.sr["order"]), "pass_tokens": list(self.sr["passes"]),
                        "acting": self.sr_acting(), "last": self.sr["last"],
                        "auction": dict(self.sr["auction"]) if self.sr["auction"] else None,
                        "par_pending": dict(self.sr["par"]) if self.sr["par"] else None})
        elif self.round == "operating":
            turn = self.ors.get("turn")
            rnd.update({"operating_order": ([turn["company"]] if turn else []) + [
                s for s in self.operating_order() if not turn or s != turn["company"]],
                "done": list(self.ors["done"]),
                "turn": dict(turn, step=self.turn_step()) if turn else None,
                "final_set": self.final_set})
        elif self.round == "draft":
            pid, batch = self.draft_current()
            rnd.update({"picking": pid, "offer": list(self.draft["batches"][batch]) if pid else [],
                        "discarded": list(self.draft["discarded"])})
        return rnd

    def book(self) -> list[dict]:
        live = [c for c in self.live_companies()]
        players = [(pid, {"cash": self.cash[pid], "certs": self.certs(pid),
                          "limit": self.cert_limit(),
                          "shares": [(sym, book[pid] * 10, self.companies[sym].director == pid)
                                     for sym, book in self.shares.items() if book.get(pid)],
                          "privates": list(self.hands[pid])})
                   for pid in self.seating]
        companies = [(c.sym, {"president": c.director,
                              "price": self.price(c.sym) if c.sym in self.price_idx else None,
                              "par": c.par, "treasury": c.cash, "trains": list(c.trains),
                              "tokens_left": len(c.tokens),
                              "ipo": self.units(c.sym, "company") * 10,
                              "pool": self.units(c.sym, "pool") * 10})
                     for c in live if c.founded or c.director]
        nt = self.next_train_triggers() or {}
        supply = [(t, n, D.TRAIN_PRICE.get(t)) for t, n in self.depot.items()]
        tokens: dict = {}
        for (r, i), stack in self.market.stacks.items():
            if stack:
                tokens[i] = list(stack)
        war = {"none": C.msg("war.none", "not yet"), "revealed": C.msg(
            "war.revealed", "the war card is revealed: war at the end of this operating round"),
            "done": C.msg("war.done", "over")}.get(self.war, C.msg("war.other", str(self.war)))
        # the readings of the end (the 8E trigger, an exported first 4) are the table's
        # options: the "Rule readings" section says them (readings.OPTIONS), not the status
        end = [(C.msg("book.final_set", "Final set"), C.flag(True))] if self.final_set else []
        built = [(hx, {"tile": h.get("tile"), "stations": [s for s in h.get("seats") or [] if s]})
                 for hx, h in sorted(self.hexes.items()) if h.get("tile") or any(h.get("seats") or [])]
        return C.book(
            B.status(round_text=self.round_message(), acting=self.acting(),
                     controller=self.controller,
                     phase=self.era, bank_unlimited=True, train_limit=self.train_limit,
                     cert_limit=self.cert_limit(),
                     extra=[(C.msg("book.korean_war", "Korean War"), C.text(war))] + end),
            self.turn_steps(),
            self.auction_bids(),
            B.made_again(self, "players", B.players_table, players),
            B.made_again(self, "companies", B.companies_table, companies),
            *B.made_again(self, "trains", B.trains_section, supply, nt.get("type"),
                          nt.get("price"), nt.get("triggers") or [], (), sorted(self.rusted)),
            B.market_track(list(D.MARKET), tokens),
            self.readings(),
            B.made_again(self, "map", B.map_table, built),
            C.drawn_seating(self.seating),       # §3: the seating is drawn at set-up
        )

    def auction_bids(self) -> dict | None:
        """A running auction (RB §7.3): the high bid, and each bidder still in with the cash
        the bid leaves free."""
        a = self.sr.get("auction") if self.round == "stock" else None
        if not a:
            return None
        return B.open_bids({a["company"]: [(a["high"], a["bid"])]},
                           [(p, self.auction_cash(p)["value"]) for p in a["active"]])

    def turn_steps(self) -> dict | None:
        """The operating company's turn, its steps in the order of RB §9 (the core's builder,
        ``engine.core18xx.book.operating_steps``): the start-city station on its first
        operation (done once the station stands: a full start city waits for its upgrade,
        §9.1 a), then track (done when its 3 TP are spent or it moved on), station, revenue,
        dividend and trains. In the final set it starts at the run: track and station are
        passed by."""
        from engine.titles.title_18korea.steps import TURN_STEPS as STEPS
        turn = self.ors.get("turn") if self.round == "operating" else None
        if not turn:
            return None
        comp = self.companies[turn["company"]]
        at = STEPS.index(self.turn_step())            # home, track, station, run, ...
        home = [(C.msg(*HOME_STEP), comp.home_placed)] \
            if comp.operated == 0 or not comp.home_placed else []
        return B.operating_steps(comp.sym, max(at - 1, 0), at > 0 and not turn["tp"],
                                 turn["station"], before=home, codes=STEP_CODES,
                                 words=STEP_WORDS)
