"""18Korea's corrections on the core's machinery (``engine.core18xx.corrections.Corrections``:
one entry per kind, any seated player, a required reason, one ``correction`` event).

The kinds that mean what they mean in every 18xx title are the core's, on the core's books
through this title's accessors below: ``price`` (the core's ``share_price``: a place on the
one-row stock track, named by its price), ``add_train``/``remove_train`` (the core's
``train``, op give/remove) and ``shares`` (the core's ``shares``: whole 10% shares between the
company's dashboard, the pool and the players), each under its recorded kind and fields.

This title's own: ``cash`` sets a holder's cash to an amount (the book's number, as the table
counts the money on the table; the core's adds one), ``depot`` (how many of a type the train
market holds: its train market is counts, not the core's ``Depot``), ``station_token`` (a
card's extra token, RB §2) and ``hex`` (a hex's side, kind and printed cost read off the
board). Each fix is emitted by the core; this title keeps it in the book's list of
corrections."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.corrections import Corrections
from engine.core18xx.shares import IPO, POOL
from engine.core18xx.steps.base import worded
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class KoreaCorrections(Corrections):
    CURRENCY = "₩"
    HOLDERS_SAID = {**Corrections.HOLDERS_SAID, "company": "the company's dashboard"}

    def correction_seats(self) -> list[str]:
        return list(self.seating)

    def may_correct(self, entity) -> bool:
        return entity in self.cash

    def _fix(self, what, reason: str, **params) -> None:
        self.corrections.append({"kind": params["kind"], "reason": reason,
                                 "what": what["message"] if isinstance(what, dict) else what})
        super()._fix(what, reason, **params)

    def correction_forms(self) -> list[tuple[str, dict, dict]]:
        live = [c.sym for c in self.live_companies()]
        out = []

        def form(kind, **params):
            if all(spec.get("choices", [None]) for spec in params.values()):
                out.append((kind, {}, params))
        form("cash", target=C.choice("entity", list(self.seating) + live),
             amount=C.number("money", 0, 100000))
        form("depot", train=C.choice("train", list(D.TRAIN_ORDER)), count=C.number("count", 0, 20))
        form("hex", hex=C.free_text(D.LABEL_MAX, suggestions=sorted(self.map, key=str.upper),
                                    normalise="upper"),
             side=worded("text", ["N", "S"], optional=True),    # any of the three facts
             hex_kind=worded("text", list(D.HEX_KINDS), optional=True),
             cost=C.number("money", 0, D.MAX_PRINTED_COST, D.COST_STEP, optional=True))
        if live:
            form("price", company=C.choice("company", live),
                 price=C.choice("money", list(D.MARKET)))
            form("add_train", company=C.choice("company", live),
                 train=C.choice("train", list(D.TRAIN_ORDER)))
            form("remove_train",
                 company=C.choice("company", [s for s in live if self.companies[s].trains]),
                 train=C.choice("train",
                                sorted({t for s in live for t in self.companies[s].trains}),
                                choices_by={"field": "company", "map": {
                                    s: sorted(set(self.companies[s].trains)) for s in live}}))
            form("station_token", company=C.choice("company", live),
                 op=worded("text", ["add", "remove"]),
                 cost=C.number("money", 0, D.MAX_PRINTED_COST, D.COST_STEP))
            holders = ["company", "pool"] + list(self.seating)
            form("shares", company=C.choice("company", live),
                 source=worded("entity", holders, ["pool"]),
                 to=worded("entity", holders, ["pool"]),
                 count=C.number("count", 1, 8))
        return out

    # -- the kinds -------------------------------------------------------------------------
    def _fix_cash(self, action, reason):
        target = action.get("target")
        amount = action.get("amount")
        if amount < 0:
            err("bad_amount", "Cash cannot be negative.")
        if target in self.cash:
            delta = amount - self.cash[target]
        else:
            delta = amount - self.company(target).cash
        self.pay("bank", target, delta)
        who = C.player(target) if target in self.cash else C.company(target)
        return C.msg("fixed.cash.set", f"{self.names.get(target, target)}'s cash set to "
                     f"₩{amount:,}", target=who, amount=C.money(amount))

    # -- the core's kinds: this title's books as the core's corrections name them ------------
    def correction_company(self, action) -> str:
        comp = self.company(action.get("company"))
        if not comp.founded:
            err("not_founded", f"{comp.sym} has not been founded.", company=comp.sym)
        return comp.sym

    def company_trains(self, sym: str) -> list:
        return self.companies[sym].trains

    def train_from_bank(self, sym: str, train) -> str:
        # the train market is counts: the table corrects it by itself (``depot``)
        return self._train_type({"train": train})

    def train_out_of_play(self, sym: str, train: str, op: str) -> None:
        """Nothing more: a type taken from a company leaves play (``depot`` counts the market)."""

    def share_book(self):
        return self.sharebook

    def share_holders(self) -> dict:
        return {"company": IPO, "pool": POOL, **{p: p for p in self.seating}}

    def check_share_correction(self, sym: str, src: str, dst: str, pct: int) -> None:
        """RB §7.1: the director's certificate (20%) stays with a player: the director may
        give shares away only while they, the receiver or another player keep two."""
        book = self.sharebook
        left = book.percent(sym, src) - pct
        if src == self.companies[sym].director and left < 20 and \
                not any(book.percent(sym, p) >= 20 for p in self.cash if p != src) and \
                not (dst in self.cash and book.percent(sym, dst) + pct >= 20):
            err("director_certificate", "The director's certificate must stay with a player.")

    def after_share_correction(self, sym: str, src: str) -> None:
        self.check_director(sym)

    def _fix_depot(self, action, reason):
        train = self._train_type(action)
        count = action.get("count")
        if count < 0:
            err("bad_count", "A count cannot be negative.")
        self.depot[train] = count
        self.update_era()
        self.check_end_on_sale()
        return C.msg("fixed.depot", f"the train market holds {count} × {train}-train",
                     count=C.count(count), train=C.train(train))

    def _fix_station_token(self, action, reason):
        # RB §2: asset cards may bring extra station tokens; for a card whose text the
        # table entered (no automatic effect), the table adds or removes the token here
        comp = self.company(action.get("company"))
        op = action.get("op")
        if op == "add":
            cost = action.get("cost", 0)
            if not 0 <= cost <= D.MAX_PRINTED_COST:
                err("bad_cost", f"A station token costs ₩0-{D.MAX_PRINTED_COST}.")
            comp.tokens.append(cost)
            return C.msg("fixed.station_token.add", f"{comp.sym} gets a station token "
                         f"(₩{cost:,}) at the right of its dashboard",
                         company=C.company(comp.sym), cost=C.money(cost))
        if op == "remove":
            if not comp.tokens:
                err("no_tokens", f"{comp.sym} has no station token left.")
            cost = comp.tokens.pop()
            return C.msg("fixed.station_token.remove", f"{comp.sym}'s rightmost station "
                         f"token (₩{cost:,}) is removed", company=C.company(comp.sym),
                         cost=C.money(cost))
        err("bad_op", "A station-token correction is op 'add' or 'remove'.")

    def _fix_hex(self, action, reason):
        # the board disagrees with the book about a hex (or a hex is entered before any
        # tile: e.g. a city for OA09's station): side, kind and printed cost, validated
        hx = self.resolve_hex(action.get("hex"), known=False)
        named = bool(D.named_city(hx))
        info = dict(self.map.get(hx) or {"name": "", "side": None, "kind": None, "cost": None,
                                         "letter": None, "source": "entered by correction",
                                         "provisional": []})
        changed = []
        for key, field in (("side", "side"), ("kind", "hex_kind"), ("cost", "cost")):
            if action.get(field) not in (None, ""):
                info[key] = action[field]
                changed.append(key)
        if not changed:
            err("nothing_to_correct", "Give the hex's side, hex_kind and/or cost.")
        info["side"], info["kind"], info["cost"] = self.check_hex_facts(
            info["side"], info["kind"], info["cost"], label=not named)
        if named and (info["kind"] == "metro") != (hx in D.METROPOLITAN):
            err("metro_mismatch", "The rulebook's tile chart makes exactly "
                f"{', '.join(D.METROPOLITAN)} metropolitan cities.", field="hex_kind")
        st = self.hexes.get(hx)
        if st and info["kind"] in ("plain", "small") and (any(st["seats"]) or st["outer"]):
            err("stations_there", f"{hx} holds stations: it must be a big city.")
        info["provisional"] = [k for k in info.get("provisional", []) if k not in changed]
        info["source"] = (info.get("source", "") + "; corrected by the table").lstrip("; ")
        self.map[hx] = info
        if st:
            need = self.seats_for(hx, st["color"])
            if need > len(st["seats"]):
                st["seats"] += [None] * (need - len(st["seats"]))
        return C.msg("fixed.hex", f"hex {hx} is {self.hex_facts_text(hx)}",
                     hex=C.value("hex", hx), cost=C.money(info["cost"]),
                     kind=C.text(C.msg(f"word.{info['kind']}", info["kind"])),
                     side=C.text(C.msg(f"word.{info['side']}", info["side"])))

    @staticmethod
    def _train_type(action) -> str:
        train = str(action.get("train"))
        if train not in D.TRAIN_ORDER:
            err("bad_train", f"Trains are {', '.join(D.TRAIN_ORDER)}.")
        return train

    # what each kind posts that is a value of a type (the history line says it so)
    CORRECTION_POSTS = {**Corrections.CORRECTION_POSTS,
                        "depot": {"train": "train", "count": "count"},
                        "hex": {"hex": "hex", "cost": "money"},
                        "price": {"company": "company", "price": "money"},
                        "add_train": {"company": "company", "train": "train"},
                        "remove_train": {"company": "company", "train": "train"},
                        "station_token": {"company": "company", "cost": "money"},
                        "shares": {"company": "company", "source": "entity", "to": "entity",
                                   "count": "count"}}
    CORRECTIONS = {"cash": _fix_cash, "price": Corrections._fix_share_price,
                   "add_train": Corrections._fix_train_give,
                   "remove_train": Corrections._fix_train_remove, "depot": _fix_depot,
                   "shares": Corrections._fix_shares, "station_token": _fix_station_token,
                   "hex": _fix_hex}
