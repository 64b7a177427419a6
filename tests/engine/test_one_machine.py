"""One way to emit an event, params only from the contract's builders (issue 24, item 2)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import contract
from engine.core18xx.declare import declare
from engine.game import Game
from tests.contract_play import random_action

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_one_emitter_in_the_whole_engine():
    """Every title's game emits through engine.events.Emitter.emit; no title defines its own
    ``emit``, ``ev``, ``tell``, ``say`` or ``event``."""
    found = []
    for path in ENGINE.rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.match(r"\s*def (emit|ev|tell|say|event)\(", line):
                found.append(f"{path.relative_to(ENGINE)}:{n}")
    assert found == ["events.py:" + str(next(
        n for n, line in enumerate((ENGINE / "events.py").read_text().splitlines(), 1)
        if "def emit(" in line))]


def test_a_param_not_made_with_the_builders_is_refused():
    """declare() no longer guesses a param's kind from its name: a compact spec is a mistake."""
    with pytest.raises(TypeError):
        declare([{"type": "bid", "entity": "1", "params": {"price": {"min": 0, "max": 10}}}],
                ["1"])
    got = declare([{"type": "bid", "entity": "1",
                    "params": {"price": contract.number("money", 0, 10)}}], ["1"])
    assert got[0]["params"]["price"] == contract.number("money", 0, 10)


@pytest.mark.parametrize("title,n", [("18Korea", 4), ("18Lilliput", 3), ("1888-N", 4)])
def test_events_name_the_players_they_mention(title, n):
    """A player id in an event's params comes with its ``<key>_name``, in every 18xx title
    (the core's emit did this; 18Korea's and 18 Lilliput's did not)."""
    game = Game(title, [f"P{i}" for i in range(n)], seed=3)
    ids = {p["id"]: p["name"] for p in game.players}
    rng = random.Random(3)
    named = 0
    for _ in range(150):
        if game.finished:
            break
        legal = [e for e in game.legal_actions()
                 if e["type"] not in ("undo", "redo", "correction") and not e.get("anytime")]
        for _ in range(30):
            action = random_action(rng, rng.choice(legal), game.players[0]["id"])
            try:
                events = game.process(action)
                break
            except Exception:                              # a refusal of the game: try again
                continue
        else:
            break
        for e in events:
            for key, value in e["params"].items():
                if isinstance(value, str) and value in ids and not key.endswith("_name"):
                    assert e["params"].get(key + "_name") == ids[value], (e["code"], key)
                    named += 1
    assert named
