"""Whole 18Korea games entered only through legal_actions(), as a phone would.

A "phone" here sees nothing but the templates: it sends a template's fixed parts as
they are and fills each field only from what the field offers (``choices``, a
``choices_by`` / ``max_by`` keyed on another field, ``min``/``max``/``step``, a list of
``length`` numbers, or free text within ``max_length`` and outside ``not_in``). Its
only freedom is which template to use and which offered value to take. Every action it
sends must be accepted: a template that lets a phone build a refused action is a bug.
"""
import random

import pytest

from engine import Game, contract

SHOWN_ONLY = {"params", "anytime", "label", "description", "hint"}
ADMIN = {"undo", "redo", "correction", "enter_asset", "replace_asset"}


def number(spec, rng, low=False):
    lo, hi, step = spec["min"], spec["max"], spec.get("step", 1)
    top = (hi - lo) // step
    k = rng.randint(0, min(top, 3)) if low else rng.randint(0, top)
    return lo + step * k


def text(spec, rng):
    if spec.get("suggestions"):
        return rng.choice(spec["suggestions"])
    taken = {str(v).upper() for v in spec.get("not_in", [])}
    while True:
        label = f"{rng.choice('ABCDEFGHJKLMN')}{rng.randint(1, 30)}"[:spec.get("max_length", 16)]
        if label not in taken:
            return label


def fill(template, rng, low=()):
    """A phone's action from an entry: fixed parts as given, params from what they offer."""
    action = {k: v for k, v in template.items() if k not in contract.ENTRY_KEYS
              or k in ("type", "entity")}
    params = template.get("params", {})
    # params others depend on first (choices_by / max_by name them)
    order = sorted(params, key=lambda n: any(
        params[n].get(by, {}).get("field") for by in ("choices_by", "max_by")))
    for name in order:
        spec = params[name]
        if spec.get("optional"):
            continue
        if spec.get("fill") == "seat":
            action[name] = spec["choices"][0]
        elif spec["kind"] == "choice":
            options = contract.allowed(spec, action)
            assert options, f"empty choices for {name} in {template}"
            action[name] = rng.choice(options)
        elif spec["kind"] == "number":
            action[name] = number({**spec, "max": contract.number_max(spec, action)}, rng,
                                  name in low)
        elif spec["kind"] == "list":
            item = spec["of"]
            action[name] = [number({**item, "max": min(item["max"], 400)}, rng)
                            for _ in spec["items"]]
        elif spec["kind"] == "text":
            action[name] = text(spec, rng)
        else:
            raise AssertionError(f"param {name} of {template['type']} has no kind: {spec}")
    return action


# how often a phone picks each kind of template when several are open (the table's habits)
WEIGHTS = {"draft": 1, "par": 1, "discard_train": 1, "defector_station": 50, "bankrupt": 1,
           "sell_shares": 0.3, "buy_share": 4, "start_auction": 3, "bid": 1, "pass": 3, "done": 3,
           "lay_tile": 8, "build_station": 2, "run": 30, "dividend": 30, "buy_train": 12,
           "upgrade_train": 2, "attach_asset": 1, "use_asset": 1, "trade_asset": 0.2}


def choose(game, rng):
    """A sensible table: it reads the book (the view) to decide what to do, and fills the
    chosen form only from what the form offers."""
    legal = [t for t in game.legal_actions() if t["type"] not in ADMIN]
    assert legal, "a live game always offers something to do"
    stock = game.rules.round == "stock"
    view = game.view() if stock else {"players_books": {}, "round": {"kind": game.rules.round}}
    books = view["players_books"]
    rnd = view["round"]
    # while money is owed for a forced train, the director's phone raises it first
    owing = [t for t in legal if t["type"] in ("sell_shares", "bankrupt")] \
        if rnd["kind"] == "operating" else []
    if owing:
        legal = owing
    weights = []
    for t in legal:
        w = WEIGHTS.get(t["type"], 1)
        me = books.get(t.get("entity"), {})
        if t["type"] == "start_auction" and (len(me.get("director_of", [])) >= 2
                                             or me.get("cash", 0) < 260):
            w = 0
        if t["type"] == "buy_share" and me.get("cash", 0) < 200:
            w = 0.2
        if t["type"] == "pass" and rnd["kind"] == "stock" and rnd.get("auction"):
            w = 8
        if t["type"] == "buy_train" and t.get("source") != "market":
            w = 0.5
        weights.append(w)
    template = rng.choices(legal, weights)[0]
    action = fill(template, rng, low={"bid", "cost", "price", "count", "amount"})
    if template["type"] == "par":        # a founder puts in as much as it can (the top offered par)
        action["price"] = max(template["params"]["price"]["choices"])
    if template["type"] == "dividend" and rng.random() < 0.7:
        action["kind"] = "payout"
    return action


def play_from_forms(n, seed, limit=6000):
    game = Game("18Korea", [f"P{i}" for i in range(1, n + 1)], seed=seed)
    rng = random.Random(seed)
    seen = set()
    for _ in range(limit):
        if game.finished:
            return game, seen
        action = choose(game, rng)
        seen.add((action["type"], action.get("form")))
        game.process(action)            # raises GameError if a template allowed a refused action
    raise AssertionError(f"{n}-player game not over after {limit} actions")


# most random 5-player games end in a bankruptcy: seed 10 is one that runs its full length
@pytest.mark.parametrize("n,seeds", [(2, (1, 2)), (4, (1, 2)), (5, (1, 10))])
def test_whole_games_from_legal_action_forms_only(n, seeds):
    reasons, seen = set(), set()
    for seed in seeds:
        game, kinds = play_from_forms(n, seed)
        assert game.finished and game.legal_actions() == []
        reasons.add(game.game_end_reason)
        seen |= kinds
        view = game.view()
        assert view["finished"] and set(view["scores"]) == {p["id"] for p in game.players}
        # every hex the book holds has the facts the war needs
        for hx, info in view["map"].items():
            assert info["side"] in ("N", "S") and info["kind"] in ("plain", "small", "city", "metro")
    assert {("lay_tile", "new_hex"), ("lay_tile", "known_hex"), ("run", None), ("dividend", None),
            ("buy_train", None), ("start_auction", None), ("par", None)} <= seen
    assert reasons <= {"8E_final_set", "price_460", "price_500", "bankruptcy", "OA01"}
    assert "8E_final_set" in reasons or "price_460" in reasons     # at least one full-length game


def test_every_template_field_is_typed():
    """Each field of each template, all through a game, has choices, a range or bounded text."""
    for n in (2, 5):
        game = Game("18Korea", [f"P{i}" for i in range(1, n + 1)], seed=3)
        rng = random.Random(3)
        for _ in range(400):
            if game.finished:
                break
            contract.check_legal(game.legal_actions())
            game.process(choose(game, rng))
