"""The rule readings a table chooses (engine/titles/title_18korea/readings.py), each played
both ways: RB §9.8 forced purchase and trades, §10 stations on South normal cities, §7.3 the
bid cap, §11 c / §8 the 8E trigger, §9.9 / §9.11 an exported first 4 and the train limit.
Also: the options are validated at set-up, recorded, replayed and shown."""
import pytest

from engine import Game, GameError
from engine.contract import check_book, check_value
from engine.records import replay
from engine.titles import get
from tests.bots.korea18 import play
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.readings import OPTIONS
from engine.titles.title_18korea.scenario import finish_draft, found, new_game, pass_until
from engine.words import words_of
from tests.engine.test_18korea_assets_end import finish_or, war_position
from tests.engine.test_18korea_errors import refused
from tests.engine.test_18korea_examples import position, rebase

ALTERNATIVE = {"forced_purchase": "trade", "war_normal_cities": "removed", "bid_cap": "sellable",
               "game_end_8e": "on_sale", "train_limit_on_export": "lowered"}


# --- set-up: validated, defaults recorded, replayed, shown ------------------------------
def test_options_are_validated_at_set_up():
    with pytest.raises(GameError) as exc:
        new_game(3, options={"bid_cap": "anything"})
    assert exc.value.code == "bad_option" and exc.value.params["allowed"] == ["literal", "sellable"]
    with pytest.raises(GameError) as exc:
        new_game(3, options={"no_such_rule": "x"})
    assert exc.value.code == "bad_option" and "bid_cap" in exc.value.params["allowed"]
    with pytest.raises(GameError) as exc:
        new_game(3, options=["bid_cap"])
    assert exc.value.code == "bad_option"
    with pytest.raises(GameError) as exc:       # 1888-N's options are choices too
        Game("1888-N", ["A", "B", "C"], options={"seating": True})
    assert exc.value.code == "bad_option" and exc.value.params["allowed"] == ["given", "random"]


def test_the_defaults_are_the_rulebook_readings_and_are_recorded():
    game = new_game(3)
    assert game.options == {name: p["default"] for name, p in OPTIONS.items()}
    assert game.options == {"forced_purchase": "market", "war_normal_cities": "dashboard",
                            "bid_cap": "literal", "game_end_8e": "sold",
                            "train_limit_on_export": "unchanged"}
    assert game.record()["options"] == game.options


def test_the_record_round_trips_the_chosen_readings():
    game = new_game(4, seed=5, options=ALTERNATIVE)
    play(game, seed=5)
    again = replay(game.record())
    assert again.ok and again.game.options == {**ALTERNATIVE}
    assert again.game.view() == game.view() and again.game.result() == game.result()


def test_readings_are_a_facts_section_and_in_the_view():
    game = new_game(3, options={"bid_cap": "sellable"})
    section = game.rules.readings()
    check_book([section])
    assert section["kind"] == "facts" and len(section["items"]) == len(OPTIONS)
    values = {item["label"]["code"]: item["value"]["v"]["code"] for item in section["items"]}
    assert values["reading_bid_cap"] == "reading_bid_cap_sellable"
    assert values["reading_forced_purchase"] == "reading_forced_purchase_market"
    view = game.view()
    assert view["readings"]["bid_cap"]["value"] == "sellable"
    assert "sum of all your shares and cash" in view["readings"]["bid_cap"]["rule"]
    assert view["end"]["8e_trigger"] == OPTIONS["game_end_8e"]["labels"]["sold"]["message"]
    assert "auction_payment" in view["readings"]           # the settled readings stay
    words = words_of(get("18Korea"))[0]
    for p in OPTIONS.values():                              # every word in Korean too
        for m in [p["label"], p["rule"], *p["labels"].values()]:
            assert words[m["code"]]["en"] == m["message"] and words[m["code"]]["ko"]


# --- RB §9.8: forced purchase with a trade open -----------------------------------------
def broke_company(reading, shared_city=True):
    """a: no train, ₩50 (a 3-train costs ₩180); its director has no cash; b has trains and
    (``shared_city``) a station in a's start city."""
    game, (a, b) = position([[], ["3", "3"]], era="green", depot={"2": 0}, first_sold=("2",),
                            rusted=(), limit=4, options={"forced_purchase": reading})
    r = game.rules
    if shared_city:
        home = r.companies[a].home
        r.hstate(home)["outer"].append(b)
        r.companies[b].stations.append(home)
    r.companies[a].cash = 50
    director = r.companies[a].director
    r.pay(director, "bank", r.cash[director])
    rebase(game)
    return game, a, b, director


def test_forced_purchase_market_reading_closes_trades_and_offers_bankruptcy():
    game, a, b, director = broke_company("market")
    legal = game.legal_actions()
    assert not [t for t in legal if t["type"] == "buy_train" and t.get("source") == b]
    assert any(t["type"] == "bankrupt" and t["entity"] == director for t in legal)
    refused(game, {"type": "buy_train", "entity": a, "source": b, "train": "3", "price": 1,
                   "connected": True}, "forced_from_market")
    events = game.process({"type": "bankrupt", "entity": director})
    assert game.finished and game.game_end_reason == "bankruptcy"
    assert any(e["code"] == "bankrupt" for e in events)


def test_forced_purchase_trade_reading_keeps_the_trade_and_refuses_bankruptcy():
    game, a, b, director = broke_company("trade")
    legal = game.legal_actions()
    assert any(t["type"] == "buy_train" and t.get("source") == b for t in legal)
    assert not any(t["type"] == "bankrupt" for t in legal)
    refused(game, {"type": "bankrupt", "entity": director}, "trade_open")
    game.process({"type": "buy_train", "entity": a, "source": b, "train": "3", "price": 1,
                  "connected": True})
    assert game.rules.companies[a].trains == ["3"] and game.rules.companies[a].cash == 49
    assert not game.finished


def test_trade_reading_without_a_shared_city_leaves_bankruptcy_to_the_table():
    # reach is the table's judgement: with no city shared, bankruptcy is offered, and a trade
    # the table confirms as connected is still taken
    game, a, b, director = broke_company("trade", shared_city=False)
    legal = game.legal_actions()
    assert any(t["type"] == "bankrupt" for t in legal)
    assert any(t["type"] == "buy_train" and t.get("source") == b for t in legal)
    game.process({"type": "buy_train", "entity": a, "source": b, "train": "3", "price": 1,
                  "connected": True})
    assert game.rules.companies[a].trains == ["3"]


def test_forced_purchase_with_a_director_who_can_pay_is_the_same_both_ways():
    for reading in ("market", "trade"):
        game, a, b, director = broke_company(reading)
        game.rules.pay("bank", director, 300)
        rebase(game)
        events = game.process({"type": "buy_train", "entity": a, "source": "market"})
        r = game.rules
        assert r.companies[a].trains == ["3"] and r.cash[director] == 300 - 130
        assert any(e["code"] == "forced_purchase" for e in events)


# --- RB §10: stations on South Korean normal cities at the war ---------------------------
def war_events(reading):
    game, (a, b, c) = war_position({}, {}, {0: ["Wonju"], 1: ["Busan"], 2: ["Daegu", "Incheon"]},
                                   options={"war_normal_cities": reading})
    tokens = {s: list(game.rules.companies[s].tokens) for s in (a, b, c)}
    events = finish_or(game)
    war = [e for e in events if e["code"] == "korean_war"][0]
    return game, (a, b, c), tokens, war


def fates(war):
    out = set()
    for v in war["params"]["stations"]:
        check_value(v, "stations")
        m = v["v"]
        out.add((m["code"], m["params"]["company"], m["params"]["hex"]))
    return out


def test_war_normal_city_stations_go_back_to_the_dashboard_by_default():
    game, (a, b, c), tokens, war = war_events("dashboard")
    r = game.rules
    assert r.companies[a].stations == [] and not r.companies[a].closed
    # the token fills the rightmost empty space: the home station's, free (data.PROVISIONAL)
    assert r.companies[a].tokens == [0] + tokens[a]
    assert r.companies[c].stations == ["Incheon"] and r.companies[c].tokens == [0] + tokens[c]
    assert r.companies[b].stations == ["Busan"] and b in r.hexes["Busan"]["outer"]
    assert fates(war) == {("war_station_returned", a, "Wonju"), ("war_station_kept", b, "Busan"),
                          ("war_station_returned", c, "Daegu"), ("war_station_kept", c, "Incheon")}
    assert war["params"]["stations_returned"] == {a: 1, c: 1} and war["params"]["stations_lost"] == {}
    assert "back on their companies' dashboards" in war["board"]
    assert f"{a}'s station in Wonju goes back to its dashboard" in war["message"]
    assert war["params"]["reading"] == "dashboard"


def test_war_normal_city_stations_leave_the_game_with_the_reading_removed():
    game, (a, b, c), tokens, war = war_events("removed")
    r = game.rules
    assert r.companies[a].stations == [] and r.companies[a].tokens == tokens[a]
    assert r.companies[c].stations == ["Incheon"] and r.companies[c].tokens == tokens[c]
    assert fates(war) == {("war_station_removed", a, "Wonju"), ("war_station_kept", b, "Busan"),
                          ("war_station_removed", c, "Daegu"), ("war_station_kept", c, "Incheon")}
    assert war["params"]["stations_lost"] == {a: 1, c: 1} and war["params"]["stations_returned"] == {}
    assert "Remove from the game the stations on South Korean normal cities" in war["board"]


def test_war_station_words_exist_in_korean():
    words = words_of(get("18Korea"))[0]
    for fate in ("kept", "protected", "returned", "removed", "defector"):
        assert "%(company)s" in words[f"war_station_{fate}"]["ko"]
    assert "%(stations_part)s" in words["korean_war"]["ko"]


# --- RB §7.3: the bid cap, and a winner who cannot pay ------------------------------------
def second_auction(reading):
    """P1 founds a company at par 100 (₩200 left, its 20% certificate worth ₩200), and on
    their next turn auctions another."""
    game = new_game(4, seed=2, options={"bid_cap": reading})
    finish_draft(game)
    r = game.rules
    a = r.seating[0]
    first, second = r.rows["south_pre"][:2]
    found(game, a, first, 100)
    pass_until(game, a)
    return game, a, first, second


def test_literal_bid_cap_is_cash_plus_shares_and_a_winner_who_cannot_pay_goes_bankrupt():
    game, a, first, second = second_auction("literal")
    r = game.rules
    assert r.cash[a] == 200 and r.bid_cap(a) == 200 + 2 * r.price(first) == 400
    refused(game, {"type": "start_auction", "entity": a, "company": second, "bid": 405},
            "bid_over_means")
    game.process({"type": "start_auction", "entity": a, "company": second, "bid": 400})
    while game.rules.sr["auction"]:
        game.process({"type": "pass", "entity": game.rules.sr["auction"]["to_act"]})
    # the director's certificate cannot be sold (nobody else holds 20%): ₩200 < ₩400 + ₩120
    legal = [t for t in game.legal_actions() if t.get("entity") == a]
    assert [t["type"] for t in legal if t["type"] in ("par", "bankrupt")] == ["bankrupt"]
    refused(game, {"type": "par", "entity": a, "price": 60}, "no_cash")
    events = game.process({"type": "bankrupt", "entity": a})
    assert game.finished and game.game_end_reason == "bankruptcy"
    assert any(e["code"] == "bankrupt" and e["params"]["bid"] == 400 for e in events)


def test_literal_bid_cap_winner_who_can_pay_is_not_bankrupt():
    game, a, first, second = second_auction("literal")
    game.process({"type": "start_auction", "entity": a, "company": second, "bid": 80})
    while game.rules.sr["auction"]:
        game.process({"type": "pass", "entity": game.rules.sr["auction"]["to_act"]})
    assert not any(t["type"] == "bankrupt" for t in game.legal_actions())
    refused(game, {"type": "bankrupt", "entity": a}, "not_bankrupt")
    game.process({"type": "par", "entity": a, "price": 60})
    assert game.rules.companies[second].founded and game.rules.cash[a] == 0


def test_sellable_bid_cap_keeps_the_winner_able_to_pay():
    game, a, first, second = second_auction("sellable")
    r = game.rules
    assert r.bid_cap(a) == 200 - 2 * D.PAR_PRE_WAR[0] == 80   # the certificate cannot be sold
    err = refused(game, {"type": "start_auction", "entity": a, "company": second, "bid": 400},
                  "bid_over_means")
    assert err.params["max"] == 80


# --- RB §11 c / §8: the 8E trigger ---------------------------------------------------------
def last_6e(reading):
    return position([[]], era="brown", depot={"2": 0, "3": 0, "4": 0, "5E": 0, "6E": 1},
                    first_sold=("2", "3", "4", "5E", "6E"), rusted=("2", "3"), limit=2,
                    options={"game_end_8e": reading})


def test_8e_trigger_when_the_first_8e_is_sold_by_default():
    game, (a,) = last_6e("sold")
    assert not [t for t in game.view()["next_train"]["triggers"] if t["code"] == "next_game_end"]
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})   # the last 6E
    assert not any(e["code"] == "end_triggered" for e in events)
    assert game.rules.eight_e_set is None and game.rules.market_head() == "8E"
    assert [t for t in game.view()["next_train"]["triggers"] if t["code"] == "next_game_end"]
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})   # the first 8E
    assert any(e["code"] == "end_triggered" and e["params"]["reading"] == "sold" for e in events)
    assert game.rules.eight_e_set == game.rules.set_no
    assert game.view()["end"]["first_8e_set"] == game.rules.set_no


def test_8e_trigger_when_the_first_8e_goes_on_sale():
    game, (a,) = last_6e("on_sale")
    assert [t for t in game.view()["next_train"]["triggers"] if t["code"] == "next_game_end"]
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})   # the last 6E
    assert any(e["code"] == "end_triggered" and e["params"]["reading"] == "on_sale" for e in events)
    assert game.rules.eight_e_set == game.rules.set_no
    assert game.view()["end"]["8e_trigger"].startswith("When it goes on sale")
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})   # the first 8E
    assert not any(e["code"] == "end_triggered" for e in events)                    # once only
    assert any(e["code"] == "rust" for e in events)                                 # 4s still rust


# --- RB §9.9 / §9.11: the first 4 exported -------------------------------------------------
def export_first_4(reading):
    game, (a, b) = position([["2", "3"], ["3", "3", "3", "3"]], era="green", depot={"2": 0, "3": 0},
                            first_sold=("2", "3"), rusted=(), limit=4, or_no=2,
                            options={"train_limit_on_export": reading})
    return game, (a, b), finish_or(game)


def test_exported_first_4_leaves_the_limit_by_default():
    game, (a, b), events = export_first_4("unchanged")
    r = game.rules
    assert r.companies[a].trains == ["3"]                             # RB §9.11: the 2s go
    assert r.train_limit == 4 and r.companies[b].trains == ["3"] * 4
    assert not any(e["code"] == "train_limit" for e in events)
    assert [t for t in game.view()["next_train"]["triggers"] if t["code"] == "next_train_limit"]


def test_exported_first_4_lowers_the_limit_with_the_reading_lowered():
    game, (a, b), events = export_first_4("lowered")
    assert game.rules.train_limit == 3 and game.rules.companies[b].trains == ["3"] * 3
    assert not [t for t in game.view()["next_train"]["triggers"] if t["code"] == "next_train_limit"]


def test_after_an_exported_4_the_first_4_sold_lowers_the_limit():
    # the first 4 left the market by export (2s removed, limit kept); the first sold sets it
    game, (a, b) = position([[], ["3", "3", "3", "3"]], era="green", depot={"2": 0, "3": 0, "4": 3},
                            first_sold=("2", "3"), rusted=("2",), limit=4)
    game.rules.left_market["4"] = 1
    rebase(game)
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})
    assert game.rules.train_limit == 3
    assert any(e["code"] == "train_limit" and "sold" in e["message"] for e in events)
    assert not any(e["code"] == "rust" for e in events)
    assert game.rules.companies[b].trains == ["3"] * 3


# --- whole games under the other readings --------------------------------------------------
def test_a_bot_game_under_every_other_reading_ends_with_balanced_books():
    from tests.engine.test_18korea_games import check_books
    game = new_game(3, seed=4, options=ALTERNATIVE)
    play(game, seed=4)
    assert game.finished
    check_books(game)


# --- the book: the readings section says every reading; the status only the final set -------
def status_items(book):
    status = next(s for s in book if s["id"] == "status")
    return {item["label"]["code"]: item["value"]["v"] for item in status["items"]}


@pytest.mark.parametrize("chosen", [{}, ALTERNATIVE], ids=["defaults", "alternatives"])
def test_the_book_shows_the_readings_in_their_section_not_in_its_status(chosen):
    """The end's readings (RB §11 c / §8 the 8E trigger, §9.9 / §9.11 an exported first 4)
    are said by the "Rule readings" section like the others; the status, which the
    one-screen summary shows, says only where the game is."""
    game = new_game(3, options=chosen)
    book = game.book()
    check_book(book)
    options = game.options
    readings = next(s for s in book if s["id"] == "readings")
    assert not readings.get("glance")
    assert {i["label"]["code"]: i["value"]["v"]["code"] for i in readings["items"]} == \
        {f"reading_{name}": f"reading_{name}_{options[name]}" for name in OPTIONS}
    status = status_items(book)
    assert not [code for code in status if "reading" in code or "8e" in code or "export" in code]
    assert "book.final_set" not in status
    words = words_of(get("18Korea"))[0]
    for i in readings["items"]:
        for m in (i["label"], i["value"]["v"]):
            assert words[m["code"]]["ko"] and words[m["code"]]["en"] == m["message"]


def test_the_book_status_says_the_final_set():
    game = new_game(3, options={"train_limit_on_export": "lowered"})
    game.rules.final_set = True
    status = status_items(game.book())
    assert status["book.final_set"] is True
