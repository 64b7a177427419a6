"""1888-N trains and privates: export, rust, phases, limits and discards, the D trade-in,
trains between companies, privates bought by companies, their tile lays, Heng Shan's ¥40,
privates closing on the first 5."""
from tests.engine.helpers_1888n import act, opened, rejects, rig_trains


def codes(events):
    return [e["code"] for e in events]


def test_a_2_is_exported_at_the_end_of_the_set():
    g = opened()
    act(g, "buy_train", "LYR", train="2-0", price=80)
    events = act(g, "pass", "LYR")
    assert "train_exported" in codes(events)
    exported = next(e for e in events if e["code"] == "train_exported")
    assert exported["params"]["train"] == "2-1" and "Remove" in exported["board"]
    assert g.view()["depot"]["next"] == "2-2"


def test_no_export_once_the_next_train_is_a_5():
    g = opened()
    rig_trains(g, "4", ["5-0", "5-1"], {})
    act(g, "buy_train", "LYR", train="5-0", price=500)
    events = act(g, "pass", "LYR")
    assert "train_exported" not in codes(events)


def test_first_4_starts_phase_4_rusts_the_2s_and_lowers_the_limit():
    g = opened()
    rig_trains(g, "3", ["4-0", "4-1"], {"LYR": ["2-0", "3-0", "3-1"]})
    act(g, "run_trains", "LYR", revenues=[0, 0, 0])
    events = act(g, "buy_train", "LYR", train="4-0", price=300)
    assert "phase_changed" in codes(events) and "trains_rusted" in codes(events)
    r = g.rules
    assert r.phase["name"] == "4" and r.corps["LYR"]["trains"] == ["3-0", "3-1", "4-0"]
    rust = next(e for e in events if e["code"] == "trains_rusted")
    assert "2-trains" in rust["board"] and "LYR" in rust["board"]


def test_over_the_limit_after_a_phase_change_discards_to_the_pool():
    g = opened()
    rig_trains(g, "3", ["4-0", "4-1"], {"LYR": ["3-0", "3-1", "3-2"]})
    act(g, "run_trains", "LYR", revenues=[0, 0, 0])
    events = act(g, "buy_train", "LYR", train="4-0", price=300)
    assert "must_discard" in codes(events) and g.view()["acting"] == ["LYR"]
    rejects(g, {"type": "pass", "entity": "LYR"}, "must_discard")
    act(g, "discard_train", "LYR", train="3-2")
    r = g.rules
    assert r.depot.discarded == ["3-2"] and "3-2" in r.depot.available()


def test_d_trade_in_costs_700():
    g = opened()
    rig_trains(g, "6", ["D-0"], {"LYR": ["4-0"]})
    act(g, "run_trains", "LYR", revenues=[0])
    cash = g.rules.ledger.of("LYR")
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "D-0", "price": 800}, "wrong_price")
    events = act(g, "buy_train", "LYR", train="D-0", price=700, exchange="4-0")
    r = g.rules
    assert r.ledger.of("LYR") == cash - 700 and r.corps["LYR"]["trains"] == ["D-0"]
    assert r.phase["name"] == "D" and "train_traded_in" in codes(events)
    assert r.depot.next_train() == "D-1"                  # D trains are unlimited


def test_first_5_closes_the_privates():
    g = opened()
    rig_trains(g, "4", ["5-0"], {})
    events = act(g, "buy_train", "LYR", train="5-0", price=500)
    assert "privates_closed" in codes(events)
    assert all(c["closed"] for c in g.rules.companies.values())
    r = g.rules
    assert r.result()["1"] == r.ledger.of("1") + r.market.price("LYR")   # 10% LYR; no privates left


def test_trains_between_companies_from_phase_3_at_one_yen_or_more():
    g = opened()
    rig_trains(g, "2", [], {"ZDR": ["2-5"]})
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-5", "price": 10},
            "no_train_trading")
    rig_trains(g, "3", ["3-0"], {})
    rejects(g, {"type": "buy_train", "entity": "LYR", "train": "2-5", "price": 0}, "bad_price")
    act(g, "buy_train", "LYR", train="2-5", price=1)
    assert g.rules.ledger.of("ZDR") == 1 and g.rules.corps["LYR"]["trains"] == ["2-5"]


def test_companies_buy_privates_for_50_to_150_percent_from_phase_3():
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    rejects(g, {"type": "buy_company", "entity": "LYR", "company": "YRF", "price": 188},
            "bad_company_price")
    rejects(g, {"type": "buy_company", "entity": "LYR", "company": "YRF", "price": 62},
            "bad_company_price")
    act(g, "buy_company", "LYR", company="YRF", price=187)
    r = g.rules
    assert r.companies["YRF"]["owner"] == "LYR" and r.ledger.of("1") >= 187


def test_private_tile_lays_are_extra_and_free():
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    act(g, "buy_company", "LYR", company="TA", price=75)
    act(g, "buy_company", "LYR", company="HS", price=112)
    cash = g.rules.ledger.of("LYR")
    act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)             # the normal lay: ¥30
    act(g, "lay_tile", "LYR", company="TA", hex="H2", tile="L39", rotation=5)
    act(g, "lay_tile", "LYR", company="HS", hex="C5", tile="L41", rotation=1)
    assert g.rules.ledger.of("LYR") == cash - 30
    rejects(g, {"type": "lay_tile", "entity": "LYR", "company": "TA", "hex": "H2", "tile": "L39",
                "rotation": 5}, "ability_used")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "company": "CW", "hex": "C7", "tile": "8",
                "rotation": 0}, "no_ability")


def test_special_tiles_only_through_their_private():
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "H2", "tile": "L39", "rotation": 0},
            "special_tile")
    rejects(g, {"type": "lay_tile", "entity": "LYR", "hex": "G15", "tile": "L41", "rotation": 0},
            "special_tile")


def test_heng_shan_pays_40_to_the_treasury_per_train_through_it():
    g = opened()
    rig_trains(g, "3", ["3-0"], {"LYR": ["2-0"]})
    act(g, "buy_company", "LYR", company="HS", price=112)
    act(g, "lay_tile", "LYR", company="HS", hex="C5", tile="L41", rotation=1)
    cash = g.rules.ledger.of("LYR")
    act(g, "run_trains", "LYR", revenues=[20], mine=[True])
    act(g, "dividend", "LYR", kind="payout")
    assert g.rules.ledger.of("LYR") == cash + 40


def test_the_great_wall_lays_two_free_yellow_tiles_on_wall_hexes():
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    act(g, "buy_company", "LYR", company="CW", price=150)
    cash = g.rules.ledger.of("LYR")
    act(g, "lay_tile", "LYR", company="CW", hex="C7", tile="8", rotation=0)
    act(g, "lay_tile", "LYR", company="CW", hex="B8", tile="9", rotation=1)
    assert g.rules.ledger.of("LYR") == cash
    assert not any(e.get("company") == "CW" for e in g.legal_actions())   # its two lays used


def test_with_18xx_games_compat_companies_trade_trains_in_phase_2():
    from engine import Game
    from tests.engine.helpers_1888n import finish_auction, float_lyr
    g = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=1, options={"compat": "18xx.games"})
    finish_auction(g)
    float_lyr(g)
    rig_trains(g, "2", ["2-0"], {"ZDR": ["2-5"]})
    act(g, "buy_train", "LYR", train="2-5", price=10)
    assert g.rules.corps["LYR"]["trains"] == ["2-5"]
