"""1888-N's private auction (rulebook: 1830-style, ¥5 steps, Kaiping Tramway drops on a full
round of passes, only privates pay then)."""
from tests.engine.helpers_1888n import act, bank_total, finish_auction, new_game, rejects
from tests.engine.legal_shape import fixed, offers


def test_start_cash_bank_and_cert_limit():
    g = new_game(4)
    v = g.view()
    assert all(p["cash"] == 600 for p in v["player_state"].values())
    assert v["bank"] == 9000 - 4 * 600 and v["cert_limit"] == 16
    assert new_game(3).view()["cert_limit"] == 20


def test_cheapest_is_bought_outright_and_bids_wait():
    g = new_game()
    act(g, "bid", "1", company="YRF", price=130)
    act(g, "bid", "2", company="KT", price=25)
    assert g.rules.companies["KT"]["owner"] == "2"
    assert g.rules.ledger.of("2") == 575
    assert g.rules.companies["YRF"]["owner"] is None          # waits for TA, HS, CW
    assert g.rules.ledger.of("1") == 600                       # bids are not paid yet


def test_lone_bid_wins_when_its_turn_comes():
    g = new_game()
    act(g, "bid", "1", company="TA", price=55)
    act(g, "bid", "2", company="KT", price=25)
    assert g.rules.companies["TA"]["owner"] == "1" and g.rules.ledger.of("1") == 545


def test_two_bids_start_an_auction_lowest_bidder_acts():
    g = new_game()
    act(g, "bid", "1", company="TA", price=55)
    act(g, "bid", "2", company="TA", price=60)
    act(g, "bid", "3", company="KT", price=25)
    assert g.view()["acting"] == ["1"]
    legal = g.legal_actions()
    assert ({"type": "bid", "entity": "1", "company": "TA"},
            {"price": {"min": 65, "max": 600, "step": 5, "default": 65}}) in [
        (fixed(e), offers(e)) for e in legal]
    act(g, "bid", "1", company="TA", price=65)
    assert g.view()["acting"] == ["2"]
    act(g, "pass", "2")
    assert g.rules.companies["TA"]["owner"] == "1" and g.rules.ledger.of("1") == 535
    assert g.view()["acting"] == ["4"]                          # back to normal turns


def test_full_round_of_passes_pays_privates_and_drops_kaiping():
    g = new_game()
    act(g, "bid", "1", company="TA", price=50 + 5)
    for who in ("2", "3", "4", "1"):
        act(g, "pass", who)
    assert g.rules.company_min_price("KT") == 20
    assert g.rules.companies["KT"]["owner"] is None


def test_kaiping_at_zero_must_be_taken_by_the_start_player():
    g = new_game()
    for _ in range(5):
        for who in ("1", "2", "3", "4"):
            act(g, "pass", who)
    assert g.rules.companies["KT"]["owner"] == "1"
    assert g.rules.ledger.of("1") == 600


def test_auction_ends_with_priority_after_the_last_buyer():
    g = new_game()
    total = bank_total(g)
    finish_auction(g)
    assert g.view()["round"] == "stock" and g.view()["acting"] == ["3"]
    assert bank_total(g) == total


def test_bid_under_the_minimum_is_refused():
    g = new_game()
    err = rejects(g, {"type": "bid", "entity": "1", "company": "YRF", "price": 125}, "bid_too_low")
    assert err.params["min"] == 130 and "130" in err.message


def test_bid_over_cash_less_open_bids_is_refused():
    g = new_game()
    act(g, "bid", "1", company="FC", price=400)
    act(g, "bid", "2", company="TA", price=55)
    act(g, "bid", "3", company="HS", price=80)
    act(g, "bid", "4", company="HS", price=85)
    err = rejects(g, {"type": "bid", "entity": "1", "company": "YRF", "price": 250},
                  "bid_over_cash")
    assert err.params["max"] == 200


def test_bid_out_of_turn_is_refused():
    g = new_game()
    err = rejects(g, {"type": "bid", "entity": "2", "company": "YRF", "price": 130},
                  "not_your_turn")
    assert "Ann" in err.message


def test_bid_on_a_sold_private_or_a_bad_price():
    g = new_game()
    act(g, "bid", "1", company="KT", price=25)
    rejects(g, {"type": "bid", "entity": "2", "company": "KT", "price": 30}, "not_for_sale")
    rejects(g, {"type": "bid", "entity": "2", "company": "TA", "price": "55"},
            "param_not_whole")                 # the door: a price is a whole number


def test_random_seating_is_dealt_from_the_seed():
    from engine import Game
    a = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=7, options={"seating": "random"})
    b = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=7, options={"seating": "random"})
    assert a.view()["seating"] == b.view()["seating"]
    assert sorted(a.view()["seating"]) == ["1", "2", "3", "4"]
    assert a.view()["acting"] == [a.view()["seating"][0]]
    seatings = {tuple(Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=s,
                           options={"seating": "random"}).view()["seating"]) for s in range(20)}
    assert len(seatings) > 1
    assert new_game().view()["seating"] == ["1", "2", "3", "4"]


def test_with_18xx_games_compat_a_round_of_passes_only_drops_kaiping():
    from engine import Game
    g = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=1, options={"compat": "18xx.games"})
    act(g, "bid", "1", company="TA", price=55)
    for who in ("2", "3", "4", "1"):
        act(g, "pass", who)
    assert g.rules.company_min_price("KT") == 20
    assert g.view()["depot"]["next"] == "2-0"          # no privates-only OR, no export
    rulebook = new_game()
    act(rulebook, "bid", "1", company="TA", price=55)
    for who in ("2", "3", "4", "1"):
        act(rulebook, "pass", who)
    assert rulebook.view()["depot"]["next"] == "2-1"   # the rulebook's OR ends a set: a 2 leaves


def test_bids_go_in_5_yen_steps():
    g = new_game()
    err = rejects(g, {"type": "bid", "entity": "1", "company": "YRF", "price": 137}, "bid_step")
    assert err.params["step"] == 5          # and, by rejects(), nothing changed
    act(g, "bid", "1", company="YRF", price=135)
