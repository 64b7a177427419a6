"""1899 DAIHAN operating rounds (rulebook §7): privates and Kyeongin pay first, the order,
track, stations, the run entered per train with goods, executive cars, dividends on the
2-D market."""
import pytest

from engine.errors import GameError

from tests.engine.helpers_1899_daihan import (acting, act, cash, end_sr, fix, give_train,
                                              new, next_turn, operating_game, price, refused,
                                              spread_auction)


def _lay_home(g, corp):
    act(g, "lay_tile", corp, hex=g.rules.corp_spec[corp]["home"], tile="57", rotation=0)


def test_privates_pay_first_and_kyeongins_owner_gets_half_its_run():
    g = new(4, seed=1)
    spread_auction(g)
    owner = g.rules.companies["G"]["owner"]
    end_sr(g)
    assert g.rules.round.name == "operating" and acting(g) == owner
    before, bank = cash(g, owner), cash(g, "bank")
    assert refused(g, "pass").code == "kyeongin_first"
    events = act(g, "kyeongin_run", revenue=50)
    assert cash(g, owner) == before + 25 and cash(g, "bank") == bank - 25
    assert any(e["code"] == "kyeongin_paid" and e["params"]["amount"] == 25 for e in events)
    assert refused(g, "kyeongin_run", owner, revenue=-10).code in ("kyeongin_revenue",
                                                                   "not_your_turn")


def test_the_privates_revenue_is_paid_at_the_start_of_each_operating_round():
    g = new(4, seed=1)
    spread_auction(g)
    owners = {s: c["owner"] for s, c in g.rules.companies.items()}
    before = {p: cash(g, p) for p in g.rules.players}
    end_sr(g)
    events = True
    paid = {p: 0 for p in g.rules.players}
    for s, o in owners.items():
        paid[o] += g.rules.companies[s]["revenue"]
    assert {p: cash(g, p) - before[p] for p in g.rules.players} == paid
    assert events


def test_companies_operate_in_descending_price_ties_to_the_rightmost_then_first_come():
    g = operating_game(corps=(("DR", 70), ("GR", 80), ("PR", 65)))
    assert g.rules.round.order == ["GR", "DR", "PR"]
    fix(g, "share_price", corporation="DR", space="3,4")     # 80, further right
    assert g.rules.market.price("DR") == g.rules.market.price("GR") == 80
    assert g.rules.operating_order_all() == ["DR", "GR", "PR"]
    fix(g, "share_price", corporation="PR", space="3,4")     # arrives after DR
    order = g.rules.operating_order_all()
    assert order.index("DR") < order.index("PR") < order.index("GR")


def test_the_home_hex_is_built_first_with_a_city_tile():
    g = operating_game()
    corp = acting(g)
    assert corp == "DR"
    entry = [e for e in g.legal_actions() if e["type"] == "lay_tile"][0]
    assert entry["params"]["hex"]["choices"] == ["Hanseong"]
    assert refused(g, "lay_tile", hex="E5", tile="7", rotation=0).code == "home_first"
    assert refused(g, "lay_tile", hex="Hanseong", tile="7", rotation=0).code == \
        "wrong_feature"
    assert refused(g, "lay_tile", hex="Hanseong", tile="14", rotation=0).code == \
        "tile_color_unavailable"
    events = act(g, "lay_tile", hex="Hanseong", tile="57", rotation=0)
    assert g.rules.board.laid["Hanseong"] == ("57", 0)
    assert any(e["code"] == "tile_laid" for e in events)
    assert refused(g, "lay_tile", hex="E5", tile="7", rotation=0).code == "track_done"


def test_mountain_and_river_lays_cost_80_upgrades_are_free():
    g = operating_game()
    _lay_home(g, "DR")
    give_train(g, "DR")
    next_turn(g, "DR")
    money = cash(g, "DR")
    act(g, "lay_tile", hex="E5", tile="8", rotation=1, terrain="mountain_river")
    assert cash(g, "DR") == money - 80
    fix(g, "phase", phase="3")
    next_turn(g, "DR")
    money = cash(g, "DR")
    assert refused(g, "lay_tile", hex="E5", tile="20", rotation=0).code == "not_an_upgrade"
    act(g, "lay_tile", hex="E5", tile="16", rotation=0, terrain="mountain_river")
    assert cash(g, "DR") == money and g.rules.board.laid["E5"][0] == "16"


def test_stations_home_free_then_40_one_per_round_never_more_than_the_par_allows():
    g = operating_game()                                  # DR, par 70: two stations
    assert g.rules.corps["DR"]["tokens"] == [("Hanseong", 0)]
    assert g.rules.board.tokens["Hanseong"] == [("DR", 0)]
    _lay_home(g, "DR")
    assert refused(g, "place_token", hex="Kaesong").code == "home_station_this_round"
    give_train(g, "DR")
    next_turn(g, "DR")
    assert refused(g, "place_token", hex="Busan").code == "home_reserved"
    money = cash(g, "DR")
    act(g, "place_token", hex="E7")
    assert cash(g, "DR") == money - 40
    assert refused(g, "place_token", hex="E9").code in ("token_done", "no_stations_left")
    next_turn(g, "DR")
    err = refused(g, "place_token", hex="E9")             # a third (and so a fourth) station
    assert err.code == "no_stations_left" and err.params["allowed"] == 2
    assert not [e for e in g.legal_actions() if e["type"] == "place_token"]


def test_a_city_with_its_spaces_taken_refuses_a_station():
    g = operating_game(corps=(("DR", 80), ("GR", 80)))
    next_turn(g, "DR") if acting(g) != "DR" else None
    give_train(g, "DR")
    give_train(g, "GR")
    fix(g, "token", op="add", corporation="GR", hex="Hanseong", city=1)
    next_turn(g, "DR")
    next_turn(g, "GR")
    assert refused(g, "place_token", hex="Hanseong").code == "token_there"
    g2 = operating_game(corps=(("GR", 80), ("DR", 80)))
    give_train(g2, "GR")
    give_train(g2, "DR")
    next_turn(g2, "GR")
    act(g2, "place_token", hex="Hanseong")                # the second of two spaces
    next_turn(g2, "GR")
    assert refused(g2, "place_token", hex="Hanseong").code == "token_there"
    assert len(g2.rules.board.tokens["Hanseong"]) == 2


def test_the_run_is_entered_per_train_with_goods_and_paid_out_moves_right():
    g = operating_game()
    give_train(g, "DR")
    give_train(g, "DR")
    p = g.rules.shares.president["DR"]
    entry = [e for e in g.legal_actions() if e["type"] == "run_trains"][0]
    assert entry["params"]["revenues"]["kind"] == "list"
    assert entry["params"]["goods"]["kind"] == "number"
    fix(g, "shares", corporation="DR", source="ipo", to="pool", percent=10)
    held = g.rules.shares.percent("DR", p)
    before_p, before_corp, old = cash(g, p), cash(g, "DR"), price(g, "DR")
    events = act(g, "run_trains", revenues=[30, 40], goods=2)
    assert g.rules.round.revenue[0] == 30 + 40 + 2 * 20
    assert any(e["code"] == "goods_delivered" for e in events)
    act(g, "dividend", kind="payout")
    assert cash(g, p) == before_p + 110 * held // 100
    assert cash(g, "DR") == before_corp + 11                  # the market share pays DR
    assert g.rules.shares.percent("DR", "ipo") == 40          # IPO shares pay nobody
    assert price(g, "DR") > old and g.rules.market.pos["DR"] == (4, 4)


def test_withholding_moves_left_and_down_at_the_left_end():
    g = operating_game(corps=(("DR", 65),))
    give_train(g, "DR")
    assert g.rules.market.pos["DR"] == (5, 3)
    money = cash(g, "DR")
    act(g, "run_trains", revenues=[50], goods=0)
    act(g, "dividend", kind="withhold")
    assert cash(g, "DR") == money + 50 and g.rules.market.pos["DR"] == (5, 2)
    fix(g, "share_price", corporation="DR", space="5,0")
    next_turn(g, "DR")
    act(g, "run_trains", revenues=[50], goods=0)
    act(g, "dividend", kind="withhold")
    assert g.rules.market.pos["DR"] == (6, 0)                 # down at the left end


def test_no_train_means_withheld_and_a_move_left_then_a_train_must_be_bought():
    g = operating_game()
    old = g.rules.market.pos["DR"]
    assert refused(g, "pass").code == "must_buy_train"
    act(g, "buy_train", train="2-0", price=80)
    assert g.rules.market.pos["DR"] == (old[0], old[1] - 1)
    assert g.rules.corps["DR"]["trains"] == ["2-0"]


def test_a_parred_company_that_has_not_floated_moves_left_each_operating_round():
    g = new(4, seed=1)
    spread_auction(g)
    act(g, "par", corporation="DR", price=70)
    assert g.rules.market.pos["DR"] == (4, 3)
    turn = g.rules.turn
    events = []
    while g.rules.turn == turn:
        events += act(g, "pass") if g.rules.round.name == "stock" else \
            act(g, "kyeongin_run", revenue=0)
    assert g.rules.market.pos["DR"] == (4, 2)
    assert any(e["code"] == "unfloated_moves_left" for e in events)


def test_executive_cars_one_per_train_bought_in_step_e():
    g = operating_game()
    give_train(g, "DR")
    assert not [e for e in g.legal_actions() if e["type"] == "buy_executive_car"]
    assert refused(g, "buy_executive_car", train="2-0").code == "run_first"
    act(g, "run_trains", revenues=[20], goods=0)
    act(g, "dividend", kind="withhold")
    entry = [e for e in g.legal_actions() if e["type"] == "buy_executive_car"][0]
    assert entry["params"]["train"]["choices"] == ["2-0"] and entry["price"] == 50
    money = cash(g, "DR")
    act(g, "buy_executive_car", train="2-0")
    assert cash(g, "DR") == money - 50 and g.rules.cars == {"2-0": True}
    assert g.rules.cars_left() == 11
    assert refused(g, "buy_executive_car", train="2-0").code == "car_there"
    assert refused(g, "buy_executive_car", train="3-0").code == "not_your_train"
    next_turn(g, "DR")
    run = [e for e in g.legal_actions() if e["type"] == "run_trains"][0]
    assert any(s["label"]["code"] == "field.cars" for s in run["show"])


def test_the_executive_car_price_is_an_option():
    g = operating_game()
    assert g.rules.car_price() == 50
    from engine import Game
    g2 = Game("1899-DAIHAN", ["a", "b", "c"], seed=1, options={"executive_car_price": 80})
    assert g2.rules.car_price() == 80


def _paid_from(space):
    """DR, with one train, at market ``space`` ("row,col"), pays out a ₩50 run; its new
    space and the events."""
    g = operating_game()
    give_train(g, "DR")
    fix(g, "share_price", corporation="DR", space=space)
    act(g, "run_trains", revenues=[50], goods=0)
    events = act(g, "dividend", kind="payout")
    return g, events


@pytest.mark.parametrize("row", range(1, 8))
def test_paying_at_the_end_of_a_row_moves_up_on_the_grid(row):
    from engine.titles.title_1899_daihan import data as D
    end = len(D.MARKET[row]) - 1
    g, events = _paid_from(f"{row},{end}")
    assert g.rules.market.pos["DR"] == (row - 1, end)        # right is blocked: up a row
    assert price(g, "DR") == int(D.MARKET[row - 1][end]) > int(D.MARKET[row][end])
    moved = [e for e in events if e["code"] == "price_moved"][0]["params"]
    assert (moved["old_price"], moved["price"]) == (int(D.MARKET[row][end]), price(g, "DR"))


def test_paying_moves_right_along_a_row_and_stays_at_the_top_right_corner():
    g, _ = _paid_from("2,10")                               # 170 -> 190, same row
    assert g.rules.market.pos["DR"] == (2, 11) and price(g, "DR") == 190
    g, events = _paid_from("0,17")                          # ₩450: nowhere further
    assert g.rules.market.pos["DR"] == (0, 17) and price(g, "DR") == 450
    assert not [e for e in events if e["code"] == "price_moved"]


@pytest.mark.parametrize("phase,value", [("2", 20), ("3", 30), ("4", 40), ("5", 60),
                                         ("6", 80), ("D", 80)])
def test_goods_are_worth_the_phases_value_per_delivery(phase, value):
    from engine.titles.title_1899_daihan import data as D
    assert D.GOODS_VALUE[phase] == value and "goods" in D.PROVISIONAL
    g = operating_game()
    give_train(g, "DR")
    fix(g, "phase", phase=phase)
    run = [e for e in g.legal_actions() if e["type"] == "run_trains"][0]
    shown = [s for s in run["show"] if s["label"]["code"] == "field.goods_rule"][0]
    assert shown["value"]["v"]["params"]["amount"] == value
    assert run["params"]["goods"]["label"]["params"]["amount"] == value
    events = act(g, "run_trains", revenues=[40], goods=3)
    assert g.rules.round.revenue[0] == 40 + 3 * value
    goods = [e for e in events if e["code"] == "goods_delivered"][0]["params"]
    assert goods["amount"] == 3 * value and goods["count"] == 3


def test_a_tables_own_goods_values_apply_by_phase():
    from engine import Game
    g = Game("1899-DAIHAN", ["a", "b", "c", "d"], seed=1,
             options={"goods_values": "10,25,45,70,90,100"})
    for phase, value in zip(("2", "3", "4", "5", "6", "D"), (10, 25, 45, 70, 90, 100)):
        fix(g, "phase", phase=phase)
        assert g.rules.goods_value() == value


def _to_next_operating_round(g):
    """Take empty steps until the next operating round has started: its events."""
    turn, events = g.rules.turn, []
    while not (g.rules.round.name == "operating" and g.rules.turn > turn):
        who = acting(g)
        legal = {e["type"] for e in g.legal_actions() if e.get("entity") == who}
        if "run_trains" in legal or "buy_train" in legal:
            give = "run_trains" in legal
            events += act(g, "run_trains", revenues=[0] * len(g.rules.corps[who]["trains"])) \
                if give else act(g, "buy_train", train=g.rules.depot.available()[0],
                                 price=g.rules.depot.price(g.rules.depot.available()[0]))
        elif "dividend" in legal:
            events += act(g, "dividend", kind="withhold")
        else:
            events += act(g, "pass")
    return events


def test_kyeongins_run_is_paid_again_without_a_step_while_its_tiles_and_phase_stay():
    g = operating_game(kyeongin=60)
    owner = g.rules.companies["G"]["owner"]
    money = cash(g, owner)
    events = _to_next_operating_round(g)
    assert not g.rules.round.kyeongin_owner and acting(g) == "DR"       # no step of its own
    paid = [e for e in events if e["code"] == "kyeongin_paid_again"]
    assert len(paid) == 1 and {k: paid[0]["params"][k] for k in ("player", "revenue",
                                                               "amount")} == \
        {"player": owner, "revenue": 60, "amount": 30}
    others = sum(c["revenue"] for c in g.rules.companies.values() if c["owner"] == owner)
    assert paid[0]["board"] and cash(g, owner) == money + 30 + others
    assert refused(g, "kyeongin_run", owner, revenue=60).code == "not_offered"


def test_kyeongins_run_is_asked_again_after_hanseongs_tile_changes():
    g = operating_game(kyeongin=60)
    _lay_home(g, "DR")                                    # DR's home is Hanseong
    events = _to_next_operating_round(g)
    owner = g.rules.companies["G"]["owner"]
    assert g.rules.round.kyeongin_owner == owner and acting(g) == owner
    assert not [e for e in events if e["code"] == "kyeongin_paid_again"]
    entry = next(e for e in g.legal_actions() if e["type"] == "kyeongin_run")
    assert entry["params"]["revenue"]["default"] == 60
    assert entry["show"][0]["value"]["v"]["code"] == "field.kyeongin_changed"
    act(g, "kyeongin_run", revenue=80)
    assert g.rules.kyeongin_last == {"revenue": 80, "basis": g.rules.kyeongin_basis()}


def test_a_book_that_entered_kyeongins_run_every_round_replays_to_the_same_money():
    """A table's log kept before (Kyeongin's run entered in every round) is replayed
    unchecked: the run entered just after it was paid again replaces it."""
    g = operating_game(kyeongin=60)
    owner = g.rules.companies["G"]["owner"]
    _to_next_operating_round(g)
    money, bank = cash(g, owner), cash(g, "bank")

    def replay(revenue):
        return g.process({"type": "kyeongin_run", "entity": owner, "revenue": revenue},
                         checked=False)
    with pytest.raises(GameError) as err:
        replay(-5)
    assert err.value.code == "kyeongin_revenue" and cash(g, owner) == money
    events = replay(80)
    assert cash(g, owner) == money - 30 + 40 and cash(g, "bank") == bank + 30 - 40
    assert [e["code"] for e in events] == ["kyeongin_paid", "kyeongin_paid_back"]
    assert all(e.get("board") for e in events)
    with pytest.raises(GameError):
        replay(80)                              # once, before anything else of the round
    assert acting(g) == "DR" and g.rules.kyeongin_last["revenue"] == 80
