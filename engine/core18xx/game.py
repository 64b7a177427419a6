"""``Core18xx``: the state of one 18xx game and the flow of its rounds.

A title subclasses ``Core18xx``, sets the data tables below and overrides
only the hooks where it departs from the core (the hooks are the methods
under "title hooks"). The object is plain data plus class-level tables, so
it pickles small and fast for the Game's snapshots.

Data tables (class attributes):

- ``BANK_CASH``, ``CERT_LIMIT`` {players: n}, ``STARTING_CASH`` {players: ¥}
- ``MARKET`` rows of codes (see ``market.py``), ``MARKET_ZONES`` {letter: zone}
- ``PHASES`` [{name, on (train type or None), tiles [colours], train_limit,
  operating_rounds, status [..]}] — status words the core knows:
  ``can_buy_companies``, ``can_buy_trains_from_others``
- ``TRAINS`` [{name, distance, price, num (int or "unlimited"), rusts_on,
  events [..], discount {type: ¥}}]
- ``CORPORATIONS`` [{sym, name, home, tokens [¥ per token, home first],
  float_percent}], ``COMPANIES`` [{sym, name, value, revenue}]
- ``TILES``, ``HEXES`` (see ``tiles.py``)

Title hooks (override in the title's subclass; defaults are plain 1830-style):
``setup``, ``first_round``/``next_round`` (round sequence), ``payout_privates``,
``on_auction_all_passed``, ``train_revenue`` (one train's entry -> revenue,
subsidy) and ``run_bonuses``, ``special_lay``/``special_lay_legal``/
``check_hex_open`` (private abilities, blocked hexes), ``after_company_bought``,
``train_event`` (e.g. close_companies), ``or_round_finished``,
``or_set_finished`` (e.g. export), ``float_capital``,
``share_payee`` (capitalization), ``company_price_range``, ``private_certs``,
``dividend_price_move``, ``game_end_bankrupt``. Class switches:
``SELL_FROM_TURN``, ``EMERGENCY_PRESIDENCY_CHANGE``, ``GAME_END_BANK``,
``CERT_LIMIT_INCLUDES_PRIVATES``, ``MARKET_SHARE_LIMIT``, ``MAX_OWNERSHIP``.

Rounds and steps: ``AUCTION_STEPS``, ``STOCK_STEPS``, ``OPERATING_STEPS`` are tuples of step
classes (``engine.core18xx.steps``), in order; a title's own actions are steps it adds to them
or puts in place of the core's (1888-N's Forbidden City exchange, 1899 DAIHAN's auction).

Entities are strings: player ids ("1", "2", ...), corporation symbols and
private company symbols. ``legal_actions()`` returns entries in the declared contract
(``engine.contract``), each made whole by the step that offers it with
``engine.core18xx.entries.entry``: its label (a message with typed params), the company it
is about, its shown-only rows (``show``), its fixed fields and its params (the contract's
builders). The entries:

- ``bid`` {company, [buys: true], params: price}; ``pass`` {}
- ``par`` {corporation, params: price}; ``buy_shares`` {corporation, params: source; the
  price from each source shown}; ``sell_shares`` {corporation, params: percent; in an
  emergency the amount still to raise shown}
- ``lay_tile`` {params: hex, tile (by hex), rotation (by hex and tile); the phase's colours
  and the tiles left shown}; a private's lay adds ``company`` (its hexes shown)
- ``place_token`` {price, params: hex, city (by hex)}
- ``run_trains`` {[best], params: revenues (one per train), per title bonus flags (1888-N:
  destination, mine); the trains and bonuses shown}
- ``dividend`` {revenue, params: kind}
- ``buy_train`` {train, price, [exchange]} from the bank, or {train, seller, params: price}
  from another company; ``buy_company`` {company, seller, params: price}
- ``discard_train`` {params: train}, ``bankrupt`` {}
- titles add their own (1888-N: ``exchange`` {company, params: corporation, source})
- ``correction`` {kind, [op], anytime: true, params: entity (the posting seat), ..,
  reason} for every seated player at any time, one per kind (see ``corrections.py``).

Every action may instead be a ``correction``: the physical board is the
authority, and every value the book keeps can be corrected.
"""
from __future__ import annotations

from collections import Counter

from engine import contract as C
from engine.core18xx.bank import BANK, Ledger
from engine.core18xx.book import CoreBookMixin
from engine.core18xx.corrections import CorrectionsMixin
from engine.core18xx.dividends import DividendMixin
from engine.core18xx.market import StockMarket
from engine.core18xx.phases_trains import TrainsMixin
from engine.core18xx.privates import PrivatesMixin
from engine.core18xx.rounds.auction import AuctionRound
from engine.core18xx.rounds.operating import OperatingRound
from engine.core18xx.rounds.stock import StockRound
from engine.core18xx.steps.auction import WaterfallAuction
from engine.core18xx.steps.base import DiscardTrain
from engine.core18xx.steps.operating import (BuyCompany, BuyTrain, Dividend, EmergencyMoney, EndTurn,
                                             LayTrack, PlaceToken, RunTrains)
from engine.core18xx.steps.stock import BuyShares, SellShares, StockPass
from engine.core18xx.share_trading import ShareTradingMixin
from engine.core18xx.shares import IPO, POOL, ShareBook
from engine.core18xx.tiles import Board
from engine.core18xx.track_tokens import TrackMixin
from engine.core18xx.trains import Depot
from engine.errors import GameError
from engine.events import Emitter, Event


class describer:
    """A title's ``TitleSpec.describe``: a posted step as its history line, each field as the
    step that takes it declares it (``Step.POSTS``; ``engine.core18xx.declare``, loaded only
    when a history line is made). A class, not a closure: a game pickles its spec."""

    def __init__(self, rules_cls):
        self.rules_cls = rules_cls

    def __call__(self, action: dict, currency: str = "") -> dict:
        from engine.core18xx.declare import describe, posts_of
        return describe(action, currency, posts_of(self.rules_cls))


class Core18xx(TrainsMixin, TrackMixin, DividendMixin, ShareTradingMixin, PrivatesMixin,
               CorrectionsMixin, CoreBookMixin, Emitter):
    CURRENCY = "$"
    BANK_CASH = 0
    CERT_LIMIT: dict = {}
    STARTING_CASH: dict = {}
    MARKET: list = []
    MARKET_ZONES: dict = {}
    MARKET_SHARE_LIMIT = 50
    MAX_OWNERSHIP = 60
    MIN_BID_INCREMENT = 5
    BID_MULTIPLE_OF_INCREMENT = False
    PHASES: list = []
    TRAINS: list = []
    CORPORATIONS: list = []
    COMPANIES: list = []
    TILES: dict = {}
    HEXES: dict = {}
    COMPANY_PRICE_RANGE = (0.5, 1.5)     # of face value, when companies sell privates
    DIVIDEND_KINDS = ("payout", "withhold")
    MAX_TRAIN_REVENUE = 1500             # the run form's cap per train
    REVENUE_STEP = 10                    # printed revenues are multiples of 10
    SELL_FROM_TURN = 2                   # no selling in the first stock round
    EMERGENCY_PRESIDENCY_CHANGE = False  # emergency sales never change a presidency
    GAME_END_BANK = "full_set"           # "full_set": a broken bank ends the game after the set
    NO_CERT_LIMIT_ZONE = "no_cert_limit"
    CERT_LIMIT_INCLUDES_PRIVATES = True  # a private held by a player is a certificate
    # -- the rounds and their steps (data: a title lists its own, see README "How a title adds
    # or replaces a step"); the order of the rounds is ``first_round``/``next_round``'s
    AUCTION_ROUND, STOCK_ROUND, OPERATING_ROUND = AuctionRound, StockRound, OperatingRound
    AUCTION_STEPS = (DiscardTrain, WaterfallAuction)
    STOCK_STEPS = (DiscardTrain, SellShares, BuyShares, StockPass)
    OPERATING_STEPS = (DiscardTrain, LayTrack, PlaceToken, RunTrains, Dividend, BuyTrain,
                       BuyCompany, EmergencyMoney, EndTurn)
    TEXT_FIELDS = ("company", "corporation", "hex", "tile", "train", "exchange", "source", "kind",
                   "target", "op", "reason")

    # -- setup -----------------------------------------------------------------------------
    def __init__(self, players: list[dict], seed: int, options: dict):
        self.seed = seed
        self.options = options
        self.players = [p["id"] for p in players]
        self.names = {p["id"]: p["name"] for p in players}
        self.order = list(self.players)          # seating, rotated so priority is first
        if options.get("seating") == "random":   # deal the seats from the seed
            import random                        # loaded only for a table that asks
            random.Random(seed).shuffle(self.order)
        self.bankrupt: list[str] = []
        self.finished = False
        self.game_end_reason: str | None = None
        self.turn = 1
        self.phase_index = 0
        self.last_to_act: str | None = None
        self._events: list[Event] = []
        n = len(self.players)
        self.ledger = Ledger(self.BANK_CASH)
        for p in self.players:
            self.ledger.open(p)
            self.ledger.pay(BANK, p, self.STARTING_CASH[n])
        self.market = StockMarket(self.MARKET, self.MARKET_ZONES)
        self.corps = {}
        for spec in self.CORPORATIONS:
            sym = spec["sym"]
            self.ledger.open(sym)
            self.corps[sym] = {"sym": sym, "par": None, "floated": False, "trains": [],
                               "tokens_used": 0, "tokens": [], "companies": [], "operated": False}
        self.corp_spec = {c["sym"]: c for c in self.CORPORATIONS}
        self.closed_corps: set[str] = set()
        self.shares = ShareBook({c["sym"]: c for c in self.CORPORATIONS}, list(self.order))
        self.companies = {c["sym"]: {"sym": c["sym"], "value": c["value"], "revenue": c["revenue"],
                                     "owner": None, "closed": False, "discount": 0,
                                     "auction": c.get("auction", True)}
                          for c in self.COMPANIES}
        self.depot = Depot(self.TRAINS)
        self.train_owner: dict[str, str] = {}    # owned trains -> corporation
        self.board = Board(self.HEXES, self.TILES)
        self.crowded: list[str] = []
        self.kinds_seen: set[str] = set()         # train types that have left the depot
        self.bank_broken_seen = False
        self.last_runs: dict[str, dict[str, list[str]]] = {}   # corp -> train -> bonuses earned
        self.setup()
        self.round = self.first_round()
        self._settle()
        self._events = []

    # -- helpers for text ------------------------------------------------------------------
    def money(self, amount: int) -> str:
        return f"{self.CURRENCY}{amount:,}" if amount >= 0 else f"-{self.CURRENCY}{-amount:,}"

    def controller(self, entity: str) -> str | None:
        if entity in self.players:
            return entity
        if entity in self.corps:
            return self.shares.president.get(entity)
        if entity in self.companies:
            owner = self.companies[entity]["owner"]
            return owner if owner in self.players else self.controller(owner) if owner else None
        return None

    def pname(self, pid: str) -> str:
        return self.names.get(pid, pid)

    def cname(self, sym: str) -> str:
        for c in self.COMPANIES:
            if c["sym"] == sym:
                return c["name"]
        return sym

    def event_name(self, value: str) -> str | None:
        """``emit`` names a private by its name (``<key>_name``) as it names a player."""
        return self.cname(value) if value in self.companies else None

    def out_of_turn(self, entity, acting):
        who = ", ".join(self.pname(a) for a in acting) or "nobody"
        raise GameError("not_your_turn", f"It is not {self.pname(str(entity))}'s turn: "
                        f"{who} acts now.", entity=entity, acting=list(acting))

    # -- the Rules protocol ----------------------------------------------------------------
    def apply(self, action: dict) -> list[Event]:
        self._events = []
        entity = action.get("entity")
        if not isinstance(entity, str) or not entity:
            raise GameError("bad_entity", "An action names its entity (a player id or a company).")
        fields = self.TEXT_FIELDS
        for key, value in action.items():
            if key in fields and not isinstance(value, str):
                key = next(k for k in fields if k in action and not isinstance(action[k], str))
                raise GameError("bad_field",
                                f"{key!r} is a name or id (text), not {action[key]!r}.",
                                field=key)
        if action["type"] == "correction":
            self.correction(action)
        else:
            self.round.apply(self, action)
        self._settle()
        events, self._events = self._events, []
        return events

    def acting(self) -> list[str]:
        if self.finished:
            return []
        return self.round.acting(self)

    @classmethod
    def step_classes(cls) -> tuple:
        """Every step class of the title's rounds (what they post: ``Step.POSTS``)."""
        return cls.AUCTION_STEPS + cls.STOCK_STEPS + cls.OPERATING_STEPS

    def legal_actions(self) -> list[dict]:
        if self.finished:
            return []
        return [self._about_named(e) for e in self.round.legal(self) + self.correction_legal()]

    def _about_named(self, e: dict) -> dict:
        """An entry whose ``about`` is a company, with the company's name (the phones name the
        card of the entries about it)."""
        about = e.get("about")
        if about is None or about.get("t") != "company":
            return e
        name = self.cname(about["v"])
        if name == about["v"] or about.get("name") == name:
            return e
        return {**e, "about": C.company(about["v"], name=name)}

    # -- the score (``book.Scores``): cash, shares at price and privates at face value ----
    def score_players(self) -> list[str]:
        return list(self.players)

    def scored_companies(self) -> list[str]:
        return list(self.corps)

    def score_extras(self, player: str) -> tuple[dict, int]:
        privates = [{"company": s, "name": self.cname(s), "value": c["value"]}
                    for s, c in self.companies.items() if c["owner"] == player and not c["closed"]]
        return {"privates": privates}, sum(c["value"] for c in privates)

    def view(self) -> dict:
        out = self._view()
        if self.finished:
            out["score_breakdown"] = self.score_breakdown()
        return out

    def _view(self) -> dict:
        phase = self.phase
        nxt = self.depot.next_train()
        left = Counter(Depot.kind(t) for t in self.depot.upcoming)     # one pass, not per type
        return {
            "round": self.round.name, "round_detail": self.round.view(self), "turn": self.turn,
            "phase": phase["name"], "train_limit": phase["train_limit"], "tiles": phase["tiles"],
            "bank": self.ledger.of(BANK), "bank_broken": self.ledger.broken,
            "priority": self.order[0],
            "seating": self.order,
            "player_state": {p: {"cash": self.ledger.of(p), "certs": self.cert_count(p),
                            "bankrupt": p in self.bankrupt,
                            "shares": {c: pct for c in self.corps
                                       if (pct := self.shares.percent(c, p))},
                            "companies": [c for c, s in self.companies.items()
                                          if s["owner"] == p and not s["closed"]]}
                        for p in self.players},
            "cert_limit": self.cert_limit(),
            "corporations": {
                sym: {"cash": self.ledger.of(sym), "floated": c["floated"],
                      "par": c["par"],
                      "price": self.market.price(sym) if sym in self.market.pos else None,
                      "market": list(self.market.pos[sym]) if sym in self.market.pos else None,
                      "president": self.shares.president[sym], "ipo": self.shares.percent(sym, IPO),
                      "pool": self.shares.percent(sym, POOL), "trains": list(c["trains"]),
                      "tokens": [list(t) for t in c["tokens"]],
                      "tokens_left": len(self.corp_spec[sym]["tokens"]) - c["tokens_used"],
                      "companies": list(c["companies"]), "closed": sym in self.closed_corps}
                for sym, c in self.corps.items()},
            "companies": {s: {"owner": c["owner"], "closed": c["closed"], "value": c["value"],
                              "revenue": c["revenue"], "price": self.company_min_price(s)}
                          for s, c in self.companies.items()},
            "depot": {"next": nxt, "available": self.depot.available(),
                      "price": self.depot.price(nxt) if nxt else None,
                      "remaining": {k: left[k] for k in self.depot.specs},
                      "discarded": list(self.depot.discarded),
                      "triggers": self.next_train_triggers(),
                      "exported_at_set_end": self.exports_at_set_end()},
            "tiles_laid": {h: {"tile": t, "rotation": r} for h, (t, r) in self.board.laid.items()},
            "tile_supply": dict(self.board.supply),
            "crowded": list(self.crowded),
            "operating_order": self.operating_order_all(),
            "market": {"prices": self.market.prices,
                       "zones": {f"{r},{c}": sorted(z) for (r, c), z in self.market.types.items()},
                       "par": [list(rc) for rc in self.market.par_spaces],
                       "markers": {f"{r},{c}": list(stack)
                                   for (r, c), stack in self.market.stacks.items() if stack}},
        }

    # -- round flow ------------------------------------------------------------------------
    def first_round(self):
        return self.AUCTION_ROUND(self, self.AUCTION_STEPS)

    def new_stock_round(self):
        return self.STOCK_ROUND(self, self.STOCK_STEPS)

    def _settle(self) -> None:
        """Move on to the next round(s) while the current one is over."""
        if self.ledger.broken and not self.bank_broken_seen:
            self.bank_broken_seen = True
            self.emit("bank_broken", "The bank has broken: the game ends after the current set of "
                      "operating rounds (after the next full set if in a stock round).",
                      "Keep playing to the end of the set; the scores come from the book.")
        guard = 0
        while not self.finished and self.round.finished and not self.crowded:
            guard += 1
            if guard > 50:
                raise GameError("engine_loop", "The round flow did not settle.")
            self.next_round()

    def next_round(self) -> None:
        r = self.round
        if r.name == "auction":
            i = r.auction.index
            self.order = self.order[i:] + self.order[:i]
            self.emit("round_started", f"Stock round {self.turn}. {self.pname(self.order[0])} has "
                      "the priority deal.",
                      f"Give the priority deal card to {self.pname(self.order[0])}.",
                      round="stock", priority=self.order[0], turn=self.turn)
            self.round = self.new_stock_round()
        elif r.name == "stock":
            self.order = self.order[r.index:] + self.order[:r.index]
            self.sold_out_moves()
            self.ors_in_set = self.phase["operating_rounds"]
            self.start_operating_round(1)
        elif r.name == "operating":
            self.or_round_finished(r)
            if self.ledger.broken and self.GAME_END_BANK == "full_set" and r.round_num >= r.total:
                self.end_game("bank")
                return
            if r.round_num < r.total:
                self.start_operating_round(r.round_num + 1)
            else:
                self.turn += 1
                self.or_set_finished()
                self.emit("round_started", f"Stock round {self.turn}. {self.pname(self.order[0])} "
                          "has the priority deal.",
                          f"Give the priority deal card to {self.pname(self.order[0])}.",
                          round="stock", priority=self.order[0], turn=self.turn)
                self.round = self.new_stock_round()
        else:  # pragma: no cover - titles with other rounds override next_round
            raise GameError("engine_round", f"No round follows {r.name}.")

    def start_operating_round(self, num: int) -> None:
        self.emit("round_started", f"Operating round {self.turn}.{num} of {self.ors_in_set}.",
                  round="operating", number=num, turn=self.turn, total=self.ors_in_set)
        self.round = self.OPERATING_ROUND(self, self.OPERATING_STEPS, num, self.ors_in_set)

    def end_game(self, reason: str) -> None:
        self.finished = True
        self.game_end_reason = reason
        scores = self.result()
        text = ", ".join(f"{self.pname(p)} {self.money(v)}" for p, v in
                         sorted(scores.items(), key=lambda kv: -kv[1]))
        self.emit("game_over", f"Game over ({reason}): {text}.",
                  "Count nothing: the book has the scores.",
                  reason=reason, result=scores, standings=C.standings(scores, self.pname, self.money),
                  ranking=[{"player": p, "name": self.pname(p), "score": v} for p, v in
                           sorted(scores.items(), key=lambda kv: -kv[1])])

    def sold_out_moves(self) -> None:
        for corp in sorted((c for c in self.corps if self.corps[c]["floated"]
                            and c not in self.closed_corps), key=self.market.sort_key):
            if self.shares.player_percent(corp) == 100:
                old = self.market.price(corp)
                if self.market.move(corp, "up"):
                    self.emit("price_moved", f"{corp} is sold out: its price rises from "
                              f"{self.money(old)} to {self.money(self.market.price(corp))}.",
                              f"Move {corp}'s market marker up one space.", corporation=corp,
                              old_price=old, price=self.market.price(corp))

    # -- title hooks -----------------------------------------------------------------------
    def setup(self) -> None:
        """After the tables are built, before the first round."""

    def payout_privates(self) -> None:
        """At the start of each operating round every owned private pays its revenue."""
        paid, rows = [], []
        for sym, c in self.companies.items():
            if c["owner"] and not c["closed"] and c["revenue"]:
                self.ledger.pay(BANK, c["owner"], c["revenue"])
                paid.append(f"{self.pname(c['owner'])} {self.money(c['revenue'])} ({sym})")
                rows.append({"company": sym, "company_name": self.cname(sym),
                             "owner": c["owner"], "owner_name": self.pname(c["owner"]),
                             "amount": c["revenue"]})
        if paid:
            self.emit("privates_paid", "Privates pay: " + ", ".join(paid) + ".", paid=rows,
                      pays=[C.msg("pay_line.private", "%s %s (%s)" % (r["owner_name"],
                                  self.money(r["amount"]), r["company"]), owner=r["owner"],
                                  amount=r["amount"], company=r["company"]) for r in rows])

    def on_auction_all_passed(self, rnd) -> None:
        """Everyone passed in the auction (1830 on 18xx.games): the cheapest private's price
        drops by 5, or, if it is sold, the privates pay and the set ends."""
        cheapest = rnd.companies[0] if rnd.companies else None
        if cheapest and cheapest == self.companies_by_value()[0]:
            self.discount_company(rnd, cheapest)
        else:
            self.payout_privates()
            self.or_set_finished()

    def companies_by_value(self) -> list[str]:
        return [c["sym"] for c in sorted(self.COMPANIES, key=lambda c: (c["value"], c["sym"]))]

    def discount_company(self, rnd, company: str) -> None:
        c = self.companies[company]
        c["discount"] += 5
        price = self.company_min_price(company)
        self.emit("private_discounted", f"{self.cname(company)} now costs {self.money(price)}.",
                  company=company, price=price)
        if price <= 0:
            rnd.force_take(self, company)

    def train_revenue(self, corp: str, entry: dict) -> tuple[int, int]:
        """(revenue, subsidy to the treasury) of one train as entered."""
        return entry["revenue"], 0

    def run_bonuses(self, corp: str) -> list[dict]:
        return []

    def special_lay(self, rnd, corp: str, company: str, action: dict) -> None:
        raise GameError("no_ability", f"{company} gives {corp} no tile lay.", company=company)

    def special_lay_legal(self, rnd, corp: str) -> list[dict]:
        return []

    def check_hex_open(self, corp: str, hex_id: str, tile: str) -> None:
        """Raise if the hex is reserved or blocked."""

    def after_company_bought(self, corp: str, company: str) -> None:
        """A corporation bought a private from a player."""

    def train_event(self, event: dict) -> None:
        if event.get("type") == "close_companies":
            closed = [s for s, c in self.companies.items() if not c["closed"] and c["owner"]]
            for s in list(self.companies):
                self.close_company(s)
            if closed:
                self.emit("privates_closed", f"The private companies close: {', '.join(closed)}.",
                          "Remove every private company card from play.", companies=closed)

    def or_round_finished(self, rnd) -> None:
        """After each operating round."""

    def or_set_finished(self) -> None:
        """After the last operating round of a set."""

    def exports_at_set_end(self) -> bool:
        """Whether the depot's next train leaves the game at the end of this set of operating
        rounds (a title with an export rule says when); the book shows it."""
        return False
