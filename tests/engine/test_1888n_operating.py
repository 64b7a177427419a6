"""1888-N operating rounds: home token, track and terrain, tokens, runs with the destination
bonus, dividends and the market, trains, forced purchase and bankruptcy, corrections."""
from engine.core18xx.bank import BANK
from tests.engine.helpers_1888n import (act, bank_total, lyr_operating_again, opened, rebase,
                                      rejects)
from tests.engine.legal_shape import fixed, offers


def correct(g, target, amount):
    act(g, "correction", "1", kind="cash", target=target, amount=amount, reason="test setup")


def test_first_operation_places_the_home_token_free():
    g = opened()
    v = g.view()
    assert v["acting"] == ["LYR"]
    assert v["corporations"]["LYR"]["tokens"] == [["F16", 0]]
    assert v["corporations"]["LYR"]["tokens_left"] == 2


def test_tile_lay_charges_the_hexs_terrain():
    g = opened()
    events = act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)
    assert g.rules.ledger.of("LYR") == 950 - 30
    assert events[0]["code"] == "tile_laid" and "G15" in events[0]["board"]
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "F14", "tile": "8", "rotation": 0},
            "track_done")


def test_green_tile_in_phase_2_is_refused():
    g = opened()
    err = rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "H14", "tile": "14",
                      "rotation": 0},
                  "tile_color_unavailable")
    assert "Green" in err.message


def test_tile_must_match_the_hex():
    g = opened()
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "H14", "tile": "9", "rotation": 0},
            "bad_feature")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "B18", "tile": "5", "rotation": 0},
            "bad_upgrade")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "Z99", "tile": "5", "rotation": 0},
            "unknown_hex")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "H14", "tile": "5", "rotation": 7},
            "bad_rotation")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "C5", "tile": "8", "rotation": 0},
            "hex_blocked")                       # Heng Shan is held by a player


def test_tokens_cost_40_then_60():
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)    # the city LYR's track reaches
    cash = g.rules.ledger.of("LYR")
    act(g, "place_token", "LYR", hex="H14", city=0)
    assert g.rules.ledger.of("LYR") == cash - 40
    rejects(g, {"type": "place_token", "entity": "LYR", "hex": "G11", "city": 0}, "token_done")
    assert g.rules.next_token_price("LYR") == 60


def test_action_out_of_turn_is_refused():
    g = opened()
    err = rejects(g, {"type": "buy_train", "entity": "ZDR", "train": "2-0", "price": 80},
                  "not_your_turn")
    assert "LYR" in err.message


def test_trainless_company_withholds_nothing_and_drops_left():
    g = opened()
    act(g, "buy_train", "LYR", train="2-0", price=80)
    assert g.rules.market.price("LYR") == 90                 # 95 par, left one space
    assert g.view()["depot"]["next"] == "2-1"


def test_run_with_destination_bonus_and_payout():
    g = lyr_operating_again()           # set over: a 2 exported; SR 2
    assert g.view()["acting"] == ["LYR"]
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)    # LYR's destination
    r = g.rules
    cash = {p: r.ledger.of(p) for p in ("1", "2", "3", "4")}
    act(g, "run_trains", "LYR", revenues=[70], destination=[True])
    act(g, "dividend", "LYR", kind="payout")
    r = g.rules
    assert r.ledger.of("3") - cash["3"] == 27                # 30% of 70 + 20 bonus
    assert r.ledger.of("4") - cash["4"] == 9                 # 10%; the IPO's 40% pays nobody
    assert r.market.price("LYR") == 95


def test_the_destination_bonus_needs_track_on_home_and_destination():
    # rulebook "Run trains": "Home and destination on one route pays the company's bonus";
    # no route stops on H14 (a printed city on a white hex) before a tile is laid there
    g = lyr_operating_again()
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    assert "destination" not in run["params"]
    # the door takes what the run form declares: a bonus it does not offer yet is left out
    g2 = lyr_operating_again()
    act(g2, "run_trains", "LYR", revenues=[70], destination=[True])
    # (no route reaches a stop but Yantai: the best found is 0, carried with the run)
    assert g2.log[-1] == {"type": "run_trains", "entity": "LYR", "revenues": [70], "best": 0}
    assert g2.rules.round.revenue == (70, 0)
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    assert offers(run)["destination"] == {"items": ["2"], "of": {"flag": True}}
    assert run["params"]["destination"]["defaults"] == [True]  # the best route earns it
    act(g, "run_trains", "LYR", revenues=[60], destination=[True])
    assert g.rules.round.revenue == (80, 0)                   # ¥60 + the ¥20 bonus


def until_lyr_runs(g):
    """Everyone passes until LYR may run its trains again."""
    while not any(a["type"] == "run_trains" for a in g.legal_actions()):
        act(g, "pass", g.rules.acting()[0])


def test_without_a_map_a_bonus_starts_ticked_as_the_last_run_claimed_it():
    g = lyr_operating_again()
    g.rules.MAP = None        # as a title that declares no map: no best routes to start from
    rebase(g)
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    act(g, "run_trains", "LYR", revenues=[60], destination=[True])
    act(g, "dividend", "LYR", kind="payout")
    act(g, "buy_train", "LYR", train="2-2", price=80)
    until_lyr_runs(g)
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    # 2-0 claimed it last time; 2-2 is new, and a train of the company claimed it: ticked
    assert run["params"]["destination"]["defaults"] == [True, True]
    act(g, "run_trains", "LYR", revenues=[60, 30], destination=[True, False])
    act(g, "dividend", "LYR", kind="payout")
    until_lyr_runs(g)
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    assert run["params"]["destination"]["defaults"] == [True, False]   # as each train ran
    # the start is only where the form starts: the run posted without it earns no bonus
    act(g, "run_trains", "LYR", revenues=[60, 30])
    assert g.rules.round.revenue == (90, 0)



def test_with_the_map_the_bonus_starts_ticked_where_the_best_routes_earn_it():
    g = lyr_operating_again()
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    act(g, "run_trains", "LYR", revenues=[70], destination=[True])
    act(g, "dividend", "LYR", kind="payout")
    act(g, "buy_train", "LYR", train="2-2", price=80)
    until_lyr_runs(g)
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    # one track to Qingdao: 2-0 runs F16-H14-H16 (¥70 + bonus), 2-2 has no route left
    assert run["params"]["revenues"]["defaults"] == [70, 0]
    assert run["params"]["destination"]["defaults"] == [True, False]


def test_withhold_goes_to_the_treasury_and_moves_left():
    g = lyr_operating_again()
    before = g.rules.ledger.of("LYR")
    price = g.rules.market.price("LYR")
    act(g, "run_trains", "LYR", revenues=[50])
    act(g, "dividend", "LYR", kind="withhold")
    assert g.rules.ledger.of("LYR") == before + 50
    assert g.rules.market.price("LYR") < price


def test_trains_must_run_before_buying_and_dividend_before_moving_on():
    g = lyr_operating_again()
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-2", "price": 80}, "run_first")
    act(g, "run_trains", "LYR", revenues=[40])
    rejects(g, {"type": "pass", "entity": "LYR"}, "dividend_pending")
    rejects(g, {"type": "run_trains", "entity": "LYR", "revenues": [10]}, "already_ran")
    rejects(g, {"type": "dividend", "entity": "LYR", "kind": "half"}, "bad_dividend")


def test_bad_run_entries():
    g = lyr_operating_again()
    # the run form declares one revenue per train (one train here), 0-1500 in tens
    rejects(g, {"type": "run_trains", "entity": "LYR", "revenues": [10, 10]}, "param_list")
    rejects(g, {"type": "run_trains", "entity": "LYR", "revenues": [-10]}, "bad_revenue")
    rejects(g, {"type": "run_trains", "entity": "LYR", "revenues": [15]}, "param_range")
    rejects(g, {"type": "run_trains", "entity": "LYR", "revenues": [10.0]}, "param_not_whole")
    # a bonus the form does not offer (no mine tile laid) is left out, not paid
    act(g, "run_trains", "LYR", revenues=[10], mine=[True])
    assert g.rules.round.revenue == (10, 0)


def test_a_train_the_company_cannot_afford_is_refused():
    g = opened()
    act(g, "buy_train", "LYR", train="2-0", price=80)
    correct(g, "LYR", -(g.rules.ledger.of("LYR") - 50))
    err = rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-1", "price": 80},
                  "cannot_afford_train")
    assert "¥50" in err.message
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "3-0", "price": 180},
            "train_unavailable")
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-1", "price": 70}, "wrong_price")


def test_no_private_purchases_in_phase_2():
    g = opened()
    rejects(g, {"type": "buy_company", "entity": "LYR", "company": "KT", "price": 20},
            "no_company_sales")


def test_trainless_company_must_buy_and_the_president_pays_the_rest():
    g = opened()
    correct(g, "LYR", -950)
    correct(g, "3", -(g.rules.ledger.of("3") - 30))
    rejects(g, {"type": "pass", "entity": "LYR"}, "must_buy_train")
    err = rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-0", "price": 80},
                  "president_short")
    assert err.params["short"] == 80
    legal = g.legal_actions()
    sale = next(a for a in legal if a["type"] == "sell_shares" and a["entity"] == "3")
    assert sale["corporation"] == "LYR" and offers(sale) == {"percent": {"choices": [10]}}
    rejects(g, {"type": "sell_shares", "entity": "3", "corporation": "LYR", "percent": 20},
            "president_cert")
    rejects(g, {"type": "sell_shares", "entity": "1", "corporation": "LYR", "percent": 10},
            "not_your_turn")
    act(g, "sell_shares", "3", corporation="LYR", percent=10)
    events = act(g, "buy_train", "LYR", train="2-0", price=80)
    assert g.rules.ledger.of("LYR") == 0
    assert any(e["code"] == "president_contributes" for e in events)


def test_bankruptcy_ends_the_game_at_once():
    g = opened()
    correct(g, "LYR", -950)
    correct(g, "3", -g.rules.ledger.of("3"))
    act(g, "correction", "1", kind="share_price", corporation="LYR", space="8,0", reason="test")
    rejects(g, {"type": "bankrupt", "entity": "ZDR"}, "not_your_turn")
    total = bank_total(g)
    assert {"type": "bankrupt", "entity": "LYR"} in [fixed(e) for e in g.legal_actions()]
    events = act(g, "bankrupt", "LYR")
    assert g.finished and g.game_end_reason == "bankrupt"
    assert events[-1]["code"] == "game_over"
    assert bank_total(g) == total
    assert g.legal_actions() == []


def test_correction_needs_a_reason_and_conserves_money():
    g = opened()
    total = bank_total(g)
    rejects(g, {"type": "correction", "entity": "1", "kind": "cash", "target": "2", "amount": 5},
            "correction_reason")
    rejects(g, {"type": "correction", "entity": "1", "kind": "cash", "target": "bank", "amount": 5,
                "reason": "x"}, "bad_target")
    rejects(g, {"type": "correction", "entity": "LYR", "kind": "cash", "target": "2", "amount": 5,
                "reason": "x"}, "bad_entity")
    act(g, "correction", "1", kind="cash", target="2", amount=-5, reason="paid twice")
    assert bank_total(g) == total and g.rules.ledger.of(BANK) > 0
    act(g, "correction", "1", kind="train", corporation="LYR", train="2-0", op="give",
        reason="board")
    assert g.rules.corps["LYR"]["trains"] == ["2-0"]


def test_an_operating_round_with_no_company_to_operate_can_be_shown():
    """A round that finishes as it starts (no company floated, or every one closed) is shown
    with no company operating and no run, not an error (it had no revenue until a company ran)."""
    from engine.core18xx.rounds.operating import OperatingRound
    from tests.engine.helpers_1888n import finish_auction, new_game
    g = new_game()
    finish_auction(g)
    rules = g.rules
    assert not any(c["floated"] for c in rules.corps.values())
    empty = OperatingRound(rules, rules.OPERATING_STEPS, 1, 2)
    assert empty.finished and empty.corp is None
    shown = empty.view(rules)
    assert shown == {"round_num": 1, "rounds_in_set": 2, "order": [], "operating": None,
                     "stage": None, "revenue": None}
