"""18Korea's stock round on the core's machine (RB §7): three steps, each taking every
action while its part of the round is on: the par price after an auction (``ParPrice``), the
auction (``Auction``) and a player's turn (``StockTurn``). The rounds and the other steps are
in ``steps.py``."""
from __future__ import annotations

from engine import contract as C
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err
from engine.core18xx.entries import entry, pass_entry
from engine.titles.title_18korea.steps import ANY, KoreaStep, bankrupt_entry, done_entry


def lot_label(sym: str) -> dict:
    """A company offered at auction: its mark, name and start city (RB §3's company list)."""
    name, _side, home = D.COMPANIES[sym]
    return C.msg("auction.lot", f"{sym} {name}, start city {home}", company=sym, name=name,
                 home=home)


class StockStep(KoreaStep):
    """A step of the stock round (RB §7): it takes every action while its part of the round
    is on (``on``): the par price after an auction, the auction, or a player's turn."""

    def on(self, g) -> bool:
        return True

    def actions(self, g, entity):
        return ANY if self.on(g) else ()


class ParPrice(StockStep):
    """RB §7.3: the auction's winner sets the par price (``par`` {price}), selling shares
    first if needed (``sell_shares``), or cannot pay at all (``bankrupt``)."""
    POSTS = {"par": {"company": "company", "bid": "money", "price": "money"},
             "sell_shares": {"company": "company", "count": "count"}}

    def on(self, g):
        return bool(g.sr["par"])

    def process_par(self, g, action):
        g._par(g.par_winner(action), action)

    def process_sell_shares(self, g, action):
        g._sr_sell(g.par_winner(action), action)

    def process_bankrupt(self, g, action):
        g._par_bankrupt(g.par_winner(action))

    def take(self, g, action):
        g.par_winner(action)
        err("par_pending", f"Set {g.sr['par']['company']}'s par price ('par') or sell shares to pay.")

    def legal(self, g):
        if not self.on(g):
            return []
        sr = g.sr
        pid = sr["par"]["winner"]
        # only the pars the winner can pay now (bid + 2 × par); else sell first (RB §7.3)
        bid = sr["par"]["bid"]
        payable = [p for p in g.par_choices() if g.cash[pid] >= bid + 2 * p]
        sym = sr["par"]["company"]
        acts = [entry("par", pid, params={"price": C.choice("money", payable)}, company=sym,
                      bid=bid, about=C.company(sym),
                      label=C.msg("act.par.plain", "Par a company"))] if payable else []
        if g.certs(pid) + 1 > g.cert_limit():
            acts = []           # sell a certificate first
        if g.winner_cannot_pay(pid, bid):
            acts.append(bankrupt_entry(pid))   # reading bid_cap "literal"
        return acts + g._sell_templates(pid)


class Auction(StockStep):
    """RB §7.3: the auction of a director's certificate, in turn (``bid`` {amount},
    ``pass``)."""
    POSTS = {"bid": {"amount": "money"}}

    def on(self, g):
        return not g.sr["par"] and bool(g.sr["auction"])

    def process_bid(self, g, action):
        g._auction_bid(g.auction_bidder(action), action)

    def process_pass(self, g, action):
        g._auction_pass(g.auction_bidder(action))

    def take(self, g, action):
        g.auction_bidder(action)
        err("auction_running", "An auction is running: bid or pass.")

    def legal(self, g):
        if not self.on(g):
            return []
        a = g.sr["auction"]
        pid = a["to_act"]
        # the lot: the company whose director's certificate is auctioned, by name
        lot = C.company(a["company"], D.COMPANIES[a["company"]][0])
        acts = [entry("pass", pid, about=lot, label=C.msg("act.pass", "Pass"))]
        cap = g.bid_cap(pid)
        if cap >= a["bid"] + D.BID_STEP and (g.certs(pid) < g.cert_limit()
                                              or g._can_sell_any(pid)):
            acts.insert(0, entry("bid", pid, about=lot, params={
                "amount": C.number("money", a["bid"] + D.BID_STEP, cap, D.BID_STEP)},
                show=[g.auction_cash(pid)], label=C.msg("act.bid.plain", "Bid")))
        return acts


class StockTurn(StockStep):
    """RB §7: a player's turn: sell (``sell_shares`` {company, count}), buy one share
    (``buy_share`` {company, source}) or start an auction (``start_auction`` {company, bid}),
    then ``done``; or ``pass``."""
    POSTS = {"sell_shares": {"company": "company", "count": "count"},
             "buy_share": {"company": "company", "source": "entity", "price": "money"},
             "start_auction": {"company": "company", "bid": "money"}}

    def on(self, g):
        return not g.sr["par"] and not g.sr["auction"]

    def process_sell_shares(self, g, action):
        pid = g.sr_turn_player(action)
        g._sr_sell(pid, action)
        g._mark_acted(pid)

    def process_buy_share(self, g, action):
        g._buy_share(g.sr_turn_player(action), action)

    def process_start_auction(self, g, action):
        g._start_auction(g.sr_turn_player(action), action)

    def process_pass(self, g, action):
        g._sr_pass(g.sr_turn_player(action))

    def process_done(self, g, action):
        g._sr_done(g.sr_turn_player(action))

    def take(self, g, action):
        g.sr_turn_player(action)
        kind = action["type"]
        err("wrong_round", f"'{kind}' is not a stock round action.", type=kind)

    def legal(self, g):
        if not self.on(g):
            return []
        sr = g.sr
        pid = g.sr_current()
        acts = g._sell_templates(pid)
        if not sr["bought"]:
            for sym, comp in g.companies.items():
                if not comp.founded or comp.closed or sym in sr["sold"].get(pid, []):
                    continue
                if g.certs(pid) + 1 > g.cert_limit() or g.cash[pid] < g.price(sym):
                    continue
                if g.units(sym, "company") and \
                        g.units(sym, pid) + 1 <= D.COMPANY_BUY_LIMIT_UNITS[g.n]:
                    acts.append(share_entry(pid, sym, "company", g.price(sym)))
                if g.units(sym, "pool"):
                    acts.append(share_entry(pid, sym, "bank", g.price(sym)))
            cap = g.bid_cap(pid)
            choices = g.auctionable()
            if choices and cap >= 0 and (g.certs(pid) < g.cert_limit() or g._can_sell_any(pid)):
                acts.append(entry("start_auction", pid, params={
                    "company": C.choice("company", choices, {c: lot_label(c) for c in choices}),
                    "bid": C.number("money", 0, cap, D.BID_STEP)},
                    label=C.msg("act.start_auction", "Start an auction")))
        if g.certs(pid) > g.cert_limit() and g._can_sell_any(pid):
            # RB §7.4: over the limit, the turn cannot end before selling down to it
            return [a for a in acts if a["type"] == "sell_shares"]
        if sr["acted"]:
            acts.append(done_entry(pid))
        else:
            acts.append(pass_entry(pid))
        return acts


def share_entry(pid: str, sym: str, source: str, price: int) -> dict:
    """Buy one share of ``sym`` from ``source`` (``company``: its treasury, ``bank``: the
    pool) at ``price``."""
    return entry("buy_share", pid, company=sym, source=source, price=price,
                 about=C.company(sym),
                 label=C.msg("act.buy_share", f"Buy a share of {sym}", company=C.company(sym)))


STOCK_STEPS = (ParPrice, Auction, StockTurn)
