"""The private auction cannot run for ever (rulebook mode): each full round of passes runs the
privates-only OR and drops Kaiping Tramway (once sold, the cheapest unsold private) by ¥5; at
¥0 the start player must take it. A full round of passes counts from the last bid."""
import random

import pytest

from engine import Game
from tests.engine.helpers_1888n import act, new_game


def pass_round(g):
    for _ in range(len(g.rules.players)):
        act(g, "pass", g.rules.acting()[0])


def test_kaiping_drops_on_every_full_round_of_passes_and_is_forced_at_zero():
    g = new_game()
    prices = []
    for _ in range(5):
        pass_round(g)
        prices.append(g.rules.company_min_price("KT"))
    assert prices[:4] == [20, 15, 10, 5]
    assert g.rules.companies["KT"]["owner"] == "1"     # at ¥0 the start player takes it
    assert g.rules.ledger.of("1") == 600


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_game_of_only_passes_ends_the_auction(players):
    g = Game("1888-N", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players], seed=1)
    n = 0
    while g.rules.round.name == "auction":
        legal = g.legal_actions()
        assert any(a["type"] == "pass" for a in legal)
        g.process({"type": "pass", "entity": g.rules.acting()[0]})
        n += 1
        assert n < 200 * players
    assert g.rules.round.name == "stock"
    assert all(c["owner"] for c in g.rules.companies.values())
    assert g.rules.ledger.total() == g.rules.BANK_CASH


def test_a_bid_restarts_the_count_of_passes():
    g = new_game()
    act(g, "pass", "1")
    act(g, "pass", "2")
    act(g, "bid", "3", company="TA", price=55)     # a bid: passes before it do not count
    act(g, "pass", "4")
    act(g, "pass", "1")
    act(g, "pass", "2")
    assert g.rules.company_min_price("KT") == 25   # only three passes since the bid
    act(g, "pass", "3")
    assert g.rules.company_min_price("KT") == 20


def test_weighted_random_auction_that_looped_now_ends():
    """The UI engineer's report: seed 1, more passes than bids (3:2), bids anywhere in range."""
    for players, seed in ((3, 5), (4, 1), (3, 2)):
        g = Game("1888-N", ["Ann", "Bo", "Cy", "Di"][:players], seed=1)
        rng = random.Random(seed)
        for _ in range(5000):
            if g.rules.round.name != "auction":
                break
            legal = [a for a in g.legal_actions() if a["type"] in ("bid", "pass")]
            a = rng.choices(legal, [3 if a["type"] == "pass" else 2 for a in legal])[0]
            action = {"type": a["type"], "entity": a["entity"]}
            if a["type"] == "bid":
                spec = a["params"]["price"]
                action.update(company=a["company"], price=spec["min"] + spec["step"] * rng.randint(
                    0, (spec["max"] - spec["min"]) // spec["step"]))
            g.process(action)
        assert g.rules.round.name != "auction", (players, seed)
