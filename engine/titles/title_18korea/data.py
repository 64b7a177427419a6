"""18Korea's data tables, each with its source.

Sources:
  RB  = the 18Korea rulebook (/work/shared/seeds/000_6ab93e7c53fa8533.txt), which wins.
  REF = the public data sheet (/work/shared/reference/18Korea.md: 18XXc calculator file etc.).
  PROV = provisional: found in neither; chosen here, marked, and correctable at the
         table with a ``correction`` action (map data, prices, cash, trains).
"""
from __future__ import annotations

# -- players ------------------------------------------------------------------
# RB §3: starting cash by player count.
STARTING_CASH = {2: 800, 3: 530, 4: 400, 5: 320}
# RB §7.4: certificate limits (the director's certificate counts as one).
CERT_LIMIT = {2: 28, 3: 20, 4: 16, 5: 14}
# RB §7.2 / §13: most a player may hold after buying from the company.
COMPANY_BUY_LIMIT_UNITS = {2: 7, 3: 6, 4: 6, 5: 6}     # in 10% units
# RB summary §2.1 a ("no limit to selling up to 50% to the bank"): the bank pool
# holds at most 50% of a company. REF S1 says 100% for the calculator; RB wins.
POOL_LIMIT_UNITS = 5

# -- companies ----------------------------------------------------------------
# REF S1 (names, symbols); side by REF's list order and geography (North/South).
# Start cities by name (see NAMED_CITIES below).
COMPANIES = {
    # South Korea
    "SR": ("Seoul Railway", "S", "Seoul"),
    "IR": ("Incheon Railway", "S", "Incheon"),
    "WJR": ("Wonju Railway", "S", "Wonju"),
    "GNR": ("Gangneung Railway", "S", "Gangneung"),
    "DJR": ("Daejeon Railway", "S", "Daejeon"),
    "AR": ("Andong Railway", "S", "Andong"),
    "BR": ("Busan Railway", "S", "Busan"),
    "DR": ("Daegu Railway", "S", "Daegu"),
    "GJR": ("Gwangju Railway", "S", "Gwangju"),
    "GR": ("Gunsan Railway", "S", "Gunsan"),
    "JR": ("Jinju Railway", "S", "Jinju"),
    "CWR": ("Changwon Railway", "S", "Changwon"),
    # North Korea
    "RR": ("Rason Railway", "N", "Rason"),
    "CJR": ("Chongjin Railway", "N", "Chongjin"),
    "HJ": ("Hyesan Railway", "N", "Hyesan"),
    "MR": ("Manpho Railway", "N", "Manpo"),
    "TR": ("Tanchon Railway", "N", "Tanchon"),
    "KCR": ("Kaechon Railway", "N", "Kaechon"),
    "HHR": ("Hamhung Railway", "N", "Hamhung"),
    "WSR": ("Wonsan Railway", "N", "Wonsan"),
    "PYR": ("Pyongyang Railway", "N", "Pyongyang"),
    "NR": ("Nampho Railway", "N", "Nampo"),
    "KSR": ("Kaesong Railway", "N", "Kaesong"),
    "SJR": ("Sinuiju Railway", "N", "Sinuiju"),
}
NORTH_PRE_WAR = 5          # RB §3: five North Korean companies in the pre-war row
SOUTH_DRAWN = {2: 6, 3: 6, 4: 6, 5: 8}   # RB §3: 6 South companies (4+4 with 5 players)

# RB §2.1: 20% director's certificate + eight 10% shares; counted in 10% units.
DIRECTOR_UNITS = 2
TOTAL_UNITS = 10
# PROV: station tokens on a company's dashboard, left to right, with their costs
# (RB §9.3 "stations left to right, the company pays the station price"; §2 "3-4
# station tokens"; the printed costs are not public). The first is the home station.
STATION_COSTS = [0, 40, 60, 80]

# -- stock market -------------------------------------------------------------
# REF S1 value list (a flat list, treated as a one-row track, RB §5 "stock track").
# RB §11 names 460 and 500 as end-game prices: REF's top value 450 is replaced by
# 460 and 500 is added (RB wins). PROV: the exact track.
MARKET = [30, 35, 40, 45, 50, 55, 60, 65, 70, 80, 90, 100, 110, 120, 130, 145, 160, 180,
          200, 220, 240, 260, 280, 310, 340, 370, 400, 430, 460, 500]
END_PRICE = 460            # RB §11 b: a price of 460 or 500 ends the game after that OR
# RB §7.3 / summary 2.2: par 60-100 before the war, 60-200 after (values from REF's par list).
PAR_PRE_WAR = [60, 65, 70, 80, 90, 100]
PAR_POST_WAR = PAR_PRE_WAR + [110, 120, 130, 145, 160, 180, 200]
BID_STEP = 5               # RB §7.3

# -- trains -------------------------------------------------------------------
# RB §9.11 "Train summary": limit while it is the newest type sold, price, count, rusts.
TRAIN_ORDER = ["2", "3", "4", "5E", "6E", "8E"]
TRAIN_PRICE = {"2": 100, "3": 180, "4": 300, "5E": 500, "6E": 600, "8E": 800}
TRAIN_COUNT = {"2": None, "3": 8, "4": 4, "5E": 4, "6E": 4, "8E": None}  # None: unlimited
TRAIN_RUSTS = {"4": "2", "6E": "3", "8E": "4"}       # first of these sold rusts those
TRAIN_LIMIT_AFTER = {"4": 3, "6E": 2}                 # RB §9.9: first 4 sold -> 3, first 6E -> 2
START_TRAIN_LIMIT = 4
EXPRESS = {"5E", "6E", "8E"}
MAX_TRAIN_REVENUE = 2000   # PROV: a bound for the phone's number field, far above any route
TRAIN_LENGTH = {"2": 2, "3": 3, "4": 4, "5E": 5, "6E": 6, "8E": 8}
EXPORTABLE = {"3", "4"}                               # RB §9.11 (non-permanent trains)
# RB §8: eras begin when these trains become available in the market.
ERA_OF_TRAIN = {"2": "yellow", "3": "green", "4": "green", "5E": "brown", "6E": "brown",
                "8E": "gray"}
ERAS = ["yellow", "green", "brown", "gray"]
# RB §2.3: the Korean War card lies in front of the last 4-train.
WAR_WHEN_FOURS_LEFT = 1
# RB §2 (components): "additional station tokens for asset cards". The card that builds a
# station of its own is OC01 (RB §16: a station in Seoul before the war); PROV: one extra
# token, free. Card -> price of its token.
ASSET_STATION_TOKENS = {"OC01": 0}
# Asset OB04 (RB §16): 20% off the printed price.
OB04_DISCOUNT_PERCENT = 20
# Asset OB09 (RB §16): upgrades allowed (old -> new).
OB09_UPGRADES = {"2": "4", "3": "6E", "4": "8E"}

# -- asset cards ----------------------------------------------------------------
# RB §16 gives nine texts. RB §2 lists 30 cards in the box (REF S4: 75 in the
# design); PROV: the box is taken as 10 per tier, OA01-OA10, OB01-OB10, OC01-OC10.
# Cards without public text draw normally; the table enters their text (no
# automatic effect).
KNOWN_ASSETS = {
    "OA01": ("Miracle on the Han River",
             "If another company develops Seoul and the stock price of the company goes above "
             "460, the game ends at the end of that operating round."),
    "OA03": ("The Local Rich", "The North Korean company has no starting city after the Korean War."),
    "OA07": ("Local Administrator",
             "You can treat small cities as links if you wish. When calculating revenue using an "
             "express train, small city revenue can be calculated without being treated as a link."),
    "OA09": ("Defector",
             "After the Korean War, even if the company does not have any station in South Korea, "
             "stations can be moved to South Korea with the ability of \"Defector\"."),
    "OB02": ("Anti-North Spy",
             "If this ability was used before the Korean War, the city would be removed when the "
             "Korean War breaks out. After that, city tile that is subsequently placed in that city "
             "does not place an 'N', but a regular city."),
    "OB04": ("Train Buyer", "20% off the amount printed on the train card."),
    "OB09": ("The Newest Parts", "It is also possible to upgrade 2 to 4, 3 to 6E, and 4 to 8E."),
    "OC01": ("Outer Station Construction",
             "Station can also be built in Seoul before the Korean War. This station should not "
             "block the last place in Seoul. Even if you've placed an outer station in a blocked "
             "city, you have to upgrade it to use it as a station."),
    "OC08": ("Repulsion the North Army",
             "If you have this asset and OA09 (defector) together, put stations in South Korea "
             "cities to protect those."),
}
ASSET_TIERS = ("A", "B", "C")
ASSETS_PER_TIER = 10       # PROV


def asset_deck(tier: str) -> list[str]:
    return [f"O{tier}{n:02d}" for n in range(1, ASSETS_PER_TIER + 1)]


def asset_tier(code: str) -> str | None:
    if isinstance(code, str) and len(code) >= 2 and code[0] == "O" and code[1] in ASSET_TIERS:
        return code[1]
    return None


# -- map ------------------------------------------------------------------------
# The app has no map; players lay tiles on the real board. The rulebook gives no hex
# coordinates (RB §17 only describes the board), so the engine never invents any:
#  * a city the rulebook or the company list names is referred to by its NAME
#    ("Seoul", "Daegu"), with the facts below;
#  * any other hex is referred to by the label the table reads off its own board
#    (free text, trimmed, spaces folded, upper-case: see ``normalise_label``). What
#    the engine needs to know about such a hex - its side of the demarcation line,
#    its kind and its printed build cost - is entered with the first build on it
#    (``lay_tile`` fields side / hex_kind / cost), validated, stored, shown in the
#    view, and correctable with ``correction`` kind "hex" (with a reason).
# With that, the engine knows every hex that carries a tile or a station, so it
# decides the Korean War (RB §10) without asking.
HEX_KINDS = ("plain", "small", "city", "metro")   # RB §2.4: normal road, small city, big city
                                                  # (normal or metropolitan)
LABEL_KINDS = ("plain", "small", "city")          # metropolitan cities are all named (below)
LABEL_MAX = 16
LABEL_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -./#")
MAX_PRINTED_COST = 200                            # PROV: upper bound for a printed cost
COST_STEP = 10                                    # PROV: printed costs are multiples of 10
# RB §2.4 and the tile chart: the five metropolitan cities, each with its letter tiles.
METROPOLITAN = {"Seoul": "S", "Busan": "B", "Incheon": "I", "Daejeon": "D", "Gwangju": "G"}
# The named cities: every company's start city (REF S1 company list; a start city
# holds a station, so it is a big city: RB §2.4 "in big cities you can build
# stations", §9.1). Side from geography: the land above the DMZ is North Korea
# (RB §10); the companies' North/South split is REF's list order. Kind "metro" from
# the rulebook's tile chart (S, B, I, D, G), otherwise a normal city.
# PROV: Kaesong's side (REF: "lies on the 1950 border; check the map"; north of
# today's DMZ, so North here), and every named city's printed build cost (taken as 0).
NAMED_CITIES = {
    name: {"side": side, "kind": "metro" if name in METROPOLITAN else "city",
           "letter": METROPOLITAN.get(name), "cost": 0,
           "source": ("RB tile chart (metropolitan); " if name in METROPOLITAN else "")
           + "REF S1 company list (start city); side from geography",
           "provisional": ["cost"] + (["side"] if name == "Kaesong" else [])}
    for name, side in (
        ("Rason", "N"), ("Chongjin", "N"), ("Hyesan", "N"), ("Manpo", "N"), ("Tanchon", "N"),
        ("Sinuiju", "N"), ("Kaechon", "N"), ("Hamhung", "N"), ("Pyongyang", "N"), ("Nampo", "N"),
        ("Wonsan", "N"), ("Kaesong", "N"),
        ("Seoul", "S"), ("Gangneung", "S"), ("Incheon", "S"), ("Wonju", "S"), ("Daejeon", "S"),
        ("Andong", "S"), ("Gunsan", "S"), ("Daegu", "S"), ("Gwangju", "S"), ("Jinju", "S"),
        ("Changwon", "S"), ("Busan", "S"))
}
# PROV: station seats by tile colour ("none" = printed city without a tile).
SEATS = {
    "city": {"none": 1, "yellow": 1, "green": 2, "brown": 2, "gray": 3},
    "metro": {"none": 1, "yellow": 1, "green": 2, "brown": 3, "gray": 3},
    "Seoul": {"none": 2, "yellow": 2, "green": 3, "brown": 4, "gray": 4},   # RB §9.4 "2 in the case of Seoul"
}
# RB §9.3: before the war no station on the first seat of Seoul (home stations excepted, PROV).
SEOUL = "Seoul"

# Tiles. RB §2 counts 131 track tiles and the tile chart (not reproduced in the text)
# gives each tile's count and upgrades; the text gives no manifest, so counts are not
# enforced except that 7, 8 and 9 are unlimited (RB §9.2). PROV: standard 18xx tile
# numbers by colour and kind; any other tile may be laid if the action gives its
# colour. Letter tiles S/B/I/D/G are the metropolitan special tiles (RB tile chart).
TILES = {}
for _n in ("7", "8", "9"):
    TILES[_n] = ("yellow", "plain")
for _n in ("3", "4", "58"):
    TILES[_n] = ("yellow", "small")
for _n in ("5", "6", "57"):
    TILES[_n] = ("yellow", "city")
for _n in ("16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29"):
    TILES[_n] = ("green", "plain")
for _n in ("12", "13", "87", "88"):
    TILES[_n] = ("green", "small")
for _n in ("14", "15", "619"):
    TILES[_n] = ("green", "city")
for _n in ("39", "40", "41", "42", "43", "44", "45", "46", "47", "70"):
    TILES[_n] = ("brown", "plain")
for _n in ("141", "142", "143", "144"):
    TILES[_n] = ("brown", "small")
for _n in ("63", "611"):
    TILES[_n] = ("brown", "city")
for _n in ("455", "915"):
    TILES[_n] = ("gray", "plain")
for _n in ("60", "61"):
    TILES[_n] = ("gray", "small")
for _n in ("66", "67", "68"):
    TILES[_n] = ("gray", "city")
for _letter in METROPOLITAN.values():
    TILES[f"{_letter}-green"] = ("green", "metro")
    TILES[f"{_letter}-brown"] = ("brown", "metro")
    TILES[f"{_letter}-gray"] = ("gray", "metro")
UNLIMITED_TILES = {"7", "8", "9"}   # RB §9.2


def normalise_label(text) -> str:
    """A hex label as read off the board: trimmed, inner spaces folded, upper-case."""
    return " ".join(str(text).split()).upper() if isinstance(text, (str, int)) else ""


def named_city(text) -> str | None:
    """The named city ``text`` stands for (any case), or None."""
    key = normalise_label(text)
    for name in NAMED_CITIES:
        if name.upper() == key:
            return name
    return None


def default_map() -> dict:
    """hex -> {name, side, kind, cost, letter, source, provisional}: the named cities."""
    return {name: {"name": name, **{k: (list(v) if isinstance(v, list) else v) for k, v in facts.items()}}
            for name, facts in NAMED_CITIES.items()}


# What this title's data takes as provisional (found in neither the rulebook nor the
# public data sheet), shown to the table; all correctable with ``correction``.
PROVISIONAL = {
    "map": "No hex coordinates exist in the rulebook: named cities are referred to by name, other "
           "hexes by the label read off the board, with side, kind and printed cost entered at the "
           "first build. Named cities' printed costs (0 until the first build gives one) and "
           "Kaesong's side (North) are provisional; correct any hex with correction kind 'hex' "
           "(side, hex_kind, cost).",
    "seats": "Station seats per tile colour: city 1/1/2/2/3, metropolitan 1/1/2/3/3, Seoul 2/2/3/4/4 "
             "(printed/yellow/green/brown/gray).",
    "station_costs": "Station tokens cost 0 (home), 40, 60, 80, left to right; OC01's extra token "
                     "(for its Seoul station) is free.",
    "market": "The stock track is the calculator's value list as one row, with 450 replaced by 460 "
              "and 500 added (rulebook §11).",
    "asset_deck": "30 asset cards, OA01-OA10, OB01-OB10, OC01-OC10; only nine texts are public. "
                  "Enter the others with 'enter_asset'; swap a drawn code with 'replace_asset'.",
    "tiles": "Tile numbers are standard 18xx numbers; the rulebook text gives no tile manifest, so "
             "counts are not enforced; any tile may be laid with its colour given.",
    "pool_limit": "The bank holds at most 50% of a company (summary §2.1 a).",
    "ob09": "OB09's price is not printed: the company pays the new train's price less the old "
            "train's printed price; the new type must be the one on sale. Correct cash if the card "
            "says otherwise.",
    "war_returned_station": "A station the Korean War sends back to its dashboard (reading "
                            "war_normal_cities 'dashboard') fills the rightmost empty space, the "
                            "last one emptied, and is built again at that space's price.",
    "reach": "Reach (track from a station, unblocked routes) is the table's judgement: the app has "
             "no map. A train trade between companies that share no city needs 'connected': true.",
}

# Rule readings settled against the rulebook text (section cited), shown to the table. The
# readings the rulebook leaves open are table options: ``readings.OPTIONS`` (bid_cap,
# forced_purchase, war_normal_cities, game_end_8e, train_limit_on_export).
READINGS = {
    "auction_payment": "§7.3 and summary §2.2 agree: the winning bid goes to the bank; the 2× par "
                       "for the director's certificate goes into the company.",
    "director_sale_price": "§7.1: the seller is paid the price 'located on the track after selling', "
                           "i.e. after the director's drop of one space per share.",
    "no_train_run": "§9.5 ('if the company has a train, it uses the train'), §9.6: a company "
                    "without trains earns 0 and is not asked to run; it still decides dividend "
                    "or hold: payout of 0 flips the token, hold moves it down.",
    "stations_on_metropolitan_tiles": "§9.3: in the operating round a station is built 'if there is "
                                      "an empty space on a metropolitan tile'. §2.4 ('in big cities "
                                      "you can build stations') says where stations stand at all - "
                                      "start cities are normal cities - and does not widen §9.3. It "
                                      "fits §10: a North company saves itself with a South station, "
                                      "and stations on metropolitan tiles are the ones that stay.",
    "oa03": "§16 OA03 says only that the North Korean company has no starting city after the war: it "
            "does not exempt the company from §10 (no South station: it leaves), and gives no free "
            "station. No automatic effect.",
    "two_player_tiers": "§2.5/§13: with two players a player may hold (and attach) two cards of "
                        "one tier, so the two-player draft does not limit tiers.",
}
