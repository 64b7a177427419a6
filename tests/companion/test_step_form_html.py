"""A step's form made in Python (companion/pages/step_form.py) is the HTML the template made
before it, byte for byte, for every legal entry of random games of every title, in English and
Korean: as a live part keeps it (its place and version slots), and as a post's answer makes it
(its error and what was typed, the question it is asked once, for the acting seat or entered for
another, with what it forfeits). The template as it was is kept here alone
(``templates_before/form.html``); tests/companion/test_section_html.py compares the forms of a
real 1888-N record and an 18Korea game with their drawings."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from companion import actionforms
from companion.pages.step_form import step_form
from companion.pages.text import _use_table
from tests.companion import random_games

BEFORE = Path(__file__).parent / "templates_before"
TITLES = {"1888-N": 3, "18Korea": 3, "1899-DAIHAN": 3, "18Lilliput": 3, "AoS-Korea": 4,
          "AoS-NewZealand": 3}
STEPS = 60
SLOTS = dict(csrf=Markup("<csrf>"), key=Markup("<key>"))
app = random_games.app          # (the module's app: a fixture)


def entries(app, title: str, players: int) -> tuple[dict, list[dict]]:
    """(a state, the legal entries of every other position of a random game of ``title``, each
    declared content once)."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    seen, out, state = set(), [], None
    for n, st in enumerate(random_games.positions(app, title, names, 5, STEPS)):
        state = state or st["state"]
        if n % 2:
            continue
        for e in st["legal"]:
            key = json.dumps(e, sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(e)
    return state, out


def typed(f) -> MultiDict:
    """What a player might have typed into ``f``, some of it needing escaping."""
    out = MultiDict()
    for fld in f.fields:
        if fld.kind == "choice" and fld.choices:
            out[fld.name] = fld.choices[-1][0]
        elif fld.kind == "number":
            out[fld.name] = "133"
        elif fld.kind == "flag":
            out[fld.name] = "1"
        else:
            out[fld.name] = 'a "quoted" <b>&'
    return out


@pytest.mark.parametrize("title", sorted(TITLES))
def test_every_form_is_the_template_s(app, title):
    state, legal = entries(app, title, TITLES[title])
    env = app.jinja_env.overlay(loader=ChoiceLoader([FileSystemLoader(str(BEFORE)),
                                                     app.jinja_env.loader]))
    before = env.get_template("form.html")

    def old(f, **kw):
        return before.render(f=f, code="abc", csrf_token=lambda: SLOTS["csrf"],
                             new_key=lambda: SLOTS["key"], **kw)
    compared = {"kept": 0, "answered": 0, "asked": 0, "taps": 0}
    for lang in ("en", "ko"):
        with app.test_request_context("/tables/abc/live", headers={"Accept-Language": lang}):
            _use_table(state)
            for n, e in enumerate(legal):
                if not isinstance(e, dict) or e.get("type") in actionforms.HIDDEN_TYPES:
                    continue
                f = actionforms.build(n, e)
                if f is None:
                    continue
                kept = dataclasses.replace(f, index=Markup("<index>"))
                plain = dict(version=Markup("<version>"), error=None, error_index=None,
                             posted={}, confirm=None)
                assert step_form(kept, "abc", **SLOTS, **plain) == old(kept, **plain), e
                compared["kept"] += 1
                answered = dict(version=12, error="Check <Price> & go", error_index=f.index,
                                posted=typed(f), confirm=None)
                assert step_form(f, "abc", **SLOTS, **answered) == old(f, **answered), e
                compared["answered"] += 1
                compared["taps"] += f.one_tap is not None
                for who, warn in ((None, ""), ("Bo <x>", "It forfeits KT & its cash")):
                    asked = dict(answered, error=None, confirm={
                        "index": f.index, "what": "Ann: Buy 'KT' <now>", "warn": warn,
                        "for_name": who})
                    assert step_form(f, "abc", **SLOTS, **asked) == old(f, **asked), e
                    compared["asked"] += 1
    assert compared["kept"] > 20 and compared["asked"] > 40, compared
    assert compared["taps"] or title in ("18Korea", "AoS-Korea"), compared   # (none in these)
