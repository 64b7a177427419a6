"""Every title's legal entries are declared forms (``engine.contract``): filled with any value
they offer, an entry is a well-formed action. The rules may refuse it for a reason of the
game (too little cash), never for its shape (``bad_*``, ``not_your_*``)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import Game, contract
from engine.errors import GameError
from tests import contract_play as cp

TITLES = [("1888-N", 4), ("18Korea", 3), ("1899-DAIHAN", 4), ("AoS-Korea", 4),
          ("AoS-Korea", 5), ("AoS-NewZealand", 2), ("AoS-NewZealand", 3), ("AoS-Base", 6)]


def offered_actions(game, rng, n):
    legal = [e for e in game.legal_actions() if e["type"] not in cp.SKIP]
    contract.check_legal(legal)
    for _ in range(n):
        entry = rng.choice(legal)
        yield entry, cp.random_action(rng, entry, game.players[0]["id"])


@pytest.mark.parametrize("title,players", TITLES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_values_in_random_entries_never_get_a_shape_refusal(title, players, seed):
    game = Game(title, [f"P{i}" for i in range(1, players + 1)], seed=seed % 50)
    rng = random.Random(seed)
    for _ in range(120):
        if game.finished:
            break
        taken = False
        for entry, action in offered_actions(game, rng, 25):
            before = game.view()
            try:
                game.process(action)
                taken = True
                break
            except GameError as err:
                assert not cp.is_shape_error(err), (entry["type"], action, err.code, err.message)
                assert game.view() == before          # a refusal changes nothing
        if not taken:
            break


def test_corrections_are_declared_once_per_kind_for_every_seat():
    for title, n in TITLES:
        game = Game(title, [f"P{i}" for i in range(1, n + 1)], seed=1)
        fixes = [e for e in game.legal_actions() if e["type"] == "correction"]
        kinds = [(e.get("kind"), e.get("op")) for e in fixes]
        assert len(kinds) == len(set(kinds)) and len(kinds) >= 3, title
        for e in fixes:
            who = e["params"]["entity"]
            assert "entity" not in e and who["fill"] == "seat"
            assert set(who["choices"]) == {p["id"] for p in game.players}


def test_every_entry_and_choice_has_words_not_ids():
    """Entries carry a label; choices that are words (a dividend's kind, a share's source)
    carry labels; tiles, rotations and players are typed so the phones show them right."""
    game = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=3)
    rng = random.Random(3)
    from tests.bots.core18xx import play
    seen = {}
    def note(g):
        for e in g.legal_actions():
            if e["type"] in cp.SKIP:
                continue
            assert isinstance(e.get("label"), dict) and e["label"]["message"], e
            for name, p in (e.get("params") or {}).items():
                seen.setdefault((e["type"], name), []).append(p)
    play(game, rng, 400, check=note)
    assert {p["type"] for p in seen[("lay_tile", "tile")]} == {"tile"}
    assert {p["type"] for p in seen[("lay_tile", "rotation")]} == {"rotation"}
    assert all(p["labels"]["payout"]["code"] == "word.payout" for p in seen[("dividend", "kind")])
    assert any(p.get("labels", {}).get("ipo", {}).get("message") == "IPO"
               for p in seen[("buy_shares", "source")])
    runs = seen[("run_trains", "revenues")]
    assert all(p["kind"] == "list" and all(i["t"] == "train" for i in p["items"]) for p in runs)
    assert {p["type"] for p in seen[("correction", "entity")]} == {"player"}
