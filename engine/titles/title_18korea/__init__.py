"""18Korea (Rach Seo & K.jack, Artnpiece), built from its rulebook.

Modules by rule: ``data`` (tables and their sources, ``PROVISIONAL`` notes),
``draft`` (RB §6, §13), ``stock`` (RB §7), ``operating`` (RB §9), ``trains``
(RB §8, §9.7-9.11), ``war`` (RB §10), ``assets`` (RB §2.5, §16); ``base`` keeps
the books; ``corrections`` the kinds of correction on the core's machinery; ``steps`` and
``stock_steps`` the rounds' steps. This module joins them, takes the actions open at any
time and hands the others to the current round, says the order of the rounds, and provides
the view, the end and the scores. ``bot``
plays seeded random legal games; ``scenario`` drives a game to a position through ordinary
actions.

From the shared 18xx core it uses ``Ledger`` (all money; the bank is unlimited, so
it runs negative), ``StockMarket`` (one row: the stock track) and ``ShareBook``
(holdings in percent, presidency, certificate counts), and the core's ``Round`` of steps:
the core's own stock and operating steps do not fit 18Korea (director's-certificate
auctions with pass tokens, track points, eras from era cards, express trains, the war), so
its draft, stock and operating rounds list this title's steps (``steps.py``), and the
order of the rounds is said once here (``next_round``).

Actions (``entity`` is a player id "1".."5" or a company symbol):
  draft {card} · sell_shares {company, count} · buy_share {company, source: company|bank}
  · start_auction {company, bid} · bid {amount} · pass · done · par {price}
  · lay_tile {hex, tile, rotation, [color], [tp], [seat_first]} where ``hex`` is a named
    city ("Seoul") or the label read off the board; the first build on a label adds
    {side: N|S, hex_kind: plain|small|city, cost} · build_station {hex, [seat]}
  · run {revenues: [per train]} (also for a company without trains: []) · dividend {kind}
  · buy_train {source: market|<company>, [train], [price], [connected]} · upgrade_train {train} (OB09)
  · discard_train {train} · bankrupt · defector_station {hex} (OA09)
  Any time, any player: attach_asset {card, company} · trade_asset {card, to, price}
  · enter_asset {code, name, text} · replace_asset {card, new_card} · use_asset {card: OB02, hex}
  · correction {kind: cash|price|add_train|remove_train|depot|shares|station_token|hex, reason, ...}

legal_actions() gives phone forms: every field has ``choices`` (or ``choices_by`` another
field's value), a ``min``/``max``/``step`` range (``max_by`` another field), a ``list_of``
numbers of a given ``length``, or bounded free ``text`` (``max_length``, ``not_in``).
Rule readings settled against the rulebook are in ``data.READINGS``; those it leaves open are
table options (``readings.OPTIONS``), shown by ``readings()`` and in the view.
"""
from __future__ import annotations

import copy

from engine import contract as C
from engine.core18xx.game import describer
from engine.core18xx.entries import entry, seat_param
from engine.core18xx.rounds import RoundByTurn
from engine.titles import TitleSpec
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.assets import AssetMixin
from engine.titles.title_18korea.book import BookMixin
from engine.titles.title_18korea.corrections import KoreaCorrections
from engine.titles.title_18korea.base import Base, err
from engine.titles.title_18korea.draft import DraftMixin
from engine.titles.title_18korea.operating import OperatingMixin
from engine.titles.title_18korea.track import TrackMixin
from engine.titles.title_18korea.readings import OPTIONS, ReadingsMixin
from engine.titles.title_18korea.stock import StockMixin
from engine.titles.title_18korea.stock_steps import STOCK_STEPS
from engine.titles.title_18korea.steps import (OPERATING_STEPS, DraftRound, DraftTurn,
                                               OperatingRound, PendingDiscard, StockRound)
from engine.titles.title_18korea.trains import TrainMixin
from engine.titles.title_18korea.war import WarMixin

ANYTIME = {"attach_asset", "enter_asset", "replace_asset", "trade_asset", "correction"}


class Korea18(Base, BookMixin, ReadingsMixin, DraftMixin, StockMixin, OperatingMixin, TrackMixin,
              TrainMixin, WarMixin, AssetMixin, KoreaCorrections, RoundByTurn):
    # the rounds' steps (``steps.py``), on the core's machine: a company over its train limit
    # discards first (RB §8), then the round's own steps
    DRAFT_STEPS = (PendingDiscard, DraftTurn)
    STOCK_STEPS = (PendingDiscard,) + STOCK_STEPS
    OPERATING_STEPS = (PendingDiscard,) + OPERATING_STEPS
    # what the off-turn steps post (``Step.POSTS``; ``anytime_legal``); each correction kind's
    # is ``KoreaCorrections.CORRECTION_POSTS``
    POSTS = {"attach_asset": {"card": "company", "company": "company"},
             "trade_asset": {"card": "company", "to": "entity", "price": "money"},
             "replace_asset": {"card": "company", "new_card": "company"},
             "use_asset": {"card": "company", "hex": "hex"}, "defector_station": {"hex": "hex"}}

    @classmethod
    def step_classes(cls) -> tuple:
        return cls.DRAFT_STEPS + cls.STOCK_STEPS[1:] + cls.OPERATING_STEPS[1:]

    def __init__(self, players, seed, options):
        self._events: list = []                # this action's events (``emit``)
        self._init_books(players, seed, options)
        self.set_no = 0
        self.or_no = 0
        self.or_total = 0
        self.ors = {"done": [], "turn": None}
        self.sr = None
        self._init_draft()
        self.current_round = DraftRound(self, self.DRAFT_STEPS)

    def __setstate__(self, state):
        # a snapshot of an older version kept one round for the whole game (``flow``) and the
        # round's name in ``round``: the round of that name, with the title's steps now
        name = state.pop("round", None)
        old = state.pop("flow", None) is not None
        self.__dict__.update(state)
        if old:
            rounds = {"draft": (DraftRound, self.DRAFT_STEPS),
                      "stock": (StockRound, self.STOCK_STEPS)}
            cls, steps = rounds.get(name, (OperatingRound, self.OPERATING_STEPS))
            self.current_round = cls(self, steps)

    # -- the order of the rounds (RB §4) ----------------------------------------------------
    def next_round(self) -> None:
        """RB §4: the draft, then the first stock round in seat order; after a stock round a
        set of two operating rounds; after each operating round its end (``end_or``: the
        end of the game triggered in it, RB §11 b); after the set's second the export, the
        war and the next stock round (``end_set``), or the end after the final set (RB §11 c)."""
        name = self.current_round.name
        if name == "operating":
            self.end_or()
            if self.finished:
                return
            if self.or_no < 2:
                self.current_round = OperatingRound(self, self.OPERATING_STEPS)
                return self.start_or()
            if self.final_set:
                return self.finish("8E_final_set")
            order = self.end_set()
        elif name == "draft":
            order = list(self.seating)
        else:
            self.current_round = OperatingRound(self, self.OPERATING_STEPS)
            return self.start_operating_set()
        self.current_round = StockRound(self, self.STOCK_STEPS)
        self.start_stock_round(order)

    @property
    def round(self) -> str:
        """The round the game is in, for the book: the round's name, or over."""
        return self.round_name()

    # ---------------------------------------------------------------- protocol
    def apply(self, action: dict):
        self._events = []
        kind = action.get("type")
        if kind in ANYTIME:
            {"attach_asset": self.act_attach_asset, "enter_asset": self.act_enter_asset,
             "replace_asset": self.act_replace_asset, "trade_asset": self.act_trade_asset,
             "correction": self.correction}[kind](action)
        elif kind == "use_asset":
            self.act_use_asset(action)
        elif kind == "defector_station":
            comp = self.company(action.get("entity"))
            self.defector_station(comp, action)
        elif self.finished:
            err("game_over", "The game is over.")
        else:
            self.current_round.apply(self, action)   # the rounds: the core's machine (steps.py)
            self._settle()
        events, self._events = self._events, []
        return events

    def legal_actions(self) -> list[dict]:
        if self.finished:
            return []
        acts = self.current_round.legal(self)
        if not self.pending_discards:
            acts += self.anytime_legal()
        return acts

    def anytime_legal(self) -> list[dict]:
        """Off-turn actions, open at any time (RB §2.5: assets "even if it's not his turn"):
        every field typed, with choices or ranges, so a phone can post them for anyone."""
        acts = []
        if self.war == "done":
            south_cities = self.big_cities("S")
            for comp in self.live_companies():
                spots = [h for h in south_cities if not self.company_has_station(comp.sym, h)]
                if comp.defector_tokens and spots:
                    acts.append(entry("defector_station", comp.sym, anytime=True,
                                      params={"hex": C.choice("hex", spots)},
                                      label=C.msg("act.defector_station",
                                                  "Place the defector's station")))
        else:
            north_cities = self.big_cities("N")
            for comp in self.live_companies():
                if "OB02" in comp.assets and not getattr(comp, "spy_used", False):
                    acts.append(entry("use_asset", comp.sym, card="OB02", anytime=True,
                                      params={"hex": C.choice("hex", north_cities)},
                                      label=C.msg("act.use_asset", "Use OB02",
                                                  card=C.company("OB02")),
                                      about=C.company("OB02")))
        for pid, hand in self.hands.items():
            targets = [c.sym for c in self.live_companies()
                       if c.director == pid and c.row in ("north_pre", "south_pre")]
            others = [p for p in self.seating if p != pid]
            for card in hand:
                if targets:
                    acts.append(entry("attach_asset", pid, card=card, anytime=True,
                                      params={"company": C.choice("company", targets)},
                                      label=C.msg("act.attach_asset", f"Attach {card}",
                                                  card=C.company(card)),
                                      about=C.company(card)))
                # the price is what the buyer can pay: its range depends on the buyer chosen
                if self.draft_on() or self._auction_open():
                    continue
                acts.append(entry("trade_asset", pid, card=card, anytime=True,
                                  params={"to": C.choice("entity", others),
                                          "price": C.number("money", 0, max(self.cash[p] for p in others),
                                                            max_by={"field": "to", "map": {
                                                                p: self.cash[p] for p in others}})},
                                  label=C.msg("act.trade_asset", f"Trade {card}",
                                              card=C.company(card)),
                                  about=C.company(card)))
        # the physical card differs from the drawn one: any player swaps its code for the
        # card's own, of the same tier
        in_play = set(self.asset_owner) | {c for b in self.draft.get("batches", []) for c in b}
        for card in sorted(c for c in in_play if D.asset_tier(c)):
            tier = D.asset_tier(card)
            acts.append(entry("replace_asset", card=card, anytime=True, params={
                "entity": seat_param(self.seating),
                "new_card": C.free_text(6, pattern=f"^O{tier}[0-9]{{1,3}}$", example=f"O{tier}12",
                                        normalise="upper")},
                label=C.msg("act.replace_asset", f"Replace {card}", card=C.company(card)),
                about=C.company(card)))
        for pid in self.seating:
            acts.append(entry("enter_asset", pid, anytime=True, params={
                "code": C.free_text(6, pattern="^O[ABC][0-9]{1,3}$", example="OA12"),
                "name": C.free_text(60, optional=True),
                "text": C.free_text(500)},
                label=C.msg("act.enter_asset", "Enter an asset card")))
        return acts + self.correction_legal()

    def _auction_open(self) -> bool:
        return bool(self.sr and (self.sr["auction"] or self.sr["par"]))

    # -- the score (the core's ``Scores``; RB §10/§11): cash plus shares at price; company
    # cash and asset cards not counted
    def score_players(self) -> list[str]:
        return list(self.player_ids)

    def scored_companies(self) -> list[str]:
        return list(self.sharebook.held)

    def finish(self, reason):
        self.finished = True
        self.game_end_reason = reason
        scores = self.result()
        ranking = sorted(scores.items(), key=lambda kv: -kv[1])
        words = {"bankruptcy": "a player went bankrupt", "8E_final_set": "the final set after the first "
                 "8E-train is over", "OA01": "OA01 Miracle on the Han River"}
        why = words.get(reason) or (f"a share price reached {reason.split('_')[1]}"
                                    if reason.startswith("price_") else reason)
        self.emit("game_over", f"Game over ({why}). Scores: " +
                ", ".join(f"{self.pname(p)} ₩{s:,}" for p, s in ranking) + ".",
                reason=reason, scores=scores,
                standings=C.standings(scores, self.pname, lambda v: f"₩{v:,}"))

    def setup_instructions(self) -> list[str]:
        """RB §3, from this game's seed: what to lay out on the table."""
        c = self.companies
        red = [f"{sym} ({c[sym].home_city})" for row in ("north_pre", "south_pre") for sym in self.rows[row]]
        blue = [f"{sym} ({c[sym].home_city})" for sym in self.rows["south_post"]]
        batches = self.draft["batches"]
        first = batches[0] if self.draft_on() and self.draft_current()[1] == 0 else []
        return [
            "Seating and first stock round order: " + ", ".join(self.pname(p) for p in self.seating) + ".",
            f"Each player takes ₩{D.STARTING_CASH[self.n]:,}.",
            "North Korean pre-war row: " + ", ".join(self.rows["north_pre"]) + ".",
            "South Korean pre-war row: " + ", ".join(self.rows["south_pre"]) + ".",
            "South Korean post-war row: " + ", ".join(self.rows["south_post"]) + ".",
            "Red cubes on the start cities: " + ", ".join(red) + ".",
            "Blue cubes on the start cities: " + ", ".join(blue) + ".",
            "Train market: 2 (unlimited, first OR only), 3 ×8, 4 ×4 with the Korean War card in front "
            "of the last 4, 5E ×4, 6E ×4, 8E (unlimited); the yellow era card on the era space.",
        ] + (["Asset cards face up: " + ", ".join(first) + "."] if first else [])

    # ---------------------------------------------------------------- view
    def view(self) -> dict:
        return copy.deepcopy(self._view())

    def _view(self) -> dict:
        comps = {}
        for sym, c in self.companies.items():
            comps[sym] = {
                "name": c.name, "side": "North" if c.side == "N" else "South", "row": c.row,
                "home": c.home, "home_city": c.home_city, "founded": c.founded, "closed": c.closed,
                "director": c.director, "treasury": c.cash, "trains": list(c.trains),
                "stations": list(c.stations), "station_tokens_left": list(c.tokens),
                "card_station_tokens": dict(c.card_tokens),
                "price": self.price(sym) if sym in self.price_idx else None, "par": c.par,
                "flipped": sym in self.flipped, "shares_in_company": self.units(sym, "company") * 10,
                "shares_in_bank": self.units(sym, "pool") * 10, "assets": list(c.assets),
                "last_revenue": c.last_revenue, "operated": c.operated,
            }
        players = {}
        for pid in self.seating:
            players[pid] = {
                "name": self.names[pid], "cash": self.cash[pid],
                "shares": {sym: book[pid] * 10 for sym, book in self.shares.items() if book.get(pid)},
                "director_of": [s for s, c in self.companies.items() if c.director == pid and not c.closed],
                "certificates": self.certs(pid), "cert_limit": self.cert_limit(),
                "assets": [{"code": a, **self.asset_info(a)} for a in self.hands[pid]],
            }
        market = [{"price": p, "companies": list(self.market.stacks.get((0, i), []))}
                  for i, p in enumerate(D.MARKET)]
        return {
            "bank": {"unlimited": True, "net": self.bank},
            "seating": list(self.seating),
            "players_books": players,
            "companies": comps,
            "ipo_rows": {row: list(syms) for row, syms in self.rows.items()},
            "market": market,
            "round": self.round_view(),
            "train_market": {t: ("unlimited" if n is None else n) for t, n in self.depot.items()},
            "next_train": self.next_train_triggers(),
            "era": self.era, "train_limit": self.train_limit, "rusted": sorted(self.rusted),
            "war": self.war, "pending_discards": list(self.pending_discards),
            "end": {"after_this_or": self.end_after_or, "first_8e_set": self.eight_e_set,
                    "last_stock_round": self.last_sr, "final_set": self.final_set,
                    # RB §11 c / §8: the table's reading of the 8E trigger (readings.OPTIONS)
                    "8e_trigger": self.readings_view()["game_end_8e"]["text"]},
            # every hex the book knows: named cities and the board labels entered so far, with
            # their facts (side, kind, printed cost, source, what is provisional) and state
            # (``view`` deep-copies the whole result once)
            "map": {hx: {**info, **(self.hexes.get(hx) or {
                "tile": None, "color": "none", "rotation": 0,
                "seats": [None] * self.seats_for(hx, "none"), "outer": []})}
                for hx, info in sorted(self.map.items(), key=lambda kv: kv[0].upper())},
            "setup": self.setup_instructions(),
            "provisional": dict(D.PROVISIONAL),
            # settled readings (text) and the table's chosen ones ({value, text, rule})
            "readings": {**D.READINGS, **self.readings_view()},
            "asset_cards": {code: self.asset_info(code) for code in sorted(self.asset_owner)},
            "corrections": list(self.corrections),
            "scores": self.result(),
            **({"score_breakdown": self.score_breakdown()} if self.finished else {}),
        }


def create(players, seed, options):
    return Korea18(players, seed, options)


TITLE = TitleSpec(
    id="18Korea", name="18Korea", family="18xx", currency="₩", describe=describer(Korea18), min_players=2, max_players=5,
    create=create, options=OPTIONS,
    source="18Korea rulebook (Rach Seo & K.jack, Artnpiece); public data sheet for values it leaves out",
    words=("engine.core18xx.words", "engine.titles.title_18korea.words"),
)
