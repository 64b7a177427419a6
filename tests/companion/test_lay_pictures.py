"""The lay form draws each rotation it offers (issue 29): the rotation param's declared
``pictures`` as one small SVG per tile and rotation inside the rotation's radio, the one of
the tile chosen shown; the companion draws geometry and names no title."""
import html as htmllib
import io
import json
import re

import pytest

from engine import Game, records, titles
from tests.companion.test_pages import FIXTURE, csrf


def lay_page(client, kind="lay_tile"):
    """A table imported just before the recorded game's first tile lay (or first step of
    ``kind``), seen from the seat of the player who acts: the page, and the game's legal entry
    of that kind."""
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    n = next(i for i, a in enumerate(rec["actions"]) if a["type"] == kind)
    cut = json.dumps(dict(rec, actions=rec["actions"][:n])).encode()
    r = client.post("/import", data={"record": (io.BytesIO(cut), "cut.json"),
                                     "csrf_token": csrf(client.get("/"))},
                    content_type="multipart/form-data")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    game = Game(rec["title"], rec["players"], rec.get("seed", 0), rec.get("options"))
    for a in rec["actions"][:n]:
        game.process(a)
    who = game.view()["acting_players"][0]
    invite = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', invite).group(1)
    join = join.replace("&amp;", "&")
    r = client.post(join, data={"player": who, "csrf_token": csrf(client.get(join))})
    assert r.status_code == 303
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    entry = next(e for e in game.legal_actions() if e["type"] == kind
                 and not e.get("company"))
    return page, entry


@pytest.mark.slow
def test_the_lay_form_draws_one_picture_per_offered_rotation_of_each_tile(client):
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    page, entry = lay_page(client)
    form = re.search(r'<form[^>]*data-type="lay_tile"(?:(?!</form>).)*?data-pic-by="tile"'
                     r'.*?</form>', page, re.S).group(0)
    fieldset = re.search(r"<fieldset[^>]*data-pic-by=\"tile\".*?</fieldset>", form, re.S).group(0)
    assert "<select name=\"rotation\"" not in form
    want = {}
    for key, rots in entry["params"]["rotation"]["choices_by"]["map"].items():
        for r in rots:
            want.setdefault(str(r), set()).add(key.split(",")[1])
    got = {}
    for label in re.findall(r"<label>.*?</label>", fieldset, re.S):
        value = re.search(r'name="rotation" value="([^"]+)"', label).group(1)
        tiles = re.findall(r'<i class="pic[^"]*" data-pic="([^"]+)"', label)
        assert len(tiles) == len(set(tiles)), (value, tiles)      # one picture per tile
        got[htmllib.unescape(value)] = set(tiles)
        for pic in re.findall(r'<i class="pic.*?</i>', label, re.S):
            svg = re.search(r'<svg class="pic".*?</svg>', pic, re.S).group(0)
            assert "<path" in svg and "<polygon" in svg           # the tile and its track
            tile = re.search(r'data-pic="([^"]+)"', pic).group(1)
            assert f"<small>#{tile}</small>" in pic               # named, for a page without JS
    assert got == want
    # none is hidden from a page without JS; with JS (app.css ".js .pics .alt"), as the form
    # starts, only the first offered tile's pictures show
    first = json.loads(htmllib.unescape(
        re.search(r'<select name="tile"[^>]*>.*?value="([^"]+)"', form, re.S).group(1)))
    assert " hidden" not in fieldset.split("<label>", 1)[1]
    shown = re.findall(r'<i class="pic" data-pic="([^"]+)"', fieldset)
    assert shown and set(shown) == {first}
    assert set(re.findall(r'<i class="pic alt" data-pic="([^"]+)"', fieldset)) == \
        {k.split(",")[1] for k in entry["params"]["rotation"]["choices_by"]["map"]} - {first}
