"""A phone that joins without a name is named by what its browser says (the phone's model where
the User-Agent gives it, else the browser and the kind of device), never by the bare system:
before, every unnamed Android phone was "Linux" in the history."""
import re

import pytest

from tests.companion.test_pages import csrf, double, form_data, new_table  # noqa: F401

UAS = {
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.6099.144 Mobile Safari/537.36": "Chrome on Pixel 8",
    # Chrome's reduced User-Agent: the model is "K"
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/124.0.0.0 Mobile Safari/537.36": "Chrome on Android",
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) "
    "SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36": "Samsung Internet on SM-S911B",
    "Mozilla/5.0 (Linux; Android 9; SM-G960F Build/PPR1.180610.011; wv) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Version/4.0 Chrome/74.0.3729.157 Mobile Safari/537.36":
        "Chrome on SM-G960F",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/17.1 Mobile/15E148 Safari/604.1": "Safari on iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1": "Chrome on iPhone",
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/16.6 Mobile/15E148 Safari/604.1": "Safari on iPad",
    "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0": "Firefox on Android",
    "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0": "Firefox on Linux",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "HeadlessChrome/120.0.0.0 Safari/537.36": "Chrome on Linux",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0": "Edge on Windows",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.1 Safari/605.1.15": "Safari on Mac",
}
BARE = {"Linux", "Android", "iPhone", "iPad", "Mac", "Windows"}


@pytest.mark.parametrize("ua", list(UAS))
def test_a_phone_is_named_by_its_browser_and_model(ua):
    from companion.pages.seats import device_label
    assert device_label(ua) == UAS[ua]
    assert device_label(ua) not in BARE


def test_no_user_agent_is_an_unnamed_phone():
    from companion.pages.seats import device_label
    assert device_label("") == "browser" and device_label("curl/8.4.0") == "browser"


def _join_as(client, ua, **form):
    r = new_table(client)
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    join = join.replace("&amp;", "&")
    r = client.post(join, data={"player": "1", "csrf_token": csrf(client.get(join)), **form},
                    headers={"User-Agent": ua})
    assert r.status_code == 303
    page = client.get(f"/tables/{code}").get_data(as_text=True)
    client.post(f"/tables/{code}/act", data=form_data(page, "pass"))
    return code


def test_the_history_names_an_unnamed_phone_by_its_browser(client, double):  # noqa: F811
    pixel = next(ua for ua, name in UAS.items() if name == "Chrome on Pixel 8")
    code = _join_as(client, pixel)
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert "· Chrome on Pixel 8" in hist and "· Linux" not in hist
    client.set_cookie("lang", "ko")
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert "· Pixel 8의 Chrome" in hist


def test_a_name_the_player_gave_wins(client, double):  # noqa: F811
    pixel = next(iter(UAS))
    code = _join_as(client, pixel, device="Ann's phone")
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert "Ann&#39;s phone" in hist and "Pixel" not in hist
