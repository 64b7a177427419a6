"""Trains and phases (S 셋업 2, 열차 구매, 1~7단계).

The deck (2, 3, 4, 5, 3D, 4D from the top) sells the top card at its printed price: new
trains come in ascending order. A company may also buy any train of another company at a
public price of at least £1 (its director agreeing at the table). The train pool (trains
moved there in bureaucracy, obsolete trains returned, trains over the limit) sells only to a
newly founded company and to a company that withholds (``found_company``, ``run``).

* A company need not own a train (summary line 178, "열차 구매": "회사가 열차를 소유할 필요는
  없다"). One without a train that cannot pay may have its director cover the shortfall: the
  company is left with £1. This is why 18 Lilliput keeps this purchase of its own instead of
  the core's forced train purchase (``core18xx.steps.operating.EmergencyMoney``, which makes a
  trainless company buy one and its president sell shares for it).
* A company at its train limit cannot buy, even if the purchase would rust trains.
* Obsolete trains may be returned to the pool before a purchase (``return``).
* The first train of a type bought (or scrapped from the deck into the pool) starts its
  phase at once: its limit, colours, obsolete and rusted trains (``data.PHASES``). Trains
  over a lower limit go to the pool, the director choosing which (``discard_train``).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.core18xx.trains import DEPOT, Depot
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import filled_msg

DECK = "deck"


class TrainsMixin:
    def _init_trains(self) -> None:
        self.must_discard: list[str] = []
        self.seen_types: set[str] = set()

    def pool(self) -> list[str]:
        return list(self.depot.discarded)

    def pool_types(self) -> list[str]:
        out = []
        for t in self.depot.discarded:
            if Depot.kind(t) not in out:
                out.append(Depot.kind(t))
        return out

    def at_limit(self, company: str) -> bool:
        limit = self.train_limit()
        return limit is not None and len(self.companies[company]["trains"]) >= limit

    # -- the checks of one purchase --------------------------------------------------------
    def _return_obsolete(self, company: str, train_id) -> None:
        if train_id in (None, "", "none"):
            return
        co = self.companies[company]
        if train_id not in co["trains"] or not self.is_obsolete(train_id):
            raise GameError("not_obsolete", f"{train_id} is not an obsolete train of "
                      f"{self.company_name(company)}.", train=train_id, company=company)
        co["trains"].remove(train_id)
        self.depot.discarded.append(train_id)
        self.depot.owner[train_id] = DEPOT
        self.emit("train_returned", f"{self.company_name(company)} returns its "
                  f"obsolete {Depot.kind(train_id)}-train to the train pool.",
                  "Put the train card on the train pool card.", company=company,
                  train=Depot.kind(train_id))

    def _pay_for_train(self, company: str, payee: str, price: int) -> None:
        """The company pays; without a train its director may cover the shortfall (S)."""
        co = self.companies[company]
        cash = self.ledger.of(company)
        if cash >= price:
            self.ledger.pay(company, payee, price)
            return
        if co["trains"]:
            raise GameError("cannot_afford", f"{self.company_name(company)} has £{cash} and the train "
                      f"costs £{price}.", company=company, amount=price)
        director = co["director"]
        cover = price - cash + 1
        if self.ledger.of(director) < cover:
            raise GameError("cannot_afford", f"{self.company_name(company)} has £{cash} and its "
                      f"director £{self.ledger.of(director)}: not enough for £{price}.",
                      company=company, amount=price)
        self.ledger.pay(director, company, cover)
        self.ledger.pay(company, payee, price)
        self.emit("director_covers", f"{self.player_name(director)} covers "
                  f"£{cover} of the train; {self.company_name(company)} keeps £1.",
                  player=director, company=company, amount=cover)

    def buy_train(self, company: str, source: str, train_id: str | None, price: int | None,
                  give_back=None) -> None:
        """One purchase: from the deck (``source`` deck), the pool (pool) or a company."""
        co = self.companies[company]
        if source == DECK:
            train_id = self.depot.next_train()
            if train_id is None:
                raise GameError("deck_empty", "The train deck is empty.")
            price = self.depot.price(train_id)
        elif source == "pool":
            if train_id not in self.depot.discarded:
                raise GameError("not_in_pool", f"No {train_id}-train in the train pool.",
                          train=train_id)
            price = self.depot.price(train_id)
        else:
            seller = self.companies.get(source)
            if seller is None or train_id not in seller["trains"] or source == company:
                raise GameError("no_such_train", f"{source} does not own train {train_id}.",
                          train=train_id, company=source)
            if price is None or price < 1:        # optional in the form: it must be given
                raise GameError("price_below_one", "A train between companies costs at least £1.")
        will_free = 1 if give_back not in (None, "", "none") else 0
        limit = self.train_limit()
        if limit is not None and len(co["trains"]) - will_free >= limit:
            raise GameError("train_limit", f"{self.company_name(company)} has "
                      f"{len(co['trains'])} trains, at the limit of {limit}.",
                      company=company, limit=limit)
        self._return_obsolete(company, give_back)
        payee = BANK if source in (DECK, "pool") else source
        self._pay_for_train(company, payee, price)
        if source == DECK or source == "pool":
            self.depot.take(train_id)
        else:
            self.companies[source]["trains"].remove(train_id)
        co["trains"].append(train_id)
        self.depot.owner[train_id] = company
        kind = Depot.kind(train_id)
        where = {DECK: "the deck", "pool": "the train pool"}.get(source, self.company_name(source)
                                                                   if source in self.companies
                                                                   else source)
        self.emit("train_bought", f"{self.company_name(company)} buys a "
                  f"{kind}-train from {where} for £{price}.",
                  company=company, train=kind, price=price, source=source)
        self.train_left_deck(kind)

    # -- phases ----------------------------------------------------------------------------
    def train_left_deck(self, kind: str) -> None:
        """A train of ``kind`` was bought or scrapped: the phase it starts, at once."""
        target = next((r["phase"] for r in D.PHASES if r["on"] == kind), None)
        while target is not None and self.phase < target:
            self.phase += 1
            self.enter_phase()

    def enter_phase(self) -> None:
        row = self.phase_row()
        parts, board = [f"Phase {self.phase}"], []
        said = []                  # the same parts as messages, for every language
        obsolete = [t for t in row.get("obsolete", ())]
        if obsolete:
            parts.append(f"{', '.join(obsolete)}-trains are obsolete (half revenue)")
            said.append(C.msg("phase_part.obsolete", parts[-1], trains=obsolete))
            board.append(f"Turn the {', '.join(obsolete)}-train cards over.")
        gone = []
        for kind in row.get("rust", ()):
            for cid, co in self.companies.items():
                for t in [t for t in co["trains"] if Depot.kind(t) == kind]:
                    co["trains"].remove(t)
                    self.rusted.append(t)
                    gone.append(cid)
            for t in [t for t in self.depot.discarded if Depot.kind(t) == kind]:
                self.depot.discarded.remove(t)
                self.rusted.append(t)
            parts.append(f"{kind}-trains rust")
            said.append(C.msg("phase_part.rust", parts[-1], train=kind))
            board.append(f"Put every {kind}-train on the scrapped-trains card.")
        if row["limit"] is not None:
            parts.append(f"train limit {row['limit']}")
            said.append(C.msg("phase_part.limit", parts[-1], limit=row["limit"]))
        if row["colours"] > D.PHASES[self.phase - 2]["colours"]:
            colour = self.colours[row["colours"] - 1]
            parts.append(f"{colour} track in use")
            said.append(C.msg("phase_part.colour", parts[-1], colour=colour))
        parts.append(f"company cash £{row['company_cash']}")
        said.append(C.msg("phase_part.cash", parts[-1], amount=row["company_cash"]))
        self.must_discard = [c for c in self.live_companies() if self.over_limit(c)]
        if self.must_discard:
            board.append("Over the limit: " + ", ".join(self.company_name(c)
                                                        for c in self.must_discard)
                         + " put trains on the train pool card.")
        self.emit("phase_started", "; ".join(parts) + ".", " ".join(board),
                  phase=self.phase, limit=row["limit"], company_cash=row["company_cash"],
                  said=said)

    def over_limit(self, company: str) -> bool:
        limit = self.train_limit()
        return limit is not None and len(self.companies[company]["trains"]) > limit

    def discard_train(self, player: str, action: dict) -> None:
        if not self.must_discard:
            raise GameError("no_discard", "No company is over its train limit.")
        company = self.must_discard[0]
        if self.companies[company]["director"] != player:
            raise GameError("not_your_turn", f"{self.company_name(company)}'s director discards.")
        train_id = action.get("train")
        co = self.companies[company]
        if train_id not in co["trains"]:
            raise GameError("no_such_train", f"{self.company_name(company)} has no train "
                      f"{train_id}.", train=train_id, company=company)
        co["trains"].remove(train_id)
        self.depot.discarded.append(train_id)
        self.depot.owner[train_id] = DEPOT
        if not self.over_limit(company):
            self.must_discard.pop(0)
        self.emit("train_discarded", f"{self.company_name(company)} puts a "
                  f"{Depot.kind(train_id)}-train into the train pool (train limit).",
                  "Put the train card on the train pool card.", company=company,
                  train=Depot.kind(train_id))

    # -- the action card -------------------------------------------------------------------
    def buy_train_card(self, player: str, action: dict) -> None:
        """``buy_train`` with the trains effect: one train each for up to two companies."""
        pending = self.need_effect(player, "buy_train")
        company = self.need_director(player, action.get("company"))
        if company in pending["bought"]:
            raise GameError("two_for_one", "Two trains are bought for two different companies.",
                      company=company)
        train = action.get("train")
        if train == DECK:
            self.buy_train(company, DECK, None, None, action.get("return"))
        else:
            owner = self.depot.owner.get(train) if isinstance(train, str) else None
            if owner not in self.companies:
                raise GameError("no_such_train", f"No company owns train {train!r}.", train=train)
            self.buy_train(company, owner, train, action.get("price"), action.get("return"))
        pending["bought"].append(company)
        if len(pending["bought"]) >= 2:
            self.end_turn()

    def buy_train_legal(self, player: str, mine: list[str]) -> list[dict]:
        mine = [c for c in mine if c not in self.pending["bought"]]
        if not mine:
            return []
        others = [t for c in self.live_companies() for t in self.companies[c]["trains"]]
        choices = ([DECK] if self.depot.next_train() else []) + others
        if not choices:
            return []
        labels = {DECK: filled_msg("train.deck", "Top of the deck: %(train)s-train at £%(price)s",
                              train=Depot.kind(self.depot.next_train()),
                              price=self.depot.price(self.depot.next_train()))} \
            if self.depot.next_train() else {}
        labels.update({t: filled_msg("train.of", "%(train)s-train of %(company)s",
                                train=Depot.kind(t), company=self.depot.owner[t])
                       for t in others})
        obsolete = [t for c in mine for t in self.companies[c]["trains"] if self.is_obsolete(t)]
        params = {"company": self.company_param(mine),
                  "train": C.choice("text", choices, labels, label=C.msg("param.train", "Train")),
                  "price": C.number("money", 1, 2000, default=1, optional=True,
                                    label=C.msg("param.price", "Price agreed (from a company)"))}
        if obsolete:
            params["return"] = self.no_train_or(obsolete, C.msg("param.return",
                                                                "Return an obsolete train"))
        return [{"type": "buy_train", "entity": player,
                 "label": C.msg("act.buy_train", "Buy a train"), "params": params}]

    def discard_legal(self) -> list[dict]:
        company = self.must_discard[0]
        co = self.companies[company]
        return [{"type": "discard_train", "entity": co["director"],
                 "label": C.msg("act.discard_train", "Put a train into the pool (limit)"),
                 "params": {"train": C.choice("text", list(co["trains"]),
                                              {t: C.train(Depot.kind(t)) for t in co["trains"]},
                                              label=C.msg("param.train", "Train"))},
                 "show": [{"label": C.msg("label.company", "Company"),
                           "value": C.company(company, self.company_name(company))}]}]
