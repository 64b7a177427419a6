"""Issue 24: a page sends the phone back only to this site's own paths (``POST /prefs``'s
``next``; :func:`companion.security.safe_path`): a tab, a newline, a backslash, ``//host`` or
a scheme in it and the phone goes home instead (no redirect to another site, no 500)."""
from __future__ import annotations

import pytest

from companion.security import safe_path

OTHER_SITES = ["/%09/evil.example", "/%0A/evil.example", "/%0D%0A/evil.example",
               "//evil.example", "/\\evil.example", "/%5Cevil.example", "\\\\evil.example",
               "https://evil.example", "http:/evil.example", "javascript:alert(1)",
               "/%2F/evil.example", "/ /evil.example", "/%E2%80%8B/evil.example", "", "evil"]


@pytest.fixture
def client(tmp_path):
    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}"})
    yield app.test_client()
    app.extensions["companion.store"].dispose()


def prefs(client, encoded_next: str):
    """``POST /prefs`` with ``next`` as a browser's form sends it (percent-encoded)."""
    return client.post("/prefs", data=f"lang=en&next={encoded_next}",
                       content_type="application/x-www-form-urlencoded")


@pytest.mark.parametrize("target", OTHER_SITES)
def test_prefs_never_sends_the_phone_to_another_site(client, target):
    r = prefs(client, target)
    assert r.status_code == 303, r.status_code
    assert r.headers["Location"].startswith("/?p="), r.headers["Location"]


@pytest.mark.parametrize("target", ["/tables/abc", "/tables/abc?fragment=1", "/scores/x?tz=Asia/Seoul"])
def test_prefs_keeps_a_path_of_this_site(client, target):
    r = prefs(client, target.replace("?", "%3F").replace("&", "%26"))
    assert r.status_code == 303
    location = r.headers["Location"]
    assert location.startswith(target + ("&p=" if "?" in target else "?p=")), location


@pytest.mark.parametrize("value", ["/\t/evil.example", "/\n/evil.example", "/\\evil.example",
                                   "//evil.example", "/\\\\evil", "https://evil.example",
                                   "/%09/evil.example", "/\x00", "/a\u2028b", None, 7])
def test_safe_path_refuses_what_a_browser_reads_as_another_site(value):
    assert safe_path(value) == "/"
    assert safe_path(value, default="/tables/x") == "/tables/x"


def test_safe_path_keeps_this_sites_paths():
    assert safe_path("/") == "/"
    assert safe_path("/tables/abc?x=1&y=2") == "/tables/abc?x=1&y=2"
    assert safe_path("/tables/한") == "/tables/%ED%95%9C"
