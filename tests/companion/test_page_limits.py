"""Issue 24: a page post's body limit holds before anything reads the body (the CSRF check
reads the form first): ``POST /new`` over 64 KB is 413 and makes no table, an import over
1 MB is 413 and a big post without a session is 413, its body not read (a declared
Content-Length over the limit: nothing; a streamed one: cut at the limit)."""
from __future__ import annotations

import io
import re

import pytest
from sqlalchemy import func, select

from companion.models import TableRow
from tests.companion.test_pages import double  # noqa: F401 (fixture)


@pytest.fixture
def app(tmp_path):
    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "t",       # CSRF on, as served
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.db'}"})
    yield app
    app.extensions["companion.store"].dispose()


def csrf(client) -> str:
    page = client.get("/new?title=double-18").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def tables(app) -> int:
    with app.extensions["companion.store"].read() as s:
        return s.execute(select(func.count()).select_from(TableRow)).scalar_one()


class Body(io.RawIOBase):
    """A multipart body of ``size`` bytes made as it is read, counting what was read."""

    def __init__(self, size: int):
        self.head = (b'--x\r\nContent-Disposition: form-data; name="record"; '
                     b'filename="g.json"\r\nContent-Type: application/json\r\n\r\n')
        self.size, self.read_bytes = size, 0

    def readable(self):
        return True

    def readinto(self, buf) -> int:
        n = min(len(buf), self.size - self.read_bytes)
        if n <= 0:
            return 0
        start = self.read_bytes
        chunk = (self.head + b"x" * n)[start:start + n] if start < len(self.head) else b"x" * n
        buf[:len(chunk)] = chunk
        self.read_bytes += len(chunk)
        return len(chunk)


def test_a_new_table_post_over_64_kb_is_413_and_makes_no_table(app, double):  # noqa: F811
    client = app.test_client()
    token = csrf(client)
    ok = client.post("/new", data={"csrf_token": token, "title": "double-18",
                                   "player": ["Ann", "Bo"], "seed": "1"})
    assert ok.status_code == 303 and tables(app) == 1           # the token is good
    r = client.post("/new", data={"csrf_token": token, "title": "double-18",
                                  "player": ["Ann", "Bo"], "seed": "1", "note": "x" * 200_000})
    assert r.status_code == 413
    assert tables(app) == 1


def test_an_import_over_1_mb_is_413(app, double):  # noqa: F811
    client = app.test_client()
    r = client.post("/import", content_type="multipart/form-data",
                    data={"csrf_token": csrf(client),
                          "record": (io.BytesIO(b"[" + b" " * (5 * 1024 * 1024) + b"]"),
                                     "g.json")})
    assert r.status_code == 413
    assert tables(app) == 0


def post_body(client, path: str, body: Body, declared: bool = True):
    """``body`` posted as it is read (declared: with its Content-Length; else streamed, with
    none, the server saying where it ends, as gunicorn does for a chunked body)."""
    environ = {"wsgi.input": body, "CONTENT_TYPE": "multipart/form-data; boundary=x"}
    if declared:
        environ["CONTENT_LENGTH"] = str(body.size)
    else:
        environ["wsgi.input_terminated"] = True
    return client.post(path, environ_overrides=environ)


def test_a_big_post_without_a_session_is_413_unread(app):
    client = app.test_client()
    for path in ("/import", "/new", "/tables/abc/act", "/prefs"):
        body = Body(50 * 1024 * 1024)
        r = post_body(client, path, body)
        assert r.status_code == 413, (path, r.status_code)
        assert body.read_bytes == 0, path               # the declared length was enough


def test_a_streamed_post_is_cut_at_the_limit(app):
    client = app.test_client()
    for path, limit in (("/new", app.config["PAGE_MAX_BODY"]),
                        ("/import", app.config["IMPORT_MAX_BYTES"])):
        body = Body(40 * 1024 * 1024)
        r = post_body(client, path, body, declared=False)
        assert r.status_code == 413, (path, r.status_code)
        assert body.read_bytes <= limit + 64 * 1024, (path, body.read_bytes)
