"""The live part's first tag, status line, news and undo card made in Python
(companion/pages/live_pieces.py) are the HTML book/live.html's blocks made before them, byte for
byte: at positions of random games of three titles, in English and Korean, with the table clock
off, running and paused, the game going on and over, a step to take back (with what to undo on
the board, entered by another seat) or none, a step to redo or none, and names that need
escaping. The blocks as they were are kept here alone (``templates_before/live.html``,
``live_clock.html``)."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from jinja2 import DictLoader
from markupsafe import Markup

from companion.pages.live_part import seat_json_list
from companion.pages.live_pieces import live_open_html, news_html, status_html, undo_html
from companion.pages.text import _use_table
from tests.companion import random_games

BEFORE = Path(__file__).parent / "templates_before"
app = random_games.app          # (the module's app: a fixture)
TITLES = {"1888-N": 3, "18Korea": 4, "AoS-Korea": 4}
CLOCKS = [None,
          {"since": 17.5, "paused": False, "rows": [
              {"seat": "1", "name": "Ann", "used": 61.25, "text": "1:01", "running": True},
              {"seat": "2", "name": "B&o <x>", "used": 0.0, "text": "0:00", "running": False}]},
          {"since": 17.5, "paused": True, "rows": [
              {"seat": "1", "name": "Ann", "used": 61.25, "text": "1:01", "running": False}]},
          {"since": 3.0, "paused": False, "rows": [
              {"seat": "1", "name": "Ann", "used": 2.0, "text": "0:02", "running": False}]}]
TARGETS = [None,
           {"what": "Ann: Buy a 'share' <LYR>", "name": "Ann", "version": 9, "player": None,
            "board": []},
           {"what": "Bo: Lay a tile", "name": "B&o", "version": 9, "player": "2",
            "board": ["Take tile 7 <back> from B14", "Put back the token"]}]


def positions(app, title: str, players: int) -> list[dict]:
    """Every few positions of a random game of ``title``: its version, state and book."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    return [st for n, st in enumerate(random_games.positions(app, title, names, 8, 50))
            if n % 7 == 0]


@pytest.mark.parametrize("title", sorted(TITLES))
def test_first_tag_status_line_and_undo_card_are_the_blocks_they_were(app, title):
    env = app.jinja_env.overlay(loader=DictLoader({
        "book/live.html": (BEFORE / "live.html").read_text(encoding="utf-8"),
        "book/live_clock.html": (BEFORE / "live_clock.html").read_text(encoding="utf-8")}))
    blocks = env.get_template("book/live.html")
    compared = 0
    for st in positions(app, title, TITLES[title]):
        state, book = st["state"], st.get("book") or []
        seats = [(str(p["id"]), p["name"]) for p in state["players"]] + [("9", "Z<&>")]
        for lang in ("en", "ko"):
            with app.test_request_context("/tables/abc/live", headers={"Accept-Language": lang}):
                _use_table(state)
                for finished, acting in ((False, ["Ann", "LYR (B&o)"]), (False, []),
                                         (True, ["Ann"])):
                    for clock in CLOCKS:
                        ctx = dict(book=book, state=dict(state, finished=finished),
                                   acting_names=acting, clock=clock, version=st["version"],
                                   seats=seats)
                        want = "".join(blocks.blocks["status"](blocks.new_context(ctx)))
                        assert status_html(book, finished, acting, clock, st["version"],
                                           seats) == want
                        acting_json = seat_json_list(acting)
                        ctx.update(made="9f3a<&>", code="a&b", acting_json=acting_json)
                        want = "".join(blocks.blocks["live_open"](blocks.new_context(ctx)))
                        assert live_open_html(st["version"], "9f3a<&>", "a&b", acting_json,
                                              finished, clock) == want
                        compared += 1
                for target in TARGETS:             # (the seats' card: one part for all)
                    for redo in (True, False):
                        ctx = dict(code="abc", can_act=True, undo_target=target,
                                   state=dict(state, can_redo=redo),
                                   csrf_token=lambda: Markup("<csrf>"),
                                   version_slot=Markup("<version>"))
                        want = "".join(blocks.blocks["undo"](blocks.new_context(ctx)))
                        assert undo_html("abc", target, redo, "<csrf>", "<version>") == want
                        compared += 1
    assert compared > 100


ASKS = [[], [{"id": 3, "step_player": "2", "requested_by": "1", "by_name": "Ann",
              "owner_name": "B&o <x>", "what": "Bo: Buy a 'share' <LYR>"}],
        [{"id": 3, "step_player": "2", "requested_by": "1", "by_name": "Ann", "owner_name": "Bo",
          "what": Markup("2 steps, back to #<b>7</b>")},
         {"id": 5, "step_player": "1", "requested_by": "3", "by_name": "C&y", "owner_name": "Ann",
          "what": "Ann: Pass"}]]
FOR_SEAT = [None, {"version": 12, "seat": "2", "by": "Ann", "device": "", "what": "Ann: Pass"},
            {"version": 12, "seat": "2", "by": "A<n>n", "device": "Pixel & co",
             "what": Markup("<i>LYR</i>: Run")}]
RANKING = [[], [{"player": "2", "name": "B&o", "total": 1234, "place": 1},
                {"player": "1", "name": "Ann", "total": 1234, "place": 1},
                {"player": "3", "name": "Cy", "total": 99, "place": 3}]]
BACK = [[], [{"version": 9, "what": "Bo: Lay a <tile>", "by": "B&o", "board": []},
             {"version": 8, "what": Markup("Ann: <b>Pass</b>"), "by": "Ann",
              "board": ["Take tile 7 <back> from B14", "Put back the token"]}]]


def last_events(app, title: str, players: int) -> list[tuple[dict, list]]:
    """Positions of a random game of ``title`` with the events of the step that led to each
    (its history's last entry): a rust, a phase change, an undo, what to move on the board."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    _code, svc, access = random_games.new_table(app, title, names, 8)
    rng, out = random.Random(8), []
    for _ in range(60):
        st = json.loads(svc.state_json(access))
        hist = svc.recent_history(access, st["version"], 1)
        if hist and hist[-1]["events"]:
            out.append((st, hist[-1]["events"]))
        if not random_games.step_randomly(svc, access, st, rng):
            break
    return out[::3]


@pytest.mark.parametrize("title", sorted(TITLES))
def test_the_news_is_the_block_it_was(app, title):
    """Undo asks (none, one, two), the answer to a post, a step entered for a seat (with and
    without the device), a finished game's ranking with a tie, the steps taken back (with and
    without what to undo on the board) and the last step's events of a random game, with
    names and texts that need escaping or are markup already, in English and Korean."""
    env = app.jinja_env.overlay(loader=DictLoader({
        "book/live.html": (BEFORE / "live.html").read_text(encoding="utf-8")}))
    blocks = env.get_template("book/live.html")
    compared = 0
    made_up = [{"code": "phase", "message": "Phase <3>", "params": {}, "board": "Rust <2>"}]
    for st, events in last_events(app, title, TITLES[title]) + [(None, made_up)]:
        for lang in ("en", "ko"):
            with app.test_request_context("/tables/abc/live", headers={"Accept-Language": lang}):
                if st is not None:
                    _use_table(st["state"])
                for asks, for_seat in itertools.product(ASKS, FOR_SEAT):
                    for notice in (None, "Someone <else> entered a step first"):
                        for ranking, back in zip(RANKING, BACK):
                            for last in ([], events):
                                ctx = dict(code="a&b", asks=asks, notice=notice,
                                           for_seat=for_seat, ranking=ranking, taken_back=back,
                                           last_events=last,
                                           csrf_token=lambda: Markup("<csrf>"))
                                want = "".join(blocks.blocks["news"](blocks.new_context(ctx)))
                                assert news_html("a&b", asks, notice, for_seat, ranking, back,
                                                 last, "<csrf>") == want
                                compared += 1
    assert compared > 100
