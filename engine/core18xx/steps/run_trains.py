"""Run trains (operating turn): ``run_trains`` {revenues: [..], title bonuses} (or
``trains: [{train, revenue, ..}]``, as records have it). A run of nothing is withheld at once;
otherwise the dividend step follows."""
from __future__ import annotations

from engine.core18xx.rounds.operating import DIVIDEND, RUN
from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class RunTrains(OperatingStep):
    ACTIONS = ("run_trains",)

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
               corporation=corp, revenue=total, subsidy=subsidy)
        if total == 0:
            rnd.pay(g, corp, "withhold")

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage <= RUN and g.corps[corp]["trains"]:
            return [g.run_template(corp)]
        return []
