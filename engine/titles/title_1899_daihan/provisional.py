"""Four provisional values the table sets at set-up and corrects in play (issue 13: "a value
found nowhere is provisional in the title's data, says so in the book, and the table can
correct it in play").

- ``corporation_names`` (set-up ``DR=Daihan Railway, ...``; in play the ``corporation_name``
  correction {corporation, name}): only shown, so a correction takes effect at once;
- ``three_train_rust`` (set-up: a phase 4, 5, 6 or D; in play the ``three_train_rust``
  correction {phase}): the phase whose first train rusts the 3-trains, corrected only
  before that phase (and the one it replaces) begins;
- ``ors_per_phase`` (set-up ``1,2,2,3,3,3`` for phases 2, 3, 4, 5, 6, D; in play the
  ``ors_per_phase`` correction {phase, count}): counted when a set of operating rounds
  starts, so a correction counts from the next set (the current set keeps its number);
- ``d_bump`` (set-up ``1,2,3``: the spaces for a D bought wholly from the treasury in OR 1,
  2, 3, a later OR as the last; in play the ``d_bump`` correction {operating_round,
  spaces}): read when a D is bought.

The book's "provisional" section shows each value now, marked provisional or, where the
table changed it, with the data's value beside it.
"""
from __future__ import annotations

import re

from engine import contract as C
from engine.core18xx.corrections import CorrectionsMixin
from engine.core18xx.entries import entry, seat_param
from engine.errors import GameError
from engine.titles.title_1899_daihan import data as D

PHASE_NAMES = [p["name"] for p in D.PHASES]
RUST_PHASES = PHASE_NAMES[PHASE_NAMES.index("3") + 1:]     # a 3 rusts at a later phase
MAX_ORS = 4                                                # operating rounds in a set
BUMP_SPACES = (1, 3)                                       # R §7-7-1: "1-3 spaces"
NAME_LENGTH = 40

ORS_PATTERN = r"^[1-%d](,[1-%d]){%d}$" % (MAX_ORS, MAX_ORS, len(PHASE_NAMES) - 1)
BUMP_PATTERN = r"^[1-3](,[1-3]){0,%d}$" % (MAX_ORS - 1)
DEFAULT_NAMES = {c["sym"]: c["name"] for c in D.CORPORATIONS}
NAMES_TEXT = ", ".join(f"{s}={n}" for s, n in DEFAULT_NAMES.items())
DEFAULT_RUST = next(t["rusts_on"] for t in D.TRAINS if t["name"] == "3")
DEFAULT_ORS = {p["name"]: p["operating_rounds"] for p in D.PHASES}
ORS_TEXT = ",".join(str(DEFAULT_ORS[n]) for n in PHASE_NAMES)
BUMP_TEXT = ",".join(str(D.D_BUMP_BY_OR[n]) for n in sorted(D.D_BUMP_BY_OR))


def _bad(option: str, message: str, **params) -> GameError:
    return GameError("bad_option", message, option=option, **params)


def parse_names(text) -> dict[str, str]:
    """'DR=Daihan Railway, GR=...': the companies' names as printed on the charters (the
    companies not named keep the data's names)."""
    if not text:
        return {}
    out = {}
    for part in text.split(","):
        sym, _, name = part.partition("=")
        sym, name = sym.strip(), " ".join(name.split())
        if sym not in DEFAULT_NAMES or not name or len(name) > NAME_LENGTH or sym in out:
            raise _bad("corporation_names", "Names are 'DR=Daihan Railway, GR=Gyeongbu "
                       "Railway, ...': each company once "
                       f"({', '.join(DEFAULT_NAMES)}) and its name (at most "
                       f"{NAME_LENGTH} characters).", value=text)
        out[sym] = name
    full = {**DEFAULT_NAMES, **out}
    if len(set(full.values())) != len(full):
        raise _bad("corporation_names", "Two companies cannot have the same name.",
                   value=text)
    return out


def parse_ors(text) -> dict[str, int]:
    """'1,2,2,3,3,3': the operating rounds per set in phases 2, 3, 4, 5, 6, D."""
    if text in (None, ""):
        return dict(DEFAULT_ORS)
    if not isinstance(text, str) or not re.match(ORS_PATTERN, text.replace(" ", "")):
        raise _bad("ors_per_phase", "Operating rounds per set are six whole numbers from 1 "
                   f"to {MAX_ORS}, one per phase (2, 3, 4, 5, 6, D), e.g. {ORS_TEXT}.",
                   value=text)
    return dict(zip(PHASE_NAMES, (int(x) for x in text.replace(" ", "").split(","))))


def parse_bump(text) -> list[int]:
    """'1,2,3': the spaces a D bought from the treasury moves in OR 1, 2, 3 (a later OR
    moves as the last)."""
    if text in (None, ""):
        return [D.D_BUMP_BY_OR[n] for n in sorted(D.D_BUMP_BY_OR)]
    if not isinstance(text, str) or not re.match(BUMP_PATTERN, text.replace(" ", "")):
        raise _bad("d_bump", "The D bump is one number of spaces (1 to 3) for each "
                   f"operating round of a set, OR 1 first, at most {MAX_ORS}, e.g. "
                   f"{BUMP_TEXT}.", value=text)
    return [int(x) for x in text.replace(" ", "").split(",")]


def check_options(options: dict) -> None:
    """Refuse (``bad_option``) a set-up value these four options cannot be."""
    parse_names(options.get("corporation_names"))
    parse_ors(options.get("ors_per_phase"))
    parse_bump(options.get("d_bump"))
    rust = options.get("three_train_rust", DEFAULT_RUST)
    if rust not in RUST_PHASES:
        raise _bad("three_train_rust", f"3-trains rust at phase {', '.join(RUST_PHASES)}.",
                   value=rust)


def _provisional(code: str, english: str) -> dict:
    return C.msg(f"note.{code}", english)


OPTIONS = {
    "corporation_names": C.free_text(
        400, default=NAMES_TEXT, optional=True,
        label=C.msg("option.corporation_names", "Names of the companies"),
        note=_provisional("provisional_names", "provisional: two sources disagree")),
    "three_train_rust": C.choice(
        "text", RUST_PHASES,
        {n: C.msg(f"option.rust_at_phase_{n}", f"when phase {n} begins")   # set-up words
         for n in RUST_PHASES}, default=DEFAULT_RUST,
        label=C.msg("option.three_train_rust", "3-trains rust"),
        rule=_provisional("provisional_rust", "provisional: the rulebook does not say when "
                          "3-trains rust (a fan-made reconstruction says phase 5)")),
    "ors_per_phase": C.free_text(
        40, default=ORS_TEXT, optional=True, pattern=ORS_PATTERN, example=ORS_TEXT,
        label=C.msg("option.ors_per_phase",
                    "Operating rounds per set in phases 2, 3, 4, 5, 6, D"),
        note=_provisional("provisional_box", "provisional: check your box")),
    "d_bump": C.free_text(
        20, default=BUMP_TEXT, optional=True, pattern=BUMP_PATTERN, example=BUMP_TEXT,
        label=C.msg("option.d_bump", "Spaces a D bought from the treasury moves the price "
                    "in OR 1, 2, 3"),
        note=_provisional("provisional_box", "provisional: check your box")),
}


def _whole(action: dict, name: str, lo: int, hi: int) -> int:
    v = action.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameError("bad_correction", f"{name!r} is a whole number from {lo} to {hi}.",
                        field=name, min=lo, max=hi, value=v)
    return v


class ProvisionalMixin:
    """The four values as the game's own state, their corrections and their book items."""

    def setup_provisional(self) -> None:
        opts = self.options
        for sym, name in parse_names(opts.get("corporation_names")).items():
            self.corp_spec[sym]["name"] = name
        ors = parse_ors(opts.get("ors_per_phase"))
        self.PHASES = [dict(p, operating_rounds=ors[p["name"]]) for p in D.PHASES]
        self.d_bump = parse_bump(opts.get("d_bump"))
        rust = opts.get("three_train_rust") or DEFAULT_RUST
        self.depot.specs["3"] = dict(self.depot.specs["3"], rusts_on=rust)

    # -- the values now ----------------------------------------------------------------------
    def corporation_name(self, corp: str) -> str:
        return self.corp_spec[corp]["name"]

    def three_train_rust(self) -> str:
        return self.depot.specs["3"]["rusts_on"]

    def ors_per_phase(self) -> dict[str, int]:
        return {p["name"]: p["operating_rounds"] for p in self.PHASES}

    def d_bump_spaces(self, or_number: int) -> int:
        """The spaces a D bought wholly from the treasury moves the price in this OR."""
        return self.d_bump[min(max(or_number, 1), len(self.d_bump)) - 1]

    def provisional_now(self) -> dict:
        return {"corporation_names": {s: self.corporation_name(s) for s in self.corp_spec},
                "three_train_rust": self.three_train_rust(),
                "ors_per_phase": self.ors_per_phase(),
                "d_bump": {str(i + 1): n for i, n in enumerate(self.d_bump)}}

    # -- corrections ---------------------------------------------------------------------------
    def rust_phases_open(self) -> list[str]:
        """The phases 3-trains may be set to rust at: not begun, nor their train sold; none
        once the phase they rust at now has begun."""
        def begun(name):
            return PHASE_NAMES.index(name) <= self.phase_index or name in self.kinds_seen
        if begun(self.three_train_rust()):
            return []
        return [n for n in RUST_PHASES if not begun(n)]

    def _fix_corporation_name(self, action, reason):
        corp = action.get("corporation")
        if corp not in self.corp_spec:
            raise GameError("bad_correction", f"There is no company {corp!r}.",
                            corporation=corp)
        name = action.get("name")
        name = " ".join(name.split()) if isinstance(name, str) else ""
        if not name or len(name) > NAME_LENGTH:
            raise GameError("bad_correction", f"A company's name is 1 to {NAME_LENGTH} "
                            "characters.", field="name")
        if any(s != corp and spec["name"].casefold() == name.casefold()
               for s, spec in self.corp_spec.items()):
            raise GameError("name_taken", f"Another company is named {name}.", name=name)
        old = self.corp_spec[corp]["name"]
        self.corp_spec[corp]["name"] = name
        self._fix(f"{corp} is named {name} (was {old})", reason, kind="corporation_name",
                  by=action["entity"], corporation=corp, name=name, old_name=old)

    def _fix_three_train_rust(self, action, reason):
        phase = action.get("phase")
        if phase not in RUST_PHASES:
            raise GameError("bad_correction", "3-trains rust at phase "
                            f"{', '.join(RUST_PHASES)}.", phase=phase)
        open_ = self.rust_phases_open()
        if phase not in open_:
            raise GameError("rust_phase_begun", "The 3-trains' rust is corrected only before "
                            "the phase they rust at (now and as corrected) begins: "
                            f"{', '.join(open_) or 'too late now'}.", phase=phase,
                            allowed=open_)
        old = self.three_train_rust()
        self.depot.specs["3"] = dict(self.depot.specs["3"], rusts_on=phase)
        self._fix(f"3-trains rust when phase {phase} begins (was {old})", reason,
                  kind="three_train_rust", by=action["entity"], phase=phase, old_phase=old)

    def _fix_ors_per_phase(self, action, reason):
        phase = action.get("phase")
        if phase not in PHASE_NAMES:
            raise GameError("bad_correction", f"The phases are {', '.join(PHASE_NAMES)}.",
                            phase=phase)
        count = _whole(action, "count", 1, MAX_ORS)
        i = PHASE_NAMES.index(phase)
        old = self.PHASES[i]["operating_rounds"]
        self.PHASES = [dict(p, operating_rounds=count) if j == i else p
                       for j, p in enumerate(self.PHASES)]
        self._fix(f"{count} operating round(s) per set in phase {phase} (was {old}), "
                  "from the next set", reason, kind="ors_per_phase", by=action["entity"],
                  phase=phase, count=count, old_count=old)

    def _fix_d_bump(self, action, reason):
        n = _whole(action, "operating_round", 1, MAX_ORS)
        spaces = _whole(action, "spaces", *BUMP_SPACES)
        old = self.d_bump_spaces(n)
        bump = list(self.d_bump)
        while len(bump) < n:
            bump.append(bump[-1])             # the ORs between keep what they moved
        bump[n - 1] = spaces
        self.d_bump = bump
        self._fix(f"a D bought from the treasury in OR {n} moves {spaces} space(s) "
                  f"(was {old})", reason, kind="d_bump", by=action["entity"],
                  operating_round=n, spaces=spaces, old_spaces=old)

    CORRECTION_POSTS = {**CorrectionsMixin.CORRECTION_POSTS,
                        "corporation_name": {"corporation": "company"},
                        "ors_per_phase": {"count": "count"}}
    CORRECTIONS = {**CorrectionsMixin.CORRECTIONS,
                   "corporation_name": _fix_corporation_name,
                   "three_train_rust": _fix_three_train_rust,
                   "ors_per_phase": _fix_ors_per_phase, "d_bump": _fix_d_bump}

    def correction_legal(self) -> list[dict]:
        out = super().correction_legal()
        seated = [p for p in self.players if p not in self.bankrupt]
        reason = C.free_text(200)

        def form(kind, english, **params):
            out.append(entry("correction", kind=kind, anytime=True,
                             label=C.msg(f"act.correction.{kind}", english),
                             params={"entity": seat_param(seated), **params,
                                     "reason": reason}))
        corps = list(self.corp_spec)
        form("corporation_name", "Correct a company's name",
             corporation=C.choice("company", corps, label=C.msg("param.corporation",
                                                                "Corporation")),
             name=C.free_text(NAME_LENGTH, label=C.msg("param.charter_name", "Name on the charter")))
        open_ = self.rust_phases_open()
        if open_:
            form("three_train_rust", "Correct when 3-trains rust",
                 phase=C.choice("text", open_, label=C.msg("param.rust_phase",
                                                           "Rust when phase begins"),
                                default=open_[0]))
        form("ors_per_phase", "Correct the operating rounds per set",
             phase=C.choice("text", list(PHASE_NAMES), default=self.phase["name"],
                            label=C.msg("param.phase", "Phase")),
             count=C.number("count", 1, MAX_ORS, 1, default=self.phase["operating_rounds"],
                            label=C.msg("param.ors_count",
                                        "Operating rounds per set (from the next set)")))
        form("d_bump", "Correct the D-train's price move",
             operating_round=C.number("count", 1, MAX_ORS, 1, default=1,
                                      label=C.msg("param.operating_round",
                                                  "Operating round of the set")),
             spaces=C.number("count", *BUMP_SPACES, 1, default=self.d_bump_spaces(1),
                             label=C.msg("param.spaces", "Spaces to the right")))
        return out

    # -- the book ------------------------------------------------------------------------------
    def _now_item(self, key, label_en, value, default_text, changed):
        """(label, value now): marked provisional, or the table's with the data's beside."""
        note = C.msg("book.provisional", "provisional") if not changed else \
            C.msg("book.table_value", "the table's value (the data's: %(default)s)",
                  default=default_text)
        return (C.msg(f"book.now.{key}", label_en), C.value(value["t"], value["v"],
                                                             note=note))

    def _provisional_now_items(self) -> list:
        names = {s: self.corporation_name(s) for s in self.corp_spec}
        changed = [s for s in names if names[s] != DEFAULT_NAMES.get(s)]
        ors = self.ors_per_phase()
        rust = self.three_train_rust()
        bump = list(self.d_bump)
        return [
            self._now_item("corporation_names", "Company names",
                           C.value("list", [C.company(s, name=n) for s, n in names.items()]),
                           ", ".join(f"{s} {DEFAULT_NAMES[s]}" for s in changed),
                           bool(changed)),
            self._now_item("three_train_rust", "3-trains rust",
                           C.text(C.msg("book.rust_at_phase", "when phase %(phase)s begins",
                                        phase=rust)), DEFAULT_RUST, rust != DEFAULT_RUST),
            self._now_item("ors_per_phase", "Operating rounds per set",
                           C.value("list", [C.text(C.msg(
                               "book.ors_in_phase", "phase %(phase)s: %(count)s",
                               phase=n, count=ors[n])) for n in PHASE_NAMES]),
                           "/".join(str(DEFAULT_ORS[n]) for n in PHASE_NAMES),
                           ors != DEFAULT_ORS),
            self._now_item("d_bump", "A D bought from the treasury moves the price",
                           C.value("list", [C.text(C.msg(
                               "book.bump_in_or", "OR %(operating_round)s: %(spaces)s "
                               "space(s)", operating_round=(str(i + 1) if i + 1 < len(bump)
                                                            else f"{i + 1}+"),
                               spaces=n)) for i, n in enumerate(bump)]),
                           "/".join(BUMP_TEXT.split(",")), bump != parse_bump(None)),
        ]

    def _provisional_facts(self):
        section = super()._provisional_facts()
        now = [{"label": label, "value": v} for label, v in self._provisional_now_items()]
        section["items"] = now + section["items"]
        return section
