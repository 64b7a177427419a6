"""1888-N, Railways in Northern China (Leonhard Orgler).

Sources: the rulebook summary ``shared/seeds/003_f89afd0eebc6f6fa.txt``
("rulebook") and the data sheet ``shared/reference/1888-N.md`` ("reference",
read from tobymao/18xx ``lib/engine/game/g_1888``). Where they disagree the
rulebook wins; values in neither are marked provisional.

Only the departures from the shared core follow the tables: the destination
bonus, the Heng Shan subsidy and its exception to the highest revenue on a run
(``title_1888n_runs.py``), the private companies' tile lays,
Forbidden City's exchange for a share, Heng Shan blocking C5, the export at
the end of each set, and the auction's full round of passes.
"""
from __future__ import annotations

from engine.core18xx import Core18xx
from engine.core18xx.board import neighbour
from engine.core18xx.entries import entry
from engine.core18xx.game import describer
from engine.core18xx.steps.base import StockStep, insert_before, word
from engine.core18xx.steps.stock import StockPass
from engine.errors import GameError
from engine import contract as C
from engine.contract import msg
from engine.titles import TitleSpec
from engine.titles.title_1888n_runs import MINE_HEX, Runs1888N

# -- general (rulebook: players, start cash, cert limit, bank ¥9,000) ----------------------
BANK_CASH = 9000
CERT_LIMIT = {2: 20, 3: 20, 4: 16, 5: 13, 6: 11}
STARTING_CASH = {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400}

# -- stock market (reference: game.rb MARKET; "y" = the red zone, rulebook: shares there do
# not count against the certificate limit) ---------------------------------------------------
MARKET = [
    ["", "", "95", "100", "110", "120", "130", "145", "160", "180", "200", "225", "250", "275",
     "300", "330", "360", "400"],
    ["", "85", "90", "95p", "100", "110", "120", "130", "145", "160", "180", "200", "225", "250",
     "275", "300", "330", "360"],
    ["75", "80", "85", "90p", "95", "100", "110", "120", "130", "145", "160", "180", "200", "225",
     "250"],
    ["70", "75", "80", "85p", "90", "95", "100", "110", "120", "130", "145", "160"],
    ["65", "70", "75", "80p", "85", "90", "95", "100", "110", "120"],
    ["60y", "65", "70", "75p", "80", "85", "90", "95"],
    ["55y", "60y", "65", "70p", "75", "80", "85"],
    ["50y", "55y", "60y", "65", "70", "75"],
    ["40y", "50y", "55y", "60y", "65"],
]
MARKET_ZONES = {"y": "no_cert_limit"}

# -- phases (rulebook "Trains" table; ORs per set and the company-purchase window from the
# reference; trains between companies "only from phase 3" per the rulebook) -------------------
_TRADE = "can_buy_trains_from_others"
PHASES = [
    {"name": "2", "on": None, "tiles": ["yellow"], "train_limit": 4, "operating_rounds": 1,
     "status": []},
    {"name": "3", "on": "3", "tiles": ["yellow", "green"], "train_limit": 4, "operating_rounds": 2,
     "status": ["can_buy_companies", _TRADE]},
    {"name": "4", "on": "4", "tiles": ["yellow", "green"], "train_limit": 3, "operating_rounds": 2,
     "status": ["can_buy_companies", _TRADE]},
    {"name": "5", "on": "5", "tiles": ["yellow", "green", "brown"], "train_limit": 2,
     "operating_rounds": 3, "status": [_TRADE]},
    {"name": "6", "on": "6", "tiles": ["yellow", "green", "brown"], "train_limit": 2,
     "operating_rounds": 3, "status": [_TRADE]},
    {"name": "D", "on": "D", "tiles": ["yellow", "green", "brown", "gray"], "train_limit": 2,
     "operating_rounds": 3, "status": [_TRADE]},
]

# -- trains (rulebook "Trains": count, cost, rust; D ¥700 trading in a 4, 5 or 6) ----------
TRAINS = [
    {"name": "2", "distance": 2, "price": 80, "num": 7, "rusts_on": "4"},
    {"name": "3", "distance": 3, "price": 180, "num": 6, "rusts_on": "6"},
    {"name": "4", "distance": 4, "price": 300, "num": 5, "rusts_on": "D"},
    {"name": "5", "distance": 5, "price": 500, "num": 3, "events": [{"type": "close_companies"}]},
    {"name": "6", "distance": 6, "price": 630, "num": 2},
    {"name": "D", "distance": 999, "price": 900, "num": "unlimited",
     "discount": {"4": 200, "5": 200, "6": 200}},
]
EXPORTED_TYPES = ("2", "3", "4")   # rulebook "Export"

# -- corporations (rulebook "Companies": home, destination, bonus, token count; token prices
# ¥40/60/80 rulebook; home cities in Beijing from the reference) ---------------------------
CORPORATIONS = [
    {"sym": "JHR", "name": "Jingha Railway", "home": "C9", "city": 1, "tokens": [0, 40, 60],
     "float_percent": 60, "destination": "D12", "bonus": 30},
    {"sym": "SSL", "name": "Shenshan Line", "home": "B18", "city": 0, "tokens": [0, 40, 60],
     "float_percent": 60, "destination": "C13", "bonus": 20},
    {"sym": "CDL", "name": "Changda Line", "home": "A19", "tokens": [0, 40, 60, 80],
     "float_percent": 60, "destination": "E17", "bonus": 20},
    {"sym": "HJR", "name": "Hanji Railway", "home": "F6", "tokens": [0, 40, 60, 80],
     "float_percent": 60, "destination": "G9", "bonus": 20},
    {"sym": "TJL", "name": "Taijiao Line", "home": "E3", "tokens": [0, 40, 60, 80],
     "float_percent": 60, "destination": "H4", "bonus": 20},
    {"sym": "LYR", "name": "Lanyan Railway", "home": "F16", "tokens": [0, 40, 60],
     "float_percent": 60, "destination": "H14", "bonus": 20},
    {"sym": "JZR", "name": "Jingzhan Railway", "home": "C9", "city": 0, "tokens": [0, 40, 60],
     "float_percent": 60, "destination": "B6", "bonus": 40},
    {"sym": "ZDR", "name": "Zidong Railway", "home": "G11", "tokens": [0, 40, 60],
     "float_percent": 60, "destination": "F12", "bonus": 40},
]

# -- privates (rulebook "Privates": face, pays, power) -------------------------------------
COMPANIES = [
    {"sym": "KT", "name": "Kaiping Tramway", "value": 25, "revenue": 5},
    {"sym": "TA", "name": "Terracotta Army", "value": 50, "revenue": 10},
    {"sym": "HS", "name": "Heng Shan", "value": 75, "revenue": 15},
    {"sym": "CW", "name": "Great Wall", "value": 100, "revenue": 20},
    {"sym": "YRF", "name": "Yanda Railway Ferry", "value": 125, "revenue": 25},
    {"sym": "FC", "name": "Forbidden City", "value": 150, "revenue": 30},
]
BEIJING = "C9"
# The privates' extra lays (rulebook "Privates"; hexes and tiles from the reference's
# entities.rb). "special": may ignore colour order and phase.
SPECIAL_LAYS = {
    "TA": {"hexes": {"H2": "L39"}, "special": True, "count": 1},
    "HS": {"hexes": {"C5": "L41"}, "special": True, "count": 1},
    "YRF": {"hexes": {"E17": "L40a", "F16": "L40b"}, "special": True, "count": 2, "together": True},
    "CW": {"hexes": {h: None for h in ("B4", "B6", "B8", "B10", "B16", "C3", "C7", "C11", "C13",
                                       "C15", "D2", "D4", "D6", "E3", "F4")},
           "tiles": {"1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58", "69"},
           # rulebook: "Two must be laid together and must touch"
           "special": False, "count": 2, "together": True, "touching": True},
}

# -- tile manifest (rulebook "Tile manifest"; 18xx.games names X7 for #L17 and 512 for #X9, and
# splits the ferry #L40 into L40a/L40b: reference) --------------------------------------------
def _t(color, count, feature="plain", label=None, special_only=False):
    d = {"color": color, "count": count, "feature": feature}
    if label:
        d["label"] = label
    if special_only:
        d["special_only"] = True
    return d


TILES = {
    "1": _t("yellow", 1, "2towns"), "2": _t("yellow", 1, "2towns"), "3": _t("yellow", 2, "town"),
    "4": _t("yellow", 4, "town"), "5": _t("yellow", 3, "city"), "6": _t("yellow", 3, "city"),
    "7": _t("yellow", 4), "8": _t("yellow", 11), "9": _t("yellow", 9),
    "55": _t("yellow", 1, "2towns"), "56": _t("yellow", 1, "2towns"), "57": _t("yellow", 3, "city"),
    "58": _t("yellow", 5, "town"), "69": _t("yellow", 1, "2towns"),
    "L41": _t("yellow", 1, "mine", special_only=True),
    "14": _t("green", 3, "city"), "15": _t("green", 4, "city"), "16": _t("green", 1),
    "18": _t("green", 1), "19": _t("green", 1), "20": _t("green", 1), "23": _t("green", 3),
    "24": _t("green", 3), "25": _t("green", 2), "26": _t("green", 1), "27": _t("green", 1),
    "28": _t("green", 1), "29": _t("green", 1), "L42": _t("green", 1, "B", "B"),
    "8858": _t("green", 1, "OO", "OO"), "8859": _t("green", 1, "OO", "OO"),
    "8860": _t("green", 1, "OO", "OO"), "8863": _t("green", 1, "OO", "OO"),
    "8864": _t("green", 1, "OO", "OO"), "8865": _t("green", 1, "OO", "OO"),
    "39": _t("brown", 1), "40": _t("brown", 1), "41": _t("brown", 2), "42": _t("brown", 2),
    "43": _t("brown", 1), "44": _t("brown", 1), "45": _t("brown", 2), "46": _t("brown", 2),
    "47": _t("brown", 2), "70": _t("brown", 1), "L17": _t("brown", 2, "OO", "OO"),
    "611": _t("brown", 6, "city"), "8892": _t("brown", 1, "B", "B"),
    "51": _t("gray", 2, "city"), "X9": _t("gray", 1, "OO", "OO"), "8893": _t("gray", 1, "B", "B"),
    "L39": _t("red", 1, "offboard", special_only=True),
    "L40a": _t("blue", 1, "ferry", special_only=True),
    "L40b": _t("blue", 1, "ferry", special_only=True),
}
TILE_ALIASES = {"X7": "L17", "512": "X9"}   # 18xx.games name -> manifest name


# -- map: hexes a tile may go on, with printed colour, features and terrain cost (reference:
# "1888-N map", map.rb NORTH_HEXES) ---------------------------------------------------------------
def _hexes():
    h = {}

    def put(names, color="white", feature="plain", cost=0, label=None):
        for name in names.split():
            d = {"color": color, "feature": feature, "cost": cost}
            if label:
                d["label"] = label
            h[name] = d
    put("D8 D18 E9 F8 G17 F14 D16")
    put("E7 G13 H8 C17 D12", feature="town")
    put("G5", feature="2towns")
    put("F12", feature="town", cost=20)
    put("H14 D10 E5 F6 G11", feature="city")
    put("C7 C15", cost=10)
    put("B16", feature="2towns", cost=10)
    put("F10 G7 H6 B14 H12 B10 C11 H10", cost=20)
    put("G9 C13", feature="city", cost=20)
    put("C19 G15 B8", cost=30)
    put("B12", feature="town", cost=20)
    put("B6", feature="2towns", cost=30)
    put("B4 D2 D4 D6 F4 C5 G3", cost=40)
    put("C3 E3", feature="city", cost=40)
    put("B2 F2", feature="town", cost=40)
    put("A1 A3 A19 A21 H2 I11", color="red", feature="offboard")
    put("A7 A15 A17 C21 D20 I5", color="gray", feature="fixed")
    put("B18 B20", color="yellow", feature="OO", label="OO")
    put("H4", color="yellow", feature="OO", cost=20, label="OO")
    put("C9", color="yellow", feature="B", cost=10, label="B")
    put("D14 E11 E13 E15 E19 F18 H16", color="blue", feature="water")
    put("E17 F16", color="blue", feature="port")
    return h


HEXES = _hexes()

# -- the board's track (reference/1888-N-board.md §2 "Every hex", §3.1 "Tiles", §1.4
# borders; read there from tobymao/18xx map.rb and tile.rb). Provisional: the player aid gives
# the tile manifest's counts but not the map's or the tiles' track. Codes as engine/core18xx/board.py
# reads them: c = city (value x slots), t = town, o = offboard, v0 = costs no range,
# "1-3" track between sides, "0-a" side to the first stop, "!" terminal.
_ALL = ";0-a;1-a;2-a;3-a;4-a;5-a"
PRINTED = {
    "A1": "o40;5-a", "A3": "o40;5-a", "A7": "0-5", "A15": "0-4", "A17": "t20;0-a;1-a;4-a;5-a",
    "A19": "c20/30/40/50x1;0-a!;1-a!;4-a!;5-a!", "A21": "0-1",
    "B2": "t0", "B6": "t0;t0", "B12": "t0", "B16": "t0;t0",
    "B18": "c30x1;c0x1;1-a", "B20": "c0x1;c30x1",
    "C3": "c0x1", "C9": "c30x1;c30x1;1-a;5-b", "C13": "c0x1", "C17": "t0", "C21": "0-2",
    "D10": "c0x1", "D12": "t0", "D20": "t30;1-a;2-a;3-a",
    "E3": "c0x1", "E5": "c0x1", "E7": "t0", "E17": "c20/30/40/50x2;2-a;3-a",
    "F2": "t0", "F6": "c0x1", "F12": "t0", "F16": "c40x2;0-a;1-a;5-a",
    "G5": "t0;t0", "G9": "c0x1", "G11": "c0x1", "G13": "t0",
    "H2": "o20/30/40/50;3-a;4-a", "H4": "c0x1;c0x1", "H8": "t0", "H14": "c0x1",
    "H16": "o10v0;1-a", "I5": "c30/40/50/60x2;2-a;3-a", "I11": "o30/40/50/60;2-a;3-a",
}
TILE_TRACK = {
    "1": "t10;t10;1-a;3-a;0-b;4-b", "2": "t10;t10;0-a;3-a;1-b;2-b", "3": "t10;0-a;1-a",
    "4": "t10;0-a;3-a", "5": "c20x1;0-a;1-a", "6": "c20x1;0-a;2-a", "7": "0-1", "8": "0-2",
    "9": "0-3", "55": "t10;t10;0-a;3-a;1-b;4-b", "56": "t10;t10;0-a;2-a;1-b;3-b",
    "57": "c20x1;0-a;3-a", "58": "t10;0-a;2-a", "69": "t10;t10;0-a;3-a;2-b;4-b",
    "L41": "t0;0-a;2-a;4-a",
    "14": "c30x2;0-a;1-a;3-a;4-a", "15": "c30x2;0-a;1-a;2-a;3-a", "16": "0-2;1-3",
    "18": "0-3;1-2", "19": "0-3;2-4", "20": "0-3;1-4", "23": "0-3;0-4", "24": "0-3;0-2",
    "25": "0-2;0-4", "26": "0-3;0-5", "27": "0-3;0-1", "28": "0-4;0-5", "29": "0-2;0-1",
    "8858": "c40x1;c40x1;0-a;2-a;1-b;3-b", "8859": "c40x1;c40x1;0-a;3-a;2-b;5-b",
    "8860": "c40x1;c40x1;1-a;5-a;2-b;4-b", "8863": "c40x1;c40x1;0-a;1-a;2-b;5-b",
    "8864": "c40x1;c40x1;1-a;5-a;2-b;3-b", "8865": "c40x1;c40x1;1-a;5-a;3-b;4-b",
    "L42": "c40x1;c40x1;c40x1;c40x1;1-a;3-b;4-c;5-d",
    "39": "0-2;0-1;1-2", "40": "0-2;2-4;0-4", "41": "0-3;0-1;1-3", "42": "0-3;3-5;0-5",
    "43": "0-3;0-2;1-3;1-2", "44": "0-3;1-4;0-1;3-4", "45": "0-3;2-4;0-4;2-3",
    "46": "0-3;2-4;3-4;0-2", "47": "0-3;1-4;1-3;0-4", "70": "0-1;0-2;1-3;2-3",
    "611": "c40x2;0-a;1-a;2-a;3-a;4-a", "L17": "c50x2;0-a;1-a;2-a;4-a;5-a",
    "8892": "c60x4" + _ALL, "51": "c50x2;0-a;1-a;2-a;3-a;4-a",
    "X9": "c60x3;0-a;1-a;3-a;4-a;5-a", "8893": "c70x4" + _ALL,
    "L39": "o40/50/60/70;4-a;5-a", "L40a": "c20/30/40/50x2;0-a;2-a;3-a",
    "L40b": "c40x2;0-a;1-a;3-a;5-a",
}
MAP = {"printed": PRINTED, "tiles": TILE_TRACK,
       # impassable borders, coded on both sides (reference §1.4)
       "borders": {"C15": [4, 5], "C17": [1], "D16": [2], "F12": [4], "F14": [1]},
       # Baotou is one offboard over two hexes: one route uses only one (reference §5 R8)
       "groups": {"A1": "Baotou", "A3": "Baotou"}}


# -- the Forbidden City exchange (rulebook: in an SR, close it for a share of a company with a
# token in Beijing, from the IPO or the pool; that is the turn's purchase; not after selling)
class ForbiddenCityExchange(StockStep):
    ACTIONS = ("exchange",)
    POSTS = {"exchange": {"company": "company", "corporation": "company", "source": "entity"}}

    def process_exchange(self, g, action):
        player, rnd = action["entity"], self.round
        fc = g.companies["FC"]
        if action.get("company") != "FC" or fc["closed"] or fc["owner"] != player:
            raise GameError("no_exchange",
                            f"{g.pname(player)} holds no Forbidden City to exchange.")
        if "sell" in rnd.turn_actions:
            raise GameError("exchange_after_sale",
                            "Forbidden City is not exchanged in a turn with sales.")
        corp = g.corp_arg(action)
        if corp not in {c for c, _ in g.board.tokens.get(BEIJING, [])}:
            raise GameError("not_in_beijing", f"{corp} has no token in Beijing.", corporation=corp)
        source = action.get("source", "ipo")
        size = g.shares.share_percent[corp]
        if source not in ("ipo", "pool") or g.shares.percent(corp, source) < size:
            raise GameError("no_share", f"There is no {corp} share in the {source}.")
        if g.shares.percent(corp, player) + size > g.MAX_OWNERSHIP:
            raise GameError("max_ownership",
                            f"No player may hold more than {g.MAX_OWNERSHIP}% of {corp}.")
        g.close_company("FC")
        g.shares.move(corp, source, player, size)
        g.emit("exchanged", f"{g.pname(player)} exchanges Forbidden City for a {corp} share.",
               f"Remove the Forbidden City card; give {g.pname(player)} a {corp} share.",
               player=player, corporation=corp, company="FC", source=source)
        g.after_share_change(corp)
        rnd.end_turn(g, acted=True)

    def legal(self, g):
        player = self.player(g)
        fc = g.companies["FC"]
        if fc["closed"] or fc["owner"] != player or "sell" in self.round.turn_actions:
            return []
        by_corp = {}
        for corp in sorted({c for c, _ in g.board.tokens.get(BEIJING, [])}):
            if g.shares.percent(corp, player) + 10 > g.MAX_OWNERSHIP:
                continue
            sources = [s for s in ("ipo", "pool") if g.shares.percent(corp, s) >= 10]
            if sources:
                by_corp[corp] = sources
        if not by_corp:
            return []
        sources = sorted({s for v in by_corp.values() for s in v})
        return [entry("exchange", player, company="FC", about=C.company("FC"),
                      label=C.msg("act.exchange", "Exchange FC for a share",
                                  company=C.company("FC")),
                      params={"corporation": C.choice("company", list(by_corp)),
                              "source": C.choice("entity", sources, {s: word(s) for s in sources},
                                                 choices_by={"field": "corporation",
                                                             "map": by_corp})})]


class Rules1888N(Runs1888N, Core18xx):
    POSTS = {"run_trains": {"destination": "list:flag", "mine": "list:flag"}}   # run_bonuses
    CURRENCY = "¥"
    BANK_CASH = BANK_CASH
    CERT_LIMIT = CERT_LIMIT
    STARTING_CASH = STARTING_CASH
    MARKET = MARKET
    MARKET_ZONES = MARKET_ZONES
    PHASES = PHASES
    TRAINS = TRAINS
    CORPORATIONS = CORPORATIONS
    COMPANIES = COMPANIES
    TILES = TILES
    HEXES = HEXES
    MAP = MAP
    # Dalian (E17) and Yantai (F16) are printed cities of two slots on blue hexes
    # (reference/1888-N-board.md, "E17", "F16"): a company may put a station there
    CITY_SLOTS = {**Core18xx.CITY_SLOTS, "port": 1}
    RECORD_TILE_NAMES = TILE_ALIASES     # an 18xx.games record's tile names, as the book's
    COMPANY_PRICE_RANGE = (0.5, 1.5)     # rulebook: 50–150% of face
    MIN_BID_INCREMENT = 5                # rulebook: ¥5 steps
    BID_MULTIPLE_OF_INCREMENT = True     # rulebook: "in ¥5 steps" (¥57 is no bid)
    MARKET_SHARE_LIMIT = 50              # reference (18XXc data: bank pool 50%)
    MAX_OWNERSHIP = 60                   # reference (18XXc data: max ownership 60%)
    SELL_FROM_TURN = 2                   # provisional (18xx.games: no sales in the first SR)
    EMERGENCY_PRESIDENCY_CHANGE = False  # rulebook: forced sales never change a presidency
    CERT_LIMIT_INCLUDES_PRIVATES = True  # provisional (18xx.games default; rulebook silent)
    DESTINATIONS = {c["sym"]: (c["destination"], c["bonus"]) for c in CORPORATIONS}
    STOCK_STEPS = insert_before(Core18xx.STOCK_STEPS, StockPass, ForbiddenCityExchange)

    def setup(self):
        self.special_used: dict[str, int] = {}
        # Replaying a game played on 18xx.games: follow the site where it departs from the
        # rulebook, so the record's own scores come out (set by the importer).
        self.site_rules = self.options.get("compat") == "18xx.games"

    # -- where 18xx.games departs from the rulebook (only with options["compat"]) ----------
    def phase_allows(self, status):
        if self.site_rules and status == _TRADE:
            return True        # the site lets companies trade trains from phase 2 on
        return super().phase_allows(status)

    def emergency_presidency_change_ok(self, corp):
        if self.site_rules:    # the site forbids it only for the company buying the train
            rnd = self.round
            return not (rnd.name == "operating" and rnd.corp == corp)
        return super().emergency_presidency_change_ok(corp)

    # -- auction: a full round of passes runs an OR where only privates pay, and Kaiping
    # Tramway (if unsold) drops by ¥5 (rulebook). Once Kaiping is sold the rulebook names no
    # private, and a table that keeps passing would loop for ever: the cheapest unsold private
    # drops instead (reading, as 1830's waterfall does: it is then the one on sale at its price),
    # so a round of only passes always ends the auction. That OR ends a set, so a train is
    # exported (provisional: the rulebook does not say; 18xx.games exports only when Kaiping
    # is sold).
    def on_auction_all_passed(self, rnd):
        if self.site_rules:    # the site: Kaiping unsold -> it only drops; else privates pay
            return super().on_auction_all_passed(rnd)
        self.payout_privates()
        if rnd.companies:
            self.discount_company(rnd, "KT" if "KT" in rnd.companies else rnd.companies[0])
        self.or_set_finished()

    # -- tiles: privates' extra lays, Heng Shan blocking C5 --------------------------------
    def _tile_name(self, tile):
        return TILE_ALIASES.get(tile, tile)

    def lay_tile(self, corp, hex_id, tile, rotation, *, special=False, free=False, connect=True,
                 own_track=False):
        super().lay_tile(corp, hex_id, self._tile_name(tile), rotation, special=special, free=free,
                         connect=connect, own_track=own_track)

    def check_hex_open(self, corp, hex_id, tile):
        if TILES.get(tile, {}).get("special_only") and not getattr(self, "_special_lay", False):
            raise GameError("special_tile", f"Tile #{tile} is laid only by its private company.",
                            tile=tile)
        hs = self.companies["HS"]
        if hex_id == MINE_HEX and not hs["closed"] and hs["owner"] in self.players:
            raise GameError("hex_blocked",
                            "Heng Shan blocks C5 while a player owns it.", hex=hex_id)

    def special_lay(self, rnd, corp, company, action):
        spec = SPECIAL_LAYS.get(company)
        c = self.companies.get(company)
        if not spec or not c or c["closed"] or c["owner"] != corp:
            raise GameError("no_ability",
                            f"{corp} does not own a private that lays tiles as {company!r}.",
                            company=company)
        used = self.special_used.get(company, 0)
        if used >= spec["count"]:
            raise GameError("ability_used", f"{self.cname(company)}'s tile lays are used up.",
                            company=company)
        if spec.get("together") and used and rnd.special_used.get(company, 0) == 0:
            raise GameError("ability_used", f"{self.cname(company)}'s tiles are laid in one turn.",
                            company=company)
        hex_id, tile = action.get("hex"), self._tile_name(action.get("tile"))
        first = self.special_first_hex(company) if used else None
        if first and spec.get("touching") and hex_id not in self._touching(first):
            raise GameError("lays_not_touching",
                            f"{self.cname(company)}'s second tile must touch its first, on "
                            f"{first}.", company=company, hex=hex_id, first=first)
        wrong_tile = spec["hexes"].get(hex_id) and spec["hexes"][hex_id] != tile
        if hex_id not in spec["hexes"] or wrong_tile \
                or ("tiles" in spec and tile not in spec["tiles"]):
            raise GameError("bad_special_lay",
                            f"{self.cname(company)} cannot lay #{tile} on {hex_id}.",
                            company=company, hex=hex_id, tile=tile)
        self._special_lay = True
        try:
            # rulebook "Privates": each private's lay is "unconnected"; its own tile (Xi'an,
            # the ferry, the mine) opens the sides its track shows
            Core18xx.lay_tile(self, corp, hex_id, tile, action.get("rotation"),
                              special=spec["special"], free=True, connect=False,
                              own_track=bool(TILES.get(tile, {}).get("special_only")))
        finally:
            self._special_lay = False
        self.special_used[company] = used + 1
        rnd.special_used[company] = rnd.special_used.get(company, 0) + 1
        self.special_hexes = {**getattr(self, "special_hexes", {}), company: hex_id}

    def special_first_hex(self, company):
        """The hex of the private's first lay, for the lay that must touch it."""
        return getattr(self, "special_hexes", {}).get(company)

    @staticmethod
    def _touching(hex_id):
        return {neighbour(hex_id, e) for e in range(6)}

    def special_lay_legal(self, rnd, corp):
        out = []
        board = None
        for company in self.corps[corp]["companies"]:
            spec = SPECIAL_LAYS.get(company)
            used = self.special_used.get(company, 0)
            if not spec or used >= spec["count"]:
                continue
            if spec.get("together") and used and rnd.special_used.get(company, 0) == 0:
                continue
            by_hex = self._special_choices(spec)
            first = self.special_first_hex(company) if used else None
            if first and spec.get("touching"):
                touching = self._touching(first)
                by_hex = {h: ts for h, ts in by_hex.items() if h in touching}
            # the board's rotations for each hex and tile (the lay is unconnected); the board
            # is made once for all the company's privates
            if board is None:
                board = self.track_map()
            fits = {}
            for hex_id, tiles in list(by_hex.items()):
                for t in tiles:
                    rs = board.lay_rotations(corp, hex_id, t, connect=False,
                                             own_track=bool(TILES[t].get("special_only")))
                    if rs:
                        fits[f"{hex_id},{t}"] = rs
                by_hex[hex_id] = [t for t in tiles if f"{hex_id},{t}" in fits]
                if not by_hex[hex_id]:
                    del by_hex[hex_id]
            if by_hex:
                out.append(entry(
                    "lay_tile", corp, company=company, about=C.company(company),
                    label=C.msg("act.lay_tile", "Lay or upgrade a tile"),
                    show=[{"label": C.msg("field.hexes", "Hexes"),
                           "value": C.listing("hex", sorted(by_hex))}],
                    params={"hex": C.choice("hex", sorted(by_hex)),
                                       "tile": C.choice("tile", sorted({t for ts in by_hex.values()
                                                                        for t in ts}),
                                                        choices_by={"field": "hex",
                                                                    "map": by_hex}),
                                       "rotation": C.choice(
                                           "rotation", sorted({r for rs in fits.values()
                                                               for r in rs}),
                                           choices_by={"field": "hex,tile", "map": fits},
                                           pictures=self.rotation_pictures(fits))}))
        return out

    def _special_choices(self, spec):
        """Hex -> tiles a private's lay may put there now."""
        out = {}
        for hex_id, fixed in spec["hexes"].items():
            if fixed:
                if self.board.supply.get(fixed, 0) > 0 and hex_id not in self.board.laid:
                    out[hex_id] = [fixed]
                continue
            if self.board.current_color(HEXES, TILES, hex_id) != "white":
                continue
            hx = HEXES[hex_id]
            tiles = [t for t in sorted(spec.get("tiles", ()), key=lambda n: (len(n), n))
                     if self.board.supply.get(t, 0) > 0 and TILES[t]["color"] == "yellow"
                     and TILES[t].get("feature", "plain") == hx.get("feature", "plain")
                     and TILES[t].get("label") == hx.get("label")]
            if tiles:
                out[hex_id] = tiles
        return out

    def after_company_bought(self, corp, company):
        if company == "HS":
            self.emit("hex_unblocked",
                      "Heng Shan no longer blocks C5.", "Remove the block from C5.",
                      hex=MINE_HEX, company="HS", corporation=corp)

    # -- export at the end of each set (rulebook) ------------------------------------------
    def exports_at_set_end(self):
        nxt = self.depot.next_train()
        return bool(nxt) and self.depot.kind(nxt) in EXPORTED_TYPES

    def or_set_finished(self):
        if self.exports_at_set_end():
            self.export_train()


def create(players, seed, options):
    return Rules1888N(players, seed, options)


TITLE = TitleSpec(
    id="1888-N", name="1888-N: Railways in Northern China", family="18xx", currency="¥",
    describe=describer(Rules1888N), min_players=2, max_players=6, create=create,
    options={
        # a set-up choice, not a rule reading: the table sits as it sits unless it asks
        "seating": {"kind": "choice", "type": "text", "choices": ["given", "random"],
                    "default": "given",
                    "label": msg("option_seating", "Seating"),
                    "labels": {"given": msg("option_seating_given", "In the order the players are "
                                            "entered"),
                               "random": msg("option_seating_random", "Dealt at random from the "
                                             "seed (and so the auction's first player)")},
                    "rule": msg("option_seating_rule", "Rulebook: \"Seating is dealt at "
                                "random.\"")},
        # the importer sets it; a table may choose it to play as the site does
        "compat": {"kind": "choice", "type": "text", "choices": ["rulebook", "18xx.games"],
                   "default": "rulebook",
                   "label": msg("option_compat", "Rules"),
                   "labels": {"rulebook": msg("option_compat_rulebook", "As the rulebook says"),
                              "18xx.games": msg("option_compat_site", "As 18xx.games plays them "
                                                "(trains between companies in phase 2, forced "
                                                "sales that change another company's president, "
                                                "the auction's round of passes)")}},
    },
    source="shared/seeds/003_f89afd0eebc6f6fa.txt",
    words=("engine.core18xx.words", "engine.titles.words_1888n"),
)
