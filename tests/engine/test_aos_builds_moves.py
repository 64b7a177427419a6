"""Age of Steam, base rules: builds by what they are and their costs, the build limit (3, 4
with the Engineer), Urbanization, goods moves (links at most the locomotive, each link's
owner +1 income), raising the locomotive instead, and refusals that change nothing."""
import pytest

from engine.errors import GameError
from tests.engine.helpers_aos import act, fix, new, walk, who


def at_build(title="AoS-Base", n=3, engineer=False, cash=50, **options):
    g = walk(new(title, n=n, seed=7, **options), "actions")
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


@pytest.mark.parametrize("kind,cost", [("plain", 2), ("river", 3), ("mountain", 4),
                                       ("coexist_plain", 3), ("cross_mountain", 6),
                                       ("replace", 3), ("redirect", 2)])
def test_a_build_costs_its_table_price(kind, cost):
    g, p = at_build()
    act(g, "build", kind=kind)
    assert g.rules.cash[p] == 50 - cost
    assert g.rules.tiles[p] == (0 if kind in ("replace", "redirect") else 1)


def test_a_town_tile_costs_1_plus_1_an_exit():
    g, p = at_build()
    act(g, "build", kind="town", exits=3)
    assert g.rules.cash[p] == 46


def test_a_fourth_build_is_refused_with_the_state_unchanged():
    g, p = at_build()
    for _ in range(3):
        act(g, "build", kind="plain")
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain")
    assert e.value.code == "build_limit" and g.view() == before
    assert [x["type"] for x in g.legal_actions() if x.get("entity") == p] == ["build_done"]


def test_the_engineer_builds_four():
    g, p = at_build(engineer=True)
    for _ in range(4):
        act(g, "build", kind="plain")
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain")
    assert e.value.code == "build_limit" and g.rules.tiles[p] == 4


def test_a_build_over_cash_is_refused():
    g, p = at_build(cash=3)
    with pytest.raises(GameError) as e:
        act(g, "build", kind="mountain")
    assert e.value.code == "build_cash"
    entry = next(x for x in g.legal_actions() if x["type"] == "build" and "kind" not in x)
    assert set(entry["params"]["kind"]["choices"]) == {"plain", "river", "coexist_plain",
                                                       "replace", "redirect"}


def test_urbanization_places_one_new_city_before_building():
    g = walk(new(n=3, seed=7), "actions")
    p = who(g)
    act(g, "select_action", pick="urbanization")
    walk(g, "build")
    while who(g) != p:
        act(g, "build_done")
    act(g, "urbanize", colour="black")
    assert g.rules.new_cities["black"] == 3
    with pytest.raises(GameError) as e:
        act(g, "urbanize", colour="red")
    assert e.value.code == "urbanize_first"
    other = walk(new(n=3, seed=7), "build")
    with pytest.raises(GameError) as e:
        act(other, "urbanize", colour="red")
    assert e.value.code == "no_urbanization"


def at_move(n=3):
    g = walk(new(n=n, seed=8), "move")
    return g, who(g)


def test_an_older_logs_delivery_pays_each_link_owner_one_income():
    g, p = at_move()
    ids = [x["id"] for x in g.players]
    fix(g, "locomotive", p, value=3)
    other = next(q for q in ids if q != p)
    act(g, "deliver", links=3, colour="red", owners=[p, other, p])
    assert g.rules.income[p] == 2 and g.rules.income[other] == 1


def test_a_delivery_longer_than_the_locomotive_is_refused_unchanged():
    g, p = at_move()
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "move_good", colour="blue", route="1+2+")
    assert e.value.code == "chain_too_long" and g.view() == before
    assert "move_good" not in [x["type"] for x in g.legal_actions()]   # no link on the board


def test_raising_the_locomotive_instead_of_moving_is_capped_at_6():
    g, p = at_move()
    act(g, "raise_locomotive")
    assert g.rules.loco[p] == 2
    q = who(g)
    fix(g, "locomotive", q, value=6)
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "raise_locomotive")
    assert e.value.code == "loco_at_max" and g.view() == before
    assert "raise_locomotive" not in [x["type"] for x in g.legal_actions()]


def test_two_move_rounds_then_the_next_turn():
    g, p = at_move()
    for _ in range(3):
        act(g, "pass_move")
    assert g.rules.move_round == 2 and who(g) == p
    for _ in range(3):
        act(g, "pass_move")
    assert g.rules.turn == 2 and g.rules.phase == "shares"


def test_not_your_turn_and_wrong_phase_are_refused():
    g, p = at_move()
    other = next(x["id"] for x in g.players if x["id"] != p)
    with pytest.raises(GameError) as e:
        g.process({"type": "pass_move", "entity": other})
    assert e.value.code == "not_your_turn"
    with pytest.raises(GameError) as e:
        act(g, "bid", amount=1)
    assert e.value.code == "wrong_phase"


def test_a_game_that_everyone_left_names_no_winner():
    """When every player is out, the game's end names nobody (it said "님이 이깁니다" with an
    empty name), in English and Korean; with a winner it names them."""
    from engine.words import words_of
    from engine import titles
    g = new("AoS-NewZealand", 3)
    rules = g.rules
    rules.out = {p: "income" for p in rules.players}
    rules._events = []
    rules.end_game("test")
    over = next(e for e in rules._events if e.code == "game_over")
    assert "winner" not in over.params and over.message == "The game is over."
    words = words_of(titles.TITLES["AoS-NewZealand"])[0]["game_over"]
    assert "%(winner)s" not in words["en"][1] and "%(winner)s" not in words["ko"][1]
    g = new("AoS-Base", 3)               # (no victory condition to meet)
    rules = g.rules
    rules.out = {p: "income" for p in rules.players[1:]}
    rules._events = []
    rules.end_game("test")
    over = next(e for e in rules._events if e.code == "game_over")
    assert over.params["winner"] == rules.players[0]
    assert over.message == f"The game is over: {rules.pname(rules.players[0])} wins."
