"""18 Lilliput (Leonhard Orgler, Fox in the Box 2018), built from the Korean rules summary
``shared/seeds/004_4c3e4afa67471d8b.txt``.

A card 18xx for 1-4 players: a draft of starting companies and characters, then eight
rounds, each of (1) action cards drafted in the order 1-2-3-4-4-3-2-1, (2) train runs,
(3) bureaucracy. Modules by rule: ``data`` (tables, sources, provisional values),
``draft``, ``actions`` (cards, cash effects), ``track`` (cards, stations, the castle),
``trains`` (purchases, phases), ``shares``, ``runs`` (train runs, dividends),
``bureaucracy`` (the round's end, the game's end, scores),
``corrections``, ``book`` (what the phones show); ``base`` keeps the books.

From the 18xx core it uses ``Ledger``, ``StockMarket``, ``ShareBook``, ``Depot``, the
score rows and the ``Round`` of steps (``steps``: a draft round, then an action round and a run
round each round, their steps listed here as data, each action type a ``process_<type>``);
the core's stock and operating rounds do not fit. Events go out
through the one ``emit`` (``engine.events.Emitter``), refusals are raised (``GameError``) where they are found.

Actions (``entity`` a player id, or a company for ``run``):
  pick {pick, [home_tile]} · take_card {card, effect} · done · personal_cash {amount}
  · company_cash {company} · lay_track {company, pos, kind, exits, [slots]}
  · upgrade_track {company, pos, exits, [slots]} · castle {company, pos}
  · place_station {company, pos} · buy_train {company, train: deck | <train id>, [price],
  [return]} · sell_shares {company, count} · buy_share {company}
  · found_company {company, price, home, [pool_train]} · discard_train {train}
  · run {revenues, dividend: pay | withhold, [pool_train]} · character_note {character, text}
  · correction {kind, entity, reason, ...}
"""
from __future__ import annotations

from engine import contract as C
from engine.titles import TitleSpec
from engine.titles.title_18lilliput import data as D, setup_page
from engine.titles.title_18lilliput.actions import ActionsMixin
from engine.titles.title_18lilliput.base import Base
from engine.titles.title_18lilliput.book import BookMixin
from engine.titles.title_18lilliput.bureaucracy import BureaucracyMixin
from engine.titles.title_18lilliput.corrections import LilliputCorrections
from engine.titles.title_18lilliput.draft import DraftMixin
from engine.titles.title_18lilliput.runs import RunsMixin
from engine.titles.title_18lilliput.shares import SharesMixin
from engine.titles.title_18lilliput.steps import (ActionCards, ActionRound, CharacterNote,
                                                  Correction, DiscardFirst, DraftPick,
                                                  DraftRound, RunRound, TrainRuns)
from engine.titles.title_18lilliput.track import TrackMixin
from engine.titles.title_18lilliput.trains import TrainsMixin
from engine.core18xx.game import describer
from engine.core18xx.rounds import RoundByTurn
from engine.titles.title_18lilliput.words import WORDS

class Lilliput(Base, DraftMixin, ActionsMixin, TrackMixin, TrainsMixin, SharesMixin,
               RunsMixin, BureaucracyMixin, LilliputCorrections, BookMixin, RoundByTurn):
    # the rounds' steps (``steps.py``), on the core's machine; the character notes and the
    # corrections are taken at any time (``ANYTIME``), a train over the limit discarded first
    DRAFT_STEPS = (CharacterNote, Correction, DiscardFirst, DraftPick)
    ACTION_STEPS = (CharacterNote, Correction, DiscardFirst, ActionCards)
    RUN_STEPS = (CharacterNote, Correction, DiscardFirst, TrainRuns)
    # what its steps post that is a value of a type (``Step.POSTS``: the history line says
    # them so); each correction kind's is ``LilliputCorrections.CORRECTION_POSTS``
    POSTS = {"take_card": {"card": "company"}, "personal_cash": {"amount": "money"},
             **{kind: {"company": "company"} for kind in (
                 "company_cash", "lay_track", "upgrade_track", "castle", "place_station",
                 "buy_share")},
             "buy_train": {"company": "company", "train": "train", "price": "money"},
             "sell_shares": {"company": "company", "count": "count"},
             "found_company": {"company": "company", "price": "money"},
             "run": {"revenues": "list:money"}, "discard_train": {"train": "train"}}

    @classmethod
    def step_classes(cls) -> tuple:
        return cls.DRAFT_STEPS + cls.ACTION_STEPS + cls.RUN_STEPS

    def __init__(self, players, seed, options):
        self._init_books(players, seed, options)
        self._init_trains()
        self._init_draft()
        self.cards, self.taken, self.pending = [], {}, None
        self.action_order, self.action_index = [], 0
        self.run_order, self.run_index = [], 0
        self._events: list = []
        self.current_round = self.first_round()

    def __setstate__(self, state):
        # a snapshot of an older version kept one round for the whole game (``flow``) and
        # the part of it in ``step``: the round of that part, with the title's steps now
        step = state.pop("step", None)
        if state.pop("flow", None) is not None:
            rounds = {"draft": (DraftRound, self.DRAFT_STEPS),
                      "runs": (RunRound, self.RUN_STEPS)}
            cls, steps = rounds.get(step, (ActionRound, self.ACTION_STEPS))
            state["current_round"] = cls(self, steps)
        self.__dict__.update(state)

    # -- the order of the rounds -----------------------------------------------------------
    def first_round(self):
        return DraftRound(self, self.DRAFT_STEPS)

    def next_round(self) -> None:
        """The draft, then each round's action step and train runs; bureaucracy after the
        runs, and after the eighth round's the game is over."""
        if self.current_round.name == "runs":
            self.bureaucracy()
            if self.finished:
                return
        if self.current_round.name == "actions":
            self.start_runs()
            self.current_round = RunRound(self, self.RUN_STEPS)
        else:
            self.start_round()
            self.current_round = ActionRound(self, self.ACTION_STEPS)

    @property
    def step(self) -> str:
        """The part of the round the game is in, for the book: the round's name, or over."""
        return self.round_name()

    # -- the machine: every action goes to its round's steps (``steps.py``) -----------------
    def apply(self, action: dict) -> list:
        self._events = []
        self.current_round.apply(self, action)
        self._settle()
        self.keep_recent(self._events)
        return self._events

    # -- who acts --------------------------------------------------------------------------
    def legal_actions(self) -> list[dict]:
        if self.finished:
            return []
        return self.current_round.legal(self)


# A step's values in the title's own words (the core's words know 'payout', not 'pay', and
# read 'none' as 'no tile'): param -> the code prefix of the words of its values.
VALUE_WORDS = {"effect": "effect.", "dividend": "dividend.", "kind": "kind.",
               "card_kind": "kind.", "home_tile": "kind.", "colour": "colour.",
               "op": "train_op.", "pool_train": "", "return": ""}


def describe(action: dict, currency: str = "") -> dict:
    """A posted step as its history line: the core's, with the title's words for the values
    of its choices (an effect, a dividend, a kind of card, a pick of the draft)."""
    out = describer(Lilliput)(action, currency)
    for d in out["details"]:
        key = d["label"]["code"].removeprefix("param.")
        if d["label"]["code"] in WORDS:            # the field's name in words, never its key
            d["label"] = C.msg(d["label"]["code"], WORDS[d["label"]["code"]]["en"])
        v = action.get(key)
        if not isinstance(v, str):
            continue
        if key in ("pool_train", "return") and v in ("none", ""):
            d["value"] = C.text(C.msg("choice.no_train", "no train"))
        elif key in ("pool_train", "return"):
            d["value"] = C.train(v.rsplit("-", 1)[0])
        elif key in VALUE_WORDS:
            code = VALUE_WORDS[key] + v
            d["value"] = C.text(C.msg(code, WORDS.get(code, {}).get("en", v)))
        elif key in ("pos", "other"):
            d["value"] = C.value("hex", v)
        elif key == "card" and f"text.{v}" in WORDS:
            d["value"] = C.text(C.msg(f"text.{v}", WORDS[f"text.{v}"]["en"]))
        elif key == "pick" and v in D.CHARACTERS:
            d["value"] = C.text(C.msg("character." + v, D.CHARACTER_NAMES[v]))
    return out


def create(players, seed, options):
    return Lilliput(players, seed, options)


def _opt_number(name, default, lo, hi, label_en):
    return C.number("money" if "price" in name else "count", lo, hi, default=default,
                    label=C.msg("option." + name, label_en), note=C.msg(
                        "note.provisional", "provisional: printed on the cards"))


OPTIONS = {
    "track_order": C.choice(
        "text", list(D.TRACK_ORDERS), {k: C.msg("option.track_order." + k,
                                                WORDS["option.track_order." + k]["en"])
                                       for k in D.TRACK_ORDERS},
        default="yellow_green_brown",
        label=C.msg("option.track_order", "Order of the track colours"),
        rule=C.msg("option.track_order.rule", "The summary says 'yellow -> brown -> green' "
                   "(set-up 3, upgrades) but green from the first 3-train and brown from the "
                   "first 5-train (phases 3 and 5).")),
    "price_index": C.free_text(300, default=",".join(str(v) for v in D.PRICE_INDEX),
                               label=C.msg("option.price_index",
                                           "Share price index, lowest first"),
                               optional=True),
    "pool_refill": _opt_number("pool_refill", D.POOL_REFILL, 0, 6,
                               "Trains moved to the train pool each bureaucracy"),
}
for _t in D.TRAIN_TYPES:
    OPTIONS[f"train_{_t}_price"] = _opt_number(f"train_{_t}_price", D.TRAIN_PRICES[_t], 1, 5000,
                                               f"Price of a {_t}-train")
    OPTIONS[f"train_{_t}_count"] = _opt_number(f"train_{_t}_count", D.TRAIN_COUNTS[_t], 1, 30,
                                               f"Number of {_t}-trains")

OPTIONS = setup_page.annotate(OPTIONS)

TITLE = TitleSpec(
    id="18Lilliput", name="18 Lilliput", family="18xx", currency="£",
    describe=describe, min_players=1, max_players=4, create=create, options=OPTIONS,
    source="shared/seeds/004_4c3e4afa67471d8b.txt",
    words=("engine.words_common", "engine.core18xx.words",
           "engine.titles.title_18lilliput.words"),
)
