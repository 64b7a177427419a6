"""Stock and operating round details: pass tokens, auctions, home stations, order, dividends."""
import pytest

from engine import GameError
from engine.titles.title_18korea.scenario import (finish_draft, found, new_game,
                                                  operate, pass_until)
from tests.engine.test_18korea_examples import position, rebase


def test_pass_tokens_set_the_next_order():
    g = new_game(4, seed=6)
    finish_draft(g)
    r = g.rules
    a, b, c, d = r.seating
    g.process({"type": "pass", "entity": a})
    g.process({"type": "pass", "entity": b})
    # c acts: the pass tokens of a and b stay; c's token is not placed
    sym = r.rows["south_pre"][0]
    found(g, c, sym, 60)
    assert g.rules.sr["passes"] == [a, b]
    r = g.rules
    g.process({"type": "pass", "entity": d})
    # a passes again (keeps the token), b acts now: b's token goes back
    g.process({"type": "pass", "entity": a})
    g.process({"type": "buy_share", "entity": b, "company": sym, "source": "company"})
    events = g.process({"type": "done", "entity": b})
    assert r.sr["passes"] == [a, d]
    g.process({"type": "pass", "entity": c})
    g.process({"type": "pass", "entity": d})
    g.process({"type": "pass", "entity": a})
    events = g.process({"type": "pass", "entity": b})
    assert r.round == "operating"
    assert r.next_sr_order == [a, d, c, b]
    assert any(e["code"] == "stock_round_over" for e in events)


def test_auction_bidding_and_winner_selling_to_pay():
    g = new_game(3, seed=2)
    finish_draft(g)
    r = g.rules
    a, b, c = r.seating
    first = r.rows["south_pre"][0]
    found(g, a, first, 100)                      # a: ₩330 left, holds 20% at 100
    pass_until(g, b)
    second = r.rows["north_pre"][0]
    g.process({"type": "start_auction", "entity": b, "company": second, "bid": 10})
    assert r.sr["auction"]["to_act"] == c
    g.process({"type": "bid", "entity": c, "amount": 20})
    assert r.sr["auction"]["to_act"] == a
    g.process({"type": "bid", "entity": a, "amount": 150})
    g.process({"type": "pass", "entity": b})     # b leaves the auction
    assert r.sr["auction"]["to_act"] == c
    g.process({"type": "pass", "entity": c})
    assert r.sr["auction"] is None and r.sr["par"]["winner"] == a
    # a has ₩330: bid 150 + 2×100 = 350 -> must sell first
    with pytest.raises(GameError) as exc:
        g.process({"type": "par", "entity": a, "price": 100})
    assert exc.value.code == "no_cash"
    r = g.rules
    with pytest.raises(GameError) as exc:
        g.process({"type": "sell_shares", "entity": a, "company": first, "count": 1})
    assert exc.value.code == "director_certificate"
    r = g.rules
    g.process({"type": "par", "entity": a, "price": 90})
    assert r.cash[a] == 330 - 150 - 180
    assert r.companies[second].director == a and r.companies[second].cash == 180
    # the auction ended b's turn: c is next
    assert r.sr_current() == c


def test_operating_order_by_price_then_arrival():
    game, (x, y, z) = position([["3"], ["3"], ["3"]], era="green", limit=4, depot={"2": 0},
                               first_sold=("2",), rusted=(), step="track")
    r = game.rules
    r.set_price_idx(y, 12)    # 110, arrives first
    r.set_price_idx(x, 12)    # 110, arrives second
    r.set_price_idx(z, 13)    # 120
    r.ors["done"] = []
    r.ors["turn"] = None
    assert r.operating_order() == [z, y, x]


def test_dividends_prices_and_company_held_shares():
    game, (x,) = position([["4"]], step="track")
    r = game.rules
    r.set_price_idx(x, 11)    # 100
    rebase(game)
    r = game.rules
    director = r.companies[x].director
    assert r.units(x, "company") == 8
    cash, pcash = r.companies[x].cash, r.cash[director]
    game.process({"type": "run", "entity": x, "revenues": [150]})
    game.process({"type": "dividend", "entity": x, "kind": "payout"})
    assert r.cash[director] == pcash + 30            # 20%
    assert r.companies[x].cash == cash + 120         # 80% still in the company
    assert r.price(x) == 110                         # 100 <= 150 < 200: one space


def test_payout_two_spaces_flip_and_withhold():
    game, (x, y, z) = position([["4"], ["4"], ["4"]], step="track")
    r = game.rules
    for sym in (x, y, z):
        r.set_price_idx(sym, 11)   # all at 100, x first
    rebase(game)
    r = game.rules
    operate(game, x, revenues=[200], dividend="payout")
    assert r.price(x) == 120
    operate(game, y, revenues=[90], dividend="payout")
    assert r.price(y) == 100 and y in r.flipped
    before = r.companies[z].cash
    operate(game, z, revenues=[90], dividend="withhold")
    assert r.price(z) == 90 and r.companies[z].cash == before + 90


def home_position(era, occupied_by_other=True):
    game, (x, y) = position([["3"], ["3"]], era=era, limit=4, depot={"2": 0} if era != "yellow" else {},
                            first_sold=("2",) if era != "yellow" else (), rusted=(), step="track")
    r = game.rules
    home = r.companies[y].home
    # x has operated; y has not: put x's station in y's home city (a normal city)
    r.hexes = {home: {"tile": "57", "color": "yellow", "rotation": 0, "seats": [x], "outer": []}}
    r.companies[x].stations = [home]
    r.companies[y].stations = []
    r.companies[y].home_placed = False
    r.companies[y].tokens = [0, 40, 60, 80]
    rebase(game)
    return game, x, y, home


def test_home_city_full_upgrade_first_then_station():
    game, x, y, home = home_position("green")
    r = game.rules
    if r.hex_info(home)["kind"] != "city":
        pytest.skip("home is metropolitan")
    events = operate(game, x, done=True)
    r = game.rules
    assert any(e["code"] == "home_upgrade_needed" for e in events)
    assert r.turn_step() == "home"
    with pytest.raises(GameError) as exc:
        game.process({"type": "lay_tile", "entity": y, "hex": "B12", "tile": "8"})
    assert exc.value.code == "home_upgrade_first"
    events = game.process({"type": "lay_tile", "entity": y, "hex": home, "tile": "14"})
    r = game.rules
    assert r.hexes[home]["seats"] == [x, y]
    assert any(e["code"] == "home_station" for e in events)
    assert r.ors["turn"]["tp"] == 1


def test_home_city_full_in_yellow_era_outer_station_later_seated():
    game, x, y, home = home_position("yellow")
    r = game.rules
    if r.hex_info(home)["kind"] != "city":
        pytest.skip("home is metropolitan")
    r.depot["2"] = None
    rebase(game)
    events = operate(game, x)
    r = game.rules
    assert r.hexes[home]["outer"] == [y]
    assert any("outer station" in e["message"] for e in events)
    # later, in the green era, an upgrade gives the outer station its seat
    r.era = "green"
    rebase(game)
    game.process({"type": "lay_tile", "entity": y, "hex": home, "tile": "14"})
    r = game.rules
    assert r.hexes[home]["seats"] == [x, y] and r.hexes[home]["outer"] == []


def test_north_n_tiles_never_brown_unless_ob02():
    game, (x,) = position([["5E"]], step="track", rows=("north_pre",))
    r = game.rules
    home = r.companies[x].home
    r.hexes[home] = {"tile": "14", "color": "green", "rotation": 0, "seats": [x, None], "outer": []}
    rebase(game)
    with pytest.raises(GameError) as exc:
        game.process({"type": "lay_tile", "entity": x, "hex": home, "tile": "63"})
    assert exc.value.code == "north_never_brown"
    r = game.rules
    r.companies[x].assets.append("OB02")
    rebase(game)
    game.process({"type": "use_asset", "entity": x, "card": "OB02", "hex": home})
    game.process({"type": "lay_tile", "entity": x, "hex": home, "tile": "63"})
    assert game.rules.hexes[home]["color"] == "brown"
