"""Age of Steam: Korea (2025 revised): 2 tiles a round; North and South costs; the Engineer's
3 tiles costing $9 or less; the crossing direction by round 1-10, the wrong way refused, the
book showing this round's direction."""
import pytest

from engine.errors import GameError
from engine.titles import title_aos_korea as K
from tests.engine.helpers_aos import act, fix, new, walk, who

S2N, N2S = K.SOUTH_TO_NORTH, K.NORTH_TO_SOUTH


def at_build(engineer=False, cash=40, **options):
    g = walk(new("AoS-Korea", n=4, seed=9, **options), "actions")
    first = who(g)
    act(g, "select_action", pick="first_build")
    second = who(g)
    act(g, "select_action", pick="engineer" if engineer else "production")
    walk(g, "build")
    builder = second if engineer else first
    while who(g) != builder:
        act(g, "build_done")
    fix(g, "cash", builder, amount=cash - g.rules.cash[builder])
    return g, builder


@pytest.mark.parametrize("kind,cost", [("north_plain", 2), ("north_mountain", 3),
                                       ("south_plain", 3), ("south_mountain", 4),
                                       ("coexist_plain", 3), ("cross_river", 5), ("town", 3)])
def test_korea_costs(kind, cost):
    g, p = at_build()
    act(g, "build", kind=kind, **({"exits": 2} if kind == "town" else {}))
    assert g.rules.cash[p] == 40 - cost


def test_base_plain_is_not_a_korea_build():
    g, p = at_build()
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain")
    assert e.value.code == "bad_kind"


def test_at_most_2_tiles_a_round():
    g, p = at_build()
    act(g, "build", kind="north_plain")
    act(g, "build", kind="south_plain")
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "build", kind="north_plain")
    assert e.value.code == "korea_tile_limit" and g.view() == before


def test_the_engineer_lays_3_tiles_costing_9():
    g, p = at_build(engineer=True)
    act(g, "build", kind="south_mountain")
    act(g, "build", kind="north_mountain")
    act(g, "build", kind="north_plain")                 # 4 + 3 + 2 = $9
    assert g.rules.cash[p] == 31 and g.rules.tiles[p] == 3
    with pytest.raises(GameError) as e:
        act(g, "build", kind="north_plain")
    assert e.value.code == "korea_tile_limit"


def test_the_engineer_may_not_reach_10():
    g, p = at_build(engineer=True)
    act(g, "build", kind="south_mountain")
    act(g, "build", kind="south_mountain")              # $8
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "build", kind="north_plain")             # would be $10
    assert e.value.code == "korea_engineer_budget" and g.view() == before
    # $1 left in the budget: nothing costs that little, so only "done" is offered
    assert [x["type"] for x in g.legal_actions() if x.get("entity") == p] == ["build_done"]


def test_without_the_engineer_the_budget_does_not_apply():
    g, p = at_build()
    act(g, "build", kind="cross_mountain")
    act(g, "build", kind="cross_mountain")              # $12 in 2 tiles
    assert g.rules.cash[p] == 28


EXPECTED = {1: [S2N], 2: [N2S], 3: [], 4: [S2N], 5: [N2S], 6: [], 7: [S2N], 8: [N2S], 9: [],
            10: [S2N, N2S]}
WAY = {1: "south_to_north", 2: "north_to_south", 3: "closed", 10: "both"}


def test_the_direction_of_each_round():
    for turn, allowed in EXPECTED.items():
        assert K.allowed_crossings(turn) == allowed, turn
    assert [K.direction(t) for t in (1, 2, 3, 10)] == [WAY[t] for t in (1, 2, 3, 10)]


def test_crossing_in_play_every_round_of_ten():
    """One link from Seoul (South) to Kaesong (North): each round the engine offers the way
    the round allows, decides the crossing from the places' halves, and refuses the other
    way with the round's direction."""
    g = walk(new("AoS-Korea", n=4, seed=3, length="ten"), "build")
    assert g.rules.length == 10
    act(g, "build", kind="south_plain", link="Seoul")            # Seoul: South, by the tile
    act(g, "build", kind="north_plain", link="#1", reaches="Kaesong")   # Kaesong: North
    reg = g.rules.register
    assert (reg.region("Seoul"), reg.region("Kaesong")) == ("south", "north")
    ways = {S2N: "1+", N2S: "1-"}
    for turn in range(1, 11):
        walk(g, "move", turn=turn)
        p = who(g)
        for q in g.rules.active():
            fix(g, "income", q, value=3)                   # keep them in the game
        entry = next((x for x in g.legal_actions() if x["type"] == "move_good"), None)
        offered = entry["params"]["route"]["choices"] if entry else []
        assert sorted(offered) == sorted(ways[w] for w in EXPECTED[turn]), turn
        fact = next(i for i in g.book()[0]["items"] if i["label"]["code"] == "korea.fact.crossing")
        assert fact["value"]["v"]["code"] == f"korea.direction.{K.direction(turn)}"
        for way in (S2N, N2S):
            if way in EXPECTED[turn]:
                continue
            before = g.view()
            with pytest.raises(GameError) as e:
                act(g, "move_good", colour="red", route=ways[way])
            assert e.value.code == "crossing_closed" and g.view() == before, (turn, way)
        if EXPECTED[turn]:
            owner = reg.links[1]["owner"]
            before = g.rules.income[owner]
            act(g, "move_good", colour="red", route=ways[EXPECTED[turn][0]])
            assert g.rules.income[owner] == before + 1
    walk(g)
    assert g.finished and g.rules.turn == 11


def test_length_is_the_base_games_by_default():
    assert new("AoS-Korea", n=4).rules.length == 8
    assert new("AoS-Korea", n=5).rules.length == 7


def test_player_count_is_4_or_5():
    for n in (3, 6):
        with pytest.raises(GameError) as e:
            new("AoS-Korea", n=n)
        assert e.value.code == "player_count"


def test_an_older_logs_typed_delivery_still_replays():
    g = walk(new("AoS-Korea", n=4, seed=3), "move")
    # an older log's delivery (typed owners and crossing) is applied when replayed
    # unchecked, and the rules still refuse one that does not say whether it crosses
    with pytest.raises(GameError) as e:
        g.process({"type": "deliver", "entity": who(g), "links": 1, "colour": "red",
                   "owner_1": who(g)}, checked=False)
    assert e.value.code == "bad_crossing"
    p = who(g)
    g.process({"type": "deliver", "entity": p, "links": 1, "colour": "red", "owner_1": p,
               "crossing": "none"}, checked=False)
    assert g.rules.income[p] == 1
    again = new("AoS-Korea", n=4, seed=3)
    for a in g.effective:
        again.process(a, checked=False)
    assert again.view() == g.view()
    # posted now, the typed form is not offered: a delivery is a chain of links
    with pytest.raises(GameError) as e:
        g.process({"type": "deliver", "entity": who(g), "links": 1, "colour": "red",
                   "owner_1": who(g), "crossing": "none"})
    assert e.value.code == "not_offered"
