"""Property-based tests over random legal 1888-N games driven by ``legal_actions()``."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, GameError
from tests.bots.core18xx import fill, play

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
games = st.tuples(st.integers(0, 10 ** 6), st.integers(3, 6), st.integers(10, 400))


def opts(seed):
    """Odd seeds play with the 18xx.games compatibility option, even ones by the rulebook."""
    return {"compat": "18xx.games"} if seed % 2 else {}


def new(players, seed, actions=()):
    return Game("1888-N", NAMES[:players], seed=seed, options=opts(seed), actions=actions)


def invariants(game):
    r = game.rules
    assert r.ledger.total() == r.BANK_CASH
    for corp, held in r.shares.held.items():
        assert sum(held.values()) == 100, corp
        assert all(p >= 0 for p in held.values())
        assert held.get("pool", 0) <= r.MARKET_SHARE_LIMIT
    for pid in r.players:
        assert r.ledger.of(pid) >= 0
    for corp in r.corps:
        assert r.ledger.of(corp) >= 0


@settings(max_examples=100, deadline=None)
@given(games)
def test_every_legal_action_is_accepted_money_is_conserved_and_shares_add_up(params):
    seed, players, steps = params
    game = new(players, seed)
    play(game, random.Random(seed), steps, check=invariants)


@settings(max_examples=60, deadline=None)
@given(games)
def test_replay_is_deterministic(params):
    seed, players, steps = params
    game = new(players, seed)
    actions = play(game, random.Random(seed), steps)
    again = new(players, seed, actions)
    assert again.view() == game.view()
    assert again.result() == game.result()
    assert again.legal_actions() == game.legal_actions()


@settings(max_examples=60, deadline=None)
@given(games, st.integers(1, 60))
def test_undo_equals_replaying_the_prefix(params, back):
    seed, players, steps = params
    game = new(players, seed)
    actions = play(game, random.Random(seed), steps)
    back = min(back, len(actions))
    for _ in range(back):
        game.process({"type": "undo"})
    prefix = new(players, seed, actions[:len(actions) - back])
    assert game.rules.view() == prefix.rules.view()
    assert game.legal_actions()[:-2] == prefix.legal_actions()[:-1] or back == len(actions)
    if back:
        game.process({"type": "redo"})
        one_more = new(players, seed, actions[:len(actions) - back + 1])
        assert game.rules.view() == one_more.rules.view()


def bad_variants(game, rng):
    """Actions that must be refused in the current state."""
    r = game.rules
    acting = game.rules.acting()
    others = [p for p in r.players if p not in acting]
    out = [{"type": "fly", "entity": acting[0] if acting else "1"},
           {"type": "pass"},
           {"type": "correction", "entity": "1", "kind": "cash", "target": "1", "amount": 5}]
    for a in game.legal_actions():
        if a["type"] in ("undo", "redo") or a.get("anytime"):
            continue
        template, a = a, fill(a, rng, game)
        if a is None:
            continue
        wrong = [p for p in others if p != a.get("entity")]
        if wrong and a.get("entity") in r.players:
            out.append(dict(a, entity=rng.choice(wrong)))
        spec = template.get("params", {})
        if a["type"] == "bid":
            out.append(dict(a, price=spec["price"]["min"] - 5))
            out.append(dict(a, price=spec["price"]["max"] + 5))
        if a["type"] == "buy_train" and "price" not in spec:
            out.append(dict(a, price=a["price"] + 1))
        if a["type"] == "sell_shares":
            out.append(dict(a, percent=a["percent"] + 200))
        if a["type"] == "par":
            out.append(dict(a, price=100))
    return out


@settings(max_examples=60, deadline=None)
@given(games)
def test_a_rejected_action_changes_nothing(params):
    seed, players, steps = params
    game = new(players, seed)
    rng = random.Random(seed)
    play(game, rng, steps)
    for bad in bad_variants(game, rng)[:12]:
        before = (game.view(), game.legal_actions(), len(game.log))
        with pytest.raises(GameError) as err:
            game.process(bad)
        assert err.value.code and err.value.message
        assert (game.view(), game.legal_actions(), len(game.log)) == before


VALUES = [None, 1, -5, 0, "x", "LYR", "1", [1], {"a": 1}, True, 10 ** 12, 3.5, "C9", "2-0", "ipo"]
KEYS = ["company", "price", "corporation", "percent", "source", "hex", "tile", "rotation", "city",
        "trains", "kind", "train", "exchange", "reason", "target", "amount", "row", "column", "op"]
TYPES = ["bid", "pass", "par", "buy_shares", "sell_shares", "lay_tile", "place_token", "run_trains",
         "dividend", "buy_train", "buy_company", "discard_train", "bankrupt", "exchange",
         "correction"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(0, 300),
       st.lists(st.tuples(st.sampled_from(TYPES), st.sampled_from(["1", "2", "LYR", "ZDR", ""]),
                          st.dictionaries(st.sampled_from(KEYS), st.sampled_from(VALUES),
                                          max_size=4)),
                min_size=1, max_size=8))
def test_garbage_actions_are_refused_cleanly_or_accepted(seed, steps, garbage):
    game = new(4, seed)
    play(game, random.Random(seed), steps)
    for kind, entity, fields in garbage:
        before = game.view()
        try:
            game.process({"type": kind, "entity": entity, **fields})
        except GameError as err:
            assert err.code != "engine_fault", err.message
            assert game.view() == before
        invariants(game)
