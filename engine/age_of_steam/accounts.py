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
from engine.age_of_steam.building import NOT_YET
from engine.age_of_steam.links import PLACE_KINDS, link_key
from engine.age_of_steam.options import BEFORE_SHORTFALL

CORRECTION_LIMIT = 1000
NOBODY = "nobody"                      # a link's owner corrected to none
REGIONS = ("north", "south")           # a place's half (Korea)
REGISTER_KINDS = ("link_owner", "link_tiles", "link_reaches", "place_name", "place_kind",
                  "place_region")


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
                self.register.drop_owner(p)
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
        kinds = ("cash", "income", "track", "locomotive") + REGISTER_KINDS + \
            tuple(self.map.correction_kinds())
        if kind not in kinds:
            raise err("bad_correction", f"A correction is of {', '.join(kinds)}.", kind=kind)
        if kind in REGISTER_KINDS:
            what = self.correct_link(kind, action) if kind.startswith("link") \
                else self.correct_place(kind, action)
            self.emit("corrected_register", f"Correction by {self.pname(by)}: {what} "
                     f"({reason.strip()[:200]}).", by=by, kind=kind, what=what,
                     reason=reason.strip()[:200])
            return
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
        elif kind == "track":        # the scored track: what the register does not explain
            value = whole(action, "value", 0, 200)
            self.loose[who] += value - self.track_score(who)
        else:
            value = self.loco[who] = whole(action, "value", 1, D.MAX_LOCOMOTIVE)
        # (cash is money: its own param, which the words show in the title's currency)
        self.emit("corrected", f"Correction by {self.pname(by)}: {kind} of {self.pname(who)} "
                 f"is now {value} ({reason.strip()[:200]}).", by=by, player=who, kind=kind,
                 reason=reason.strip()[:200], **{"cash" if kind == "cash" else "value": value})

    def correct_link(self, kind: str, action: dict) -> str:
        """A link's owner (a player, or ``nobody``), tiles, or end (``reaches``: a place, or
        ``unfinished``). Checked whole before any change."""
        reg = self.register
        key = action.get("link")
        lid = int(key[1:]) if isinstance(key, str) and key[1:].isdigit() else -1
        link = reg.links.get(lid)
        if link is None:
            raise err("no_link", f"There is no link {key}.", link=str(key))
        if kind == "link_owner":
            owner = action.get("owner")
            if owner != NOBODY and owner not in self.players:
                raise err("bad_player", f"No player {owner!r} at this table.", player=owner)
            link["owner"] = None if owner == NOBODY else owner
        elif kind == "link_tiles":
            link["tiles"] = whole(action, "tiles", 0, 50)
        else:
            reaches = action.get("reaches")
            if reaches != NOT_YET and reaches not in reg.places:
                raise err("bad_reaches", "Say which place the link reaches, or that it stays "
                          "unfinished.")
            if reaches == link["a"]:
                raise err("link_loop", f"A link joins two places; it starts at {reaches}.",
                          name=reaches)
            link["b"] = None if reaches == NOT_YET else reaches
        owner_name = self.pname(link["owner"]) if link["owner"] else "–"
        return (f"link {lid}: {reg.describe_link(link)}, {owner_name}, {link['tiles']} "
                f"tile(s), {reg.state(link)}")

    def correct_place(self, kind: str, action: dict) -> str:
        """A place's name, kind (city, town, island) or region (North, South)."""
        reg = self.register
        place = action.get("place")
        if place not in reg.places:
            raise err("no_place", f"There is no place {place!r} on the register.",
                      name=str(place))
        if kind == "place_name":
            name = action.get("name")
            if not isinstance(name, str):
                raise err("bad_place", "A place's name is a word, not empty and not starting "
                          "with #.", name=str(name))
            reg.rename(place, name)
            place = name.strip()
        elif kind == "place_kind":
            if action.get("place_kind") not in PLACE_KINDS:
                raise err("bad_place_kind", f"A place is one of {', '.join(PLACE_KINDS)}.",
                          choices=list(PLACE_KINDS))
            reg.places[place]["kind"] = action["place_kind"]
        else:
            if action.get("region") not in REGIONS:
                raise err("bad_region", "A place is in the North or the South.",
                          choices=list(REGIONS))
            reg.places[place]["region"] = action["region"]
        p = reg.places[place]
        return f"{place}: {p['kind']}" + (f", {p['region']}" if p["region"] else "")

    def register_forms(self) -> list:
        """(kind, fields) of the register's corrections: one field each, so a form changes
        only what it names."""
        reg = self.register
        forms = []
        if reg.links:
            keys = [link_key(i) for i in reg.links]
            link = C.choice("text", keys, {link_key(i): C.msg(
                "link.name", f"Link {i}: {reg.describe_link(k)}", link=i,
                name=reg.describe_link(k)) for i, k in reg.links.items()},
                label=C.msg("form.link_corrected", "Link"))
            forms += [
                ("link_owner", {"link": link, "owner": C.choice(
                    "text", [*self.players, NOBODY], {
                        **{p: C.player(p) for p in self.players},
                        NOBODY: C.msg("word.nobody", "nobody")},
                    label=C.msg("form.owner", "Owner"))}),
                ("link_tiles", {"link": link, "tiles": C.number(
                    "count", 0, 50, default=1, label=C.msg("form.tiles", "Track tiles"))}),
                ("link_reaches", {"link": link, "reaches": C.choice(
                    "text", [NOT_YET] + reg.names(), {NOT_YET: C.msg(
                        "link.not_yet", "No place yet: the link stays unfinished")},
                    label=C.msg("form.reaches_corrected", "Reaches"))})]
        if reg.places:
            place = C.choice("text", reg.names(), label=C.msg("form.place", "Place"))
            forms += [
                ("place_name", {"place": place, "name": C.free_text(
                    20, not_in=reg.names(), label=C.msg("form.place_name", "New name"))}),
                ("place_kind", {"place": place, "place_kind": C.choice(
                    "text", list(PLACE_KINDS), {k: C.msg(f"place.{k}", k) for k in PLACE_KINDS},
                    label=C.msg("form.place_kind", "City, town or island"))})]
            if self.map.place_params():        # a map whose places carry a half (Korea)
                forms.append(("place_region", {"place": place, "region": C.choice(
                    "text", list(REGIONS), {r: C.msg(f"region.{r}", r.capitalize())
                                            for r in REGIONS},
                    label=C.msg("form.region", "North or South"))}))
        return forms

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
        out = [{"type": "correction", "kind": kind, "anytime": True,
                "label": C.msg(f"form.correct_{kind}", f"Correct {kind.replace('_', ' ')}"),
                "params": {"entity": seated, "player": who, **fields, "reason": reason}}
               for kind, fields in forms]
        return out + [{"type": "correction", "kind": kind, "anytime": True,
                       "label": C.msg(f"form.correct_{kind}", "Correct the register: "
                                      + kind.replace("_", " ")),
                       "params": {"entity": seated, **fields, "reason": reason}}
                      for kind, fields in self.register_forms()]
