"""The base Age of Steam bookkeeping figures (Martin Wallace), each with its source.

Sources are those of ``shared/reference/AgeOfSteam.md``: A1 (ChooChoo's engine), A3 (the 3rd
edition quick reference), N1 (a second engine). Where the base rulebook's own words were not
read the figure is marked provisional with its source.
"""
from __future__ import annotations

START_CASH = 10          # A1 starter.ts, A5
START_SHARES = 2         # A1, A5
START_INCOME = 0         # A1
START_LOCOMOTIVE = 1     # A1
SHARE_PRICE = 5          # A3, A4 ("$5 each")
MAX_SHARES = 15          # A1 getMaxShares
MAX_LOCOMOTIVE = 6       # A1, N1
BASE_BUILDS = 3          # A3
ENGINEER_BUILDS = 4      # A1, N1
MOVE_ROUNDS = 2          # A3: move goods, two rounds

# players -> turns (A1 round.ts; N1 agrees)
TURNS = {3: 10, 4: 8, 5: 7, 6: 6}

# income after expenses -> reduction: (highest income of the band, reduction) (A1 reduction.ts)
REDUCTION_BANDS = ((10, 0), (20, 2), (30, 4), (40, 6), (49, 8))
TOP_REDUCTION = 10       # 50 and more


def reduction(income: int) -> int:
    """The income reduction for an income after expenses."""
    for top, cut in REDUCTION_BANDS:
        if income <= top:
            return cut
    return TOP_REDUCTION


# The actions, in the order of the action display (A1 state/action.ts, A4).
ACTIONS = ("first_move", "first_build", "engineer", "locomotive", "urbanization",
           "production", "turn_order_pass")

GOODS = ("red", "blue", "yellow", "purple", "black")

# New City tiles (A1 starter.ts getAvailableCities): 8 in all.
NEW_CITIES = {"red": 1, "blue": 1, "yellow": 1, "purple": 1, "black": 4}

# Track costs, placed on an empty hex (A1 build/cost.ts; A3). A complex tile: coexisting or
# crossing track on plain, river or mountain. A town: $1 plus $1 per track exit.
BASE_COSTS = {
    "plain": 2, "river": 3, "mountain": 4,
    "coexist_plain": 3, "coexist_river": 4, "coexist_mountain": 5,
    "cross_plain": 4, "cross_river": 5, "cross_mountain": 6,
    "replace": 3, "redirect": 2,
}
TOWN_BASE, TOWN_PER_EXIT, TOWN_MAX_EXITS = 1, 1, 6
# Which builds put a new track tile of the builder's on the board (for the score's track
# count): a replacement changes a tile, a redirect turns one.
NO_NEW_TILE = {"replace", "redirect"}

# Which track tiles score (``shared/reference/AgeOfSteam.md``, "Victory points"): A3 "1 VP /
# section of track that is part of Completed Link" (the default), or A1's every owned tile
# (set-up option ``track_scoring``).
TRACK_COMPLETED, TRACK_OWNED = "completed", "owned"

# An unfinished link its owner did not extend during the turn loses its owner at the end of
# the turn (the base rules' reading; the reference is silent: provisional).
UNFINISHED_LOSES_OWNER = True
