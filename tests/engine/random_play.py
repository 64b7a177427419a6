"""Random legal play: pick an action from ``legal_actions()`` and fill in its template."""
import random

SKIP = {"undo", "redo"}


def fill(action: dict, rng: random.Random, game) -> dict | None:
    kind = action["type"]
    if kind in SKIP:
        return None
    a = {k: v for k, v in action.items() if k not in ("min", "max", "step", "prices", "buys",
                                                      "bonuses", "colors", "cash", "price")}
    if kind == "lay_tile":
        return _tile_lay(action, rng, game)
    if kind == "bid":
        steps = (action["max"] - action["min"]) // action["step"]
        a["price"] = action["min"] + action["step"] * rng.choice(
            [0, 0, 0, min(1, steps), min(3, steps)])
    elif kind == "par":
        a["price"] = rng.choice(action["prices"])
    elif kind in ("buy_train", "buy_company"):
        a["price"] = action.get("price", action.get("min"))
    elif kind == "run_trains":
        a["trains"] = [{"train": t, "revenue": rng.choice([0, 30, 60, 90, 150])}
                       for t in action["trains"]]
    elif kind == "place_token":
        tokens = game.rules.board.tokens
        free = [h for h in ("H14", "G11", "D10", "E5", "F6", "G9", "C13", "B18", "C9")
                if (action["entity"], 0) not in tokens.get(h, [])]
        if not free:
            return None
        a["hex"] = rng.choice(free)
        a["city"] = 0
    return a


def _tile_lay(action, rng, game):
    """A random lay the book accepts (colour, feature, label, supply, terrain cost)."""
    if "company" in action or not action.get("tiles"):
        return None
    r = game.rules
    hexes = list(r.HEXES)
    for _ in range(8):
        hex_id, tile = rng.choice(hexes), rng.choice(sorted(action["tiles"]))
        try:
            r.check_hex_open(action["entity"], hex_id, tile)
            cost = r.board.check_lay(r.HEXES, r.TILES, hex_id, tile, 0, r.phase_colors())
        except Exception:
            continue
        if cost <= action["cash"]:
            return {"type": "lay_tile", "entity": action["entity"], "hex": hex_id, "tile": tile,
                    "rotation": rng.randrange(6)}
    return None


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
