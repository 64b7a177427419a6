"""The rules engine: pure Python, no I/O, no clock, no web.

    from engine import Game, GameError
    game = Game("1888-N", ["Ann", "Bo", "Cy"], seed=7)
    events = game.process({"type": "pass", "entity": "1"})
"""
from engine.errors import GameError
from engine.events import Event
from engine.game import Game

__all__ = ["Game", "GameError", "Event"]
