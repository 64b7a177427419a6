"""Train runs, the last round, bureaucracy and the scores (S 라운드 순서 2-3, 게임종료)."""
from engine.titles.title_18lilliput import data as D
from tests.engine.helpers_18lilliput import (correct, drafted, finish_actions,
                                             order, refused, run_all)


def index_step(prices, price, steps):
    return prices[prices.index(price) + steps]


def test_dividend_pays_per_share_and_moves_one_space_right():
    game = drafted(2, seed=0)
    a, b = order(game)
    correct(game, "shares", company="red", source="bank", to=b, count=1)
    finish_actions(game)
    before_a, before_b = game.rules.ledger.of(a), game.rules.ledger.of(b)
    price = game.rules.price("red")
    assert game.rules.running() == "red"                 # highest price runs first
    game.process({"type": "run", "entity": "red", "revenues": [60], "dividend": "pay"})
    assert game.rules.ledger.of(a) == before_a + 30       # £6 a share, 50%
    assert game.rules.ledger.of(b) == before_b + 6
    assert game.rules.price("red") == index_step(D.PRICE_INDEX, price, 2)   # one space right


def test_withhold_keeps_the_revenue_and_moves_one_space_left():
    game = drafted(2, seed=0)
    finish_actions(game)
    cash = game.rules.ledger.of("red")
    game.process({"type": "run", "entity": "red", "revenues": [60], "dividend": "withhold"})
    assert game.rules.ledger.of("red") == cash + 60
    assert game.rules.price("red") == index_step(D.PRICE_INDEX, 55, -2)


def test_revenue_per_train_and_in_tens():
    game = drafted(2, seed=0)
    finish_actions(game)
    refused(game, {"type": "run", "entity": "red", "revenues": [55], "dividend": "pay"},
            "revenue_in_tens")
    refused(game, {"type": "run", "entity": "red", "revenues": [50, 50], "dividend": "pay"},
            "param_list")


def to_last_round(game):
    correct(game, "round", round=D.ROUNDS)
    assert game.rules.is_last_round()


def test_last_round_doubles_the_dividend_and_moves_two_spaces():
    game = drafted(1, seed=0)
    to_last_round(game)
    finish_actions(game)
    p = game.rules.companies["red"]["director"]
    before = game.rules.ledger.of(p)
    game.process({"type": "run", "entity": "red", "revenues": [60], "dividend": "pay"})
    assert game.rules.ledger.of(p) == before + 60      # 60 doubled = 120; 50% of it
    assert game.rules.price("red") == index_step(D.PRICE_INDEX, 55, 4)   # two spaces right


def test_withhold_in_the_last_round_is_refused():
    game = drafted(1, seed=0)
    to_last_round(game)
    finish_actions(game)
    err = refused(game, {"type": "run", "entity": "red", "revenues": [60],
                         "dividend": "withhold"}, "no_withhold_last_round")
    assert "withholding is not allowed" in err.message
    legal = [e for e in game.legal_actions() if e["type"] == "run"][0]
    assert legal["params"]["dividend"]["choices"] == ["pay"]


def test_bureaucracy_passes_the_first_player_and_advances_the_round():
    game = drafted(3, seed=2)
    first = order(game)[0]
    finish_actions(game)
    run_all(game)
    assert game.rules.round == 2
    assert order(game)[0] == game.rules.seating[(game.rules.seating.index(first) + 1) % 3]
    assert game.rules.step == "actions" and game.rules.taken == {}


def test_game_ends_after_eight_rounds_with_the_scores():
    game = drafted(2, seed=0)
    a, b = order(game)
    for _ in range(D.ROUNDS):
        assert not game.finished
        finish_actions(game)
        run_all(game)
    assert game.finished and game.game_end_reason == "eight_rounds"
    assert game.legal_actions() == []
    r = game.rules
    for p in (a, b):
        shares = sum(r.shares.percent(c, p) // 10 * r.price(c) for c in r.live_companies())
        assert game.result()[p] == r.ledger.of(p) + shares + 20    # land copy unused
    assert r.ledger.of("red") > 0      # company cash is not counted


def test_a_used_land_copy_card_scores_nothing():
    game = drafted(1, seed=0)
    p = game.players[0]["id"]
    before = game.result()[p]
    correct(game, "land_copy", player=p, used=True)
    assert game.result()[p] == before - 20
