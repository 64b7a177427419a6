"""Trains, phases and executive cars (rulebook §7-5-3, §7-7, §8, §10-G).

- a number is sold only after the previous one is sold out; the D only after a 6 is sold
  (``DaihanDepot``); a D costs ₩800 when the company scraps one of its trains;
- a D bought wholly from the treasury moves the price right by the OR number (provisional
  mapping), and the first D ends the game after the current set;
- over the limit after a phase change the company scraps its cheapest trains at once;
- executive cars: one per train, bought in step E, back to the supply when the train rusts
  or is scrapped;
- Kyeongin's own 2-train rusts at phase 4; at phase 5 the privates still held close, and an
  unsold Kyeongin's station leaves Incheon.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry as make_entry
from engine.core18xx.bank import BANK
from engine.core18xx.trains import Depot
from engine.errors import GameError
from engine.titles.title_1899_daihan import data as D


# a train where the company owns two of its kind, or the one with an executive car
TRAIN_WORDS = {"train.nth": "%(kind)s-train no. %(n)s",
               "train.nth_car": "%(kind)s-train no. %(n)s with an executive car",
               "train.with_car": "%(kind)s-train with an executive car"}


class DaihanDepot(Depot):
    def available(self) -> list[str]:
        out = super().available()
        six_sold = any(self.kind(t) == "6" and t not in self.upcoming for t in self.owner)
        first_d = next((t for t in self.upcoming if self.kind(t) == "D"), None)
        if six_sold and first_d and first_d not in out:
            out.insert(1 if out else 0, first_d)
        return out


class DaihanTrainsMixin:
    def setup_trains(self) -> None:
        self.depot = DaihanDepot(self.trains_table())
        self.cars: dict[str, bool] = {}             # train -> has an executive car
        self.d_bought = False
        self.kyeongin_train: str | None = D.KYEONGIN_TRAIN

    def trains_table(self) -> list[dict]:
        """The train table with the table's own prices and counts (set-up options)."""
        out = []
        opt = self.options
        for spec in self.TRAINS:
            t = dict(spec)
            name = t["name"]
            t["price"] = opt.get(f"train_{name}_price", t["price"])
            own = 1 if name == "2" else 0                  # the 2-train on Kyeongin
            t["num"] = opt.get(f"train_{name}_count", t["num"] - own) + own
            if name == "D":
                cut = t["price"] - D.D_SCRAP_PRICE
                t["discount"] = {k: cut for k in t["discount"]} if cut > 0 else {}
            out.append(t)
        return out

    def cars_left(self) -> int:
        return D.EXECUTIVE_CARS - len(self.cars)

    def car_price(self) -> int:
        return self.options.get("executive_car_price", D.EXECUTIVE_CAR_PRICE)

    def _return_cars(self) -> None:
        gone = [t for t in self.cars if t not in self.train_owner]
        for t in gone:
            del self.cars[t]
        if gone:
            self.emit("cars_returned", f"Executive cars return to the supply ({len(gone)}).",
                      "Put those executive cars back in the supply.",
                      trains=gone, count=len(gone))

    # -- buying ------------------------------------------------------------------------------
    def buy_train(self, rnd, corp, action):
        want = action.get("train")
        from_depot = want not in self.train_owner
        if from_depot and isinstance(want, str) and Depot.kind(want) == "D" \
                and want not in self.depot.available():
            raise GameError("d_not_yet", "A D-train is sold only after a 6-train has been "
                            "sold.", train=want)
        president = self.shares.president.get(corp)
        before = self.ledger.of(president) if president else 0
        super().buy_train(rnd, corp, action)
        bought = self.corps[corp]["trains"][-1]
        if not from_depot or Depot.kind(bought) != "D":
            return
        if president is None or self.ledger.of(president) == before:
            spaces = self.d_bump_spaces(rnd.round_num)   # provisional: the table's
            old = self.market.price(corp)
            self.market.move(corp, "right", spaces)
            self.emit("d_bump", f"{corp} bought its D-train from its treasury: its price "
                      f"moves {spaces} space(s), from {self.money(old)} to "
                      f"{self.money(self.market.price(corp))}.",
                      f"Move {corp}'s market marker to {self.money(self.market.price(corp))}.",
                      corporation=corp, spaces=spaces, old_price=old,
                      price=self.market.price(corp))
        if not self.d_bought:
            self.d_bought = True
            self.emit("game_end_d", "The first D-train is bought: the game ends after this "
                      "set of operating rounds.", "Play out this set of operating rounds.",
                      corporation=corp)

    # -- phases, rust, limits --------------------------------------------------------------
    def train_acquired(self, train, from_depot, exported=False):
        before = self.phase["name"]
        super().train_acquired(train, from_depot, exported)
        self._return_cars()
        now = self.phase["name"]
        if now == before:
            return
        names = [p["name"] for p in self.PHASES]
        reached = names[names.index(before) + 1: names.index(now) + 1]
        if "4" in reached and self.kyeongin_train:
            self.kyeongin_train = None
            self.emit("kyeongin_rusted", "Kyeongin Railway Co.'s 2-train rusts: the company "
                      "earns nothing more.", "Remove the 2-train from the Kyeongin card.",
                      company=D.KYEONGIN)
        if "5" in reached:
            self.close_privates_at_phase_5()

    def close_privates_at_phase_5(self) -> None:
        held = [s for s, c in self.companies.items() if not c["closed"]
                and c["owner"] in self.players]
        kyeongin_station = self.companies[D.KYEONGIN]["owner"] in self.players \
            and not self.companies[D.KYEONGIN]["closed"]
        for s in held:
            self.close_company(s)
        if held:
            self.emit("privates_closed_phase5", "Phase 5: the private companies still held "
                      f"are discarded: {', '.join(self.cname(s) for s in held)}.",
                      "Remove those private company cards from play.", companies=held)
        if kyeongin_station:
            self.remove_kyeongin_station()
        if D.SEOUL_TRAM in held:
            self.seoul_tram_gone()

    def remove_kyeongin_station(self) -> None:
        here = self.board.tokens.get(D.INCHEON, [])
        self.board.tokens[D.INCHEON] = [t for t in here if t[0] != D.KYEONGIN]
        self.emit("kyeongin_station_removed", "Kyeongin Railway Co. was never sold: its "
                  "station leaves Incheon.", "Remove the Kyeongin station token from Incheon.",
                  hex=D.INCHEON)

    def check_crowded(self):
        for corp in self.operating_order_all():
            trains = self.corps[corp]["trains"]
            limit = self.train_limit(corp)
            scrapped = []
            while len(trains) > limit:
                cheapest = min(trains, key=lambda t: (self.depot.price(t), t))
                trains.remove(cheapest)
                del self.train_owner[cheapest]
                self.depot.rusted.add(cheapest)
                scrapped.append(cheapest)
            if scrapped:
                kinds = ", ".join(f"{Depot.kind(t)}-train" for t in scrapped)
                self.emit("trains_scrapped", f"{corp} is over the train limit of {limit} "
                          f"and scraps its cheapest: {kinds}.",
                          f"Remove {corp}'s {', '.join(Depot.kind(t) for t in scrapped)}-"
                          "train(s) from the game.", corporation=corp, trains=scrapped,
                          limit=limit)
        self._return_cars()

    # -- executive cars -----------------------------------------------------------------------
    def buy_car(self, corp: str, train) -> None:
        if train not in self.corps[corp]["trains"]:
            raise GameError("not_your_train", f"{corp} does not own train {train!r}.",
                            train=train)
        if train in self.cars:
            raise GameError("car_there", f"Train {train} already has an executive car.",
                            train=train)
        if self.cars_left() <= 0:
            raise GameError("no_cars_left", "All 12 executive cars are on trains.")
        price = self.car_price()
        if price > self.ledger.of(corp):
            raise GameError("cannot_afford_car", f"{corp} has "
                            f"{self.money(self.ledger.of(corp))} and cannot pay "
                            f"{self.money(price)} for an executive car.", price=price)
        n = self.train_number(corp, train)
        which = f"{Depot.kind(train)}-train" + (f" no. {n}" if n else "")
        self.ledger.pay(corp, BANK, price)
        self.cars[train] = True
        self.emit("car_bought", f"{corp} attaches an executive car to its {which} for "
                  f"{self.money(price)}.", f"Put an executive car on {corp}'s {which}.",
                  corporation=corp, train=train, price=price, n=n)

    def train_number(self, corp: str, train: str) -> int | None:
        """A train's place among its company's trains of its kind, in the book's list (None
        when the company owns one of that kind)."""
        kinds = [Depot.kind(t) for t in self.corps[corp]["trains"]]
        kind = Depot.kind(train)
        if kinds.count(kind) < 2:
            return None
        return kinds[:self.corps[corp]["trains"].index(train) + 1].count(kind)

    def train_names(self, corp: str, cars: bool = False) -> dict[str, dict]:
        """Each of ``corp``'s trains as the table tells it from the others: its kind, and
        where the company owns two of a kind its place among them in the book's list ("2-train
        no. 2"); with ``cars``, the train with an executive car says so."""
        out = {}
        for t in self.corps[corp]["trains"]:
            kind, n = Depot.kind(t), self.train_number(corp, t)
            car = "_car" if cars and t in self.cars else ""
            if n is None and not car:
                out[t] = C.train(kind)
                continue
            code = "train.nth" + car if n else "train.with_car"
            params = {"kind": kind, "n": n} if n else {"kind": kind}
            out[t] = C.text(C.msg(code, TRAIN_WORDS[code] % params, **params))
        return out

    def car_entry(self, corp: str) -> dict | None:
        free = [t for t in self.corps[corp]["trains"] if t not in self.cars]
        if not free or self.cars_left() <= 0 or self.car_price() > self.ledger.of(corp):
            return None
        names = self.train_names(corp)
        labels = {t: names[t]["v"] for t in free if names[t]["t"] == "text"}
        price = self.car_price()
        return make_entry("buy_executive_car", corp, price=price,
                          label=C.msg("act.buy_executive_car",
                                      f"Buy an executive car ({self.money(price)})",
                                      price=C.money(price)),
                          params={"train": C.choice("train", free, labels or None)},
                          warn=C.msg("warn.executive_car", f"{corp} pays {self.money(price)} "
                                     "for the car, from its treasury.", corporation=corp,
                                     price=price))

    # -- the run: one revenue per train, goods deliveries ----------------------------------
    def goods_value(self) -> int:
        raw = self.options.get("goods_values")
        if raw:
            values = [int(x) for x in raw.split(",")]
            return values[[p["name"] for p in self.PHASES].index(self.phase["name"])]
        return D.GOODS_VALUE[self.phase["name"]]

    def run_template(self, corp):
        entry = super().run_template(corp)
        each = self.goods_value()
        entry["params"]["goods"] = C.number(
            "count", 0, D.MAX_GOODS_PER_RUN, 1, 0,
            label=C.msg("param.goods_carried", "Sets of goods carried (%(amount)s each)",
                        amount=each))
        trains = list(self.corps[corp]["trains"])
        cars = [t for t in trains if t in self.cars]
        # §7-5-4 in the rulebook's words: what counts as a set of goods carried
        entry["show"] = [{"label": C.msg("field.goods_rule", "Goods"), "value": C.text(C.msg(
            "field.goods_how", "a set counts when a train passes a tile with a goods token "
            "and reaches a port or border with its collection point: %(amount)s each, each "
            "set to one collection point; with an executive car it counts even where that "
            "stop earns nothing", amount=each))}]
        if cars:                        # each train's field says which one has the car
            named = self.train_names(corp, cars=True)
            entry["params"]["revenues"]["items"] = [named[t] for t in trains]
            plain = self.train_names(corp)
            entry["show"].append({"label": C.msg("field.cars", "With an executive car"),
                                  "value": C.value("list", [plain[t] for t in cars])})
        entry["show"] += self.run_rows(trains, self.run_bonuses(corp))
        return entry

    def run_entries(self, corp, action):
        entries = super().run_entries(corp, action)
        if entries and "goods" in action:
            entries[0]["goods"] = action["goods"]
        return entries

    def train_revenue(self, corp, entry):
        goods = entry.get("goods", 0)
        if not isinstance(goods, int) or isinstance(goods, bool) \
                or not 0 <= goods <= D.MAX_GOODS_PER_RUN:
            raise GameError("goods_count", f"Goods delivered: a whole number from 0 to "
                            f"{D.MAX_GOODS_PER_RUN}.", goods=goods)
        if goods:
            each = self.goods_value()
            self.emit("goods_delivered", f"{corp} carries {goods} set(s) of goods to their "
                      f"collection points for {self.money(goods * each)} "
                      f"({self.money(each)} each).",
                      f"Count {self.money(goods * each)} for the goods in {corp}'s revenue on "
                      "the revenue board.", corporation=corp, count=goods,
                      amount=goods * each, each=each)
        return entry["revenue"] + goods * self.goods_value(), 0
