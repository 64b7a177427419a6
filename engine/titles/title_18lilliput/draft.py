"""The draft of starting companies and characters (S 셋업 9-13).

In the order 1-2-3-4-4-3-2-1 from the first player each player picks twice: a starting
company or a character first, the other kind second. A starting company comes with its
advantage (S 셋업 11-12): blue a free big-city (Y) tile, yellow (Lilliput) two 2-trains
(the others one), green's director £60 personal cash instead of £30, red (Mildendo) price 55
and £550 (the others £500). Each joins one yellow tile to Mildendo on its side and keeps its
railhead (its station) there (S 셋업 13). Starting companies nobody picks stay out of the
game (provisional: the 1-3 player changes are not in the summary).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.core18xx.shares import IPO
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import MILDENDO, pos_id

HOME_KINDS = ["city", "town", "plain"]
NOTHING = "nothing"


class DraftMixin:
    def _init_draft(self) -> None:
        self.draft_order = D.snake(self.order_from_first())
        self.draft_index = 0
        self.picked: dict[str, list[str]] = {p: [] for p in self.seating}

    def drafting(self) -> str | None:
        """Whose pick it is (the draft round's turn), None once the draft is over."""
        if self.draft_index >= len(self.draft_order):
            return None
        return self.draft_order[self.draft_index]

    def _pick_kind(self, pick: str) -> str | None:
        if pick in D.STARTING:
            return "company"
        if pick in D.CHARACTERS:
            return "character"
        return None

    def draft_choices(self, player: str) -> list[str]:
        kinds = {self._pick_kind(x) for x in self.picked[player]}
        out = []
        if "company" not in kinds:
            out += [c for c in D.STARTING if self.companies[c]["director"] is None]
        if "character" not in kinds:
            out += [c for c in D.CHARACTERS if self.characters[c] is None]
        return out

    def draft_legal(self, player: str) -> list[dict]:
        choices = self.draft_choices(player) or [NOTHING]
        labels = {c: C.company(c, self.company_name(c)) for c in choices if c in D.STARTING}
        labels.update({c: C.msg("character." + c, D.CHARACTER_NAMES[c]) for c in choices
                       if c in D.CHARACTERS})
        if NOTHING in choices:
            labels[NOTHING] = C.msg("pick.nothing", "Nothing left of that kind")
        return [{"type": "pick", "entity": player, "label": C.msg("act.pick", "Draft a pick"),
                 "params": {
                     "pick": C.choice("text", choices, labels,
                                      label=C.msg("param.pick", "Company or character")),
                     "home_tile": C.choice("text", HOME_KINDS,
                                           {k: C.msg("kind." + k, k) for k in HOME_KINDS},
                                           default="city", optional=True,
                                           label=C.msg("param.home_tile",
                                                       "Kind of the set-up tile"))}}]

    def pick(self, player: str, action: dict) -> None:
        pick = action.get("pick")
        if pick == NOTHING and not self.draft_choices(player):
            # only after a correction gave away every card of the kind still owed
            self.draft_index += 1
            return
        kind = self._pick_kind(pick) if isinstance(pick, str) else None
        if kind is None:
            raise GameError("bad_pick", f"{pick!r} is neither a starting company nor a character.",
                      pick=pick)
        if pick not in self.draft_choices(player):
            taken = (self.companies[pick]["director"] if kind == "company"
                     else self.characters[pick])
            if taken is not None:
                raise GameError("already_picked", f"{pick} is already taken.", pick=pick)
            raise GameError("same_kind_twice", "The second pick is the other kind (a company and a "
                      "character).", pick=pick)
        home_kind = action.get("home_tile", "city")
        if home_kind not in HOME_KINDS:
            raise GameError("bad_home_tile", f"The set-up tile is one of {HOME_KINDS}.")
        self.picked[player].append(pick)
        if kind == "company":
            self._start_company(player, pick, home_kind)
        else:
            self.characters[pick] = player
            self.emit("character_picked", f"{self.player_name(player)} takes the {pick}.",
                      player=player, character=pick)
        self.draft_index += 1

    def _start_company(self, player: str, cid: str, home_kind: str) -> None:
        spec = D.STARTING[cid]
        co = self.companies[cid]
        co["director"], co["in_play"], co["founded_round"] = player, True, 0
        self.shares.move(cid, IPO, player, D.DIRECTOR_PERCENT)
        self.shares.president[cid] = player
        self.market.place(cid, self.index_space(spec["price"]))
        self.ledger.pay(BANK, cid, spec["cash"])
        extra = spec.get("director_cash", D.PLAYER_CASH) - D.PLAYER_CASH
        if extra:
            self.ledger.pay(BANK, player, extra)
        got = []
        for _ in range(spec["trains"]):
            t = self.depot.next_train()
            if t is None or t.rsplit("-", 1)[0] != "2":
                break                   # the table set fewer 2-trains than the set-up needs
            self.depot.take(t)
            self.depot.owner[t] = cid
            co["trains"].append(t)
            got.append(t)
        dx, dy = D.SIDES[spec["side"]]
        pos = pos_id(dx, dy)
        tile_kind = "Y" if spec.get("free_y") else home_kind
        self.tiles[pos] = {"kind": tile_kind, "colour": "yellow",
                           "exits": "NS" if spec["side"] in "NS" else "EW",
                           "slots": D.SLOTS.get((tile_kind, "yellow"), 0), "stations": []}
        self.tiles[MILDENDO]["stations"].append(cid)
        self.tiles[MILDENDO]["slots"] = len(D.STARTING)
        co["home"], co["railhead"] = MILDENDO, pos
        co["stations"] = [MILDENDO]
        co["markers"] = D.MARKERS - 1
        name = self.company_name(cid)
        self.emit(
            "company_picked",
            f"{self.player_name(player)} directs {name}: £{spec['cash']} to the company, price "
            f"£{spec['price']}, {len(got)} 2-train(s).",
            f"Lay a yellow {tile_kind} tile at {pos} joined to Mildendo; put {name}'s railhead "
            f"on Mildendo.",
            player=player, company=cid, cash=spec["cash"], price=spec["price"],
            count=len(got), kind=C.msg("kind." + tile_kind, tile_kind), pos=pos)

    def index_space(self, price: int) -> tuple[int, int]:
        for r, row in enumerate(self.market.prices):
            for c, v in enumerate(row):
                if v == price:
                    return (r, c)
        raise GameError("no_such_price", f"£{price} is not on the share price index.", price=price)
