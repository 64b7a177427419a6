"""1888-N's runs: the destination bonus and the Heng Shan mine on each train's route, and
Heng Shan's exception to the highest revenue. Mixed into ``title_1888n.Rules1888N``.

Rulebook (``shared/seeds/003``), "Privates", Heng Shan: "Running to or through it pays the
treasury ¥40, costs range, and may end a route. It is the one exception to maximum revenue:
you may run to it instead of somewhere worth more, or skip it for somewhere worth less." Read
so: which trains stop at Heng Shan is the company's to choose; with that choice made, its
trains claim the most they can earn ("Pay dividends": "You must claim the highest revenue any
player can show"). The ¥40 is per train that stops there (reference/1888-N-board.md §5 R11:
per route, to the treasury, not revenue; the rulebook says "it pays", not how often). The run
form shows, beside the best routes, the best run with the other choice (a train to Heng Shan
when the best sends none; none when it sends one), and the history holds a claim against the
best with its own trains' choice.
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError

MINE_HEX, MINE_SUBSIDY = "C5", 40            # rulebook: Heng Shan pays the treasury ¥40


class Runs1888N:
    # -- runs: destination bonus per train, Heng Shan subsidy per train --------------------
    # Rulebook "Run trains": "Home and destination on one route pays the company's bonus" (per
    # route, so per train). A route stops only where there is track: until the home and the
    # destination hex both show track (a tile laid, or printed on the map) no route can.
    def destination_open(self, corp):
        dest = self.DESTINATIONS[corp][0]
        return all(h in self.board.laid or self.HEXES[h]["color"] != "white"
                   for h in (self.corp_spec[corp]["home"], dest))

    def train_revenue(self, corp, entry):
        revenue, subsidy = entry["revenue"], 0
        if entry.get("destination"):
            if not self.destination_open(corp):
                dest = self.DESTINATIONS[corp][0]
                raise GameError("no_destination",
                                f"No route of {corp} can reach {dest} from "
                                f"{self.corp_spec[corp]['home']} before both show track.",
                                corporation=corp, hex=dest, home=self.corp_spec[corp]["home"])
            revenue += self.DESTINATIONS[corp][1]
        if entry.get("mine"):
            if MINE_HEX not in self.board.laid:
                raise GameError("no_mine", "No route can reach Heng Shan before its tile is laid.")
            subsidy += MINE_SUBSIDY
        return revenue, subsidy

    def route_rules(self, corp):
        """Routes on the board: the destination bonus per route that stops on the home hex
        and the destination; the Heng Shan subsidy per route that stops on C5."""
        return {"home": self.corp_spec[corp]["home"], "destination": self.DESTINATIONS[corp],
                "subsidy": (MINE_HEX, MINE_SUBSIDY)}

    def run_defaults(self, corp, trains, routes, bonus_names):
        """Each train's best route as the form takes it: its revenue without the destination
        bonus, that bonus ticked where the route earns it, the mine where it stops on C5."""
        home, (dest, bonus) = self.corp_spec[corp]["home"], self.DESTINATIONS[corp]
        out = {"revenues": [], **{name: [] for name in bonus_names}}
        for t in trains:
            r = routes.get(t)
            on = set(r.hexes()) if r else set()
            dest_here = "destination" in bonus_names and home in on and dest in on
            out["revenues"].append((r.revenue - (bonus if dest_here else 0)) if r else 0)
            if "destination" in bonus_names:
                out["destination"].append(dest_here)
            if "mine" in bonus_names:
                out["mine"].append(bool(r and r.subsidy))
        return out

    def run_bonuses(self, corp):
        dest, bonus = self.DESTINATIONS[corp]
        out = []
        if self.destination_open(corp):
            out.append({"name": "destination", "amount": bonus,
                        "hexes": [self.corp_spec[corp]["home"], dest]})
        if MINE_HEX in self.board.laid:
            out.append({"name": "mine", "subsidy": MINE_SUBSIDY, "hex": MINE_HEX})
        return out

    # -- Heng Shan's exception to the highest revenue -----------------------------------------
    def run_choices(self, corp, finder, trains, routes):
        """Beside the best routes, the best run with the other Heng Shan choice: with a train
        there when the best sends none (the best over which train goes), with none when it
        sends one; nothing while no route can stop there."""
        if MINE_HEX not in self.board.laid or not trains:
            return []
        dists = [self.train_distance(t) for t in trains]
        if any(routes[t].subsidy for t in routes):
            total, picks = finder.best(dists, [False] * len(trains))
            code, text = "field.run_skip_mine", "Best run skipping Heng Shan: %(routes)s"
        else:
            total, picks = -1, []
            for k in range(len(trains)):
                got = finder.best(dists, [True if j == k else None for j in range(len(trains))])
                if got[1][k] is not None and got[0] > total:
                    total, picks = got
            if total < 0:
                return []
            code, text = "field.run_to_mine", ("Best run with a train to Heng Shan (%(subsidy)s "
                                               "to the treasury a train): %(routes)s")
        drawn = [C.msg("field.best_route_train", "%(train)s %(route)s",
                       train=C.train(str(t).split("-")[0]), route="-".join(r.hexes()))
                 for t, r in zip(trains, picks) if r is not None]
        return [{"label": C.msg(code, text, routes=drawn, subsidy=C.money(MINE_SUBSIDY)),
                 "value": C.money(total)}]

    def note_run_not_best(self, corp, entries, total, best):
        """A claim whose trains chose Heng Shan otherwise than the best routes is held against
        the best with that choice: noted as the exception when it is that best."""
        trains = list(self.corps[corp]["trains"])
        chose = [any(e.get("mine") for e in entries if e["train"] == t) for t in trains]
        if MINE_HEX not in self.board.laid:
            return super().note_run_not_best(corp, entries, total, best)
        chosen = self.best_run(corp, mine=chose)[0]
        if chosen == best:
            return super().note_run_not_best(corp, entries, total, best)
        if chosen == total:
            self.emit("run_heng_shan", f"{corp}'s run of {self.money(total)} is the best with "
                      f"its trains' choice of Heng Shan, the one exception to the highest "
                      f"revenue (the best otherwise {self.money(best)}).",
                      corporation=corp, revenue=total, best=best)
        else:
            self.emit("run_not_best_mine", f"{corp}'s run of {self.money(total)} differs from "
                      f"the best routes found with its trains' choice of Heng Shan, "
                      f"{self.money(chosen)}.", corporation=corp, revenue=total, best=chosen)
