"""A seeded random player of the 18xx core's titles (tests and benchmarks): it picks an entry
of ``legal_actions()`` and fills in its declared params the way a phone does (the entry's
fixed scalars plus one value per param, ``engine.contract``)."""
import random

from engine import contract

SKIP = {"undo", "redo"}
ENTRY_KEYS = {"params", "anytime", "label", "show", "about", "warn"}


def fixed_part(template: dict) -> dict:
    """What a phone sends as is: the entry's type, entity and fixed scalars."""
    return {k: v for k, v in template.items() if k not in ENTRY_KEYS}


def pick(spec: dict, rng: random.Random, action: dict):
    """One value for a declared param, within what it offers."""
    kind = spec["kind"]
    if kind == "list":
        return [pick(spec["of"], rng, action) for _ in spec["items"]]
    if kind == "choice":
        choices = contract.allowed(spec, action)
        return rng.choice(choices) if choices else None
    if kind == "text":
        return (spec.get("suggestions") or ["test"])[0]
    if kind == "flag":
        return rng.random() < 0.5
    lo, hi, step = spec["min"], contract.number_max(spec, action), spec.get("step") or 1
    return lo + step * rng.randint(0, max(0, (hi - lo) // step))


def fill_params(template: dict, rng: random.Random, overrides=None, seat=None) -> dict:
    action = fixed_part(template)
    overrides = overrides or {}
    for name, spec in template.get("params", {}).items():
        if spec.get("fill") == "seat":
            action[name] = seat if seat is not None else spec["choices"][0]
        else:
            action[name] = overrides[name](spec) if name in overrides else pick(spec, rng, action)
    return action


def fill(action: dict, rng: random.Random, game) -> dict | None:
    kind = action["type"]
    if kind in SKIP or action.get("anytime"):
        return None
    if kind == "bid":
        def low_bid(spec):
            steps = (spec["max"] - spec["min"]) // spec["step"]
            return spec["min"] + spec["step"] * rng.choice([0, 0, 0, min(1, steps),
                                                            min(3, steps)])
        return fill_params(action, rng, {"price": low_bid})
    if kind == "run_trains":
        return fill_params(action, rng, {
            "revenues": lambda spec: [rng.choice([0, 30, 60, 90, 150])
                                      for _ in range(len(spec["items"]))],
            "destination": lambda spec: [rng.random() < 0.2 for _ in range(len(spec["items"]))],
            "mine": lambda spec: [rng.random() < 0.2 for _ in range(len(spec["items"]))]})
    if kind in ("buy_train", "buy_company"):
        return fill_params(action, rng, {"price": lambda spec: spec.get("default", spec["min"])})
    return fill_params(action, rng)


WEIGHTS = {"lay_tile": 4, "pass": 3, "bid": 2, "par": 4, "buy_shares": 6, "sell_shares": 1,
           "buy_train": 5,
           "run_trains": 9, "dividend": 9, "place_token": 1, "buy_company": 1, "discard_train": 5,
           "exchange": 1, "bankrupt": 9}


def choose(game, rng: random.Random) -> dict | None:
    options = []
    for action in game.legal_actions():
        filled = fill(action, rng, game)
        if filled is not None:
            options.append(filled)
    if not options:
        return None
    weights = [WEIGHTS.get(o["type"], 1) for o in options]
    return rng.choices(options, weights)[0]


def play(game, rng: random.Random, steps: int, check=None) -> list[dict]:
    done = []
    for _ in range(steps):
        if game.finished:
            break
        action = choose(game, rng)
        if action is None:
            break
        game.process(action)
        done.append(action)
        if check:
            check(game)
    return done
