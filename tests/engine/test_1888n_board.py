"""1888-N's board: tile lays and stations checked on the map, the lay entry's choices, and
routes with their revenue (reference/1888-N-board.md: the map §2, the tiles §3, the route
rules §5 and the runs of 128097 added up by hand §6)."""
import json
import re

import pytest

from engine.core18xx.board import Map, neighbour
from engine.importers import eighteen_xx_games
from engine.importers.routes_audit import audit
from engine.titles import title_1888n as T
from tests.conftest import ROOT
from tests.engine.helpers_1888n import act, lyr_operating_again, opened, rejects, rig_trains

FIXTURE = ROOT.parent / "shared" / "fixtures" / "18xx-games" / "1888-N" / "128097.json"


def lay(hex_id, tile, rotation, **kw):
    return {"type": "lay_tile", "entity": "LYR", "hex": hex_id, "tile": tile,
            "rotation": rotation, **kw}


# -- geometry (reference §1.2, §1.5) ---------------------------------------------------------
def test_edges_number_clockwise_from_the_lower_left():
    assert [neighbour("C9", e) for e in range(6)] == ["D8", "C7", "B8", "B10", "C11", "D10"]


def test_sea_borders_and_the_map_edge_shut_sides():
    board = Map(T.MAP, T.HEXES, T.TILES, {}, {})
    # F14: G13, xF12 (impassable border), xE13, xE15 (sea without track), F16 (Yantai's track), G15
    assert [board.open_edge("F14", e) for e in range(6)] == [True, False, False, False, True,
                                                              True]
    assert board.across("H14", 0) is None and board.across("H14", 5) is None    # off the map


# -- lays refused, each with its reason ----------------------------------------------------
def test_track_into_a_sea_hex_or_off_the_map_is_refused():
    g = opened()
    err = rejects(g, lay("F14", "8", 0), "track_off_board")       # side 2 faces sea E13
    assert err.params["edge"] == 2
    rejects(g, lay("G17", "9", 1), "track_off_board")             # side 4: no hex there


def test_track_through_an_impassable_border_is_refused():
    g = opened()
    err = rejects(g, lay("F14", "7", 0), "track_off_board")       # side 1: F12's border
    assert err.params["edge"] == 1


def test_track_the_company_does_not_reach_is_refused():
    # the case: a tile far from any of the company's track
    g = opened()
    err = rejects(g, lay("B2", "3", 4), "track_unconnected")
    assert "LYR" in err.message and "B2" in err.message


def test_an_upgrade_that_drops_track_is_refused():
    g = lyr_operating_again()
    rig_trains(g, "3", ["3-0"], {})
    err = rejects(g, lay("G15", "18", 1), "track_not_kept")       # G15's 0-3 straight is lost
    assert err.params["hex"] == "G15"


def test_legal_lays_are_taken_and_connect():
    g = opened()
    act(g, "lay_tile", "LYR", hex="G17", tile="7", rotation=1)    # from Yantai's side 5
    assert g.rules.board.laid["G17"] == ("7", 1)


def test_the_lay_entry_offers_only_what_the_board_allows():
    g = opened()
    entry = next(a for a in g.legal_actions() if a["type"] == "lay_tile" and
                 not a.get("company"))
    hexes = entry["params"]["hex"]["choices"]
    assert {"G15", "G17", "F14"} <= set(hexes) and "B2" not in hexes and "H14" not in hexes
    assert entry["params"]["tile"]["choices_by"]["map"]["F14"] == ["7", "8"]   # no straight fits
    rotations = entry["params"]["rotation"]["choices_by"]
    assert rotations["field"] == "hex,tile"
    assert rotations["map"]["F14,7"] == [4] and rotations["map"]["F14,8"] == [4]
    # every combination offered is taken
    for key, rots in rotations["map"].items():
        hex_id, tile = key.split(",")
        for r in rots:
            g2 = opened()
            act(g2, "lay_tile", "LYR", hex=hex_id, tile=tile, rotation=r)


# -- stations -------------------------------------------------------------------------------
def test_a_station_needs_a_city_the_company_reaches():
    g = opened()
    err = rejects(g, {"type": "place_token", "entity": "LYR", "hex": "G11", "city": 0},
                  "city_not_reached")
    assert "G11" in err.message


def test_a_station_needs_a_city_that_is_there_and_a_free_slot():
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    rejects(g, {"type": "place_token", "entity": "LYR", "hex": "H14", "city": 1},
            "no_city_there")
    board = Map(T.MAP, T.HEXES, T.TILES, {"G15": ("9", 0), "H14": ("5", 3)},
                {"F16": [("LYR", 0)], "H14": [("ZDR", 0)]})
    with pytest.raises(Exception) as exc:
        board.check_token("LYR", "H14", 0)
    assert exc.value.code == "city_full"
    assert board.token_options("LYR") == {}


# -- routes ---------------------------------------------------------------------------------
def finder(laid, tokens, corp, color, **rules):
    from engine.core18xx.routes import RouteFinder
    board = Map(T.MAP, T.HEXES, T.TILES, laid, tokens)
    return RouteFinder(board, corp, color, **rules)


LYR_RULES = {"home": "F16", "destination": ("H14", 20), "subsidy": ("C5", 40)}
QINGDAO = {"G15": ("9", 0), "H14": ("5", 3)}


def test_the_harbour_ends_a_route_at_no_range():
    # reference §6.1 (action 107): F16 40 + H14 20 + harbour 10 + bonus 20 = 90 on a 2-train
    f = finder(QINGDAO, {"F16": [("LYR", 0)]}, "LYR", "yellow", **LYR_RULES)
    best = f.routes(2)[0]
    assert best.hexes() in (["F16", "H14", "H16"], ["H16", "H14", "F16"])
    assert (best.revenue, best.length) == (90, 2)


def test_another_companys_full_city_ends_a_route():
    f = finder(QINGDAO, {"F16": [("LYR", 0)], "H14": [("ZDR", 0)]}, "LYR", "yellow",
               **LYR_RULES)
    assert f.best([2]) == (80, [f.routes(2)[0]])            # F16-H14 only: 40 + 20 + 20
    assert all("H16" not in r.hexes() for r in f.routes(2))


def test_no_track_twice_across_trains():
    # two 2-trains share G15's track: only one runs F16-H14; the other has no route left
    f = finder(QINGDAO, {"F16": [("LYR", 0)]}, "LYR", "yellow", **LYR_RULES)
    total, picks = f.best([2, 2])
    assert total == 90 and sum(p is not None for p in picks) == 1


def test_a_route_needs_the_companys_station():
    f = finder(QINGDAO, {"F16": [("ZDR", 0)]}, "LYR", "yellow", **LYR_RULES)
    assert f.routes(2) == [] and f.best([2]) == (0, [None])


def positions(ids):
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    got = {}

    def keep(rules, action):
        if action.get("id") in ids:
            got[action["id"]] = (rules.best_run(str(action["entity"])), action)
    eighteen_xx_games.replay(data, on_run=keep)
    return got


def test_the_hand_added_runs_of_128097():
    got = positions({107, 277, 594, 773})
    # §6.1 LYR 2-train, yellow: 90; §6.2 JZR 3-train, green: Beijing 40 + B6 10 + bonus 40 (the
    # mine's C5 pays no revenue); §6.3 TJL 6-train, gray: 300 without a bonus; §6.4 CDL D: 410
    assert got[107][0][0] == 90
    assert got[277][0][0] == 90
    assert got[773][0][0] == 300
    total, routes = got[594][0]
    assert total == 410
    (route,) = routes.values()
    assert route.hexes()[0] == "A19" or route.hexes()[-1] == "A19"   # Changchun only ends


def test_128097_every_lay_station_and_run_stands_on_the_board():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    lines = []
    s = audit(data, say=lines.append)
    assert s["replayed"] and s["scores_equal"]
    assert (s["lays"], s["lays_refused"], s["tokens"], s["tokens_refused"]) == (74, 0, 16, 0)
    assert s["runs"] == s["route_equal"] == s["best_at_least_recorded"] == len(lines) == 70


# -- the run form starts from the best routes -------------------------------------------------
def test_the_run_form_starts_from_the_best_routes_and_the_history_notes_a_different_claim():
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    # F16 40 + H14 20 + harbour 10, and the ¥20 destination bonus ticked apart
    assert run["params"]["revenues"]["defaults"] == [70]
    assert run["params"]["destination"]["defaults"] == [True]
    assert run["best"] == 90
    (route,) = run["picture"]["routes"]                  # the 2-train's route drawn, its revenue
    assert route["label"]["params"]["route"] in ("F16-H14-H16", "H16-H14-F16")
    assert route["value"] == {"t": "money", "v": 90} and len(route["stops"]) == 3
    # one tap: the form as it starts; the run matches the best, nothing is noted
    events = act(g, "run_trains", "LYR", revenues=[70], destination=[True], best=90)
    assert g.rules.round.revenue == (90, 0)
    assert not any(e["code"] == "run_not_best" for e in events)


def test_a_claim_below_the_best_is_taken_and_noted():
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    events = act(g, "run_trains", "LYR", revenues=[60], destination=[True], best=90)
    assert g.rules.round.revenue == (80, 0)          # the table's figure stands
    note = next(e for e in events if e["code"] == "run_not_best")
    assert note["params"]["best"] == 90 and note["params"]["revenue"] == 80


def test_the_great_walls_second_tile_must_touch_the_first():
    # player aid "Privates": "Two must be laid together and must touch"
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    act(g, "buy_company", "LYR", company="CW", price=150)
    act(g, "lay_tile", "LYR", company="CW", hex="C7", tile="8", rotation=0)
    entry = next(a for a in g.legal_actions() if a.get("company") == "CW")
    assert set(entry["params"]["hex"]["choices"]) == {"B6", "B8", "D6"}   # wall hexes by C7
    err = rejects(g, lay("F4", "8", 1, company="CW"), "lays_not_touching")
    assert err.params["first"] == "C7"


# -- the board picture (a "board" book section the companion draws) ---------------------------
def test_the_book_draws_the_board_and_the_best_routes_before_a_run():
    from engine import contract
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    book = g.book()
    contract.check_book(book)
    board = next(s for s in book if s["kind"] == "board")
    assert len(board["hexes"]) == 73
    assert {h["hex"]: h.get("tile") for h in board["hexes"]}["H14"] == "5"
    assert any(s["tokens"] == ["LYR"] for s in board["stops"])          # Yantai's station
    (route,) = board["routes"]                                           # LYR's 2-train
    assert route["label"]["params"]["company"]["v"] == "LYR" and \
        route["label"]["params"]["train"] == {"t": "train", "v": "2"}        # no train id
    assert len(route["stops"]) == 3                                      # three stops
    # drawn along its track in one stroke: Yantai to G15's side, through G15 (a curve by its
    # centre), into H14's city and out, the harbour: from its first stop to its last
    first, last = route["d"][1:].split("L")[0], route["d"].rsplit("L", 1)[1]
    assert route["d"].count("Q") == 1 and route["d"].count("M") == 1
    assert {tuple(route["stops"][0]), tuple(route["stops"][-1])} == {
        tuple(float(v) for v in first.split()), tuple(float(v) for v in last.split())}


# -- each rotation drawn in the lay form (the rotation param's pictures) -----------------------
def _drawn_paths(pic):
    """The picture's track read back as ends: a side of the hex (0 lower-left, clockwise:
    between its outline's corners 3+e and 4+e, the outline from the top corner clockwise)
    or a stop."""
    (hx,) = pic["hexes"]
    pts = hx["points"]
    sides = {e: ((pts[(3 + e) % 6][0] + pts[(4 + e) % 6][0]) / 2,
                 (pts[(3 + e) % 6][1] + pts[(4 + e) % 6][1]) / 2) for e in range(6)}
    stops = [(s["x"], s["y"]) for s in pic["stops"]]

    def end(x, y):
        for e, (sx, sy) in sides.items():
            if abs(sx - x) < 0.2 and abs(sy - y) < 0.2:
                return ("e", e)
        (i,) = [i for i, (sx, sy) in enumerate(stops) if abs(sx - x) < 0.2 and abs(sy - y) < 0.2]
        return ("n", i)
    out = []
    for t in pic["track"]:
        nums = [float(n) for n in re.split(r"[MLQ ]+", t["d"]) if n]
        out.append(frozenset({end(nums[0], nums[1]), end(nums[-2], nums[-1])}))
    return sorted(out, key=sorted)


def test_each_offered_rotation_is_drawn_as_the_tile_turned_so():
    from engine import contract
    from engine.core18xx.board import rotated
    g = opened()
    entry = next(a for a in g.legal_actions() if a["type"] == "lay_tile" and
                 not a.get("company"))
    contract.check_entry(entry)
    rot = entry["params"]["rotation"]
    pics = rot["pictures"]
    assert pics["field"] == "tile"
    drawn = 0
    for key, rots in rot["choices_by"]["map"].items():
        tile = key.split(",")[1]
        for r in rots:
            pic = pics["map"][tile][str(r)]
            assert pic["hexes"][0]["color"] == T.TILES[tile]["color"]
            want = sorted((frozenset(p[:2]) for p in rotated(T.MAP["tiles"][tile], r)[1]),
                          key=sorted)
            assert _drawn_paths(pic) == want, (tile, r)
            drawn += 1
    assert drawn >= 3
    # F14's only fit for #7 is rotation 4 (reference §1.2): the curve joins sides 4 and 5
    assert _drawn_paths(pics["map"]["7"]["4"]) == [frozenset({("e", 4), ("e", 5)})]


def test_a_private_lays_rotations_are_drawn_too():
    from engine import contract
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    act(g, "buy_company", "LYR", company="CW", price=150)
    entry = next(a for a in g.legal_actions() if a.get("company") == "CW")
    contract.check_entry(entry)
    rot = entry["params"]["rotation"]
    for key, rots in rot["choices_by"]["map"].items():
        tile = key.split(",")[1]
        assert {str(r) for r in rots} <= set(rot["pictures"]["map"][tile])


def test_the_checker_refuses_a_picture_of_no_choice():
    from engine import contract
    p = contract.choice("rotation", [0, 1], pictures={"field": "tile", "map": {"7": {
        "5": contract.picture(34.6, 40, [], [], [])}}})
    with pytest.raises(contract.ContractError):
        contract.check_param("rotation", p, "legal[0]")


def test_the_books_board_is_drawn_once_for_what_it_shows_and_equals_a_fresh_drawing():
    """Replaying 128097, the book's board at every version equals the board drawn afresh for
    it (the kept drawing is taken only for the same tiles, stations and phase colour)."""
    from engine import Game, records
    from engine.core18xx import board_picture as BP
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    game = Game(rec["title"], rec["players"], rec.get("seed", 0), rec.get("options"))
    kept = 0
    for n, action in enumerate(rec["actions"]):
        game.process(action, checked=False)
        if n % 7:
            continue
        board = next(s for s in game.book() if s["kind"] == "board")
        BP._DRAWN.clear()
        assert board == next(s for s in game.book() if s["kind"] == "board")
        kept += 1
    assert kept > 50
