"""The state text made with orjson (``wire.dumps_engine``) is the text json.dumps made."""
from __future__ import annotations

import collections
import dataclasses
import datetime
import json
import random

import pytest

from companion.wire import dumps, dumps_engine, loads_engine
from engine import Game, GameError, titles
from tests.companion.live_server import choose

Point = collections.namedtuple("Point", "x y")


@dataclasses.dataclass
class Thing:
    a: int


ODD_VALUES = [
    {"int keys": {1: "a", 2: {3: [4]}}, "bool and None keys": {True: 1, None: 2}, "float key": {1.5: 0}},
    {"text": "é ü ß 漢字 😀 \u2028 \x00 \x1f \" \\ /", "empty": "", "nested": [[[]], {}]},
    {"big": 2 ** 63 - 1, "small": -(2 ** 63), "beyond 64 bits": 2 ** 70, "float": 0.1, "neg": -0.0},
    {"namedtuple": Point(1, Point(2, 3)), "tuple": (1, 2), "set": {1}, "frozenset": frozenset()},
    {"dataclass": Thing(1), "datetime": datetime.datetime(2026, 11, 30, 10, 0, 0,
                                                          tzinfo=datetime.timezone.utc),
     "date": datetime.date(2026, 11, 30), "bytes": b"x"},
    {"deep": json.loads("[" * 300 + "]" * 300)},
    [None, True, False, 1e16, 1.5e-7, 12345678901234567890],
]


@pytest.mark.parametrize("value", ODD_VALUES)
def test_dumps_engine_writes_what_json_dumps_writes(value):
    text = dumps_engine(value)
    assert isinstance(text, str)
    assert json.loads(text) == json.loads(dumps(value))
    if not _has_float(value):          # floats: the same number, maybe another spelling (1e16)
        assert text == dumps(value)


@pytest.mark.parametrize("value", ODD_VALUES)
def test_loads_engine_reads_what_json_loads_reads(value):
    """orjson reads an int beyond 64 bits as a float: such a text is read by json.loads."""
    text = dumps_engine(value)
    read, want = loads_engine(text), json.loads(text)
    assert read == want and json.dumps(read) == json.dumps(want)


def _has_float(value) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_float(v) for v in value)
    return False


def test_dumps_engine_of_real_game_states():
    title = "1888-N" if "1888-N" in titles.TITLES else None
    if title is None:
        pytest.skip("1888-N is not registered")
    rng = random.Random(5)
    game = Game(title, ["Ann", "Bo", "Cy", "Di"], 5, {})
    for step in range(40):
        data = {"version": step, "state": game.view(), "legal": game.legal_actions()}
        assert dumps_engine(data) == dumps(data)
        action = choose(game.legal_actions(), rng)
        if action is None:
            break
        try:
            events = game.process(action)
        except GameError:
            continue
        assert dumps_engine(events) == dumps(events)
