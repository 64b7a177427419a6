"""Corrections: the table fixes the book when it disagrees with the cards (most numbers of
the box are provisional here). One legal entry per kind, any time; ``entity`` is the player
entering it (filled with the seat), ``reason`` is required, and every correction is
recorded in the history like any action. Money moves only to or from the bank.

Kinds: cash {target, amount} · share_price {company, price} · train {company, op: give |
remove | to_pool, train} · round {round} · card {card, holder} · land_copy {player, used} ·
phase {phase} · shares {company, source, to, count} · first_player {player} · tile {pos,
card_kind, colour, exits, slots} · character {character, holder} · train_price {train,
price}: the printed price of a train type · train_count {train, count}: how many of a type
are left in the deck · price_index {index}: the printed index, lowest first (each marker
keeps its price, or goes to the next value below it). The last three are the provisional
values the table also sets at set-up (``OPTIONS``).

The machinery is the core's (``engine.core18xx.corrections.Corrections``: the seat, the
required reason, one ``correction`` event, the forms with the seat and the reason), and so are
the kinds that mean the same in every 18xx title, through this title's accessors: ``cash``
(money with the bank; an amount of 0 is recorded here, where the core refuses it),
``share_price`` (a space of the index, by its price), ``train`` (give or remove, and here also
``to_pool``), ``shares`` (whole 10% shares to and from one bank holder: summary lines 243 and
255, shares are sold to and bought from "은행", the bank, with no IPO/pool split; the
director's certificate never moves), ``phase`` and ``first_player`` (the core's priority deal).
The other kinds are of this game's own pieces (action cards, characters, the Land Copy card,
the round counter, the printed train prices and index the summary does not give); each returns
what it did in words. After any correction the companies over their train limit are listed
again (``after_correction``).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.core18xx.corrections import Corrections
from engine.core18xx.shares import IPO
from engine.core18xx.trains import DEPOT, Depot
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.words import WORDS
from engine.titles.title_18lilliput.base import MILDENDO, index_rows, parse_index
from engine.core18xx.market import StockMarket

CASH_LIMIT = 10000
PRICE_LIMIT, COUNT_LIMIT = 5000, 30          # as the set-up options
NONE = "none"


class LilliputCorrections(Corrections):
    CURRENCY = "£"
    ZERO_CASH_CORRECTION = True       # recorded since the first version (its logs may hold one)

    def correction_seats(self) -> list[str]:
        return list(self.seating)

    def may_correct(self, entity) -> bool:
        return entity in self.names

    def after_correction(self) -> None:
        self.must_discard = [c for c in self.live_companies() if self.over_limit(c)]

    def _choice(self, action, name, allowed):
        v = action.get(name)
        if v not in allowed:
            raise GameError("correction_value", f"{name!r} is one of {list(allowed)}.", param=name)
        return v

    # -- the core's kinds: this title's books as the core's corrections name them ------------
    TRAIN_OPS = ("give", "remove", "to_pool")   # a train also goes back to the train pool
    PRIORITY_FIXED = ("fixed.first_player", "%s is the first player")

    def correction_company(self, action) -> str:
        return self._choice(action, "company", self.live_companies())

    def company_trains(self, company: str) -> list:
        return self.companies[company]["trains"]

    def train_from_bank(self, company: str, kind) -> str:
        """The first train of the type in the train pool, or else in the deck."""
        kind = self._choice({"train": kind}, "train", D.TRAIN_TYPES)
        source = [t for t in self.depot.discarded + self.depot.upcoming if Depot.kind(t) == kind]
        if not source:
            raise GameError("train_unavailable", f"No {kind}-train is left in the deck or pool.",
                            train=kind)
        self.depot.take(source[0])
        self.depot.owner[source[0]] = company
        return source[0]

    def train_out_of_play(self, company: str, train: str, op: str) -> None:
        if op == "remove":
            self.rusted.append(train)
        else:
            self.depot.discarded.append(train)
            self.depot.owner[train] = DEPOT

    def share_book(self):
        return self.shares

    def share_holders(self) -> dict:
        # summary lines 243 and 255: shares are sold to and bought from the bank ("은행"),
        # one holder with no IPO/pool split
        return {BANK: IPO, **{p: p for p in self.seating}}

    def check_share_correction(self, company: str, src: str, dst: str, pct: int) -> None:
        """The director's certificate never moves by a correction."""
        if src == self.companies[company]["director"] and \
                self.shares.percent(company, src) - D.DIRECTOR_PERCENT < pct:
            raise GameError("director_certificate", f"{self.player_name(src)} holds "
                            f"{self.shares.percent(company, src) - D.DIRECTOR_PERCENT}% of "
                            f"{company} besides the director's certificate, which stays.",
                            company=company, source=src)

    def phase_names(self) -> list:
        return [r["phase"] for r in D.PHASES]

    def set_phase(self, phase) -> None:
        self.phase = phase

    def priority_players(self) -> list:
        return list(self.seating)

    def give_priority(self, player: str) -> None:
        self.first = self.seating.index(player)

    def _fix_round(self, a, reason):
        self.round = self._choice(a, "round", list(range(1, D.ROUNDS + 1)))
        return C.msg("fixed.round", f"round {self.round}", round=C.count(self.round))

    def _fix_card(self, a, reason):
        card = self._choice(a, "card", self.cards)
        holder = self._choice(a, "holder", [NONE] + self.seating)
        if self.pending and self.pending["card"] == card:
            raise GameError("correction_value", "That card's effect is being done; finish it first.")
        self.taken.pop(card, None)
        if holder != NONE:
            if len(self.cards_of(holder)) >= D.CARDS_PER_PLAYER:
                raise GameError("correction_value", f"{holder} holds two cards already.")
            self.taken[card] = holder
        if holder == NONE:
            return C.msg("fixed.card.free", f"card {card} held by no one", card=C.text(card))
        return C.msg("fixed.card", f"card {card} held by {holder}", card=C.text(card),
                     holder=C.player(holder))

    def _fix_land_copy(self, a, reason):
        p = self._choice(a, "player", self.seating)
        used = self._choice(a, "used", [True, False])
        self.land_copy_used[p] = used
        state = "used" if used else "unused"
        return C.msg(f"fixed.land_copy.{state}", f"land copy card of {p} {state}",
                     player=C.player(p))

    def _fix_tile(self, a, reason):
        pos = self._choice(a, "pos", sorted(set(self.tiles) | set(self.free_spots())) )
        if pos == MILDENDO:
            raise GameError("correction_value", "Mildendo stays.")
        kind = self._choice(a, "card_kind", [NONE] + D.TILE_KINDS + ["castle"])
        if kind == NONE:
            if self.tiles.get(pos, {}).get("stations"):
                raise GameError("correction_value", "Take the stations off first (a station correction).")
            self.tiles.pop(pos, None)
            return C.msg("fixed.tile.removed", f"card at {pos} removed",
                         pos=C.value("hex", pos))
        colour = self._choice(a, "colour", D.TRACK_ORDERS["yellow_green_brown"])
        exits = self._exits(a)
        slots = a.get("slots", 0) if kind in D.BIG else 0
        if not 0 <= slots <= D.MAX_SLOTS:
            raise GameError("correction_value", f"slots are 0-{D.MAX_SLOTS}.")
        stations = self.tiles.get(pos, {}).get("stations", [])
        self.tiles[pos] = {"kind": kind, "colour": colour, "exits": exits,
                           "slots": max(slots, len(stations)), "stations": list(stations)}
        return C.msg("fixed.tile.card", f"card at {pos}: {colour} {kind} {exits}",
                     pos=C.value("hex", pos), colour=C.text(colour), kind=C.text(kind),
                     exits=C.text(exits))

    def _fix_character(self, a, reason):
        ch = self._choice(a, "character", D.CHARACTERS)
        self.characters[ch] = self._choice(a, "holder", [NONE] + self.seating)
        if self.characters[ch] == NONE:
            self.characters[ch] = None
        if self.characters[ch] is None:
            return C.msg("fixed.character.free", f"{ch} held by no one", character=C.text(ch))
        return C.msg("fixed.character", f"{ch} held by {a['holder']}", character=C.text(ch),
                     holder=C.player(a["holder"]))

    # -- the provisional values (set at set-up too) -----------------------------------------
    def _fix_train_price(self, a, reason):
        kind = self._choice(a, "train", D.TRAIN_TYPES)
        price = a.get("price")
        if not 1 <= price <= PRICE_LIMIT:
            raise GameError("correction_value", f"A train's price is £1-{PRICE_LIMIT}.", param="price")
        self.depot.specs[kind]["price"] = price
        self.opts["prices"][kind] = price
        return C.msg("fixed.train_price", f"price of a {kind}-train £{price}",
                     train=C.train(kind), price=C.money(price))

    def _fix_train_count(self, a, reason):
        kind = self._choice(a, "train", D.TRAIN_TYPES)
        count = a.get("count")
        if not 0 <= count <= COUNT_LIMIT:
            raise GameError("correction_value", f"The deck holds 0-{COUNT_LIMIT} of a type.",
                      param="count")
        deck = self.depot.upcoming
        mine = [t for t in deck if Depot.kind(t) == kind]
        for t in mine[count:]:                        # fewer: the last of the type go
            deck.remove(t)
            del self.depot.owner[t]
        for _ in range(count - len(mine)):            # more: new cards after the last one
            new = f"{kind}-{self.depot.next_index[kind]}"
            self.depot.next_index[kind] += 1
            rank = D.TRAIN_TYPES.index(kind)
            at = sum(1 for t in deck if D.TRAIN_TYPES.index(Depot.kind(t)) <= rank)
            deck.insert(at, new)
            self.depot.owner[new] = DEPOT
        self.opts["counts"][kind] += count - len(mine)
        return C.msg("fixed.train_count", f"{count} × {kind}-train in the deck",
                     count=C.count(count), train=C.train(kind))

    def _fix_price_index(self, a, reason):
        prices = parse_index(a.get("index"), code="correction_value")
        market = StockMarket(index_rows(prices))
        moved = []
        stacks, pos = self.market.stacks, self.market.pos
        old = sorted(pos, key=lambda c: (stacks[pos[c]].index(c), self.price(c), c))
        for company in old:                           # first arrived first on a space
            price = self.price(company)
            new = max([v for v in prices if v <= price], default=prices[0])
            for r, row in enumerate(market.prices):
                if new in row:
                    market.place(company, (r, row.index(new)))
            if new != price:
                moved.append(f"{company} £{price} -> £{new}")
        self.market = market
        self.opts["price_index"] = prices
        index = ",".join(map(str, prices))
        if not moved:
            return C.msg("fixed.price_index", f"share price index {index}",
                         index=C.text(index))
        return C.msg("fixed.price_index.moved", f"share price index {index} "
                     f"({'; '.join(moved)})", index=C.text(index),
                     moved=C.value("list", [C.text(m) for m in moved]))

    # -- forms -----------------------------------------------------------------------------
    def correction_seat_param(self) -> dict:
        return C.choice("player", list(self.seating), fill="seat",    # the posting seat
                        label=C.msg("param.entered_by", "Entered by"))

    def correction_reason_param(self) -> dict:
        return C.free_text(200, label=C.msg("param.reason", "Reason"),
                           suggestions=["checked at the table"])

    def correction_forms(self) -> list[tuple[str, dict, dict]]:
        live = self.live_companies()
        players = C.choice("player", list(self.seating), label=C.msg("param.player", "Player"))
        out = []

        def form(fix, **params):
            out.append((fix, {"label": C.msg("fix." + fix, WORDS["fix." + fix]["en"])}, params))
        form("cash", target=C.choice("entity", self.seating + live,
                                     label=C.msg("param.target", "Whose cash")),
             amount=C.number("money", -CASH_LIMIT, CASH_LIMIT, default=0,
                             label=C.msg("param.amount", "Amount")))
        if live:
            form("share_price", company=self.company_param(live),
                 price=C.choice("price", list(self.opts["price_index"]),
                                label=C.msg("param.price", "Price")))
            # a train given is one the deck or the pool still holds; one taken, one the
            # company owns (each form offers only what its fix takes)
            left = [k for k in D.TRAIN_TYPES
                    if any(Depot.kind(t) == k for t in self.depot.discarded + self.depot.upcoming)]
            if left:
                out.append(("train", {"label": C.msg("fix.train.give", WORDS["fix.train.give"]["en"]),
                                      "op": "give"},
                            {"company": self.company_param(live),
                             "train": C.choice("train", left, label=C.msg("param.train", "Train"))}))
            owned = {c: sorted({Depot.kind(t) for t in self.company_trains(c)},
                               key=D.TRAIN_TYPES.index) for c in live if self.company_trains(c)}
            if owned:
                takes = ["remove", "to_pool"]
                form("train", company=self.company_param(list(owned)),
                     op=C.choice("text", takes, {o: C.msg("train_op." + o, o) for o in takes},
                                 label=C.msg("param.op", "What")),
                     train=C.choice("train", sorted({k for ks in owned.values() for k in ks},
                                                    key=D.TRAIN_TYPES.index),
                                    choices_by={"field": "company", "map": owned},
                                    label=C.msg("param.train", "Train")))
            form("shares", company=self.company_param(live),
                 source=C.choice("entity", [BANK] + self.seating,
                                 label=C.msg("param.source", "From")),
                 to=C.choice("entity", [BANK] + self.seating, label=C.msg("param.to", "To")),
                 count=C.number("count", 1, 3, default=1, label=C.msg("param.count", "Shares")))
        form("round", round=C.number("count", 1, D.ROUNDS, default=self.round,
                                     label=C.msg("param.round", "Round")))
        if self.acting_player() is not None:          # the action round's cards
            form("card", card=C.choice("text", list(self.cards),
                                       label=C.msg("param.card", "Card")),
                 holder=C.choice("entity", [NONE] + self.seating,
                                 label=C.msg("param.holder", "Held by")))
        form("land_copy", player=players,
             used={"kind": "flag", "label": C.msg("param.used", "Used")})
        form("phase", phase=C.number("count", 1, len(D.PHASES), default=self.phase,
                                     label=C.msg("param.phase", "Phase")))
        form("first_player", player=players)
        form("tile", pos=C.choice("hex", sorted(p for p in self.tiles if p != MILDENDO)
                                  + self.free_spots()[:20], label=C.msg("param.pos", "Place")),
             card_kind=C.choice("text", [NONE] + D.TILE_KINDS + ["castle"],
                           label=C.msg("param.kind", "Kind of card")),
             colour=C.choice("text", ["yellow", "green", "brown"],
                             label=C.msg("param.colour", "Colour")),
             exits=C.choice("text", D.EXITS, label=C.msg("param.exits", "Exits")),
             slots=C.number("count", 0, D.MAX_SLOTS, default=1,
                            label=C.msg("param.slots", "Station slots printed")))
        trains = C.choice("train", list(D.TRAIN_TYPES), label=C.msg("param.train", "Train"))
        form("train_price", train=trains,
             price=C.number("money", 1, PRICE_LIMIT, default=self.opts["prices"]["2"],
                            label=C.msg("param.train_price", "Printed price")))
        form("train_count", train=trains,
             count=C.number("count", 0, COUNT_LIMIT, default=sum(
                 1 for t in self.depot.upcoming if Depot.kind(t) == D.TRAIN_TYPES[0]),
                            label=C.msg("param.deck_count", "How many left in the deck")))
        form("price_index", index=C.free_text(
            300, default=",".join(map(str, self.opts["price_index"])),
            label=C.msg("option.price_index", "Share price index, lowest first")))
        form("character", character=C.choice("text", list(D.CHARACTERS),
                                             label=C.msg("param.character", "Character")),
             holder=C.choice("entity", [NONE] + self.seating,
                             label=C.msg("param.holder", "Held by")))
        return out

    # what each kind posts that is a value of a type (the history line says it so)
    CORRECTION_POSTS = {**Corrections.CORRECTION_POSTS, "card": {"card": "company"},
                        "first_player": {"player": "player"},
                        "land_copy": {"player": "player"},
                        "share_price": {"company": "company", "price": "money"},
                        "shares": {"company": "company", "count": "count", "source": "entity",
                                   "to": "entity"},
                        "train": {"company": "company", "train": "train"},
                        "train_count": {"count": "count", "train": "train"},
                        "train_price": {"price": "money", "train": "train"}}
    CORRECTIONS = {"cash": Corrections._fix_cash, "share_price": Corrections._fix_share_price,
                   "train": Corrections._fix_train, "round": _fix_round, "card": _fix_card,
                   "land_copy": _fix_land_copy, "phase": Corrections._fix_phase,
                   "shares": Corrections._fix_shares,
                   "first_player": Corrections._fix_priority, "tile": _fix_tile,
                   "character": _fix_character, "train_price": _fix_train_price,
                   "train_count": _fix_train_count, "price_index": _fix_price_index}


KINDS = list(LilliputCorrections.CORRECTIONS)
