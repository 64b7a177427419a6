"""An operating round: each floated company takes its turn, in market order.

A company's turn goes through stages in order, each optional:
track (``lay_tile`` {hex, tile, rotation}; one lay, plus private lays with
``company``), token (``place_token`` {hex, city}), run (``run_trains``
{trains: [{train, revenue, ...title bonuses}]}), dividend (``dividend``
{kind: payout | withhold}; automatic withhold when the run earned nothing),
trains (``buy_train`` {train, price, exchange?}). ``buy_company`` {company,
price} fits anywhere in the turn; ``pass`` ends it. A company with no train
must buy one: if its treasury cannot pay for the cheapest train in the depot,
its president pays the rest (``sell_shares`` by the president first if need
be) or declares ``bankrupt``.
"""
from __future__ import annotations

from engine.errors import GameError

TRACK, TOKEN, RUN, DIVIDEND, TRAINS = range(5)


class OperatingRound:
    name = "operating"

    def __init__(self, g, round_num: int, total: int):
        self.round_num = round_num
        self.total = total
        self.finished = False
        g.payout_privates()
        self.order = sorted((c for c in g.corps
                             if g.corps[c]["floated"] and c not in g.closed_corps),
                            key=g.market.sort_key)
        self.index = -1
        self._next_corp(g)

    # -- turn flow -------------------------------------------------------------------------
    @property
    def corp(self) -> str | None:
        if self.finished or self.index >= len(self.order):
            return None
        return self.order[self.index]

    def _next_corp(self, g):
        self.index += 1
        while self.index < len(self.order) and self.order[self.index] in g.closed_corps:
            self.index += 1
        if self.index >= len(self.order):
            self.finished = True
            return
        self.stage = TRACK
        self.laid = False
        self.token_done = False
        self.revenue = None       # (revenue, subsidy, per-train list)
        self.special_used: dict[str, int] = {}
        self.bought = False
        corp = self.order[self.index]
        g.start_operating(corp)

    def recalculate_order(self, g):
        rest = sorted(self.order[self.index + 1:], key=g.market.sort_key)
        self.order[self.index + 1:] = rest

    def acting(self, g) -> list[str]:
        return [] if self.corp is None else [self.corp]

    # -- actions ---------------------------------------------------------------------------
    def apply(self, g, action):
        kind, entity = action["type"], action["entity"]
        corp = self.corp
        president = g.shares.president.get(corp)
        if kind in ("sell_shares", "bankrupt") and entity == president:
            pass
        elif entity != corp:
            g.out_of_turn(entity, [corp])
        handler = self.HANDLERS.get(kind)
        if handler is None:
            if not g.operating_round_action(self, corp, action):
                raise GameError("bad_action_now",
                                f"{kind!r} is not an action of an operating turn.",
                                type=kind)
            return
        handler(self, g, corp, action)

    def _lay_tile(self, g, corp, action):
        company = action.get("company")
        if company:
            g.special_lay(self, corp, company, action)
            return
        if self.stage > TRACK or self.laid:
            raise GameError("track_done", f"{corp} has laid its tile this turn "
                            "(or moved on past track).", corporation=corp)
        g.lay_tile(corp, action["hex"] if "hex" in action else None, action.get("tile"),
                   action.get("rotation"))
        self.laid = True

    def _place_token(self, g, corp, action):
        if self.stage > TOKEN or self.token_done:
            raise GameError("token_done", f"{corp} has placed its token this turn "
                            "(or moved on past tokens).", corporation=corp)
        g.place_token(corp, action.get("hex"), action.get("city", 0))
        self.token_done = True
        self.stage = TOKEN

    def _run_trains(self, g, corp, action):
        if self.stage > RUN:
            raise GameError("already_ran",
                            f"{corp} has run its trains this turn.", corporation=corp)
        entries = action.get("trains")
        if entries is None and "revenues" in action:
            entries = g.run_entries(corp, action)
        if not isinstance(entries, list):
            raise GameError("bad_run", "Give the revenue of each train: trains=[{train, revenue}].")
        seen = set()
        total = subsidy = 0
        for e in entries:
            if not isinstance(e, dict) or e.get("train") not in g.corps[corp]["trains"]:
                raise GameError("not_your_train", f"{corp} does not own train "
                                f"{e.get('train') if isinstance(e, dict) else e!r}.",
                                corporation=corp)
            if e["train"] in seen:
                raise GameError("train_twice",
                                f"Train {e['train']} runs only once.", train=e["train"])
            seen.add(e["train"])
            rev = e.get("revenue")
            if not isinstance(rev, int) or isinstance(rev, bool) or rev < 0:
                raise GameError("bad_revenue", "A train's revenue is a whole number, 0 or more.",
                                train=e["train"], revenue=rev)
            r, s = g.train_revenue(corp, e)
            total += r
            subsidy += s
        self.revenue = (total, subsidy)
        g.remember_run(corp, entries)
        self.stage = DIVIDEND
        g.emit("trains_run", f"{corp} runs for {g.money(total)}"
               + (f" and earns {g.money(subsidy)} subsidy" if subsidy else "") + ".",
               corporation=corp, revenue=total, subsidy=subsidy)
        if total == 0:
            self._pay(g, corp, "withhold")

    def _dividend(self, g, corp, action):
        if self.stage != DIVIDEND:
            raise GameError("no_dividend_now", f"{corp} has no run to pay out now "
                            "(run trains first).", corporation=corp)
        kind = action.get("kind")
        if kind not in g.DIVIDEND_KINDS:
            raise GameError("bad_dividend", f"Dividend is one of {', '.join(g.DIVIDEND_KINDS)}.",
                            kind=kind)
        self._pay(g, corp, kind)

    def _pay(self, g, corp, kind):
        revenue, subsidy = self.revenue or (0, 0)
        g.pay_dividend(corp, kind, revenue, subsidy)
        self.stage = TRAINS

    def _skip_to_trains(self, g, corp):
        if self.stage == DIVIDEND:
            raise GameError("dividend_pending", f"{corp} must pay out or withhold first.",
                            corporation=corp)
        if self.stage < DIVIDEND:
            if g.corps[corp]["trains"]:
                raise GameError("run_first", f"{corp} has trains: enter their run first "
                                "(an empty run if none can run).", corporation=corp)
            self.revenue = (0, 0)
            self._pay(g, corp, "withhold")

    def _buy_train(self, g, corp, action):
        self._skip_to_trains(g, corp)
        g.buy_train(self, corp, action)
        self.bought = True

    def _buy_company(self, g, corp, action):
        g.corp_buy_company(corp, action.get("company"), action.get("price"))

    def _sell_shares(self, g, corp, action):
        player = action["entity"]
        need = g.emergency_need(self, corp)
        if need <= 0:
            raise GameError("no_emergency", f"{g.pname(player)} may sell shares in an operating "
                            f"round only to raise money for {corp}'s forced train purchase.",
                            corporation=corp)
        self._skip_to_trains(g, corp)
        target = g.corp_arg(action)
        g.sell_shares(player, target, g.percent_arg(action, target), emergency_need=need)
        self.recalculate_order(g)

    def _bankrupt(self, g, corp, action):
        if not g.can_go_bankrupt(self, corp):
            g.declare_bankrupt(self, corp)      # refuses, saying why
        self._skip_to_trains(g, corp)
        g.declare_bankrupt(self, corp)

    def _pass(self, g, corp, action):
        self._skip_to_trains(g, corp)
        if g.must_buy_train(corp):
            raise GameError("must_buy_train", f"{corp} has no train and must buy one.",
                            corporation=corp)
        g.emit("turn_over", f"{corp} ends its turn.", corporation=corp)
        g.end_operating(corp)
        self._next_corp(g)

    HANDLERS = {"lay_tile": _lay_tile, "place_token": _place_token, "run_trains": _run_trains,
                "dividend": _dividend, "buy_train": _buy_train, "buy_company": _buy_company,
                "sell_shares": _sell_shares, "bankrupt": _bankrupt, "pass": _pass}

    # -- phones ----------------------------------------------------------------------------
    def legal(self, g) -> list[dict]:
        corp = self.corp
        if corp is None:
            return []
        c = g.corps[corp]
        out = []
        if self.stage == TRACK and not self.laid:
            lay = g.lay_tile_template(corp)
            if lay:
                out.append(lay)
        out.extend(g.special_lay_legal(self, corp))
        if self.stage <= TOKEN and not self.token_done and g.next_token_price(corp) is not None \
                and g.next_token_price(corp) <= g.ledger.of(corp):
            token = g.token_template(corp)
            if token:
                out.append(token)
        if self.stage <= RUN and c["trains"]:
            out.append(g.run_template(corp))
        if self.stage == DIVIDEND:
            out.append({"type": "dividend", "entity": corp,
                        "revenue": self.revenue[0] if self.revenue else 0,
                        "params": {"kind": {"choices": list(g.DIVIDEND_KINDS)}}})
            return out
        trains_reachable = not (self.stage < DIVIDEND and c["trains"])
        if trains_reachable:
            out.extend(g.train_purchase_options(self, corp))
        out.extend(g.company_purchase_options(corp))
        need = g.emergency_need(self, corp) if trains_reachable else 0
        president = g.shares.president.get(corp)
        if need > 0 and president:
            for other in g.corps:
                if other in g.market.pos:
                    pcts = g.sellable_percents(president, other, emergency_need=need)
                    if pcts:
                        out.append({"type": "sell_shares", "entity": president,
                                    "corporation": other, "need": need,
                                    "params": {"percent": {"choices": pcts}}})
            if g.can_go_bankrupt(self, corp):
                out.append({"type": "bankrupt", "entity": corp, "params": {}})
        if trains_reachable and not g.must_buy_train(corp):
            out.append({"type": "pass", "entity": corp, "params": {}})
        return out

    def view(self, g) -> dict:
        return {"round_num": self.round_num, "rounds_in_set": self.total, "order": list(self.order),
                "operating": self.corp, "stage": ["track", "token", "run", "dividend", "trains"][
                    self.stage] if self.corp else None,
                "revenue": self.revenue[0] if self.revenue else None}
