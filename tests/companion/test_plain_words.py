"""Plain words (issue 12) without a browser: money in the table's currency in a refusal, the
history's times in the phone's time zone (its ``tz`` cookie) or said as UTC, flags and ids not
shown raw."""
import re

import pytest

from tests.browser import double_title
from tests.companion.test_pages import form_data, seated


@pytest.fixture
def double(monkeypatch):
    from engine import titles
    monkeypatch.setitem(titles.TITLES, double_title.ID, double_title.SPEC)
    return double_title.SPEC


def test_a_korean_refusal_says_money_in_the_tables_currency(client, double):
    code, _, _ = seated(client)
    client.set_cookie("lang", "ko")
    data = form_data(client.get(f"/tables/{code}").get_data(as_text=True), "bid")
    data["amount"] = "350"
    r = client.post(f"/tables/{code}/act", data=data)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "입찰은 최대 ¥300까지입니다." in page and "$300" not in page


def test_history_times_are_utc_until_the_phone_says_its_zone(client, double):
    code, _, _ = seated(client)
    client.post(f"/tables/{code}/act",
                data=form_data(client.get(f"/tables/{code}").get_data(as_text=True), "pass"))
    page = client.get(f"/tables/{code}/history").get_data(as_text=True)
    iso, shown = re.search(r'<time datetime="([^"]+)" data-utc>(\d\d:\d\d:\d\d UTC)</time>',
                           page).groups()
    assert iso.endswith("Z") and iso[11:19] == shown[:8]
    client.set_cookie("tz", "540")                       # the script's cookie: Seoul
    page = client.get(f"/tables/{code}/history").get_data(as_text=True)
    shown = re.search(r'<time datetime="[^"]+">([^<]+)</time>', page).group(1)
    hour = (int(iso[11:13]) + 9) % 24
    assert shown == f"{hour:02d}{iso[13:19]}"            # local time, no "UTC"
    client.set_cookie("tz", "nonsense")
    assert " UTC</time>" in client.get(f"/tables/{code}/history").get_data(as_text=True)


def test_the_times_script_is_allowed_by_the_pages_policy(client, double):
    code, _, _ = seated(client)
    r = client.get(f"/tables/{code}/history")
    script = re.search(r"<script>(\(function\(\)\{var o=-new Date.*?)</script>",
                       r.get_data(as_text=True), re.S).group(1)
    import base64
    import hashlib
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in r.headers["Content-Security-Policy"]


def _say(app, title, message, lang="en"):
    from companion import present
    from engine import titles
    from engine.words import words_of
    with app.test_request_context(headers={"Accept-Language": lang}):
        spec = titles.TITLES[title]
        present.use_table({"players": [{"id": "1", "name": "Ann"}], "currency": spec.currency},
                          words_of(spec))
        return present.engine_text(message)


@pytest.mark.parametrize("lang, said", [
    ("en", "RR buys a 2-train from BR for ₩54."),
    ("ko", "RR이 BR에게서 2열차를 ₩54에 삽니다."),
])
def test_a_train_is_named_by_its_kind_never_by_its_id(app, lang, said):
    bought = {"code": "train_bought", "message": "RR buys train 2-0 from BR for ₩54.",
              "params": {"corporation": "RR", "train": "2-0", "seller": "BR", "price": 54}}
    text = _say(app, "1899-DAIHAN", bought, lang)
    assert "2-0" not in text
    if lang == "en":
        assert text == said


def test_an_operating_round_is_said_plainly(app):
    started = {"code": "round_started", "message": "Operating round 7.1 of 1.",
               "params": {"turn": 7, "number": 1, "total": 1}}
    assert _say(app, "1888-N", started) == "Operating round 7.1 (1 of 1 in this set)."
    assert _say(app, "1888-N", started, "ko") == "운영 라운드 7.1 (이번 묶음 1번 중 1번째)."


def test_an_engine_id_in_english_gives_way_to_the_words(app):
    fix = {"code": "fix.share_price", "message": "share_price", "params": {}}
    assert _say(app, "18Lilliput", fix) == "Correct a share price"
    taken = {"code": "card_taken", "message": "Cy takes card A4 for its effect 'company_cash'.",
             "params": {"player": "1", "card": "A4", "effect": "company_cash"}}
    assert "company_cash" not in _say(app, "18Lilliput", taken)


def test_plain_values_and_names_in_the_titles_words(app):
    from companion import present
    from engine import titles
    from engine.words import words_of
    with app.test_request_context(headers={"Accept-Language": "ko"}):
        present.use_table({"players": [], "currency": "₩"}, words_of(titles.TITLES["18Korea"]))
        assert present.value_text({"t": "company", "v": "WSR", "name": "Wonsan Railway"}) == \
            "WSR (원산철도)"
        assert present.value_text({"t": "text", "v": "green"}) == "초록"
        present.use_table({"players": [], "currency": "₩"},
                          words_of(titles.TITLES["1899-DAIHAN"]))
        assert present.value_text({"t": "text", "v": "Busan"}) == "부산"
        assert present.value_text({"t": "company", "v": "C",
                                   "name": "Mining Partnership Co."}) == "C (광업합자회사)"
        assert present.value_text({"t": "flag", "v": True}) == "✓"


def test_the_rust_message_says_who_loses_trains(app):
    rusted = {"code": "trains_rusted", "message": "2-trains rust: JHR (2-0, 2-1), the pool (2-3).",
              "board": "Remove the 2-trains from JHR, the pool and out of the game.",
              "params": {"trains": {"JHR": ["2-0", "2-1"], "the pool": ["2-3"]}, "types": ["2"],
                         "holders": ["JHR", "the pool"]}}
    assert _say(app, "1888-N", rusted) == "2-trains rust and leave the game (from JHR, the pool)."
    assert _say(app, "1888-N", rusted, "ko") == \
        "2열차가 폐차되어 게임에서 빠집니다 (잃는 곳: JHR, 은행 풀)."
    korea = {"code": "rust", "message": "The 4-train is bought: all 2-trains are removed.",
             "params": {"train": "2", "companies": ["WSR", "SR (2)"]}}
    assert _say(app, "18Korea", korea, "ko") == \
        "모든 2열차가 폐차되어 게임에서 빠집니다 (잃는 회사: WSR, SR (2))."
    korea["params"]["companies"] = []
    assert _say(app, "18Korea", korea, "ko") == "모든 2열차가 폐차되어 게임에서 빠집니다."


def test_a_step_from_a_seat_link_made_with_the_table_names_no_internal_label(app, client):
    """The seats' links made with the table (through the API) carry the label "created": the
    pages say "a phone", not that word."""
    r = client.post("/api/tables", json={"title": "1888-N", "players": ["Ann", "Bo"], "seed": 2})
    table = r.get_json()
    code, token = table["code"], table["seats"][0]["token"]
    st = client.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {token}"}).get_json()
    entry = next(e for e in st["legal"] if e["type"] == "pass")
    assert client.post(f"/api/tables/{code}/actions", headers={"Authorization": f"Bearer {token}"},
                       json={"action": {"type": "pass", "entity": entry["entity"]},
                             "expected_version": 0, "key": "k"}).status_code == 200
    phone = app.test_client()
    assert phone.get(f"/tables/{code}/watch?token={table['seats'][1]['token']}").status_code == 303
    for path in (f"/tables/{code}", f"/tables/{code}/history"):
        html = phone.get(path).get_data(as_text=True)
        assert "created" not in html and "a phone" in html, path
