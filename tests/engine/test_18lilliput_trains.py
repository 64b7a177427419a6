"""Trains and phases (S 열차 구매, 1~7단계)."""
from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D
from tests.engine.helpers_18lilliput import (acting, cash_turn, correct, drafted, refused,
                                             run_all, take, use)

SMALL_DECK = {"train_2_count": 4, "train_3_count": 2, "train_4_count": 2, "train_5_count": 1,
              "train_3D_count": 1, "train_4D_count": 1}


def rich(game, amount=3000):
    for c in game.rules.live_companies():
        correct(game, "cash", target=c, amount=amount)


def buy_next(game, company=None):
    """The acting player buys the deck's top train for his company and ends the turn."""
    p = acting(game)
    company = company or game.rules.directed_by(p)[0]
    while game.rules.at_limit(company):
        first = game.rules.companies[company]["trains"][0]
        correct(game, "train", company=company, op="to_pool", train=Depot.kind(first))
    take(game, effect="trains")
    events = use(game, "buy_train", company=company, train="deck")
    while game.rules.must_discard:
        co = game.rules.companies[game.rules.must_discard[0]]
        game.process({"type": "discard_train", "entity": co["director"],
                      "train": co["trains"][0]})
    if game.rules.pending:
        use(game, "done")
    return events


def kinds(game, company):
    return [Depot.kind(t) for t in game.rules.companies[company]["trains"]]


def test_new_trains_in_ascending_order_at_the_printed_price():
    game = drafted(2, seed=0, options=SMALL_DECK)
    c = game.rules.directed_by(acting(game))[0]
    before = game.rules.ledger.of(c)
    buy_next(game)
    assert kinds(game, c)[-1] == "2"
    assert game.rules.ledger.of(c) == before - D.TRAIN_PRICES["2"]
    assert Depot.kind(game.rules.depot.next_train()) == "3"


def settle(game):
    """Discards over the limit (the first train each time), and the runs if the step ends."""
    while game.rules.must_discard:
        c = game.rules.must_discard[0]
        co = game.rules.companies[c]
        game.process({"type": "discard_train", "entity": co["director"],
                      "train": co["trains"][0]})
    if game.rules.step == "runs":
        run_all(game)
        rich(game)


def test_phase_table_as_listed():
    deck = {f"train_{t}_count": 1 for t in D.TRAIN_TYPES}
    game = drafted(2, seed=0, options=dict(deck, train_2_count=4, pool_refill=0))
    rich(game)
    assert (game.rules.phase, game.rules.train_limit(), game.rules.colours_in_use()) == (1, None, ["yellow"])
    assert game.rules.phase_row()["company_cash"] == 50
    seen = {}
    for kind in ["2", "3", "4", "5", "3D", "4D"]:
        assert Depot.kind(game.rules.depot.next_train()) == kind
        events = buy_next(game)
        seen[kind] = (game.rules.phase, game.rules.train_limit(), list(game.rules.colours_in_use()),
                      game.rules.phase_row()["company_cash"], set(game.rules.obsolete_types()),
                      set(game.rules.rusted_types()))
        assert any(e["code"] == "phase_started" for e in events)
        if kind in ("5", "4D"):
            gone = "2" if kind == "5" else "3"
            assert all(gone not in kinds(game, c) for c in game.rules.live_companies())
            assert all(Depot.kind(t) != gone for t in game.rules.depot.discarded)
        settle(game)
    yg, ygb = ["yellow", "green"], ["yellow", "green", "brown"]
    assert seen == {
        "2": (2, 4, ["yellow"], 50, set(), set()),
        "3": (3, 4, yg, 70, set(), set()),
        "4": (4, 3, yg, 70, {"2"}, set()),
        "5": (5, 2, ygb, 100, set(), {"2"}),
        "3D": (6, 2, ygb, 100, {"3"}, {"2"}),
        "4D": (7, 2, ygb, 100, {"4"}, {"2", "3"}),
    }


def test_obsolete_train_earns_half_rounded_down_to_ten():
    assert D.obsolete_revenue(90) == 40
    assert D.obsolete_revenue(100) == 50
    assert D.obsolete_revenue(10) == 0
    game = drafted(1, seed=0)
    correct(game, "phase", phase=4)                         # 2s obsolete
    cash_turn(game)
    cash_turn(game)
    holder = game.rules.companies["red"]["director"]
    before = game.rules.ledger.of(holder)
    game.process({"type": "run", "entity": "red", "revenues": [90], "dividend": "pay"})
    # £40 paid out: £4 a share, the director's 50% gets £20
    assert game.rules.ledger.of(holder) == before + 20


def test_train_bought_at_the_limit_is_refused_even_if_it_would_rust():
    deck = {f"train_{t}_count": 1 for t in D.TRAIN_TYPES}
    game = drafted(2, seed=0, options=dict(deck, train_2_count=3))
    rich(game)
    p = acting(game)
    correct(game, "train", company="red", op="give", train="3")
    correct(game, "train", company="red", op="give", train="4")
    correct(game, "phase", phase=4)                         # limit 3, 2s obsolete
    assert kinds(game, "red") == ["2", "3", "4"]
    assert Depot.kind(game.rules.depot.next_train()) == "5"  # it would rust the 2
    take(game, effect="trains")
    err = refused(game, {"type": "buy_train", "entity": p, "company": "red",
                         "train": "deck"}, "train_limit")
    assert "limit of 3" in err.message


def test_obsolete_train_returned_before_a_purchase():
    game = drafted(2, seed=0, options=dict(SMALL_DECK, train_2_count=6))
    rich(game)
    p = acting(game)
    for _ in range(3):
        correct(game, "train", company="red", op="give", train="2")
    correct(game, "phase", phase=4)                         # limit 3, 2s obsolete
    for _ in range(1):
        game.process({"type": "discard_train", "entity": p,
                      "train": game.rules.companies["red"]["trains"][0]})
    assert len(game.rules.companies["red"]["trains"]) == 3
    take(game, effect="trains")
    old = game.rules.companies["red"]["trains"][0]
    use(game, "buy_train", company="red", train="deck", **{"return": old})
    assert old in game.rules.depot.discarded
    assert len(game.rules.companies["red"]["trains"]) == 3


def test_two_trains_only_for_two_companies():
    game = drafted(1, seed=0, companies=["red"], characters=["Emperor"])
    rich(game)
    take(game, effect="trains")
    use(game, "buy_train", company="red", train="deck")
    refused(game, {"type": "buy_train", "entity": acting(game), "company": "red",
                   "train": "deck"}, "two_for_one")


def test_train_from_another_company_at_a_public_price():
    game = drafted(2, seed=0)
    p = acting(game)
    yellow_train = game.rules.companies["yellow"]["trains"][0]
    take(game, effect="trains")
    refused(game, {"type": "buy_train", "entity": p, "company": "red", "train": yellow_train,
                   "price": 0}, "price_below_one")
    before = game.rules.ledger.of("yellow")
    use(game, "buy_train", company="red", train=yellow_train, price=1)
    assert yellow_train in game.rules.companies["red"]["trains"]
    assert game.rules.ledger.of("yellow") == before + 1


def test_director_covers_the_shortfall_of_a_company_without_trains():
    game = drafted(2, seed=0)
    p = acting(game)
    correct(game, "train", company="red", op="remove", train="2")
    correct(game, "cash", target="red", amount=-500)       # red has £50, a 2 costs £80
    correct(game, "cash", target=p, amount=100)
    take(game, effect="trains")
    before = game.rules.ledger.of(p)
    use(game, "buy_train", company="red", train="deck")
    assert game.rules.ledger.of("red") == 1
    assert game.rules.ledger.of(p) == before - (80 - 50 + 1)


def test_company_with_a_train_cannot_be_covered():
    game = drafted(2, seed=0)
    p = acting(game)
    correct(game, "cash", target="red", amount=-500)
    correct(game, "cash", target=p, amount=100)
    take(game, effect="trains")
    refused(game, {"type": "buy_train", "entity": p, "company": "red", "train": "deck"},
            "cannot_afford")


def test_bureaucracy_moves_trains_to_the_pool_and_a_withholder_buys_there():
    game = drafted(1, seed=0)
    cash_turn(game)
    cash_turn(game)
    game.process({"type": "run", "entity": "red", "revenues": [50], "dividend": "pay"})
    assert len(game.rules.depot.discarded) == 1               # round 1's bureaucracy
    pooled = game.rules.depot.discarded[0]
    cash_turn(game)
    cash_turn(game)
    refused(game, {"type": "run", "entity": "red", "revenues": [50], "dividend": "pay",
                   "pool_train": pooled}, "pool_only_withholding")
    game.process({"type": "run", "entity": "red", "revenues": [50], "dividend": "withhold",
                  "pool_train": pooled})
    assert pooled in game.rules.companies["red"]["trains"]


def test_a_company_need_not_own_a_train():
    game = drafted(1, seed=0)
    correct(game, "train", company="red", op="remove", train="2")
    cash_turn(game)
    cash_turn(game)
    game.process({"type": "run", "entity": "red", "revenues": [], "dividend": "pay"})
    assert game.rules.round == 2
