"""18 Lilliput: the tables, each with its source.

Sources: ``S`` is the Korean rules summary ``shared/seeds/004_4c3e4afa67471d8b.txt`` (the
authority; sections are named by its headings: 셋업 set-up, 라운드 순서 round order,
게임종료 game end, 타일 배치 tile lay, 열차 구매 train purchase, 1~7단계 phases, 주식 판매&구매
shares, 역 마커 배치 stations, 개인/회사 자산 추가 cash, and the errata at its top). ``R`` is
``shared/reference/18Lilliput.md``. Every value neither gives is **provisional**: it is
marked so here and in the book, and the table sets it at set-up (``OPTIONS``) or corrects
it in play (the ``correction`` action).
"""
from __future__ import annotations

ROUNDS = 8                                   # S 게임종료: "8라운드 후 게임은 종료 된다"
PLAYER_CASH = 30                             # S 셋업 8: 개인 자본금 30
LAND_COPY_VALUE = 20                         # S 게임종료: unused Dimen's Land Copy card £20
CARDS_IN_PLAY = {4: 10, 3: 8, 2: 6, 1: 4}    # S 라운드 순서 1: 4인 10장, 3인 8장, 2인 6장, 1인 4장
CARDS_PER_PLAYER = 2                         # S 라운드 순서 1: 플레이어당 2장
ACTION_CARDS = [f"A{i}" for i in range(1, 11)]   # R: 10 action cards; which ones leave the
#   game with fewer players is not public: provisional, the first N stay in play.
BANK_CASH = 20000                            # provisional: the bank's size is not given (S, R)

# Effects an action card may offer (S 행동 상세). The box's card list is not public (R), so
# the table names the card it took and the effect it uses.
EFFECTS = ["track", "station", "trains", "shares", "personal_cash", "company_cash"]
PERSONAL_CASH = [5, 10, 20]                  # S 개인 자산 추가: 5, 10, 20 (printed on the card)

# -- companies (S 셋업 11-13; R for the names) ---------------------------------------------
# The four starting companies. Red is Mildendo and yellow Lilliput (S 셋업 12); which of
# Glimigrim and Slamecksan (R, L5) is blue or green is not found: provisional names.
STARTING = {
    "red":    {"name": "Mildendo", "price": 55, "cash": 550, "trains": 1, "side": "N"},
    "yellow": {"name": "Lilliput", "price": 50, "cash": 500, "trains": 2, "side": "E"},
    "blue":   {"name": "Glimigrim", "price": 50, "cash": 500, "trains": 1, "side": "S",
               "free_y": True},
    "green":  {"name": "Slamecksan", "price": 50, "cash": 500, "trains": 1, "side": "W",
               "director_cash": 60},
}
# price 50 of the others: provisional (capital = 10 x price, S 주식 구매). side: where the
# company's set-up tile joins Mildendo in this book's grid (provisional, the table's own).
PROVISIONAL_STARTING = ("price of blue, green, yellow (50)", "names of blue and green")
# The four other charters (R: 8 charters); names not public: provisional.
OTHERS = {"C5": {"name": "Company 5"}, "C6": {"name": "Company 6"},
          "C7": {"name": "Company 7"}, "C8": {"name": "Company 8"}}
MARKERS = 3                                  # S 주식 구매: 3 station markers (also given to
#   the starting companies: provisional)
DIRECTOR_PERCENT, SHARE_PERCENT, ISSUED_PERCENT = 50, 10, 80   # S 주식 구매 (20% never exists)
CERT_LIMIT, DIRECTOR_LIMIT = 5, 2            # S 주식 구매: 5 certificates, 2 director's
FOUND_PAYS, FOUND_CAPITAL = 5, 10            # S 주식 구매: 5 x price to the bank, 10 x to it

# -- characters (S 셋업 7, errata; R, L5 for the names) ------------------------------------
CHARACTERS = ["Emperor", "Flimnap", "Limnoc", "Bolgolam", "Balmuff"]
CHARACTER_NAMES = {"Emperor": "Emperor", "Flimnap": "Flimnap", "Limnoc": "General Limnoc",
                   "Bolgolam": "Skyresh Bolgolam", "Balmuff": "Balmuff"}
# errata: a station on the Emperor's castle earns "the player who placed it" £50, "other
# players" £30. Read here as: the placing company's director is paid £50 from the bank if he
# holds the Emperor, £30 otherwise (provisional reading).
CASTLE_INCOME_EMPEROR, CASTLE_INCOME_OTHER = 50, 30
CASTLE_SLOTS = 1                             # provisional

# -- trains (S 셋업 2, 열차 구매, 1~7단계) ------------------------------------------------
TRAIN_TYPES = ["2", "3", "4", "5", "3D", "4D"]   # S 셋업 2: deck 4D,3D,5,4,3,2 from the bottom
# Prices and counts are printed on the cards only (R: 29 train cards): provisional.
TRAIN_PRICES = {"2": 80, "3": 180, "4": 300, "5": 450, "3D": 600, "4D": 800}
TRAIN_COUNTS = {"2": 8, "3": 6, "4": 5, "5": 4, "3D": 3, "4D": 3}
POOL_REFILL = 1     # S 관료: "이용 가능한 열차를 더미에서 Train pool로 이동"; how many: provisional

# Phases (S 1~7단계): the train type that starts it, the train limit (None: none stated),
# how many track colours are in use, company cash of the action, and what goes obsolete or
# rusts when it starts.
PHASES = [
    {"phase": 1, "on": None, "limit": None, "colours": 1, "company_cash": 50},
    {"phase": 2, "on": "2", "limit": 4, "colours": 1, "company_cash": 50},
    {"phase": 3, "on": "3", "limit": 4, "colours": 2, "company_cash": 70},
    {"phase": 4, "on": "4", "limit": 3, "colours": 2, "company_cash": 70, "obsolete": ["2"]},
    {"phase": 5, "on": "5", "limit": 2, "colours": 3, "company_cash": 100, "rust": ["2"]},
    {"phase": 6, "on": "3D", "limit": 2, "colours": 3, "company_cash": 100, "obsolete": ["3"]},
    {"phase": 7, "on": "4D", "limit": 2, "colours": 3, "company_cash": 100,
     "obsolete": ["4"], "rust": ["3"]},
]

# -- track (S 셋업 3, 타일 배치) -------------------------------------------------------------
# The summary contradicts itself: 셋업 3 and the upgrade rules say "노랑 -> 갈색 -> 녹색"
# (yellow, brown, green), the upgrade rules' end and the phase list say green from the first
# 3-train (phase 3) and brown from the first 5-train (phase 5). Chosen: yellow -> green ->
# brown, as the phase list; the option ``track_order`` gives the other reading (brown from
# phase 3, green from phase 5).
TRACK_ORDERS = {"yellow_green_brown": ["yellow", "green", "brown"],
                "yellow_brown_green": ["yellow", "brown", "green"]}
TILE_KINDS = ["Y", "city", "town", "plain"]
BIG = {"Y", "city", "castle", "mildendo"}   # S 타일 배치 2: cities and big cities ...
SMALL = {"town", "plain"}                   # ... and towns and plain track alternate
Y_COST = 50                                 # S 타일 배치 1: Y 50 from the company, others free
# station slots printed on a tile: the lay names them; these are the defaults (provisional)
SLOTS = {("city", "yellow"): 1, ("city", "green"): 2, ("city", "brown"): 2,
         ("Y", "yellow"): 1, ("Y", "green"): 2, ("Y", "brown"): 3}
MAX_SLOTS = 4
STATION_COSTS = (40, 100)                   # S 역 마커 배치: the first extra 40, then 100
SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# exits of a track card (two sides or more), as "NS", "ENW", ...
EXITS = ["NS", "EW", "EN", "ES", "NW", "SW", "ENS", "ESW", "ENW", "NSW", "ENSW"]

# -- the share price index (S 주식 판매: two rows; a sale moves a top-row marker down, a
# bottom-row marker up and left) -----------------------------------------------------------
# The values are printed on the index only (R): provisional. Read along the index from the
# lowest: bottom, top, bottom, top, ... (the bottom row holds the 1st, 3rd, ... value, the top
# row the 2nd, 4th, ...), so a sale is one step down and a move right is two steps up.
PRICE_INDEX = [10, 20, 30, 40, 45, 50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 120, 130, 140,
               150, 165, 180, 200, 220, 240, 260, 280, 300]
# Moves: a dividend moves the marker one space right (the last round two, S 게임종료); a
# withhold (and a run of nothing) one space left: provisional (S gives only the last round).
PAY_MOVE, WITHHOLD_MOVE, LAST_PAY_MOVE = 1, 1, 2
MAX_REVENUE = 990                           # the highest revenue a form offers per train

PROVISIONAL = {
    "train prices and counts": "printed on the train cards only (R: 29 cards)",
    "share price index": "printed on the index only (R)",
    "start price 50": "capital 10 x price (S) with £500 (S 셋업 12)",
    "action cards out with fewer players": "not public (R)",
    "trains to the pool each round": "S says 'available trains', not how many",
    "price moves of a dividend and a withhold": "S gives only the last round's",
    "bank size": "not given",
    "station slots of tiles": "printed on the tile cards (R)",
}


def snake(order: list) -> list:
    """1-2-3-4-4-3-2-1 (S 셋업 10, 라운드 순서 1)."""
    return list(order) + list(reversed(order))


def obsolete_revenue(revenue: int) -> int:
    """Half, rounded down to ten (S 4단계: 90 -> 40)."""
    return (revenue // 2) // 10 * 10
