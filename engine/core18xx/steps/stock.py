"""The steps of a stock round turn: ``SellShares`` (blocks while over the certificate
limit), ``BuyShares`` (par or buy, one a turn) and ``StockPass``."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry, pass_entry, word
from engine.core18xx.steps.base import StockStep
from engine.errors import GameError


def par_label(g, price: int, pct: int) -> dict:
    """A par price's button: the price and what the president's certificate costs at it."""
    return C.msg("par.price", f"{g.money(price)}: president's certificate "
                 f"{g.money(price * pct // 10)}", price=price, cost=price * pct // 10)


def sale_label(g, corp: str, pct: int) -> dict:
    """A sale's choice: the shares sold, the cash they bring and where the price goes
    (``sale_terms``: the rule that sells them)."""
    shares = pct // g.shares.share_percent[corp]
    now = g.market.price(corp)
    amount, after = g.sale_terms(corp, pct)
    code = "sell.choice" if after != now else "sell.choice.stays"
    english = f"{shares} × {corp} ({pct}%): {g.money(amount)} to you; " + \
        (f"price {g.money(now)} → {g.money(after)}" if after != now
         else f"price stays {g.money(now)}")
    return C.msg(code, english, shares=shares, corporation=corp, percent=pct, amount=amount,
                 old_price=now, price=after)


def sale_param(g, corp: str, pcts) -> dict:
    """The percent to sell, each choice saying what it brings (``sale_label``)."""
    return C.choice("percent", pcts, {p: sale_label(g, corp, p) for p in pcts})


def sale_entry(g, player: str, corp: str, pcts, show=None) -> dict:
    """Sell shares of ``corp``: the percents ``pcts`` (``sale_param``)."""
    return entry("sell_shares", player, corporation=corp,
                 params={"percent": sale_param(g, corp, pcts)},
                 label=C.msg("act.sell_shares", f"Sell {corp}", corporation=C.company(corp)),
                 about=C.company(corp), show=show)


class SellShares(StockStep):
    """Sell shares (stock round): ``sell_shares`` {corporation, percent}, any number in a turn,
    before buying. A player over the certificate limit must sell before anything else: the step
    then blocks the turn."""
    ACTIONS = ("sell_shares",)
    POSTS = {"sell_shares": {"corporation": "company", "percent": "percent"}}

    def blocks(self, g):
        player = self.player(g)
        return player is not None and g.must_sell(player)

    def refuse(self, g, action):
        player = action["entity"]
        if not self.may_act(g, player):
            g.out_of_turn(player, self.round.acting(g))
        raise GameError("must_sell", f"{g.pname(player)} is over the certificate limit "
                        f"({g.cert_count(player)} of {g.cert_limit()}) and must sell first.",
                        certs=g.cert_count(player), limit=g.cert_limit())

    def process_sell_shares(self, g, action):
        rnd, player = self.round, action["entity"]
        if "buy" in rnd.turn_actions:
            raise GameError("sell_after_buy", "Shares are sold before buying, not after.")
        corp = g.corp_arg(action)
        g.sell_shares(player, corp, g.percent_arg(action, corp))
        rnd.sold.setdefault(player, set()).add(corp)
        rnd.turn_actions.append("sell")

    def legal(self, g):
        player = self.player(g)
        out = []
        for corp in g.corps:
            if corp in g.closed_corps:
                continue
            pcts = g.sellable_percents(player, corp)
            if pcts:
                out.append(sale_entry(g, player, corp, pcts))
        return out


class BuyShares(StockStep):
    """Buy a share or start a company (stock round): ``par`` {corporation, price} or
    ``buy_shares`` {corporation, source: "ipo" | "pool"}; one per turn, and either ends the turn.
    No share may be bought in the round after selling that company's shares."""
    ACTIONS = ("buy_shares", "par")
    POSTS = {"buy_shares": {"corporation": "company", "source": "entity"},
             "par": {"corporation": "company", "price": "money"}}

    def _can_buy(self, g, player):
        if "buy" in self.round.turn_actions:
            raise GameError("one_buy", "One purchase per turn.")

    def process_buy_shares(self, g, action):
        player = action["entity"]
        self._can_buy(g, player)
        corp = g.corp_arg(action)
        if corp in self.round.sold.get(player, ()):
            raise GameError("bought_after_sold",
                            f"{g.pname(player)} sold {corp} this round and may not "
                            "buy it back.",
                            corporation=corp)
        source = action.get("source", "ipo")
        g.buy_share(player, corp, source)
        self.round.end_turn(g, acted=True)

    def process_par(self, g, action):
        player = action["entity"]
        self._can_buy(g, player)
        g.par(player, g.corp_arg(action), action.get("price"))
        self.round.end_turn(g, acted=True)

    def legal(self, g):
        rnd = self.round
        if "buy" in rnd.turn_actions:
            return []
        player = self.player(g)
        out = []
        cash = g.ledger.of(player)
        par_prices = g.market.par_prices()      # the same for every company
        for corp in g.corps:
            if g.corps[corp]["par"] is None:
                if corp not in g.closed_corps and g.can_par(corp):
                    prices = [p for p in par_prices
                              if p * g.shares.president_percent[corp] // 10 <= cash]
                    if prices and g.cert_room(player, corp):
                        pct = g.shares.president_percent[corp]
                        out.append(entry("par", player, corporation=corp, params={
                            "price": C.choice("money", prices, {
                                C.choice_key(p): par_label(g, p, pct) for p in prices})},
                            label=C.msg("act.par", f"Par {corp}", corporation=C.company(corp)),
                            about=C.company(corp)))
                continue
            if corp in rnd.sold.get(player, ()):
                continue
            sources = [s for s in ("ipo", "pool") if g.can_buy_share(player, corp, s)]
            if sources:
                floats = [] if g.corps[corp]["floated"] else \
                    [{"label": C.msg("field.float", "Float"), "value": C.text(g.float_status(corp))}]
                out.append(share_entry(player, corp, {
                    s: g.share_price_from(corp, s) for s in sources}, floats))
        return out


def share_entry(player: str, corp: str, prices: dict, shown=()) -> dict:
    """Buy a share of ``corp`` from a source of ``prices`` (source -> price: the IPO, the
    pool), each source's price shown after ``shown``."""
    return entry("buy_shares", player, corporation=corp, params={
        "source": C.choice("entity", list(prices), {s: word(s) for s in prices})},
        label=C.msg("act.buy_shares", f"Buy a share of {corp}", corporation=C.company(corp)),
        about=C.company(corp), show=list(shown) + [
            {"label": word(s), "value": C.money(p)} for s, p in prices.items()])


class StockPass(StockStep):
    """Pass (stock round): ``pass`` ends the turn; a turn with only a pass counts towards the
    round's end (every player passed in turn)."""
    ACTIONS = ("pass",)

    def process_pass(self, g, action):
        player, rnd = action["entity"], self.round
        g.emit("pass", f"{g.pname(player)} {'is done' if rnd.turn_actions else 'passes'}.",
               player=player)
        rnd.end_turn(g, acted=bool(rnd.turn_actions))

    def legal(self, g):
        return [pass_entry(self.player(g))]
