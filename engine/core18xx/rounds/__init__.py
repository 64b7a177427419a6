"""The rounds of an 18xx game: ``auction``, ``stock``, ``operating``; each is an ordered
list of steps (``engine.core18xx.steps``) and the state its steps share. The game state lives
in :class:`engine.core18xx.game.Core18xx`, which every method receives as ``g``. A round offers
``apply(g, action)``, ``legal(g)``, ``acting(g)``, ``view(g)`` and ``finished``.

``Round`` (here): ``apply`` walks the steps in order: the first step whose
``actions(g, entity)`` has the action's type takes it, unless a step before it blocks (the
round waits on that one: it refuses the action). The taking step is asked whether the entity
may act (``may_act``; else "not your turn"), then its ``process_<type>`` runs (or its ``take``
for a step that takes types of the game's choosing; what it returns, ``apply`` returns). No step takes the type: ``no_step`` refuses it. ``legal`` is the
steps' entries in order, up to and including the first step that blocks, then the entries of
the steps taken at any time (``Step.ANYTIME``), whatever blocks; ``acting`` is who
that step waits on, or the round's own turn (``turn_acting``).

A round class sets ``name``; the steps come from the game (``Core18xx.AUCTION_STEPS``,
``STOCK_STEPS``, ``OPERATING_STEPS``: tuples of step classes a title lists, adds to, replaces
or reorders).
"""
from __future__ import annotations

import importlib

from engine.core18xx.steps.base import Step
from engine.errors import GameError

# Per list of step classes, what ``apply`` and ``acting`` need to look at (a plan; never
# pickled): the first step taking each type by its ``ACTIONS``, the steps whose ``actions`` or
# ``blocks`` depend on the game (asked in order), and those that say who acts while they block.
_PLANS: dict[tuple, tuple] = {}


def _plan(classes: tuple) -> tuple:
    """(take {type: (index, method name)}, asked ((index, BLOCKS_WHILE or None), ..), interrupts (same),
    starters (indexes of the steps with a ``start``), anytime (indexes of the ``ANYTIME`` steps))."""
    take: dict[str, int] = {}
    asked, interrupts, starters = [], [], []
    anytime = tuple(i for i, cls in enumerate(classes) if cls.ANYTIME)
    for i, cls in enumerate(classes):
        guarded = cls.BLOCKS_WHILE is not None and cls.actions is Step.actions \
            and cls.blocks is Step.blocks
        dynamic_actions = cls.actions is not Step.actions or guarded
        if not dynamic_actions:
            for kind in cls.ACTIONS:
                take.setdefault(kind, (i, "process_" + kind))
        if dynamic_actions or cls.blocks is not Step.blocks:
            asked.append((i, cls.BLOCKS_WHILE if guarded else None))
        if cls.acting is not Step.acting:
            interrupts.append((i, cls.BLOCKS_WHILE if guarded else None))
        if cls.start is not Step.start:
            starters.append(i)
    plan = _PLANS[classes] = (take, tuple(asked), tuple(interrupts), tuple(starters), anytime)
    return plan


# A step's class by "module:qualname" and back: a round pickles its steps as (name, state), so
# a snapshot names each step class as text instead of saving (and checking) a class reference.
_NAMES: dict[type, str] = {}
_CLASSES: dict[str, type] = {}


def _name(cls: type) -> str:
    name = _NAMES.get(cls)
    if name is None:
        name = _NAMES[cls] = f"{cls.__module__}:{cls.__qualname__}"
        _CLASSES[name] = cls
    return name


def _class(name: str) -> type:
    cls = _CLASSES.get(name)
    if cls is None:
        module, _, qualname = name.partition(":")
        cls = importlib.import_module(module)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        _CLASSES[name] = cls
    return cls


class Round:
    name = ""
    finished = False
    _plan = None             # this round's plan (see ``_plan``), kept out of the pickles

    def __getstate__(self):
        state = self.__dict__.copy()
        state.pop("_plan", None)
        del state["step_classes"]
        state["steps"] = [(_name(type(s)), s.__dict__) for s in self.steps]
        return state

    def __setstate__(self, state):
        steps = []
        for name, step_state in state.pop("steps"):
            cls = _class(name)
            step = cls.__new__(cls)
            step.__dict__.update(step_state)
            steps.append(step)
        self.__dict__.update(state)
        self.steps = steps
        self.step_classes = tuple(type(s) for s in steps)

    def plan(self) -> tuple:
        plan = self._plan
        if plan is None:
            plan = self._plan = _PLANS.get(self.step_classes) or _plan(self.step_classes)
        return plan

    def __init__(self, g, steps):
        self.step_classes = steps = tuple(steps)
        self.steps = made = []
        for cls in steps:
            if cls.__init__ is Step.__init__:   # the usual case, without the call
                step = object.__new__(cls)
                step.round = self
            else:
                step = cls(self)
            made.append(step)

    def start_steps(self, g) -> None:
        steps = self.steps
        for j in (self._plan or self.plan())[3]:
            steps[j].start(g)

    def step(self, cls):
        """This round's step of class ``cls`` (or a subclass), or None."""
        for s in self.steps:
            if isinstance(s, cls):
                return s
        return None

    def blocking_step(self, g):
        for s in self.steps:
            if s.blocks(g):
                return s
        return None

    # -- actions ---------------------------------------------------------------------------
    def apply(self, g, action) -> None:
        """As if: for each step in order, if it takes the type it processes the action, else
        if it blocks it refuses it (the plan skips the steps that can do neither)."""
        kind = action["type"]
        entity = action.get("entity")
        plan = self._plan or self.plan()
        found = plan[0].get(kind)            # (index, "process_<type>") of the first taker
        i = found[0] if found is not None else 999
        steps = self.steps
        for j, guard in plan[1]:
            if j >= i:
                break
            step = steps[j]
            if guard is not None:               # blocks while g.<guard>, and takes only then
                if not getattr(g, guard):
                    continue
                if kind in step.ACTIONS:
                    i, found = j, None
                    break
                return step.refuse(g, action)
            if kind in step.actions(g, entity):
                i, found = j, None
                break
            if step.blocks(g):
                return step.refuse(g, action)
        if i == 999:
            return self.no_step(g, action)
        step = steps[i]
        if not step.may_act(g, entity):
            g.out_of_turn(entity, self.acting(g))
        if found is not None:
            return getattr(step, found[1])(g, action)
        return getattr(step, "process_" + kind, step.take)(g, action)

    def no_step(self, g, action):
        """No step takes the action's type: not the entity's turn, or not an action now."""
        self.check_turn(g, action)
        raise GameError("bad_action_now", f"{action['type']!r} is not possible in this round.",
                        type=action["type"])

    def check_turn(self, g, action) -> None:
        entity = action.get("entity")
        if entity not in self.acting(g):
            g.out_of_turn(entity, self.acting(g))

    # -- who acts, what is legal -----------------------------------------------------------
    def acting(self, g) -> list[str]:
        """Who the first blocking step that names its own actors waits on (a train to
        discard), else whose turn it is (a step that blocks without naming actors waits on
        the turn's entity)."""
        for j, guard in (self._plan or self.plan())[2]:
            if guard is not None:
                if getattr(g, guard):
                    return self.steps[j].acting(g)
            elif self.steps[j].blocks(g):
                return self.steps[j].acting(g)
        return self.turn_acting(g)

    def turn_acting(self, g) -> list[str]:
        return []

    def legal(self, g) -> list[dict]:
        """The steps' entries in order up to the first that blocks, then those of the steps
        taken at any time (``Step.ANYTIME``), whatever blocks."""
        anytime = (self._plan or self.plan())[4]
        out: list[dict] = []
        for step in self.steps:
            if step.ANYTIME:
                continue
            if step.blocks(g):
                out += step.legal(g)
                break
            if not self.finished:
                out += step.legal(g)
        for j in anytime:
            out += self.steps[j].legal(g)
        return out

    def view(self, g) -> dict:
        return {}


class RoundByTurn:
    """The rounds of a title whose round ends when it is nobody's turn in it (18Korea,
    18 Lilliput), mixed into its game: ``current_round`` is the round being played and the
    title's ``next_round()`` makes the next one (the order of its rounds, said once)."""

    def _settle(self) -> None:
        """Move on while the round is over (nobody's turn in it)."""
        while not self.finished and not self.current_round.turn_acting(self):
            self.next_round()

    def round_name(self) -> str:
        """The round the game is in, for the book: the round's name, or over."""
        return "over" if self.finished else self.current_round.name

    def acting(self) -> list[str]:
        """Who the round waits on (none once the game is over)."""
        return [] if self.finished else self.current_round.acting(self)
