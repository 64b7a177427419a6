"""A book section made in Python (companion/pages/sections.py) is the HTML the Jinja macro made
before it, byte for byte: every section of many positions of every title, in English and
Korean, in every mode; and the drawings a form's pictures are made with. The macros as they
were are kept here alone (``templates_before/``, the templates of git 02f1510; the form is the
template it was until it was made in Python too, drawing with them: :func:`form_before`),
rendered with the app's own words."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as hs
from jinja2 import ChoiceLoader, DictLoader
from markupsafe import Markup, escape

from companion.pages import book_layout, sections
from companion.pages.text import _use_table
from engine import titles
from tests.companion import random_games

BEFORE = Path(__file__).parent / "templates_before"
STEPS = 70             # random steps per title; a position kept every few of them
PLAYERS = ["Ann", "Bo", "Cy"]
app = random_games.app          # (the module's app: a fixture)


def positions(app, title: str, seed: int) -> list[dict]:
    """Some positions of a random game of ``title``: each its state and book, as the server
    gives them to the table page."""
    games = list(random_games.positions(app, title, PLAYERS, seed, STEPS))
    return [{"state": st["state"], "book": st.get("book") or []}
            for n, st in enumerate(games) if n % 3 == 0 or n == len(games) - 1]


# today's book/form.html draws its pictures with pages/pictures.py; as it was, with parts.html's
# macros (the only lines that differ: the rest of the form is today's own)
FORM_DRAWN_NOW = ('<figure class="runpic" data-picture>{{ drawing(f.picture, '
                  'message_text(f.picture.title), "runpic", over=route_marks(f.picture.routes)) }}')
FORM_DRAWN_BEFORE = ('<figure class="runpic" data-picture>{% call drawing(f.picture, '
                     'message_text(f.picture.title), "runpic") %}'
                     '{{ route_marks(f.picture.routes) }}{% endcall %}')
FORM_IMPORT_BEFORE = '{% from "book/parts.html" import drawing, route_marks, route_key %}'


def form_before() -> str:
    """book/form.html drawing its pictures as it did, with parts.html's macros."""
    form = (BEFORE / "form.html").read_text(encoding="utf-8")
    assert form.count(FORM_DRAWN_NOW) == 1, "book/form.html no longer draws its picture so"
    return FORM_IMPORT_BEFORE + form.replace(FORM_DRAWN_NOW, FORM_DRAWN_BEFORE)


def before(app):
    """The app's templates with ``book/parts.html`` and ``book/section.html`` as they were, and
    ``book/form.html`` drawing with their macros (the section's macro, and the drawings a form's
    pictures were made with)."""
    old = {name: (BEFORE / name).read_text(encoding="utf-8")
           for name in ("parts.html", "section.html")}
    old["form.html"] = form_before()
    env = app.jinja_env.overlay(loader=ChoiceLoader([
        DictLoader({f"book/{k}": v for k, v in old.items()}), app.jinja_env.loader]),
        cache_size=20)
    # the choices the macro asked of book_layout, then template globals
    env.globals = dict(app.jinja_env.globals, table_layout=book_layout.table_layout,
                       glance_left=book_layout.glance_left)
    return env


# the kinds these positions show besides facts (each kind of section is compared somewhere:
# the board with routes and the forms' pictures in the record's test below)
SHOWN = {"1888-N": {"players", "entities", "trains", "market", "board"},
         "1899-DAIHAN": {"players", "entities", "trains", "market"},
         "18Korea": {"players", "trains", "market"},            # a price track
         "18Lilliput": {"players", "entities", "trains", "market", "map", "log"},
         "AoS-Base": {"players", "log"}, "AoS-Korea": {"players", "log"},
         "AoS-NewZealand": {"players", "entities", "log", "network"}}

# every way a live part asks for a section (templates/book/summary.html, sections.html)
MODES = [("summary", False, 0), ("summary", False, 1), ("glance", False, 0),
         ("glance", True, 0), ("book", False, 0)]


@pytest.mark.parametrize("title", sorted(titles.TITLES))
def test_every_section_is_made_as_the_macro_made_it(app, title):
    old = before(app).get_template("book/section.html")
    kinds = Counter()
    for seed in (3, 11):
        for pos in positions(app, title, seed):
            for lang in ("en", "ko"):
                with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                    _use_table(pos["state"])
                    for s in pos["book"]:
                        for mode, first, skip in MODES:
                            want = old.render(s=s, mode=mode, first=first, skip=skip)
                            got = sections.section_html(s, mode, first=first, skip=skip)
                            assert got == want, (title, lang, s["kind"], s["id"], mode, first, skip)
                        kinds[s["kind"]] += 1
    # the comparison saw sections of each kind the title shows, and real ones
    assert kinds["facts"] and sum(kinds.values()) > 50, kinds
    assert SHOWN.get(title, set()) <= set(kinds), kinds


def played(app, game, actions, every: int) -> Counter:
    """Every ``every``-th position of ``game`` as ``actions`` (a step for the game as it is)
    move it on: each section and each legal entry's form as the templates made them before (the
    forms' pictures are drawn by companion/pages/pictures.py now). What was compared, counted."""
    from markupsafe import Markup

    from companion import actionforms
    from companion.pages.step_form import step_form
    env = before(app)
    old_section = env.get_template("book/section.html")
    old_form = env.get_template("book/form.html")
    state = {"title": game.spec.id, "players": game.players, "currency": game.spec.currency}
    slots = dict(code="abc", version=7, error=None, error_index=None, posted={}, confirm=None,
                 csrf_token=lambda: Markup("CSRF"), new_key=lambda: Markup("KEY"))
    seen = Counter()
    for i, action in enumerate(actions):
        if action is None:
            break
        game.process(action)
        if i % every:
            continue
        book, legal = game.book(), game.legal_actions()
        for lang in ("en", "ko") if i % 2 else ("ko",):
            with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                _use_table(state)
                for s in book:
                    for mode, first, skip in MODES:
                        want = old_section.render(s=s, mode=mode, first=first, skip=skip)
                        got = sections.section_html(s, mode, first=first, skip=skip)
                        assert got == want, (i, lang, s["kind"], s["id"], mode)
                    seen[s["kind"]] += 1
                    seen["board+routes"] += bool(s.get("routes"))
                    seen["market+tokens"] += s["kind"] == "market" and s.get("layout") == "track" \
                        and any(c.get("tokens") for c in s["cells"])
                for n, entry in enumerate(legal):
                    if entry.get("type") in actionforms.HIDDEN_TYPES:
                        continue
                    f = actionforms.build(n, entry)
                    want = old_form.render(f=f, **slots)
                    got = step_form(f, code="abc", version=7, csrf="CSRF", key="KEY")
                    assert got == want, (i, lang, entry["type"])
                    seen["form+picture" if f.picture else "form"] += 1
                    seen["form+pictures"] += any(getattr(x, "pictures", None) for x in f.fields)
    return seen


def test_a_real_games_board_routes_and_forms_are_made_as_before(app):
    """The 1888-N record replayed: its operating rounds show the board with the routes a
    company is about to run, a lay's tile drawings, a run's picture."""
    from engine.game import Game
    from engine.records import loads, replay
    from tests.conftest import SHARED
    rec = replay(loads((SHARED / "fixtures" / "18xx-games" / "1888-N" / "128097.json")
                       .read_text(encoding="utf-8")))
    game = Game(rec.game.spec.id, rec.game.players, rec.game.seed, rec.game.options)
    seen = played(app, game, iter(rec.game.log), every=9)
    assert seen["board+routes"] and seen["form+picture"] and seen["form+pictures"], seen


def test_an_18korea_games_price_track_is_made_as_before(app):
    """18Korea played by the test bot to its end: the share price track with the companies'
    tokens on it."""
    from engine.titles.title_18korea.scenario import new_game
    from tests.bots.korea18 import Bot
    game, bot = new_game(4, 1), Bot(1)
    seen = played(app, game, (None if game.finished else bot.choose(game)
                              for _ in range(5000)), every=23)
    assert game.finished and seen["market+tokens"] > 5, seen


@given(hs.one_of(hs.text(), hs.text(alphabet="&<>\"'ab "), hs.integers(), hs.floats(),
                 hs.none(), hs.text().map(Markup)))
def test_esc_is_what_jinja_prints(x):
    """The sections' escape prints what a Jinja expression printed: its quick way past a plain
    string with nothing to escape gives the same text as markupsafe's, for any string."""
    from companion.pages.pictures import esc
    expected = str(x) if type(x) in (int, float) else str(escape(x))
    assert esc(x) == expected
