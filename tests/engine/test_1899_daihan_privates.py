"""1899 DAIHAN private companies (rulebook §7-8, §10): sold to companies only in phases 3-4
for 50%-200% of face and then discarded; Seoul Tram, B-E's free track, Park Ki-jong, and
Kyeongin Railway Co."""
from tests.engine.helpers_1899_daihan import (act, cash, drain, fix, give_train, next_turn,
                                              operating_game, refused)


def _phase(g, name):
    fix(g, "phase", phase=name)


def _owner(g, company):
    return g.rules.companies[company]["owner"]


def test_no_private_sales_in_phase_2_and_only_for_50_to_200_percent_of_face():
    g = operating_game()
    seller = _owner(g, "C")
    err = refused(g, "buy_company", company="C", price=50)
    assert err.code == "no_company_sales"
    _phase(g, "3")
    err = refused(g, "buy_company", company="C", price=24)
    assert err.code == "bad_company_price" and (err.params["min"], err.params["max"]) == (25, 100)
    assert refused(g, "buy_company", company="C", price=101).code == "bad_company_price"
    offer = [e for e in g.legal_actions() if e["type"] == "buy_company" and e["company"] == "C"]
    assert offer[0]["params"]["price"]["min"] == 25 and offer[0]["params"]["price"]["max"] == 100
    before = cash(g, seller)
    act(g, "buy_company", company="C", price=100)
    assert cash(g, seller) == before + 100
    assert g.rules.companies["C"]["closed"]                      # discarded: no revenue


def test_park_ki_jong_is_never_sold_to_a_company():
    g = operating_game()
    _phase(g, "3")
    assert refused(g, "buy_company", company="F", price=60).code == "park_not_for_sale"
    assert not [e for e in g.legal_actions() if e["type"] == "buy_company"
                and e["company"] == "F"]


def test_privates_are_not_sold_in_phase_5():
    g = operating_game()
    _phase(g, "5")
    assert refused(g, "buy_company", company="C", price=50).code in ("no_company_sales",
                                                                    "company_not_for_sale")


def test_a_resource_private_gives_its_buyer_a_free_track_with_its_token():
    g = operating_game()
    _phase(g, "3")
    act(g, "lay_tile", hex="Hanseong", tile="57", rotation=0)
    events = act(g, "buy_company", company="C", price=50)
    assert "resource_track_due" in [e["code"] for e in events]
    assert refused(g, "pass").code == "resource_track_first"
    assert refused(g, "lay_tile", company="C", hex="Hanseong", tile="7",
                   rotation=0).code == "resource_built"
    entries = {e["type"] for e in g.legal_actions()
               if e["type"] not in ("correction", "undo", "redo")}
    assert entries == {"lay_tile", "skip_resource_track"}
    money = cash(g, "DR")
    events = act(g, "lay_tile", company="C", hex="F9", tile="8", rotation=2)
    assert g.rules.board.laid["F9"] == ("8", 2) and cash(g, "DR") == money
    token = [e for e in events if e["code"] == "resource_token"][0]
    assert token["params"]["token"] == "coal mine" and token["params"]["hex"] == "F9"
    assert g.rules.pending_lay is None


def test_the_free_track_may_be_skipped_when_no_empty_resource_is_reached():
    g = operating_game()
    _phase(g, "4")
    act(g, "buy_company", company="E", price=25)
    act(g, "skip_resource_track", company="E")
    assert g.rules.pending_lay is None
    assert refused(g, "skip_resource_track", company="E").code == "no_free_track"


def test_seoul_tram_blocks_hanseongs_upgrade_until_sold_then_hanseong_goes_green():
    g = operating_game()
    act(g, "lay_tile", hex="Hanseong", tile="57", rotation=0)
    give_train(g, "DR")
    _phase(g, "3")
    next_turn(g, "DR")
    assert refused(g, "lay_tile", hex="Hanseong", tile="14", rotation=0).code == \
        "hanseong_blocked"
    lay = [e for e in g.legal_actions() if e["type"] == "lay_tile"][0]
    assert "Hanseong" not in lay["params"]["hex"]["choices"]
    events = act(g, "buy_company", company="A", price=40)
    assert g.rules.board.laid["Hanseong"][0] == "14"
    assert "hanseong_green" in [e["code"] for e in events]
    assert g.rules.companies["A"]["closed"]


def test_kyeongin_sold_converts_its_station_and_2_train_to_the_buyer():
    g = operating_game()
    _phase(g, "3")
    owner = _owner(g, "G")
    events = act(g, "buy_company", company="G", price=240)
    assert g.rules.board.tokens["Incheon"] == [("DR", 0)]
    assert g.rules.corps["DR"]["tokens_used"] == 2 and "2-K" in g.rules.corps["DR"]["trains"]
    assert g.rules.kyeongin_train is None and owner != "DR"
    assert "kyeongin_converted" in [e["code"] for e in events]
    act(g, "run_trains", revenues=[40])                 # runs in this very OR
    assert g.rules.round.revenue[0] == 40


def test_kyeongin_over_the_limit_loses_its_2_train_and_needs_a_free_station():
    g = operating_game()
    for _ in range(4):
        give_train(g, "DR")
    _phase(g, "3")
    act(g, "buy_company", company="G", price=120)
    assert "2-K" not in g.rules.corps["DR"]["trains"] and len(g.rules.corps["DR"]["trains"]) == 4
    g2 = operating_game()
    _phase(g2, "3")
    fix(g2, "token", op="add", corporation="DR", hex="E5", city=0)
    assert g2.rules.corps["DR"]["tokens_used"] == 2        # both par-70 stations used
    assert refused(g2, "buy_company", company="G", price=120).code == \
        "no_station_for_kyeongin"


def test_phase_4_rusts_kyeongins_train_phase_5_discards_the_privates_and_its_station():
    g = operating_game()
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "GR", "2")
    drain(g, "GR", "3")
    _phase(g, "3")
    events = act(g, "buy_train", train="4-0", price=300)
    assert "kyeongin_rusted" in [e["code"] for e in events]
    assert g.rules.kyeongin_runs() is None
    drain(g, "GR", "4")
    events = act(g, "buy_train", train="5-0", price=450)
    codes = [e["code"] for e in events]
    assert "privates_closed_phase5" in codes and "kyeongin_station_removed" in codes
    assert "hanseong_green" in codes                     # Seoul Tram discarded
    assert all(c["closed"] for c in g.rules.companies.values())
    assert ("G", 0) not in g.rules.board.tokens.get("Incheon", [])
