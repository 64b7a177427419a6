"""Shares (S 주식 판매&구매)."""
from engine.core18xx.shares import IPO
from engine.titles.title_18lilliput import data as D
from tests.engine.helpers_18lilliput import (acting, cash_turn, correct, drafted, refused,
                                             take, use)


def shares_turn(game, cash=2000):
    p = acting(game)
    correct(game, "cash", target=p, amount=cash)
    take(game, effect="shares")
    return p


def test_buy_a_share_at_the_current_price_and_sell_it_back():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    before = game.rules.ledger.of(p)
    use(game, "buy_share", company="yellow")
    assert game.rules.shares.percent("yellow", p) == 10
    assert game.rules.ledger.of(p) == before - 50
    assert game.rules.certs(p) == 2


def test_sell_pays_the_price_then_drops_one_space_per_share():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    use(game, "buy_share", company="yellow")
    cash_turn(game)
    cash_turn(game)
    shares_turn(game, cash=0)
    # yellow at 50: top row? The index read bottom, top, bottom...: 50 is the 6th value (top)
    r = game.rules
    assert r.market.pos["yellow"][0] == 0
    before = r.ledger.of(p)
    use(game, "sell_shares", company="yellow", count=1)
    assert game.rules.ledger.of(p) == before + 50
    assert game.rules.price("yellow") == 45                  # down: the value below
    # bought back at the current price in the same action
    use(game, "buy_share", company="yellow")
    assert game.rules.ledger.of(p) == before + 50 - 45


def test_sale_from_the_bottom_row_goes_up_and_left():
    game = drafted(2, seed=0)
    correct(game, "share_price", company="yellow", price=45)    # a bottom-row space
    p = shares_turn(game)
    use(game, "buy_share", company="yellow")
    correct(game, "shares", company="yellow", source="bank", to=p, count=1)
    cash_turn(game)
    cash_turn(game)
    shares_turn(game, cash=0)
    assert game.rules.market.pos["yellow"][0] == 1
    use(game, "sell_shares", company="yellow", count=2)
    assert game.rules.price("yellow") == 30      # 45 -> 40 (up-left) -> 30 (down)


def test_director_certificate_is_never_sold():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    refused(game, {"type": "sell_shares", "entity": p, "company": "red", "count": 1},
            "director_cert_not_sold")


def test_sixth_certificate_is_refused():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    # the director's red (1) + 3 shares of yellow + 1 of red = 5 certificates
    correct(game, "shares", company="yellow", source="bank", to=p, count=3)
    use(game, "buy_share", company="red")
    assert game.rules.certs(p) == 5
    cash_turn(game)
    cash_turn(game)
    shares_turn(game)
    err = refused(game, {"type": "buy_share", "entity": p, "company": "red"}, "cert_limit")
    assert "5" in err.message


def test_a_player_may_own_all_of_a_company_and_20_percent_never_exists():
    game = drafted(1, seed=0)
    p = shares_turn(game)
    correct(game, "shares", company="red", source="bank", to=p, count=2)
    use(game, "buy_share", company="red")
    assert game.rules.shares.percent("red", p) == 80
    assert game.rules.shares.percent("red", IPO) == 0
    shares_turn(game)
    refused(game, {"type": "buy_share", "entity": p, "company": "red"}, "no_share_left")


def test_found_a_company():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    bank = game.rules.ledger.of("bank")
    before = game.rules.ledger.of(p)
    use(game, "found_company", company="C5", price=60, home="1,0")   # yellow's city
    r = game.rules
    assert r.companies["C5"]["director"] == p
    assert r.shares.percent("C5", p) == 50 and r.price("C5") == 60
    assert r.ledger.of(p) == before - 5 * 60
    assert r.ledger.of("C5") == 10 * 60
    assert r.ledger.of("bank") == bank + 5 * 60 - 10 * 60
    assert r.companies["C5"]["markers"] == D.MARKERS - 1
    assert r.tiles["1,0"]["stations"] == ["C5"]


def test_founding_with_no_free_home_slot_is_refused():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    use(game, "found_company", company="C5", price=60, home="1,0")
    cash_turn(game)
    cash_turn(game)
    shares_turn(game)
    err = refused(game, {"type": "found_company", "entity": p, "company": "C6", "price": 60,
                         "home": "1,0"}, "no_home_slot")
    assert "no empty city slot" in err.message


def test_third_director_certificate_is_refused():
    game = drafted(2, seed=0)
    p = shares_turn(game)
    use(game, "found_company", company="C5", price=60, home="1,0")
    cash_turn(game)
    cash_turn(game)
    shares_turn(game)
    refused(game, {"type": "found_company", "entity": p, "company": "C6", "price": 60,
                   "home": "0,-1"}, "director_limit")


def test_found_then_buy_one_train_from_the_pool():
    game = drafted(1, seed=0)
    cash_turn(game)
    cash_turn(game)
    game.process({"type": "run", "entity": "red", "revenues": [0], "dividend": "pay"})
    pooled = game.rules.depot.discarded[0]
    p = shares_turn(game)
    use(game, "found_company", company="C5", price=60, home="0,-1", pool_train=pooled)
    assert game.rules.companies["C5"]["trains"] == [pooled]
    assert game.rules.ledger.of("C5") == 600 - game.rules.depot.price(pooled)
