"""``OperatingStep``: a step of an operating turn; the company whose turn it is is
``self.round.corp`` and only it acts (unless the step says otherwise)."""
from __future__ import annotations

from engine.core18xx.steps.base import Step


class OperatingStep(Step):
    def may_act(self, g, entity):
        return entity == self.round.corp
