"""A tile's rotation said as the table sees it (issue 25): the history says a laid tile is
"turned 3 sides clockwise" (or "not turned") from its drawing, never "(rotation 3)" nor
"side 3", in English and Korean, for every title whose words name a rotation."""
import io
import json
import re

import pytest

from engine import records, titles
from engine.words import words_of
from tests.companion.test_korean_pages import visible_text
from tests.companion.test_pages import FIXTURE, csrf


def history_after_lays(client, lays: int) -> str:
    """The recorded 1888-N game imported up to its ``lays``-th tile lay: the history page's
    code (the spectator's page is enough: the history is the same for all)."""
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    at = [i for i, a in enumerate(rec["actions"]) if a["type"] == "lay_tile"][lays - 1]
    cut = json.dumps(dict(rec, actions=rec["actions"][:at + 1])).encode()
    r = client.post("/import", data={"record": (io.BytesIO(cut), "cut.json"),
                                     "csrf_token": csrf(client.get("/"))},
                    content_type="multipart/form-data")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1), rec, at


@pytest.mark.skipif("1888-N" not in titles.TITLES or not FIXTURE.exists(),
                    reason="1888-N or its recorded game is not here")
def test_the_history_says_a_tiles_rotation_in_words(client):
    code, rec, at = history_after_lays(client, 6)
    lays = [a for a in rec["actions"][:at + 1] if a["type"] == "lay_tile"]
    turned = {a["rotation"] for a in lays}
    assert 0 in turned and turned - {0}, turned        # both kinds are in the cut
    invite = client.get(f"/tables/{code}/invite").get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', invite).group(1)
    r = client.post(join.replace("&amp;", "&"), data={
        "player": rec["players"][0]["id"], "csrf_token": csrf(client.get(join))})
    assert r.status_code == 303
    for lang, words in (("en", {0: "not turned", 1: "turned 1 side clockwise",
                                **{n: f"turned {n} sides clockwise" for n in range(2, 6)}}),
                        ("ko", {0: "돌리지 않음",
                                **{n: f"시계 방향으로 {n}칸 돌림" for n in range(1, 6)}})):
        client.set_cookie("lang", lang)
        text = " ".join(visible_text(client.get(f"/tables/{code}/history")
                                     .get_data(as_text=True)).split())
        assert not re.search(r"(?i)rotation \d|side \d\)|회전 \d|\d번 방향", text), lang
        for n in turned:
            assert f"({words[n]})" in text, (lang, n)            # the event's line
            assert f": {words[n]})" in text, (lang, n)           # the step's summary


@pytest.mark.parametrize("title", [t for t in titles.TITLES
                                   if "tile_laid" in words_of(titles.TITLES[t])[0]])
def test_every_titles_tile_words_say_the_rotation_in_words(app, title):
    """Each title's tile lay (its event, its board text, the refusals that name a
    rotation) in both languages, from params with rotation 3: no raw rotation."""
    from flask import g

    from companion.present import words_text
    table, _ = words_of(titles.TITLES[title])
    params = {"corporation": "LYR", "company": "LYR", "hex": "B5", "tile": "57",
              "rotation": 3, "cost": 0, "tp": 1, "edge": 2}
    codes = [c for c in ("tile_laid", "track_off_board", "track_not_kept",
                         "track_unconnected") if c in table]
    for lang, said in (("en", "turned 3 sides clockwise"), ("ko", "시계 방향으로 3칸 돌림")):
        texts = []
        with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
            g.words = words_of(titles.TITLES[title])
            for code in codes:
                for key in ("message", "board"):
                    m = {"code": code, "message": f"engine text of {code}",
                         "board": "engine board text", "params": params}
                    text = words_text(m, key)
                    if text is None:
                        continue
                    assert "rotation" not in text and "회전" not in text, \
                        (title, lang, code, key, text)
                    texts.append(text)
        assert any(said in t for t in texts), (title, lang, texts)
