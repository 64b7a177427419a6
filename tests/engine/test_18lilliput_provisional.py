"""The provisional values in the book and corrected in play (train prices and counts, the
share price index), and rules the other files leave out: two trains for two companies, free
non-Y lays, a station off the network, a start price off the index, and the phone's
defaults of an optional train choice."""
import pytest

from engine.game import Game
from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput import describe
from engine.titles.title_18lilliput.words import WORDS
from tests.engine.helpers_18lilliput import (acting, correct, drafted, finish_actions,
                                             new_game, refused, run_all, take, use)


def section(game, sid):
    return next(s for s in game.book() if s.get("id") == sid)


def train_rows(game):
    return {r["train"]: r["cells"] for r in section(game, "trains")["rows"]}


def deck(game, kind):
    return sum(1 for t in game.rules.depot.upcoming if Depot.kind(t) == kind)


def fix(game, kind, **params):
    return {"type": "correction", "kind": kind, "entity": game.players[0]["id"],
            "reason": "the box says so", **params}


# -- the book shows what is provisional ------------------------------------------------------
def test_the_book_marks_the_train_prices_and_the_index_provisional():
    game = drafted(2, seed=1, options={"train_3_price": 190})
    rows = train_rows(game)
    assert set(rows) == set(D.TRAIN_TYPES)
    for t in D.TRAIN_TYPES:
        price = rows[t]["price"]
        assert price["t"] == "money"
        assert price["note"]["code"] == "note.provisional"
        assert price["note"]["message"] == "provisional: printed on the cards"
    assert rows["3"]["price"]["v"] == 190 and rows["2"]["price"]["v"] == D.TRAIN_PRICES["2"]
    index = section(game, "index")
    assert index["title"]["code"] == "book.index"
    assert "(provisional values)" in index["title"]["message"]
    assert WORDS["book.index"]["ko"] == "주가 지수 (임시 값)"
    shown = sorted(c["price"] for row in index["cells"] for c in row if c)
    assert shown == D.PRICE_INDEX


# -- corrected in play ---------------------------------------------------------------------
def test_a_train_price_corrected_in_play_is_what_the_next_purchase_costs():
    game = drafted(1, seed=0, companies=["red"], characters=["Emperor"])
    correct(game, "train_price", train="2", price=120)
    assert game.rules.depot.price("2-0") == 120
    assert train_rows(game)["2"]["price"]["v"] == 120            # the book shows it
    assert train_rows(game)["2"]["price"]["note"]["code"] == "note.provisional"
    take(game, effect="trains")
    before = game.rules.ledger.of("red")
    use(game, "buy_train", company="red", train="deck")
    assert game.rules.ledger.of("red") == before - 120
    fixes = [a for a in game.log if a["type"] == "correction"]
    assert fixes == [{"type": "correction", "kind": "train_price", "entity": "1",
                      "reason": "test", "train": "2", "price": 120}]      # in the record


def test_train_counts_corrected_in_play_add_and_remove_cards_of_the_deck_in_order():
    game = drafted(2, seed=1)
    threes, fours = deck(game, "3"), deck(game, "4")
    correct(game, "train_count", train="3", count=threes + 2)
    assert deck(game, "3") == threes + 2
    kinds = [D.TRAIN_TYPES.index(Depot.kind(t)) for t in game.rules.depot.upcoming]
    assert kinds == sorted(kinds)                      # 2s, 3s, 4s ... still in order
    assert len(set(game.rules.depot.upcoming)) == len(game.rules.depot.upcoming)
    correct(game, "train_count", train="4", count=1)
    assert deck(game, "4") == 1 and fours > 1
    correct(game, "train_count", train="3", count=0)
    assert deck(game, "3") == 0
    assert train_rows(game)["3"]["deck"]["v"] == 0 and train_rows(game)["4"]["deck"]["v"] == 1


def test_the_index_corrected_in_play_keeps_each_marker_at_its_price_or_the_next_below():
    game = drafted(2, seed=1)
    assert game.rules.price("red") == 55 and game.rules.price("yellow") == 50
    new = "10,20,30,40,50,52,55,60,70,80,90,100,120,140,160,180,200,250,320"
    correct(game, "price_index", index=new)
    values = sorted(v for row in game.rules.market.prices for v in row if v)
    assert values == [int(x) for x in new.split(",")]
    assert game.rules.price("red") == 55 and game.rules.price("yellow") == 50
    assert game.rules.opts["price_index"][-1] == 320
    correct(game, "share_price", company="red", price=320)     # the new top value
    assert game.rules.price("red") == 320
    # a price the new index lacks: the marker goes to the next value below it
    correct(game, "price_index", index="10,20,30,40,50,55,60,70,80,90,100,300")
    assert game.rules.price("red") == 300
    # a dividend moves along the new index
    finish_actions(game)
    run_all(game, revenue=0, dividend="pay")
    assert game.rules.price("red") in game.rules.opts["price_index"]
    again = Game("18Lilliput", game.players, seed=game.seed, actions=game.log)   # replays
    assert again.view() == game.view() and again.book() == game.book()


@pytest.mark.parametrize("kind,params,code", [
    ("train_price", {"train": "2", "price": 0}, "correction_value"),
    ("train_price", {"train": "2", "price": "90"}, "param_not_whole"),    # the door: a shape
    ("train_price", {"train": "9", "price": 90}, "correction_value"),
    ("train_count", {"train": "3", "count": -1}, "correction_value"),
    ("train_count", {"train": "3", "count": 31}, "correction_value"),
    ("price_index", {"index": "60,50,40,30"}, "correction_value"),
    ("price_index", {"index": "10,20,30,40"}, "correction_value"),  # no 50 or 55: the starts
    ("price_index", {"index": "10,20,x"}, "correction_value"),
    ("price_index", {"index": None}, "param_text"),                       # the door: a shape
])
def test_bad_corrections_of_the_provisional_values_are_refused_with_the_state_unchanged(
        kind, params, code):
    game = drafted(2, seed=1)
    refused(game, fix(game, kind, **params), code)


def test_the_new_corrections_are_declared_with_words():
    game = drafted(2, seed=1)
    forms = {e["kind"]: e for e in game.legal_actions() if e["type"] == "correction"}
    assert forms["train_price"]["params"]["price"]["min"] == 1
    assert forms["train_price"]["params"]["train"]["choices"] == D.TRAIN_TYPES
    assert forms["train_count"]["params"]["count"]["min"] == 0
    assert forms["price_index"]["params"]["index"]["kind"] == "text"
    assert forms["price_index"]["params"]["index"]["default"] == \
        ",".join(map(str, D.PRICE_INDEX))
    for k in ("train_price", "train_count", "price_index"):
        assert WORDS["fix." + k]["ko"] and WORDS["fix." + k]["en"]


# -- rules ---------------------------------------------------------------------------------
def test_two_trains_bought_for_two_different_companies():
    game = drafted(1, seed=0, companies=["red"], characters=["Emperor"])
    p = acting(game)
    correct(game, "cash", target=p, amount=1000)
    take(game, effect="shares")
    use(game, "found_company", company="C5", price=50, home="0,-1")
    take(game, effect="trains")
    red, c5 = game.rules.ledger.of("red"), game.rules.ledger.of("C5")
    first, second = game.rules.depot.upcoming[:2]
    use(game, "buy_train", company="red", train="deck")
    use(game, "buy_train", company="C5", train="deck")
    assert first in game.rules.companies["red"]["trains"]
    assert second in game.rules.companies["C5"]["trains"]
    assert game.rules.ledger.of("red") == red - game.rules.depot.price(first)
    assert game.rules.ledger.of("C5") == c5 - game.rules.depot.price(second)
    assert game.rules.pending is None                  # two trains: the card is used up


def test_non_y_lays_are_free():
    game = drafted(1, seed=0, companies=["red"], characters=["Emperor"])
    for pos, kind, exits in (("0,-2", "plain", "NS"), ("0,-3", "city", "NS")):
        take(game, effect="track")
        before = game.rules.ledger.of("red")
        use(game, "lay_track", company="red", pos=pos, kind=kind, exits=exits)
        assert game.rules.tiles[pos]["kind"] == kind
        assert game.rules.ledger.of("red") == before, kind
        if game.rules.pending:
            use(game, "done")
    run_all(game)
    take(game, effect="track")
    before = game.rules.ledger.of("red")
    use(game, "lay_track", company="red", pos="0,-4", kind="town", exits="NS")
    assert game.rules.ledger.of("red") == before


def test_a_station_off_the_companys_network_is_refused():
    game = drafted(2, seed=0)
    # a city card east of yellow's city whose exits do not meet it: nobody's network
    correct(game, "tile", pos="2,0", card_kind="city", colour="yellow", exits="NS", slots=1)
    take(game, effect="station")
    refused(game, {"type": "place_station", "entity": acting(game), "company": "red",
                   "pos": "2,0"}, "not_connected")


def test_a_start_price_off_the_index_is_refused():
    game = drafted(2, seed=0)
    p = acting(game)
    correct(game, "cash", target=p, amount=1000)
    take(game, effect="shares")
    err = refused(game, {"type": "found_company", "entity": p, "company": "C5", "price": 57,
                         "home": "1,0"}, "no_such_price")
    assert err.params["price"] == 57


# -- what a phone sends ----------------------------------------------------------------------
def test_an_optional_train_choice_is_shown_with_no_train_chosen():
    game = drafted(1, seed=0, companies=["red"], characters=["Emperor"])
    finish_actions(game)
    run_all(game)                                       # bureaucracy: a train to the pool
    finish_actions(game)
    assert game.rules.pool()
    run = next(e for e in game.legal_actions() if e["type"] == "run")
    pool = run["params"]["pool_train"]
    assert pool["default"] == "none" and pool["choices"][0] == "none"
    assert pool["labels"]["none"]["code"] == "choice.no_train"
    n = len(game.rules.companies["red"]["trains"])
    before = list(game.rules.pool())
    game.process({"type": "run", "entity": "red", "revenues": [50] * n, "dividend": "pay",
                  "pool_train": "none"})                # the form as shown: paid, none bought
    assert len(game.rules.companies["red"]["trains"]) == n
    assert set(before) <= set(game.rules.pool())


def test_history_lines_name_the_values_in_the_titles_words():
    line = describe({"type": "take_card", "entity": "1", "card": "A1", "effect": "trains"}, "£")
    effect = line["details"][-1]["value"]["v"]
    assert effect["code"] == "effect.trains" and effect["message"] == "buy one or two trains"
    line = describe({"type": "run", "entity": "red", "revenues": [60], "dividend": "pay",
                     "pool_train": "none"}, "£")
    codes = [d["value"]["v"]["code"] for d in line["details"] if d["value"]["t"] == "text"]
    assert codes == ["dividend.pay", "choice.no_train"]
    assert all(c in WORDS for c in codes)


def test_a_bad_set_up_index_is_refused_as_before():
    with pytest.raises(Exception) as info:
        new_game(2, options={"price_index": "10,20,30,x"})
    assert getattr(info.value, "code", None) == "bad_option"
