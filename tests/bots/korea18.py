"""A seeded random player of 18Korea that only chooses among legal actions.

Used by the tests (whole games from the draft to the scores) and benchmarks; not part of
the product.
It reads ``legal_actions()`` and fills in parameters; for tile lays it uses the
two lay_tile forms: a tile offered for a known hex, or a new board label with its
side, kind and printed cost.
"""
from __future__ import annotations

import random

from engine.titles.title_18korea import data as D


def fill(template: dict, rng: random.Random) -> dict:
    action = {k: v for k, v in template.items() if k not in ("params", "anytime", "price", "cost",
                                                             "shared_city", "revenue", "label",
                                                             "show", "tp_left")}
    if template.get("type") == "buy_share":
        action = {k: template[k] for k in ("type", "entity", "company", "source")}
    if template.get("type") == "buy_train" and template.get("source") == "market":
        action = {k: template[k] for k in ("type", "entity", "source", "train")}
    for name, spec in template.get("params", {}).items():
        if "choices" in spec:
            action[name] = rng.choice(spec["choices"])
        elif "min" in spec and "max" in spec:
            lo, hi, step = spec["min"], spec["max"], spec.get("step", 1)
            action[name] = lo + step * rng.randint(0, max(0, (hi - lo) // step))
    return action


class Bot:
    def __init__(self, seed: int, buy_bias: float = 0.95, start_bias: float = 0.6):
        self.rng = random.Random(seed)
        self.buy_bias = buy_bias
        self.start_bias = start_bias

    def choose(self, game) -> dict:
        rng = self.rng
        rules = game.rules
        legal = [a for a in game.legal_actions() if a["type"] not in
                 ("undo", "redo", "trade_asset", "enter_asset", "correction", "use_asset")]
        moves = [a for a in legal if a["type"] == "defector_station" and a["params"]["hex"]["choices"]]
        if moves:
            return fill(moves[0], rng)
        legal = [a for a in legal if a["type"] != "defector_station"]
        by = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        # attach asset cards now and then
        if "attach_asset" in by and rng.random() < 0.3:
            return fill(rng.choice(by["attach_asset"]), rng)
        legal = [a for a in legal if a["type"] != "attach_asset"]
        by.pop("attach_asset", None)
        if rules.round == "draft" or "discard_train" in by:
            return fill(legal[0], rng)
        if rules.round == "stock":
            return self._stock(rules, by, rng)
        return self._operate(rules, by, rng)

    def _stock(self, rules, by, rng):
        if rules.sr["par"] and "par" not in by:
            if "sell_shares" not in by:          # a winner who cannot pay (bid cap "literal")
                return by["bankrupt"][0]
            return fill(by["sell_shares"][0], rng) | {"count": 1}
        if "par" in by:
            t = by["par"][0]
            pid = t["entity"]
            bid = rules.sr["par"]["bid"]
            ok = [p for p in t["params"]["price"]["choices"] if rules.cash[pid] >= bid + 2 * p]
            head = rules.market_head()
            enough = [p for p in ok if 2 * p >= D.TRAIN_PRICE[head] * (1 if rules.or_total else 1.5)]
            if enough:
                return {"type": "par", "entity": pid, "price": rng.choice(enough[:2])}
            if ok:
                return {"type": "par", "entity": pid, "price": ok[-1]}
            if "sell_shares" not in by:
                return by["bankrupt"][0]
            return fill(by["sell_shares"][0], rng) | {"count": 1}
        if "bid" in by or (rules.sr["auction"] and "pass" in by):
            if "bid" in by and rng.random() < 0.3:
                t = by["bid"][0]
                amt = t["params"]["amount"]
                return {"type": "bid", "entity": t["entity"], "amount": min(amt["max"], amt["min"] + 5 * rng.randint(0, 3))}
            return by["pass"][0]
        founded = len(rules.live_companies())
        me = (by.get("pass") or by.get("done") or [{}])[0].get("entity")
        directs = sum(1 for c in rules.live_companies() if c.director == me)
        head = rules.market_head()
        want = max(200, (D.TRAIN_PRICE[head] if head and rules.or_total else 0) + 60)
        if not founded:
            # With no company running the game cannot move on: start one if any par is affordable.
            want = 2 * min(D.PAR_PRE_WAR) + 10   # the lowest par is the same before and after the war
        if "start_auction" in by and directs < 2 and rules.cash.get(me, 0) >= want and rng.random() < self.start_bias / (1 + founded / 3):
            t = by["start_auction"][0]
            return {"type": "start_auction", "entity": t["entity"],
                    "company": rng.choice(t["params"]["company"]["choices"]),
                    "bid": 5 * rng.randint(0, 2) if t["params"]["bid"]["max"] >= 10 else 0}
        if "buy_share" in by and rules.cash.get(me, 0) > 250 and rng.random() < self.buy_bias * 0.6:
            return fill(rng.choice(by["buy_share"]), rng)
        if "sell_shares" in by and rng.random() < 0.05:
            return fill(rng.choice(by["sell_shares"]), rng) | {"count": 1}
        if "done" in by:
            return by["done"][0]
        if "pass" not in by:
            return fill(by["sell_shares"][0], rng) | {"count": 1}
        return by["pass"][0]

    def _lay(self, rules, templates, spare, rng):
        home = rules.turn_step() == "home"
        forms = {t["form"]: t for t in templates}
        known, new = forms.get("known_hex"), forms.get("new_hex")
        if known and (home or not new or rng.random() < 0.6):
            hexes = list(known["params"]["hex"]["choices"])
            rng.shuffle(hexes)
            for hx in hexes[:8]:
                cost = rules.hex_info(hx)["cost"] if rules.next_color(hx) == "yellow" else 0
                if cost <= spare or home:
                    tiles = known["params"]["tile"]["choices_by"]["map"][hx]
                    return {"type": "lay_tile", "entity": known["entity"], "hex": hx,
                            "tile": rng.choice(tiles), "rotation": rng.randint(0, 5)}
        if new:
            p = new["params"]
            kind = rng.choice(["plain", "plain", "plain", "small", "city"])
            costs = [c for c in (0, 0, 0, 20, 40, 80) if c <= min(p["cost"]["max"], max(spare, 0))]
            return {"type": "lay_tile", "entity": new["entity"], "hex": new_label(p["hex"], rng),
                    "side": rng.choice(p["side"]["choices"]), "hex_kind": kind,
                    "cost": rng.choice(costs or [0]),
                    "tile": rng.choice(p["tile"]["choices_by"]["map"][kind]), "rotation": rng.randint(0, 5)}
        return None

    def _operate(self, rules, by, rng):
        if "bankrupt" in by:
            return by["bankrupt"][0]
        if "sell_shares" in by:
            t = by["sell_shares"][0]
            return {"type": "sell_shares", "entity": t["entity"], "company": t["company"], "count": 1}
        comp = rules.current_company()
        head = rules.market_head()
        reserve = rules.train_price(comp, head) if comp and head and \
            len(comp.trains) < min(2, rules.train_limit) else 0
        spare = (comp.cash - reserve) if comp else 0
        if "lay_tile" in by and (rng.random() < 0.7 or rules.turn_step() == "home"):
            lay = self._lay(rules, by["lay_tile"], spare, rng)
            if lay:
                return lay
        if "build_station" in by and rng.random() < 0.5 and by["build_station"][0]["cost"] <= spare:
            t = by["build_station"][0]
            return {"type": "build_station", "entity": t["entity"],
                    "hex": rng.choice(t["params"]["hex"]["choices"])}
        if "run" in by:
            t = by["run"][0]
            trains = [item["v"] for item in t["params"]["revenues"]["items"]]
            revs = [10 * rng.randint(3 + D.TRAIN_LENGTH[tr], 6 + 4 * D.TRAIN_LENGTH[tr]) for tr in trains]
            return {"type": "run", "entity": t["entity"], "revenues": revs}
        if "dividend" in by:
            t = by["dividend"][0]
            comp = rules.companies[t["entity"]]
            head = rules.market_head()
            need = rules.train_price(comp, head) if head else 0
            poor = comp.cash < need and (len(comp.trains) < 2 or comp.cash < 100) and t["revenue"] > 0
            return {"type": "dividend", "entity": t["entity"],
                    "kind": "withhold" if poor and rng.random() < 0.8 else
                    ("payout" if rng.random() < 0.85 else "withhold")}
        market = [a for a in by.get("buy_train", []) if a.get("source") == "market"]
        if market and rng.random() < self.buy_bias:
            held = comp.trains if comp else []
            if len(held) < 2 or market[0]["train"] not in held:
                return fill(market[0], rng)
        if "upgrade_train" in by and rng.random() < 0.5:
            return by["upgrade_train"][0]
        if "done" in by:
            return by["done"][0]
        if market:
            return fill(market[0], rng)
        trades = [a for a in by.get("buy_train", []) if a.get("source") != "market"]
        if trades:
            t = trades[0]
            return {"type": "buy_train", "entity": t["entity"], "source": t["source"], "train": t["train"],
                    "price": 1, "connected": True}
        raise RuntimeError(f"bot has no move among {list(by)}")


def new_label(spec: dict, rng: random.Random) -> str:
    """A board label that the book does not know yet (``not_in``)."""
    taken = {h.upper() for h in spec.get("not_in", [])}
    while True:
        label = f"{rng.choice('ABCDEFGHIJKLMN')}{rng.randint(1, 24)}"
        if label not in taken:
            return label


def play(game, seed: int = 0, max_actions: int = 5000, **kw) -> int:
    """Play ``game`` to its end with a seeded bot; return the number of actions taken."""
    bot = Bot(seed, **kw)
    for n in range(max_actions):
        if game.finished:
            return n
        game.process(bot.choose(game))
    raise RuntimeError(f"game not over after {max_actions} actions")
