"""1899 DAIHAN set-up (rulebook §3) and the private auction (§5), with the rulebook's own
auction example."""
import pytest

from engine.titles import TITLES
from engine.titles.title_1899_daihan import data as D
from tests.engine.helpers_1899_daihan import (acting, act, auction_to, cash, new, refused)


def test_the_title_is_registered_with_won_and_3_to_5_players():
    spec = TITLES["1899-DAIHAN"]
    assert (spec.family, spec.currency, spec.min_players, spec.max_players) == \
        ("18xx", "₩", 3, 5)
    assert spec.words == ("engine.core18xx.words", "engine.titles.title_1899_daihan.words",
                          "engine.titles.title_1899_daihan.words_provisional")
    with pytest.raises(Exception):
        new(2)


@pytest.mark.parametrize("n,each", [(3, 440), (4, 400), (5, 380)])
def test_starting_cash_comes_out_of_a_bank_of_exactly_7600(n, each):
    g = new(n)
    assert all(cash(g, p) == each for p in g.rules.players)
    assert cash(g, "bank") == 7600 - n * each
    assert g.rules.ledger.total() == 7600


def test_seating_and_priority_are_random_but_fixed_by_the_seed():
    orders = {tuple(new(5, seed=s).rules.order) for s in range(12)}
    assert len(orders) > 3                              # seats and priority holder vary
    assert new(5, seed=7).rules.order == new(5, seed=7).rules.order
    firsts = {new(4, seed=s).rules.order[0] for s in range(20)}
    assert len(firsts) > 1                              # the priority deal is dealt at random


def test_kyeongin_has_its_station_in_incheon_and_a_2_train():
    g = new(4)
    assert g.rules.board.tokens[D.INCHEON] == [("G", 0)]
    assert g.rules.kyeongin_train == "2-K"
    twos = [t for t in g.rules.depot.upcoming if t.startswith("2-")]
    assert len(twos) == 5                               # the sixth lies on Kyeongin


def test_auction_order_is_face_value_with_the_50s_shuffled_and_seoul_tram_last():
    orders = set()
    for seed in range(10):
        order = new(4, seed=seed).rules.auction_order
        assert order[4:] == ["F", "G", "A"] and sorted(order[:4]) == ["B", "C", "D", "E"]
        orders.add(tuple(order[:4]))
    assert len(orders) > 1


def _auction_at(company: str, n=4, seed=1):
    """A game whose auction has reached ``company`` (the ones before it go to the starter)."""
    g = new(n, seed=seed)
    r = g.rules.round
    while r.company != company:
        if r.high is None and acting(g) == g.rules.order[r.starter]:
            act(g, "bid", company=r.company, price=r.min_bid(g.rules))
        else:
            act(g, "pass")
    return g


def test_the_rulebooks_auction_example_p1_wins_mining_partnership_at_60():
    g = _auction_at("C", seed=3)
    r = g.rules.round
    p1 = g.rules.order[r.starter]
    i = g.rules.order.index(p1)
    p2, p3, p4 = (g.rules.order[(i + k) % 4] for k in (1, 2, 3))
    before = cash(g, p1)
    act(g, "bid", p1, company="C", price=50)          # 1. P1 bids 50 on C
    act(g, "pass", p2)                                # 2. P2 passes
    act(g, "bid", p3, company="C", price=55)          # 3. P3 bids 55
    act(g, "pass", p4)                                # 4. P4 passes
    assert acting(g) == p1                            # P2 is out: back to P1
    act(g, "bid", p1, company="C", price=60)          # 5. P1 bids 60
    events = act(g, "pass", p3)                       # 6. P3 gives up
    assert g.rules.companies["C"]["owner"] == p1      # 7. P1 wins C for 60
    assert cash(g, p1) == before - 60
    assert any(e["code"] == "private_bought" and e["params"]["price"] == 60 for e in events)
    nxt = g.rules.round.company
    assert acting(g) == p1                            # 8. the winner starts the next one
    act(g, "bid", p1, company=nxt, price=g.rules.companies[nxt]["value"])


def test_bids_below_face_or_off_the_5_step_or_on_another_private_are_refused():
    g = _auction_at("C", seed=3)
    p = acting(g)
    assert refused(g, "bid", company="C", price=45).code == "bid_too_low"
    assert refused(g, "bid", company="C", price=52).code == "bid_step"
    assert refused(g, "bid", company="A", price=50).code == "not_for_sale"
    assert refused(g, "bid", company="C", price=cash(g, p) + 5).code == "bid_over_cash"
    act(g, "bid", company="C", price=55)
    assert refused(g, "bid", company="C", price=55).code == "bid_too_low"
    assert refused(g, "bid", company="C", price=62).code == "bid_step"


def test_a_passing_player_is_out_of_that_private_only():
    g = _auction_at("C", seed=3)
    order = g.rules.order
    first = acting(g)
    act(g, "pass")                                    # first is out of C
    second = acting(g)
    act(g, "bid", company="C", price=50)
    while g.rules.round.company == "C":
        assert acting(g) != first
        act(g, "pass")
    assert g.rules.companies["C"]["owner"] == second
    assert first in order and g.rules.round.company != "C"


def test_no_bid_lowers_the_face_by_5_and_restarts_with_the_starter():
    g = _auction_at("A")                              # Seoul Tram, face 20
    starter = acting(g)
    for _ in range(4):
        act(g, "pass")
    assert g.rules.companies["A"]["discount"] == 5 and acting(g) == starter
    assert g.legal_actions()[0]["params"]["price"]["min"] == 15


def test_at_zero_the_starting_player_takes_it_and_gets_the_priority_deal():
    g = _auction_at("A")
    starter = acting(g)
    before = cash(g, starter)
    for _ in range(4 * 4):                            # 20 -> 15 -> 10 -> 5 -> 0
        act(g, "pass")
    assert g.rules.companies["A"]["owner"] == starter and cash(g, starter) == before
    assert g.rules.round.name == "stock" and g.rules.order[0] == starter


def test_the_last_privates_winner_takes_the_priority_deal():
    g = new(4, seed=5)
    o = list(g.rules.order)
    auction_to(g, {"B": o[0], "C": o[1], "D": o[2], "E": o[3], "F": o[1], "G": o[2],
                   "A": o[3]})
    assert g.rules.round.name == "stock"
    assert g.rules.order[0] == o[3] and acting(g) == o[3]
    assert [g.rules.companies[s]["owner"] for s in "BCDEFGA"] == \
        [o[0], o[1], o[2], o[3], o[1], o[2], o[3]]


def test_auction_refuses_other_actions_and_other_players():
    g = new(4)
    other = [p for p in g.rules.players if p != acting(g)][0]
    assert refused(g, "par", corporation="DR", price=70).code == "not_auction_action"
    assert refused(g, "pass", other).code == "not_your_turn"


def test_a_table_enters_its_own_train_numbers_and_goods_values_at_set_up():
    from engine import Game
    g = Game("1899-DAIHAN", ["a", "b", "c"], seed=1,
             options={"train_3_price": 200, "train_2_count": 4, "train_D_price": 1000,
                      "goods_values": "10,20,30,40,50,60"})
    depot = g.rules.depot
    assert depot.specs["3"]["price"] == 200
    assert sum(1 for t in depot.upcoming if t.startswith("2-")) == 4
    assert depot.specs["D"]["price"] == 1000 and depot.specs["D"]["discount"]["6"] == 200
    assert g.rules.goods_value() == 10
    assert g.options["train_4_price"] == 300              # the defaults are recorded
    with pytest.raises(Exception) as err:
        Game("1899-DAIHAN", ["a", "b", "c"], seed=1, options={"train_3_price": 5})
    assert getattr(err.value, "code", "") == "bad_option"
    with pytest.raises(Exception) as err:
        Game("1899-DAIHAN", ["a", "b", "c"], seed=1, options={"goods_values": "20,30"})
    assert getattr(err.value, "code", "") == "bad_option"


def test_a_table_enters_its_own_market_and_homes_at_set_up():
    from engine import Game
    market = "80 90 100p 110 120; 70 75p 80p 90p; 60 65p 70p"
    g = Game("1899-DAIHAN", ["a", "b", "c"], seed=1,
             options={"market": market, "homes": "DR=Mokpo, GR=Busan"})
    assert g.rules.market.prices == [[80, 90, 100, 110, 120], [70, 75, 80, 90],
                                     [60, 65, 70]]
    assert sorted(g.rules.market.par_prices()) == [65, 70, 75, 80, 90, 100]
    assert g.rules.corp_spec["DR"]["home"] == "Mokpo"
    assert Game("1899-DAIHAN", ["a", "b", "c"], seed=1).rules.corp_spec["DR"]["home"] == \
        "Hanseong"                                        # other games keep the defaults
    for bad in ({"market": "80 90 100p"}, {"market": "x"}, {"homes": "XX=Seoul"}):
        with pytest.raises(Exception) as err:
            Game("1899-DAIHAN", ["a", "b", "c"], seed=1, options=bad)
        assert getattr(err.value, "code", "") == "bad_option"


def test_the_book_counts_stations_left_by_par():
    from engine import Game
    from tests.engine.helpers_1899_daihan import spread_auction
    g = Game("1899-DAIHAN", ["a", "b", "c", "d"], seed=1)
    spread_auction(g)
    act(g, "par", corporation="DR", price=70)
    act(g, "par", corporation="GR", price=90)
    assert g.view()["corporations"]["DR"]["tokens_left"] == 2
    assert g.view()["corporations"]["GR"]["tokens_left"] == 3
