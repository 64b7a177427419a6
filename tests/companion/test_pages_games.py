"""Whole games of every title entered through the phone's HTML forms alone (no JSON).

Each step reads the forms the server rendered from the engine's legal actions, picks one
and fills it at random among what it offers (a seeded player), and posts it like a phone
with Brython would. The game must reach its end and its scores page.
"""
import random
import re

import pytest

from engine import titles
from tests.browser.html_forms import choose, fill, parse

REAL = [t for t in ("1888-N", "18Korea", "1899-DAIHAN", "18Lilliput") if t in titles.TITLES]


def start(client, title, players, seed):
    token = csrf(client.get(f"/new?title={title}"))
    r = client.post("/new", data={"title": title, "player": players, "seed": str(seed),
                                  "csrf_token": token})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    join = join.split("//", 1)[1].split("/", 1)[1]
    r = client.post("/" + join, data={"player": "1", "csrf_token": csrf(client.get("/" + join))})
    assert r.status_code == 303
    return code


def csrf(resp):
    return re.search(r'name="csrf_token" value="([^"]+)"', resp.get_data(as_text=True)).group(1)


def play(client, code, seed, max_steps):
    rng = random.Random(seed)
    html = client.get(f"/tables/{code}/live").get_data(as_text=True)
    steps = refused_count = 0
    refused, at = set(), None
    while steps < max_steps and "Game over" not in html:
        version = re.search(r'id="live" data-version="(\d+)"', html).group(1)
        if version != at:
            refused, at = set(), version
        form = choose(parse(html), rng, refused)
        if form is None:
            break
        data = fill(form, rng)
        r = client.post(form["action"], data=data, headers={"X-Live": "1"})
        assert r.status_code in (200, 409, 422), r.status_code
        html = r.get_data(as_text=True)
        if r.status_code == 200 and "data-confirm" in html:   # a step that asks once
            assert f'id="live" data-version="{version}"' in html      # nothing counted yet
            r = client.post(form["action"], data={**data, "confirm": "1"}, headers={"X-Live": "1"})
            assert r.status_code in (200, 409, 422), r.status_code
            html = r.get_data(as_text=True)
        if r.status_code == 422:
            refused.add(form["index"])
            refused_count += 1
            assert 'class="err"' in html          # the engine's message is shown
        steps += 1
    return html, steps, refused_count


SEEDS = {"1888-N": 2, "18Korea": 5}


@pytest.mark.slow
@pytest.mark.parametrize("title", REAL)
def test_a_whole_game_through_the_phone_forms(client, title):
    seed = SEEDS.get(title, 1)
    code = start(client, title, ["Ann", "Bo", "Cy"], seed)
    html, steps, refused = play(client, code, seed, 2500)
    assert "Game over" in html, f"{title}: not over after {steps} steps ({refused} refused)"
    r = client.get(f"/tables/{code}/scores")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert 'id="scores"' in page and "<svg" in page
    csv = client.get(f"/tables/{code}/export.csv").data.decode("utf-8-sig")
    lines = csv.splitlines()
    assert lines[0].startswith("Round,Phase,Step,Step number,Section,Name,")
    assert lines[0].endswith(",Total")
    assert {line.split(",")[5] for line in lines[1:]} >= {"Ann", "Bo", "Cy"}
