"""Age of Steam: New Zealand, from ``shared/seeds/002_1b474179f9a4532e.txt``.

"Unless the changes described here say otherwise, the base Age of Steam rules apply." The
map changes: 2-3 players; 9 rounds; no black New Cities; Production and Turn Order Pass are
never selected; odd rounds offer only Priority Shipping (First Move), Locomotive and Engineer,
even rounds only Priority Build (First Build), Locomotive and Urbanization; a build turn lays
up to 2 hexes of track (plain $3) or 1 ferry link to an outlying island ($5), the Engineer
both; shipping a black good to an outlying island puts the shipper's disc there; at the end
only players with a disc on all 5 outlying islands are eligible (the others are eliminated);
"Each ferry link counts as 2 income" at scoring.

Readings: the ferry-link sentence is a table option (``ferry_scoring``): ``income`` (default,
the seed's words: each ferry link the player built adds 2 to the income scored, 6 points) or
``track`` (it counts as 2 track tiles, 2 points). Track other than plain (river, mountain,
complex, town tiles) costs as in the base game (provisional, A1/A3): the seed prices only
plain track and ferry links. The islands are numbered 1-5 (the seed does not name them).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import FAMILY, WORDS as FAMILY_WORDS, SteamGame
from engine.age_of_steam import data as D
from engine.age_of_steam.board_map import BaseMap
from engine.age_of_steam.describe import describe as family_describe
from engine.age_of_steam.links import CITY, ISLAND
from engine.age_of_steam.options import FAMILY_OPTIONS
from engine.age_of_steam.selection import ACTION_NAMES
from engine.age_of_steam.words import WORDS as STEAM_WORDS
from engine.errors import GameError
from engine.titles import TitleSpec
from engine.words import en_ko as _w

TITLE_ID = "AoS-NewZealand"
SOURCE = "shared/seeds/002_1b474179f9a4532e.txt (New Zealand)"

ROUNDS = 9
ODD_ACTIONS = ("first_move", "locomotive", "engineer")
EVEN_ACTIONS = ("first_build", "locomotive", "urbanization")
HEXES_PER_BUILD, FERRIES_PER_BUILD = 2, 1
PLAIN_COST, FERRY_COST = 3, 5
ISLANDS = ("1", "2", "3", "4", "5")
NO_ISLAND = "none"
# The places the seed names (Auckland, Wellington) and the five outlying islands, on the
# register from the start; an island's place is "⛴ n" (the seed gives them no names).
SEED_CITIES = ("Auckland", "Wellington")
ISLAND_PLACES = {f"⛴ {i}": i for i in ISLANDS}
COSTS = {**D.BASE_COSTS, "plain": PLAIN_COST, "ferry": FERRY_COST}
NEW_CITIES = {c: n for c, n in D.NEW_CITIES.items() if c != "black"}
FERRY_AS = {"income": 2 * 3, "track": 2}     # points per ferry link: 2 income × 3, or 2 tiles


class NewZealandMap(BaseMap):
    id = "new_zealand"
    costs = COSTS
    new_cities = NEW_CITIES

    def __init__(self, options):
        super().__init__(options)
        self.ferries: dict[str, int] = {}
        self.discs: dict[str, list[str]] = {}

    def turns(self, players):
        return ROUNDS

    def setup_notes(self):
        return [C.msg("nz.setup.cities", "Remove the 4 black New City tiles."),
                C.msg("nz.setup.goods", "Place 1 black good and 1 non-black good in each city; "
                      "a random third good in Auckland and in Wellington."),
                C.msg("nz.setup.display", "On the goods display, skip the black New Cities.")]

    def actions(self, turn):
        return ODD_ACTIONS if turn % 2 else EVEN_ACTIONS

    def seed_places(self):
        return [(c, CITY, None) for c in SEED_CITIES] + \
            [(name, ISLAND, None) for name in ISLAND_PLACES]

    def place_label(self, name):
        if name in ISLAND_PLACES:
            return C.msg("nz.island", f"Outlying island {ISLAND_PLACES[name]}",
                         n=int(ISLAND_PLACES[name]))
        return None

    def check_link(self, register, kind, plan):
        """A ferry link is a link of its own, from a city or town to an outlying island,
        complete at once; track never runs onto an island."""
        frm = plan["start"] if plan["link"] is None else register.links[plan["link"]]["a"]
        if kind == "ferry":
            if plan["link"] is not None or register.kind(frm) == ISLAND or \
                    register.kind(plan["reaches"]) != ISLAND:
                raise GameError("nz_ferry_link", "A ferry link is a new link from a city or "
                                "town to an outlying island.")
        elif register.kind(frm) == ISLAND or register.kind(plan["reaches"]) == ISLAND:
            raise GameError("nz_island_ferry", "Outlying islands are reached by ferry links "
                            "only.")

    def chain_delivered(self, rules, player, colour, places):
        if colour == "black" and places[-1] in ISLAND_PLACES:
            self._disc(rules, player, ISLAND_PLACES[places[-1]])

    def new_tiles(self, kind):
        return 0 if kind == "ferry" else super().new_tiles(kind)

    def check_build(self, done, kind, cost, engineer):
        hexes = sum(1 for b in done if b["kind"] != "ferry")
        ferries = len(done) - hexes
        if kind == "ferry":
            if ferries >= FERRIES_PER_BUILD:
                raise GameError("nz_one_ferry", "At most 1 ferry link a turn.")
            if hexes and not engineer:
                raise GameError("nz_hexes_or_ferry", "Lay up to 2 hexes of track or 1 ferry "
                                "link, not both (both with the Engineer).")
        else:
            if hexes >= HEXES_PER_BUILD:
                raise GameError("nz_two_hexes", "At most 2 hexes of track a turn.")
            if ferries and not engineer:
                raise GameError("nz_hexes_or_ferry", "Lay up to 2 hexes of track or 1 ferry "
                                "link, not both (both with the Engineer).")

    def built(self, rules, player, kind):
        if kind == "ferry":
            self.ferries[player] = self.ferries.get(player, 0) + 1

    def check_delivery(self, rules, player, action):
        if action.get("island") not in (NO_ISLAND, *ISLANDS):
            raise GameError("bad_island", "The destination is an outlying island 1-5 or none.",
                            choices=[NO_ISLAND, *ISLANDS])

    def delivered(self, rules, player, action):
        """An older log's delivery: the table said which island it reached."""
        island = action["island"]
        if island == NO_ISLAND or action["colour"] != "black":
            return
        self._disc(rules, player, island)

    def _disc(self, rules, player, island):
        mine = self.discs.setdefault(player, [])
        if island in mine:
            return
        mine.append(island)
        rules.emit("nz_disc", f"{rules.pname(player)} puts a disc on outlying island {island}.",
                  "Put one of the player's discs on the island.", player=player,
                  n=int(island), count=len(mine))

    # the table corrects a disc on an island, or the count of a player's ferry links
    def correction_kinds(self):
        return ("island_disc", "ferry_links")

    def correction_forms(self, rules):
        labels = {i: C.msg("nz.island", f"Outlying island {i}", n=int(i)) for i in ISLANDS}
        return [("island_disc", {"island": C.choice("text", list(ISLANDS), labels,
                                                    label=C.msg("nz.form.island", "Island")),
                                 "on": {"kind": "flag", "label": C.msg(
                                     "nz.form.disc_on", "The player's disc is there")}}),
                ("ferry_links", {"value": C.number("count", 0, 20, default=0, label=C.msg(
                    "form.value", "New value"))})]

    def correct(self, rules, kind, player, action):
        if kind == "ferry_links":
            value = action.get("value")
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
                raise GameError("bad_number", "'value' is from 0 to 20.", field="value")
            self.ferries[player] = value
            return value
        island, on = action.get("island"), action.get("on")
        if island not in ISLANDS or not isinstance(on, bool):
            raise GameError("bad_island", "The destination is an outlying island 1-5 or none.",
                            choices=list(ISLANDS))
        mine = self.discs.setdefault(player, [])
        if on and island not in mine:
            mine.append(island)
        elif not on and island in mine:
            mine.remove(island)
        return len(mine)

    def eligible(self, rules, player):
        return len(self.discs.get(player, [])) == len(ISLANDS)

    def score_extra(self, rules, player):
        return FERRY_AS[self.options.get("ferry_scoring", "income")] * \
            self.ferries.get(player, 0)

    def score_extra_label(self):
        return C.msg("nz.score.ferries", "Ferry links")

    def book_facts(self, rules):
        if rules.finished:
            return []
        return [(C.msg("nz.fact.actions", "Actions this round"),
                 C.value("list", [C.text(C.msg(f"action.{a}", ACTION_NAMES[a]))
                                  for a in self.actions(rules.turn)]))]

    def player_columns(self, rules):
        return [("islands", C.msg("nz.col.islands", "Islands"),
                 lambda r, p: C.count(len(self.discs.get(p, [])))),
                ("ferries", C.msg("nz.col.ferries", "Ferry links"),
                 lambda r, p: C.count(self.ferries.get(p, 0)))]


def _island(v):
    if v == NO_ISLAND:
        return C.text(C.msg("nz.island.none", "Not to an outlying island"))
    if v in ISLANDS:
        return C.text(C.msg("nz.island", f"Outlying island {v}", n=int(v)))
    return C.text(str(v))


def describe(action, currency="$"):
    """A step's history line; a delivery names the outlying island it reached."""
    return family_describe(action, currency, {"island": _island})


def create(players, seed, options):
    return SteamGame(players, seed, options, NewZealandMap(options))


FERRY_RULE = "Score victory points as usual using only the players who were not eliminated. " \
             "Each ferry link counts as 2 income."
OPTIONS = {
    **FAMILY_OPTIONS,
    "ferry_scoring": {**C.choice("text", ["income", "track"], {
        "income": C.msg("nz.option.ferry.income", "Each ferry link adds 2 to the income "
                        "scored (6 points)"),
        "track": C.msg("nz.option.ferry.track", "Each ferry link counts as 2 track tiles "
                       "(2 points)")}),
        "default": "income",
        "label": C.msg("nz.option.ferry", "Ferry links at scoring"),
        "rule": C.msg("nz.option.ferry.rule", FERRY_RULE)},
}

TITLE = TitleSpec(TITLE_ID, "Age of Steam: New Zealand", FAMILY, "$", 2, 3, create,
                  options=OPTIONS, source=SOURCE,
                  words=(FAMILY_WORDS, "engine.titles.title_aos_new_zealand"),
                  describe=describe)




PARAMS = {}
WORDS = {
    # the expansion's names for the two priority actions (rulebook, New Zealand: "Priority
    # Shipping", "Priority Build"), in English too wherever the family's words name an action
    "action.first_move": {**_w("Priority Shipping", "우선 운송"), "plain": True},
    "action.first_build": {**_w("Priority Build", "우선 건설"), "plain": True},
    "action_selected": {**STEAM_WORDS["action_selected"], "plain": True},
    "action_taken": {**STEAM_WORDS["action_taken"], "plain": True},
    # the places the seed names, wherever a page shows them (alone, in a link or a chain)
    **{f"place.{en}": _w(en, ko) for en, ko in zip(SEED_CITIES, ("오클랜드", "웰링턴"))},
    **{f"place.{name}": _w(f"Outlying island {n}", f"외딴섬 {n}")
       for name, n in ISLAND_PLACES.items()},
    "nz.setup.cities": _w("Remove the 4 black New City tiles.",
                          "검은 새 도시 타일 4개를 게임에서 빼세요."),
    "nz.setup.goods": _w("Place 1 black good and 1 non-black good in each city; a random third "
                         "good in Auckland and in Wellington.",
                         "도시마다 검은 물품 1개와 검지 않은 물품 1개를 놓고, 오클랜드와 "
                         "웰링턴에는 무작위 물품을 하나 더 놓으세요."),
    "nz.setup.display": _w("On the goods display, skip the black New Cities.",
                           "물품 표시판에 물품을 놓을 때 검은 새 도시 칸은 건너뛰세요."),
    "nz_one_ferry": _w("At most 1 ferry link a turn.", "한 턴에 페리 링크는 1개까지입니다."),
    "nz_two_hexes": _w("At most 2 hexes of track a turn.", "한 턴에 선로는 2헥스까지입니다."),
    "nz_hexes_or_ferry": _w("Lay up to 2 hexes of track or 1 ferry link, not both (both with "
                            "the Engineer).",
                            "선로 2헥스까지 또는 페리 링크 1개 중 하나만 놓습니다 (기술자는 "
                            "둘 다)."),
    "bad_island": _w("The destination is an outlying island 1-5 or none.",
                     "도착지는 외딴섬 1-5 중 하나이거나 없음입니다."),
    "nz_disc": _w("%(player)s puts a disc on outlying island %(n)s.",
                  "%(player)s 님이 외딴섬 %(n)s에 원판을 놓습니다."),
    "nz_disc.board": _w("Put one of the player's discs on the island.",
                        "그 섬에 플레이어의 원판 하나를 놓으세요."),
    "nz.island.none": _w("Not to an outlying island", "외딴섬이 아님"),
    "nz.island": _w("Outlying island %(n)s", "외딴섬 %(n)s"),
    "nz.form.island": _w("Destination", "도착지"),
    "nz.form.disc_on": _w("The player's disc is there", "그 섬에 플레이어의 원판이 있음"),
    "form.correct_island_disc": _w("Correct island disc", "섬 원판 정정"),
    "form.correct_ferry_links": _w("Correct ferry links", "페리 링크 수 정정"),
    "correction_kind.island_disc": _w("island disc count", "섬 원판 수"),
    "correction_kind.ferry_links": _w("ferry link count", "페리 링크 수"),
    "nz.fact.actions": _w("Actions this round", "이번 라운드의 행동"),
    "nz.col.islands": _w("Islands", "섬"),
    "nz.col.ferries": _w("Ferry links", "페리 링크"),
    "nz.score.ferries": _w("Ferry links", "페리 링크"),
    "nz.option.ferry": _w("Ferry links at scoring", "점수 계산의 페리 링크"),
    "nz.option.ferry.income": _w("Each ferry link adds 2 to the income scored (6 points)",
                                 "페리 링크마다 점수 계산 수입 +2 (6점)"),
    "nz.option.ferry.track": _w("Each ferry link counts as 2 track tiles (2 points)",
                                "페리 링크마다 선로 타일 2개로 계산 (2점)"),
    "nz.option.ferry.rule": _w(FERRY_RULE, "제거되지 않은 플레이어만으로 평소처럼 승점을 계산합니다. "
                               "페리 링크는 각각 수입 2로 칩니다."),
    "nz_ferry_link": _w("A ferry link is a new link from a city or town to an outlying island.",
                        "페리 링크는 도시나 마을에서 외딴섬으로 가는 새 링크입니다."),
    "nz_island_ferry": _w("Outlying islands are reached by ferry links only.",
                          "외딴섬에는 페리 링크로만 갑니다."),
}
