"""Paying out or withholding a run's revenue, and the market move that follows.
Mixed into ``Core18xx``."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry, trains_shown
from engine.core18xx.bank import BANK
from engine.core18xx.board_picture import around, picture
from engine.core18xx.shares import IPO, POOL
from engine.errors import GameError


class DividendMixin:
    # -- the run's phone form: one revenue per train, one flag list per title bonus ---------
    def run_template(self, corp: str) -> dict:
        trains = list(self.corps[corp]["trains"])
        n = len(trains)
        bonuses = self.run_bonuses(corp)
        items = [C.train(str(t).split("-")[0]) for t in trains]        # one value per train
        params = {"revenues": {"kind": "list", "items": items,
                               "of": C.number("money", 0, self.MAX_TRAIN_REVENUE,
                                              self.REVENUE_STEP, 0)}}
        for b in bonuses:
            params[b["name"]] = {"kind": "list", "items": list(items), "of": {"kind": "flag"}}
            ticked = self.bonus_as_last_run(corp, b["name"], trains)
            if any(ticked):
                params[b["name"]]["defaults"] = [bool(x) for x in ticked]
        show = self.run_rows(trains, bonuses)
        out = entry("run_trains", corp, params=params,
                    label=C.msg("act.run_trains", "Run the trains"), show=show)
        finder = self.route_finder(corp)
        if finder is not None:
            # with a map: the form starts from the best routes found (one tap when the table
            # agrees), each drawn on the board around them with its revenue; "best" goes back
            # with the run, and the history says when it differs
            total, routes = self.best_run(corp, finder)
            defaults = self.run_defaults(corp, trains, routes, [b["name"] for b in bonuses])
            params["revenues"]["defaults"] = defaults.pop("revenues")
            for name, flags in defaults.items():
                params[name]["defaults"] = flags
            out["best"] = total
            drawn = self.routes_picture(finder, trains, routes)
            if drawn:
                out["picture"] = drawn
            out["show"] = self.run_choices(corp, finder, trains, routes) + show
        return out

    @staticmethod
    def run_rows(trains: list, bonuses: list) -> list[dict]:
        """The run form's shown rows: the company's trains and the bonuses a run may earn."""
        return [trains_shown(trains)] + [
            {"label": C.msg("field.bonus", f"Bonus: {b['name']}", name=str(b["name"])),
             "value": C.money(b["amount"])} for b in bonuses if isinstance(b.get("amount"), int)]

    def routes_picture(self, finder, trains: list, routes: dict) -> dict | None:
        """The run form's picture: the board around the best routes, each train's route
        along its track with its stops and its revenue."""
        drawn = [(C.msg("field.best_route_train", "%(train)s %(route)s",
                        train=C.train(str(t).split("-")[0]), route="-".join(routes[t].hexes())),
                  routes[t].stops, finder.track_of(routes[t]), C.money(routes[t].revenue))
                 for t in trains if t in routes]
        if not drawn:
            return None
        return picture(finder.board, finder.color, drawn, only=around(finder.board,
                                                                      [d[2] for d in drawn]),
                       title=C.msg("field.best_routes", "The best routes found"))

    def run_choices(self, corp: str, finder, trains: list, routes: dict) -> list[dict]:
        """What else the run form shows beside the best routes (a title's other runs the
        rules allow): ``show`` items. None in the core."""
        return []

    def note_run_not_best(self, corp: str, entries: list[dict], total: int, best: int) -> None:
        """The history's word on a claim (``entries``, worth ``total``) that differs from the
        best routes found, ``best`` (posted back from the run form)."""
        self.emit("run_not_best", f"{corp}'s run of {self.money(total)} differs from the best "
                  f"routes found on the board, {self.money(best)}.",
                  corporation=corp, revenue=total, best=best)

    def run_defaults(self, corp: str, trains: list, routes: dict, bonus_names: list) -> dict:
        """The run form's start from the best routes (train -> ``routes.Route``): each train's
        revenue as the form takes it, and a title's bonus flags (``revenues`` and one list per
        bonus name). The core has no bonuses: a route's revenue is the train's."""
        return {"revenues": [routes[t].revenue if t in routes else 0 for t in trains]}

    # A bonus's ticks start as the company's last run claimed it (routes mostly run again as
    # they ran): a train that ran then as it ran, a train new since ticked when any train
    # earned the bonus then. Only where the form starts; what counts is what is posted.
    def bonus_as_last_run(self, corp: str, name: str, trains: list) -> list[int]:
        last = self.last_runs.get(corp)
        if not last:
            return [0] * len(trains)
        anyone = int(any(name in got for got in last.values()))
        return [int(name in last[t]) if t in last else anyone for t in trains]

    def remember_run(self, corp: str, entries: list[dict]) -> None:
        self.last_runs[corp] = {e["train"]: sorted(k for k, v in e.items()
                                                   if k not in ("train", "revenue") and v is True)
                                for e in entries}

    def run_entries(self, corp: str, action: dict) -> list[dict]:
        """The ``trains`` entries of a run posted from the form (``revenues`` in train order,
        a list of flags per bonus)."""
        trains = list(self.corps[corp]["trains"])
        revenues = action.get("revenues")
        if not isinstance(revenues, list) or len(revenues) != len(trains):
            raise GameError("bad_run", f"Give one revenue per train of {corp} "
                            f"({len(trains)}).", corporation=corp, trains=trains)
        entries = [{"train": t, "revenue": r} for t, r in zip(trains, revenues)]
        for b in self.run_bonuses(corp):
            flags = action.get(b["name"])
            if flags is None:
                continue
            if not isinstance(flags, list) or len(flags) != len(trains) \
                    or not all(isinstance(f, int) and f in (0, 1) for f in flags):
                raise GameError("bad_run", f"{b['name']!r} is one yes/no (1/0) per train.",
                                corporation=corp, bonus=b["name"])
            for e, f in zip(entries, flags):
                if f:
                    e[b["name"]] = True
        return entries

    def pay_dividend(self, corp: str, kind: str, revenue: int, subsidy: int) -> None:
        if subsidy:
            self.ledger.pay(BANK, corp, subsidy)
        if kind == "payout" and revenue > 0:
            paid = {}
            for holder, pct in self.shares.holders(corp).items():
                if holder == IPO:
                    continue
                amount = -(-pct * revenue // 100)
                payee = corp if holder == POOL else holder
                self.ledger.pay(BANK, payee, amount)
                paid[payee] = paid.get(payee, 0) + amount
            text = ", ".join(f"{self.pname(p)} {self.money(a)}" for p, a in paid.items())
            self.emit("dividend_paid", f"{corp} pays out {self.money(revenue)} "
                      f"({self.money(revenue // 10)} per share): {text}.", corporation=corp,
                      revenue=revenue, paid=paid, per_share=revenue // 10,
                      payouts=[C.msg("pay_line", f"{self.pname(p)} {self.money(a)}", to=p,
                                     amount=a) for p, a in paid.items()])
        else:
            self.ledger.pay(BANK, corp, revenue)
            if revenue:
                self.emit("dividend_withheld", f"{corp} withholds {self.money(revenue)}.",
                          corporation=corp, revenue=revenue)
            else:
                self.emit("no_revenue", f"{corp} earns nothing this turn: no dividend.",
                          corporation=corp)
        self.dividend_price_move(corp, kind, revenue)

    def dividend_price_move(self, corp: str, kind: str, revenue: int) -> None:
        old = self.market.price(corp)
        direction = "right" if kind == "payout" and revenue > 0 else "left"
        if self.market.move(corp, direction):
            self.emit("price_moved", f"{corp}'s price moves from {self.money(old)} to "
                      f"{self.money(self.market.price(corp))}.",
                      f"Move {corp}'s market marker to {self.money(self.market.price(corp))}.",
                      corporation=corp, price=self.market.price(corp), old_price=old)
