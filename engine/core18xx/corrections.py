"""The ``correction`` action: the table fixes the book with a reason; the physical board is
the authority, so every value the book keeps can be corrected. Money still only moves to or
from the bank. ``Corrections`` is the machinery and the kinds every 18xx title shares
(1888-N, 1899 DAIHAN, 18Korea, 18 Lilliput); ``CorrectionsMixin`` is mixed into
``Core18xx`` with its own kinds and its books' accessors.

Kinds (each with a required ``reason``; the first four and the last two are shared):

- ``cash`` {target, amount}: add (or take, if negative) money of a player or company
- ``share_price`` {corporation, space | row, column | price}: put a market marker on a space
- ``train`` {corporation, train, op: remove | give}: take a train out of play, or give one
  from the bank
- ``shares`` {corporation, source, to, percent | count}: move shares between the IPO, the
  pool and players (presidency and float follow)
- ``company`` {company, owner}: a private's owner (a player, a company, ``bank``), or
  ``closed``
- ``tile`` {hex, tile, rotation}: the tile on a hex (``tile`` "none" clears it); the supply
  follows
- ``token`` {corporation, hex, city, op: add | remove}: a station token (no money moves)
- ``phase`` {phase}: the current phase (shared)
- ``priority`` {player}: who holds the priority deal (shared)
"""
from __future__ import annotations

import weakref

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
    (``CORRECTIONS = {**CorrectionsMixin.CORRECTIONS, "kind": _fix_kind}``); 18Korea and
    18 Lilliput register this base's shared fixes under their recorded kinds (18Korea's
    ``"price": Corrections._fix_share_price``) with the accessors they read, and list only
    their own pieces' kinds beside them."""
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


    # -- the kinds every 18xx title shares: one rule each, on the core's books ----------------
    # A title names its pieces through a few accessors (``correction_company``,
    # ``company_trains``, ``train_from_bank``, ``train_out_of_play``, ``share_book``,
    # ``share_holders``, ``phase_names``, ``set_phase``, ``priority_players``,
    # ``give_priority``) and hooks (``check_share_correction``, ``after_share_correction``).
    TRAIN_OPS = ("give", "remove")         # 18 Lilliput adds "to_pool"
    PRIORITY_FIXED = ("fixed.priority", "%s has the priority deal")
    HOLDERS_SAID = {"ipo": "IPO", "pool": "the bank pool", "company": "the company",
                    "bank": "the bank"}

    def check_share_correction(self, corp: str, src: str, dst: str, pct: int) -> None:
        """A title's own limit on a share correction (18Korea: the director's certificate)."""

    def after_share_correction(self, corp: str, src: str) -> None:
        """What follows a share correction (the core and 18Korea: who is president now)."""

    def _fix_share_price(self, action, reason):
        """``share_price``: a started company's marker put on a space of the core's
        ``StockMarket``, named by ``space`` ("row,column"), by ``row`` and ``column``, or by
        its ``price`` (the first space with that price)."""
        corp = self.correction_company(action)
        if corp not in self.market.pos:
            raise GameError("not_started", f"{corp} has no share price yet.", company=corp)
        rc = self._market_space(action)
        if rc is None:
            prices = sorted({v for row in self.market.prices for v in row if v is not None})
            raise GameError("bad_space", "Give a space of the market: a price (one of "
                            f"{', '.join(map(str, prices))}) or its row and column.",
                            prices=prices)
        self.market.place(corp, rc)
        price = self.market.price(corp)
        what = C.msg("fixed.share_price", f"{corp}'s price set to {self.money(price)}",
                     company=C.company(corp), price=C.money(price))
        self._fix(what, reason, kind=action.get("kind"), by=action["entity"], corporation=corp,
                  price=price, row=rc[0], column=rc[1])

    def _market_space(self, action):
        def whole(x):
            return isinstance(x, int) and not isinstance(x, bool)
        if "price" in action:
            price = action["price"]
            return next(((r, c) for r, row in enumerate(self.market.prices)
                         for c, v in enumerate(row) if whole(price) and v == price), None)
        rc = (action.get("row"), action.get("column"))
        space = action.get("space")
        if isinstance(space, str) and space.count(",") == 1:
            r, _, c = space.partition(",")          # the form's "row,column" of a space
            rc = (int(r), int(c)) if r.isdigit() and c.isdigit() else rc
        if all(whole(x) for x in rc) and self.market.cell(*rc) is not None:
            return rc
        return None

    def _fix_train(self, action, reason):
        """``train`` {op: give | remove}: a train from the bank given to a company, or one
        of its trains taken out of play (named by its id or its type)."""
        corp, train, op = self.correction_company(action), action.get("train"), action.get("op")
        if op not in self.TRAIN_OPS:
            raise GameError("bad_correction", "A train correction's op is one of "
                            f"{', '.join(self.TRAIN_OPS)}.", op=op, ops=list(self.TRAIN_OPS))
        trains = self.company_trains(corp)
        if op == "give":
            train = self.train_from_bank(corp, train)
            trains.append(train)
            english = f"a {Depot.kind(train)}-train given to {corp}"
        else:
            held = [t for t in trains if t == train] or \
                [t for t in trains if isinstance(train, str) and Depot.kind(t) == train]
            if not held:
                raise GameError("not_your_train", f"{corp} does not own a train {train!r}.",
                                company=corp, train=train)
            train = held[0]
            trains.remove(train)
            self.train_out_of_play(corp, train, op)
            english = f"a {Depot.kind(train)}-train " + (
                f"removed from {corp}" if op == "remove" else f"of {corp} put in the train pool")
        what = C.msg(f"fixed.train.{op}", english, train=C.train(train), company=C.company(corp))
        self._fix(what, reason, kind=action.get("kind"), by=action["entity"], corporation=corp,
                  train=train, train_type=Depot.kind(train), op=op)

    def _fix_train_give(self, action, reason):      # 18Korea's kind ``add_train``
        return self._fix_train({**action, "op": "give"}, reason)

    def _fix_train_remove(self, action, reason):    # 18Korea's kind ``remove_train``
        return self._fix_train({**action, "op": "remove"}, reason)

    def _fix_shares(self, action, reason):
        """``shares`` {source, to, percent or count}: whole shares moved between two holders
        of the core's ``ShareBook`` (the title's ``share_holders``)."""
        corp = self.correction_company(action)
        holders = self.share_holders()
        src, dst = action.get("source"), action.get("to")
        if src == dst and src in holders:
            raise GameError("same_holder", "Shares move from one holder to another, not to the "
                            "same one.", source=src, to=dst)
        if src not in holders or dst not in holders:
            raise GameError("bad_holder", f"Move shares between two of: {', '.join(holders)}.",
                            source=src, to=dst, holders=list(holders))
        book = self.share_book()
        size = book.share_percent[corp]
        pct = action["percent"] if "percent" in action else action.get("count", 1)
        if not isinstance(pct, int) or isinstance(pct, bool):
            raise GameError("bad_percent", "Move whole shares.", percent=pct)
        pct = pct if "percent" in action else pct * size
        if pct <= 0 or pct % size:
            raise GameError("bad_percent", f"Move shares in steps of {size}%.", percent=pct)
        s, d = holders[src], holders[dst]
        have = book.percent(corp, s)
        if have < pct:
            raise GameError("too_few_shares", f"{self._said(src)} has {have}% of {corp} to move.",
                            percent=pct, source=src, corporation=corp, held=have)
        self.check_share_correction(corp, s, d, pct)
        book.move(corp, s, d, pct)
        what = C.msg("fixed.shares", f"{pct}% of {corp} moved from {self._said(src)} to "
                     f"{self._said(dst)}", percent=C.percent(pct), company=C.company(corp),
                     source=self._holder(src), to=self._holder(dst))
        self._fix(what, reason, kind=action.get("kind"), by=action["entity"], corporation=corp,
                  source=src, source_name=self._said(src), to=dst, to_name=self._said(dst),
                  percent=pct)
        self.after_share_correction(corp, s)

    def _said(self, who: str) -> str:
        return self.names.get(who) or self.HOLDERS_SAID.get(who, who)

    def _fix_phase(self, action, reason):
        """``phase``: the current phase, one of the title's ``phase_names()``."""
        names, phase = self.phase_names(), action.get("phase")
        if not any(phase == n and type(phase) is type(n) for n in names):
            raise GameError("bad_phase", f"The phases are {', '.join(map(str, names))}.",
                            phase=phase, phases=names)
        self.set_phase(phase)
        self._fix(C.msg("fixed.phase", f"phase {phase}", phase=C.text(str(phase))), reason,
                  kind=action.get("kind"), by=action["entity"], phase=phase)

    def _fix_priority(self, action, reason):
        """``priority``: who holds the priority deal (18 Lilliput: the first player)."""
        player = action.get("player")
        if player not in self.priority_players():
            raise GameError("bad_target", f"No player {player!r}.", player=player)
        self.give_priority(player)
        code, english = self.PRIORITY_FIXED
        name = self.names.get(player, player)
        self._fix(C.msg(code, english % name, player=C.player(player)), reason,
                  kind=action.get("kind"), by=action["entity"], player=player, player_name=name)


# What the correction forms offer from a title's own data (its tiles, its hexes, its market's
# spaces), which no step changes: made once per title, not for every version's legal entries
# (the market's spaces are a hundred labelled choices). Shared by every version's entries, as
# the entries are by every phone: never changed.
_made_once: dict = {}


def _title_made(title: type, what: str, make):
    key = (title, what)
    if key not in _made_once:
        _made_once[key] = make()
    return _made_once[key]


# Each live market's space choice (a market's prices never change once it is made): found
# without making the key of its prices again for every version. Goes with its market.
_SPACES_OF: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _market_spaces(market) -> dict:
    """The share-price correction's space: every market space, "row,column", with its price."""
    got = _SPACES_OF.get(market)
    if got is not None:
        return got
    prices = market.prices
    key = ("market", tuple(tuple(row) for row in prices))
    if key not in _made_once:
        spaces = [(r, c) for r, row in enumerate(prices) for c, p in enumerate(row)
                  if p is not None]
        _made_once[key] = C.choice("text", [f"{r},{c}" for r, c in spaces], {
            f"{r},{c}": C.msg("market.space", "%(price)s (row %(row)s, column %(column)s)",
                              price=prices[r][c], row=r + 1, column=c + 1)
            for r, c in spaces})
    got = _SPACES_OF[market] = _made_once[key]
    return got


class CorrectionsMixin(Corrections):
    """The core's kinds of correction, on the core's books (``Core18xx``)."""

    # -- phone forms -----------------------------------------------------------------------
    def correction_forms(self) -> list[tuple[str, dict, dict]]:
        live = [c for c in self.corps if c not in self.closed_corps]
        started = [c for c in live if c in self.market.pos]
        with_trains = {c: list(self.corps[c]["trains"]) for c in live if self.corps[c]["trains"]}
        holders = [IPO, POOL] + list(self.players)
        title = type(self)
        forms = []

        def form(kind, fixed=None, **params):
            forms.append((kind, fixed or {}, params))
        form("cash", target=C.choice("entity", list(self.players) + live),
             amount=_title_made(title, "amount", lambda: C.number(
                 "money", -CASH_LIMIT, CASH_LIMIT, 1, default=0)))
        if started:
            form("share_price", corporation=C.choice("company", started),
                 space=_market_spaces(self.market))
        if with_trains:
            form("train", {"op": "remove"}, corporation=C.choice("company", list(with_trains)),
                 train=C.choice("train", sorted({t for ts in with_trains.values() for t in ts}),
                                choices_by={"field": "corporation", "map": with_trains}))
        if live and self.depot.available():
            form("train", {"op": "give"}, corporation=C.choice("company", live),
                 train=C.choice("train", self.depot.available()))
        if live:
            holder = worded("entity", holders, (IPO, POOL))     # the same choice, both ways
            form("shares", corporation=C.choice("company", live), source=holder, to=holder,
                 percent=_title_made(title, "percent", lambda: C.number(
                     "percent", 10, 100, 10, default=10)))
        open_companies = [s for s, c in self.companies.items() if not c["closed"]]
        if open_companies:
            form("company", company=C.choice("company", open_companies),
                 owner=worded("entity", list(self.players) + live + [BANK, "closed"],
                              (BANK, "closed")))
        # the tile and token forms' choices of the title's own pieces, made once per title
        form("tile", hex=self.correction_hex_param(),
             tile=_title_made(title, "tile", lambda: worded("tile", ["none"] + sorted(
                 self.TILES, key=lambda n: (not n.isdigit(), len(n), n)), ("none",))),
             rotation=_title_made(title, "rotation", lambda: C.choice(
                 "rotation", [0, 1, 2, 3, 4, 5], default=0)))
        if live:
            form("token", op=_title_made(title, "token_op", lambda: worded(
                     "text", ["add", "remove"])),
                 corporation=C.choice("company", live), hex=self.correction_hex_param(),
                 city=_title_made(title, "city", lambda: C.number("count", 0, 3, 1, default=0)))
        form("phase", phase=C.choice("text", [p["name"] for p in self.PHASES],
                                     default=self.phase["name"]))
        if self.round.name == "operating":
            form("priority", player=C.choice("player", list(self.order)))
        return forms

    def correction_hex_param(self) -> dict:
        """The hex of a tile or token correction (a title whose map the book does not hold
        lets the table type it)."""
        return _title_made(type(self), "hexes", lambda: C.choice("hex", sorted(self.HEXES)))

    def is_map_hex(self, hex_id) -> bool:
        return hex_id in self.HEXES

    # -- the shared kinds' accessors, on ``Core18xx``'s dict books -----------------------
    def correction_company(self, action) -> str:
        return self.corp_arg(action)

    def company_trains(self, corp: str) -> list:
        return self.corps[corp]["trains"]

    def train_from_bank(self, corp: str, train) -> str:
        if train not in self.depot.available():
            raise GameError("train_unavailable", f"Train {train!r} is not in the bank.")
        self.depot.take(train)
        self.depot.owner[train] = corp
        self.train_owner[train] = corp
        return train

    def train_out_of_play(self, corp: str, train: str, op: str) -> None:
        del self.train_owner[train]
        self.depot.rusted.add(train)

    def share_book(self):
        return self.shares

    def share_holders(self) -> dict:
        return {IPO: IPO, POOL: POOL, **{p: p for p in self.players}}

    def after_share_correction(self, corp: str, src: str) -> None:
        """A president who gave away all their shares is replaced by the largest holder
        (seating order breaks ties); then the usual presidency and float checks."""
        if self.shares.president.get(corp) == src and src in self.players \
                and not self.shares.percent(corp, src):
            self.shares.president[corp] = None
        if self.shares.president.get(corp) is None:
            players = {p: self.shares.percent(corp, p) for p in self.players
                       if self.shares.percent(corp, p)}
            if players:
                best = max(players.values())
                self.shares.president[corp] = next(p for p in self.shares.seating
                                                   if players.get(p) == best)
        if self.corps[corp]["par"] is not None:
            self.after_share_change(corp)

    def phase_names(self) -> list:
        return [p["name"] for p in self.PHASES]

    def set_phase(self, name) -> None:
        self.phase_index = self.phase_names().index(name)

    def priority_players(self) -> list:
        return list(self.order)

    def give_priority(self, player: str) -> None:
        if self.round.name == "stock" or self.round.name == "auction":
            raise GameError("priority_in_round", "The priority deal is corrected between "
                            "rounds' turns: enter it in an operating round.")
        i = self.order.index(player)
        self.order = self.order[i:] + self.order[:i]

    # -- the core's own kinds --------------------------------------------------------------
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

    CORRECTION_POSTS = {
        **Corrections.CORRECTION_POSTS, "share_price": {"corporation": "company"},
        "train": {"corporation": "company", "train": "train"},
        "shares": {"corporation": "company", "source": "entity", "to": "entity",
                   "percent": "percent"},
        "company": {"company": "company", "owner": "entity"},
        "tile": {"hex": "hex", "tile": "tile", "rotation": "rotation"},
        "token": {"corporation": "company", "hex": "hex", "city": "count"},
        "priority": {"player": "player"}}
    CORRECTIONS = {"cash": Corrections._fix_cash, "share_price": Corrections._fix_share_price,
                   "train": Corrections._fix_train, "shares": Corrections._fix_shares,
                   "company": _fix_company, "tile": _fix_tile, "token": _fix_token,
                   "phase": Corrections._fix_phase, "priority": Corrections._fix_priority}


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

