"""A history line made in Python (companion/pages/history.py ``line_head`` and ``line_tail``) is
the HTML the template made before it, byte for byte: every line of a real game of every 18xx
title and of Age of Steam (steps, a correction, undos and what they took back, consequences
with what to move on the board), undone or not, with or without its "Undo back to here", in
English and Korean, with and without the phone's time zone, and with names and devices that
need escaping. The template as it was is kept here alone (``templates_before/``)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader

from companion.pages.history import _entry, history_line, is_step, undone_versions
from companion.pages.text import _use_table
from tests.companion import random_games

BEFORE = Path(__file__).parent / "templates_before"
TITLES = {"1888-N": ["Ann", "Bo", "Cy"], "18Korea": ["Ann", "Bo", "Cy"],
          "AoS-Korea": ["Ann", "Bo", "Cy", "Di"]}
STEPS = 40
app = random_games.app          # (the module's app: a fixture)


def corrections(legal: list[dict]) -> list[dict]:
    """A correction of each kind the engine declares, its fields filled in plainly."""
    out = []
    for e in legal:
        if e.get("type") != "correction":
            continue
        action = {"type": "correction", "kind": e["kind"]}
        for name, p in (e.get("params") or {}).items():
            if p.get("kind") == "choice" and p.get("choices"):
                action[name] = p["choices"][-1]
            elif p.get("kind") == "number":
                action[name] = p.get("default") or p.get("min") or 1
            elif p.get("kind") == "text":
                action[name] = "miscounted"
        out.append(action)
    return out


def played(app, title: str, players: list[str]) -> tuple[str, object, list[dict], dict]:
    """A table of ``title`` after random steps, a correction and undos: (code, access, its
    history rows, its state)."""
    code, svc, access = random_games.new_table(app, title, players, 3)
    rng = random.Random(3)
    for n in range(STEPS):
        st = json.loads(svc.state_json(access))
        if n in (12, 13, 25):
            assert svc.submit(access, {"type": "undo"}, st["version"])[0] == 200
        elif n == 20:
            assert any(svc.submit(access, fix, st["version"])[0] == 200
                       for fix in corrections(st["legal"])), "no correction was taken"
        elif not random_games.step_randomly(svc, access, st, rng):
            break
    hist = svc.history(access, since=0, limit=5000)["entries"]
    return code, access, hist, json.loads(svc.state_json(access))["state"]


@pytest.mark.parametrize("title", sorted(TITLES))
def test_history_lines_are_the_template_s(app, title):
    code, access, hist, state = played(app, title, TITLES[title])
    env = app.jinja_env.overlay(loader=ChoiceLoader([FileSystemLoader(str(BEFORE)),
                                                     app.jinja_env.loader]))
    before = env.get_template("history_entry.html")
    undone = undone_versions(hist)
    assert undone and any(h["action"].get("type") == "correction" for h in hist), \
        "the game should have undone steps and a correction to compare"
    assert any(ev.get("board") for h in hist for ev in h.get("events") or []) or \
        title == "AoS-Korea"
    compared = 0
    for lang in ("en", "ko"):
        for cookie in ({}, {"Cookie": "tz=540"}):
            with app.test_request_context(f"/tables/{code}", headers={"Accept-Language": lang,
                                                                      **cookie}):
                _use_table(state)
                for h in hist:
                    e = _entry(h)
                    for flags in ({"undone": h["version"] in undone, "back": is_step(h)},
                                  {"undone": True, "back": False},
                                  {"undone": False, "back": True}):
                        line = dict(e, **flags)
                        assert history_line(line, code) == before.render(h=line, code=code)
                        compared += 1
                # what needs escaping, wherever a line says a name, a device or a step
                odd = dict(_entry(hist[-1]), undone=False, back=True, by='A&B <"x">',
                           device="Bo's <phone>", what="5 < 6 & 'so'")
                assert history_line(odd, code) == before.render(h=odd, code=code)
                assert "&lt;phone&gt;" in history_line(odd, code)
    assert compared > 100
