"""The 18xx family's book in the declared contract (``engine.contract`` sections).

Builders every 18xx title shares (the core and the titles that keep their own books, like
18Korea): the status facts, the players table (cash, certificates, shares), the companies
table, the private companies, the train supply, the stock market and the map's known hexes.
Each takes plain values, so a title hands over what its own books hold.
"""
from __future__ import annotations

import weakref
from collections import Counter

from engine import contract as C
from engine.core18xx.board import PHASE_COLORS
from engine.core18xx.board_picture import board_drawn, picture
from engine.core18xx.rounds.operating import RUN


def acting_value(entity: str, controller=None) -> dict:
    """Who acts, as the status says it: a company with who runs it ("GR (Ann)")."""
    by = controller(entity) if controller else None
    if by is None or by == entity:
        return C.value("entity", entity)
    return C.value("entity", entity, note=C.msg("book.acting_by", "%(player)s",
                                                player=C.player(by)))


def status(*, round_text: dict, acting: list, phase=None, bank=None, bank_unlimited=False,
           train_limit=None, cert_limit=None, priority=None, extra=(),
           controller=None) -> dict | None:
    items = [(C.msg("book.round", "Round"), C.text(round_text)),
             (C.msg("book.acting", "Acting"),
              C.value("list", [acting_value(a, controller) for a in acting]) if acting else None,
              C.ACTING),
             (C.msg("book.phase", "Phase"), C.text(str(phase)) if phase is not None else None),
             (C.msg("book.bank", "Bank"), C.text(C.msg("book.unlimited", "unlimited"))
              if bank_unlimited else (C.money(bank) if bank is not None else None)),
             (C.msg("book.train_limit", "Train limit"),
              C.count(train_limit) if train_limit is not None else None),
             (C.msg("book.cert_limit", "Certificate limit"),
              C.count(cert_limit) if cert_limit is not None else None),
             (C.msg("book.priority", "Priority deal"),
              C.player(priority) if priority is not None else None)]
    return C.facts("status", C.msg("book.status", "Now"), list(items) + list(extra), glance=True)


STEP_CODES = ("lay_tile", "place_token", "run_trains", "dividend", "buy_train")
STEP_WORDS = ("Lay or upgrade a tile", "Place a station", "Run the trains", "Dividend",
              "Buy a train")


def operating_steps(corp: str, stage: int, laid: bool, token_done: bool, *, before=(),
                    codes=STEP_CODES, words=STEP_WORDS) -> dict | None:
    """A company's operating turn, its steps in order (tile, station, run, dividend, trains)
    and which are done or passed by (``stage``: the index of the step it is at).

    A title with its operating round of its own hands its turn over in these terms, with
    ``before``: the steps it takes first, [(label message, done)] (18Korea's start-city
    station, RB §9 step 1), and ``codes``/``words``: its own action types for the five steps
    and their plain words, when its forms name them so (18Korea's ``build_station``)."""
    done = [stage > 0 or laid, stage > 1 or token_done, stage > 2, stage > 3, False]
    return C.turn_steps("turn", C.msg("book.turn_of", "Turn of %(company)s", company=corp),
                        list(before) + [(C.msg(f"act.{code}.plain", w), d)
                                        for code, w, d in zip(codes, words, done)])


def open_bids(bids: dict, free=()) -> dict | None:
    """The open bids of an auction: ``bids`` {company: [(player, price)]}, highest first; then
    ``free``: [(player, free cash value)], each bidder's cash not committed to them."""
    items = [(C.msg("book.bids_on", "Bids on %(company)s", company=c),
              C.value("list", [C.value("money", price, note=C.msg("book.bid_by", "by %(player)s",
                                                                 player=who))
                               for who, price in sorted(lst, key=lambda b: -b[1])]))
             for c, lst in bids.items() if lst]
    if items:
        items += [(C.msg("book.free_cash_of", "%(player)s's free cash", player=who), cash)
                  for who, cash in free]
    return C.facts("bids", C.msg("book.open_bids", "Open bids"), items, glance=True)


def holding(corp: str, percent: int, president: bool) -> dict:
    note = C.msg("book.president_mark", "president") if president else None
    return C.value("text", f"{corp} {percent}%", note=note)


def players_table(rows, title_code="book.players") -> dict | None:
    """``rows``: [(player id, {cash, certs, limit, shares: [(corp, %, president?)],
    privates: [ids], bankrupt})]. The summary shows cash, certificates and bankruptcy; the
    holdings are in the book."""
    out = []
    for pid, r in rows:
        cells = {"cash": C.money(r["cash"])}
        if r.get("certs") is not None:
            cells["certs"] = C.text(f"{r['certs']}/{r['limit']}" if r.get("limit") is not None
                                    else str(r["certs"]))
        if r.get("shares"):
            cells["shares"] = C.value("list", [holding(c, p, pres) for c, p, pres in r["shares"]])
        if r.get("privates"):
            cells["privates"] = C.listing("company", r["privates"])
        if r.get("bankrupt"):
            cells["bankrupt"] = C.flag(True)
        out.append((pid, cells))
    return C.table("players", "players", C.msg(title_code, "Players"),
                   [("cash", C.msg("book.cash", "Cash"), C.GLANCE),
                    ("certs", C.msg("book.certs", "Certificates"), C.GLANCE),
                    ("shares", C.msg("book.shares", "Shares")),
                    ("privates", C.msg("book.privates_held", "Privates")),
                    ("bankrupt", C.msg("book.bankrupt", "Bankrupt"), C.GLANCE)], out, glance=True)


def companies_table(rows) -> dict | None:
    """``rows``: [(company id, {name, president, treasury, price, par, trains: [types],
    tokens_left, ipo, pool, float: message (floated, or what it still needs)})] (None values
    left out)."""
    out = []
    for sym, r in rows:
        cells = {}
        if r.get("president") is not None:
            cells["president"] = C.player(r["president"])
        if r.get("price") is not None:
            cells["price"] = C.price(r["price"])
        if r.get("par") is not None and r.get("par") != r.get("price"):
            cells["par"] = C.price(r["par"])
        if r.get("treasury") is not None:
            cells["treasury"] = C.money(r["treasury"])
        cells["trains"] = C.listing("train", r.get("trains") or [])
        if r.get("tokens_left") is not None:
            cells["tokens"] = C.count(r["tokens_left"])
        for key in ("ipo", "pool"):
            if r.get(key):
                cells[key] = C.percent(r[key])
        if r.get("float"):
            cells["float"] = C.text(r["float"])
        out.append((sym, cells))
    return C.table("entities", "companies", C.msg("book.companies", "Companies"),
                   [("president", C.msg("book.president", "President")),
                    ("price", C.msg("book.price", "Price")),
                    ("par", C.msg("book.par", "Par")),
                    ("treasury", C.msg("book.treasury", "Treasury")),
                    ("trains", C.msg("book.trains", "Trains")),
                    ("tokens", C.msg("book.tokens_left", "Stations left")),
                    ("ipo", C.msg("book.ipo", "IPO")),
                    ("pool", C.msg("book.pool", "Bank pool")),
                    ("float", C.msg("book.float", "Floated"))], out)


def privates_table(rows) -> dict | None:
    """``rows``: [(id, {name, owner, revenue, price (for sale)})]."""
    out = []
    for sym, r in rows:
        cells = {"owner": C.value("entity", r["owner"]) if r.get("owner") is not None
                 else C.text(C.msg("book.for_sale", "for sale")),
                 "revenue": C.money(r["revenue"])}
        if r.get("owner") is None and r.get("price") is not None:
            cells["price"] = C.money(r["price"])
        out.append((sym, cells))
    return C.table("entities", "privates", C.msg("book.privates", "Private companies"),
                   [("owner", C.msg("book.owner", "Owner")),
                    ("revenue", C.msg("book.revenue", "Revenue")),
                    ("price", C.msg("book.price", "Price"))], out)


def trains_section(supply, next_train=None, next_price=None, triggers=(), notes=(),
                   rusted=()) -> list[dict]:
    """The supply table ([(type, left or None for unlimited, price)]) and the next train's
    facts: what buying it sets off (``triggers``: messages), notes (export)."""
    rows = [(t, {"left": C.count(left), **({"price": C.money(price)} if price is not None
                                            else {})}) for t, left, price in supply if left != 0]
    table = C.table("trains", "trains", C.msg("book.train_supply", "Train supply"),
                    [("left", C.msg("book.left", "Left")), ("price", C.msg("book.price", "Price"))],
                    rows)
    items = []
    if next_train is not None:
        items.append((C.msg("book.next_train", "Next train"), C.train(next_train)))
        if next_price is not None:
            items.append((C.msg("book.next_price", "Its price"), C.money(next_price)))
        for m in triggers:
            items.append((C.msg("book.buying_it", "Buying it"), C.text(m)))
        for m in notes:
            items.append((C.msg("book.note", "Note"), C.text(m)))
    if rusted:
        items.append((C.msg("book.rusted", "Rusted"), C.listing("train", rusted)))
    facts = C.facts("next_train", C.msg("book.next_train_title", "The next train"), items,
                    glance=True)
    return [s for s in (facts, table) if s]


def market_grid(prices, tokens: dict, zones: dict | None = None, zone_names=None) -> dict:
    """``prices``: rows of prices (None: no space); ``tokens``: {(r, c): [companies]};
    ``zones``: {(r, c): zone}."""
    zones = zones or {}
    cells = [[None if p is None else {"price": p, "zone": zones.get((r, c)),
                                      "tokens": list(tokens.get((r, c), []))}
              for c, p in enumerate(row)] for r, row in enumerate(prices)]
    return {"kind": "market", "id": "market", "title": C.msg("book.market", "Stock market"),
            "layout": "grid", "cells": cells, "zones": dict(zone_names or {})}


# each live game's market grid as last made: a step moves a token now and then, and while none
# moved the grid (a tenth of a book's making) is the same object, which a page finds unchanged
# at once; shared from one version's book to the next, so never changed in place
_grids: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def market_section(market) -> dict:
    """The book's grid of a core :class:`~engine.core18xx.market.StockMarket`: its tokens where
    they stand, its zones named."""
    tokens = {rc: list(stack) for rc, stack in market.stacks.items() if stack}
    key = tuple((rc, tuple(stack)) for rc, stack in tokens.items())
    kept = _grids.get(market)
    if kept is not None and kept[0] == key:
        return kept[1]
    zones = {rc: sorted(z)[0] for rc, z in market.types.items() if z}
    zone_names = {z: C.msg(f"zone.{z}", z.replace("_", " ")) for z in set(zones.values())}
    grid = market_grid(market.prices, tokens, zones, zone_names)
    _grids[market] = (key, grid)
    return grid


# each live game's sections as last made, by name, with the inputs each was made from: most
# steps change a section or two, and an unchanged one is the same object as the last version's,
# which a page finds unchanged at once. Shared from one version's book to the next, so never
# changed in place; its inputs are plain data made afresh for each book, so never changed either
_made: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def made_again(game, name: str, build, *inputs):
    """``build(*inputs)`` (a pure builder of this module), or the section it made for ``game``
    (the rules object of a live game) under ``name`` last time, when ``inputs`` equal the
    inputs it was made from then."""
    kept = _made.get(game)
    if kept is None:
        kept = _made[game] = {}
    last = kept.get(name)
    if last is not None and last[0] == inputs:
        return last[1]
    section = build(*inputs)
    kept[name] = (inputs, section)
    return section


def market_track(prices, tokens: dict) -> dict:
    cells = [{"price": p, "zone": None, "tokens": list(tokens.get(i, []))}
             for i, p in enumerate(prices)]
    return {"kind": "market", "id": "market", "title": C.msg("book.market", "Stock market"),
            "layout": "track", "cells": cells, "zones": {}}


def map_table(rows) -> dict | None:
    """``rows``: [(hex, {tile, stations: [companies], name})], the hexes with something."""
    out = [(h, {**({"name": C.text(r["name"])} if r.get("name") else {}),
                **({"tile": C.value("tile", r["tile"])} if r.get("tile") else {}),
                **({"stations": C.listing("company", r["stations"])} if r.get("stations") else {})})
           for h, r in rows]
    return C.table("map", "map", C.msg("book.map", "Map: the hexes built"),
                   [("name", C.msg("book.hex_name", "Name")), ("tile", C.msg("book.tile", "Tile")),
                    ("stations", C.msg("book.stations", "Stations"))], out)


def holdings(shares, market, player: str, corps, share_percent: int = 10) -> list[dict]:
    """A player's holdings at their market price, for the score (every 18xx title: cash plus
    shares at price): ``[{company, percent, price, value}]`` from the core's ``ShareBook`` and
    ``StockMarket``, for ``corps`` in their order, a company without a price left out."""
    out = []
    for corp in corps:
        pct = shares.percent(corp, player)
        if pct and corp in market.pos:
            price = market.price(corp)
            out.append({"company": corp, "percent": pct, "price": price,
                        "value": pct * price // share_percent})
    return out


def score_rows(breakdown: dict, money=str, others=None) -> list[dict]:
    """The declared scores (``engine.contract`` score rows) from a breakdown
    ``{player: {cash, holdings: [{company, percent, price, value}], privates: [{name, value}],
    total}}``; ``others(player)`` adds a title's own parts as (message, money)."""
    rows = []
    for p, b in breakdown.items():
        parts = [C.score_part(C.msg("score.cash", "Cash"), C.money(b["cash"]))]
        for h in b.get("holdings") or []:
            parts.append(C.score_part(
                C.msg("score.holding", f"{h['company']} {h['percent']}% at {money(h['price'])}",
                      company=h["company"], percent=h["percent"], price=h["price"]),
                C.money(h["value"])))
        for c in b.get("privates") or []:
            parts.append(C.score_part(C.msg("score.private", f"{c['name']} (face value)",
                                            name=c["name"]), C.money(c["value"])))
        for label, amount in (others(p) if others else []):
            parts.append(C.score_part(label, C.money(amount)))
        rows.append(C.score_row(p, b["total"], parts))
    return rows


class Scores:
    """The score of every 18xx title, one rule: a player's cash plus each share at its
    market price, company cash not counted (1888-N summary, 1899 §9, 18Korea RB §11,
    18 Lilliput summary "게임 종료"), plus a title's own parts (``score_extras``: the core's
    privates at face value, 18 Lilliput's unused Land Copy card). A title gives
    ``score_players()``, ``scored_companies()`` and ``share_book()``."""
    SCORE_SHARE_PERCENT = 10           # the percent of one share (its price buys one)

    def score_extras(self, player: str) -> tuple[dict, int]:
        """A title's own parts of ``player``'s score: (breakdown fields, their money)."""
        return {}, 0

    def score_others(self, player: str) -> list:
        """Those parts as score rows' (message, money)."""
        return []

    def score_breakdown(self) -> dict[str, dict]:
        """Each player's score, item by item; ``total`` is ``result()[player]``."""
        out = {}
        for p in self.score_players():
            cash = self.ledger.of(p)
            held = holdings(self.share_book(), self.market, p, self.scored_companies(),
                            self.SCORE_SHARE_PERCENT)
            extras, worth = self.score_extras(p)
            out[p] = {"name": self.names.get(p, p), "cash": cash, "holdings": held, **extras,
                      "total": cash + sum(h["value"] for h in held) + worth}
        return out

    def result(self) -> dict[str, int]:
        return {p: row["total"] for p, row in self.score_breakdown().items()}

    def scores(self) -> list[dict]:
        return score_rows(self.score_breakdown(), self.money, self.score_others)


class CoreBookMixin(Scores):
    """``book()`` and ``scores()`` of the shared 18xx core (mixed into ``Core18xx``)."""

    def round_message(self) -> dict:
        r = self.round
        if r.name == "operating":
            return C.msg("round.operating", "Operating round %(set)s.%(num)s (of %(total)s)",
                         set=self.turn, num=r.round_num, total=r.total)
        if r.name == "stock":
            return C.msg("round.stock", "Stock round %(set)s", set=self.turn)
        return C.msg(f"round.{r.name}", r.name.replace("_", " ").capitalize())

    def book(self) -> list[dict]:
        from engine.core18xx.bank import BANK
        from engine.core18xx.shares import IPO, POOL
        from engine.core18xx.trains import Depot
        corps = [c for c in self.corps if c not in self.closed_corps]
        players = []
        for p in self.players:
            shares = [(c, pct, self.shares.president.get(c) == p)
                      for c in corps if (pct := self.shares.percent(c, p))]
            players.append((p, {"cash": self.ledger.of(p), "certs": self.cert_count(p),
                                "limit": self.cert_limit(), "shares": shares,
                                "privates": [s for s, c in self.companies.items()
                                             if c["owner"] == p and not c["closed"]],
                                "bankrupt": p in self.bankrupt}))
        started = [c for c in corps if self.shares.president.get(c) or c in self.market.pos]
        companies = [(c, {"president": self.shares.president.get(c),
                          "price": self.market.price(c) if c in self.market.pos else None,
                          "par": self.corps[c]["par"], "treasury": self.ledger.of(c),
                          "trains": [Depot.kind(t) for t in self.corps[c]["trains"]],
                          "tokens_left": len(self.corp_spec[c]["tokens"])
                          - self.corps[c]["tokens_used"],
                          "ipo": self.shares.percent(c, IPO), "pool": self.shares.percent(c, POOL),
                          "float": self.float_status(c)})
                     for c in started]
        privates = [(s, {"owner": c["owner"], "revenue": c["revenue"],
                         "price": self.company_min_price(s)})
                    for s, c in self.companies.items() if not c["closed"]]
        nxt = self.depot.next_train()
        left = Counter(Depot.kind(t) for t in self.depot.upcoming)
        supply = [(k, left[k], self.depot.specs[k].get("price")) for k in self.depot.specs]
        notes = [C.msg("book.exported_at_set_end", "exported at the end of this set of operating "
                       "rounds if nobody buys it")] if self.exports_at_set_end() else []
        stations: dict = {}                     # hex -> the companies with a station there
        for corp in corps:
            for h in dict.fromkeys(tk[0] for tk in self.corps[corp]["tokens"]):
                stations.setdefault(h, []).append(corp)
        built = [(h, {"tile": t, "stations": stations.get(h, [])})
                 for h, (t, _r) in sorted(self.board.laid.items())]
        r = self.round
        auction = getattr(r, "auction", None)
        lots = getattr(auction, "bids", None)   # the waterfall's bids
        bidders = [p for p in self.players if lots and any(who == p for b in lots.values()
                                                           for who, _ in b)]
        bids = open_bids(lots, [(p, auction.free_cash(self, p)["value"]) for p in bidders]) \
            if lots is not None else None
        turn = operating_steps(r.corp, r.stage, r.laid, r.token_done) \
            if getattr(r, "name", "") == "operating" and getattr(r, "corp", None) \
            and hasattr(r, "stage") and not self.crowded else None
        return C.book(
            status(round_text=self.round_message(), acting=self.acting(), controller=self.controller,
                   phase=self.phase["name"],
                   bank=self.ledger.of(BANK), train_limit=self.phase["train_limit"],
                   cert_limit=self.cert_limit(), priority=self.order[0],
                   extra=[(C.msg("book.bank_broken", "Bank broken"),
                           C.text(C.msg("book.bank_broken_note",
                                        "the game ends after this set")))] if self.ledger.broken
                   else []),
            turn,
            bids,
            made_again(self, "players", players_table, players),
            made_again(self, "companies", companies_table, companies),
            made_again(self, "privates", privates_table, privates),
            *made_again(self, "trains", trains_section, supply, Depot.kind(nxt) if nxt else None,
                        self.depot.price(nxt) if nxt else None, self.next_train_triggers(),
                        notes),
            market_section(self.market),
            self.board_picture(),
            made_again(self, "map", map_table, built),
        )

    def board_picture(self) -> dict | None:
        """With a map: the board drawn (tiles, stations), and while a company is to run its
        trains, the best routes found for them."""
        if not self.MAP:                      # no map, no board (``track_map``'s test)
            return None
        colors = [c for c in self.phase_colors() if c in PHASE_COLORS]
        color = colors[-1] if colors else PHASE_COLORS[0]
        r = self.round
        if getattr(r, "name", "") == "operating" and getattr(r, "corp", None) and \
                getattr(r, "stage", RUN + 1) <= RUN and self.corps[r.corp]["trains"]:
            finder = self.route_finder(r.corp)
            best = self.best_run(r.corp, finder)
            routes = [(C.msg("book.board_route", "%(company)s %(train)s %(route)s",
                             company=C.company(r.corp), train=C.train(str(t).split("-")[0]),
                             route="-".join(route.hexes())),
                       route.stops, finder.track_of(route), C.money(route.revenue))
                      for t, route in best[1].items()]
            if routes:                        # drawn on the board the routes were found on
                return picture(finder.board, color, routes)
        # the board alone changes only with a tile, a station or a phase: drawn once for them
        # (the map built only then)
        key = (type(self).__name__, color, tuple(sorted(self.board.laid.items())),
               tuple(sorted((h, tuple(tuple(t) for t in v))
                            for h, v in self.board.tokens.items() if v)))
        return board_drawn(key, lambda: picture(self.track_map(), color, ()))
