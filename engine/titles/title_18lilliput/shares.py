"""Shares (S 주식 판매&구매), done with the share effect of an action card.

* Sell any number of 10% shares to the bank: the player is paid the current price for
  each, then the marker falls one space per share: down from the top row, up and to the
  left from the bottom row (a marker arriving where others are goes under them). The
  director's certificate (50%) is never sold.
* Buy one 10% share from the bank at the current price (a share just sold may be bought back),
  or found a company: the director's 50% certificate, a start price anywhere on the index,
  5 x price to the bank; the company gets 10 x price from the bank and 3 station markers,
  its home on an empty slot of a city or big city (none free: no founding); then it may buy
  one train from the train pool at its printed price.
* At most 5 certificates a player (the director's counts as one), at most 2 director's
  certificates; a player may own all of a company; 20% of each company never exists.
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.core18xx.shares import IPO
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import MILDENDO, filled_msg


class SharesMixin:
    def sellable(self, player: str, company: str) -> int:
        """How many 10% shares ``player`` may sell (never the director's certificate)."""
        pct = self.shares.percent(company, player)
        if self.companies[company]["director"] == player:
            pct -= D.DIRECTOR_PERCENT
        return max(pct, 0) // D.SHARE_PERCENT

    def drop_one(self, company: str) -> None:
        r, c = self.market.pos[company]
        if r == 0:
            target = (1, c)
        else:
            target = (0, c - 1)
        if self.market.cell(*target) is not None:
            self.market.place(company, target)

    def move_price(self, company: str, direction: str, times: int) -> None:
        self.market.move(company, direction, times)

    def home_slots(self) -> list[str]:
        return sorted(p for p, t in self.tiles.items() if t["kind"] in D.BIG and
                      p != MILDENDO and len(t["stations"]) < t["slots"])

    def _can_take_cert(self, player: str, director: bool) -> None:
        if self.certs(player) >= D.CERT_LIMIT:
            raise GameError("cert_limit", f"{self.player_name(player)} holds {D.CERT_LIMIT} "
                      "certificates, the limit.", player=player, limit=D.CERT_LIMIT)
        if director and len(self.directed_by(player)) >= D.DIRECTOR_LIMIT:
            raise GameError("director_limit", f"{self.player_name(player)} holds "
                      f"{D.DIRECTOR_LIMIT} director's certificates, the limit.",
                      player=player, limit=D.DIRECTOR_LIMIT)

    # -- selling ---------------------------------------------------------------------------
    def sell_shares(self, player: str, action: dict) -> None:
        self.need_effect(player, "sell_shares")
        company = action.get("company")
        if company not in self.companies or self.companies[company]["director"] is None:
            raise GameError("not_founded", f"{company!r} is not a company in play.", company=company)
        count = action["count"]
        if count < 1:
            raise GameError("sell_nothing", "Sell at least one share.")
        can = self.sellable(player, company)
        if count > can:
            if self.companies[company]["director"] == player and \
                    count * D.SHARE_PERCENT <= self.shares.percent(company, player):
                raise GameError("director_cert_not_sold", "The director's certificate is never "
                          "sold.", company=company)
            raise GameError("not_enough_shares", f"{self.player_name(player)} has {can} share(s) of "
                      f"{self.company_name(company)} to sell.", company=company, count=can)
        price = self.price(company)
        self.shares.move(company, player, IPO, count * D.SHARE_PERCENT)
        self.ledger.pay(BANK, player, count * price)
        for _ in range(count):
            self.drop_one(company)
        self.pending["used"] = True
        self.emit("shares_sold", f"{self.player_name(player)} sells {count} share(s) "
                  f"of {self.company_name(company)} for £{count * price}; the price "
                  f"falls to £{self.price(company)}.",
                  f"Move {self.company_name(company)}'s marker to "
                  f"£{self.price(company)}.", player=player, company=company,
                  count=count, amount=count * price, price=self.price(company))

    # -- buying ----------------------------------------------------------------------------
    def buy_share(self, player: str, action: dict) -> None:
        self.need_effect(player, "buy_share")
        company = action.get("company")
        if company not in self.companies or self.companies[company]["director"] is None:
            raise GameError("not_founded", f"{company!r} is not a company in play.", company=company)
        if self.shares.percent(company, IPO) < D.SHARE_PERCENT:
            raise GameError("no_share_left", f"The bank has no share of {self.company_name(company)}.",
                      company=company)
        self._can_take_cert(player, False)
        price = self.price(company)
        if self.ledger.of(player) < price:
            raise GameError("cannot_afford", f"{self.player_name(player)} has £{self.ledger.of(player)}"
                      f" and a share costs £{price}.", player=player, amount=price)
        self.ledger.pay(player, BANK, price)
        self.shares.move(company, IPO, player, D.SHARE_PERCENT)
        self.emit("share_bought", f"{self.player_name(player)} buys a 10% share of "
                  f"{self.company_name(company)} for £{price}.", player=player,
                  company=company, price=price)
        self.end_turn()

    def found_company(self, player: str, action: dict) -> None:
        self.need_effect(player, "found_company")
        company = action.get("company")
        if company not in D.OTHERS:
            raise GameError("not_foundable", f"{company!r} is not a company to found.", company=company)
        if self.companies[company]["director"] is not None:
            raise GameError("already_founded", f"{self.company_name(company)} is founded already.",
                      company=company)
        price = action["price"]
        if price not in self.opts["price_index"]:
            raise GameError("no_such_price", f"£{price} is not on the share price index.", price=price)
        home = action.get("home")
        if home not in self.home_slots():
            raise GameError("no_home_slot", f"{home} has no empty city slot for a home station"
                      + ("" if self.home_slots() else "; none is free, so no company is "
                         "founded") + ".", pos=home)
        self._can_take_cert(player, True)
        cost = D.FOUND_PAYS * price
        if self.ledger.of(player) < cost:
            raise GameError("cannot_afford", f"{self.player_name(player)} has £{self.ledger.of(player)}"
                      f" and the director's certificate costs £{cost}.", player=player,
                      amount=cost)
        pool_train = action.get("pool_train")
        if pool_train not in (None, "", "none") and pool_train not in self.pool():
            raise GameError("not_in_pool", f"No train {pool_train} in the train pool.",
                      train=pool_train)
        co = self.companies[company]
        self.ledger.pay(player, BANK, cost)
        self.shares.move(company, IPO, player, D.DIRECTOR_PERCENT)
        self.shares.president[company] = player
        self.market.place(company, self.index_space(price))
        self.ledger.pay(BANK, company, D.FOUND_CAPITAL * price)
        co.update(director=player, home=home, stations=[home], markers=D.MARKERS - 1,
                  founded_round=self.round)
        self.tiles[home]["stations"].append(company)
        name = self.company_name(company)
        self.emit("company_founded", f"{self.player_name(player)} founds {name} at "
                  f"£{price}: pays £{cost}; {name} receives £{D.FOUND_CAPITAL * price}.",
                  f"Take {name}'s charter and 3 station markers; put its home "
                  f"station at {home}; its marker on £{price}.",
                  player=player, company=company, price=price, amount=cost,
                  cash=D.FOUND_CAPITAL * price, pos=home)
        if pool_train not in (None, "", "none"):
            self.buy_train(company, "pool", pool_train, None)
        self.end_turn()

    # -- forms -----------------------------------------------------------------------------
    def shares_legal(self, player: str) -> list[dict]:
        out = []
        live = self.live_companies()
        sell = {c: self.sellable(player, c) for c in live if self.sellable(player, c)}
        if sell:
            out.append({"type": "sell_shares", "entity": player,
                        "label": C.msg("act.sell_shares", "Sell shares"),
                        "params": {"company": self.company_param(list(sell)),
                                   "count": C.number("count", 1, max(sell.values()),
                                                     max_by={"field": "company", "map": sell},
                                                     label=C.msg("param.count", "Shares"))}})
        buyable = [c for c in live if self.shares.percent(c, IPO) >= D.SHARE_PERCENT]
        if buyable:
            out.append({"type": "buy_share", "entity": player,
                        "label": C.msg("act.buy_share", "Buy a 10-percent share"),
                        "params": {"company": self.company_param(buyable)},
                        "show": [{"label": filled_msg("label.price_of", "Price of %(company)s",
                                                 company=c), "value": C.price(self.price(c))}
                                 for c in buyable]})
        unfounded = [c for c in D.OTHERS if self.companies[c]["director"] is None]
        homes = self.home_slots()
        if unfounded and homes:
            params = {"company": self.company_param(unfounded),
                      "price": C.choice("price", list(self.opts["price_index"]),
                                        label=C.msg("param.start_price", "Start price")),
                      "home": C.choice("hex", homes, label=C.msg("param.home", "Home station"))}
            if self.pool():
                params["pool_train"] = self.no_train_or(self.pool(), C.msg(
                    "param.pool_train", "Train from the pool"))
            out.append({"type": "found_company", "entity": player,
                        "label": C.msg("act.found_company", "Found a company"),
                        "params": params})
        return out
