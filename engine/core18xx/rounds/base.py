"""``Round``: an ordered list of steps (``engine.core18xx.steps``) and the state they share.

``apply`` walks the steps in order: the first step whose ``actions(g, entity)`` has the action's
type takes it, unless a step before it blocks (the round waits on that one: it refuses the
action). The taking step is asked whether the entity may act (``may_act``; else "not your
turn"), then its ``process_<type>`` runs. No step takes the type: ``no_step`` refuses it.
``legal`` is the steps' entries in order, up to and including the first step that blocks;
``acting`` is who that step waits on, or the round's own turn (``turn_acting``).

A round class sets ``name``; the steps come from the game (``Core18xx.AUCTION_STEPS``,
``STOCK_STEPS``, ``OPERATING_STEPS``: tuples of step classes a title lists, adds to, replaces
or reorders).
"""
from __future__ import annotations

from engine.core18xx.steps.base import Step
from engine.errors import GameError

# Per list of step classes, what ``apply`` and ``acting`` need to look at (a plan; never
# pickled): the first step taking each type by its ``ACTIONS``, the steps whose ``actions`` or
# ``blocks`` depend on the game (asked in order), and those that say who acts while they block.
_PLANS: dict[tuple, tuple] = {}


def _plan(classes: tuple) -> tuple:
    """(take {type: index}, asked ((index, BLOCKS_WHILE or None), ..), interrupts (same),
    starters (indexes of the steps with a ``start``))."""
    take: dict[str, int] = {}
    asked, interrupts, starters = [], [], []
    for i, cls in enumerate(classes):
        guarded = cls.BLOCKS_WHILE is not None and cls.actions is Step.actions \
            and cls.blocks is Step.blocks
        dynamic_actions = cls.actions is not Step.actions or guarded
        if not dynamic_actions:
            for kind in cls.ACTIONS:
                take.setdefault(kind, i)
        if dynamic_actions or cls.blocks is not Step.blocks:
            asked.append((i, cls.BLOCKS_WHILE if guarded else None))
        if cls.acting is not Step.acting:
            interrupts.append((i, cls.BLOCKS_WHILE if guarded else None))
        if cls.start is not Step.start:
            starters.append(i)
    plan = _PLANS[classes] = (take, tuple(asked), tuple(interrupts), tuple(starters))
    return plan


class Round:
    name = ""
    finished = False
    _plan = None             # this round's plan (see ``_plan``), kept out of the pickles

    def __getstate__(self):
        state = self.__dict__.copy()
        state.pop("_plan", None)
        return state

    def plan(self) -> tuple:
        plan = self._plan
        if plan is None:
            plan = self._plan = _PLANS.get(self.step_classes) or _plan(self.step_classes)
        return plan

    def __init__(self, g, steps):
        self.step_classes = tuple(steps)
        self.steps = [cls(self) for cls in steps]

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
        kind, entity = action["type"], action["entity"]
        steps = self.steps
        take, asked = (self._plan or self.plan())[:2]
        i = take.get(kind, 999)
        for j, guard in asked:
            if j >= i:
                break
            step = steps[j]
            if guard is not None:               # blocks while g.<guard>, and takes only then
                if not getattr(g, guard):
                    continue
                if kind in step.ACTIONS:
                    i = j
                    break
                step.refuse(g, action)
                return
            if kind in step.actions(g, entity):
                i = j
                break
            if step.blocks(g):
                step.refuse(g, action)
                return
        if i != 999:
            step = steps[i]
            if not step.may_act(g, entity):
                g.out_of_turn(entity, self.acting(g))
            getattr(step, "process_" + kind)(g, action)
            return
        if entity not in self.acting(g):
            g.out_of_turn(entity, self.acting(g))
        self.no_step(g, action)

    def no_step(self, g, action) -> None:
        raise GameError("bad_action_now", f"{action['type']!r} is not possible in this round.",
                        type=action["type"])

    # -- who acts, what is legal -----------------------------------------------------------
    def acting(self, g) -> list[str]:
        """Who the first blocking step that names its own actors waits on (a train to
        discard), else whose turn it is (a step that blocks without naming actors waits on
        the turn's entity)."""
        for j, guard in (self._plan or self.plan())[2]:
            if guard is not None and not getattr(g, guard):
                continue
            step = self.steps[j]
            if guard is not None or step.blocks(g):
                return step.acting(g)
        return self.turn_acting(g)

    def turn_acting(self, g) -> list[str]:
        return []

    def legal(self, g) -> list[dict]:
        out: list[dict] = []
        for step in self.steps:
            if step.blocks(g):
                return out + step.legal(g)
            if not self.finished:
                out += step.legal(g)
        return out

    def view(self, g) -> dict:
        return {}
