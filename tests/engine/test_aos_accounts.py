"""Age of Steam, base rules: income, expenses (shares + locomotive), a shortfall lowering
income, elimination below zero, the income reduction bands at each edge, and the score."""
import pytest

from engine.age_of_steam import data as D
from tests.engine.helpers_aos import fix, new, walk


@pytest.mark.parametrize("income,cut", [
    (0, 0), (10, 0), (11, 2), (20, 2), (21, 4), (30, 4), (31, 6), (40, 6), (41, 8), (49, 8),
    (50, 10), (80, 10)])
def test_reduction_bands(income, cut):
    assert D.reduction(income) == cut


def end_turn_with(n=3, **books):
    """A game at the end of turn 1 after the given corrections (player index -> fields)."""
    g = new(n=n, seed=4)
    ids = [p["id"] for p in g.players]
    for i, fields in books.items():
        p = ids[int(i[1:])]
        for kind, v in fields.items():
            fix(g, kind, p, **({"amount": v} if kind == "cash" else {"value": v}))
    walk(g, "shares", turn=2)
    return g, ids


@pytest.mark.parametrize("income,after", [(10, 10), (11, 9), (20, 18), (21, 17), (49, 41),
                                          (50, 40)])
def test_reduction_at_each_edge_in_play(income, after):
    g, ids = end_turn_with(p0={"income": income})
    r = g.rules
    assert r.income[ids[0]] == after
    # cash: 10 + income - (2 shares + 1 locomotive)
    assert r.cash[ids[0]] == 10 + income - 3


def test_a_shortfall_comes_off_income_before_the_reduction():
    # 15 shares and locomotive 6: 21 expenses; cash 0 + income 15: 6 short.
    g = new(n=3, seed=4)
    p = g.players[0]["id"]
    fix(g, "cash", p, amount=-10)
    fix(g, "income", p, value=15)
    fix(g, "locomotive", p, value=6)
    g.rules.shares[p] = 15            # as if issued (the phase's own path is tested elsewhere)
    walk(g, "shares", turn=2)
    r = g.rules
    assert r.cash[p] == 0
    assert r.income[p] == 9 - 0       # 15 - 6 short = 9, then no reduction (<= 10)
    assert p not in r.out


def test_income_below_zero_puts_the_player_out_and_they_score_nothing():
    g = new(n=3, seed=4)
    p = g.players[0]["id"]
    fix(g, "cash", p, amount=-10)
    fix(g, "income", p, value=1)       # 0 + 1 cash, 3 expenses: 2 short -> income -1
    walk(g, "shares", turn=2)
    r = g.rules
    assert r.out[p] == "income_below_zero" and r.cash[p] == 0
    assert p not in r.active() and p not in r.queue
    walk(g)
    assert g.finished and g.result()[p] == 0


def test_a_shortfall_to_exactly_zero_stays_in():
    g = new(n=3, seed=4)
    p = g.players[0]["id"]
    fix(g, "cash", p, amount=-10)
    fix(g, "income", p, value=2)       # 2 cash, 3 expenses: 1 short -> income 1
    walk(g, "shares", turn=2)
    assert g.rules.income[p] == 1 and p not in g.rules.out


def test_score_is_three_income_less_three_shares_plus_track():
    g = new(n=3, seed=6)
    p = g.players[1]["id"]
    fix(g, "income", p, value=30)
    fix(g, "track", p, value=7)
    walk(g)
    r = g.rules
    assert g.finished and g.game_end_reason == "turns" and r.turn == 11
    assert g.result()[p] == 3 * r.income[p] - 3 * r.shares[p] + 7
    assert g.rules.winner() == p


@pytest.mark.parametrize("reading,after", [("after_shortfall", 10), ("before_shortfall", 8)])
def test_the_reduction_reading(reading, after):
    """Cash 0, income 12, expenses 8 shares + locomotive 6 = 14: 2 short, income 10. From the
    income after the shortfall (10) nothing comes off; from the one before (12), 2 does."""
    g = new(n=3, seed=4, reduction_from=reading)
    p = g.players[0]["id"]
    fix(g, "cash", p, amount=-10)
    fix(g, "income", p, value=12)
    fix(g, "locomotive", p, value=6)
    g.rules.shares[p] = 8                 # as if issued (issuing is tested with the auction)
    walk(g, "shares", turn=2)
    assert g.rules.income[p] == after and g.rules.cash[p] == 0
