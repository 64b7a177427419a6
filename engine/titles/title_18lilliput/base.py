"""The books of a game of 18 Lilliput: state, options, and the helpers every rule uses.

Money is the core ``Ledger`` (the bank counted, so money is conserved), shares the core
``ShareBook`` (holdings in percent; 80% of each company issued), the index the core
``StockMarket`` (two rows), and the train deck and train pool the core ``Depot`` (its
``upcoming`` is the deck, its ``discarded`` the train pool).
"""
from __future__ import annotations

import random

from engine import contract as C
from engine.core18xx.bank import BANK, Ledger
from engine.core18xx.market import StockMarket
from engine.core18xx.shares import IPO, ShareBook
from engine.core18xx.trains import Depot
from engine.errors import GameError
from engine.events import Emitter
from engine.titles.title_18lilliput import data as D

MILDENDO = "0,0"


def filled_msg(code: str, english: str, **params) -> dict:
    """A message whose English is its template filled with its params."""
    return C.msg(code, english % params if params else english, **params)


def pos_id(x: int, y: int) -> str:
    return f"{x},{y}"


def pos_xy(pos: str) -> tuple[int, int]:
    x, y = pos.split(",")
    return int(x), int(y)


def index_rows(values: list[int]) -> list[list[str]]:
    """The index as two rows of market codes: top row first (see ``data.PRICE_INDEX``)."""
    bottom = [str(v) for v in values[0::2]]
    top = [str(v) for v in values[1::2]]
    top += [""] * (len(bottom) - len(top))
    return [top, bottom]


def parse_index(raw, code: str = "bad_option") -> list[int]:
    """A share price index as the table types it: whole numbers, lowest first, by commas
    (set-up, and the ``price_index`` correction with ``code`` correction_value)."""
    try:
        prices = [int(x) for x in str(raw).replace(" ", "").split(",") if x]
    except ValueError:
        raise GameError(code, "price_index is whole numbers separated by commas.") from None
    if len(prices) < 4 or prices != sorted(set(prices)) or prices[0] <= 0:
        raise GameError(code, "price_index rises from the lowest value, each value once.")
    for need in sorted({s["price"] for s in D.STARTING.values()}):
        if need not in prices:
            raise GameError(code, f"price_index must hold {need} (a starting company's price).")
    return prices


def parse_options(options: dict) -> dict:
    """The table's set-up values, each checked; defaults are the provisional data."""
    out = {"track_order": options.get("track_order", "yellow_green_brown")}
    if out["track_order"] not in D.TRACK_ORDERS:
        raise GameError("bad_option", f"track_order is one of {sorted(D.TRACK_ORDERS)}.")
    raw = options.get("price_index")
    out["price_index"] = list(D.PRICE_INDEX) if raw in (None, "") else parse_index(raw)
    out["prices"], out["counts"] = {}, {}
    for t in D.TRAIN_TYPES:
        for key, table, lo in (("price", D.TRAIN_PRICES, 1), ("count", D.TRAIN_COUNTS, 1)):
            v = options.get(f"train_{t}_{key}", table[t])
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= 5000:
                raise GameError("bad_option", f"train_{t}_{key} is a whole number from {lo}.")
            out[key + "s"][t] = v
    refill = options.get("pool_refill", D.POOL_REFILL)
    if not isinstance(refill, int) or isinstance(refill, bool) or not 0 <= refill <= 6:
        raise GameError("bad_option", "pool_refill is a whole number from 0 to 6.")
    out["pool_refill"] = refill
    return out


class Base(Emitter):
    def _init_books(self, players: list[dict], seed: int, options: dict) -> None:
        self.opts = parse_options(options)
        self.names = {p["id"]: p["name"] for p in players}
        self.seating = [p["id"] for p in players]
        self.rng = random.Random(seed)
        self.first = self.rng.randrange(len(self.seating))      # S 셋업 9: drawn
        self.ledger = Ledger(D.BANK_CASH)
        for p in self.seating:
            self.ledger.open(p)
            self.ledger.pay(BANK, p, D.PLAYER_CASH)
        self.companies: dict[str, dict] = {}
        for cid, spec in list(D.STARTING.items()) + list(D.OTHERS.items()):
            self.companies[cid] = {
                "name": spec["name"], "starting": cid in D.STARTING, "director": None,
                "in_play": cid not in D.STARTING, "trains": [], "stations": [],
                "markers": 0, "extra_stations": 0, "home": None, "founded_round": None}
            self.ledger.open(cid)
        corp_specs = {c: {"president_percent": D.DIRECTOR_PERCENT,
                          "share_percent": D.SHARE_PERCENT} for c in self.companies}
        self.shares = ShareBook(corp_specs, self.seating)
        for c in self.companies:
            self.shares.held[c] = {IPO: D.ISSUED_PERCENT}       # S: 20% never exists
        self.market = StockMarket(index_rows(self.opts["price_index"]))
        self.depot = Depot([{"name": t, "num": self.opts["counts"][t],
                             "price": self.opts["prices"][t]} for t in D.TRAIN_TYPES])
        self.rusted: list[str] = []
        self.phase = 1
        self.colours = D.TRACK_ORDERS[self.opts["track_order"]]
        self.tiles: dict[str, dict] = {
            MILDENDO: {"kind": "mildendo", "colour": "red", "exits": "ENSW", "slots": 0,
                       "stations": []}}
        self.characters: dict[str, str | None] = {c: None for c in D.CHARACTERS}
        self.castle_laid = False
        self.land_copy_used = {p: False for p in self.seating}
        self.round = 1
        self.finished = False
        self.game_end_reason = None
        self.recent: list[dict] = []
        self.notes: list[dict] = []          # character powers and cards entered as text

    # -- reading ---------------------------------------------------------------------------
    def order_from_first(self) -> list[str]:
        n = len(self.seating)
        return [self.seating[(self.first + i) % n] for i in range(n)]

    def phase_row(self) -> dict:
        return D.PHASES[self.phase - 1]

    def train_limit(self) -> int | None:
        return self.phase_row()["limit"]

    def colours_in_use(self) -> list[str]:
        return self.colours[: self.phase_row()["colours"]]

    def obsolete_types(self) -> set[str]:
        out = set()
        for row in D.PHASES[: self.phase]:
            out.update(row.get("obsolete", ()))
        return out - set(self.rusted_types())

    def rusted_types(self) -> set[str]:
        out = set()
        for row in D.PHASES[: self.phase]:
            out.update(row.get("rust", ()))
        return out

    def is_obsolete(self, train_id: str) -> bool:
        return Depot.kind(train_id) in self.obsolete_types()

    def live_companies(self) -> list[str]:
        return [c for c, co in self.companies.items() if co["director"] is not None]

    def directed_by(self, player: str) -> list[str]:
        return [c for c in self.live_companies() if self.companies[c]["director"] == player]

    def price(self, company: str) -> int:
        return self.market.price(company)

    def certs(self, player: str) -> int:
        return sum(self.shares.certs(c, player) for c in self.companies)

    def is_last_round(self) -> bool:
        return self.round == D.ROUNDS

    def company_name(self, c: str) -> str:
        return self.companies[c]["name"]

    def player_name(self, p: str) -> str:
        return self.names.get(p, p)

    def controller(self, entity: str) -> str | None:
        if entity in self.names:
            return entity
        co = self.companies.get(entity)
        return co["director"] if co else None

    # -- events ----------------------------------------------------------------------------
    def keep_recent(self, events) -> None:
        """The book's log of what happened: the last 12 events (``apply`` keeps each action's;
        events go out through the one ``emit``, ``engine.events.Emitter``)."""
        self.recent += [{"code": e.code, "message": e.message + (f" {e.board}" if e.board else ""),
                         "params": e.params} for e in events]
        del self.recent[:-12]

    # -- checks ----------------------------------------------------------------------------
    def need_director(self, player: str, company) -> str:
        if not isinstance(company, str) or company not in self.companies:
            raise GameError("bad_company", f"No company {company!r}.", company=company)
        if self.companies[company]["director"] != player:
            raise GameError("not_director", f"{self.player_name(player)} is not the director of "
                      f"{self.company_name(company)}.", player=player, company=company)
        return company
