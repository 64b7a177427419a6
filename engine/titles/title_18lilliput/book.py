"""What the phones show: ``book()`` as ``engine.contract`` sections, and ``view()`` as plain
JSON state (tools and tests)."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.book import acting_value
from engine.core18xx.shares import IPO
from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import filled_msg
from engine.titles.title_18lilliput.words import WORDS

PROV = C.msg("note.provisional", "provisional: printed on the cards")
STEPS = {"draft": "Draft", "actions": "Action cards", "runs": "Train runs", "over": "Game over"}


def M(code, en, **params):
    return filled_msg(code, en, **params)


class BookMixin:
    def book(self) -> list[dict]:
        return C.book(self._book_round(), self._book_players(), self._book_companies(),
                      self._book_trains(), self._book_market(), self._book_map(),
                      self._book_notes(),
                      C.log("recent", M("book.recent", "What happened"), list(self.recent)))

    def _book_round(self):
        row = self.phase_row()
        acting = self.acting()
        items = [
            (M("label.round", "Round"), C.value("count", self.round,
                                                note=M("note.of_rounds", "of %(n)s", n=D.ROUNDS))),
            (M("label.step", "Step"), C.text(M("step." + self.step, STEPS[self.step]))),
            (M("label.phase", "Phase"), C.count(self.phase)),
            (M("label.train_limit", "Train limit"), C.count(row["limit"])),
            (M("label.colours", "Track in use"), C.listing("text", [
                M("colour." + c, c) for c in self.colours_in_use()])),
            (M("label.company_cash", "Company cash card"), C.money(row["company_cash"])),
            (M("label.first_player", "First player"), C.player(self.order_from_first()[0])),
            (M("label.acting", "Acting"),
             acting_value(acting[0], getattr(self, "controller", None)) if acting else None,
             C.ACTING),
        ]
        if self.step == "actions":
            number = {c: i for i, c in enumerate(D.ACTION_CARDS, 1)}    # (short: the summary)
            items.append((M("label.cards_free", "Action cards not taken, by number"),
                          C.listing("count", [number[c] for c in self.free_cards()])))
            if self.pending:
                card, effect = self.pending["card"], self.pending["effect"]
                items.append((M("label.pending", "Card in use"),
                              C.text(C.msg("pending", f"{card}: {effect}", card=card,
                                           effect=C.msg("effect." + effect, effect)))))
        if self.is_last_round():
            items.append((M("label.last_round", "Last round: dividends doubled, no withholding"),
                          C.flag(True)))
        return C.facts("round", M("book.round", "Round"), items, glance=True)

    def _book_players(self):
        scores = self.result()
        rows = []
        for p in self.seating:
            chars = [ch for ch, h in self.characters.items() if h == p]
            rows.append((p, {
                "cash": C.money(self.ledger.of(p)),
                "certs": C.value("count", self.certs(p),
                                 note=M("note.of_limit", "of %(n)s", n=D.CERT_LIMIT)),
                "cards": C.listing("text", self.cards_of(p)) if self.step == "actions"
                else C.listing("text", []),
                "characters": C.listing("text", [M("character." + c, D.CHARACTER_NAMES[c])
                                                 for c in chars]),
                "land_copy": C.flag(not self.land_copy_used[p]),
                "worth": C.money(scores[p]),
            }))
        return C.table("players", "players", M("book.players", "Players"),
                       [("cash", M("col.cash", "Cash"), C.GLANCE),
                        ("certs", M("col.certs", "Certificates"), C.GLANCE),
                        ("cards", M("col.cards", "Cards this round")),
                        ("characters", M("col.characters", "Character")),
                        ("land_copy", M("col.land_copy", "Land Copy card unused")),
                        ("worth", M("col.worth", "Worth (score)"), C.GLANCE)], rows, glance=True)

    def _book_companies(self):
        rows = []
        for c in self.live_companies():
            co = self.companies[c]
            holders = {h: p for h, p in self.shares.holders(c).items() if h != IPO}
            rows.append((c, {
                "name": C.text(co["name"]),
                "director": C.player(co["director"]),
                "price": C.price(self.price(c)),
                "cash": C.money(self.ledger.of(c)),
                "trains": C.value("list", [C.value("train", Depot.kind(t), note=M(
                    "note.obsolete", "obsolete: half") if self.is_obsolete(t) else None)
                    for t in co["trains"]]),
                "stations": C.listing("hex", co["stations"]),
                "markers": C.count(co["markers"]),
                "bank_shares": C.percent(self.shares.percent(c, IPO)),
                "holders": C.listing("text", [f"{self.player_name(h)} {p}%"
                                              for h, p in holders.items()]),
            }))
        return C.table("entities", "companies", M("book.companies", "Companies"),
                       [("name", M("col.name", "Name")),
                        ("director", M("col.director", "Director"), C.GLANCE),
                        ("price", M("col.price", "Price"), C.GLANCE),
                        ("cash", M("col.cash", "Cash"), C.GLANCE),
                        ("trains", M("col.trains", "Trains")),
                        ("stations", M("col.stations", "Stations")),
                        ("markers", M("col.markers", "Markers left")),
                        ("bank_shares", M("col.bank_shares", "In the bank"), C.GLANCE),
                        ("holders", M("col.holders", "Holders"))], rows, glance=True)

    def _book_trains(self):
        rows = []
        obsolete, rusted = self.obsolete_types(), self.rusted_types()
        for t in D.TRAIN_TYPES:
            status = "rusted" if t in rusted else "obsolete" if t in obsolete else "normal"
            rows.append((t, {
                "price": C.value("money", self.depot.price(f"{t}-0"), note=PROV),
                "deck": C.count(sum(1 for x in self.depot.upcoming if Depot.kind(x) == t)),
                "pool": C.count(sum(1 for x in self.depot.discarded if Depot.kind(x) == t)),
                "status": C.text(M("train_status." + status, status)),
            }))
        return C.table("trains", "trains", M("book.trains", "Train deck and pool"),
                       [("price", M("col.price", "Price")), ("deck", M("col.deck", "In the deck")),
                        ("pool", M("col.pool", "In the train pool")),
                        ("status", M("col.status", "Status"))], rows)

    def _book_market(self):
        cells = []
        for r, row in enumerate(self.market.prices):
            out = []
            for c, v in enumerate(row):
                out.append(None if v is None else
                           {"price": v, "zone": None,
                            "tokens": list(self.market.stacks.get((r, c), []))})
            cells.append(out)
        return {"kind": "market", "id": "index",
                "title": M("book.index", "Share price index (provisional values)"),
                "layout": "grid", "cells": cells, "zones": {}}

    def _book_map(self):
        rows = []
        for pos, t in sorted(self.tiles.items()):
            rows.append((pos, {
                "kind": C.text(M("kind." + t["kind"], WORDS["kind." + t["kind"]]["en"])),
                "colour": C.text(M("colour." + t["colour"], t["colour"])),
                "exits": C.text(t["exits"]),
                "stations": C.value("list", [C.company(s, self.company_name(s))
                                             for s in t["stations"]]),
                "slots": C.count(t["slots"]),
            }))
        return C.table("map", "cards", M("book.cards", "Track cards on the table"),
                       [("kind", M("col.kind", "Kind")), ("colour", M("col.colour", "Colour")),
                        ("exits", M("col.exits", "Exits")),
                        ("stations", M("col.stations", "Stations")),
                        ("slots", M("col.slots", "Slots"))], rows)

    def _book_notes(self):
        items = [M("note.character", "Round %(round)s, %(player)s, %(character)s: %(text)s",
                   round=n["round"], player=n["player"], character=n["character"],
                   text=n["text"]) for n in self.notes[-12:]]
        return C.log("notes", M("book.notes", "Character powers used (no automatic effect)"),
                     items)

    def view(self) -> dict:
        return {
            "round": self.round, "step": self.step, "phase": self.phase,
            "first_player": self.order_from_first()[0],
            "cash": {h: v for h, v in self.ledger.cash.items()},
            "companies": {c: {"director": co["director"], "trains": list(co["trains"]),
                              "stations": list(co["stations"]), "markers": co["markers"],
                              "price": self.price(c) if c in self.market.pos else None,
                              "shares": self.shares.holders(c)}
                          for c, co in self.companies.items() if co["in_play"]},
            "deck": list(self.depot.upcoming), "pool": list(self.depot.discarded),
            "tiles": {p: dict(t, stations=list(t["stations"])) for p, t in self.tiles.items()},
            "characters": dict(self.characters), "cards_taken": dict(self.taken),
            "pending": dict(self.pending) if self.pending else None,
            "must_discard": list(self.must_discard),
            "land_copy_used": dict(self.land_copy_used),
        }
