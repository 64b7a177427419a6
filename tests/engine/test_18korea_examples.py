"""18Korea rulebook worked examples: §9.5 (revenue, express rule) and §9.9 (train
limits and rust), played through the engine."""
import pickle

import pytest

from engine import GameError
from engine.titles.title_18korea.operating import express_total
from engine.titles.title_18korea.scenario import end_stock_round, finish_draft, found, new_game


def rebase(game):
    """Make the (hand-arranged) current state the game's starting point."""
    game._snapshots = {0: pickle.dumps(game.rules)}
    game.effective, game.log, game._undone = [], [], []
    game._legal = None             # listed again from the state set by hand


def position(trains: list[list[str]], era="brown", depot=None, limit=3, first_sold=("2", "3", "4", "5E"),
             rusted=("2",), acting=0, step="trains", or_no=1, rows=("south_pre", "north_pre"), seed=11,
             options=None):
    """A 4-player game with one company per list in ``trains``, ``acting`` operating
    (``options``: the table's readings)."""
    game = new_game(4, seed=seed, options=options)
    finish_draft(game)
    r = game.rules
    syms = [s for row in rows for s in r.rows[row]][:len(trains)]
    for i, sym in enumerate(syms):
        found(game, r.seating[i], sym, 100)
    end_stock_round(game)
    for i, sym in enumerate(syms):
        comp = r.companies[sym]
        comp.trains = list(trains[i])
        comp.cash = 2000
        r.set_price_idx(sym, r.price_idx[sym] + (len(syms) - i))   # first listed operates first
    r.depot.update(depot if depot is not None else {"2": 0, "3": 0, "4": 0, "5E": 0})
    r.first_sold, r.rusted = set(first_sold), set(rusted)
    r.train_limit, r.era = limit, era
    r.or_no = or_no
    r.or_total = 3
    r.ors = {"done": [s for j, s in enumerate(syms) if j < acting], "turn": {
        "company": syms[acting], "step": step, "tp": 3, "built": [], "station": False,
        "revenue": 0}}
    rebase(game)
    return game, syms


def messages(events):
    return " | ".join(e["message"] for e in events)


# --- §9.5 calculate revenue ------------------------------------------------------
def test_express_total_function():
    assert express_total(["2", "3", "3", "3"], [50, 40, 80, 90]) == (260, "")
    assert express_total(["4", "5E"], [150, 170]) == (320, "")
    assert express_total(["5E", "8E"], [180, 220])[0] == 360
    assert express_total(["5E", "6E", "8E"], [200, 150, 300])[0] == 450     # tripled lowest


@pytest.mark.parametrize("trains,revenues,total,era", [
    (["2", "3", "3", "3"], [50, 40, 80, 90], 260, "green"),   # example 1
    (["4", "5E"], [150, 170], 320, "brown"),                 # example 2
    (["5E", "8E"], [180, 240], 360, "gray"),                 # example 3
])
def test_revenue_examples_9_5(trains, revenues, total, era):
    game, syms = position([trains], era=era, step="track", limit=4)
    sym = syms[0]
    events = game.process({"type": "run", "entity": sym, "revenues": revenues})
    rev = [e for e in events if e["code"] == "revenue"][0]
    assert rev["params"]["revenue"] == total
    assert game.rules.companies[sym].last_revenue == total
    before = game.rules.companies[sym].cash
    game.process({"type": "dividend", "entity": sym, "kind": "withhold"})
    assert game.rules.companies[sym].cash == before + total


# --- §9.9 limit in train numbers ----------------------------------------------------
def test_example_1_other_company_must_discard():
    # Seoul Railway: one 4 and two 5E; Gwangju Railway buys the first 6E -> limit 2.
    game, (gwangju, seoul) = position([[], ["4", "5E", "5E"]], acting=0)
    events = game.process({"type": "buy_train", "entity": gwangju, "source": "market"})
    assert game.rules.train_limit == 2
    assert game.rules.pending_discards == [seoul]
    assert any(e["code"] == "discard_needed" for e in events)
    legal = game.legal_actions()
    assert legal[0]["type"] == "discard_train" and legal[0]["entity"] == seoul
    with pytest.raises(GameError) as exc:               # nothing else until the discard
        game.process({"type": "done", "entity": gwangju})
    assert exc.value.code == "discard_pending"
    game.process({"type": "discard_train", "entity": seoul, "train": "4"})
    assert game.rules.companies[seoul].trains == ["5E", "5E"]
    assert game.rules.pending_discards == []


def test_example_2_buyer_discards_after_its_purchase():
    # Andong Railway: one 4 and one 5E, buys the first 6E: 3 trains, limit 2.
    game, (andong,) = position([["4", "5E"]])
    game.process({"type": "buy_train", "entity": andong, "source": "market"})
    assert game.rules.pending_discards == [andong]
    game.process({"type": "discard_train", "entity": andong, "train": "4"})
    assert sorted(game.rules.companies[andong].trains) == ["5E", "6E"]


def test_example_3_rust_then_second_purchase():
    # Busan Railway: two 3-trains, buys the first 6E: the 3s rust; it buys another 6E.
    game, (busan,) = position([["3", "3"]])
    events = game.process({"type": "buy_train", "entity": busan, "source": "market"})
    assert "all 3-trains are removed" in messages(events)
    assert game.rules.companies[busan].trains == ["6E"]
    game.process({"type": "buy_train", "entity": busan, "source": "market"})
    assert game.rules.companies[busan].trains == ["6E", "6E"]
    with pytest.raises(GameError) as exc:
        game.process({"type": "buy_train", "entity": busan, "source": "market"})
    assert exc.value.code == "train_limit"


def test_example_4_full_slots_until_another_company_buys():
    # Incheon Railway: three 3-trains, the market's lowest is the first 6E: it cannot buy.
    game, (incheon, other) = position([["3", "3", "3"], ["5E"]])
    with pytest.raises(GameError) as exc:
        game.process({"type": "buy_train", "entity": incheon, "source": "market"})
    assert exc.value.code == "train_limit"
    assert game.rules.companies[incheon].trains == ["3", "3", "3"]
    game.process({"type": "done", "entity": incheon})
    # the other company buys the first 6E: all 3-trains rust
    events = game.process({"type": "run", "entity": other, "revenues": [100]})
    events += game.process({"type": "dividend", "entity": other, "kind": "withhold"})
    events += game.process({"type": "buy_train", "entity": other, "source": "market"})
    assert game.rules.companies[incheon].trains == []
    game.process({"type": "done", "entity": other})
    # next operating round: Incheon may buy now
    assert game.rules.current_company().sym == incheon
    # no trains: 0 (§9.5), not asked to run; the dividend follows at once
    game.process({"type": "dividend", "entity": incheon, "kind": "payout"})
    game.process({"type": "buy_train", "entity": incheon, "source": "market"})
    assert game.rules.companies[incheon].trains == ["6E"]


def test_first_4_sold_rusts_2s_and_limit_3():
    game, (a, b) = position([[], ["2", "2", "3", "3"]], era="green", depot={"2": 0, "3": 0},
                            first_sold=("2", "3"), rusted=(), limit=4)
    events = game.process({"type": "buy_train", "entity": a, "source": "market"})
    assert game.rules.companies[b].trains == ["3", "3"]
    assert game.rules.train_limit == 3
    assert "all 2-trains are removed" in messages(events)
