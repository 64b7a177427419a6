"""Item 4 of issue 16: every answer carries a Content-Security-Policy that forbids framing and
allows only this server's scripts (and the inline ones the templates hold, by hash), plus
nosniff, X-Frame-Options and Referrer-Policy; the session cookie is SameSite (Secure over
HTTPS)."""
from __future__ import annotations

import base64
import hashlib
import re

from tests.companion.test_pages import csrf, double, seated  # noqa: F401 (fixture)


def policy(r) -> dict[str, list[str]]:
    csp = r.headers["Content-Security-Policy"]
    out = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_kind_of_answer_carries_the_headers(client, double):  # noqa: F811
    code, _, _ = seated(client)
    for path in ("/", f"/tables/{code}", "/healthz", "/sw.js", "/offline",
                 f"/api/tables/{code}", "/no-such-page"):
        r = client.get(path)
        assert r.headers["X-Frame-Options"] == "DENY", path
        assert r.headers["X-Content-Type-Options"] == "nosniff", path
        assert r.headers["Referrer-Policy"] == "same-origin", path
        p = policy(r)
        assert p["frame-ancestors"] == ["'none'"], path
        assert p["object-src"] == ["'none'"] and p["form-action"] == ["'self'"], path
        assert "'unsafe-inline'" not in p["script-src"], path


def inline_scripts(html: str) -> list[str]:
    return [body for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
            if "src=" not in attrs and "text/python" not in attrs]


def test_the_table_pages_inline_scripts_are_allowed_by_hash(client, double):  # noqa: F811
    code, _, _ = seated(client)
    r = client.get(f"/tables/{code}")
    scripts = inline_scripts(r.get_data(as_text=True))
    assert len(scripts) >= 2                 # the boot script and the service worker's
    allowed = policy(r)["script-src"]
    for body in scripts:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed
    assert "'self'" in allowed and "'unsafe-eval'" in allowed     # brython.js and its eval
    connect = policy(r)["connect-src"]
    assert "ws://localhost" in connect and "'self'" in connect


def test_an_injected_inline_script_is_not_allowed(client, double):  # noqa: F811
    """A hash is only ever of what the templates hold: a script a page's data carried (here a
    player's name) would not run."""
    code, _, _ = seated(client, players=("<script>alert(1)</script>", "Bo"))
    r = client.get(f"/tables/{code}")
    digest = base64.b64encode(hashlib.sha256(b"alert(1)").digest()).decode()
    assert f"'sha256-{digest}'" not in policy(r)["script-src"]


def test_session_cookie_is_samesite_and_secure_over_https(app, client, double):  # noqa: F811
    r = client.get("/new?title=double-18")
    cookie = r.headers.get("Set-Cookie", "")
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie and "Secure" not in cookie
    client = app.test_client()                 # a new phone, over HTTPS
    r = client.get("/new?title=double-18", base_url="https://localhost")
    cookies = r.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in c and "SameSite=Lax" in c for c in cookies)
    # over HTTPS Flask-WTF wants a same-origin Referer: Referrer-Policy same-origin sends it
    r = client.post("/prefs", base_url="https://localhost",
                    headers={"Referer": "https://localhost/new?title=double-18"},
                    data={"lang": "ko", "next": "/", "csrf_token": csrf(r)})
    assert r.status_code in (302, 303) and r.headers.getlist("Set-Cookie")
    assert all("Secure" in c for c in r.headers.getlist("Set-Cookie"))
