"""1899 DAIHAN: the railways of the Korean Empire, built from its rulebook
``shared/seeds/001_8a509a7a0ab05fd8.txt`` on the 18xx core (``engine.core18xx``).

Modules by rule: ``data`` (every value, its source, what is provisional), ``auction`` (§5),
``stock`` (set-up §3, stock round §6, Park Ki-jong's exchange), ``operating`` (§7's turn),
``track`` (§7-3, §7-4), ``trains`` (§7-5 runs and goods, §7-7 trains, executive cars, §8
phases), ``privates`` (§10), ``book`` (what the phones show), ``provisional`` (the company
names, the 3-trains' rust, ORs per phase and the D bump: set-up options and corrections);
the end (§9) and scores are here.

Actions beyond the core's: ``kyeongin_run`` {revenue} (Kyeongin's owner, at an OR's start),
``lay_tile`` {hex, tile, rotation, terrain: plain | mountain_river, [company]},
``place_token`` {hex}, ``run_trains`` {revenues, goods}, ``buy_executive_car`` {train},
``skip_resource_track`` {company}, ``exchange`` {company: F, corporation} (stock round).
"""
from __future__ import annotations

import random
import re

from engine import contract as C
from engine.core18xx import Core18xx
from engine.core18xx.game import describer
from engine.core18xx.market import StockMarket
from engine.core18xx.steps.auction import WaterfallAuction
from engine.core18xx.steps.base import insert_after, insert_before, replace
from engine.core18xx.steps.operating import EndTurn, LayTrack
from engine.core18xx.steps.stock import StockPass
from engine.errors import GameError
from engine.titles import TitleSpec
from engine.titles.title_1899_daihan import data as D
from engine.titles.title_1899_daihan.auction import PrivateAuction
from engine.titles.title_1899_daihan.book import DaihanBookMixin
from engine.titles.title_1899_daihan.operating import (DaihanLayTrack, DaihanOperatingRound,
                                                       ExecutiveCar, KyeonginRun, ResourceTrack)
from engine.titles.title_1899_daihan.privates import DaihanPrivatesMixin
from engine.titles.title_1899_daihan import provisional as P, setup_page
from engine.titles.title_1899_daihan.stock import ParkExchange, StockMixin
from engine.titles.title_1899_daihan.track import TrackMixin
from engine.titles.title_1899_daihan.trains import DaihanTrainsMixin


class Daihan(P.ProvisionalMixin, DaihanBookMixin, DaihanTrainsMixin, DaihanPrivatesMixin, TrackMixin, StockMixin,
             Core18xx):
    CURRENCY = "₩"
    BANK_CASH = D.BANK_CASH
    CERT_LIMIT = D.CERT_LIMIT
    STARTING_CASH = D.STARTING_CASH
    MARKET = D.MARKET
    PHASES = D.PHASES
    TRAINS = D.TRAINS
    CORPORATIONS = D.CORPORATIONS
    COMPANIES = D.COMPANIES
    TILES = D.TILES
    HEXES = D.HEXES
    BID_STEP = D.BID_STEP
    MIN_BID_INCREMENT = D.BID_STEP
    MARKET_SHARE_LIMIT = D.POOL_LIMIT_PERCENT    # §6-3-1: five shares in the open market
    MAX_OWNERSHIP = 100                          # the rulebook sets no holding limit
    SELL_FROM_TURN = 1                           # the rulebook allows selling from the first SR
    EMERGENCY_PRESIDENCY_CHANGE = False          # §7-7-6: "should not lose their presidency"
    CERT_LIMIT_INCLUDES_PRIVATES = False         # §6-5 counts stock certificates
    GAME_END_BANK = "full_set"                   # §9: the set (after an SR: one more set)
    # -- the rounds' steps: the core's, with the title's own put in (see operating.py)
    AUCTION_STEPS = replace(Core18xx.AUCTION_STEPS, WaterfallAuction, PrivateAuction)   # §5
    STOCK_STEPS = insert_before(Core18xx.STOCK_STEPS, StockPass, ParkExchange)        # §10-F
    OPERATING_ROUND = DaihanOperatingRound
    OPERATING_STEPS = insert_after(
        insert_before(replace(Core18xx.OPERATING_STEPS, LayTrack, DaihanLayTrack),
                      DaihanLayTrack, KyeonginRun, ResourceTrack),                      # §10-G
        EndTurn, ExecutiveCar)                                                          # §7-7

    def setup(self):
        # this game's own copies: homes and the market may be the table's, stations by par
        self.corp_spec = {sym: dict(spec) for sym, spec in self.corp_spec.items()}
        for sym, home in parse_homes(self.options.get("homes")).items():
            self.corp_spec[sym]["home"] = home
        if self.options.get("market"):
            self.market = StockMarket(parse_market(self.options["market"]), {})
        self.setup_table()
        self.setup_trains()
        self.setup_provisional()                 # names, 3s' rust, ORs per phase, D bump
        self.pending_lay = None
        self.kyeongin_last = None                # Kyeongin's last run: revenue and basis
        self.kyeongin_again = None               # its owner, just after it was paid again
        last_two = [t for t in self.depot.upcoming if t.startswith("2-")][-1]
        self.depot.upcoming.remove(last_two)     # §3-L: one 2-train lies on Kyeongin
        self.depot.owner.pop(last_two, None)
        self.board.tokens[D.INCHEON] = [(D.KYEONGIN, 0)]   # §3-H
        rng = random.Random(self.seed * 7919 + 1)
        shuffled = list(D.SHUFFLED_PRIVATES)
        rng.shuffle(shuffled)                    # §5-2 / §3-L: the ₩50 ones shuffled
        self.auction_order = shuffled + [D.PARK, D.KYEONGIN, D.SEOUL_TRAM]

    # -- Kyeongin's run paid again may still be entered before anything else (a table's log
    # kept when it was entered every round replays to the same money) -----------------------
    def apply(self, action):
        owner = self.kyeongin_again
        if action.get("type") == "kyeongin_run" and owner and action.get("entity") == owner:
            self._events = []
            self.kyeongin_entered_again(owner, action.get("revenue"))
            self.kyeongin_again = None
            events, self._events = self._events, []
            return events
        if action.get("type") != "correction":
            self.kyeongin_again = None
        try:
            return super().apply(action)
        except GameError:
            self.kyeongin_again = owner         # a refused step changes nothing
            raise

    # -- rounds --------------------------------------------------------------------------------
    def next_round(self):
        r = self.round
        if r.name == "auction":
            winner = r.auction.last_winner
            i = self.order.index(winner)
            self.order = self.order[i:] + self.order[:i]
            self.emit("round_started", f"Stock round {self.turn}. {self.pname(self.order[0])} "
                      "won the last private and has the priority deal.",
                      f"Give the priority deal card to {self.pname(self.order[0])}.",
                      round="stock", priority=self.order[0], turn=self.turn)
            self.round = self.new_stock_round()
            return
        if r.name == "operating" and r.round_num >= r.total and self.d_bought:
            self.or_round_finished(r)
            self.end_game("d_train")
            return
        super().next_round()

    def lay_tile_template(self, corp):
        return self.lay_entry(corp)              # the title's own form

    def token_template(self, corp):
        return self.token_entry(corp)

    # -- bankruptcy (§7-7-6, §9): the selling is cancelled and the game ends at once ------------
    def declare_bankrupt(self, rnd, corp):
        if not self.can_go_bankrupt(rnd, corp):
            raise GameError("not_bankrupt", f"{corp} and its president can still raise the "
                            "money for a train.", corporation=corp)
        player = self.shares.president[corp]
        self.bankrupt.append(player)
        self.emit("bankrupt_daihan", f"{self.pname(player)} cannot pay for {corp}'s train "
                  "and is bankrupt: the game ends now.", "Stop: the game is over.",
                  player=player, corporation=corp)
        self.end_game("bankrupt")

    # -- scores (§9): cash plus shares at the current price ---------------------------------
    def score_extras(self, player):
        return {"privates": []}, 0         # §9: privates are not counted

    def view(self):
        out = super().view()
        out["executive_cars"] = {"left": self.cars_left(), "on": sorted(self.cars),
                                 "price": self.car_price()}
        out["kyeongin_train"] = self.kyeongin_train
        out["d_bought"] = self.d_bought
        out["auction_order"] = list(self.auction_order)
        out["provisional"] = dict(D.PROVISIONAL)
        out["provisional_now"] = self.provisional_now()
        return out


GOODS_PATTERN = r"^\d{1,3}(,\d{1,3}){5}$"
MARKET_TEXT = "; ".join(" ".join(row) for row in D.MARKET)
HOMES_TEXT = ", ".join(f"{c['sym']}={c['home']}" for c in D.CORPORATIONS)


def parse_market(text: str) -> list[list[str]]:
    """Rows separated by ';', prices by spaces, a 'p' after a par price (top row first)."""
    rows = [row.split() for row in text.split(";") if row.strip()]
    cells = [c for row in rows for c in row]
    pars = sorted(int(c[:-1]) for c in cells if c.endswith("p") and c[:-1].isdigit())
    if not rows or not all(re.match(r"^\d{1,4}p?$", c) for c in cells) \
            or pars != sorted(D.PAR_PRICES):
        raise GameError("bad_option", "The market is rows of prices separated by ';', "
                        "lowest row last, with a 'p' after each of the six par prices "
                        "(65p 70p 75p 80p 90p 100p once each).", option="market")
    return rows


def parse_homes(text) -> dict[str, str]:
    """'DR=Hanseong, GR=Busan, ...': the companies' home cities as printed on the board."""
    if not text:
        return {}
    out = {}
    syms = {c["sym"] for c in D.CORPORATIONS}
    for part in text.split(","):
        sym, _, city = part.partition("=")
        sym, city = sym.strip(), city.strip()
        if sym not in syms or not city or len(city) > 30:
            raise GameError("bad_option", "Homes are 'DR=Hanseong, GR=Busan, ...': a company "
                            f"({', '.join(sorted(syms))}) and its city.", option="homes")
        out[sym] = city
    return out


def create(players, seed, options):
    goods = options.get("goods_values")
    if goods is not None and not re.match(GOODS_PATTERN, goods):
        raise GameError("bad_option", "Goods values are six whole numbers, one per phase "
                        "(2, 3, 4, 5, 6, D), e.g. 20,30,40,60,80,80.", option="goods_values",
                        value=goods)
    if options.get("market"):
        parse_market(options["market"])
    parse_homes(options.get("homes"))
    P.check_options(options)
    return Daihan(players, seed, options)


def describe_daihan(action: dict, currency: str = "") -> dict:
    """A step's history line: the core's, with a tile lay's terrain in words."""
    out = describer(Daihan)(action, currency)
    terrain = action.get("terrain") if action.get("type") == "lay_tile" else None
    said = {"plain": "plain", "mountain_river": "mountain or river (₩80)"}
    if terrain in said:
        for d in out["details"]:
            if d["label"].get("code") == "param.terrain":
                d["value"] = C.text(C.msg(f"word.{terrain}", said[terrain]))
    return out


def _provisional_number(name, kind, lo, hi, step, default, english):
    return C.number(kind, lo, hi, step, default=default,
                    label=C.msg(f"option.{name}", english),
                    note=C.msg("note.provisional_box", "provisional: check your box"))


# The values no source gives for sure, as set-up options: a table whose box differs enters
# its own (data.PROVISIONAL says where each default comes from).
OPTIONS = {
    "executive_car_price": C.number(
        "money", 10, 300, 5, default=D.EXECUTIVE_CAR_PRICE,
        label=C.msg("option.executive_car_price", "Price of an executive car"),
        note=C.msg("note.provisional_car", "provisional: no source gives it")),
    "goods_values": C.free_text(
        40, default=",".join(str(D.GOODS_VALUE[p["name"]]) for p in D.PHASES),
        label=C.msg("option.goods_values", "Goods per delivery in phases 2, 3, 4, 5, 6, D"),
        pattern=GOODS_PATTERN, example="20,30,40,60,80,80", optional=True),
    "market": C.free_text(
        400, default=MARKET_TEXT, optional=True,
        label=C.msg("option.market", "Stock market rows (top first; 'p': a par price)")),
    "homes": C.free_text(
        300, default=HOMES_TEXT, optional=True,
        label=C.msg("option.homes", "Home cities of the companies")),
}
for _t in D.TRAINS:
    if _t["name"] != "D":
        OPTIONS[f"train_{_t['name']}_price"] = _provisional_number(
            f"train_{_t['name']}_price", "money", 10, 2000, 10, _t["price"],
            f"Price of a {_t['name']}-train")
    OPTIONS[f"train_{_t['name']}_count"] = _provisional_number(
        f"train_{_t['name']}_count", "count", 1, 12, 1, _t["num"] - (1 if _t["name"] == "2"
                                                                     else 0),
        f"Number of {_t['name']}-trains for sale" + (" (one more lies on Kyeongin)"
                                                     if _t["name"] == "2" else ""))
OPTIONS["train_D_price"] = _provisional_number("train_D_price", "money", 100, 3000, 10,
                                               D.D_FULL_PRICE, "Price of a D-train")
OPTIONS.update(P.OPTIONS)       # company names, the 3s' rust, ORs per phase, the D bump
# the set-up page: each value grouped, its source and its default in words
OPTIONS = setup_page.annotate(OPTIONS, P.DEFAULT_ORS, P.parse_bump(None))

TITLE = TitleSpec(
    id="1899-DAIHAN", name="1899 DAIHAN", family="18xx", currency="₩",
    min_players=3, max_players=5, create=create, options=OPTIONS, describe=describe_daihan,
    source="shared/seeds/001_8a509a7a0ab05fd8.txt",
    words=("engine.core18xx.words", "engine.titles.title_1899_daihan.words",
           "engine.titles.title_1899_daihan.words_provisional"),
)
