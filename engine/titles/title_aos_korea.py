"""Age of Steam: Korea (2025 revised), from ``shared/seeds/002_1b474179f9a4532e.txt``.

"Unless the changes described here say otherwise, the base Age of Steam rules apply." The
map changes: at most 2 track tiles a round; North plain $2, mountain $3; South plain $3,
mountain $4; combination track as normal; the Engineer lays up to 3 tiles costing $9 or less
in all; goods cross the military demarcation line one way by round (1, 4, 7: South to North;
2, 5, 8: North to South; 3, 6, 9: not at all; 10: both ways). Places on the register carry
their half (a North or South tile says it, else the build's ``region``); a delivery's
crossings follow from its chain's places, and the form offers only the chains this round
allows; the book shows this round's direction.

Readings (the seed is silent): river track and complex tiles cost as in the base game in
both halves (provisional, ``shared/reference/AgeOfSteam.md`` A1/A3); the game lasts as the
base game for the player count (4: 8 turns, 5: 7) unless the table chooses the ten rounds of
the map's round marker (option ``length``).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import FAMILY, WORDS as FAMILY_WORDS, SteamGame
from engine.age_of_steam import data as D
from engine.age_of_steam.board_map import BaseMap
from engine.age_of_steam.describe import describe as family_describe
from engine.age_of_steam.options import FAMILY_OPTIONS
from engine.errors import GameError
from engine.titles import TitleSpec
from engine.words import en_ko as _w

TITLE_ID = "AoS-Korea"
SOURCE = "shared/seeds/002_1b474179f9a4532e.txt (Korea, 2025 revised)"

MAX_TILES, ENGINEER_TILES, ENGINEER_BUDGET = 2, 3, 9
REGION_COSTS = {"north_plain": 2, "north_mountain": 3, "south_plain": 3, "south_mountain": 4}
# Not named by the seed: as in the base game (provisional, A1 build/cost.ts, A3).
AS_NORMAL = ("river", "coexist_plain", "coexist_river", "coexist_mountain", "cross_plain",
             "cross_river", "cross_mountain", "replace", "redirect")
COSTS = {**REGION_COSTS, **{k: D.BASE_COSTS[k] for k in AS_NORMAL}}

NORTH, SOUTH, BY_TILE = "north", "south", "tile"
REGION_NAMES = {NORTH: "North", SOUTH: "South"}
NONE, SOUTH_TO_NORTH, NORTH_TO_SOUTH = "none", "south_to_north", "north_to_south"
CROSSINGS = (NONE, SOUTH_TO_NORTH, NORTH_TO_SOUTH)
CROSSING_NAMES = {NONE: "Does not cross the line", SOUTH_TO_NORTH: "Crosses South to North",
                  NORTH_TO_SOUTH: "Crosses North to South"}
DIRECTION_NAMES = {SOUTH_TO_NORTH: "South to North only", NORTH_TO_SOUTH: "North to South only",
                   "closed": "not at all", "both": "both ways"}


def direction(turn: int) -> str:
    """Which way goods may cross the demarcation line in round ``turn`` (1-10)."""
    if turn >= 10:
        return "both"
    return (SOUTH_TO_NORTH, NORTH_TO_SOUTH, "closed")[(turn - 1) % 3]


def allowed_crossings(turn: int) -> list[str]:
    way = direction(turn)
    return {"both": [SOUTH_TO_NORTH, NORTH_TO_SOUTH], "closed": []}.get(way, [way])


def direction_label(way: str) -> dict:
    return C.msg(f"korea.direction.{way}", DIRECTION_NAMES[way])


class KoreaMap(BaseMap):
    id = "korea"
    costs = COSTS

    def turns(self, players: int) -> int:
        return 10 if self.options.get("length") == "ten" else D.TURNS[players]

    def setup_notes(self):
        return [C.msg("korea.setup.discs", "Place 12 yellow player discs on the military "
                      "demarcation line."),
                C.msg("korea.setup.goods", "Place 1 good in each North Korean city and 3 goods "
                      "in each South Korean city."),
                C.msg("korea.setup.marker", "Place 1 grey disc on the round 1-4-7-10 space.")]

    def check_build(self, done, kind, cost, engineer):
        limit = ENGINEER_TILES if engineer else MAX_TILES
        if len(done) >= limit:
            raise GameError("korea_tile_limit", f"At most {limit} track tiles this round"
                            + (" with the Engineer." if engineer else " (3 with the Engineer)."),
                            limit=limit)
        spent = sum(b["cost"] for b in done)
        if engineer and spent + cost > ENGINEER_BUDGET:
            raise GameError("korea_engineer_budget", f"The Engineer's tiles cost ${ENGINEER_BUDGET}"
                            f" or less in all: ${spent} spent, this one ${cost}.",
                            limit=ENGINEER_BUDGET, amount=cost, spent=spent)

    def check_delivery(self, rules, player, action):
        crossing = action.get("crossing")
        if crossing not in CROSSINGS:
            raise GameError("bad_crossing", "Say whether the good crosses the demarcation line: "
                            f"{', '.join(CROSSINGS)}.", choices=list(CROSSINGS))
        if crossing != NONE and crossing not in allowed_crossings(rules.turn):
            way = direction(rules.turn)
            raise GameError("crossing_closed", f"In round {rules.turn} goods cross the line "
                            f"{DIRECTION_NAMES[way]}.", turn=rules.turn,
                            way=direction_label(way))

    # -- places carry their half; a chain's crossings follow from them ----------------------
    def place_params(self):
        return {"region": C.choice("text", [BY_TILE, NORTH, SOUTH], {
            BY_TILE: C.msg("korea.region.tile", "As the tile says (North or South track)"),
            **{r: C.msg(f"korea.region.{r}", REGION_NAMES[r]) for r in (NORTH, SOUTH)}},
            default=BY_TILE, label=C.msg("korea.form.region", "Half of a newly named place"))}

    def new_place_region(self, kind, action, name):
        """A North or South tile says its half; other tiles (river, complex) and a New City
        need the form's ``region``."""
        if kind.startswith(("north_", "south_")):
            return kind.split("_")[0]
        region = action.get("region")
        if region in REGION_NAMES:
            return region
        raise GameError("korea_region", f"Say whether {name} is in the North or the South.",
                        name=name)

    def check_link(self, register, kind, plan):
        pass

    @staticmethod
    def crossings(register, places):
        """The chain's crossings of the line, in order (south_to_north, north_to_south)."""
        out = []
        for a, b in zip(places, places[1:]):
            ra, rb = register.region(a), register.region(b)
            if ra and rb and ra != rb:
                out.append(SOUTH_TO_NORTH if ra == SOUTH else NORTH_TO_SOUTH)
        return out

    def check_chain(self, rules, player, places):
        allowed = allowed_crossings(rules.turn)
        for crossing in self.crossings(rules.register, places):
            if crossing not in allowed:
                way = direction(rules.turn)
                raise GameError("crossing_closed", f"In round {rules.turn} goods cross the "
                                f"line {DIRECTION_NAMES[way]}.", turn=rules.turn,
                                way=direction_label(way))

    def book_facts(self, rules):
        if rules.finished:
            return []
        return [(C.msg("korea.fact.crossing", "Across the line this round"),
                 C.text(direction_label(direction(rules.turn))))]


def describe(action, currency="$"):
    """A step's history line; a delivery says whether and which way it crossed."""
    return family_describe(action, currency, {"crossing": lambda v: C.text(C.msg(
        f"korea.crossing.{v}", CROSSING_NAMES[v])) if v in CROSSINGS else C.text(str(v))})


def create(players, seed, options):
    return SteamGame(players, seed, options, KoreaMap(options))


OPTIONS = {
    **FAMILY_OPTIONS,
    "length": {**C.choice("text", ["base", "ten"], {
        "base": C.msg("korea.option.length.base", "As the base game (4 players: 8 rounds, "
                      "5: 7)"),
        "ten": C.msg("korea.option.length.ten", "10 rounds, as the round marker")}),
        "default": "base",
        "label": C.msg("korea.option.length", "Length of the game"),
        "rule": C.msg("korea.option.length.rule", "Unless the changes described here say "
                      "otherwise, the base Age of Steam rules apply. — Round 10: goods may be "
                      "shipped in both directions.")},
}

TITLE = TitleSpec(TITLE_ID, "Age of Steam: Korea (2025 revised)", FAMILY, "$", 4, 5, create,
                  options=OPTIONS, source=SOURCE,
                  words=(FAMILY_WORDS, "engine.titles.title_aos_korea"), describe=describe)




PARAMS = {"spent": "money"}
WORDS = {
    "korea.setup.discs": _w("Place 12 yellow player discs on the military demarcation line.",
                            "군사분계선(굵은 검은 선)에 노란 원판 12개를 놓으세요."),
    "korea.setup.goods": _w("Place 1 good in each North Korean city and 3 goods in each South "
                            "Korean city.", "북한의 도시마다 물품 1개, 남한의 도시마다 물품 3개를 "
                            "놓으세요."),
    "korea.setup.marker": _w("Place 1 grey disc on the round 1-4-7-10 space.",
                             "1-4-7-10 라운드 칸에 회색 원판 1개를 놓으세요."),
    "korea_tile_limit": _w("At most %(limit)s track tiles this round.",
                           "이번 라운드에는 선로 타일을 %(limit)s개까지 놓을 수 있습니다."),
    "korea_engineer_budget": _w("The Engineer's tiles cost %(limit)s or less in all: %(spent)s "
                                "spent, this one %(amount)s.",
                                "기술자의 타일 비용은 모두 합쳐 %(limit)s 이하입니다: 이미 "
                                "%(spent)s, 이번 타일 %(amount)s."),
    "bad_crossing": _w("Say whether the good crosses the demarcation line.",
                       "물품이 군사분계선을 넘는지 정하세요."),
    "crossing_closed": _w("In round %(turn)s goods cross the line %(way)s.",
                          "%(turn)s라운드에는 분계선 통과가 %(way)s입니다."),
    "korea.direction.south_to_north": _w("South to North only", "남에서 북으로만"),
    "korea.direction.north_to_south": _w("North to South only", "북에서 남으로만"),
    "korea.direction.closed": _w("not at all", "불가"),
    "korea.direction.both": _w("both ways", "양방향 가능"),
    "korea.crossing.none": _w("Does not cross the line", "분계선을 넘지 않음"),
    "korea.crossing.south_to_north": _w("Crosses South to North", "남에서 북으로 넘음"),
    "korea.crossing.north_to_south": _w("Crosses North to South", "북에서 남으로 넘음"),
    "korea.form.crossing": _w("Across the demarcation line", "군사분계선 통과"),
    "korea.fact.crossing": _w("Across the line this round", "이번 라운드 분계선 통과"),
    "korea.option.length": _w("Length of the game", "게임 길이"),
    "korea.option.length.base": _w("As the base game (4 players: 8 rounds, 5: 7)",
                                   "기본 게임대로 (4인 8라운드, 5인 7라운드)"),
    "korea.option.length.ten": _w("10 rounds, as the round marker", "라운드 표시대로 10라운드"),
    "korea.option.length.rule": _w("Unless the changes described here say otherwise, the base "
                                   "Age of Steam rules apply. — Round 10: goods may be shipped "
                                   "in both directions.",
                                   "여기 적힌 변경 사항이 없으면 기본 에이지 오브 스팀 규칙을 "
                                   "따릅니다. — 10라운드: 양방향으로 운송할 수 있습니다."),
    "korea.region.north": _w("North", "북한"),
    "korea.region.south": _w("South", "남한"),
    "korea.form.region": _w("Half of a newly named place", "새로 이름 붙인 장소의 지역"),
    "korea_region": _w("Say whether %(name)s is in the North or the South.",
                       "%(name)s(이)가 북한인지 남한인지 정하세요."),
    "korea.region.tile": _w("As the tile says (North or South track)",
                            "타일대로 (북한 또는 남한 선로)"),
}
