"""18Korea's corrections on the core's machinery (``engine.core18xx.corrections.Corrections``:
one entry per kind, any seated player, a required reason, one ``correction`` event). The
kinds are this title's, on its own books: ``cash`` sets a holder's cash to an amount (the
book's number, as the table counts the money on the table), ``price`` a place on the one-row
stock track, ``add_train``/``remove_train``, ``depot`` (how many of a type the train market
holds), ``shares`` (whole 10% shares between a company, the pool and the players; the
director's certificate stays with a player), ``station_token`` (a card's extra token, RB §2)
and ``hex`` (a hex's side, kind and printed cost read off the board). Each fix returns what
it did; the core emits it and this title keeps it in the book's list of corrections."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.corrections import Corrections
from engine.core18xx.steps.base import worded
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class KoreaCorrections(Corrections):
    def correction_seats(self) -> list[str]:
        return list(self.seating)

    def may_correct(self, entity) -> bool:
        return entity in self.cash

    def _fix(self, what: str, reason: str, **params) -> None:
        self.corrections.append({"kind": params["kind"], "reason": reason, "what": what})
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
        return f"{target}'s cash set to ₩{amount:,}"

    def _fix_price(self, action, reason):
        sym = self.company(action.get("company")).sym
        price = action.get("price")
        if sym not in self.price_idx:
            err("not_founded", f"{sym} has no share price.")
        if price not in D.MARKET:
            err("bad_price", f"{price} is not on the stock track.", choices=D.MARKET)
        self.set_price_idx(sym, D.MARKET.index(price))
        return f"{sym}'s share price set to {price}"

    def _fix_add_train(self, action, reason):
        comp = self.company(action.get("company"))
        train = self._train_type(action)
        comp.trains.append(train)
        return f"{comp.sym}: added a {train}-train"

    def _fix_remove_train(self, action, reason):
        comp = self.company(action.get("company"))
        train = self._train_type(action)
        if train not in comp.trains:
            err("no_such_train", f"{comp.sym} has no {train}-train.")
        comp.trains.remove(train)
        return f"{comp.sym}: removed a {train}-train"

    def _fix_depot(self, action, reason):
        train = self._train_type(action)
        count = action.get("count")
        if count < 0:
            err("bad_count", "A count cannot be negative.")
        self.depot[train] = count
        self.update_era()
        self.check_end_on_sale()
        return f"the train market holds {count} {train}-train(s)"

    def _fix_shares(self, action, reason):
        sym = self.company(action.get("company")).sym
        if not self.companies[sym].founded:
            err("not_founded", f"{sym} has not been founded.")
        src, dst = action.get("source"), action.get("to")
        for who in (src, dst):
            if who not in ("company", "pool") and who not in self.cash:
                err("bad_holder", "Holders are 'company', 'pool' or a player id.")
        count = action.get("count", 1)
        if count < 1 or self.units(sym, src) < count:
            err("not_enough_shares", f"{src} holds {self.units(sym, src)} share(s) of {sym}.")
        director = self.companies[sym].director
        if src == director and self.units(sym, src) - count < 2 and \
                not any(self.units(sym, p) >= 2 for p in self.cash if p != src) and \
                not (dst in self.cash and self.units(sym, dst) + count >= 2):
            err("director_certificate", "The director's certificate must stay with a player.")
        self.move_units(sym, src, dst, count)
        self.check_director(sym)
        return f"{count} share(s) of {sym} moved from {src} to {dst}"

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
            return f"{comp.sym} gets a station token (₩{cost:,}) at the right of its dashboard"
        if op == "remove":
            if not comp.tokens:
                err("no_tokens", f"{comp.sym} has no station token left.")
            cost = comp.tokens.pop()
            return f"{comp.sym}'s rightmost station token (₩{cost:,}) is removed"
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
        return f"hex {hx} is {self.hex_facts_text(hx)}"

    @staticmethod
    def _train_type(action) -> str:
        train = str(action.get("train"))
        if train not in D.TRAIN_ORDER:
            err("bad_train", f"Trains are {', '.join(D.TRAIN_ORDER)}.")
        return train

    CORRECTIONS = {"cash": _fix_cash, "price": _fix_price, "add_train": _fix_add_train,
                   "remove_train": _fix_remove_train, "depot": _fix_depot,
                   "shares": _fix_shares, "station_token": _fix_station_token,
                   "hex": _fix_hex}
