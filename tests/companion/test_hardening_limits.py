"""Items 2 and 8 of issue 16: the pages' set-up posts (POST /new, POST /import) are rate limited
like the JSON API's table creation, an import's body is capped; behind a trusted proxy each
phone's own address is counted (off by default: anyone can send X-Forwarded-For).

The limits count in windows aligned to the clock: the clock the limiter reads is held at noon
(UTC) of today, so no window ends between two posts of a test, whenever it runs (one started just
before midnight counted its last posts in the next day's window)."""
from __future__ import annotations

import io
import time
import types

import pytest

from tests.companion.test_pages import FIXTURE, double  # noqa: F401 (fixture)


@pytest.fixture(autouse=True)
def noon(monkeypatch):
    from companion import ratelimit
    held = (time.time() // 86400) * 86400 + 43200
    monkeypatch.setattr(ratelimit, "time", types.SimpleNamespace(time=lambda: held))


def make(tmp_path, **config):
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.db'}", **config})


def new(client, **kw):
    return client.post("/new", data={"title": "double-18", "player": ["Ann", "Bo"], "seed": "1"},
                       **kw)


def test_new_tables_from_the_page_are_rate_limited(tmp_path, double):  # noqa: F811
    client = make(tmp_path, RATELIMIT_CREATE="5 per day").test_client()
    answers = [new(client).status_code for _ in range(7)]
    assert answers == [303] * 5 + [429] * 2
    r = new(client)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    # the page and the JSON API share one count per address
    api = client.post("/api/tables", json={"title": "double-18", "players": ["A", "B"]})
    assert api.status_code == 429


def test_imports_are_rate_limited_and_capped(tmp_path):
    client = make(tmp_path, RATELIMIT_IMPORT="2 per day", IMPORT_MAX_BYTES=200_000
                  ).test_client()
    record = FIXTURE.read_bytes()
    assert len(record) < 200_000

    def post(body):
        return client.post("/import", content_type="multipart/form-data",
                           data={"record": (io.BytesIO(body), "game.json")})
    assert post(record).status_code == 303
    assert post(b"x" * 300_000).status_code == 413     # not parsed: over the cap
    assert post(record).status_code == 429


def test_a_big_upload_is_refused_at_the_default_cap(tmp_path):
    client = make(tmp_path).test_client()
    r = client.post("/import", content_type="multipart/form-data",
                    data={"record": (io.BytesIO(b"[" + b" " * (2 * 1024 * 1024) + b"]"), "g.json")})
    assert r.status_code == 413


def test_other_page_posts_are_capped_too(tmp_path, double):  # noqa: F811
    client = make(tmp_path).test_client()
    r = client.post("/new", data={"title": "double-18", "player": ["Ann", "x" * 100_000]})
    assert r.status_code == 413


# -- item 8: trusted proxies ---------------------------------------------------------------------
def two_phones_behind_a_proxy(client):
    """Two posts from two phones whose proxy says who they are."""
    return [client.post("/api/tables", json={"title": "double-18", "players": ["A", "B"]},
                        headers={"X-Forwarded-For": addr}).status_code
            for addr in ("10.0.0.1", "10.0.0.2")]


def test_forwarded_addresses_are_ignored_by_default(tmp_path, double):  # noqa: F811
    client = make(tmp_path, RATELIMIT_CREATE="1 per day").test_client()
    assert two_phones_behind_a_proxy(client) == [201, 429]       # one address: the proxy's


def test_a_trusted_proxy_gives_each_phone_its_own_limit(tmp_path, double):  # noqa: F811
    client = make(tmp_path, RATELIMIT_CREATE="1 per day", TRUSTED_PROXIES=1).test_client()
    assert two_phones_behind_a_proxy(client) == [201, 201]
    r = client.post("/api/tables", json={"title": "double-18", "players": ["A", "B"]},
                    headers={"X-Forwarded-For": "10.0.0.1"})
    assert r.status_code == 429                                  # that phone's second


def test_trusted_proxies_from_the_environment(tmp_path, monkeypatch, double):  # noqa: F811
    monkeypatch.setenv("COMPANION_TRUSTED_PROXIES", "1")
    client = make(tmp_path, RATELIMIT_CREATE="1 per day").test_client()
    assert two_phones_behind_a_proxy(client) == [201, 201]
    monkeypatch.setenv("COMPANION_TRUSTED_PROXIES", "-1")
    with pytest.raises(ValueError):
        make(tmp_path)
