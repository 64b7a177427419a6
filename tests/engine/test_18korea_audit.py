"""The rulebook audit: one test per reading settled or fixed, with its section.

Also the board-true map: named cities by name, other hexes by the board's own label
with their facts entered at the first build, and a war decided from those facts."""
import pytest

from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.scenario import end_stock_round, finish_draft, found, new_game
from tests.engine.test_18korea_assets_end import finish_or
from tests.engine.test_18korea_errors import refused
from tests.engine.test_18korea_examples import position, rebase


# --- map identity ------------------------------------------------------------------
def test_named_cities_by_name_and_board_labels_with_their_facts():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    r = game.rules
    assert "F10" not in r.map and r.map["Seoul"]["kind"] == "metro" and r.map["Daegu"]["kind"] == "city"
    assert r.map["Kaesong"]["side"] == "N" and "side" in r.map["Kaesong"]["provisional"]
    # a label the book does not know needs its facts, validated
    refused(game, {"type": "lay_tile", "entity": a, "hex": "e 14", "tile": "8"}, "hex_facts_needed")
    refused(game, {"type": "lay_tile", "entity": a, "hex": "E14", "tile": "8", "side": "X",
                   "hex_kind": "plain", "cost": 0}, "bad_side")
    refused(game, {"type": "lay_tile", "entity": a, "hex": "E14", "tile": "57", "side": "S",
                   "hex_kind": "metro", "cost": 0}, "metro_is_named")      # the five metros are named
    refused(game, {"type": "lay_tile", "entity": a, "hex": "E14", "tile": "8", "side": "S",
                   "hex_kind": "plain", "cost": 15}, "bad_cost")
    refused(game, {"type": "lay_tile", "entity": a, "hex": "E14", "tile": "57", "side": "S",
                   "hex_kind": "plain", "cost": 0}, "wrong_tile_kind")
    cash = r.companies[a].cash
    events = game.process({"type": "lay_tile", "entity": a, "hex": "  e   14 ", "tile": "8", "rotation": 2,
                           "side": "S", "hex_kind": "plain", "cost": 40})
    r = game.rules
    assert r.map["E 14"]["kind"] == "plain" and r.map["E 14"]["cost"] == 40
    assert r.companies[a].cash == cash - 40                      # RB §9.2: the printed cost
    assert any(e["code"] == "hex_recorded" for e in events)
    # a named city by its name; its printed cost (not in the rulebook) read off the board
    assert "cost" in game.rules.map["Busan"]["provisional"]
    cash = game.rules.companies[a].cash
    game.process({"type": "lay_tile", "entity": a, "hex": "Busan", "tile": "57", "cost": 20})
    assert game.rules.hexes["Busan"]["color"] == "yellow"
    assert game.rules.map["Busan"]["cost"] == 20 and "cost" not in game.rules.map["Busan"]["provisional"]
    assert game.rules.companies[a].cash == cash - 20
    view = game.view()
    assert view["map"]["E 14"]["cost"] == 40 and view["map"]["E 14"]["tile"] == "8"
    assert view["map"]["Seoul"]["color"] == "none"
    # facts that contradict the book are refused; a correction (with a reason) changes them
    game2 = game
    pid = game2.rules.seating[0]
    refused(game2, {"type": "correction", "entity": pid, "kind": "hex", "hex": "E 14", "cost": 40,
                    "reason": ""}, "param_blank")
    game2.process({"type": "correction", "entity": pid, "kind": "hex", "hex": "e 14", "side": "N",
                   "reason": "the DMZ runs south of it"})
    assert game2.rules.map["E 14"]["side"] == "N"
    assert game2.view()["corrections"][-1]["reason"] == "the DMZ runs south of it"


def test_the_war_is_decided_from_the_facts_entered_at_the_table():
    game, (a, b) = position([["4"], ["4"]], era="green", step="track", limit=3,
                            depot={"2": 0, "3": 0, "4": 1}, first_sold=("2", "3", "4"), rows=("north_pre",))
    r = game.rules
    r.war = "revealed"
    rebase(game)
    game.process({"type": "lay_tile", "entity": a, "hex": "Q1", "tile": "57", "side": "N",
                  "hex_kind": "city", "cost": 0})
    game.process({"type": "lay_tile", "entity": a, "hex": "Q2", "tile": "3", "side": "S",
                  "hex_kind": "small", "cost": 0})
    game.process({"type": "lay_tile", "entity": a, "hex": "Q3", "tile": "7", "side": "S",
                  "hex_kind": "plain", "cost": 0})
    refused(game, {"type": "build_station", "entity": a, "hex": "Q1"}, "not_metropolitan")
    homes = [game.rules.companies[s].home for s in (a, b)]
    assert all(game.rules.hex_info(h)["side"] == "N" for h in homes)
    events = finish_or(game)
    r = game.rules
    war = [e for e in events if e["code"] == "korean_war"][0]
    assert "Q1" not in r.hexes                                   # North: tiles and stations gone
    assert not any(h in r.hexes for h in homes)
    assert r.hexes["Q2"]["color"] == "none"                      # South city tile removed
    assert r.hexes["Q3"]["color"] == "yellow"                    # South track stays
    assert "Remove all tiles and stations north" in war["board"]
    assert r.companies[a].closed and r.companies[b].closed       # no South station: they leave


# --- RB §9 steps 4-5, §9.6: a company without trains ---------------------------------
def test_company_without_trains_is_not_asked_to_run_and_chooses_the_dividend():
    game, (x, y) = position([[], []], era="green", step="track", limit=4, depot={"2": 0},
                            first_sold=("2",), rusted=())
    r = game.rules
    price = r.price(x)
    assert not [t for t in game.legal_actions() if t["type"] == "run"]   # nothing to enter
    div = [t for t in game.legal_actions() if t["type"] == "dividend"]
    assert div and div[0]["revenue"] == 0
    labels = div[0]["params"]["kind"]["labels"]
    left = D.MARKET[D.MARKET.index(price) - 1]
    assert labels["payout"]["message"] == f"Pay out ₩0: the price stays ₩{price:,}"
    assert labels["withhold"]["message"] == f"Withhold ₩0: the price falls ₩{price:,} → ₩{left:,}"
    refused(game, {"type": "buy_train", "entity": x, "source": "market"}, "dividend_first")
    events = game.process({"type": "dividend", "entity": x, "kind": "payout"})
    assert [e["code"] for e in events][:2] == ["no_train_run", "dividend"]
    assert events[0]["params"]["revenue"] == 0 and r.companies[x].last_revenue == 0
    assert game.rules.price(x) == price and any(e["code"] == "token_flipped" for e in events)
    game.process({"type": "buy_train", "entity": x, "source": "market"})
    game.process({"type": "done", "entity": x})
    price = game.rules.price(y)
    game.process({"type": "dividend", "entity": y, "kind": "withhold"})
    assert D.MARKET.index(game.rules.price(y)) == D.MARKET.index(price) - 1


def test_a_recorded_zero_run_of_a_trainless_company_still_replays():
    # a record made before the run was skipped keeps its "run" with no revenues: the rules
    # take it (a replay is not checked at the door), with the same books
    game, (x, _y) = position([[], []], era="green", step="track", limit=4, depot={"2": 0},
                             first_sold=("2",), rusted=())
    price = game.rules.price(x)
    game.process({"type": "run", "entity": x, "revenues": []}, checked=False)
    game.process({"type": "dividend", "entity": x, "kind": "withhold"})
    assert D.MARKET.index(game.rules.price(x)) == D.MARKET.index(price) - 1


# --- RB §7.3: the bid cap, the par, the payments ---------------------------------------
def test_bid_cap_counts_shares_at_what_they_would_fetch_less_the_lowest_par():
    # the reading bid_cap "sellable" (the default "literal": test_18korea_readings)
    game = new_game(4, seed=2, options={"bid_cap": "sellable"})
    finish_draft(game)
    r = game.rules
    a = r.seating[0]
    sym = r.rows["south_pre"][0]
    found(game, a, sym, 100)                      # a: 400 - 200 = 200 cash, 20% (director's cert)
    end_stock_round(game)
    r = game.rules
    # hand a two more shares, as if bought (arranged), then back to a stock round
    r.move_units(sym, "company", a, 2)
    r.pay(a, sym, 200)
    rebase(game)
    r = game.rules
    idx = r.price_idx[sym]
    could_sell = 2 * D.MARKET[idx - 2]             # §7.1: a director is paid after the drop
    expected = r.cash[a] + could_sell - 2 * D.PAR_PRE_WAR[0]
    expected -= expected % D.BID_STEP
    assert r.bid_cap(a) == expected


def test_par_offers_only_what_the_winner_can_pay_and_the_bid_goes_to_the_bank():
    game = new_game(3, seed=2)
    finish_draft(game)
    r = game.rules
    a, b, c = r.seating
    sym = r.rows["south_pre"][0]
    game.process({"type": "start_auction", "entity": a, "company": sym, "bid": 350})
    game.process({"type": "pass", "entity": b})
    game.process({"type": "pass", "entity": c})
    par = [t for t in game.legal_actions() if t["type"] == "par"][0]
    assert par["params"]["price"]["choices"] == [60, 65, 70, 80, 90]     # 530 - 350 = 180
    bank = game.rules.bank
    game.process({"type": "par", "entity": a, "price": 90})
    r = game.rules
    assert r.bank == bank + 350 and r.companies[sym].cash == 180        # §7.3 / summary §2.2


# --- RB §2.5: asset cards at any time, also off-turn ------------------------------------
def test_asset_attached_off_turn_during_an_operating_round():
    game = new_game(4, seed=2)
    finish_draft(game)
    r = game.rules
    p1, p2 = r.seating[:2]
    x, y = r.rows["south_pre"][:2]
    found(game, p1, x, 100)
    found(game, p2, y, 90)
    end_stock_round(game)
    r = game.rules
    acting = r.current_company().sym
    other = y if acting == x else x
    owner = r.companies[other].director
    card = r.hands[owner][0]
    offered = [t for t in game.legal_actions() if t["type"] == "attach_asset" and t["entity"] == owner
               and t["card"] == card]
    assert offered and offered[0]["anytime"] and other in offered[0]["params"]["company"]["choices"]
    game.process({"type": "attach_asset", "entity": owner, "card": card, "company": other})
    assert card in game.rules.companies[other].assets
    assert game.rules.current_company().sym == acting           # the turn did not move


def test_no_asset_trade_during_the_draft_or_an_open_auction():
    game = new_game(3, seed=2)
    r = game.rules
    p = r.seating[0]
    card = game.legal_actions()[0]["params"]["card"]["choices"][0]
    game.process({"type": "draft", "entity": p, "card": card})
    refused(game, {"type": "trade_asset", "entity": p, "card": card, "to": r.seating[1], "price": 0},
            "draft_running")
    finish_draft(game)
    r = game.rules
    a, b, c = r.seating
    game.process({"type": "start_auction", "entity": a, "company": r.rows["south_pre"][0], "bid": 0})
    refused(game, {"type": "trade_asset", "entity": b, "card": r.hands[b][0], "to": a, "price": 5},
            "auction_running")
    assert not [t for t in game.legal_actions() if t["type"] == "trade_asset"]


# --- RB §9.8: sell no more than the shortfall --------------------------------------------
def test_forced_purchase_sale_range_stops_at_the_shortfall():
    game, (x, y) = position([[], ["3"]], era="green", step="trains", limit=4, depot={"2": 0},
                            first_sold=("2",), rusted=())
    r = game.rules
    director = r.companies[x].director
    r.companies[x].cash = 100
    r.ledger.cash[director] = 0
    # the director holds 30% of y (not its director): 3 shares at y's price
    r.move_units(y, "company", director, 3)
    rebase(game)
    r = game.rules
    short = D.TRAIN_PRICE["3"] - 100
    sells = [t for t in game.legal_actions() if t["type"] == "sell_shares" and t["company"] == y]
    need = -(-short // r.price(y))
    assert sells and max(sells[0]["params"]["count"]["choices"]) == min(3, need)


# --- the draft -----------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_draft_of_three_to_five_gives_everyone_one_card_of_each_tier(n):
    game = new_game(n, seed=8)
    seat = game.rules.seating
    assert sorted(len(b) for b in game.rules.draft["batches"]) == [3 * n]     # RB §3: n per tier
    finish_draft(game)
    for pid in seat:
        assert sorted(c[1] for c in game.rules.hands[pid]) == ["A", "B", "C"]


def test_readings_are_in_the_view():
    game = new_game(2, seed=1)
    view = game.view()
    assert set(view["readings"]) >= {"bid_cap", "auction_payment", "director_sale_price",
                                      "war_normal_cities", "no_train_run", "train_limit_on_export",
                                      "oa03", "two_player_tiers", "stations_on_metropolitan_tiles"}
    assert "bid_cap" not in view["provisional"] and "map" in view["provisional"]


# --- RB §9.4 a: after the war the company laying the tile chooses the outer station seated ---
def test_layer_chooses_which_outer_station_takes_the_seat():
    game, (a, b, c) = position([["5E"], ["5E"], ["5E"]], step="track")
    r = game.rules
    r.war = "done"
    r.hexes["Busan"] = {"tile": None, "color": "none", "rotation": 0, "seats": [None], "outer": [a, b]}
    r.companies[a].stations.append("Busan")
    r.companies[b].stations.append("Busan")
    rebase(game)
    form = [t for t in game.legal_actions() if t.get("form") == "known_hex"][0]
    assert form["params"]["seat_first"]["choices_by"]["map"]["Busan"] == [a, b]
    refused(game, {"type": "lay_tile", "entity": a, "hex": "Busan", "tile": "57", "seat_first": c},
            "not_waiting")
    events = game.process({"type": "lay_tile", "entity": a, "hex": "Busan", "tile": "57", "seat_first": b})
    r = game.rules
    assert r.hexes["Busan"]["seats"] == [b] and r.hexes["Busan"]["outer"] == [a]
    assert any(e["code"] == "outer_station_seated" and e["params"]["company"] == b for e in events)


# --- RB §2: extra station tokens from asset cards ------------------------------------------
def test_table_adds_a_cards_station_token_by_correction():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    pid = game.rules.seating[0]
    tokens = list(game.rules.companies[a].tokens)
    forms = [t for t in game.legal_actions() if t["type"] == "correction"
             and pid in t["params"]["entity"]["choices"]]
    assert {t["kind"] for t in forms} >= {"cash", "price", "station_token", "hex", "shares"}
    refused(game, {"type": "correction", "entity": pid, "kind": "station_token", "company": a,
                   "op": "swap", "cost": 0, "reason": "card OC07"}, "bad_op")
    game.process({"type": "correction", "entity": pid, "kind": "station_token", "company": a,
                  "op": "add", "cost": 0, "reason": "card OC07 gives a token"})
    assert game.rules.companies[a].tokens == tokens + [0]
    assert game.view()["corrections"][-1]["reason"] == "card OC07 gives a token"


def test_trade_price_is_bounded_by_the_buyers_cash():
    game = new_game(3, seed=2)
    finish_draft(game)
    r = game.rules
    form = [t for t in game.legal_actions() if t["type"] == "trade_asset"][0]
    by = form["params"]["price"]["max_by"]
    assert by["field"] == "to" and by["map"] == {p: r.cash[p] for p in form["params"]["to"]["choices"]}
    buyer = form["params"]["to"]["choices"][0]
    refused(game, {"type": "trade_asset", "entity": form["entity"], "card": form["card"], "to": buyer,
                   "price": r.cash[buyer] + 1}, "no_cash")
