"""What every title's rules object provides to :class:`engine.game.Game`.

A rules object holds one game's state and applies one action at a time. It
must be picklable (snapshots) and deterministic (randomness only from the
seed it was built with). It may raise :class:`GameError` at any point of
``apply``: the Game restores the state from its snapshots, so a rules object
need not undo its own partial changes.
"""
from __future__ import annotations

from typing import Protocol

from engine.events import Event


class Rules(Protocol):
    finished: bool
    game_end_reason: str | None

    def apply(self, action: dict) -> list[Event]:
        """Validate and apply one action; raise GameError to reject it."""

    def legal_actions(self) -> list[dict]:
        """What may be done now: ready-to-post actions, or templates with parameter ranges."""

    def view(self) -> dict:
        """The whole state as plain JSON data for the phones."""

    def result(self) -> dict[str, int]:
        """Each player's score (cash plus holdings at value): final once ``finished``."""

    def acting(self) -> list[str]:
        """The ids of the entities (players or companies) who may act now."""

    def controller(self, entity: str) -> str | None:
        """The player who acts for ``entity``: a player for themself, a company's
        president or director; None if nobody does (optional: without it, only players
        act for themselves)."""
