"""State, helpers and shared books of an 18Korea game (no round logic here)."""
from __future__ import annotations

from engine.core18xx.bank import BANK, Ledger
from engine.core18xx.market import StockMarket
from engine.core18xx.shares import IPO, POOL, ShareBook
from engine.errors import GameError
from engine.events import Emitter
from engine.titles.title_18korea import data as D


_UNIT = 10                                   # one share = 10%
_HOLDER = {"company": IPO, "pool": POOL}     # this title's holder names -> the core's
_BACK = {IPO: "company", POOL: "pool"}


class Company:
    """One railway company: charter (dashboard), treasury, trains, stations, assets."""

    def __init__(self, sym: str, row: str, ledger: Ledger):
        name, side, home_city = D.COMPANIES[sym]
        self._ledger = ledger
        ledger.open(sym)
        self.sym = sym
        self.name = name
        self.side = side                       # "N" or "S"
        self.home = home_city                  # named cities are their own hex (data.NAMED_CITIES)
        self.home_city = home_city
        self.row = row                         # "north_pre", "south_pre", "south_post"
        self.founded = False
        self.closed = False
        self.director: str | None = None
        self.par: int | None = None
        self.trains: list[str] = []
        self.tokens: list[int] = list(D.STATION_COSTS)   # station tokens left on the dashboard
        self.stations: list[str] = []          # hexes where it has a station
        self.home_placed = False
        self.assets: list[str] = []
        self.card_tokens_used: dict[str, int] = {}   # RB §2: asset cards' own station tokens used
        self.last_revenue = 0
        self.operated = 0
        self.defector_tokens = 0               # OA09: stations to move to South Korea

    @property
    def card_tokens(self) -> dict[str, int]:
        """Station tokens of its asset cards still unused (RB §2, data.ASSET_STATION_TOKENS)."""
        return {card: self.assets.count(card) - self.card_tokens_used.get(card, 0)
                for card in D.ASSET_STATION_TOKENS if card in self.assets}

    @property
    def cash(self) -> int:
        """The treasury, kept in the game's ledger."""
        return self._ledger.of(self.sym)

    @cash.setter
    def cash(self, amount: int) -> None:     # for arranged positions in tests only
        self._ledger.cash[self.sym] = amount


def err(code: str, message: str, **params):
    raise GameError(code, message, **params)


def as_int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value.strip())
        err("bad_number", f"{name} must be a whole number, not {value!r}.", field=name)
    return value


class Base(Emitter):
    """Books shared by every round."""

    # ------------------------------------------------------------------ set-up
    def _init_books(self, players, seed, options):
        import random
        self.options = dict(options or {})     # the table's readings (readings.OPTIONS)
        self.rng = random.Random(seed)
        self.names = {p["id"]: p["name"] for p in players}
        ids = [p["id"] for p in players]
        self.n = len(ids)
        self.seating = list(ids)
        self.rng.shuffle(self.seating)         # RB §3: random seating
        self.player_ids = list(ids)
        # money, kept by the shared core's Ledger. RB §3: "There is no money limit": the
        # bank starts at 0 and runs negative; its "broken" flag means nothing here.
        self.ledger = Ledger(0)
        for pid in ids:
            self.ledger.open(pid)
            self.ledger.pay(BANK, pid, D.STARTING_CASH[self.n])
        self.finished = False
        self.game_end_reason: str | None = None
        self.events_log: list[dict] = []
        # companies
        north = sorted(s for s, v in D.COMPANIES.items() if v[1] == "N")
        south = sorted(s for s, v in D.COMPANIES.items() if v[1] == "S")
        self.rng.shuffle(north)
        self.rng.shuffle(south)
        south_n = D.SOUTH_DRAWN[self.n]
        rows = {"north_pre": north[:D.NORTH_PRE_WAR],
                "south_pre": south[:south_n // 2],
                "south_post": south[south_n // 2:south_n]}
        self.rows = rows
        self.companies: dict[str, Company] = {}
        for row, syms in rows.items():
            for sym in syms:
                self.companies[sym] = Company(sym, row, self.ledger)
        # shares, kept by the shared core's ShareBook in percent ("ipo" is the company's
        # dashboard, "pool" the bank); this title counts in 10% units (see units()).
        self.sharebook = ShareBook({sym: {} for sym in self.companies}, self.seating)
        # market
        # RB §5: a one-row stock track, kept by the shared core's StockMarket (a marker
        # arriving on a space goes to its right; operating order is price, then arrival).
        self.market = StockMarket([[f"{p}p" if p in D.PAR_POST_WAR else str(p) for p in D.MARKET]])
        self.flipped: set[str] = set()
        # trains
        self.depot = dict(D.TRAIN_COUNT)
        self.first_sold: set[str] = set()      # train types sold at least once
        self.left_market: dict[str, int] = {t: 0 for t in D.TRAIN_ORDER}
        self.rusted: set[str] = set()
        self.era = "yellow"
        self.train_limit = D.START_TRAIN_LIMIT
        self.pending_discards: list[str] = []
        # war
        self.war = "none"                      # "none", "revealed" (at end of this OR), "done"
        # map
        self.map = D.default_map()
        self.hexes: dict[str, dict] = {}
        self.spy_hexes: set[str] = set()       # OB02
        # assets
        self.asset_texts = {code: {"name": n, "text": t, "known": True}
                            for code, (n, t) in D.KNOWN_ASSETS.items()}
        self.asset_owner: dict[str, str] = {}  # code -> player id or company symbol
        # end
        self.end_after_or: str | None = None
        self.eight_e_set: int | None = None
        self.last_sr = False
        self.final_set = False
        self.corrections: list[dict] = []

    def controller(self, entity: str) -> str | None:
        if entity in self.player_ids:
            return entity
        comp = self.companies.get(entity)
        return comp.director if comp is not None else None

    def pname(self, pid: str) -> str:
        return f"{self.names.get(pid, pid)}"

    # ------------------------------------------------------------------ lookups
    def player(self, entity) -> str:
        if entity not in self.cash:
            err("unknown_player", f"{entity!r} is not a player of this game.", entity=entity)
        return entity

    def company(self, sym, live=True) -> Company:
        comp = self.companies.get(sym) if isinstance(sym, str) else None
        if comp is None:
            err("unknown_company", f"{sym!r} is not a company in this game.", company=sym)
        if live and comp.closed:
            err("company_closed", f"{sym} has left the game.", company=sym)
        return comp

    def live_companies(self):
        return [c for c in self.companies.values() if c.founded and not c.closed]

    # ------------------------------------------------------------------ market
    @property
    def price_idx(self) -> dict[str, int]:
        """Company -> index of its space on the track (companies with a price only)."""
        return {sym: c for sym, (_r, c) in self.market.pos.items()}

    def price(self, sym) -> int:
        return self.market.price(sym)

    def set_price_idx(self, sym, idx):
        idx = max(0, min(len(D.MARKET) - 1, idx))
        self.market.place(sym, (0, idx))    # RB §9.6: to the rightmost of the space
        return idx

    def move_price(self, sym, steps, why) -> None:
        old = self.price(sym)
        if steps:
            self.market.move(sym, "right" if steps > 0 else "left", abs(steps))
        new = self.price(sym)
        if new != old:
            self.emit("price_moved", f"{sym}'s share price {'rises' if new > old else 'falls'} "
                    f"from {old} to {new} ({why}).",
                    f"Move {sym}'s token on the stock track to {new} (rightmost in the space).",
                    company=sym, old=old, new=new)
        else:
            self.emit("price_unchanged", f"{sym}'s share price stays at {old} ({why}).",
                    company=sym, price=old)
        if new >= D.END_PRICE and not self.end_after_or:
            self.end_after_or = f"price_{new}"
            self.emit("end_triggered", f"{sym} reached {new}: the game ends after this operating "
                    "round.", company=sym, price=new)

    def operating_key(self, sym):
        # RB §9: highest price first; in one space, the leftmost (earliest there) first
        return self.market.sort_key(sym)

    # ------------------------------------------------------------------ shares
    @property
    def shares(self) -> dict[str, dict[str, int]]:
        """Company -> holder ("company", "pool" or a player id) -> 10% units (a copy)."""
        return {sym: {_BACK.get(h, h): pct // _UNIT for h, pct in held.items() if pct}
                for sym, held in self.sharebook.held.items()}

    def units(self, sym, holder) -> int:
        return self.sharebook.percent(sym, _HOLDER.get(holder, holder)) // _UNIT

    def move_units(self, sym, src, dst, n):
        if self.units(sym, src) < n:
            err("no_shares", f"{src} does not hold {n} share(s) of {sym}.")
        self.sharebook.move(sym, _HOLDER.get(src, src), _HOLDER.get(dst, dst), n * _UNIT)

    def set_director(self, sym, pid):
        self.companies[sym].director = pid
        self.sharebook.president[sym] = pid

    def certs(self, pid) -> int:
        return sum(self.sharebook.certs(sym, pid) for sym in self.sharebook.held)

    def cert_limit(self) -> int:
        return D.CERT_LIMIT[self.n]

    def order_from(self, pid) -> list[str]:
        order = self.current_order()
        i = order.index(pid)
        return order[i + 1:] + order[:i]

    def current_order(self) -> list[str]:
        sr = getattr(self, "sr", None)
        if sr and sr.get("order"):
            return list(sr["order"])
        return list(self.seating)

    def max_sellable(self, pid, sym, keep_presidency=False) -> int:
        comp = self.companies[sym]
        if not comp.founded or comp.closed:
            return 0
        have = self.units(sym, pid)
        room = D.POOL_LIMIT_UNITS - self.units(sym, "pool")
        if comp.director != pid:
            return max(0, min(have, room))
        others = max([self.units(sym, p) for p in self.cash if p != pid] + [0])
        if keep_presidency:
            floor = max(2, others)
        else:
            floor = 0 if others >= 2 else 2
        return max(0, min(have - floor, room))

    def sale_value(self, pid, sym, n) -> int:
        comp = self.companies[sym]
        idx = self.price_idx[sym]
        if comp.director == pid:
            idx = max(0, idx - n)
        return n * D.MARKET[idx]

    def raisable(self, pid, keep_presidency=False) -> int:
        total = self.cash[pid]
        for sym in self.sharebook.held:
            n = self.max_sellable(pid, sym, keep_presidency)
            if n:
                total += self.sale_value(pid, sym, n)
        return total

    def sell(self, pid, sym, n, keep_presidency=False) -> int:
        """Sell n units of sym from pid to the bank pool (RB §7.1)."""
        comp = self.company(sym)
        if not comp.founded:
            err("not_founded", f"{sym} has not been founded; it has no shares to sell.")
        if n < 1:
            err("bad_count", "Sell at least one share.")
        have = self.units(sym, pid)
        if n > have:
            err("not_enough_shares", f"{self.pname(pid)} holds {have} share(s) of {sym}, not {n}.",
                have=have, count=n)
        most = self.max_sellable(pid, sym, keep_presidency)
        if n > most:
            if self.units(sym, "pool") + n > D.POOL_LIMIT_UNITS:
                err("pool_full", f"The bank may hold at most {D.POOL_LIMIT_UNITS * 10}% of {sym}; "
                    f"at most {most} share(s) can be sold.", most=most)
            if keep_presidency:
                err("presidency_change", f"This sale would change or break the directorship of {sym}; "
                    f"at most {most} share(s) can be sold now.", most=most)
            err("director_certificate", f"The director's certificate cannot be sold to the bank and "
                f"nobody else holds 20% of {sym}: at most {most} share(s) can be sold.", most=most)
        was_director = comp.director == pid
        if was_director:
            # RB §7.1: "the stock price of the company will drop by 1 space by the number of
            # shares you sell" (summary §2.1 a: only when the director sells)
            self.move_price(sym, -n, f"its director sold {n} share(s)")
        # RB §7.1: "You get paid by the bank for the price that is located on each company's
        # stock track after selling": after the director's drop (reading "director_sale_price")
        value = n * self.price(sym)
        self.move_units(sym, pid, "pool", n)
        self.pay("bank", pid, value)
        self.emit("shares_sold", f"{self.pname(pid)} sold {n * 10}% of {sym} for ₩{value:,}.",
                f"Put {n} share(s) of {sym} in the bank space.", player=pid, company=sym,
                count=n, amount=value)
        if was_director:
            self.check_director(sym)
        return value

    def check_director(self, sym):
        """RB §7.1/§7.2: the largest holder (at least 20%) takes the director's certificate when
        the director is outgrown; ties go to the player nearest after the old director in this
        stock round's order. The shared core's ShareBook does exactly that (its seating is set
        to the stock round order in ``start_stock_round``)."""
        old, new = self.sharebook.check_president(sym)
        if new is None:
            return
        self.companies[sym].director = new
        self.emit("director_changed", f"{self.pname(new)} becomes director of {sym}.",
                f"{self.pname(new)} takes {sym}'s director's certificate and gives "
                f"{self.pname(old)} two 10% shares for it." if old else "",
                company=sym, director=new, previous=old)

    # ------------------------------------------------------------------ money
    @property
    def cash(self) -> dict[str, int]:
        """Player id -> cash (a copy; money moves only through ``pay``)."""
        return {pid: self.ledger.cash[pid] for pid in self.player_ids}

    @property
    def bank(self) -> int:
        """The bank's net (it starts at 0 and has no limit, so it is negative)."""
        return self.ledger.of(BANK)

    def pay(self, src, dst, amount):
        """Move money between 'bank', a player id or a company symbol (a negative amount
        moves it the other way)."""
        if amount < 0:
            src, dst, amount = dst, src, -amount
        self.ledger.pay(src, dst, amount)

    # ------------------------------------------------------------------ map
    def resolve_hex(self, hx, known=True) -> str:
        """A named city (any case) or the board label of another hex, normalised.

        ``known``: the engine must already know the hex's facts (a first build gives them).
        """
        name = D.named_city(hx)
        if name:
            return name
        label = D.normalise_label(hx)
        if not label or len(label) > D.LABEL_MAX or not set(label) <= D.LABEL_CHARS:
            err("bad_hex", f"{hx!r} is not a hex: give a city's name or the label printed on the board "
                f"(up to {D.LABEL_MAX} letters, digits, spaces, '-', '.', '/', '#').", hex=hx)
        if known and label not in self.map:
            err("unknown_hex", f"The book knows nothing about hex {label} yet: the first tile laid on it "
                "gives its side (N/S), kind and printed cost (or enter them with a 'hex' correction).",
                hex=label)
        return label

    def hex_info(self, hx) -> dict:
        info = self.map.get(hx)
        if info is None:
            err("unknown_hex", f"The book knows nothing about hex {hx}.", hex=hx)
        return info

    @staticmethod
    def check_hex_facts(side, kind, cost, label=True) -> tuple[str, str, int]:
        """Validate the facts the table gives about a hex (side, kind, printed cost)."""
        if side not in ("N", "S"):
            err("bad_side", "Side of the demarcation line is 'N' (North Korea) or 'S' (South Korea).",
                field="side", choices=["N", "S"])
        kinds = D.LABEL_KINDS if label else D.HEX_KINDS
        if label and kind == "metro":
            err("metro_is_named", "The five metropolitan cities are named: "
                + ", ".join(D.METROPOLITAN) + "; a board label is plain, small or city.",
                field="hex_kind", choices=list(kinds))
        if kind not in kinds:
            extra = " (the five metropolitan cities are named: " + ", ".join(D.METROPOLITAN) + ")" \
                if label and kind == "metro" else ""
            err("bad_kind", f"Hex kind is one of {', '.join(kinds)}{extra}.", field="hex_kind",
                choices=list(kinds))
        if not 0 <= cost <= D.MAX_PRINTED_COST or cost % D.COST_STEP:
            err("bad_cost", f"A printed build cost is ₩0-{D.MAX_PRINTED_COST} in steps of "
                f"₩{D.COST_STEP:,}.", field="cost", min=0, max=D.MAX_PRINTED_COST)
        return side, kind, cost

    def seats_for(self, hx, color) -> int:
        info = self.hex_info(hx)
        if info["kind"] not in ("city", "metro"):
            return 0
        table = D.SEATS["Seoul"] if info.get("name") == D.SEOUL else D.SEATS[info["kind"]]
        return table[color]

    def hstate(self, hx) -> dict:
        st = self.hexes.get(hx)
        if st is None:
            st = {"tile": None, "color": "none", "rotation": 0,
                  "seats": [None] * self.seats_for(hx, "none"), "outer": []}
            self.hexes[hx] = st
        return st

    def hex_label(self, hx) -> str:
        return hx          # a named city's name, or the board's own label

    def hex_facts_text(self, hx) -> str:
        info = self.hex_info(hx)
        words = {"plain": "normal track", "small": "small city", "city": "normal city",
                 "metro": "metropolitan city"}
        return (f"{words[info['kind']]}, {'North' if info['side'] == 'N' else 'South'} Korea, "
                f"printed cost ₩{info['cost']:,}")

    def big_cities(self, side=None) -> list[str]:
        """The big cities the book knows (RB §2.4: normal and metropolitan), on ``side``."""
        return [hx for hx, i in self.map.items()
                if i["kind"] in ("city", "metro") and (side is None or i["side"] == side)]

    def station_city(self, comp, raw, side=None) -> str:
        """The big city ``raw`` names, on ``side`` if given, where ``comp`` has no station."""
        hx = self.resolve_hex(raw)
        info = self.hex_info(hx)
        if info["kind"] not in ("city", "metro"):
            err("no_city", f"{self.hex_label(hx)} is not a big city; stations go in big cities.")
        if side and info["side"] != side:
            err("north_closed" if side == "S" else "not_north_city",
                f"{self.hex_label(hx)} is not in {'South' if side == 'S' else 'North'} Korea.")
        if self.company_has_station(comp.sym, hx):
            err("station_twice", f"{comp.sym} already has a station in {self.hex_label(hx)}.")
        return hx

    def company_has_station(self, sym, hx) -> bool:
        st = self.hexes.get(hx)
        return bool(st) and (sym in st["seats"] or sym in st["outer"])
