"""1888-N stock rounds: par 70–95, sell then buy one, 60% float and full capitalization,
certificate limit and the red zone, president's certificate, the Forbidden City exchange."""
from engine.core18xx.bank import BANK
from tests.engine.helpers_1888n import (act, bank_total, finish_auction, float_lyr, new_game,
                                        rebase, rejects)
from tests.engine.legal_shape import offers


def started():
    g = new_game()
    finish_auction(g)
    return g


def test_par_prices_offered_are_70_to_95_within_cash():
    g = started()
    pars = [a for a in g.legal_actions() if a["type"] == "par"]
    assert pars and all(offers(a) == {"price": {"choices": [95, 90, 85, 80, 75, 70]}}
                    for a in pars)
    rejects(g, {"type": "par", "entity": "3", "corporation": "LYR", "price": 100}, "bad_par")


def test_par_buys_the_presidents_certificate_and_ends_the_turn():
    g = started()
    act(g, "par", "3", corporation="LYR", price=95)
    r = g.rules
    assert r.ledger.of("3") == 525 - 190 and r.shares.president["LYR"] == "3"
    assert r.shares.percent("LYR", "3") == 20 and g.view()["acting"] == ["4"]
    assert r.ledger.of("LYR") == 0 and not r.corps["LYR"]["floated"]


def test_float_at_60_percent_with_full_capitalization():
    g = started()
    total = bank_total(g)
    bank_before = g.rules.ledger.of(BANK)
    float_lyr(g)
    r = g.rules
    assert r.corps["LYR"]["floated"] and r.ledger.of("LYR") == 950
    privates = 5 + 10 + 15 + 20 + 25 + 30       # paid at the start of the first OR
    assert r.ledger.of(BANK) == bank_before + 190 + 4 * 95 - 950 - privates
    assert bank_total(g) == total


def test_one_purchase_per_turn_and_no_selling_in_the_first_stock_round():
    g = started()
    act(g, "par", "3", corporation="LYR", price=95)
    act(g, "buy_shares", "4", corporation="LYR", source="ipo")
    rejects(g, {"type": "buy_shares", "entity": "1", "corporation": "LYR", "source": "pool"},
            "no_share")
    act(g, "buy_shares", "1", corporation="LYR", source="ipo")
    act(g, "buy_shares", "2", corporation="LYR", source="ipo")
    rejects(g, {"type": "sell_shares", "entity": "3", "corporation": "LYR", "percent": 10},
            "no_selling_yet")


def second_stock_round():
    g = new_game()
    finish_auction(g)
    float_lyr(g)
    act(g, "buy_train", "LYR", train="2-0", price=80)
    act(g, "pass", "LYR")            # one OR in phase 2; a 2 is exported; SR 2
    assert g.view()["round"] == "stock"
    return g


def test_sell_then_buy_and_no_buying_back():
    g = second_stock_round()
    assert g.view()["acting"] == ["4"]      # priority: after the last to act in SR 1
    r = g.rules
    price = r.market.price("LYR")
    act(g, "sell_shares", "4", corporation="LYR", percent=10)
    assert r.shares.percent("LYR", "pool") == 10
    assert r.market.price("LYR") < price
    rejects(g, {"type": "buy_shares", "entity": "4", "corporation": "LYR", "source": "pool"},
            "bought_after_sold")
    act(g, "par", "4", corporation="ZDR", price=70)
    rejects(g, {"type": "sell_shares", "entity": "4", "corporation": "LYR", "percent": 10},
            "not_your_turn")


def test_selling_the_presidents_certificate_is_refused():
    g = second_stock_round()
    for who in ("4", "1", "2"):
        act(g, "pass", who)
    err = rejects(g, {"type": "sell_shares", "entity": "3", "corporation": "LYR", "percent": 30},
                  "president_cert")
    assert "president" in err.message


def test_pool_limit_and_presidency_change_on_sale():
    g = second_stock_round()
    act(g, "buy_shares", "4", corporation="LYR", source="ipo")  # Di 20%
    act(g, "sell_shares", "1", corporation="LYR", percent=10)
    act(g, "pass", "1")
    act(g, "sell_shares", "2", corporation="LYR", percent=10)
    act(g, "pass", "2")
    act(g, "sell_shares", "3", corporation="LYR", percent=10)   # Cy 20% ties Di: Cy stays
    assert g.rules.shares.president["LYR"] == "3"
    events = g.process({"type": "sell_shares", "entity": "3", "corporation": "LYR", "percent": 10})
    r = g.rules
    assert r.shares.president["LYR"] == "4"                     # Cy 10% < Di 20%
    assert any(e["code"] == "president_changed" and "board" in e for e in events)
    assert r.shares.percent("LYR", "pool") == 40
    act(g, "pass", "3")
    rejects(g, {"type": "sell_shares", "entity": "4", "corporation": "LYR", "percent": 20},
            "pool_full")


def test_certificate_limit_and_red_zone():
    g = second_stock_round()
    r = g.rules
    r.ledger.pay(BANK, "4", 3000)          # test setup: rich enough to reach the limit
    for corp in ("JHR", "SSL", "CDL", "HJR", "TJL", "JZR", "ZDR"):
        r.corps[corp]["par"] = 70
        r.market.place(corp, r.market.par_space(70))
        r.shares.move(corp, "ipo", "4", 20)
    assert r.cert_count("4") == 1 + 1 + 7 * 2     # LYR share, CW, 14 shares
    rebase(g)
    err = rejects(g, {"type": "buy_shares", "entity": "4", "corporation": "LYR", "source": "ipo"},
                  "cert_limit")
    assert "16" in err.message and err.params["limit"] == 16
    r = g.rules
    r.market.place("JHR", (6, 0))                 # JHR into the red zone: its shares do not count
    assert r.cert_count("4") == 14
    rebase(g)
    act(g, "buy_shares", "4", corporation="LYR", source="ipo")


def test_sold_out_company_rises_at_the_end_of_the_stock_round():
    g = started()
    act(g, "par", "3", corporation="LYR", price=95)
    for _ in range(2):
        for who in ("4", "1", "2", "3"):
            act(g, "buy_shares", who, corporation="LYR", source="ipo")
    assert g.rules.shares.percent("LYR", "ipo") == 0
    for who in ("4", "1", "2", "3"):
        act(g, "pass", who)
    assert g.rules.market.price("LYR") == 100


def test_forbidden_city_exchange_for_a_share_of_a_company_in_beijing():
    g = second_stock_round()
    r = g.rules
    rejects(g, {"type": "exchange", "entity": "4", "company": "FC", "corporation": "LYR"},
            "no_exchange")
    act(g, "par", "4", corporation="JZR", price=90)
    act(g, "pass", "1")
    rejects(g, {"type": "exchange", "entity": "2", "company": "FC", "corporation": "JZR"},
            "not_in_beijing")
    g.rules.board.tokens.setdefault("C9", []).append(("JZR", 0))   # as if JZR had operated
    rebase(g)
    cash = g.rules.ledger.of("2")
    act(g, "exchange", "2", company="FC", corporation="JZR", source="ipo")
    r = g.rules
    assert r.companies["FC"]["closed"] and r.shares.percent("JZR", "2") == 10
    assert r.ledger.of("2") == cash and g.view()["acting"] == ["3"]


def test_over_the_limit_after_leaving_the_red_zone_must_sell_first():
    g = second_stock_round()
    r = g.rules
    for corp in ("JHR", "SSL", "CDL", "HJR", "TJL", "JZR", "ZDR"):
        r.corps[corp]["par"] = 70
        r.market.place(corp, r.market.par_space(70))
        r.shares.move(corp, "ipo", "4", 20)
    r.shares.move("SSL", "ipo", "4", 10)
    assert r.cert_count("4") == 17                     # one over: a sale comes first
    rebase(g)
    err = rejects(g, {"type": "pass", "entity": "4"}, "must_sell")
    assert "17 of 16" in err.message
    assert {a["type"] for a in g.legal_actions() if not a.get("anytime")} - {"undo"} == \
        {"sell_shares"}
    act(g, "sell_shares", "4", corporation="SSL", percent=10)
    act(g, "pass", "4")
