"""Corrections are offered in ``legal_actions()`` to every seated player at any time, one form
per kind, each with a required reason; every value the book keeps can be set from them."""
import pytest

from tests.engine.helpers_1888n import act, bank_total, new_game, opened, rejects
from tests.engine.random_play import fill_params

KINDS = {"cash", "share_price", "train", "shares", "company", "tile", "token", "phase"}


def corrections(g, entity=None):
    return [a for a in g.legal_actions() if a["type"] == "correction"
            and (entity is None or a["entity"] == entity)]


def form(g, kind, entity="1", op=None):
    return next(a for a in corrections(g, entity) if a["kind"] == kind
                and (op is None or a.get("op") == op
                     or op in a["params"].get("op", {}).get("choices", ())))


def test_every_player_gets_every_kind_at_any_time_with_a_reason():
    g = opened()
    for pid in ("1", "2", "3", "4"):
        forms = corrections(g, pid)
        assert {a["kind"] for a in forms} >= KINDS | {"priority"}
        for a in forms:
            assert a["anytime"] is True
            assert a["params"]["reason"] == {"text": True, "max_length": 200}
    g = new_game()                                     # in the auction too, off turn as well
    assert {a["kind"] for a in corrections(g, "3")} >= {"cash", "company", "tile", "phase",
                                                        "shares"}


def test_cash_correction_form_posts_and_conserves_money():
    g = opened()
    total = bank_total(g)
    a = form(g, "cash", "2")
    assert a["params"]["amount"] == {"min": -100000, "max": 100000, "step": 1, "default": 0}
    assert "LYR" in a["params"]["target"]["choices"]
    events = g.process({**{k: v for k, v in a.items() if k not in ("params", "anytime")},
                        "target": "LYR", "amount": -40, "reason": "miscounted"})
    assert events[0]["code"] == "correction" and events[0]["params"]["by_name"] == "Bo"
    assert bank_total(g) == total
    rejects(g, {"type": "correction", "entity": "2", "kind": "cash", "target": "LYR",
                "amount": 5, "reason": "  "}, "correction_reason")


@pytest.mark.parametrize("kind,values,check", [
    ("shares", {"corporation": "LYR", "source": "ipo", "to": "2", "percent": 10},
     lambda r: r.shares.percent("LYR", "2") == 20),
    ("company", {"company": "KT", "owner": "LYR"},
     lambda r: r.companies["KT"]["owner"] == "LYR" and "KT" in r.corps["LYR"]["companies"]),
    ("company", {"company": "KT", "owner": "closed"}, lambda r: r.companies["KT"]["closed"]),
    ("tile", {"hex": "D8", "tile": "9", "rotation": 1}, lambda r: r.board.laid["D8"] == ("9", 1)),
    ("token", {"op": "add", "corporation": "LYR", "hex": "H14", "city": 0},
     lambda r: ("LYR", 0) in r.board.tokens["H14"] and r.corps["LYR"]["tokens_used"] == 2),
    ("phase", {"phase": "3"}, lambda r: r.phase["name"] == "3"),
    ("train", {"op": "give", "corporation": "LYR", "train": "2-0"},
     lambda r: r.corps["LYR"]["trains"] == ["2-0"] and r.depot.next_train() == "2-1"),
    ("share_price", {"corporation": "LYR", "row": 0, "column": 4},
     lambda r: r.market.price("LYR") == 110),
    ("priority", {"player": "4"}, lambda r: r.order[0] == "4"),
])
def test_each_kind_sets_the_value(kind, values, check):
    g = opened()
    template = form(g, kind, "3", values.get("op"))
    for name, value in values.items():
        if name in template["params"]:
            spec = template["params"][name]
            assert value in spec["choices"] if "choices" in spec else \
                spec["min"] <= value <= spec["max"]
        else:
            assert template[name] == value
    action = {k: v for k, v in template.items() if k not in ("params", "anytime")}
    action.update(values, reason="the board says so")
    events = g.process(action)
    assert check(g.rules)
    assert events[-1]["code"] == "correction" or events[0]["code"] == "correction"


def test_train_removal_offers_each_companys_trains():
    g = opened()
    act(g, "buy_train", "LYR", train="2-0", price=80)
    a = form(g, "train", "1", "remove")
    assert a["params"]["train"]["choices_by"] == {"field": "corporation", "map": {"LYR": ["2-0"]}}
    g.process({**{k: v for k, v in a.items() if k not in ("params", "anytime")},
               "corporation": "LYR", "train": "2-0", "reason": "rusted on the table"})
    assert g.rules.corps["LYR"]["trains"] == []


def test_a_default_filled_correction_form_is_accepted_or_refused_cleanly():
    import random
    from engine import GameError
    g = opened()
    rng = random.Random(3)
    for a in corrections(g, "1"):
        action = fill_params(a, rng)
        try:
            g.process(action)
        except GameError as err:
            assert err.code and err.message


def test_a_private_given_out_in_the_auction_leaves_the_sale():
    g = new_game()
    a = form(g, "company", "2")
    g.process({**{k: v for k, v in a.items() if k not in ("params", "anytime")},
               "company": "KT", "owner": "3", "reason": "Cy bought it at the table"})
    r = g.rules
    assert r.companies["KT"]["owner"] == "3" and "KT" not in r.round.companies
    assert any(b["company"] == "TA" and b.get("buys") for b in g.legal_actions()
               if b["type"] == "bid")
