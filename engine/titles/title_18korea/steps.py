"""18Korea's rounds and steps on the 18xx core's machine (``engine.core18xx.rounds``).

The game is a draft round (RB §6), then stock rounds (RB §7) and sets of operating rounds
(RB §9) in the order ``Korea18.next_round`` says once (the Korean War, the export and the
end of the game come between the rounds, where the rulebook puts them). Each round is the
core's ``Round`` with a name and the title's steps as data (``DRAFT_STEPS``, ``STOCK_STEPS``,
``OPERATING_STEPS`` on ``Korea18``), the discard of a company over its train limit first in
each (it blocks the rest); whose turn it is comes from the round (``turn_acting``), and a
round whose turn is nobody's is over. The draft's step takes every action of the draft round.
The stock round is three steps (the par price after an auction, the auction, a player's
turn), each taking every action while its part of the round is on (``stock_steps.py``). The
operating round is one step per step of the rulebook's operating turn (RB §9: the
start-city station, track, station, revenue, dividend, trains), each taking its own types;
``NotOperating`` refuses any other. Every step applies its actions in its
``process_<type>`` methods and offers its entries in its ``legal``.

The asset actions, the corrections, OB02's use and OA09's defector station may come at any
time: the title takes them before the round (as the core takes its corrections).
"""
from __future__ import annotations

from engine.core18xx.rounds import Round
from engine.core18xx.share_trading import sells_more_than_needed
from engine import contract as C
from engine.core18xx.entries import entry, trains_shown
from engine.core18xx.steps.base import Step, worded
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class AnyType:
    """Every action type (a round step takes what its round's procedure sorts out)."""

    def __contains__(self, kind) -> bool:
        return True


ANY = AnyType()


class KoreaStep(Step):
    def may_act(self, g, entity):
        return True                   # the title's procedures say whose turn it is


class PendingDiscard(KoreaStep):
    """``discard_train`` {train}: a company over the train limit discards first (RB §8)."""
    ACTIONS = ("discard_train",)
    POSTS = {"discard_train": {"train": "train"}}
    BLOCKS_WHILE = "pending_discards"

    def actions(self, g, entity):
        return self.ACTIONS

    def acting(self, g):
        return [g.pending_discards[0]]

    def refuse(self, g, action):
        sym = g.pending_discards[0]
        err("discard_pending", f"{sym} must first discard down to {g.train_limit} trains "
            "('discard_train').", company=sym)

    def process_discard_train(self, g, action):
        if not g.pending_discards:
            err("no_discard", "No company is over its train limit.")
        g.act_discard(action)

    def legal(self, g):
        if not g.pending_discards:
            return []
        sym = g.pending_discards[0]
        return [entry("discard_train", sym,
                      params={"train": C.choice("train", sorted(set(g.companies[sym].trains)))},
                      label=C.msg("act.discard_train", "Discard a train"))]


class DraftTurn(KoreaStep):
    """RB §6, §13: the draft of asset cards (``draft`` {card}), every action while it is on."""
    POSTS = {"draft": {"card": "company"}}

    def actions(self, g, entity):
        return ANY

    def process_draft(self, g, action):
        g.act_draft(action)

    def take(self, g, action):
        err("wrong_round", "This is the draft round: take an asset card ('draft').")

    def legal(self, g):
        pid, _ = g.draft_current()
        if pid is None:
            return []
        choices = g.draft_choices(pid)
        return [entry("draft", pid,
                      params={"card": C.choice("company", choices,
                                               {c: asset_label(c) for c in choices})},
                      label=C.msg("act.draft", "Take an asset card"))]


def asset_label(code: str) -> dict:
    """An asset card in the draft: its code, name and effect (RB §16), or its code alone."""
    if code in D.KNOWN_ASSETS:
        name, effect = D.KNOWN_ASSETS[code]
        return C.msg(f"asset.{code}", f"{code} {name}: {effect}")
    return C.msg("asset.unknown", f"{code}: its text is not public (read it on the card)",
                 card=code)


class OperatingStep(KoreaStep):
    """A step of a company's operating turn (RB §9), in the rulebook's order. Each step says
    itself whether the turn is done with it (``done``, from the turn's facts in
    ``g.ors["turn"]``: the start city waiting for its upgrade ``home``, the track points
    ``tp``, the ``station`` built, the ``revenue`` entered, the dividend ``paid``), and the
    steps that must happen (the start city's upgrade, the revenue, the dividend) block the
    round until they are done, as the core's steps do: the core ``Round`` then refuses a
    later step's action through the blocking step (``refuse``: "home_upgrade_first",
    "run_first", "dividend_first"). A step's action once the turn is past it gets
    "step_passed". Where the turn stands (``Korea18.turn_step``: the ``NAME`` of the first
    step not done) is derived, for the view and the book; nothing dispatches on it."""
    NAME = ""

    def actions(self, g, entity):
        return self.ACTIONS

    def turn(self, g, action):
        """The operating company and its turn, once the action is the company's own."""
        comp = g.current_company()
        if action.get("entity") != comp.sym:
            if action.get("entity") in g.companies:
                err("out_of_turn", f"It is {comp.sym}'s turn to operate.", acting=comp.sym)
            err("out_of_turn", f"It is {comp.sym}'s turn; its actions are entered as {comp.sym}.",
                acting=comp.sym)
        return comp, g.ors["turn"]

    def now(self, g):
        """(company, turn) while a company operates, else (None, None)."""
        comp = g.current_company()
        return (comp, g.ors["turn"]) if comp is not None else (None, None)

    def done(self, g) -> bool:
        """Whether the operating company's turn is past this step."""
        return False

    def refuse(self, g, action):
        """An action of a later step while this one blocks (its own refusal, ``waiting``)
        or an action of no step of the turn."""
        comp, _turn = self.turn(g, action)
        kind = action["type"]
        if kind not in TURN_TYPES:
            err("wrong_round", f"'{kind}' is not an operating round action.", type=kind)
        self.waiting(g, comp, kind)

    def waiting(self, g, comp, kind):
        err("bad_action_now", f"'{kind}' is not possible now.", type=kind)

    def passed(self, g, what):
        """Refuse this step's action once the turn is past it."""
        if self.done(g):
            err("step_passed", f"Too late to {what} this turn (the company is at "
                f"'{g.turn_step()}').")


class RaiseMoney(OperatingStep):
    """RB §9.8: the director of a company that must buy a train and cannot pay sells shares
    (``sell_shares`` {company, count}) or goes bankrupt (``bankrupt``). Part of the train
    step, listed first: its entries come first and it may come while the company still
    builds.

    The rule is the core's ``EmergencyMoney`` (1888-N summary "Buy trains": the director pays
    the shortfall, sells no more than it and never changes a directorship; bankruptcy ends
    the game). It differs in: RB §7.1 a director's sale drops the price one space per share
    (the core: one row per share); RB §9.7 the train is the market's one on sale (the core:
    the cheapest of bank and pool); and the reading ``forced_purchase`` (RB §9.8 "from the
    train market") may let a trade with another company stand in for it."""
    ACTIONS = ("sell_shares", "bankrupt")
    POSTS = {"sell_shares": {"company": "company", "count": "count"}}

    def process_sell_shares(self, g, action):
        g._act_emergency(action)

    process_bankrupt = process_sell_shares

    def legal(self, g):
        comp, _turn = self.now(g)
        if comp is None:
            return []
        acts = []
        em = g._emergency_state()
        if em and g.cash[em[1]] < em[2]:
            # RB §9.8: the director raises the missing money (the company may still build first)
            director = em[1]
            for s in g.sharebook.held:
                most = g.max_sellable(director, s, keep_presidency=True)
                # RB §9.8: no more than covers the shortfall
                most = max([n for n in range(1, most + 1) if not sells_more_than_needed(
                    g.cash[director] + g.sale_value(director, s, n - 1), em[2])], default=0)
                if most:
                    acts.append(g.sale_entry(director, s, most, short=em[2]))
            if g.raisable(director, keep_presidency=True) < em[2] and not g.trade_open(comp):
                acts.append(bankrupt_entry(director))
        return acts


class HomeStation(OperatingStep):
    """RB §9.1: a company's start-city station on its first operation. It stands at once
    (``place_home`` when the turn starts); a full start city is first upgraded with the
    turn's track points (``lay_tile`` on the start city: §9.1 a), then the station takes the
    new seat. Until then the step blocks the turn and takes the turn's ``lay_tile``."""
    ACTIONS = ("lay_tile",)
    NAME = "home"
    POSTS = {"lay_tile": {"hex": "hex", "tile": "tile", "rotation": "rotation", "cost": "money"}}

    def done(self, g):
        comp, turn = self.now(g)
        return comp is None or not turn["home"]

    def blocks(self, g):
        return not self.done(g)

    def actions(self, g, entity):
        return self.ACTIONS if not self.done(g) else ()

    def waiting(self, g, comp, kind):
        err("home_upgrade_first", f"{comp.sym} must first upgrade its start city.")

    def process_lay_tile(self, g, action):
        comp, turn = self.turn(g, action)
        g._lay_tile(comp, turn, action)

    def legal(self, g):
        comp, turn = self.now(g)
        if comp is None or self.done(g) or g.final_set or not turn["tp"]:
            return []
        return g._lay_tile_templates(comp, turn)


class LayTrack(OperatingStep):
    """RB §9.2: tiles laid and upgraded with the turn's 3 track points (``lay_tile``); done
    once the company builds a station or runs (and in the final set, where no track is
    laid)."""
    ACTIONS = ("lay_tile",)
    NAME = "track"
    POSTS = {"lay_tile": {"hex": "hex", "tile": "tile", "rotation": "rotation", "cost": "money"}}

    def done(self, g):
        comp, turn = self.now(g)
        return comp is None or turn["station"] or turn["revenue"] is not None or g.final_set

    def process_lay_tile(self, g, action):
        comp, turn = self.turn(g, action)
        g._lay_tile(comp, turn, action)

    def legal(self, g):
        comp, turn = self.now(g)
        if comp is None or self.done(g) or not turn["tp"]:
            return []
        return g._lay_tile_templates(comp, turn)


class BuildStation(OperatingStep):
    """RB §9.3: one station a turn (``build_station`` {hex, [seat]}); done once the company
    runs (and in the final set)."""
    ACTIONS = ("build_station",)
    POSTS = {"build_station": {"hex": "hex", "seat": "count", "cost": "money"}}
    NAME = "station"

    def done(self, g):
        comp, turn = self.now(g)
        return comp is None or turn["revenue"] is not None or g.final_set

    def process_build_station(self, g, action):
        comp, turn = self.turn(g, action)
        g._build_station(comp, turn, action)

    def legal(self, g):
        comp, turn = self.now(g)
        if comp is None or self.done(g) or turn["station"]:
            return []
        spots = [hx for hx in g.station_hexes(comp)
                 if (g.free_seats(hx) and comp.tokens and comp.cash >= comp.tokens[0])
                 or (not g.free_seats(hx) and g._oc01_cost(comp) is not None
                     and comp.cash >= g._oc01_cost(comp))]
        if not spots:
            return []
        return [entry("build_station", comp.sym, cost=comp.tokens[0] if comp.tokens else 0,
                      params={"hex": C.choice("hex", spots),
                              "seat": C.number("count", 1, 4, optional=True)},
                      label=C.msg("act.build_station", "Build a station"))]


# what a later step's action does, in the revenue step's refusal
LATER = {"buy_train": "buys trains", "upgrade_train": "upgrades trains", "done": "ends its turn"}


class Revenue(OperatingStep):
    """RB §9.5: the trains' revenues (``run`` {revenues: one per train}), with the express
    rule: the step blocks until it is entered. A company without trains earns 0 and is not
    asked (reading "no_train_run" in data.READINGS): its dividend step takes the 0; a recorded
    0 run of such a company is still taken."""
    ACTIONS = ("run",)
    POSTS = {"run": {"revenues": "list:money"}}
    NAME = "run"

    def done(self, g):
        comp, turn = self.now(g)
        return comp is None or turn["revenue"] is not None or not comp.trains

    def blocks(self, g):
        return not self.done(g)

    def waiting(self, g, comp, kind):
        if kind == "dividend":
            err("no_revenue_yet", "Enter the trains' revenues ('run') before the dividend.")
        err("run_first", f"{comp.sym} calculates its revenue ('run') and decides the dividend "
            f"before it {LATER.get(kind, 'goes on')} (RB §9).")

    def process_run(self, g, action):
        comp, turn = self.turn(g, action)
        if comp.trains or turn["revenue"] is not None:
            self.passed(g, "run trains")
        g._run(comp, turn, action)

    def legal(self, g):
        comp, _turn = self.now(g)
        if comp is None or self.done(g):
            return []
        # RB §9.5: one revenue per train
        return [entry("run", comp.sym, params={"revenues": {
                     "kind": "list", "items": [C.train(str(t).split("-")[0]) for t in comp.trains],
                     "of": C.number("money", 0, D.MAX_TRAIN_REVENUE, 10)}},
                      label=C.msg("act.run", "Run the trains"), show=[trains_shown(comp.trains)])]


class Dividend(OperatingStep):
    """RB §9.6: pay out or withhold (``dividend`` {kind}); blocks the trains until decided."""
    ACTIONS = ("dividend",)
    POSTS = {"dividend": {"revenue": "money"}}
    NAME = "dividend"

    def done(self, g):
        comp, turn = self.now(g)
        return comp is None or turn["paid"]

    def blocks(self, g):
        return not self.done(g)

    def waiting(self, g, comp, kind):
        err("dividend_first", "Decide the dividend first.")

    def process_dividend(self, g, action):
        comp, turn = self.turn(g, action)
        self.passed(g, "decide the dividend")
        g._dividend(comp, turn, action)

    def legal(self, g):
        comp, turn = self.now(g)
        if comp is None:
            return []
        if not comp.trains and turn["revenue"] is None and not turn["home"]:
            # no train to run (RB §9.5): the dividend or hold of its 0 revenue is the step,
            # each choice saying where the price goes (§9.6)
            return [dividend_entry(comp.sym, 0, C.choice("text", ["payout", "withhold"],
                                                         no_train_choices(g, comp)))]
        if self.done(g) or turn["revenue"] is None:
            return []
        return [dividend_entry(comp.sym, turn["revenue"], worded("text", ["payout", "withhold"]))]


def dividend_entry(sym: str, revenue: int, kind: dict) -> dict:
    return entry("dividend", sym, revenue=revenue, params={"kind": kind},
                 label=C.msg("act.dividend", f"Dividend of ₩{revenue:,}",
                             revenue=C.money(revenue)))


def bankrupt_entry(pid: str) -> dict:
    return entry("bankrupt", pid, label=C.msg("act.bankrupt", "Declare bankruptcy"))


def done_entry(entity: str) -> dict:
    return entry("done", entity, label=C.msg("act.done", "Done"))


# RB §9.7: a train is bought from another company only where their stations share a city or
# a route not blocked joins them: the buyer says so (the one choice of ``connected``)
CONNECTED = C.msg("connected.yes", "Yes: their stations share a city or a route joins them")


def no_train_choices(g, comp) -> dict:
    """A trainless company's dividend choices (RB §9.6 with revenue 0): paying out 0 keeps
    the price (the token flips), holding moves it a space left."""
    now = g.price(comp.sym)
    left = g.market.price_after(comp.sym, "left")
    return {"payout": C.msg("dividend.no_train.payout", f"Pay out ₩0: the price stays ₩{now:,}",
                            price=now),
            "withhold": C.msg("dividend.no_train.withhold", f"Withhold ₩0: the price falls "
                              f"₩{now:,} → ₩{left:,}", old_price=now, price=left)
            if left != now else C.msg("dividend.no_train.withhold_stays",
                                      f"Withhold ₩0: the price stays ₩{now:,}", price=now)}


class BuyTrains(OperatingStep):
    """RB §9.7-9.8: trains from the market or another company (``buy_train``), OB09's upgrade
    (``upgrade_train``), and the end of the turn (``done``): the last step, open once the
    steps before it are done."""
    ACTIONS = ("buy_train", "upgrade_train", "done")
    POSTS = {"buy_train": {"source": "entity", "train": "train", "price": "money"},
             "upgrade_train": {"train": "train"}}
    NAME = "trains"

    def _process(self, g, action, procedure):
        comp, turn = self.turn(g, action)
        procedure(comp, turn, action)

    def process_buy_train(self, g, action):
        return self._process(g, action, g._buy_train)

    def process_upgrade_train(self, g, action):
        return self._process(g, action, g._upgrade_train)

    def process_done(self, g, action):
        return self._process(g, action, g._done)

    def legal(self, g):
        comp, turn = self.now(g)
        if comp is None or not turn["paid"]:
            return []
        sym, acts = comp.sym, []
        if len(comp.trains) < g.train_limit:
            head = g.market_head()
            price = g.train_price(comp, head)
            if comp.cash >= price or (not comp.trains and comp.cash + g.cash[comp.director] >= price):
                acts.append(entry("buy_train", sym, source="market", train=head, price=price,
                                  label=train_label(head)))
            if not g.final_set and not g.must_buy_from_market(comp):
                for other in g.live_companies():
                    if other.sym != sym and other.trains and comp.cash >= 1:
                        for t in sorted(set(other.trains)):
                            acts.append(entry(
                                "buy_train", sym, source=other.sym, train=t,
                                params={"price": C.number("money", 1, comp.cash),
                                        "connected": C.choice("text", [True], {True: CONNECTED})},
                                shared_city=bool(set(comp.stations) & set(other.stations)),
                                label=train_label(t)))
        if "OB09" in comp.assets:
            for old, new in D.OB09_UPGRADES.items():
                if old in comp.trains and g.market_head() == new and \
                        comp.cash >= max(0, g.train_price(comp, new) - D.TRAIN_PRICE[old]):
                    kind = str(old).split("-")[0]
                    acts.append(entry("upgrade_train", sym, train=old, label=C.msg(
                        "act.upgrade_train", f"Upgrade the {kind}-train", train=C.text(kind))))
        if comp.trains:
            acts.append(done_entry(sym))
        return acts


def train_label(train: str) -> dict:
    kind = str(train).split("-")[0]
    return C.msg("act.buy_train", f"Buy a {kind}-train", train=C.text(kind))


class NotOperating(OperatingStep):
    """Any other action in an operating round: the company's own is not one of its turn."""
    ACTIONS = ANY

    def take(self, g, action):
        self.refuse(g, action)        # the company's own, and not an action of its turn


# RB §9's order (the money raised for a forced purchase, part of the train step, first)
OPERATING_STEPS = (RaiseMoney, HomeStation, LayTrack, BuildStation, Revenue, Dividend, BuyTrains,
                   NotOperating)
# the steps of a turn by name, in order (``Korea18.turn_step``): home, track, station, run,
# dividend, trains; and the action types of a turn
TURN_STEPS = [cls.NAME for cls in OPERATING_STEPS if cls.NAME]
TURN_TYPES = {kind for cls in OPERATING_STEPS if cls is not NotOperating for kind in cls.ACTIONS}


class KoreaRound(Round):
    """A round of 18Korea: ``name`` (the book's round) and whose turn it is; the round is
    over when it is nobody's turn (``Korea18.next_round`` then says what comes next)."""

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)


class DraftRound(KoreaRound):
    """RB §6, §13: the draft of asset cards, once before the first stock round."""
    name = "draft"

    def turn_acting(self, g):
        pid, _ = g.draft_current()
        return [pid] if pid else []


class StockRound(KoreaRound):
    """RB §7: a stock round, until every player has passed in turn."""
    name = "stock"

    def turn_acting(self, g):
        return [] if g.sr_over() else g.sr_acting()


class OperatingRound(KoreaRound):
    """RB §9: an operating round, each company in turn; a director raising money for a
    forced train purchase acts beside the company (RB §9.8)."""
    name = "operating"

    def turn_acting(self, g):
        comp = g.current_company()
        if comp is None:
            return []
        em = g._emergency_state()
        if em and g.cash[em[1]] < em[2]:
            return [comp.sym, em[1]]
        return [comp.sym]
