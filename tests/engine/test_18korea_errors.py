"""Bad input gives a clear GameError and changes nothing."""
import pickle

import pytest

from engine import GameError
from engine.titles.title_18korea.scenario import (end_stock_round, finish_draft, found, new_game,
                                                  operate, pass_until)


def refused(game, action, code, text=None):
    before = game.view()
    log = len(game.log)
    with pytest.raises(GameError) as exc:
        game.process(action)
    assert exc.value.code == code, (exc.value.code, exc.value.message)
    assert exc.value.message
    if text:
        assert text in exc.value.message
    assert game.view() == before
    assert len(game.log) == log
    return exc.value


@pytest.fixture
def sr_game():
    game = new_game(4, seed=2)
    finish_draft(game)
    return game


@pytest.fixture
def or_game():
    """OR 1.1 of a 4-player game: two companies, the first to operate acting."""
    game = new_game(4, seed=2)
    finish_draft(game)
    r = game.rules
    a, b = r.rows["south_pre"][:2]
    found(game, r.seating[0], a, 100)
    found(game, r.seating[1], b, 90)
    end_stock_round(game)
    return game


def test_generic_bad_input(sr_game):
    g = sr_game
    pid = g.rules.sr_current()
    other = [p for p in g.rules.seating if p != pid][0]
    refused(g, {"type": "fly", "entity": pid}, "wrong_round")
    refused(g, {"type": "pass", "entity": other}, "out_of_turn")
    refused(g, {"type": "pass", "entity": "nobody"}, "unknown_player")
    refused(g, {"type": "buy_share", "entity": pid, "company": "ZZZ"}, "unknown_company")
    refused(g, {"type": "start_auction", "entity": pid, "company": g.rules.rows["south_pre"][0], "bid": "ten"},
            "param_not_whole")
    refused(g, {"type": "start_auction", "entity": pid, "company": g.rules.rows["south_pre"][0], "bid": 7},
            "bad_bid")
    refused(g, {"type": "buy_share", "entity": pid, "company": g.rules.rows["south_pre"][0]}, "not_founded")
    refused(g, {"type": "done", "entity": pid}, "nothing_done")
    refused(g, {"type": "sell_shares", "entity": pid, "company": g.rules.rows["south_pre"][0], "count": 1},
            "not_founded")
    refused(g, {"type": "discard_train", "entity": pid, "train": "2"}, "no_discard")
    refused(g, {"type": "correction", "entity": pid, "kind": "cash", "target": pid, "amount": 5},
            "correction_reason")
    refused(g, {"type": "correction", "entity": pid, "kind": "price", "company": "ZZZ", "price": 60,
                "reason": "x"}, "unknown_company")


def test_draft_bad_input():
    g = new_game(3, seed=1)
    t = g.legal_actions()[0]
    pid = t["entity"]
    card = t["params"]["card"]["choices"][0]
    refused(g, {"type": "draft", "entity": pid, "card": "OZ99"}, "card_unavailable")
    refused(g, {"type": "pass", "entity": pid}, "wrong_round")
    g.process({"type": "draft", "entity": pid, "card": card})
    # later, the same player may not take a second card of that tier
    while g.legal_actions()[0]["entity"] != pid:
        t = g.legal_actions()[0]
        g.process({"type": "draft", "entity": t["entity"], "card": t["params"]["card"]["choices"][0]})
    same = [c for c in g.view()["round"]["offer"] if c[1] == card[1]]
    if same:
        refused(g, {"type": "draft", "entity": pid, "card": same[0]}, "tier_taken")


def test_par_over_100_before_the_war(sr_game):
    g = sr_game
    pid = g.rules.sr_current()
    sym = g.rules.rows["south_pre"][0]
    g.process({"type": "start_auction", "entity": pid, "company": sym, "bid": 0})
    while g.rules.sr["auction"]:
        g.process({"type": "pass", "entity": g.rules.sr["auction"]["to_act"]})
    refused(g, {"type": "par", "entity": pid, "price": 120}, "par_pre_war", "60–100")
    refused(g, {"type": "par", "entity": pid, "price": 75}, "bad_par")
    g.process({"type": "par", "entity": pid, "price": 100})
    assert g.rules.companies[sym].cash == 200


@pytest.mark.parametrize("reading, cap", [("literal", 400), ("sellable", 280)])
def test_bid_over_what_the_bidder_could_raise(reading, cap):
    # ₩400 cash, no shares: RB §7.3's sum is ₩400 (the default, "literal"); the reading
    # "sellable" keeps ₩120 for the lowest par
    g = new_game(4, seed=2, options={"bid_cap": reading})
    finish_draft(g)
    pid = g.rules.sr_current()
    sym = g.rules.rows["north_pre"][0]
    err = refused(g, {"type": "start_auction", "entity": pid, "company": sym, "bid": cap + 5},
                  "bid_over_means")
    assert err.params["max"] == cap
    g.process({"type": "start_auction", "entity": pid, "company": sym, "bid": cap})
    nxt = g.rules.sr["auction"]["to_act"]
    refused(g, {"type": "bid", "entity": nxt, "amount": cap}, "bid_too_low")
    refused(g, {"type": "bid", "entity": nxt, "amount": cap + 5}, "bid_over_means")


def test_post_war_company_before_the_war(sr_game):
    g = sr_game
    refused(g, {"type": "start_auction", "entity": g.rules.sr_current(), "company": g.rules.rows["south_post"][0],
                "bid": 0}, "post_war_company")


def test_north_company_after_the_war(sr_game):
    g = sr_game
    g.rules.war = "done"                       # arranged: the war is over
    g._snapshots = {0: pickle.dumps(g.rules)}
    g.effective, g.log = [], []
    g._legal = None
    refused(g, {"type": "start_auction", "entity": g.rules.sr_current(), "company": g.rules.rows["north_pre"][0],
                "bid": 0}, "north_after_war")
    assert g.rules.rows["south_post"][0] in g.rules.auctionable()


def test_stock_round_rules(sr_game):
    g = sr_game
    a = g.rules.sr_current()
    sym = g.rules.rows["south_pre"][0]
    found(g, a, sym, 60)
    b = g.rules.sr_current()
    g.process({"type": "buy_share", "entity": b, "company": sym, "source": "company"})
    refused(g, {"type": "buy_share", "entity": b, "company": sym, "source": "company"}, "already_bought")
    refused(g, {"type": "start_auction", "entity": b, "company": g.rules.rows["south_pre"][1], "bid": 0},
            "already_bought")
    g.process({"type": "sell_shares", "entity": b, "company": sym, "count": 1})
    g.process({"type": "done", "entity": b})
    pass_until(g, a)
    # the director's certificate cannot go to the bank (nobody else holds 20%)
    refused(g, {"type": "sell_shares", "entity": a, "company": sym, "count": 1}, "director_certificate")
    refused(g, {"type": "sell_shares", "entity": a, "company": sym, "count": 5}, "not_enough_shares")
    pass_until(g, b)
    refused(g, {"type": "buy_share", "entity": b, "company": sym, "source": "bank"}, "sold_this_round")


def test_director_sale_moves_price_and_presidency():
    g = new_game(3, seed=5)
    finish_draft(g)
    a, b, c = g.rules.seating
    sym = g.rules.rows["south_pre"][0]
    found(g, a, sym, 100)
    for _ in range(3):   # a buys two more; b buys three
        for who in (b, c, a):
            pass_until(g, who)
            if who == c:
                continue
            if who == a and g.rules.units(sym, a) >= 4:
                continue
            g.process({"type": "buy_share", "entity": who, "company": sym, "source": "company"})
            g.process({"type": "done", "entity": who})
    assert g.rules.units(sym, a) == 4 and g.rules.units(sym, b) == 3
    pass_until(g, a)
    events = g.process({"type": "sell_shares", "entity": a, "company": sym, "count": 2})
    # two spaces down, paid at the new price; b now holds more and becomes director
    assert g.rules.price(sym) == 80
    assert g.rules.companies[sym].director == b
    assert any(e["code"] == "director_changed" for e in events)
    assert g.rules.cash[a] == 400 * 0 + (530 - 200 - 200) + 160 and g.rules.units(sym, "pool") == 2


def test_second_or_2_train_and_track_points(or_game):
    g = or_game
    sym = g.rules.current_company().sym
    comp = g.rules.companies[sym]
    home = comp.home
    plain = {"side": "S", "hex_kind": "plain", "cost": 0}
    # a fourth track point, and building twice on a hex
    g.process({"type": "lay_tile", "entity": sym, "hex": " b12 ", "tile": "8", "rotation": 1, **plain})
    assert g.rules.map["B12"]["kind"] == "plain"           # the board's label, normalised
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B12", "tile": "16", "rotation": 0},
            "hex_twice")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B13", "tile": "16", "rotation": 0, **plain},
            "bad_color")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B13", "tile": "8", "rotation": 9, **plain},
            "bad_rotation")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "", "tile": "8", **plain}, "bad_hex")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B13", "tile": "8"}, "hex_facts_needed")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": home, "tile": "8"}, "wrong_tile_kind")
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B13", "tile": "X1", **plain}, "unknown_tile")
    g.process({"type": "lay_tile", "entity": sym, "hex": "B13", "tile": "9", "tp": 1, **plain})
    g.process({"type": "lay_tile", "entity": sym, "hex": "B14", "tile": "7", **plain})
    refused(g, {"type": "lay_tile", "entity": sym, "hex": "B15", "tile": "7", **plain}, "no_track_points")
    refused(g, {"type": "done", "entity": sym}, "dividend_first")          # no train to run
    refused(g, {"type": "buy_train", "entity": sym, "source": "market"}, "dividend_first")
    refused(g, {"type": "run", "entity": sym, "revenues": []}, "not_offered")   # no train
    g.process({"type": "dividend", "entity": sym, "kind": "payout"})
    refused(g, {"type": "done", "entity": sym}, "must_buy_train")
    refused(g, {"type": "buy_train", "entity": sym, "source": "market", "train": "3"}, "not_available")
    g.process({"type": "buy_train", "entity": sym, "source": "market"})
    refused(g, {"type": "run", "entity": sym, "revenues": [10]}, "step_passed")
    g.process({"type": "done", "entity": sym})
    other = g.rules.current_company().sym
    refused(g, {"type": "buy_train", "entity": sym, "source": "market"}, "out_of_turn")
    operate(g, other, buy=["market"])
    # OR 1.2: 2-trains are gone
    assert g.rules.or_total == 2
    first = g.rules.current_company().sym
    refused(g, {"type": "run", "entity": first, "revenues": [10, 20]}, "param_list")
    # the run form declares ₩0-2,000 in tens: the door refuses, the rules no longer re-check it
    refused(g, {"type": "run", "entity": first, "revenues": [-10]}, "param_range")
    g.process({"type": "run", "entity": first, "revenues": [40]})
    refused(g, {"type": "dividend", "entity": first, "kind": "half"}, "bad_dividend")
    g.process({"type": "dividend", "entity": first, "kind": "payout"})
    refused(g, {"type": "buy_train", "entity": first, "source": "market", "train": "2"}, "no_2_trains")


def test_green_tile_in_yellow_era_and_station_rules(or_game):
    g = or_game
    sym = g.rules.current_company().sym
    g.process({"type": "lay_tile", "entity": sym, "hex": "B12", "tile": "8", "side": "S",
               "hex_kind": "plain", "cost": 0})
    refused(g, {"type": "build_station", "entity": sym, "hex": "B12"}, "no_city")
    city = [hx for hx, i in sorted(g.rules.map.items()) if i["kind"] == "city" and i["side"] == "S"
            and hx not in g.rules.hexes][0]
    refused(g, {"type": "build_station", "entity": sym, "hex": city}, "not_metropolitan")   # RB §9.3
    metro = [hx for hx, i in sorted(g.rules.map.items()) if i["kind"] == "metro"
             and hx not in g.rules.hexes][0]
    refused(g, {"type": "build_station", "entity": sym, "hex": metro}, "no_tile")
    refused(g, {"type": "build_station", "entity": sym, "hex": g.rules.companies[sym].home}, "station_twice")


def test_trade_between_companies_rules(or_game):
    g = or_game
    a = g.rules.current_company().sym
    operate(g, a, buy=["market"])
    b = g.rules.current_company().sym
    refused(g, {"type": "buy_train", "entity": b, "source": a, "train": "2", "price": 50,
                "connected": True}, "dividend_first")
    g.process({"type": "dividend", "entity": b, "kind": "payout"})     # no train to run
    refused(g, {"type": "buy_train", "entity": b, "source": a, "train": "2", "price": 0}, "price_too_low")
    refused(g, {"type": "buy_train", "entity": b, "source": a, "train": "2", "price": 50}, "not_connected")
    refused(g, {"type": "buy_train", "entity": b, "source": a, "train": "5E", "price": 50,
                "connected": True}, "no_such_train")
    g.process({"type": "buy_train", "entity": b, "source": a, "train": "2", "price": 50, "connected": True})
    assert g.rules.companies[b].trains == ["2"] and g.rules.companies[a].trains == []


def test_asset_rules(or_game):
    g = or_game
    sym = g.rules.current_company().sym
    director = g.rules.companies[sym].director
    card = g.rules.hands[director][0]
    stranger = [p for p in g.rules.seating if g.rules.companies[sym].director != p][0]
    refused(g, {"type": "attach_asset", "entity": stranger, "card": g.rules.hands[stranger][0], "company": sym},
            "not_director")
    refused(g, {"type": "attach_asset", "entity": director, "card": "OA99", "company": sym},
            "not_your_card")
    post = g.rules.rows["south_post"][0]
    refused(g, {"type": "attach_asset", "entity": director, "card": card, "company": post},
            "post_war_company")
    g.process({"type": "attach_asset", "entity": director, "card": card, "company": sym})
    assert card in g.rules.companies[sym].assets
    refused(g, {"type": "enter_asset", "entity": director, "code": "XX1", "text": "t"}, "param_pattern")
    refused(g, {"type": "enter_asset", "entity": director, "code": "OB04", "text": "t"}, "card_known")
    g.process({"type": "enter_asset", "entity": director, "code": "OC05", "name": "Bridge",
               "text": "Some effect."})
    assert g.view()["players_books"] and g.rules.asset_info("OC05")["name"] == "Bridge"


def test_sixty_percent_from_the_company_then_the_bank():
    g = new_game(3, seed=4)
    finish_draft(g)
    a = g.rules.seating[0]
    sym = g.rules.rows["south_pre"][0]
    found(g, a, sym, 60)
    for _ in range(4):
        pass_until(g, a)
        g.process({"type": "buy_share", "entity": a, "company": sym, "source": "company"})
        g.process({"type": "done", "entity": a})
    assert g.rules.units(sym, a) == 6
    pass_until(g, a)
    err = refused(g, {"type": "buy_share", "entity": a, "company": sym, "source": "company"},
                  "holding_limit")
    assert "60%" in err.message
    # a share in the bank may still be bought beyond 60%
    g.rules.sharebook.move(sym, "ipo", "pool", 10)
    g._snapshots = {0: pickle.dumps(g.rules)}
    g.effective, g.log = [], []
    g._legal = None
    g.process({"type": "buy_share", "entity": a, "company": sym, "source": "bank"})
    assert g.rules.units(sym, a) == 7


def test_certificate_limit():
    g = new_game(5, seed=4)
    finish_draft(g)
    r = g.rules
    a, b, c = r.seating[:3]
    s0, s1 = r.rows["south_pre"][:2]
    s2 = r.rows["north_pre"][0]
    found(g, a, s0, 60)
    found(g, b, s1, 60)
    found(g, c, s2, 60)
    r = g.rules
    # arranged: a directs all three: 60% + 60% + 40% = 5 + 5 + 3 = 13 certificates
    r.sharebook.held[s0] = {a: 60, "ipo": 10, "pool": 30}
    r.sharebook.held[s1] = {a: 60, "ipo": 10, "pool": 30}
    r.sharebook.held[s2] = {a: 40, "ipo": 30, "pool": 30}
    for sym in (s0, s1, s2):
        r.set_director(sym, a)
    assert r.certs(a) == 13
    g._snapshots = {0: pickle.dumps(r)}
    g.effective, g.log = [], []
    g._legal = None
    pass_until(g, a)
    g.process({"type": "buy_share", "entity": a, "company": s1, "source": "bank"})
    assert g.rules.certs(a) == 14 == g.rules.cert_limit()
    g.process({"type": "done", "entity": a})
    pass_until(g, a)
    refused(g, {"type": "buy_share", "entity": a, "company": s2, "source": "bank"}, "cert_limit")


def test_par_up_to_200_after_the_war(sr_game):
    g = sr_game
    g.rules.war = "done"
    g._snapshots = {0: pickle.dumps(g.rules)}
    g.effective, g.log = [], []
    g._legal = None
    sym = g.rules.rows["south_post"][0]
    pid = g.rules.sr_current()
    g.process({"type": "start_auction", "entity": pid, "company": sym, "bid": 0})
    while g.rules.sr["auction"]:
        g.process({"type": "pass", "entity": g.rules.sr["auction"]["to_act"]})
    refused(g, {"type": "par", "entity": pid, "price": 210}, "bad_par")
    g.process({"type": "par", "entity": pid, "price": 200})
    assert g.rules.companies[sym].cash == 400 and g.rules.price(sym) == 200
