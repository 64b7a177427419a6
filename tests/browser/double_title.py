"""A small 18xx-shaped test double title, registered only by tests (never by the app).

It has what the phone forms must handle without knowing a title: a bid with min/max/step,
a par with a list of prices, fixed-price buttons, a number with ``<name>_min``/``_max``,
a choice among dicts (trains), and consequences with board instructions (phase change,
rust, export, bank broken). A game ends after three sets of rounds or when the bank
breaks, so a browser test can play it to the scores in a few dozen steps.

``register()`` puts it in ``engine.titles.TITLES``; browser tests call it inside the
process that serves the app, the pages tests through the ``double`` fixture.
"""
from __future__ import annotations

from engine import titles
from engine.errors import GameError
from engine import contract as C
from engine.contract import msg
from engine.events import Event
from engine.titles import TitleSpec

ID = "double-18"
PRICES = [[60, 70, 80, 90, 100, 110, 120], [50, 60, 70, 80, 90, 100, 0], [40, 50, 60, 0, 0, 0, 0]]
COLORS = [["", "", "", "", "", "yellow", "yellow"], ["", "", "", "", "", "", ""],
          ["brown", "orange", "", "", "", "", ""]]
TRAINS = [("2", 80), ("2", 80), ("3", 180), ("3", 180), ("4", 300), ("4", 300)]
CORPS = ["AR", "BR"]


class Double:
    def __init__(self, players, seed, options):
        self.players = [p["id"] for p in players]
        self.names = {p["id"]: p["name"] for p in players}
        self.cash = {p: 400 for p in self.players}
        self.bank = 2000 if not options.get("short") else 700
        self.corps = {c: {"president": None, "treasury": 0, "shares": {}, "ipo": 10, "pos": None,
                          "trains": []} for c in CORPS}
        self.private_owner = None
        self.depot = list(TRAINS)
        self.phase = "2"
        self.round = ("Stock", 1)
        self.turn = 0
        self.passes = 0
        self.or_queue: list[str] = []
        self.sets = 0
        self.finished = False
        self.game_end_reason = None
        self.history_worth: list[dict] = []

    # -- helpers --------------------------------------------------------------
    def price(self, c):
        r, k = self.corps[c]["pos"]
        return PRICES[r][k]

    def acting(self):
        if self.round[0] == "Stock":
            return [self.players[self.turn]]
        return self.or_queue[:1]

    def worth(self, p):
        return self.cash[p] + sum(self.price(c) * n for c in CORPS if self.corps[c]["pos"]
                                  for q, n in self.corps[c]["shares"].items() if q == p)

    def _next_player(self):
        self.turn = (self.turn + 1) % len(self.players)

    def _start_or(self):
        self.round = ("Operating", self.sets + 1)
        self.or_queue = sorted([c for c in CORPS if self.corps[c]["pos"]], key=lambda c: -self.price(c))
        if not self.or_queue:
            return self._end_set()
        return []

    def _end_set(self):
        self.sets += 1
        self.history_worth.append({p: self.worth(p) for p in self.players})
        events = []
        if self.sets >= 3 or self.bank < 0:
            self.finished = True
            self.game_end_reason = "bank" if self.bank < 0 else "rounds"
            events.append(Event("game_end", "The game is over."))
        else:
            self.round = ("Stock", self.sets + 1)
            self.passes = 0
        return events

    def _pay(self, frm, to, n):
        for side, sign in ((frm, -1), (to, 1)):
            if side == "bank":
                self.bank += sign * n
            elif side in self.cash:
                self.cash[side] += sign * n
            else:
                self.corps[side]["treasury"] += sign * n

    # -- the contract ------------------------------------------------------------
    def apply(self, action):
        kind, who = action["type"], action.get("entity")
        if kind == "correction":
            return self._correct(action)
        if who not in self.acting():
            raise GameError("out_of_turn", f"It is not {who}'s turn.", entity=who)
        events = []
        if self.round[0] == "Stock":
            if kind == "pass":
                self.passes += 1
                self._next_player()
                if self.passes >= len(self.players):
                    events += self._start_or()
                return events
            self.passes = 0
            if kind == "bid":
                price = action.get("amount")
                if self.private_owner or not isinstance(price, int):
                    raise GameError("not_legal", "That step is not possible now.")
                if price > 300:
                    raise GameError("bid_too_high", f"The bid can be at most {300}.", max=300)
                if price < 50 or price % 5:
                    raise GameError("bid_too_low", "The bid must be at least 50.", min=50)
                if price > self.cash[who]:
                    raise GameError("not_enough_cash", "Not enough cash.")
                self._pay(who, "bank", price)
                self.private_owner = who
            elif kind == "par":
                c, price = action.get("corporation"), action.get("price")
                corp = self.corps.get(c)
                if not corp or corp["pos"] or price not in PRICES[0][:3]:
                    raise GameError("not_legal", "That step is not possible now.")
                if self.cash[who] < 2 * price:
                    raise GameError("not_enough_cash", "Not enough cash.")
                corp["pos"] = (0, PRICES[0].index(price))
                corp["president"] = who
                corp["shares"][who] = 2
                corp["ipo"] -= 2
                self._pay(who, c, 2 * price)
                events.append(Event("floated", f"{c} floats at {price}.",
                                    board=f"Put {c}'s token on {price} of the market.",
                                    params={"corporation": c, "price": price}))
            elif kind == "buy_share":
                c = action.get("corporation")
                corp = self.corps.get(c)
                if not corp or not corp["pos"] or corp["ipo"] < 1:
                    raise GameError("not_legal", "That step is not possible now.")
                if self.cash[who] < self.price(c):
                    raise GameError("not_enough_cash", "Not enough cash.")
                self._pay(who, c, self.price(c))
                corp["ipo"] -= 1
                corp["shares"][who] = corp["shares"].get(who, 0) + 1
            else:
                raise GameError("not_legal", "That step is not possible now.")
            self._next_player()
            return events
        # operating round: the entity is a corporation
        corp = self.corps[who]
        if kind == "pass":
            self.or_queue.pop(0)
        elif kind == "run":
            revenue, how = action.get("revenue"), action.get("kind")
            if not corp["trains"] or not isinstance(revenue, int) or revenue < 0 or revenue > 200:
                raise GameError("not_legal", "That step is not possible now.")
            if how == "payout":
                for p, n in corp["shares"].items():
                    self._pay("bank", p, revenue * n // 10)
                r, k = corp["pos"]
                corp["pos"] = (r, min(k + 1, 6 if r == 0 else 5 if r == 1 else 2))
            else:
                self._pay("bank", who, revenue)
                r, k = corp["pos"]
                corp["pos"] = (min(r + 1, 2), min(k, 2 if r >= 1 else 5))
            self.or_queue.pop(0)
            if self.bank < 0:
                events.append(Event("bank_broken", "The bank is broken: the game ends after this set.",
                                    board="Put the bank's money away; finish this set of rounds."))
        elif kind == "buy_train":
            tid = action.get("train")
            if not self.depot or self.depot[0][0] != tid:
                raise GameError("not_legal", "That step is not possible now.")
            name, price = self.depot[0]
            if corp["treasury"] < price:
                raise GameError("not_enough_cash", "Not enough cash.")
            self.depot.pop(0)
            self._pay(who, "bank", price)
            corp["trains"].append(name)
            if name != self.phase and name in ("3", "4"):
                self.phase = name
                events.append(Event("phase_change", f"Phase {name} begins.", board="Green tiles may now be laid."
                                    if name == "3" else "Brown tiles may now be laid.", params={"phase": name}))
                if name == "4":
                    rusted = [c for c in CORPS if "2" in self.corps[c]["trains"]]
                    for c in CORPS:
                        self.corps[c]["trains"] = [t for t in self.corps[c]["trains"] if t != "2"]
                    events.append(Event("rust", "2-trains rust.", board="Remove the 2-trains from "
                                        + (", ".join(rusted) or "no charter") + ".",
                                        params={"trains": "2"}))
        else:
            raise GameError("not_legal", "That step is not possible now.")
        if not self.or_queue:
            events += self._end_set()
        return events

    def _correct(self, action):
        reason = str(action.get("reason", "")).strip()
        if not reason:
            raise GameError("correction_reason", "A correction needs a reason.")
        who, amount = action.get("holder"), action.get("cash")
        if who not in self.cash or not isinstance(amount, int) or amount < 0:
            raise GameError("not_legal", "That step is not possible now.")
        self._pay("bank", who, amount - self.cash[who])
        return [Event("correction", f"Correction: {self.names[who]}'s cash set to {amount} ({reason}).",
                      board=f"Give {self.names[who]} {amount} in cash.", params={"reason": reason})]

    def legal_actions(self):
        """Declared entries (engine.contract): every param with its kind, type and choices."""
        out = []
        who = self.acting()[0] if self.acting() else None
        if self.round[0] == "Stock":
            cash = self.cash[who]
            if not self.private_owner and cash >= 50:
                out.append({"type": "bid", "entity": who, "company": "TA",
                            "label": C.msg("act.bid", "Bid on TA", company="TA"),
                            "params": {"amount": C.number("money", 50, cash, 5)}})
            for c in CORPS:
                corp = self.corps[c]
                if not corp["pos"] and cash >= 120:
                    out.append({"type": "par", "entity": who, "corporation": c,
                                "about": C.company(c),
                                "label": C.msg("act.par", f"Par {c}", corporation=c),
                                "params": {"price": C.choice(
                                    "money", [p for p in PRICES[0][:3] if 2 * p <= cash])}})
                elif corp["pos"] and corp["ipo"] and cash >= self.price(c):
                    out.append({"type": "buy_share", "entity": who, "corporation": c,
                                "price": self.price(c), "about": C.company(c),
                                "label": C.msg("act.buy_share", f"Buy a share of {c}",
                                               company=c)})
            out.append({"type": "pass", "entity": who, "label": C.msg("act.pass", "Pass")})
        elif who:
            corp = self.corps[who]
            if corp["trains"]:
                out.append({"type": "run", "entity": who,
                            "label": C.msg("act.run", "Run the trains"),
                            "params": {"revenue": C.number("money", 0, 200, 10),
                                       "kind": C.choice("text", ["payout", "withhold"], {
                                           "payout": C.msg("word.payout", "pay out"),
                                           "withhold": C.msg("word.withhold", "withhold")})}})
            if self.depot and corp["treasury"] >= self.depot[0][1]:
                out.append({"type": "buy_train", "entity": who,
                            "label": C.msg("act.buy_train", "Buy a train"),
                            "params": {"train": C.choice("train", [self.depot[0][0]])},
                            "show": [{"label": C.msg("field.price", "Price"),
                                      "value": C.money(self.depot[0][1])}]})
            out.append({"type": "pass", "entity": who, "label": C.msg("act.pass", "Pass")})
        out.append({"type": "correction", "anytime": True,
                    "label": C.msg("act.correction.cash", "Correct cash"),
                    "params": {"entity": {**C.choice("player", list(self.players)),
                                          "fill": "seat"},
                               "holder": C.choice("player", list(self.players)),
                               "cash": C.number("money", 0, 5000),
                               "reason": C.free_text(200)}})
        return out

    def book(self):
        """The book in contract sections (engine.contract)."""
        return C.book(
            C.facts("status", msg("book.status", "Now"), [
                (msg("book.round", "Round"), C.text(
                    msg("round.stock", f"Stock round {self.round[1]}", set=self.round[1])
                    if self.round[0] == "Stock" else
                    msg("round.operating.plain", f"Operating round {self.round[1]}",
                        set=self.round[1]))),
                (msg("book.phase", "Phase"), C.text(self.phase)),
                (msg("book.bank", "Bank"), C.money(self.bank))], glance=True),
            C.table("players", "players", msg("book.players", "Players"),
                    [("cash", msg("book.cash", "Cash"))],
                    [(p, {"cash": C.money(self.cash[p])}) for p in self.players], glance=True),
            C.table("entities", "companies", msg("book.companies", "Companies"),
                    [("president", msg("book.president", "President")),
                     ("treasury", msg("book.treasury", "Treasury")),
                     ("price", msg("book.price", "Price")),
                     ("trains", msg("book.trains", "Trains"))],
                    [(c, {**({"president": C.player(self.corps[c]["president"])}
                             if self.corps[c]["president"] else {}),
                          "treasury": C.money(self.corps[c]["treasury"]),
                          **({"price": C.price(self.price(c))} if self.corps[c]["pos"] else {}),
                          "trains": C.listing("train", self.corps[c]["trains"])})
                     for c in CORPS]),
            {"kind": "market", "id": "market", "title": msg("book.market", "Stock market"),
             "layout": "grid", "zones": {},
             "cells": [[{"price": p, "zone": None, "tokens": [
                 c for c in CORPS if self.corps[c]["pos"] == (r, k)]} if p else None
                 for k, p in enumerate(row)] for r, row in enumerate(PRICES)]},
        )

    def view(self):
        market = {"grid": [[{"price": p, "color": COLORS[r][k]} if p else None
                            for k, p in enumerate(row)] for r, row in enumerate(PRICES)],
                  "tokens": {c: list(self.corps[c]["pos"]) for c in CORPS if self.corps[c]["pos"]}}
        return {
            "round": {"type": self.round[0], "number": self.round[1]},
            "phase": self.phase,
            "bank": self.bank,
            "cash": dict(self.cash),
            "corporations": [{"id": c, "president": self.corps[c]["president"],
                              "treasury": self.corps[c]["treasury"],
                              "share_price": self.price(c) if self.corps[c]["pos"] else None,
                              "trains": list(self.corps[c]["trains"]),
                              "shares": dict(self.corps[c]["shares"]), "ipo": self.corps[c]["ipo"]}
                             for c in CORPS],
            "privates": [{"id": "TA", "owner": self.private_owner}],
            "market": market,
            "operating_order": list(self.or_queue),
            "train_market": [{"train": n, "price": p} for n, p in self.depot[:3]],
            "next_train": ({"train": self.depot[0][0],
                            "triggers": "phase " + self.depot[0][0] if self.depot[0][0] != self.phase
                            else ""} if self.depot else None),
            "net_worth_history": list(self.history_worth),
        }

    def result(self):
        return {p: self.worth(p) for p in self.players}


SPEC = TitleSpec(ID, "Double 18", "18xx", "¥", 2, 4, Double, words=("engine.core18xx.words",),
                 options={"short": {"kind": "flag",
                                    "label": msg("option_short", "Short bank (breaks early)")},
                          "pace": {"kind": "choice", "type": "text", "choices": ["calm", "brisk"],
                                   "default": "calm", "label": msg("option_pace", "Pace"),
                                   "labels": {"calm": msg("option_pace_calm", "Calm"),
                                              "brisk": msg("option_pace_brisk", "Brisk")},
                                   "rule": msg("option_pace_rule", "Rules: \"Play at your pace.\"")}},
                 source="tests")


def register():
    titles.TITLES[ID] = SPEC
    return SPEC
