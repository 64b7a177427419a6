"""1899 DAIHAN stock rounds (rulebook §6): par, buying, selling, presidency, limits, floating,
the round's end, and Park Ki-jong's exchange (§10-F)."""
import pytest

from tests.engine.helpers_1899_daihan import (acting, act, auction_to, cash, end_sr, fix,
                                              new, price, refused, sr_turn)


def in_sr(n=4, seed=1):
    """A game in its first stock round; the privates spread over the players."""
    g = new(n, seed=seed)
    o = list(g.rules.order)
    auction_to(g, {"B": o[0], "C": o[1 % n], "D": o[2 % n], "E": o[3 % n], "F": o[0],
                   "G": o[1], "A": o[2]})
    return g


def test_par_is_one_of_the_six_prices_and_pays_twice_par_to_the_bank():
    g = in_sr()
    p = acting(g)
    err = refused(g, "par", corporation="DR", price=60)
    assert err.code == "bad_par" and err.params["prices"] == [100, 90, 80, 75, 70, 65]
    assert refused(g, "par", corporation="DR", price=85).code == "bad_par"
    bank, mine = cash(g, "bank"), cash(g, p)
    act(g, "par", corporation="DR", price=70)
    assert cash(g, p) == mine - 140 and cash(g, "bank") == bank + 140
    assert g.rules.shares.percent("DR", p) == 20 and g.rules.shares.president["DR"] == p
    assert price(g, "DR") == 70 and cash(g, "DR") == 0


def test_ipo_shares_cost_par_and_market_shares_the_current_price_both_to_the_bank():
    g = in_sr()
    a = acting(g)
    act(g, "par", corporation="DR", price=75)
    b = acting(g)
    bank = cash(g, "bank")
    act(g, "buy_shares", corporation="DR", source="ipo")
    assert cash(g, "bank") == bank + 75
    fix(g, "share_price", corporation="DR", space="2,5")          # ₩100 on the grid
    fix(g, "shares", corporation="DR", source="ipo", to="pool", percent=10)
    c = acting(g)
    mine, bank = cash(g, c), cash(g, "bank")
    act(g, "buy_shares", corporation="DR", source="pool")
    assert cash(g, c) == mine - 100 and cash(g, "bank") == bank + 100
    assert a != b != c


def test_one_share_per_turn_the_turn_moves_on():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    assert acting(g) != p
    assert refused(g, "buy_shares", p, corporation="DR", source="ipo").code == "not_your_turn"


def test_no_buying_back_a_company_sold_this_round():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    end_sr(g)
    while g.rules.round.name != "stock":
        act(g, "pass") if g.rules.round.name == "stock" else _finish_or(g)
    fix(g, "shares", corporation="DR", source="ipo", to=p, percent=10)
    sr_turn(g, p, "sell_shares", corporation="DR", percent=10)
    err = refused(g, "buy_shares", p, corporation="DR", source="ipo")
    assert err.code == "bought_after_sold"


def _finish_or(g):
    """Operating companies do nothing but what they must (a forced purchase)."""
    legal = [e for e in g.legal_actions() if e["type"] not in ("correction", "undo", "redo")]
    kinds = {e["type"]: e for e in legal}
    for kind in ("kyeongin_run", "run_trains", "dividend", "buy_train", "pass"):
        if kind in kinds:
            e = kinds[kind]
            fields = {k: v for k, v in e.items() if k not in ("type", "entity", "label",
                                                              "params", "show")}
            for name, p in e["params"].items():
                fields[name] = p.get("default", p.get("min", (p.get("choices") or [None])[0]))
                if p["kind"] == "list":
                    fields[name] = [0] * len(p["items"])
            act(g, kind, e["entity"], **fields)
            return
    raise AssertionError(f"nothing to do: {[e['type'] for e in legal]}")


def test_shares_bought_this_round_are_not_sold_in_it_older_ones_are():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    b = acting(g)
    act(g, "buy_shares", corporation="DR", source="ipo")
    while acting(g) != b:
        act(g, "pass")
    err = refused(g, "sell_shares", b, corporation="DR", percent=10)
    assert err.code == "sold_bought_this_round" and err.params["bought"] == 10
    assert not any(e["type"] == "sell_shares" and e["entity"] == b
                   for e in g.legal_actions())
    end_sr(g)
    while g.rules.round.name != "stock":
        _finish_or(g)
    sr_turn(g, b, "sell_shares", corporation="DR", percent=10)    # next round: fine
    assert g.rules.shares.percent("DR", "pool") == 10
    assert p in g.rules.players


def test_at_most_five_shares_in_the_open_market():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    fix(g, "shares", corporation="DR", source="ipo", to="pool", percent=50)
    b = [x for x in g.rules.order if x != p][0]
    fix(g, "shares", corporation="DR", source="ipo", to=b, percent=10)
    g.rules.sr_bought = {}                   # held from an earlier round, for this test
    while acting(g) != b:
        act(g, "pass")
    err = refused(g, "sell_shares", corporation="DR", percent=10)
    assert err.code == "pool_full"
    assert "50%" in err.message


def test_the_presidents_certificate_goes_to_the_market_only_by_the_swap():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    end_sr(g)
    while g.rules.round.name != "stock":
        _finish_or(g)
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "sell_shares", corporation="DR", percent=20).code == "president_cert"
    others = [x for x in g.rules.order if x != p]
    fix(g, "shares", corporation="DR", source="ipo", to=others[0], percent=20)
    act(g, "sell_shares", corporation="DR", percent=20)
    assert g.rules.shares.president["DR"] == others[0]
    assert g.rules.shares.percent("DR", "pool") == 20


def test_presidency_ties_go_to_the_nearest_clockwise_from_the_seller_with_two_shares():
    g = in_sr()
    o = g.rules.order
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    fix(g, "shares", corporation="DR", source="ipo", to=p, percent=10)   # p holds 30%
    i = o.index(p)
    near, far = o[(i + 1) % 4], o[(i + 2) % 4]
    fix(g, "shares", corporation="DR", source="ipo", to=far, percent=20)
    fix(g, "shares", corporation="DR", source="ipo", to=near, percent=20)
    g.rules.sr_bought = {}
    end_sr(g)
    while g.rules.round.name != "stock":
        _finish_or(g)
    sr_turn(g, p, "sell_shares", corporation="DR", percent=20)
    assert g.rules.shares.president["DR"] == near


def test_another_player_with_more_shares_takes_the_presidency_at_once():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    other = acting(g)
    fix(g, "shares", corporation="DR", source="ipo", to=other, percent=20)
    assert g.rules.shares.president["DR"] == p
    events = act(g, "buy_shares", corporation="DR", source="ipo")
    assert g.rules.shares.president["DR"] == other
    assert any(e["code"] == "president_changed" for e in events)


def _fill_certs(g, p, upto):
    """Give ``p`` shares, a certificate at a time, until ``p`` holds ``upto`` certificates."""
    for corp in ("GR", "PR", "BR", "HR", "YR", "RR"):
        while g.rules.cert_count(p) < upto and g.rules.shares.percent(corp, "ipo") > 50:
            fix(g, "shares", corporation=corp, source="ipo", to=p, percent=10)
    g.rules.sr_bought = {}                   # held from an earlier round, for these tests
    assert g.rules.cert_count(p) == upto


@pytest.mark.parametrize("n,limit", [(3, 20), (4, 16), (5, 13)])
def test_certificate_limits_count_the_presidents_certificate_as_one(n, limit):
    g = in_sr(n)
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    assert g.rules.cert_count(p) == 1 and g.rules.shares.percent("DR", p) == 20
    assert g.rules.cert_limit() == limit
    _fill_certs(g, p, limit)
    fix(g, "cash", target=p, amount=500)
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "par", corporation="FL", price=70).code == "cert_limit"
    assert refused(g, "buy_shares", corporation="DR", source="ipo").code == "cert_limit"


def test_over_the_limit_a_player_must_sell_first():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    for corp in ("GR", "PR", "BR"):                  # the others start companies
        act(g, "par", corporation=corp, price=65)
    _fill_certs(g, p, 17)
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "pass").code == "must_sell"
    assert {e["type"] for e in g.legal_actions() if e.get("entity") == p} == {"sell_shares"}


def test_the_round_ends_when_all_pass_in_a_row_priority_left_of_the_last_actor():
    g = in_sr()
    o = list(g.rules.order)
    act(g, "pass")
    second = acting(g)
    act(g, "par", corporation="DR", price=70)
    for _ in range(3):
        act(g, "pass")
    assert g.rules.round.name == "stock"
    act(g, "pass")                                   # the fourth pass in a row
    assert g.rules.round.name != "stock"
    i = o.index(second)
    assert g.rules.order[0] == o[(i + 1) % 4]


def test_a_company_floats_with_five_shares_left_in_the_ipo_and_gets_ten_times_par():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="GR", price=80)
    buyers = [x for x in g.rules.order]
    bank = cash(g, "bank")
    for _ in range(2):
        sr_turn(g, buyers[1], "buy_shares", corporation="GR", source="ipo")
    assert not g.rules.corps["GR"]["floated"]
    events = sr_turn(g, buyers[2], "buy_shares", corporation="GR", source="ipo")
    assert g.rules.corps["GR"]["floated"] and cash(g, "GR") == 800
    assert g.rules.shares.percent("GR", "ipo") == 50
    assert cash(g, "bank") == bank + 3 * 80 - 800
    assert any(e["code"] == "company_floated" for e in events)
    assert g.rules.stations_allowed("GR") == 3
    assert p == buyers[0]


@pytest.mark.parametrize("par,stations", [(65, 2), (70, 2), (75, 2), (80, 3), (90, 3),
                                           (100, 3)])
def test_stations_by_par(par, stations):
    g = in_sr()
    act(g, "par", corporation="DR", price=par)
    assert g.rules.stations_allowed("DR") == stations


def test_a_sold_out_company_rises_one_space_at_the_end_of_the_round():
    g = in_sr()
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    fix(g, "shares", corporation="DR", source="ipo", to=p, percent=80)
    assert g.rules.corps["DR"]["floated"]
    end_sr(g)
    assert price(g, "DR") == 75                        # up one row on the grid (70 -> 75)


def test_park_ki_jong_exchanges_for_a_buha_or_yeongnam_ipo_share_before_acting():
    g = in_sr()
    owner = g.rules.companies["F"]["owner"]
    sr_turn(g, [x for x in g.rules.order if x != owner][0], "par", corporation="BR", price=70)
    while acting(g) != owner:
        act(g, "pass")
    entry = [e for e in g.legal_actions() if e["type"] == "exchange"]
    assert entry and entry[0]["params"]["corporation"]["choices"] == ["BR"]
    assert refused(g, "exchange", company="F", corporation="DR").code == "park_share"
    assert refused(g, "exchange", company="F", corporation="YR").code == "not_parred"
    events = act(g, "exchange", company="F", corporation="BR")
    assert g.rules.companies["F"]["closed"] and g.rules.shares.percent("BR", owner) == 10
    assert any(e["code"] == "park_exchanged" for e in events)
    assert acting(g) == owner                          # a pre-action: the turn goes on
    act(g, "par", corporation="DR", price=65)
    assert acting(g) != owner


def test_a_tie_of_one_share_holders_gives_nobody_the_presidency_so_the_sale_is_refused():
    # §6-4: ties go to the nearest clockwise from the seller "as long as they hold at least
    # two shares". p (30%) selling 20% would leave p, the next seat and the one after at 10%
    # each: the next seat is nearest but holds one share, so nobody can take the president's
    # certificate and it cannot go to the market (§6-3-1).
    g = in_sr()
    o = g.rules.order
    p = acting(g)
    act(g, "par", corporation="DR", price=70)
    i = o.index(p)
    near, far = o[(i + 1) % 4], o[(i + 2) % 4]
    fix(g, "shares", corporation="DR", source="ipo", to=p, percent=10)
    fix(g, "shares", corporation="DR", source="ipo", to=near, percent=10)
    fix(g, "shares", corporation="DR", source="ipo", to=far, percent=10)
    end_sr(g)
    while g.rules.round.name != "stock":
        _finish_or(g)
    while acting(g) != p:
        act(g, "pass")
    sells = [e for e in g.legal_actions() if e["type"] == "sell_shares"
             and e["corporation"] == "DR"]
    assert sells[0]["params"]["percent"]["choices"] == [10]
    for pct in (20, 30):
        assert refused(g, "sell_shares", corporation="DR", percent=pct).code == \
            "president_cert"
    assert g.rules.shares.president["DR"] == p
    # the same sale once ``far`` holds two shares: ``far`` takes it, though ``near`` is nearer
    fix(g, "shares", corporation="DR", source="ipo", to=far, percent=10)
    act(g, "sell_shares", corporation="DR", percent=20)
    assert g.rules.shares.president["DR"] == far
    assert g.rules.shares.percent("DR", far) == 20 and g.rules.shares.percent("DR", p) == 10


def _to_next_sr(g):
    end_sr(g)
    while g.rules.round.name != "stock":
        _finish_or(g)


def test_over_the_limit_through_a_presidency_change_means_selling_on_the_next_turn():
    # §6-5: p reaches the limit of 16 by buying; q then outbuys p in DR, the president's
    # certificate is swapped for two shares and p holds 17: p must sell on the next turn.
    g = in_sr()
    o = list(g.rules.order)
    p, q = o[0], o[1]
    fix(g, "cash", target=p, amount=2000)
    fix(g, "cash", target=q, amount=500)
    corps = ("DR", "GR", "PR", "BR", "HR", "YR", "FL", "RR")
    for corp in corps:                                        # eight presidencies
        sr_turn(g, p, "par", corporation=corp, price=65)
    for corp in corps[1:] + ("GR",):                          # and eight shares: 16
        sr_turn(g, p, "buy_shares", corporation=corp, source="ipo")
    assert g.rules.cert_count(p) == 16 == g.rules.cert_limit()
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "buy_shares", corporation="DR", source="ipo").code == "cert_limit"
    _to_next_sr(g)
    for _ in range(3):                                        # q: 10%, 20%, then 30% of DR
        assert g.rules.shares.president["DR"] == p and not g.rules.must_sell(p)
        events = sr_turn(g, q, "buy_shares", corporation="DR", source="ipo")
    assert any(e["code"] == "president_changed" for e in events)
    assert g.rules.shares.president["DR"] == q and g.rules.shares.percent("DR", p) == 20
    assert g.rules.cert_count(p) == 17 and g.rules.must_sell(p)
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "pass").code == "must_sell"
    assert refused(g, "buy_shares", corporation="GR", source="ipo").code == "must_sell"
    assert {e["type"] for e in g.legal_actions() if e.get("entity") == p} == {"sell_shares"}
    act(g, "sell_shares", corporation="DR", percent=10)
    assert g.rules.cert_count(p) == 16 and not g.rules.must_sell(p)
    assert acting(g) == p
    act(g, "pass")                                            # now p may pass
    assert acting(g) != p


def test_over_the_limit_by_a_presidency_change_with_only_fresh_shares_sells_next_round():
    # §6-5 meets §6-3-1: p's shares were all bought this round, so none may be sold in it;
    # p may pass (no dead end), buys nothing, and must sell at its first turn of the next one.
    g = in_sr()
    o = list(g.rules.order)
    p, q = o[0], o[1]
    fix(g, "cash", target=p, amount=2000)
    fix(g, "cash", target=q, amount=500)
    corps = ("DR", "GR", "PR", "BR", "HR", "YR", "FL", "RR")
    for corp in corps:
        sr_turn(g, p, "par", corporation=corp, price=65)
    for corp in corps[1:] + ("GR",):
        sr_turn(g, p, "buy_shares", corporation=corp, source="ipo")
    for _ in range(3):
        sr_turn(g, q, "buy_shares", corporation="DR", source="ipo")
    assert g.rules.shares.president["DR"] == q and g.rules.cert_count(p) == 17
    while acting(g) != p:
        act(g, "pass")
    assert refused(g, "sell_shares", corporation="DR", percent=10).code == \
        "sold_bought_this_round"
    assert refused(g, "buy_shares", corporation="HR", source="ipo").code == "cert_limit"
    act(g, "pass")
    _to_next_sr(g)
    while acting(g) != p:
        act(g, "pass")
    assert g.rules.must_sell(p) and refused(g, "pass").code == "must_sell"
    act(g, "sell_shares", corporation="DR", percent=10)
    assert g.rules.cert_count(p) == 16
