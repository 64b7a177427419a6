"""The server-rendered pages without a browser: set-up, seats, forms, errors, languages,
the PWA's files, exports, import, and the first render's size."""
import gzip
import io
import json
import re

import pytest

from tests.browser import double_title
from tests.conftest import SHARED
from tests.companion.shown import shown

FIXTURE = SHARED / "fixtures" / "18xx-games" / "1888-N" / "128097.json"


@pytest.fixture
def double(monkeypatch):
    from engine import titles
    monkeypatch.setitem(titles.TITLES, double_title.ID, double_title.SPEC)
    return double_title.SPEC


def fields(form: str) -> dict:
    """The named, valued inputs of one rendered form."""
    return dict(re.findall(r'<input[^>]*?name="(\w+)"[^>]*?value="([^"]*)"', form))


def form_data(html: str, kind: str) -> dict:
    """The fields of the first form for a ``kind`` action on a table page."""
    return fields(re.search(rf'<form[^>]*data-type="{kind}".*?</form>', html, re.S).group(0))


def csrf(resp):
    return re.search(r'name="csrf_token" value="([^"]+)"', resp.get_data(as_text=True)).group(1)


def new_table(client, players=("Ann", "Bo"), title=double_title.ID, **extra):
    token = csrf(client.get(f"/new?title={title}"))
    data = {"title": title, "player": list(players), "seed": "3", "csrf_token": token, **extra}
    return client.post("/new", data=data)


def seated(client, player="1", **kw):
    r = new_table(client, **kw)
    assert r.status_code == 303
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    join = join.replace("&amp;", "&")
    r = client.post(join, data={"player": player, "csrf_token": csrf(client.get(join))})
    assert r.status_code == 303 and r.headers["Location"] == f"/tables/{code}"
    return code, join, html


def test_index_offers_set_up_join_and_import(client, double):
    html = client.get("/").get_data(as_text=True)
    assert 'data-title="double-18"' in html and 'name="record"' in html
    assert 'rel="manifest"' in html


def test_new_table_form_reports_a_player_count_the_title_refuses(client, double):
    r = new_table(client, players=("Solo",))
    assert r.status_code == 422
    assert "2–4" in r.get_data(as_text=True)


def test_new_table_options_come_from_their_declared_params(client, double):
    html = client.get(f"/new?title={double_title.ID}").get_data(as_text=True)
    assert 'type="checkbox" name="option.short"' in html            # a flag: a checkbox
    assert 'type="radio" name="option.pace" value="calm" checked' in html   # a choice: radios
    assert 'name="option.pace" value="brisk"' in html and "Brisk" in html
    assert "Play at your pace." in html                               # the rule under it
    code, _, _ = seated(client, **{"option.short": "on", "option.pace": "brisk"})
    rec = client.get(f"/tables/{code}/export.json").get_json()
    assert rec["options"] == {"short": True, "pace": "brisk"}
    r = new_table(client, **{"option.pace": "wild"})                  # the engine refuses it
    assert r.status_code == 422 and "wild" in r.get_data(as_text=True)


def test_new_table_shows_a_titles_rule_readings_in_the_page_language(client):
    from engine.titles import get
    spec = get("18Korea")
    html = client.get("/new?title=18Korea").get_data(as_text=True)
    for name, param in spec.options.items():
        assert f'name="option.{name}" value="{param["default"]}" checked' in html
    assert "Forced train purchase" in html and "sum of all your shares and cash" in html
    html = client.get("/new?title=18Korea", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "강제 열차 구매" in html and "Forced train purchase" not in html


def test_forms_need_the_csrf_token(client, double):
    r = client.post("/new", data={"title": double_title.ID, "player": ["A", "B"]})
    assert r.status_code == 400


def test_invite_page_has_qr_codes_for_seats_and_spectators(client, double):
    code, join, html = seated(client)
    assert html.count("<svg") == 2 and "/watch?token=" in html
    assert "Ann" in html and "Bo" in html


def test_table_page_without_javascript_posts_and_redirects(client, double):
    code, _, _ = seated(client)
    page = client.get(f"/tables/{code}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Stock round 1" in html
    assert 'data-type="bid"' in html and 'type="number"' in html and 'min="50"' in html
    data = form_data(html, "pass")
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-version="1"' in html and "Ann: Pass" in html    # the history names who
    # the same form again (stale version): nothing is applied twice
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 409


def test_a_refused_step_shows_the_engines_message(client, double):
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    data = form_data(html, "bid")
    data["amount"] = "350"
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 422
    assert "The bid can be at most 300." in r.get_data(as_text=True)


def test_a_phone_without_a_seat_is_sent_to_the_invite(client, double, app):
    code, _, _ = seated(client)
    other = app.test_client()
    r = other.get(f"/tables/{code}")
    assert r.status_code == 403 and "no seat" in r.get_data(as_text=True)
    assert other.get("/tables/nosuchcode").status_code == 404


def test_spectator_link_watches_without_forms(client, double, app):
    code, _, html = seated(client)
    watch = re.search(r'id="watch-link" href="http://localhost([^"]+)"', html).group(1)
    tv = app.test_client()
    r = tv.get(watch.replace("&amp;", "&"))
    assert r.status_code == 303
    page = tv.get(f"/tables/{code}").get_data(as_text=True)
    # one live part for seats and watchers: the seats' forms are in it, and the watcher's own
    # style hides them (and shows its line)
    assert 'data-type="pass"' in page and "[data-seats]{display:none!important}" in page
    seen = shown(page, None)
    assert "watching" in seen and "Watching. Steps are entered" in seen
    assert "data-type=" not in seen and f"/tables/{code}/act" not in seen
    assert f"/tables/{code}/clock" not in seen
    seat = client.get(f"/tables/{code}").get_data(as_text=True)
    assert "[data-seats]{display:none" not in seat
    assert 'data-type="pass"' in shown(seat, "1") and "Watching." not in shown(seat, "1")


def test_a_watchers_hidden_forms_post_nothing(client, double, app):
    """A watcher's page carries the seats' forms (one part for every phone), hidden by its
    style; posted anyway, a form enters nothing: refused, and the game is as it was."""
    code, _, html = seated(client)
    watch = re.search(r'id="watch-link" href="http://localhost([^"]+)"', html).group(1)
    tv = app.test_client()
    tv.get(watch.replace("&amp;", "&"))
    page = tv.get(f"/tables/{code}").get_data(as_text=True)
    before = re.search(r'data-version="(\d+)"', page).group(1)
    data = form_data(page, "pass")
    data["csrf_token"] = csrf(tv.get(f"/tables/{code}"))
    r = tv.post(f"/tables/{code}/act", data=data, headers={"X-Live": "1"})
    assert r.status_code == 403
    again = client.get(f"/tables/{code}").get_data(as_text=True)
    assert re.search(r'data-version="(\d+)"', again).group(1) == before


def test_korean_from_accept_language_with_engine_messages_translated(client, double):
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}", headers={"Accept-Language": "ko-KR,ko;q=0.9"}).get_data(
        as_text=True)
    assert '<html lang="ko"' in html and "주식 라운드" in html and "¥400" in html
    data = form_data(html, "bid")
    data["amount"] = "350"
    r = client.post(f"/tables/{code}/act", data=data, headers={"Accept-Language": "ko"})
    assert "입찰은 최대 ¥300까지입니다." in r.get_data(as_text=True)   # money in the currency


def test_language_and_theme_switch_by_cookie(client):
    token = csrf(client.get("/"))
    r = client.post("/prefs", data={"lang": "ko", "theme": "dark", "next": "/",
                                    "csrf_token": token})
    assert r.status_code == 303
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="ko" data-theme="dark"' in html


def test_money_in_each_currency():
    from companion.i18n import money
    assert [money(1200, c) for c in "₩¥£$"] == ["₩1,200", "¥1,200", "£1,200", "$1,200"]
    assert money(-20, "₩") == "−₩20"


def test_manifest_service_worker_offline_and_brython(client):
    m = client.get("/manifest.webmanifest")
    assert m.mimetype == "application/manifest+json"
    data = json.loads(m.data)
    assert data["display"] == "standalone" and data["start_url"].startswith("/")
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200
    sw = client.get("/sw.js").get_data(as_text=True)
    assert "/offline" in sw and "/brython.js" in sw
    assert "You are offline" in client.get("/offline").get_data(as_text=True)
    b = client.get("/brython.js?v=1", headers={"Accept-Encoding": "gzip"})
    assert b.headers["Content-Encoding"] == "gzip" and "immutable" in b.headers["Cache-Control"]
    assert gzip.decompress(b.data).startswith(b"// brython.js")


def test_browser_python_imports_nothing_from_the_standard_library():
    from tests.conftest import ROOT
    src = (ROOT / "static" / "live.py").read_text()
    imports = re.findall(r"^\s*(?:from\s+(\S+)\s+import|import\s+(\S+))", src, re.M)
    assert {a or b for a, b in imports} <= {"browser", "javascript"}


def test_first_render_is_small(client, double):
    """Everything before the first render is the table page itself (CSS inlined)."""
    code, _, _ = seated(client)
    r = client.get(f"/tables/{code}", headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip"
    assert len(r.data) < 37 * 1024
    html = gzip.decompress(r.data).decode()
    assert re.search(r'<script src="/brython.js[^"]*" defer>', html)
    assert '<link rel="stylesheet"' not in html


def test_history_scores_and_exports(client, double):
    code, _, _ = seated(client)
    for _ in range(2):
        html = client.get(f"/tables/{code}").get_data(as_text=True)
        client.post(f"/tables/{code}/act", data={**form_data(html, "pass"), "confirm": "1"})
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert hist.count("entered by Ann") == 2
    rec = client.get(f"/tables/{code}/export.json").get_json()
    assert rec["title"] == double_title.ID and len(rec["actions"]) == 2
    csv = client.get(f"/tables/{code}/export.csv").data.decode("utf-8-sig").splitlines()
    assert csv[0].startswith("Round,Phase,Step,Step number,Section,Name,") \
        and csv[0].endswith(",Total")
    assert {line.split(",")[5] for line in csv[1:]} >= {"Ann", "Bo"}     # the per-round book
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert 'id="scores"' in scores and "<svg" in scores and "¥400" in scores


def test_correction_stands_out_in_the_history(client, double):
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    data = form_data(html, "correction")
    data.update({"cash": "390", "holder": '"2"', "reason": "miscounted at the table"})
    r = client.post(f"/tables/{code}/act", data=data)       # a correction asks once
    asked = r.get_data(as_text=True)
    assert r.status_code == 200 and "data-confirm" in asked and "Yes, enter it" in asked
    assert 'value="miscounted at the table"' in asked and 'name="confirm" value="1"' in asked
    assert 'class="fix"' not in asked                         # not counted yet
    r = client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'class="fix"' in html and "CORRECTION" in html and "miscounted" in html


def test_import_our_own_export_carries_on(client, double):
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    client.post(f"/tables/{code}/act", data=form_data(html, "pass"))
    rec = client.get(f"/tables/{code}/export.json").data
    token = csrf(client.get("/"))
    r = client.post("/import", data={"record": (io.BytesIO(rec), "game.json"), "csrf_token": token},
                    content_type="multipart/form-data")
    assert r.status_code == 303 and "/invite" in r.headers["Location"]


def test_import_rejects_what_is_not_a_record(client):
    token = csrf(client.get("/"))
    r = client.post("/import", data={"record": (io.BytesIO(b"{}"), "x.json"), "csrf_token": token},
                    content_type="multipart/form-data")
    assert r.status_code == 422


@pytest.mark.slow
def test_import_an_18xx_games_export_and_carry_on(client):
    from engine import titles
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its fixture is not here")
    token = csrf(client.get("/"))
    r = client.post("/import", data={"record": (io.BytesIO(FIXTURE.read_bytes()), "g.json"),
                                     "csrf_token": token}, content_type="multipart/form-data")
    assert r.status_code == 303
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1).replace("&amp;", "&")
    page = client.get(join)
    seat = re.search(r'data-seat="([^"]+)"', page.get_data(as_text=True)).group(1)
    client.post(join, data={"player": seat, "csrf_token": csrf(page)})
    table = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-version="559"' in table and "Game over" in table
    # the board drawn from the book's board section: 73 hexes, the tiles laid, the stations
    board = table[table.index('<svg class="board"'):]
    board = board[:board.index("</svg>")]
    assert board.count("<polygon") == 73 and "<title>C9 #8893</title>" in board
    assert "JZR" in board and board.count("<path") > 100
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert "¥5,596" in scores                      # the recorded game's winning score
    assert re.search(r"[A-Z]{2,3} \d+% at ¥[\d,]+: ¥[\d,]+", scores)   # a holding at its price
    assert "OR " in scores and "SR " in scores     # the chart's rounds, as the title names them
    ko = client.get(f"/tables/{code}/scores", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    assert "현금: ¥" in ko and "운영 " in ko


def test_1888n_book_corrected_through_the_core_correction_form(client):
    from engine import titles
    if "1888-N" not in titles.TITLES:
        pytest.skip("1888-N is not here")
    code, _, _ = seated(client, players=("Ann", "Bo", "Cy"), title="1888-N")
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    forms = re.findall(r'<form[^>]*data-type="correction".*?</form>', html, re.S)
    # one form per kind of correction (the core's own, or the engine's when it offers them)
    kinds = [re.search(r"<button>(.*?)</button>", f, re.S).group(1) for f in forms]
    assert len(forms) >= 3 and len(set(kinds)) == len(kinds)
    cash = next(f for f in forms if 'name="target"' in f)
    data = fields(cash)
    data.update({"target": '"2"', "amount": "50", "reason": "Bo was short-changed",
                 "confirm": "1"})
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[-3000:]
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'class="fix"' in html and "Bo was short-changed" in html and "¥850" in html


def test_history_says_each_step_in_the_titles_words(client):
    """A step's history line is the engine's description (its label, then each detail typed):
    money in the title's currency, words not keys, in English and Korean."""
    code, _, _ = seated(client, players=("Ann", "Bo", "Cy"), title="1888-N")
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    data = form_data(html, "bid")
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[-2000:]
    en = client.get(f"/tables/{code}/history").get_data(as_text=True)
    line = re.search(r"Ann: Bid on (\w+) \((?:Buys at face value: ✓, )?Price: ¥(\d+)\)", en)
    assert line, re.findall(r"<li[^>]*>.*?</li>", en, re.S)[:3]
    ko = client.get(f"/tables/{code}/history", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    assert re.search(rf"{line.group(1)}에 입찰 \((액면가로 매입: ✓, )?가격: ¥{line.group(2)}\)", ko)
