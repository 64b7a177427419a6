"""Age of Steam, base rules: issuing shares, the turn-order auction and its payments with 3 to
6 bidders, action selection (each once, the locomotive at once and at most 6), refusals."""
import copy

import pytest

from engine.age_of_steam.auction import auction_payment
from engine.errors import GameError
from tests.engine.helpers_aos import act, fix, new, walk, who


def test_start_of_game_books():
    g = new(n=4)
    r = g.rules
    assert all(r.cash[p] == 10 and r.shares[p] == 2 and r.income[p] == 0 and r.loco[p] == 1
               for p in r.players)
    assert r.length == 8 and r.phase == "shares" and r.turn == 1


@pytest.mark.parametrize("n,turns", [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_length_by_player_count(n, turns):
    assert new(n=n).rules.length == turns


def test_shares_cost_5_each_and_the_16th_is_refused_with_nothing_changed():
    g = new()
    p = who(g)
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "issue_shares", count=14)               # 2 + 14 = 16
    assert e.value.code == "share_limit" and e.value.params["room"] == 13
    assert g.view() == before
    act(g, "issue_shares", count=13)
    assert g.rules.shares[p] == 15 and g.rules.cash[p] == 10 + 65


@pytest.mark.parametrize("places,expected", [
    (3, [7, 6, 0]),              # first and second in full; the first to drop out nothing
    (4, [7, 6, 3, 0]),           # the third pays half of 5, rounded up
    (5, [7, 6, 3, 2, 0]),
    (6, [7, 6, 3, 2, 1, 0]),
])
def test_auction_payments_by_place(places, expected):
    bids = [7, 6, 5, 3, 1, 4][:places]
    got = [auction_payment(i, places, bids[i]) for i in range(places)]
    assert got == expected


def run_auction(g, script):
    """``script``: [(player, "bid", n) | (player, "drop")], checked against who acts."""
    for step in script:
        assert who(g) == step[0], (step, who(g))
        if step[1] == "bid":
            act(g, "bid", amount=step[2])
        else:
            act(g, "drop_out")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_whole_auction_orders_players_and_takes_their_payments(n):
    g = walk(new("AoS-Base", n=n, seed=5), "auction")
    r = g.rules
    order = list(r.order)
    for p in order:
        fix(g, "cash", p, amount=20)                    # $30 each
    # everyone bids once, 1, 2, 3, ...; then all drop out in order but the last bidder
    run_auction(g, [(p, "bid", i + 1) for i, p in enumerate(order)])
    for p in order[:-1]:
        run_auction(g, [(p, "drop")])
    assert r.phase == "actions"
    new_order = [order[-1]] + list(reversed(order[:-1]))
    assert r.order == new_order
    paid = {p: 30 - r.cash[p] for p in order}
    bids = {p: i + 1 for i, p in enumerate(order)}
    assert paid[new_order[0]] == bids[new_order[0]] and paid[new_order[1]] == bids[new_order[1]]
    assert paid[new_order[-1]] == 0                      # the first to drop out
    for p in new_order[2:-1]:
        assert paid[p] == (bids[p] + 1) // 2
    assert sum(r.cash.values()) + r.bank == 10 * n       # money is conserved with the bank


def test_bid_over_cash_and_bid_not_above_high_are_refused_unchanged():
    g = walk(new(), "auction")
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "bid", amount=11)
    assert e.value.code == "bid_over_cash" and g.view() == before
    act(g, "bid", amount=4)
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "bid", amount=4)
    assert e.value.code == "bid_too_low" and g.view() == before
    bid_entry = next(x for x in g.legal_actions() if x["type"] == "bid")
    assert bid_entry["params"]["amount"]["min"] == 5 and bid_entry["params"]["amount"]["max"] == 10


def test_the_high_bidder_is_not_asked_again_and_the_turn_order_pass_skips_once():
    g = walk(new(n=4, seed=2), "actions")
    r = g.rules
    holder = who(g)
    act(g, "select_action", pick="turn_order_pass")
    walk(g, "auction", turn=2)
    order = list(r.order)
    assert holder in order
    # bidding until it is the holder's turn with 4 still in
    while who(g) != holder:
        act(g, "bid", amount=r.auction["high"] + 1)
    entry = [x["type"] for x in g.legal_actions()]
    assert "turn_order_pass" in entry
    act(g, "turn_order_pass")
    assert holder in r.auction["in"] and who(g) != holder
    with pytest.raises(GameError):
        g.process({"type": "turn_order_pass", "entity": holder})   # not the holder's turn
    # the high bidder never acts next
    assert who(g) != r.auction["leader"]


def test_an_action_is_taken_once_and_locomotive_is_immediate_and_capped_at_6():
    g = walk(new(n=3), "actions")
    r = g.rules
    first = who(g)
    act(g, "select_action", pick="locomotive")
    assert r.loco[first] == 2
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "select_action", pick="locomotive")
    assert e.value.code == "action_taken" and g.view() == before
    second = who(g)
    fix(g, "locomotive", second, value=6)
    g2 = walk(new(n=3), "actions")
    fix(g2, "locomotive", who(g2), value=6)
    before = g2.view()
    with pytest.raises(GameError) as e:
        act(g2, "select_action", pick="locomotive")
    assert e.value.code == "loco_at_max" and g2.view() == before
    offered = next(x for x in g2.legal_actions() if x["type"] == "select_action")
    assert "locomotive" not in offered["params"]["pick"]["choices"]


def test_first_build_and_first_move_holders_go_first():
    g = walk(new(n=3, seed=3), "actions")
    r = g.rules
    order = list(r.order)
    act(g, "select_action", pick="engineer")
    act(g, "select_action", pick="first_move")
    act(g, "select_action", pick="first_build")
    assert r.phase == "build" and who(g) == order[2]
    walk(g, "move")
    assert who(g) == order[1]


@pytest.mark.parametrize("places,expected", [
    (3, [7, 6, 0]), (4, [7, 6, 3, 0]), (5, [7, 6, 5, 2, 0]), (6, [7, 6, 5, 3, 1, 0])])
def test_the_other_reading_of_payments_only_the_second_out_pays_half(places, expected):
    from engine.age_of_steam.options import HALF_FOR_THE_SECOND_OUT
    bids = [7, 6, 5, 3, 1, 4][:places]
    got = [auction_payment(i, places, bids[i], HALF_FOR_THE_SECOND_OUT) for i in range(places)]
    assert got == expected


def test_the_payment_reading_is_a_table_option_on_every_map():
    from engine.titles import get
    for title in ("AoS-Base", "AoS-Korea", "AoS-NewZealand"):
        opt = get(title).options["auction_payment"]
        assert opt["default"] == "half_rest" and "half their bid, rounded up" in \
            opt["rule"]["message"]
    g = walk(new("AoS-Base", n=5, seed=5, auction_payment="half_second_out"), "auction")
    r = g.rules
    order = list(r.order)
    for i, p in enumerate(order):
        fix(g, "cash", p, amount=20)
        act(g, "bid", amount=i + 1)
    for p in order[:-1]:
        act(g, "drop_out")
    paid = {p: 30 - r.cash[p] for p in order}
    # places: order[4] (bid 5), then the drop-outs last first: order[3] (4), [2] (3), [1], [0]
    assert [paid[p] for p in [order[4], order[3], order[2], order[1], order[0]]] == \
        [5, 4, 3, 1, 0]


def test_the_turn_order_pass_is_refused_when_only_two_bidders_remain():
    g = walk(new(n=4, seed=2), "actions")
    r = g.rules
    holder = who(g)
    act(g, "select_action", pick="turn_order_pass")
    walk(g, "auction", turn=2)
    assert r.pass_holder == holder
    while len(r.auction["in"]) > 2:                     # the others drop out to two bidders
        if who(g) == holder:
            act(g, "bid", amount=r.auction["high"] + 1)
        else:
            act(g, "drop_out")
    while who(g) != holder:
        act(g, "bid", amount=r.auction["high"] + 1)
    assert len(r.auction["in"]) == 2 and not r.auction["pass_used"]
    assert "turn_order_pass" not in [x["type"] for x in g.legal_actions()]
    before = (g.view(), g.book(), g.legal_actions(), r.auction)
    before = copy.deepcopy(before)
    with pytest.raises(GameError) as e:
        act(g, "turn_order_pass")
    assert e.value.code == "turn_order_pass_two"
    assert (g.view(), g.book(), g.legal_actions(), r.auction) == before
    assert who(g) == holder and g.rules.pass_holder == holder
