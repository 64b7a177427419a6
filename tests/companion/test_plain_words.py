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
