"""Replay a game exported from 18xx.games through our own engine.

The export is JSON with ``players``, ``settings.optional_rules`` and
``actions``. We resolve its ``undo``/``redo`` the way the site does (an undo
takes back the last action in force, or everything after ``action_id``; a
redo brings back the last undone batch), unfold each action's
``auto_actions`` after it, drop ``program_*`` and ``message`` actions, and
turn the rest into our own table actions, applied with ``Game.process``:

- a tile lay keeps hex + tile + rotation (``9-0`` is tile ``9``);
- a token names its hex (found from the tile the record's city sits on);
- a run gives each train's revenue, with the title's bonuses as flags;
- a share bought names its source (the IPO or the pool), found by following
  which certificates are still in the IPO;
- the site's "pass" of an operating step ends nothing by itself: a company's
  turn ends (our ``pass``) when the next action belongs to someone else, and
  a player the site skipped automatically gets our ``pass``.

Player ids are the record's ids (as strings), so scores map back. The game is
created with ``options["compat"] = "18xx.games"``: where the site departs from
the rulebook, the replay follows the site that the record was played on.
"""
from __future__ import annotations

from engine.errors import GameError
from engine.game import Game
from engine.replay import Replay

# (18xx.games title, optional rule) -> our title id
TITLES = {("1888", "north"): "1888-N"}
NO_OPS = {"message", "program_share_pass", "program_buy_shares", "program_disable",
          "program_auction_bid", "program_merger_pass", "program_independent_mines",
          "program_harzbahn_draft_pass", "program_close_pass", "program_sell_shares", "end_game"}


def our_title(data: dict) -> str:
    title = data.get("title")
    rules = set((data.get("settings") or {}).get("optional_rules") or [])
    for (site_title, rule), ours in TITLES.items():
        if title == site_title and rule in rules:
            return ours
    raise GameError("record_title", f"This engine does not play 18xx.games title {title!r} with "
                    f"options {sorted(rules)}.", title=title)


def filtered(actions: list[dict]) -> list[dict | None]:
    """The actions in force after undo/redo, as 18xx.games computes them (None = not in force)."""
    out: list[dict | None] = [None] * len(actions)
    undos: list[list[tuple[dict, int]]] = []
    for i, a in enumerate(actions):
        kind = a.get("type")
        if kind == "undo":
            target = a.get("action_id")
            if target is not None:
                if target == 0:
                    start = 0
                else:
                    idx = next((j for j, b in enumerate(actions) if b.get("id") == target), None)
                    if idx is None:
                        raise GameError("record_undo",
                                        f"Undo at index {i} names unknown action {target}.")
                    start = idx + 1
            else:
                start = next((j for j in range(i - 1, -1, -1)
                              if out[j] is not None and out[j].get("type") != "message"), None)
                start = 0 if start is None else start
            batch = []
            for j in range(start, i):
                if out[j] is not None and out[j].get("type") != "message":
                    batch.append((out[j], j))
                    out[j] = None
            undos.append(batch)
        elif kind == "redo":
            if undos:
                for b, j in undos.pop():
                    out[j] = b
        elif kind == "message":
            out[i] = a
        else:
            undos.clear()
            out[i] = a
    return out


class _Converter:
    def __init__(self, game: Game):
        self.game = game
        self.ipo: dict[str, set[str]] = {}
        for corp in self.rules.corps:
            shares = self.rules.shares
            n = 1 + (100 - shares.president_percent[corp]) // shares.share_percent[corp]
            self.ipo[corp] = {f"{corp}_{i}" for i in range(n)}
        self.tile_hex: dict[str, str] = {}

    @property
    def rules(self):
        return self.game.rules     # Game may swap its rules object (rebuilds); always ask it

    # -- helpers ---------------------------------------------------------------------------
    def owner_corp(self, entity: str) -> str:
        c = self.rules.companies.get(entity)
        return c["owner"] if c else entity

    def convert(self, a: dict) -> list[dict]:
        kind = a["type"]
        ent = str(a.get("entity"))
        if kind == "pass":
            if ent in self.rules.corps:
                return []            # the site's step pass; turns end by the next entity acting
            return [{"type": "pass", "entity": ent}]
        if kind == "bid":
            return [{"type": "bid", "entity": ent, "company": a["company"], "price": a["price"]}]
        if kind == "par":
            price = int(str(a["share_price"]).split(",")[0])
            self.ipo[a["corporation"]].discard(f"{a['corporation']}_0")
            return [{"type": "par", "entity": ent, "corporation": a["corporation"], "price": price}]
        if kind == "buy_shares":
            out = []
            for share in a["shares"]:
                corp = share.rsplit("_", 1)[0]
                source = "ipo" if share in self.ipo[corp] else "pool"
                self.ipo[corp].discard(share)
                if ent in self.rules.companies:
                    out.append({"type": "exchange", "entity": self.rules.companies[ent]["owner"],
                                "company": ent, "corporation": corp, "source": source})
                else:
                    out.append({"type": "buy_shares", "entity": ent, "corporation": corp,
                                "source": source})
            return out
        if kind == "sell_shares":
            corp = a["shares"][0].rsplit("_", 1)[0]
            return [{"type": "sell_shares", "entity": ent, "corporation": corp,
                     "percent": a["percent"]}]
        if kind == "lay_tile":
            tile = a["tile"].rsplit("-", 1)[0]
            tile = getattr(self.rules, "RECORD_TILE_NAMES", {}).get(tile, tile)
            self.tile_hex[a["tile"]] = a["hex"]
            out = {"type": "lay_tile", "entity": ent, "hex": a["hex"], "tile": tile,
                   "rotation": a["rotation"]}
            if ent in self.rules.companies:
                out["entity"] = self.owner_corp(ent)
                out["company"] = ent
            return [out]
        if kind == "place_token":
            tile_id, city = a["city"].rsplit("-", 1)
            hex_id = self.tile_hex.get(tile_id) or tile_id.split("-")[0]
            return [{"type": "place_token", "entity": self.owner_corp(ent), "hex": hex_id,
                     "city": int(city)}]
        if kind == "run_routes":
            return [self.run_form(ent, [self.route(ent, r) for r in a.get("routes", [])])]
        if kind == "dividend":
            return [{"type": "dividend", "entity": ent, "kind": a["kind"]}]
        if kind == "buy_train":
            out = {"type": "buy_train", "entity": ent, "train": a["train"], "price": a["price"]}
            if a.get("exchange"):
                out["exchange"] = a["exchange"]
            return [out]
        if kind == "discard_train":
            return [{"type": "discard_train", "entity": ent, "train": a["train"]}]
        if kind == "buy_company":
            return [{"type": "buy_company", "entity": ent, "company": a["company"],
                     "price": a["price"]}]
        if kind == "bankrupt":
            return [{"type": "bankrupt", "entity": ent}]
        raise GameError("record_action", f"The importer does not know 18xx.games action {kind!r}.",
                        type=kind)

    def run_form(self, corp: str, routes: list[dict]) -> dict:
        """A run as the phones post it: one revenue per train the company owns (0 for a train
        without a route), one yes/no per train for each bonus the run form offers."""
        trains = list(self.rules.corps[corp]["trains"])
        by_train = {r["train"]: r for r in routes}
        out = {"type": "run_trains", "entity": corp,
               "revenues": [by_train.get(t, {}).get("revenue", 0) for t in trains]}
        for bonus in self.rules.run_bonuses(corp):
            out[bonus["name"]] = [bool(by_train.get(t, {}).get(bonus["name"])) for t in trains]
        return out

    def route(self, corp: str, r: dict) -> dict:
        entry = {"train": r["train"], "revenue": r.get("revenue", 0)}
        dest = getattr(self.rules, "DESTINATIONS", {}).get(corp)
        if dest and "dest)" in r.get("revenue_str", ""):
            entry["revenue"] -= dest[1]
            entry["destination"] = True
        if r.get("subsidy"):
            entry["mine"] = True
        return entry

    # -- turn keeping ----------------------------------------------------------------------
    def in_turn(self, action: dict) -> bool:
        rules = self.rules
        acting = rules.acting()
        if action["entity"] in acting:
            return not self.new_turn_needed(action)
        rnd = rules.round
        if rnd.name == "operating" and action["type"] in ("sell_shares", "bankrupt") and rnd.corp:
            return rules.shares.president.get(rnd.corp) == action["entity"]
        return False

    def new_turn_needed(self, action: dict) -> bool:
        """The same company acts again, but its turn cannot take this action: a new turn."""
        rnd = self.rules.round
        if rnd.name != "operating" or action["entity"] != rnd.corp:
            return False
        kind = action["type"]
        if kind == "lay_tile" and not action.get("company"):
            return rnd.laid or rnd.stage > 0
        if kind == "place_token":
            return rnd.token_done or rnd.stage > 1
        if kind == "run_trains":
            return rnd.stage > 2
        return False

    def filler(self) -> list[dict]:
        rules = self.rules
        if rules.finished or rules.crowded:
            return []
        rnd = rules.round
        acting = rules.acting()
        if not acting:
            return []
        if rnd.name == "operating":
            corp = rnd.corp
            out = []
            if rnd.stage < 3 and rules.corps[corp]["trains"]:
                out.append(self.run_form(corp, []))
            out.append({"type": "pass", "entity": corp})
            return out
        return [{"type": "pass", "entity": acting[0]}]


def replay(data: dict, checked: bool = False, on_run=None) -> Replay:
    """``on_run(rules, action)``: called with each of the record's runs just before our
    engine takes it (``python -m engine routes`` looks at the board there)."""
    title = our_title(data)
    players = [{"id": str(p["id"]), "name": str(p.get("name") or p["id"])} for p in data["players"]]
    settings = data.get("settings") or {}
    seed = settings.get("seed", data.get("id", 0))
    seed = seed if isinstance(seed, int) else 0
    # the site's optional rules chose the title (our_title); the game takes only its options
    options = {"compat": "18xx.games"}
    game = Game(title, players, seed, options)
    ids = {p["id"]: p["id"] for p in players}
    raw = data.get("actions", [])
    conv = _Converter(game)
    current_index = 0
    try:
        stream = []
        for i, a in enumerate(filtered(raw)):
            if a is None:
                continue
            stream.append((i, a))
            for auto in a.get("auto_actions") or []:
                stream.append((i, auto))
        last_corp_pass = False
        for i, a in stream:
            current_index = i
            if a.get("type") in NO_OPS or str(a.get("type", "")).startswith("program_"):
                continue
            for ours in conv.convert(a):
                guard = 0
                while not game.finished and not conv.in_turn(ours):
                    fill = conv.filler()
                    if not fill or guard > 20:
                        break
                    guard += 1
                    for f in fill:
                        game.process(f, checked=checked)
                if game.finished:
                    raise GameError("record_after_end", "The record goes on after the game ended.")
                if on_run and ours["type"] == "run_trains":
                    on_run(game.rules, a)
                game.process(ours, checked=checked)
            last_corp_pass = a.get("type") == "pass" and str(a.get("entity")) in game.rules.corps
        if last_corp_pass and not game.finished:
            for f in conv.filler():
                game.process(f, checked=checked)
    except GameError as err:
        failed = raw[current_index] if current_index < len(raw) else None
        return Replay(game, current_index, ids, current_index, failed, err)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        failed = raw[current_index] if current_index < len(raw) else None
        err = GameError("record_bad_action", f"Cannot read this action: {exc!r}.")
        return Replay(game, current_index, ids, current_index, failed, err)
    return Replay(game, len(raw), ids)
