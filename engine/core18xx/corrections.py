"""The ``correction`` action: the table fixes the book with a reason; the physical board is
the authority, so every value the book keeps can be corrected. Money still only moves to or
from the bank. Mixed into ``Core18xx``.

Kinds (each with a required ``reason``):

- ``cash`` {target, amount}: add (or take, if negative) money of a player or company
- ``share_price`` {corporation, row, column}: put a market marker on a space
- ``train`` {corporation, train, op: remove | give}: take a train out of play, or give one
  from the bank
- ``shares`` {corporation, source, to, percent}: move shares between the IPO, the pool and
  players (presidency and float follow)
- ``company`` {company, owner}: a private's owner (a player, a company, ``bank``), or
  ``closed``
- ``tile`` {hex, tile, rotation}: the tile on a hex (``tile`` "none" clears it); the supply
  follows
- ``token`` {corporation, hex, city, op: add | remove}: a station token (no money moves)
- ``phase`` {phase}: the current phase
- ``priority`` {player}: who holds the priority deal
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.bank import BANK
from engine.core18xx.board import turned
from engine.core18xx.shares import IPO, POOL
from engine.core18xx.entries import entry, seat_param
from engine.core18xx.steps.base import worded
from engine.core18xx.trains import Depot
from engine.errors import GameError

CASH_LIMIT = 100000


class Corrections:
    """The ``correction`` action of every 18xx title (1888-N, 1899 DAIHAN, 18Korea,
    18 Lilliput): one legal entry per kind, for any seated player at any time, a required
    reason, and one ``correction`` event. What a title corrects is data, as its steps are:
    ``CORRECTIONS`` maps each kind to its fix (``fix(g, action, reason)``, which changes the
    book and either emits through ``_fix`` or returns what it did in words) and
    ``correction_forms()`` lists each kind's params. A title adds kinds to the core's
    (``CORRECTIONS = {**CorrectionsMixin.CORRECTIONS, "kind": _fix_kind}``) or, when its
    books are not the core's (18Korea, 18 Lilliput), lists its own on this machinery."""
    CORRECTIONS: dict = {}
    # what each kind posts that is a value of a type (``Step.POSTS``, by kind)
    CORRECTION_POSTS: dict = {"cash": {"target": "entity", "amount": "money"}}
    CURRENCY = ""
    ZERO_CASH_CORRECTION = False     # a cash correction of 0 is refused (18 Lilliput records it)

    def correction_seats(self) -> list[str]:
        """The seats a correction's form offers: the players still in the game."""
        return [p for p in self.players if p not in self.bankrupt]

    def may_correct(self, entity) -> bool:
        """Who may enter a correction: a player at the table."""
        return entity in self.players

    def correction_forms(self) -> list[tuple[str, dict, dict]]:
        """(kind, fixed fields of the entry, params) of each kind offered now."""
        return []

    def correction_seat_param(self) -> dict:
        return seat_param(self.correction_seats())

    def correction_reason_param(self) -> dict:
        return C.free_text(200)

    def correction_legal(self) -> list[dict]:
        """One form per kind, for any seated player at any time (``entity``: the seat). A
        form's fixed fields may carry its ``label`` (a message); else the kind's words
        (``correction_label``)."""
        seat, reason = self.correction_seat_param(), self.correction_reason_param()
        out = []
        for kind, fixed, params in self.correction_forms():
            fixed = dict(fixed)
            label = fixed.pop("label", None) or correction_label(kind, fixed.get("op"))
            out.append(entry("correction", kind=kind, **fixed, anytime=True, label=label,
                             params={"entity": seat, **params, "reason": reason}))
        return out

    def correction(self, action: dict) -> None:
        by = action.get("entity")
        if not self.may_correct(by):
            raise GameError("bad_entity", "A correction is entered by a player at the table.",
                            entity=by)
        reason = action.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise GameError("correction_reason", "A correction needs a reason.")
        reason = reason.strip()[:200]
        kind = action.get("kind")
        handler = self.CORRECTIONS.get(kind)
        if handler is None:
            raise GameError("bad_correction",
                            f"A correction's kind is one of {', '.join(self.CORRECTIONS)}.",
                            kind=kind, kinds=list(self.CORRECTIONS))
        what = handler(self, action, reason)
        if what is not None:                 # a fix that says what it did in words
            self._fix(what, reason, kind=kind, by=by)
        self.after_correction()

    def after_correction(self) -> None:
        """What follows any correction (18 Lilliput: who is now over the train limit)."""

    def _fix(self, what, reason: str, **params) -> None:
        """The correction's event; ``what`` it did is a message (its words in every language:
        ``fixed.<kind>``) or, from a title's own kind, English alone."""
        by = params.pop("by")
        name = self.names.get(by, by)
        english = what["message"] if isinstance(what, dict) else what
        self.emit("correction", f"Correction by {name}: {english} ({reason}).",
                  f"Check the board: {english}.", kind=params.pop("kind"), what=what,
                  reason=reason, by=by, by_name=name, **params)

    def _holder(self, who: str) -> dict:
        """A cash or share holder (a player, a company, the IPO, the pool) as a typed value."""
        if who in self.names:
            return C.player(who)
        return C.company(who) if who in getattr(self, "corps", {}) else C.text(who)

    def money(self, amount: int) -> str:
        return f"{self.CURRENCY}{amount:,}" if amount >= 0 else f"-{self.CURRENCY}{-amount:,}"

    # -- a kind every title with the core's ``Ledger`` shares --------------------------------
    def _fix_cash(self, action, reason):
        """``cash`` {target, amount}: money added to (or taken from, if negative) a player's
        or a company's cash, always with the bank."""
        target, amount = action.get("target"), action.get("amount")
        if target not in self.ledger.cash or target == BANK:
            raise GameError("bad_target", f"No cash holder {target!r}.", target=target)
        if amount == 0 and not self.ZERO_CASH_CORRECTION:
            raise GameError("zero_correction", "A cash correction of 0 changes nothing: enter "
                            "the amount to add, or a negative amount to take.")
        if amount > 0:
            self.ledger.pay(BANK, target, amount)
        else:
            self.ledger.pay(target, BANK, -amount)
        name = self.names.get(target, target)
        gets = amount > 0
        what = C.msg("fixed.cash." + ("add" if gets else "take"),
                     f"{name} {'+' if gets else ''}{self.money(amount)}",
                     target=self._holder(target), amount=C.money(abs(amount)))
        self._fix(what, reason, kind="cash", by=action["entity"], target=target,
                  target_name=name, amount=amount)


class CorrectionsMixin(Corrections):
    """The core's kinds of correction, on the core's books (``Core18xx``)."""

    # -- phone forms -----------------------------------------------------------------------
    def correction_forms(self) -> list[tuple[str, dict, dict]]:
        live = [c for c in self.corps if c not in self.closed_corps]
        started = [c for c in live if c in self.market.pos]
        with_trains = {c: list(self.corps[c]["trains"]) for c in live if self.corps[c]["trains"]}
        holders = [IPO, POOL] + list(self.players)
        rows = len(self.market.prices)
        cols = max(len(r) for r in self.market.prices) if rows else 1
        tiles = sorted(self.TILES, key=lambda n: (not n.isdigit(), len(n), n))
        forms = []

        def form(kind, **params):
            forms.append((kind, params))
        form("cash", target=C.choice("entity", list(self.players) + live),
             amount=C.number("money", -CASH_LIMIT, CASH_LIMIT, 1, default=0))
        if started:
            spaces = [(r, c) for r in range(rows) for c in range(cols)
                      if self.market.cell(r, c) is not None]
            form("share_price", corporation=C.choice("company", started),
                 space=C.choice("text", [f"{r},{c}" for r, c in spaces], {
                     f"{r},{c}": C.msg("market.space", "%(price)s (row %(row)s, column %(column)s)",
                                       price=self.market.prices[r][c], row=r + 1, column=c + 1)
                     for r, c in spaces}))
        if with_trains:
            form("train", op="remove", corporation=C.choice("company", list(with_trains)),
                 train=C.choice("train", sorted({t for ts in with_trains.values() for t in ts}),
                                choices_by={"field": "corporation", "map": with_trains}))
        if live and self.depot.available():
            form("train", op="give", corporation=C.choice("company", live),
                 train=C.choice("train", self.depot.available()))
        if live:
            form("shares", corporation=C.choice("company", live),
                 source=worded("entity", holders, (IPO, POOL)),
                 to=worded("entity", holders, (IPO, POOL)),
                 percent=C.number("percent", 10, 100, 10, default=10))
        open_companies = [s for s, c in self.companies.items() if not c["closed"]]
        if open_companies:
            form("company", company=C.choice("company", open_companies),
                 owner=worded("entity", list(self.players) + live + [BANK, "closed"],
                              (BANK, "closed")))
        form("tile", hex=self.correction_hex_param(),
             tile=worded("tile", ["none"] + tiles, ("none",)),
             rotation=C.choice("rotation", [0, 1, 2, 3, 4, 5], default=0))
        if live:
            form("token", op=worded("text", ["add", "remove"]),
                 corporation=C.choice("company", live), hex=self.correction_hex_param(),
                 city=C.number("count", 0, 3, 1, default=0))
        form("phase", phase=C.choice("text", [p["name"] for p in self.PHASES],
                                     default=self.phase["name"]))
        if self.round.name == "operating":
            form("priority", player=C.choice("player", list(self.order)))
        return [(kind, {k: v for k, v in params.items() if not isinstance(v, dict)},
                 {k: v for k, v in params.items() if isinstance(v, dict)})
                for kind, params in forms]

    def correction_hex_param(self) -> dict:
        """The hex of a tile or token correction (a title whose map the book does not hold
        lets the table type it)."""
        return C.choice("hex", sorted(self.HEXES))

    def is_map_hex(self, hex_id) -> bool:
        return hex_id in self.HEXES

    # -- the kinds -------------------------------------------------------------------------
    def _fix_share_price(self, action, reason):
        corp = self.corp_arg(action)
        rc = (action.get("row"), action.get("column"))
        if isinstance(action.get("space"), str) and action["space"].count(",") == 1:
            r, _, c = action["space"].partition(",")   # the form's "row,column" of a space
            rc = (int(r), int(c)) if r.isdigit() and c.isdigit() else rc
        if corp not in self.market.pos or not all(isinstance(x, int) and not isinstance(x, bool)
                                                  for x in rc) or self.market.cell(*rc) is None:
            raise GameError("bad_space",
                            "Give a market space (row, column) and a started company.")
        self.market.place(corp, rc)
        price = self.market.price(corp)
        what = C.msg("fixed.share_price", f"{corp}'s price set to {self.money(price)}",
                     company=C.company(corp), price=C.money(price))
        self._fix(what, reason, kind="share_price",
                  by=action["entity"], corporation=corp, price=price, row=rc[0], column=rc[1])

    def _fix_train(self, action, reason):
        corp, train, op = self.corp_arg(action), action.get("train"), action.get("op")
        if op == "remove":
            if train not in self.corps[corp]["trains"]:
                raise GameError("not_your_train", f"{corp} does not own train {train!r}.")
            self.corps[corp]["trains"].remove(train)
            del self.train_owner[train]
            self.depot.rusted.add(train)
            what = C.msg("fixed.train.remove", f"a {Depot.kind(train)}-train removed from "
                         f"{corp}", train=C.train(train), company=C.company(corp))
        elif op == "give":
            if train not in self.depot.available():
                raise GameError("train_unavailable", f"Train {train!r} is not in the bank.")
            self.depot.take(train)
            self.depot.owner[train] = corp
            self.corps[corp]["trains"].append(train)
            self.train_owner[train] = corp
            what = C.msg("fixed.train.give", f"a {Depot.kind(train)}-train given to {corp}",
                         train=C.train(train), company=C.company(corp))
        else:
            raise GameError("bad_correction", "A train correction is op 'remove' or 'give'.")
        self._fix(what, reason, kind="train", by=action["entity"], corporation=corp, train=train,
                  train_type=Depot.kind(train), op=op)

    def _fix_shares(self, action, reason):
        corp = self.corp_arg(action)
        src, dst, pct = action.get("source"), action.get("to"), action.get("percent")
        holders = [IPO, POOL] + list(self.players)
        if src == dst and src in holders:
            raise GameError("same_holder", "Shares move from one holder to another, not to the "
                            "same one.", source=src, to=dst)
        if src not in holders or dst not in holders:
            raise GameError("bad_holder", "Move shares between two of: ipo, pool, a player.",
                            source=src, to=dst)
        size = self.shares.share_percent[corp]
        if pct <= 0 or pct % size:
            raise GameError("bad_percent", f"Move shares in steps of {size}%.", percent=pct)
        if self.shares.percent(corp, src) < pct:
            raise GameError("too_few_shares", f"{self.pname(src)} holds "
                            f"{self.shares.percent(corp, src)}% of {corp}.", percent=pct, source=src,
                            corporation=corp,
                            held=self.shares.percent(corp, src))
        self.shares.move(corp, src, dst, pct)
        if self.shares.president.get(corp) == src and src in self.players \
                and not self.shares.percent(corp, src):
            self.shares.president[corp] = None    # the largest holder takes over below
        if self.shares.president.get(corp) is None:
            players = {p: self.shares.percent(corp, p) for p in self.players
                       if self.shares.percent(corp, p)}
            if players:
                best = max(players.values())
                self.shares.president[corp] = next(p for p in self.shares.seating
                                                   if players.get(p) == best)
        said = {IPO: "IPO", POOL: "the bank pool"}
        what = C.msg("fixed.shares", f"{pct}% of {corp} moved from "
                     f"{said.get(src) or self.pname(src)} to {said.get(dst) or self.pname(dst)}", percent=C.percent(pct), company=C.company(corp),
                     source=self._holder(src), to=self._holder(dst))
        self._fix(what, reason,
                  kind="shares", by=action["entity"], corporation=corp, source=src,
                  source_name=self.pname(src), to=dst, to_name=self.pname(dst), percent=pct)
        if self.corps[corp]["par"] is not None:
            self.after_share_change(corp)

    def _fix_company(self, action, reason):
        company, owner = action.get("company"), action.get("owner")
        if company not in self.companies or self.companies[company]["closed"]:
            raise GameError("unknown_company", f"There is no open private {company!r}.",
                            company=company)
        if owner not in list(self.players) + list(self.corps) + [BANK, "closed"]:
            raise GameError("bad_owner", f"No owner {owner!r}.", owner=owner)
        c = self.companies[company]
        old = c["owner"]
        if old in self.corps and company in self.corps[old]["companies"]:
            self.corps[old]["companies"].remove(company)
        rnd = self.round
        if owner == "closed":
            c["owner"] = old
            self.close_company(company)
        else:
            c["owner"] = None if owner == BANK else owner
            if owner in self.corps:
                self.corps[owner]["companies"].append(company)
        auction = getattr(rnd, "auction", None) if rnd.name == "auction" else None
        if company in getattr(auction, "companies", []) and owner != BANK:
            auction.companies.remove(company)      # no longer for sale; open bids on it lapse
            auction.bids.pop(company, None)
            auction._resolve(self)
        what = C.msg("fixed.company.closed", f"{self.cname(company)} now closed",
                     company=C.text(self.cname(company))) if owner == "closed" else \
            C.msg("fixed.company", f"{self.cname(company)} now {self.pname(owner)}",
                  company=C.text(self.cname(company)), owner=self._holder(owner))
        self._fix(what, reason, kind="company", by=action["entity"], company=company,
                  company_name=self.cname(company), owner=owner, owner_name=self.pname(owner))

    def _fix_tile(self, action, reason):
        hex_id, tile = action.get("hex"), action.get("tile")
        if not self.is_map_hex(hex_id):
            raise GameError("unknown_hex", f"There is no hex {hex_id!r} on this map.", hex=hex_id)
        old = self.board.laid.get(hex_id)
        if tile == "none":
            if old:
                self.board.supply[old[0]] += 1
                del self.board.laid[hex_id]
            what = C.msg("fixed.tile.none", f"no tile on {hex_id}", hex=C.value("hex", hex_id))
            rotation = None
        else:
            if tile not in self.TILES:
                raise GameError("unknown_tile", f"There is no tile {tile!r}.", tile=tile)
            rotation = action.get("rotation", 0)
            if not 0 <= rotation <= 5:
                raise GameError("bad_rotation", "A rotation is a whole number from 0 to 5.")
            if self.board.supply.get(tile, 0) <= 0 and not (old and old[0] == tile):
                raise GameError("tile_unavailable", f"All tiles #{tile} are on the board.",
                                tile=tile)
            if old:
                self.board.supply[old[0]] += 1
            self.board.supply[tile] -= 1
            self.board.laid[hex_id] = (tile, rotation)
            what = C.msg("fixed.tile", f"tile #{tile} on {hex_id}, {turned(rotation)}",
                         tile=C.value("tile", tile), hex=C.value("hex", hex_id),
                         rotation=C.value("rotation", rotation))
        self._fix(what, reason, kind="tile", by=action["entity"], hex=hex_id, tile=tile,
                  rotation=rotation)

    def _fix_token(self, action, reason):
        corp, hex_id, op = self.corp_arg(action), action.get("hex"), action.get("op")
        city = action.get("city", 0)
        if not self.is_map_hex(hex_id):
            raise GameError("unknown_hex", f"There is no hex {hex_id!r} on this map.", hex=hex_id)
        here = self.board.tokens.setdefault(hex_id, [])
        c = self.corps[corp]
        if op == "add":
            if (corp, city) in here:
                raise GameError("token_there", f"{corp} already has a token there.", hex=hex_id)
            if c["tokens_used"] >= len(self.corp_spec[corp]["tokens"]):
                raise GameError("no_tokens", f"{corp} has no station tokens left.")
            here.append((corp, city))
            c["tokens"].append((hex_id, city))
            c["tokens_used"] += 1
        elif op == "remove":
            if (corp, city) not in here:
                raise GameError("no_token", f"{corp} has no token there.", hex=hex_id)
            here.remove((corp, city))
            c["tokens"].remove((hex_id, city))
            c["tokens_used"] -= 1
        else:
            raise GameError("bad_correction", "A token correction is op 'add' or 'remove'.")
        what = C.msg(f"fixed.token.{op}", f"{corp} token {'added to' if op == 'add' else 'removed from'}"
                     f" {hex_id}", company=C.company(corp), hex=C.value("hex", hex_id))
        self._fix(what, reason, kind="token", by=action["entity"], corporation=corp, hex=hex_id,
                  city=city, op=op)

    def _fix_phase(self, action, reason):
        names = [p["name"] for p in self.PHASES]
        phase = action.get("phase")
        if phase not in names:
            raise GameError("bad_phase", f"The phases are {', '.join(names)}.", phase=phase)
        self.phase_index = names.index(phase)
        self._fix(C.msg("fixed.phase", f"phase {phase}", phase=C.text(phase)), reason,
                  kind="phase", by=action["entity"], phase=phase)

    def _fix_priority(self, action, reason):
        player = action.get("player")
        if player not in self.order:
            raise GameError("bad_target", f"No player {player!r}.", player=player)
        if self.round.name == "stock" or self.round.name == "auction":
            raise GameError("priority_in_round", "The priority deal is corrected between "
                            "rounds' turns: enter it in an operating round.")
        i = self.order.index(player)
        self.order = self.order[i:] + self.order[:i]
        self._fix(C.msg("fixed.priority", f"{self.pname(player)} has the priority deal",
                        player=C.player(player)), reason, kind="priority",
                  by=action["entity"], player=player, player_name=self.pname(player))

    CORRECTION_POSTS = {
        **Corrections.CORRECTION_POSTS, "share_price": {"corporation": "company"},
        "train": {"corporation": "company", "train": "train"},
        "shares": {"corporation": "company", "source": "entity", "to": "entity",
                   "percent": "percent"},
        "company": {"company": "company", "owner": "entity"},
        "tile": {"hex": "hex", "tile": "tile", "rotation": "rotation"},
        "token": {"corporation": "company", "hex": "hex", "city": "count"},
        "priority": {"player": "player"}}
    CORRECTIONS = {"cash": Corrections._fix_cash, "share_price": _fix_share_price, "train": _fix_train,
                   "shares": _fix_shares, "company": _fix_company, "tile": _fix_tile,
                   "token": _fix_token, "phase": _fix_phase, "priority": _fix_priority}


# The words of each kind's form (``act.correction.<kind>[.<op>]``).
CORRECTION_WORDS = {
    "cash": "Correct cash", "share_price": "Correct a share price", "price": "Correct a share price",
    "train": "Correct a company's trains", "add_train": "Give a company a train",
    "remove_train": "Take a train from a company", "shares": "Move shares",
    "company": "Correct a private's owner", "tile": "Correct a hex's tile",
    "token": "Correct a station", "station_token": "Correct a company's stations",
    "phase": "Correct the phase", "priority": "Correct the priority deal",
    "depot": "Correct the train market", "hex": "Correct a hex's facts",
}


def correction_label(kind: str, op: str | None = None) -> dict:
    """A correction form's label: its kind's words, with its fixed ``op`` if it has one."""
    if kind not in CORRECTION_WORDS:
        return C.msg("act.correction", "Correct the book")
    if op is None:
        return C.msg(f"act.correction.{kind}", CORRECTION_WORDS[kind])
    return C.msg(f"act.correction.{kind}.{op}", f"{CORRECTION_WORDS[kind]} ({op})")

