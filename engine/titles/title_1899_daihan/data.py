"""1899 DAIHAN's tables, each value with its source.

Sources: R = the rulebook ``shared/seeds/001_8a509a7a0ab05fd8.txt`` (section numbers);
D1 / D2 = the data sheet (the book names them "the 18XXc calculator's data" and "a fan-made
reconstruction") ``shared/reference/1899-DAIHAN.md`` (D1: the 18XXc game file,
D2: a JS reconstruction, used only where R and D1 are silent). A value in none of them is
``provisional``. ``PROVISIONAL`` lists every value not printed in the rulebook, with its
source; the book shows it, and the table corrects the book where its box differs.
"""
from __future__ import annotations

# -- general (R §3-M, §6-5) ------------------------------------------------------------------
BANK_CASH = 7600                                   # R §3-M "exactly ₩7,600"
STARTING_CASH = {3: 440, 4: 400, 5: 380}           # R §3-M
CERT_LIMIT = {3: 20, 4: 16, 5: 13}                 # R §6-5
PAR_PRICES = (65, 70, 75, 80, 90, 100)             # R §6-1-1
FLOAT_PERCENT = 50                                 # R §6-2: "only 5 shares remain in the IPO"
POOL_LIMIT_PERCENT = 50                            # R §6-3-1: at most 5 shares in the market
STATIONS_BY_PAR = {65: 2, 70: 2, 75: 2, 80: 3, 90: 3, 100: 3}   # R §6-2
STATION_COST = 40                                  # R §7-4 (the home station is free)
TERRAIN_COST = 80                                  # R §7-3-4: mountain or river
BID_STEP = 5                                       # R §5-2
PRIVATE_PRICE_RANGE = (0.5, 2.0)                   # R §7-8: 50% to 200% of face
EXECUTIVE_CARS = 12                                # R §2
EXECUTIVE_CAR_PRICE = 50                           # provisional: no source gives it

# -- stock market: a 2-D grid (R §6-3, §6-6, §7-6). Only its 25 values are public (D1:
# 40 ... 450); the layout is provisional: par spaces in one column, the sheet's values in
# staircase rows. "p" marks the par spaces (R §6-1-1's six par prices). ------------------------
MARKET = [
    ["75", "80", "90", "100p", "110", "120", "135", "150", "170", "190", "215", "240", "270",
     "300", "335", "370", "410", "450"],
    ["70", "75", "80", "90p", "100", "110", "120", "135", "150", "170", "190", "215", "240",
     "270", "300"],
    ["65", "70", "75", "80p", "90", "100", "110", "120", "135", "150", "170", "190"],
    ["60", "65", "70", "75p", "80", "90", "100", "110", "120", "135"],
    ["55", "60", "65", "70p", "75", "80", "90", "100"],
    ["50", "55", "60", "65p", "70", "75", "80"],
    ["45", "50", "55", "60", "65", "70"],
    ["40", "45", "50", "55", "60"],
]

# -- phases (R §7-7-3, §7-7-4, §7-8: a new phase with each first train of a number; 2s rust
# at phase 4, 4s at D; privates sold in phases 3-4. Train limits, ORs per set and tile
# colours per phase: D2, provisional) ----------------------------------------------------------
BUY_PRIVATES = "can_buy_companies"
TRADE_TRAINS = "can_buy_trains_from_others"       # R §7-7-2: no phase limit is written
PHASES = [
    {"name": "2", "on": None, "tiles": ["yellow"], "train_limit": 4, "operating_rounds": 1,
     "status": [TRADE_TRAINS]},
    {"name": "3", "on": "3", "tiles": ["yellow", "green"], "train_limit": 4,
     "operating_rounds": 2, "status": [BUY_PRIVATES, TRADE_TRAINS]},
    {"name": "4", "on": "4", "tiles": ["yellow", "green"], "train_limit": 3,
     "operating_rounds": 2, "status": [BUY_PRIVATES, TRADE_TRAINS]},
    {"name": "5", "on": "5", "tiles": ["yellow", "green", "brown"], "train_limit": 2,
     "operating_rounds": 3, "status": [TRADE_TRAINS]},
    {"name": "6", "on": "6", "tiles": ["yellow", "green", "brown"], "train_limit": 2,
     "operating_rounds": 3, "status": [TRADE_TRAINS]},
    {"name": "D", "on": "D", "tiles": ["yellow", "green", "brown"], "train_limit": 2,
     "operating_rounds": 3, "status": [TRADE_TRAINS]},
]
# Goods (R §7-5-4): a value per delivery. D1 gives the values 20/30/40/60/80; which goes with
# which phase is provisional.
GOODS_VALUE = {"2": 20, "3": 30, "4": 40, "5": 60, "6": 80, "D": 80}
MAX_GOODS_PER_RUN = 12                             # R §2: 12 product hub tokens
# The D-train bump (R §7-7-1: "1-3 spaces, depending on the current Operating Round
# number"): provisional mapping, OR 1 -> 1 space, 2 -> 2, 3 -> 3.
D_BUMP_BY_OR = {1: 1, 2: 2, 3: 3}

# -- trains (R §7-7-1: a number after the previous is sold out, D after a 6 is sold, D ₩800
# scrapping a train; prices D1; counts D2 (28 in all, R §2); 3s rust at 5: D2, provisional) ---
D_FULL_PRICE, D_SCRAP_PRICE = 1100, 800            # D1 1100; R §7-7-1 800
TRAINS = [
    {"name": "2", "distance": 2, "price": 80, "num": 6, "rusts_on": "4"},
    {"name": "3", "distance": 3, "price": 180, "num": 5, "rusts_on": "5"},
    {"name": "4", "distance": 4, "price": 300, "num": 4, "rusts_on": "D"},
    {"name": "5", "distance": 5, "price": 450, "num": 3},
    {"name": "6", "distance": 6, "price": 630, "num": 2},
    {"name": "D", "distance": 999, "price": D_FULL_PRICE, "num": 8,
     "discount": {k: D_FULL_PRICE - D_SCRAP_PRICE for k in ("2", "3", "4", "5", "6", "D")}},
]

# -- corporations: names from D1 (the better source, data sheet); home cities provisional
# (D2's homes where its names agree with D1, else a free city). Stations: by par, not here. --
CORPORATIONS = [
    {"sym": "DR", "name": "Daihan Railway", "home": "Hanseong"},
    {"sym": "GR", "name": "Gyeongbu Railway", "home": "Busan"},
    {"sym": "PR", "name": "Pyeongyang Railroad", "home": "Pyongyang"},
    {"sym": "BR", "name": "Buha Railroad", "home": "Wonsan"},
    {"sym": "HR", "name": "Honam Railway", "home": "Daejeon"},
    {"sym": "YR", "name": "Yeongnam Railway", "home": "Daegu"},
    {"sym": "FL", "name": "Fives Lille", "home": "Kaesong"},
    {"sym": "RR", "name": "Russia Railway", "home": "Sinuiju"},
]
for _c in CORPORATIONS:
    _c["float_percent"] = FLOAT_PERCENT
    _c["tokens"] = [0, STATION_COST, STATION_COST]   # the most any par allows (3); par limits

# -- private companies (R §10: face value and revenue; letters R §10) ----------------------------
COMPANIES = [
    {"sym": "A", "name": "Seoul Tram", "value": 20, "revenue": 5},
    {"sym": "B", "name": "Grain Export Association", "value": 50, "revenue": 10},
    {"sym": "C", "name": "Mining Partnership Co.", "value": 50, "revenue": 10},
    {"sym": "D", "name": "Joseon Mining Company", "value": 50, "revenue": 10},
    {"sym": "E", "name": "Ginseng Public Company", "value": 50, "revenue": 10},
    {"sym": "F", "name": "Park Ki-jong", "value": 60, "revenue": 15},
    {"sym": "G", "name": "Kyeongin Railway Co.", "value": 120, "revenue": 0},
]
SEOUL_TRAM, PARK, KYEONGIN = "A", "F", "G"
SHUFFLED_PRIVATES = ("B", "C", "D", "E")           # R §5-2: the four ₩50 ones shuffled
# B-E's free track (R §10): the resource and its token.
RESOURCES = {"B": ("paddy field", "mill"), "C": ("coal seam", "coal mine"),
             "D": ("gold vein", "gold mine"), "E": ("ginseng field", "red ginseng")}
PARK_SHARES = ("BR", "YR")                         # R §10-F: Buha Railroad / Yeongnam Railway
HANSEONG, INCHEON = "Hanseong", "Incheon"
KYEONGIN_TRAIN = "2-K"                             # R §3-L: a 2-train card on Kyeongin
KYEONGIN_RUN_DEFAULT = 40                          # provisional: the table enters the run

# -- map: the named places (R names Hanseong and Incheon; the rest are the provisional homes).
# City slots are provisional (1 each; Hanseong 2). Other hexes are named by the table. --------
CITY_SLOTS = {"Hanseong": 2, "Incheon": 1, "Busan": 1, "Pyongyang": 1, "Wonsan": 1,
              "Daejeon": 1, "Daegu": 1, "Kaesong": 1, "Sinuiju": 1}
HEXES = {name: {"color": "white", "feature": "city", "cost": 0} for name in CITY_SLOTS}


# -- tiles (R §11: counts of 7, 8, 9, 3, 4 and their upgrades; the printed hexes' yellows.
# Everything else is provisional: standard 18xx upgrades, counts making R §2's 144) ---------
def _t(color, count, feature="plain", upgrades=(), provisional=True):
    return {"color": color, "count": count, "feature": feature, "upgrades": list(upgrades),
            "provisional": provisional}


TILES = {
    "7": _t("yellow", 6, upgrades=("26", "27", "28", "29"), provisional=False),
    "8": _t("yellow", 12, upgrades=("16", "19", "23", "24", "25", "28", "29"),
            provisional=False),
    "9": _t("yellow", 12, upgrades=("19", "20", "23", "24", "26", "27"), provisional=False),
    "3": _t("yellow", 6, "town", provisional=False),
    "4": _t("yellow", 6, "town", provisional=False),
    "58": _t("yellow", 6, "town"),
    "5": _t("yellow", 6, "city", ("14", "15")), "6": _t("yellow", 6, "city", ("14", "15")),
    "57": _t("yellow", 6, "city", ("14", "15")),
    "14": _t("green", 6, "city", ("63",)), "15": _t("green", 6, "city", ("63",)),
    "16": _t("green", 3, upgrades=("43", "70")), "19": _t("green", 3, upgrades=("45", "46")),
    "20": _t("green", 3, upgrades=("44", "47")),
    "23": _t("green", 4, upgrades=("41", "43", "45", "47")),
    "24": _t("green", 4, upgrades=("42", "43", "46", "47")),
    "25": _t("green", 3, upgrades=("40", "45", "46")),
    "26": _t("green", 3, upgrades=("42", "44", "45")),
    "27": _t("green", 3, upgrades=("41", "44", "46")),
    "28": _t("green", 3, upgrades=("39", "43", "46", "70")),
    "29": _t("green", 3, upgrades=("39", "43", "45", "70")),
    "63": _t("brown", 8, "city"), "39": _t("brown", 2), "40": _t("brown", 2),
    "41": _t("brown", 3), "42": _t("brown", 3), "43": _t("brown", 3), "44": _t("brown", 2),
    "45": _t("brown", 3), "46": _t("brown", 3), "47": _t("brown", 3), "70": _t("brown", 2),
}
PRINTED_UPGRADES = {"plain": ("7", "8", "9"), "town": ("3", "4", "58"),   # R §11
                    "city": ("5", "6", "57")}
assert sum(t["count"] for t in TILES.values()) == 144

# -- what is provisional, with its source (the book lists these) ----------------------------
PROVISIONAL = {
    "market": "2-D layout provisional; its 25 values from the 18XXc calculator's data",
    "executive_car_price": "₩50 provisional: no source gives it",
    "corporations": "names from the 18XXc calculator's data; home cities provisional (a "
                    "fan-made reconstruction's where it agrees)",
    "train_counts": "2×6, 3×5, 4×4, 5×3, 6×2, D×8 from a fan-made reconstruction",
    "train_prices": "80/180/300/450/630, D ₩1,100 from the 18XXc calculator's data (₩800 "
                    "scrapping: rulebook)",
    "three_train_rust": "3-trains rust at phase 5: a fan-made reconstruction",
    "phases": "train limits 4/4/3/2/2/2, ORs per set 1/2/2/3/3/3 and tile colours: a fan-made "
              "reconstruction",
    "goods": "goods per delivery ₩20/30/40/60/80/80 by phase 2/3/4/5/6/D (values: the 18XXc "
             "calculator's data)",
    "d_bump": "a D bought from the treasury moves right 1/2/3 spaces in OR 1/2/3",
    "tiles": "counts beyond 7, 8, 9, 3, 4 and upgrades beyond them: standard 18xx",
    "city_slots": "one station space per city, two in Hanseong",
    "kyeongin_run": "Kyeongin's run is entered by the table when it first runs and after "
                    "Hanseong's or Incheon's tile or the phase changes (first default ₩40); "
                    "otherwise it pays as last time",
    "privates_close": "privates still held by players close at phase 5",
}
