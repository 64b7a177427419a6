"""The steps of an operating turn, in the rulebook's order: ``LayTrack``, ``PlaceToken``,
``RunTrains``, ``Dividend``, ``BuyTrain``, ``BuyCompany`` (any time), ``EmergencyMoney`` (the
forced train purchase) and ``EndTurn``. The turn's shared state is the round's
(``engine.core18xx.rounds.operating``)."""
from __future__ import annotations

import copy

from engine.core18xx.rounds.operating import DIVIDEND, RUN, TOKEN, TRACK
from engine import contract as C
from engine.core18xx.entries import entry, pass_entry, word
from engine.core18xx.steps.base import OperatingStep
from engine.core18xx.steps.stock import sale_entry
from engine.errors import GameError


class LayTrack(OperatingStep):
    """Lay track (operating turn, first): ``lay_tile`` {hex, tile, rotation}, one lay a turn; a
    private's lay names its ``company`` (the title hooks ``special_lay``/``special_lay_legal``)
    and may come at any time of the turn."""
    ACTIONS = ("lay_tile",)
    POSTS = {"lay_tile": {"company": "company", "hex": "hex", "tile": "tile",
                          "rotation": "rotation"}}

    def process_lay_tile(self, g, action):
        rnd = self.round
        corp = rnd.corp
        company = action.get("company")
        if company:
            g.special_lay(rnd, corp, company, action)
            return
        if rnd.stage > TRACK or rnd.laid:
            raise GameError("track_done", f"{corp} has laid its tile this turn "
                            "(or moved on past track).", corporation=corp)
        g.lay_tile(corp, action["hex"] if "hex" in action else None, action.get("tile"),
                   action.get("rotation"))
        rnd.laid = True

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        out = []
        if rnd.stage == TRACK and not rnd.laid:
            lay = g.lay_tile_template(corp)
            if lay:
                out.append(lay)
        out.extend(g.special_lay_legal(rnd, corp))
        return out


class PlaceToken(OperatingStep):
    """Place a station (operating turn, after track): ``place_token`` {hex, city}, one a turn."""
    ACTIONS = ("place_token",)
    POSTS = {"place_token": {"price": "money", "hex": "hex", "city": "count"}}

    def process_place_token(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage > TOKEN or rnd.token_done:
            raise GameError("token_done", f"{corp} has placed its token this turn "
                            "(or moved on past tokens).", corporation=corp)
        g.place_token(corp, action.get("hex"), action.get("city", 0))
        rnd.token_done = True
        rnd.stage = TOKEN

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage <= TOKEN and not rnd.token_done:
            price = g.next_token_price(corp)
            if price is not None and price <= g.ledger.of(corp):
                token = g.token_template(corp)
                if token:
                    return [token]
        return []


class RunTrains(OperatingStep):
    """Run trains (operating turn): ``run_trains`` {revenues: [..], title bonuses} (or
    ``trains: [{train, revenue, ..}]``, as records have it). A run of nothing is withheld at once;
    otherwise the dividend step follows."""
    ACTIONS = ("run_trains",)
    POSTS = {"run_trains": {"best": "money", "revenues": "list:money"}}   # a title adds bonuses

    def process_run_trains(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage > RUN:
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
        rnd.revenue = (total, subsidy)
        g.remember_run(corp, entries)
        rnd.stage = DIVIDEND
        g.emit("trains_run", f"{corp} runs for {g.money(total)}"
               + (f" and earns {g.money(subsidy)} subsidy" if subsidy else "") + ".",
               corporation=corp, revenue=total, subsidy=subsidy or None)
        best = action.get("best")      # the best run the board's routes found (run form)
        if isinstance(best, int) and not isinstance(best, bool) and best != total:
            g.note_run_not_best(corp, entries, total, best)
        if total == 0:
            rnd.pay(g, corp, "withhold")

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage <= RUN and g.corps[corp]["trains"]:
            return [g.run_template(corp)]
        return []


class Dividend(OperatingStep):
    """Dividend (operating turn, after a run that earned something): ``dividend`` {kind: one of
    the game's ``DIVIDEND_KINDS``}. While it is due only a private's track lay or this is offered."""
    ACTIONS = ("dividend",)
    POSTS = {"dividend": {"revenue": "money"}}

    def process_dividend(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage != DIVIDEND:
            raise GameError("no_dividend_now", f"{corp} has no run to pay out now "
                            "(run trains first).", corporation=corp)
        kind = action.get("kind")
        if kind not in g.DIVIDEND_KINDS:
            raise GameError("bad_dividend", f"Dividend is one of {', '.join(g.DIVIDEND_KINDS)}.",
                            kind=kind)
        rnd.pay(g, corp, kind)

    def legal(self, g):
        rnd = self.round
        if rnd.stage != DIVIDEND:
            return []
        revenue = rnd.revenue[0] if rnd.revenue else 0
        return [entry("dividend", rnd.corp, revenue=revenue,
                      params={"kind": C.choice("text", list(g.DIVIDEND_KINDS),
                                               {k: word(k) for k in g.DIVIDEND_KINDS})},
                      label=C.msg("act.dividend", f"Dividend of {g.money(revenue)}",
                                  revenue=C.money(revenue)))]


class BuyTrain(OperatingStep):
    """Buy trains (operating turn, after the dividend): ``buy_train`` {train, price, [exchange]}
    from the bank, or {train, seller, price} from another company. Buying passes an empty run
    and its dividend by for a company without trains."""
    ACTIONS = ("buy_train",)
    POSTS = {"buy_train": {"train": "train", "price": "money", "seller": "entity"}}

    def process_buy_train(self, g, action):
        rnd = self.round
        corp = rnd.corp
        rnd.skip_to_trains(g, corp)
        g.buy_train(rnd, corp, action)
        rnd.bought = True

    def legal(self, g):
        rnd = self.round
        if not rnd.trains_reachable(g):
            return []
        return g.train_purchase_options(rnd, rnd.corp)


class BuyCompany(OperatingStep):
    """Buy a private company (operating turn, at any time): ``buy_company`` {company, price}
    from a player, while the phase allows it (``company_purchase_options``)."""
    ACTIONS = ("buy_company",)
    POSTS = {"buy_company": {"company": "company", "seller": "entity", "price": "money"}}

    def process_buy_company(self, g, action):
        g.corp_buy_company(self.round.corp, action.get("company"), action.get("price"))

    def legal(self, g):
        rnd = self.round
        if rnd.stage == DIVIDEND:
            return []
        return g.company_purchase_options(rnd.corp)


class EmergencyMoney(OperatingStep):
    """The forced train purchase (operating turn): a company with no train must buy one. If its
    treasury and its president's cash together cannot pay for the cheapest train in the depot,
    the president sells shares (``sell_shares`` {corporation, percent}, posted by the president)
    for the rest, or, when even that cannot pay for it, declares ``bankrupt``."""
    ACTIONS = ("sell_shares", "bankrupt")
    POSTS = {"sell_shares": {"corporation": "company", "percent": "percent"}}

    def may_act(self, g, entity):
        corp = self.round.corp
        return entity == corp or entity == g.shares.president.get(corp)

    def process_sell_shares(self, g, action):
        rnd = self.round
        corp = rnd.corp
        player = action["entity"]
        need = g.emergency_need(rnd, corp)
        if need <= 0:
            raise GameError("no_emergency", f"{g.pname(player)} may sell shares in an operating "
                            f"round only to raise money for {corp}'s forced train purchase.",
                            corporation=corp)
        rnd.skip_to_trains(g, corp)
        target = g.corp_arg(action)
        g.sell_shares(player, target, g.percent_arg(action, target), emergency_need=need)
        rnd.recalculate_order(g)

    def process_bankrupt(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if not self._withheld_first(g, rnd) and not g.can_go_bankrupt(rnd, corp):
            g.declare_bankrupt(rnd, corp)      # refuses, saying why
        rnd.skip_to_trains(g, corp)
        g.declare_bankrupt(rnd, corp)          # (after a withhold, which moved the price)

    @staticmethod
    def _withheld_first(g, rnd) -> bool:
        """A sale or a bankruptcy posted now first passes the company's run and dividend by
        (``skip_to_trains``): withholding moves the price the president's shares sell at. Rare:
        a trainless company's president short of its train before its dividend."""
        return rnd.stage < DIVIDEND and g.emergency_need(rnd, rnd.corp) > 0

    def legal(self, g):
        rnd = self.round
        if not rnd.trains_reachable(g):
            return []
        if self._withheld_first(g, rnd):       # what it allows after that (on a copy)
            ahead = copy.deepcopy(g)
            ahead.round.skip_to_trains(ahead, ahead.round.corp)
            return self._legal_in(ahead, ahead.round)
        return self._legal_in(g, rnd)

    @staticmethod
    def _legal_in(g, rnd) -> list:
        corp = rnd.corp
        need = g.emergency_need(rnd, corp)
        president = g.shares.president.get(corp)
        out = []
        if need > 0 and president:
            for other in g.corps:
                if other in g.market.pos:
                    pcts = g.sellable_percents(president, other, emergency_need=need)
                    if pcts:
                        out.append(sale_entry(g, president, other, pcts, show=[{
                            "label": C.msg("field.need", "Still to raise"),
                            "value": C.money(need)}]))
            if g.can_go_bankrupt(rnd, corp):
                out.append(entry("bankrupt", corp,
                                 label=C.msg("act.bankrupt", "Declare bankruptcy")))
        return out


class EndTurn(OperatingStep):
    """End the turn (operating turn, last): ``pass`` ends the company's turn, unless it has no
    train and must buy one; the next company in market order operates."""
    ACTIONS = ("pass",)

    def process_pass(self, g, action):
        rnd = self.round
        corp = rnd.corp
        rnd.skip_to_trains(g, corp)
        if g.must_buy_train(corp):
            raise GameError("must_buy_train", f"{corp} has no train and must buy one.",
                            corporation=corp)
        g.emit("turn_over", f"{corp} ends its turn.", corporation=corp)
        g.end_operating(corp)
        rnd.next_corp(g)

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.trains_reachable(g) and not g.must_buy_train(corp):
            return [pass_entry(corp)]
        return []
