"""Every legal action of the shared core (and 1888-N) describes its fields in ``params``, in
18Korea's format, and the action a phone posts (the template's fixed keys plus one value per
field) is one the engine accepts."""
import json
import random

import pytest

from engine import Game, contract
from tests.engine.helpers_1888n import act, opened, rules
from tests.bots.core18xx import fill_params, play
from tests.engine.legal_shape import first, fixed, offer, offers, shown

NAMES = ["Ann", "Bo", "Cy", "Di"]
NEVER_TOP = {"min", "max", "step", "cash"}


def check_template(template):
    """A declared entry: contract-valid, no range or cash among its posted fields, no param
    that is also a fixed field, and each choices_by map within the choices it narrows."""
    if template["type"] in ("undo", "redo"):
        return
    contract.check_entry(template)
    assert not NEVER_TOP & set(fixed(template)), template
    for name, spec in template["params"].items():
        assert name not in fixed(template), (name, template)
        if "default" in spec and spec["kind"] == "choice":
            assert spec["default"] in spec["choices"], (name, spec)
        if "choices_by" in spec:
            by = spec["choices_by"]
            fields = by["field"].split(",")          # one field, or two ("hex,tile")
            for key in by["map"]:
                parts = key.split(",") if len(fields) > 1 else [key]
                assert len(parts) == len(fields), (name, by)
                for field, part in zip(fields, parts):
                    other = template["params"][field]
                    assert part in {contract.choice_key(c) for c in other["choices"]}, (name, by)
            for values in by["map"].values():
                assert values and set(values) <= set(spec["choices"]), (name, by)


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_carries_params_and_its_filled_form_is_accepted(seed):
    game = Game("1888-N", NAMES[:3 + seed % 2], seed=seed,
                options={"compat": "18xx.games"} if seed % 2 else {})
    rng = random.Random(seed)
    seen = set()
    for _ in range(250):
        if game.finished:
            break
        legal = json.loads(json.dumps(game.legal_actions()))   # plain JSON
        for template in legal:
            check_template(template)
        # the posted shape of each kind of in-turn action is accepted, then taken back
        for template in legal:
            kind = template["type"] + ("/" + template["company"]
                                       if template["type"] == "lay_tile" and "company" in template
                                       else "")
            if kind in ("undo", "redo") or template.get("anytime") or kind in seen:
                continue
            if kind in ("bankrupt",):
                continue
            action = fill_params(template, rng)
            if kind == "run_trains":     # a run the route rules accept: no mine flags
                action["mine"] = [False] * len(action.get("mine", []))
            game.process(action)
            game.process({"type": "undo"})
            seen.add(kind)
        if not play(game, rng, 1):
            break
    assert {"bid", "pass", "par", "buy_shares", "lay_tile", "run_trains", "dividend"} <= seen


def test_lay_tile_offers_hexes_and_the_tiles_that_fit_each():
    g = opened()
    r = rules(g)
    lay = next(a for a in g.legal_actions() if a["type"] == "lay_tile" and "company" not in a)
    p = lay["params"]
    by_hex = p["tile"]["choices_by"]["map"]
    assert p["tile"]["choices_by"]["field"] == "hex" and set(by_hex) == set(p["hex"]["choices"])
    # phase 2, LYR at Yantai (F16): yellow track next to its track only (the map's checks)
    assert set(by_hex) == {"F14", "G15", "G17"}
    assert by_hex["G15"] == ["7", "8", "9"] and by_hex["F14"] == ["7", "8"]
    by_tile = p["rotation"]["choices_by"]
    assert by_tile["field"] == "hex,tile"
    assert set(by_tile["map"]) == {f"{h},{t}" for h, ts in by_hex.items() for t in ts}
    for key, rotations in by_tile["map"].items():
        hex_id, tile = key.split(",")
        for rotation in rotations:
            r.check_hex_open("LYR", hex_id, tile)
            cost = r.board.check_lay(r.HEXES, r.TILES, hex_id, tile, rotation, r.phase_colors())
            r.track_map().check_lay("LYR", hex_id, tile, rotation)
            assert cost <= r.ledger.of("LYR")
    act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)
    assert g.rules.board.laid["G15"] == ("9", 0)


def test_place_token_run_dividend_and_train_forms():
    g = opened()
    legal = g.legal_actions()
    assert not [a for a in legal if a["type"] == "place_token"]     # no other city reached yet
    act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)
    act(g, "buy_train", "LYR", train="2-0", price=80)
    act(g, "pass", "LYR")
    # next OR set: LYR runs
    while g.rules.round.name != "operating":
        who = g.rules.acting()[0]
        act(g, "pass", who)
    assert "destination" not in next(a for a in g.legal_actions()
                                     if a["type"] == "run_trains")["params"]   # H14: no track
    act(g, "lay_tile", "LYR", hex="H14", tile="5", rotation=3)
    token = next(a for a in g.legal_actions() if a["type"] == "place_token")
    assert token["price"] == 40
    assert token["params"]["hex"]["choices"] == ["H14"]              # the city now reached
    assert token["params"]["city"]["choices"] == [0]
    run = next(a for a in g.legal_actions() if a["type"] == "run_trains")
    assert offer(run["params"]["revenues"]) == {
        "items": ["2"], "of": {"min": 0, "max": 1500, "step": 10, "default": 0}}
    assert run["params"]["revenues"]["defaults"] == [70]      # the best route: F16-H14-H16
    assert offer(run["params"]["destination"]) == {"items": ["2"], "of": {"flag": True}}
    assert "mine" not in run["params"]                  # C5 has no tile yet
    events = act(g, "run_trains", "LYR", revenues=[60], destination=[True])
    assert events[0]["params"]["revenue"] == 80        # ¥60 + the ¥20 destination bonus
    div = next(a for a in g.legal_actions() if a["type"] == "dividend")
    assert offers(div) == {"kind": {"choices": ["payout", "withhold"]}}
    act(g, "dividend", "LYR", kind="payout")


def test_stock_round_forms_name_their_fields():
    g = opened()
    while g.rules.round.name != "stock":
        legal = g.legal_actions()
        if any(a["type"] == "buy_train" for a in legal) and not g.rules.corps["LYR"]["trains"]:
            act(g, "buy_train", "LYR", train="2-0", price=80)
        act(g, "pass", g.rules.acting()[0])
    legal = g.legal_actions()
    buy = next(a for a in legal if a["type"] == "buy_shares")
    assert buy["corporation"] == "LYR" and buy["params"]["source"]["choices"] == ["ipo"]
    assert shown(buy) == {"word.ipo": {"t": "money", "v": 95}}      # the price shown, not sent
    par = next(a for a in legal if a["type"] == "par")
    assert par["params"]["price"]["choices"][0] == 95
    sale = next(a for a in legal if a["type"] == "sell_shares")
    assert sale["params"]["percent"]["choices"][0] == 10
    assert "percent" not in sale


def test_buy_company_and_train_between_companies_name_the_price():
    g = opened()
    r = rules(g)
    r.phase_index = 1                     # phase 3: privates and trains change hands
    from tests.engine.helpers_1888n import rebase
    rebase(g)
    legal = g.legal_actions()
    company = next(a for a in legal if a["type"] == "buy_company")
    spec = company["params"]["price"]
    assert spec["step"] == 1 and spec["min"] >= 1 and spec["max"] <= r.ledger.of("LYR")
    assert "min" not in company and "max" not in company


def test_a_privates_lay_offers_its_hexes_and_the_tiles_that_fit():
    from tests.engine.helpers_1888n import rig_trains
    g = opened()
    rig_trains(g, "3", ["3-0"], {})
    act(g, "buy_company", "LYR", company="CW", price=150)
    lay = next(a for a in g.legal_actions() if a["type"] == "lay_tile" and a.get("company"))
    p = lay["params"]
    by_hex = p["tile"]["choices_by"]["map"]
    assert lay["company"] == "CW" and set(p["hex"]["choices"]) == set(by_hex)
    assert by_hex["C7"] == ["7", "8", "9"]                 # plain wall hex: plain yellow track
    assert set(by_hex["C3"]) == {"5", "6", "57"}             # a city on the wall
    assert set(by_hex["B6"]) == {"1", "2", "55", "56", "69"}
    # unconnected (player aid), but on the map: B8's straight never points off the top edge
    assert 0 not in p["rotation"]["choices_by"]["map"]["B8,9"]
    act(g, "lay_tile", "LYR", company="CW", hex="C7", tile="8", rotation=0)
    lay = next(a for a in g.legal_actions() if a["type"] == "lay_tile" and a.get("company"))
    assert "C7" not in lay["params"]["hex"]["choices"]
    act(g, "lay_tile", "LYR", company="CW", hex="B8", tile="9", rotation=1)
    assert not [a for a in g.legal_actions() if a["type"] == "lay_tile" and a.get("company")]


def test_discard_offers_the_companys_trains():
    from tests.engine.helpers_1888n import rig_trains
    g = opened()
    rig_trains(g, "3", ["4-0"], {"LYR": ["3-0", "3-1", "3-2", "3-3"]})
    r = g.rules
    r.crowded = ["LYR"]
    from tests.engine.helpers_1888n import rebase
    rebase(g)
    legal = [a for a in g.legal_actions() if not a.get("anytime") and a["type"] != "undo"]
    assert [(fixed(e), offers(e)) for e in legal] == [
        ({"type": "discard_train", "entity": "LYR"},
         {"train": {"choices": ["3-0", "3-1", "3-2", "3-3"]}})]
    act(g, "discard_train", "LYR", train="3-1")
    assert "3-1" in g.rules.depot.discarded


def test_undo_names_the_player():
    g = Game("1888-N", NAMES, seed=1)
    act(g, "pass", "1")
    events = g.process({"type": "undo"})
    assert events[0]["message"].startswith("Undone: Ann pass")
    assert events[0]["params"]["entity_name"] == "Ann"
