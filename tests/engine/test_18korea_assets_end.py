"""Asset card effects, the war's edge cases, export and the end of the game."""

import pytest

from engine import GameError
from tests.engine.test_18korea_examples import position, rebase


def give(game, sym, *cards):
    r = game.rules
    for card in cards:
        r.companies[sym].assets.append(card)
        r.asset_owner[card] = sym
        for hand in r.hands.values():
            if card in hand:
                hand.remove(card)
    rebase(game)


def finish_or(game):
    """Every remaining company runs its trains (or not), withholds and ends its turn."""
    r = game.rules
    start = (r.set_no, r.or_no)
    events = []
    while not game.finished and r.round == "operating" and (r.set_no, r.or_no) == start:
        comp = r.current_company()
        if r.turn_step() in ("track", "station", "run"):
            events += game.process({"type": "run", "entity": comp.sym,
                                    "revenues": [10] * len(comp.trains)})
        if r.turn_step() == "dividend":
            events += game.process({"type": "dividend", "entity": comp.sym, "kind": "withhold"})
        if not comp.trains:
            comp.cash = max(comp.cash, 1000)
            rebase(game)
            events += game.process({"type": "buy_train", "entity": comp.sym, "source": "market"})
        events += game.process({"type": "done", "entity": comp.sym})
        r = game.rules
    return events


def test_ob04_train_buyer_discount():
    game, (a,) = position([[]], era="yellow", depot={}, first_sold=(), rusted=(), limit=4)
    game.rules.depot["2"] = None
    give(game, a, "OB04")
    cash = game.rules.companies[a].cash
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})
    assert game.rules.companies[a].cash == cash - 80
    assert "20% off" in events[0]["message"]


def test_ob09_upgrade_2_to_4():
    game, (a, b) = position([["2", "3"], ["2"]], era="green", depot={"2": 0, "3": 0},
                            first_sold=("2", "3"), rusted=(), limit=4)
    give(game, a, "OB09")
    cash = game.rules.companies[a].cash
    events = game.process({"type": "upgrade_train", "entity": a, "train": "2"})
    r = game.rules
    assert sorted(r.companies[a].trains) == ["3", "4"]
    assert r.companies[a].cash == cash - 200
    assert r.companies[b].trains == []            # the first 4 rusts the 2s
    assert r.depot["4"] == 3 and r.train_limit == 3
    with pytest.raises(GameError) as exc:
        game.process({"type": "upgrade_train", "entity": a, "train": "3"})
    assert exc.value.code == "not_available"


def test_oc01_outer_station_in_seoul_before_the_war():
    game, (a, b) = position([["3"], ["3"]], era="green", step="track", limit=4,
                            depot={"2": 0}, first_sold=("2",), rusted=())
    r = game.rules
    seoul = "Seoul"
    r.hexes[seoul] = {"tile": "57", "color": "yellow", "rotation": 0, "seats": ["XX", None],
                      "outer": []}
    r.hexes[seoul]["seats"][1] = b
    r.companies[b].stations.append(seoul)
    rebase(game)
    with pytest.raises(GameError) as exc:
        game.process({"type": "build_station", "entity": a, "hex": "Seoul"})
    assert exc.value.code == "city_full"
    give(game, a, "OC01")
    tokens, cash = list(game.rules.companies[a].tokens), game.rules.companies[a].cash
    assert game.rules.companies[a].card_tokens == {"OC01": 1}      # RB §2: the card's own token
    legal = [t for t in game.legal_actions() if t["type"] == "build_station"]
    assert legal and "Seoul" in legal[0]["params"]["hex"]["choices"]
    events = game.process({"type": "build_station", "entity": a, "hex": "Seoul"})
    r = game.rules
    assert a in r.hexes[seoul]["outer"]
    assert r.companies[a].tokens == tokens and r.companies[a].cash == cash   # free, dashboard kept
    assert r.companies[a].card_tokens == {"OC01": 0}
    assert "card's own token" in events[0]["message"]


def test_seoul_first_seat_closed_before_the_war():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    game.process({"type": "lay_tile", "entity": a, "hex": "Seoul", "tile": "57"})
    with pytest.raises(GameError) as exc:
        game.process({"type": "build_station", "entity": a, "hex": "Seoul", "seat": 1})
    assert exc.value.code == "seoul_first_seat"
    game.process({"type": "build_station", "entity": a, "hex": "Seoul"})
    assert game.rules.hexes["Seoul"]["seats"] == [None, a]


def war_position(cards_by_company, north_stations, south_stations, options=None):
    """Three North companies; war revealed during OR; hexes with their stations."""
    game, syms = position([["4"], ["4"], ["4"]], era="green", depot={"2": 0, "3": 0, "4": 1},
                          first_sold=("2", "3", "4"), limit=3, rows=("north_pre",), step="trains",
                          options=options)
    r = game.rules
    r.war = "revealed"
    r.hexes = {}
    for i, sym in enumerate(syms):
        comp = r.companies[sym]
        comp.stations = []
        for hx in north_stations.get(i, []) + south_stations.get(i, []):
            st = r.hstate(hx)
            if st["color"] == "none":
                st["tile"], st["color"] = "57", "yellow"
            if None in st["seats"]:
                st["seats"][st["seats"].index(None)] = sym
            else:
                st["outer"].append(sym)
            comp.stations.append(hx)
        comp.home_placed = True
    rebase(game)
    for i, cards in cards_by_company.items():
        give(game, syms[i], *cards)
    return game, syms


def test_war_survivors_and_leavers_with_assets():
    # 0: station in a South metropolitan city (Busan) -> survives, station stays
    # 1: only North stations, OA09 Defector -> survives, may move stations south
    # 2: only North stations, no card -> leaves
    game, (a, b, c) = war_position({1: ["OA09"]}, {0: ["Pyongyang"], 1: ["Rason", "Chongjin"], 2: ["Nampo"]},
                                   {0: ["Busan"]})
    finish_or(game)
    r = game.rules
    assert r.war == "done"
    assert not r.companies[a].closed and r.companies[a].stations == ["Busan"]
    assert a in r.hexes["Busan"]["outer"]                 # tile removed, the station waits beside it
    assert not r.companies[b].closed and r.companies[b].defector_tokens == 2
    assert r.companies[c].closed
    game.process({"type": "defector_station", "entity": b, "hex": "Daegu"})
    assert game.rules.companies[b].stations == ["Daegu"]
    # the North is closed now
    comp = game.rules.current_company()
    if comp and game.rules.round == "operating":
        with pytest.raises(GameError) as exc:
            game.process({"type": "lay_tile", "entity": comp.sym, "hex": "Pyongyang", "tile": "57"})
        assert exc.value.code in ("north_closed", "step_passed")


def test_war_normal_city_station_leaves_the_game_unless_oc08_and_oa09():
    # RB §10: only stations on metropolitan tiles remain; with the reading "removed" the
    # others leave the game (the default returns them to the dashboard: test_18korea_readings)
    game, (a, b, c) = war_position({1: ["OA09", "OC08"]}, {}, {0: ["Wonju"], 1: ["Andong"], 2: ["Daegu"]},
                                   options={"war_normal_cities": "removed"})
    tokens = list(game.rules.companies[a].tokens)
    events = finish_or(game)
    r = game.rules
    assert r.companies[a].stations == [] and r.companies[a].tokens == tokens   # not back on the dashboard
    assert not r.companies[a].closed           # it had a South station when the war broke out
    assert r.companies[b].stations == ["Andong"] and b in r.hexes["Andong"]["outer"]
    assert r.hexes["Wonju"]["color"] == "none"
    war = [e for e in events if e["code"] == "korean_war"][0]
    assert "Remove from the game the stations on South Korean normal cities" in war["board"]
    assert war["params"]["stations_lost"] == {a: 1, c: 1}


def test_oa03_local_rich_does_not_save_a_north_company():
    # RB §16 OA03 only says the company has no starting city after the war; §10 still applies
    game, (a, b, c) = war_position({0: ["OA03"]}, {0: ["Pyongyang"], 1: ["Rason"], 2: ["Nampo"]}, {})
    finish_or(game)
    r = game.rules
    assert r.companies[a].closed and r.companies[b].closed and r.companies[c].closed
    assert not any(a["type"] == "defector_station" for a in game.legal_actions())


def test_export_reveals_the_war_at_once():
    game, syms = position([["3"], ["3"]], era="green", depot={"2": 0, "3": 0, "4": 2},
                          first_sold=("2", "3", "4"), limit=3, or_no=2)
    events = finish_or(game)
    codes = [e["code"] for e in events]
    assert codes.index("export") < codes.index("war_revealed") < codes.index("korean_war") \
        < codes.index("stock_round")
    assert game.rules.war == "done"


def test_export_of_the_first_4_rusts_the_2s_and_sets_limit_3():
    # RB §9.11: the first 4 exported removes the 2-trains; with the reading "lowered" it also
    # sets the limit to 3 like a sold one (the default keeps it: test_18korea_readings)
    game, (a, b) = position([["2", "3"], ["3", "3", "3", "3"]], era="green", depot={"2": 0, "3": 0},
                            first_sold=("2", "3"), rusted=(), limit=4, or_no=2,
                            options={"train_limit_on_export": "lowered"})
    events = finish_or(game)
    assert game.rules.companies[a].trains == ["3"]
    assert any(e["code"] == "rust" and "exported" in e["message"] for e in events)
    assert game.rules.train_limit == 3
    assert any(e["code"] == "train_limit" and "exported" in e["message"] for e in events)
    assert game.rules.companies[b].trains == ["3", "3", "3"]     # all one type: removed at once


def test_price_500_ends_the_game_after_the_or():
    game, (a, b) = position([["5E"], ["5E"]], step="track")
    r = game.rules
    r.set_price_idx(a, 27)            # 430
    rebase(game)
    game.process({"type": "run", "entity": a, "revenues": [900]})
    events = game.process({"type": "dividend", "entity": a, "kind": "payout"})
    assert game.rules.price(a) == 500
    assert any(e["code"] == "end_triggered" for e in events)
    assert not game.finished
    game.process({"type": "done", "entity": a})
    finish_or(game)
    assert game.finished and game.game_end_reason == "price_500"
    assert game.legal_actions() == []


def test_first_8e_last_stock_round_and_final_set():
    game, (a, b) = position([["6E"], ["6E"]], era="gray", limit=2,
                            depot={"2": 0, "3": 0, "4": 0, "5E": 0, "6E": 0},
                            first_sold=("2", "3", "4", "5E", "6E"), rusted=("2", "3"), or_no=2)
    r = game.rules
    r.companies[a].trains = ["6E"]
    rebase(game)
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})
    assert any(e["code"] == "end_triggered" for e in events)
    game.process({"type": "done", "entity": a})
    finish_or(game)
    r = game.rules
    assert r.round == "stock" and r.sr["last"] and r.auctionable() == []
    with pytest.raises(GameError) as exc:
        game.process({"type": "start_auction", "entity": r.sr_current(),
                      "company": r.rows["south_pre"][2], "bid": 0})
    assert exc.value.code == "last_stock_round"
    from engine.titles.title_18korea.scenario import end_stock_round
    end_stock_round(game)
    r = game.rules
    assert r.final_set
    comp = r.current_company()
    for bad, code in (({"type": "lay_tile", "hex": "Busan", "tile": "57"}, "final_set"),
                      ({"type": "build_station", "hex": "Busan"}, "final_set")):
        with pytest.raises(GameError) as exc:
            game.process({**bad, "entity": comp.sym})
        assert exc.value.code in (code, "step_passed")
    finish_or(game)
    finish_or(game)
    assert game.finished and game.game_end_reason == "8E_final_set"


def test_correction_is_validated_and_recorded():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    pid = game.rules.seating[0]
    with pytest.raises(GameError):
        game.process({"type": "correction", "entity": pid, "kind": "price", "company": a, "price": 61,
                      "reason": "board says so"})
    events = game.process({"type": "correction", "entity": pid, "kind": "hex", "hex": "C12",
                           "hex_kind": "small", "side": "S", "cost": 40, "reason": "river"})
    assert game.rules.map["C12"]["kind"] == "small" and game.rules.map["C12"]["cost"] == 40
    assert "C12" in events[0]["message"] and "river" in events[0]["message"]
    game.process({"type": "correction", "entity": pid, "kind": "cash", "target": a, "amount": 77,
                  "reason": "miscount"})
    assert game.rules.companies[a].cash == 77
    assert game.view()["corrections"][-1]["reason"] == "miscount"
    name = game.rules.names[pid]             # a player's cash: said with the player's name
    events = game.process({"type": "correction", "entity": pid, "kind": "cash", "target": pid,
                           "amount": 5, "reason": "miscount"})
    assert f"{name}'s cash set to ₩5" in events[0]["message"] and f": {pid}'s" not in \
        events[0]["message"]
    game.process({"type": "correction", "entity": pid, "kind": "depot", "train": "3", "count": 2,
                  "reason": "one more exported"})
    assert game.rules.depot["3"] == 2


def test_asset_cards_off_turn_and_replaced_by_the_table():
    from engine.titles.title_18korea.scenario import finish_draft, found, new_game
    g = new_game(3, seed=9)
    t = g.legal_actions()[0]
    drawn = t["params"]["card"]["choices"][0]
    # the physical card drawn differs: the table swaps the code (same tier)
    g.process({"type": "replace_asset", "entity": t["entity"], "card": drawn,
               "new_card": f"O{drawn[1]}42"})
    assert f"O{drawn[1]}42" in g.view()["round"]["offer"]
    with pytest.raises(GameError):
        g.process({"type": "replace_asset", "entity": t["entity"], "card": "OA01", "new_card": "OB77"})
    finish_draft(g)
    r = g.rules
    a, b, c = r.seating
    sym = r.rows["south_pre"][0]
    found(g, a, sym, 60)
    assert r.sr_current() == b
    card = r.hands[a][0]
    events = g.process({"type": "attach_asset", "entity": a, "card": card, "company": sym})
    assert card in r.companies[sym].assets and card not in r.hands[a]
    assert "for good" in events[0]["message"]
    # permanent: it cannot be attached again or traded away
    with pytest.raises(GameError):
        g.process({"type": "attach_asset", "entity": a, "card": card, "company": sym})
    r = g.rules
    other = r.hands[a][0]
    g.process({"type": "trade_asset", "entity": a, "card": other, "to": b, "price": 15})
    assert other in r.hands[b] and r.cash[b] == 530 - 15


def test_share_correction_moves_the_presidency():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    r = game.rules
    director = r.companies[a].director
    other = [p for p in r.seating if p != director][0]
    game.process({"type": "correction", "entity": other, "kind": "shares", "company": a,
                  "source": "company", "to": other, "count": 3, "reason": "forgot a purchase"})
    r = game.rules
    assert r.units(a, other) == 3 and r.companies[a].director == other
    with pytest.raises(GameError):
        game.process({"type": "correction", "entity": other, "kind": "shares", "company": a,
                      "source": "pool", "to": other, "count": 1, "reason": "x"})
