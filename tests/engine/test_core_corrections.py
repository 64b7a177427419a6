"""Corrections are offered in ``legal_actions()`` to every seated player at any time, one form
per kind, each with a required reason; every value the book keeps can be set from them."""
import pytest

from tests.engine.helpers_1888n import act, bank_total, new_game, opened, rejects
from tests.bots.core18xx import fill_params
from tests.engine.legal_shape import fixed, offer

KINDS = {"cash", "share_price", "train", "shares", "company", "tile", "token", "phase"}


def corrections(g):
    return [a for a in g.legal_actions() if a["type"] == "correction"]


def form(g, kind, op=None):
    return next(a for a in corrections(g) if a["kind"] == kind
                and (op is None or a.get("op") == op
                     or op in a["params"].get("op", {}).get("choices", ())))


def posted(template, entity, **values):
    """The action a phone of seat ``entity`` posts from ``template``."""
    return {**fixed(template), "entity": entity, **values}


def test_every_kind_once_for_every_seated_player_at_any_time_with_a_reason():
    g = opened()
    forms = corrections(g)
    kinds = [(a["kind"], a.get("op")) for a in forms]
    assert len(kinds) == len(set(kinds))                 # one form per kind, not per player
    assert {a["kind"] for a in forms} >= KINDS | {"priority"}
    for a in forms:
        assert a["anytime"] is True and "entity" not in a
        who = a["params"]["entity"]
        assert who["fill"] == "seat" and who["type"] == "player"
        assert who["choices"] == ["1", "2", "3", "4"]
        assert offer(a["params"]["reason"]) == {"text": 200}
    g = new_game()                                     # in the auction too, off turn as well
    assert {a["kind"] for a in corrections(g)} >= {"cash", "company", "tile", "phase", "shares"}


def test_cash_correction_form_posts_and_conserves_money():
    g = opened()
    total = bank_total(g)
    a = form(g, "cash")
    assert offer(a["params"]["amount"]) == {"min": -100000, "max": 100000, "step": 1,
                                            "default": 0}
    assert "LYR" in a["params"]["target"]["choices"]
    events = g.process(posted(a, "2", target="LYR", amount=-40, reason="miscounted"))
    assert events[0]["code"] == "correction" and events[0]["params"]["by_name"] == "Bo"
    assert bank_total(g) == total
    rejects(g, {"type": "correction", "entity": "2", "kind": "cash", "target": "LYR",
                "amount": 5, "reason": "  "}, "param_blank")


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
    ("share_price", {"corporation": "LYR", "space": "0,4"},
     lambda r: r.market.price("LYR") == 110),
    ("priority", {"player": "4"}, lambda r: r.order[0] == "4"),
])
def test_each_kind_sets_the_value(kind, values, check):
    g = opened()
    template = form(g, kind, values.get("op"))
    for name, value in values.items():
        if name in template["params"]:
            spec = template["params"][name]
            assert value in spec["choices"] if "choices" in spec else \
                spec["min"] <= value <= spec["max"]
        else:
            assert template[name] == value
    events = g.process(posted(template, "3", **values, reason="the board says so"))
    assert check(g.rules)
    assert events[-1]["code"] == "correction" or events[0]["code"] == "correction"


def test_train_removal_offers_each_companys_trains():
    g = opened()
    act(g, "buy_train", "LYR", train="2-0", price=80)
    a = form(g, "train", "remove")
    assert a["params"]["train"]["choices_by"] == {"field": "corporation", "map": {"LYR": ["2-0"]}}
    g.process(posted(a, "1", corporation="LYR", train="2-0", reason="rusted on the table"))
    assert g.rules.corps["LYR"]["trains"] == []


def test_a_default_filled_correction_form_is_accepted_or_refused_cleanly():
    import random
    from engine import GameError
    g = opened()
    rng = random.Random(3)
    for a in corrections(g):
        action = fill_params(a, rng, seat="1")
        try:
            g.process(action)
        except GameError as err:
            assert err.code and err.message


def test_a_private_given_out_in_the_auction_leaves_the_sale():
    g = new_game()
    a = form(g, "company")
    g.process(posted(a, "2", company="KT", owner="3", reason="Cy bought it at the table"))
    r = g.rules
    assert r.companies["KT"]["owner"] == "3" and "KT" not in r.round.companies
    assert any(b["company"] == "TA" and b.get("buys") for b in g.legal_actions()
               if b["type"] == "bid")


@pytest.mark.parametrize("title", ["1888-N", "1899-DAIHAN"])
def test_a_cash_correction_of_zero_is_refused_for_what_it_is_not_for_its_shape(title):
    """The form offers 0 (its default, inside −100,000 … 100,000): posted as it stands, it is
    refused as changing nothing, never as a malformed amount (a shape refusal of an offered
    value, which random play found for 1899 at seed 3030), and the game is unchanged."""
    from engine import Game
    from engine.errors import GameError
    from tests.contract_play import is_shape_error
    g = Game(title, ["Ann", "Bo", "Cy", "Di"], seed=3)
    cash = next(a for a in corrections(g) if a["kind"] == "cash")
    assert cash["params"]["amount"]["min"] <= 0 <= cash["params"]["amount"]["max"]
    before = g.view()
    with pytest.raises(GameError) as refused:
        g.process(posted(cash, "1", target="2", amount=0, reason="counted twice"))
    assert refused.value.code == "zero_correction" and not is_shape_error(refused.value)
    assert "0 changes nothing" in refused.value.message and g.view() == before
