"""1899 DAIHAN trains and phases (rulebook §7-7, §8): the order of sale, the D-train and its
price with a scrapped train, the D bump, phases, rust, limits and scrapping, the forced
purchase and bankruptcy."""
import pytest

from engine.errors import GameError
from tests.engine.helpers_1899_daihan import (acting, act, cash, drain, fix, give_train,
                                              next_turn, operating_game, price, refused, step)


def _at_trains(g, corp="DR"):
    """``corp`` runs nothing and reaches step E."""
    if g.rules.corps[corp]["trains"]:
        act(g, "run_trains", revenues=[0] * len(g.rules.corps[corp]["trains"]))


def test_a_number_is_sold_only_after_the_previous_is_sold_out():
    g = operating_game()
    fix(g, "cash", target="DR", amount=2000)
    err = refused(g, "buy_train", train="3-0", price=180)
    assert err.code == "train_unavailable" and err.params["available"] == ["2-0"]
    drain(g, "GR", "2")
    act(g, "buy_train", train="3-0", price=180)
    assert g.rules.phase["name"] == "3"


def test_a_d_train_only_after_a_6_is_sold():
    g = operating_game()
    fix(g, "cash", target="DR", amount=3000)
    for kind in "2345":
        drain(g, "GR", kind)
    drain(g, "GR", "6", leave=2)
    fix(g, "phase", phase="5")
    err = refused(g, "buy_train", train="D-0", price=1100)
    assert err.code == "d_not_yet"
    act(g, "buy_train", train="6-0", price=630)
    assert g.rules.phase["name"] == "6"
    assert "D-0" in g.rules.depot.available() and "6-1" in g.rules.depot.available()
    next_turn(g, "DR")
    _at_trains(g)
    act(g, "buy_train", train="D-0", price=1100)
    assert g.rules.phase["name"] == "D"


def _phase6_game(cash_amount=3000):
    g = operating_game()
    if cash_amount:
        fix(g, "cash", target="DR", amount=cash_amount)
    for kind in "2345":
        drain(g, "GR", kind)
    drain(g, "GR", "6", leave=1)
    fix(g, "phase", phase="6")
    return g


def test_a_d_costs_800_when_the_company_scraps_one_of_its_trains():
    g = _phase6_game()
    act(g, "buy_train", train="6-1", price=630)
    next_turn(g, "DR")
    _at_trains(g)
    offers = [e for e in g.legal_actions() if e["type"] == "buy_train"
              and e["train"].startswith("D")]
    assert {(e["price"], e.get("exchange")) for e in offers} == {(1100, None), (800, "6-1")}
    # the rules refuse a D at ₩800 that scraps nothing (through the door a trade-in left
    # unsaid is the one ₩800 entry's own: only a record past the door can post it)
    before = g.view()
    with pytest.raises(GameError) as err:
        g.process({"type": "buy_train", "entity": "DR", "train": "D-0", "price": 800},
                  checked=False)
    assert err.value.code == "wrong_price" and g.view() == before
    act(g, "buy_train", train="D-0", price=800, exchange="6-1")
    assert g.rules.corps["DR"]["trains"] == ["D-0"] and "6-1" in g.rules.depot.rusted


def test_a_d_bought_from_the_treasury_moves_the_price_and_ends_the_game_after_the_set():
    g = _phase6_game()
    act(g, "buy_train", train="6-1", price=630)
    next_turn(g, "DR")                    # OR 1 of the next set (phase 6: three ORs)
    _at_trains(g)
    rnd = g.rules.round.round_num
    old = g.rules.market.pos["DR"]
    events = act(g, "buy_train", train="D-0", price=1100)
    codes = [e["code"] for e in events]
    assert "d_bump" in codes and "game_end_d" in codes and g.rules.d_bought
    assert g.rules.market.pos["DR"] == (old[0], old[1] + rnd)
    assert [e for e in events if e["code"] == "d_bump"][0]["params"]["spaces"] == rnd
    while not g.finished:
        assert g.rules.round.name == "operating"           # no stock round comes again
        step(g)
    assert g.rules.game_end_reason == "d_train"


def test_a_d_paid_with_the_presidents_money_does_not_move_the_price():
    g = _phase6_game(cash_amount=0)
    drain(g, "GR", "6")                   # only D-trains left; DR has no train
    money = cash(g, "DR")
    assert money < 1100
    old = g.rules.market.pos["DR"]
    fix(g, "cash", target=g.rules.shares.president["DR"], amount=1100)
    events = act(g, "buy_train", train="D-0", price=1100)
    assert "president_contributes" in [e["code"] for e in events]
    assert "d_bump" not in [e["code"] for e in events]
    assert g.rules.market.pos["DR"] == (old[0], old[1] - 1)   # only the no-train withhold


def test_phases_rust_2s_at_4_and_4s_at_d_with_their_cars():
    g = operating_game(corps=(("DR", 70), ("GR", 80)))
    for corp in ("DR", "GR"):
        give_train(g, corp)
    fix(g, "cash", target="DR", amount=3000)
    assert acting(g) == "GR"
    next_turn(g, "DR")
    _at_trains(g)
    act(g, "buy_executive_car", train=g.rules.corps["DR"]["trains"][0])
    drain(g, "PR", "2")
    events = act(g, "buy_train", train="3-0", price=180)
    assert g.rules.phase["name"] == "3"
    phase = [e for e in events if e["code"] == "phase_changed"][0]["params"]
    assert phase["operating_rounds"] == 2 and phase["tiles"] == ["yellow", "green"]
    drain(g, "PR", "3")
    events = act(g, "buy_train", train="4-0", price=300)
    codes = [e["code"] for e in events]
    assert g.rules.phase["name"] == "4" and "trains_rusted" in codes
    assert "cars_returned" in codes and g.rules.cars == {}
    assert all(not t.startswith("2-") for c in g.rules.corps.values() for t in c["trains"])
    assert g.rules.kyeongin_train is None and "kyeongin_rusted" in codes


def test_ors_per_set_change_only_from_the_next_stock_round():
    g = operating_game()
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "GR", "2")
    act(g, "buy_train", train="3-0", price=180)
    assert g.rules.round.total == 1 and g.rules.phase["operating_rounds"] == 2
    next_turn(g, "DR")
    assert g.rules.round.total == 2


def test_over_the_new_limit_the_cheapest_trains_are_scrapped_at_once():
    g = operating_game()                     # the rulebook's example: three 3s, then a 4
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "GR", "2")
    fix(g, "phase", phase="3")
    act(g, "buy_train", train="3-0", price=180)
    act(g, "buy_train", train="3-1", price=180)
    act(g, "buy_train", train="3-2", price=180)
    drain(g, "GR", "3")
    events = act(g, "buy_train", train="4-0", price=300)      # allowed just before phase 4
    assert g.rules.phase["name"] == "4" and g.rules.train_limit("DR") == 3
    assert sorted(g.rules.corps["DR"]["trains"]) == ["3-1", "3-2", "4-0"]
    scrap = [e for e in events if e["code"] == "trains_scrapped"][0]
    assert scrap["params"]["trains"] == ["3-0"]
    assert refused(g, "buy_train", train="4-1", price=300).code == "train_limit"


def test_a_forced_purchase_takes_exactly_one_trains_shortfall_from_the_president():
    g = operating_game()
    fix(g, "cash", target="DR", amount=-(cash(g, "DR") - 30))      # DR keeps ₩30
    pres = g.rules.shares.president["DR"]
    before = cash(g, pres)
    act(g, "buy_train", train="2-0", price=80)
    assert cash(g, pres) == before - 50 and cash(g, "DR") == 0


def test_forced_sales_are_the_minimum_and_keep_the_presidency_else_bankruptcy():
    g = operating_game()
    pres = g.rules.shares.president["DR"]
    for kind in "2345":
        drain(g, "GR", kind)
    fix(g, "phase", phase="5")
    fix(g, "cash", target="DR", amount=-cash(g, "DR"))
    fix(g, "cash", target=pres, amount=-cash(g, pres))
    # the president holds 50% of DR at ₩70 and may sell 30% (keeping the certificate):
    # ₩210 < ₩630
    assert g.rules.can_go_bankrupt(g.rules.round, "DR")
    assert refused(g, "sell_shares", pres, corporation="DR", percent=10).code == \
        "sale_cannot_cover"
    entries = [e["type"] for e in g.legal_actions() if e["type"] != "correction"]
    assert "bankrupt" in entries and "sell_shares" not in entries
    events = act(g, "bankrupt", "DR")
    assert g.finished and g.rules.game_end_reason == "bankrupt"
    assert pres in g.rules.bankrupt
    assert g.rules.shares.percent("DR", pres) == 50                # the selling is cancelled
    assert "bankrupt_daihan" in [e["code"] for e in events]


def test_forced_sales_that_can_cover_the_train_are_the_minimum():
    g = operating_game()
    pres = g.rules.shares.president["DR"]
    fix(g, "cash", target="DR", amount=-cash(g, "DR"))
    fix(g, "cash", target=pres, amount=-(cash(g, pres) - 20))      # needs ₩60 more
    fix(g, "share_price", corporation="DR", space="1,4")           # ₩100 a share
    sells = [e for e in g.legal_actions() if e["type"] == "sell_shares"]
    assert sells and sells[0]["params"]["percent"]["choices"] == [10]
    assert refused(g, "sell_shares", pres, corporation="DR", percent=20).code == \
        "sell_too_much"
    act(g, "sell_shares", pres, corporation="DR", percent=10)
    act(g, "buy_train", "DR", train="2-0", price=80)
    assert g.rules.corps["DR"]["trains"] == ["2-0"]
    assert price(g, "DR") < 100


def _until_acting(g, corp):
    """The companies before ``corp`` in this round do nothing much until ``corp`` acts."""
    for _ in range(50):
        if acting(g) == corp:
            return
        step(g)
    raise AssertionError(f"{corp} never acted")


def test_the_first_d_rusts_every_4_train_the_rulebooks_scrapping_example():
    # §7-7-5: "a corporation can purchase a D Train for ₩800 by scrapping a 4-Train in
    # Phase 6 ... as the game enters the D Phase, all 4-Trains owned by other corporations
    # are retired" (§7-7-4: 4s rust at D).
    g = operating_game(corps=(("DR", 70), ("GR", 80)))
    fix(g, "cash", target="DR", amount=3000)
    for kind in "23":
        drain(g, "PR", kind)
    drain(g, "PR", "4", leave=2)
    give_train(g, "GR")                                    # GR: a 4 and a 5
    dr_four = g.rules.depot.available()[0]
    give_train(g, "DR")                                    # DR: a 4 and a 6
    gr_four = g.rules.corps["GR"]["trains"][0]
    give_train(g, "GR")
    drain(g, "PR", "5")
    drain(g, "PR", "6", leave=1)
    give_train(g, "DR")
    fix(g, "phase", phase="6")
    assert [t[0] for t in g.rules.corps["GR"]["trains"]] == ["4", "5"]
    assert [t[0] for t in g.rules.corps["DR"]["trains"]] == ["4", "6"]
    _until_acting(g, "DR")
    _at_trains(g)
    events = act(g, "buy_train", train="D-0", price=800, exchange=dr_four)
    codes = [e["code"] for e in events]
    assert g.rules.phase["name"] == "D"
    assert "train_traded_in" in codes and "trains_rusted" in codes
    rust = [e for e in events if e["code"] == "trains_rusted"][0]["params"]
    assert rust["types"] == ["4"] and rust["trains"] == {"GR": [gr_four]}
    assert [t[0] for t in g.rules.corps["GR"]["trains"]] == ["5"]      # the 5 stays
    assert [t[0] for t in g.rules.corps["DR"]["trains"]] == ["6", "D"]
    assert gr_four in g.rules.depot.rusted and gr_four not in g.rules.train_owner
    assert not any(t.startswith("4-") for c in g.rules.corps.values() for t in c["trains"])


def test_3_trains_rust_with_the_first_5_a_provisional_value():
    from engine.titles.title_1899_daihan import data as D
    assert "three_train_rust" in D.PROVISIONAL                 # the rulebook does not say
    g = operating_game(corps=(("DR", 70), ("GR", 80)))
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "PR", "2")
    drain(g, "PR", "3", leave=1)
    give_train(g, "GR")                                        # GR: a 3 and a 4
    drain(g, "PR", "4", leave=1)
    give_train(g, "GR")
    fix(g, "phase", phase="4")
    assert [t[0] for t in g.rules.corps["GR"]["trains"]] == ["3", "4"]
    _until_acting(g, "DR")
    events = act(g, "buy_train", train="5-0", price=450)
    assert g.rules.phase["name"] == "5"
    rust = [e for e in events if e["code"] == "trains_rusted"][0]["params"]
    assert rust["types"] == ["3"] and list(rust["trains"]) == ["GR"]
    assert [t[0] for t in g.rules.corps["GR"]["trains"]] == ["4"]      # 4s wait for the D
    book = {i["label"]["code"] for s in g.book() if s["id"] == "provisional"
            for i in s["items"]}
    assert "book.prov.three_train_rust" in book


@pytest.mark.parametrize("or_num,spaces", [(1, 1), (2, 2), (3, 3)])
def test_the_d_bump_is_one_to_three_spaces_by_the_operating_rounds_number(or_num, spaces):
    from engine.titles.title_1899_daihan import data as D
    assert D.D_BUMP_BY_OR[or_num] == spaces and "d_bump" in D.PROVISIONAL
    g = _phase6_game()
    act(g, "buy_train", train="6-1", price=630)
    next_turn(g, "DR")                                  # OR 1 of a set of three (phase 6)
    while g.rules.round.round_num < or_num:
        next_turn(g, "DR")
    assert g.rules.round.round_num == or_num and g.rules.round.total == 3
    _at_trains(g)
    old = g.rules.market.pos["DR"]
    assert old[1] + spaces < len(g.rules.market.prices[old[0]])   # room on the row
    events = act(g, "buy_train", train="D-0", price=1100)
    bump = [e for e in events if e["code"] == "d_bump"][0]["params"]
    assert bump["spaces"] == spaces
    assert g.rules.market.pos["DR"] == (old[0], old[1] + spaces)
    assert bump["price"] == g.rules.market.prices[old[0]][old[1] + spaces]
