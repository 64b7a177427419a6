"""What the JSON-API tests on the relay double share: the double registered as a title
(``relay``, autouse where imported), the database each test runs on (the embedded SQLite and,
marker ``services``, PostgreSQL) and an app made on it. A test module takes them with
``from tests.companion.relay_tables import TITLE, database, make_app, relay  # noqa: F401``."""
from __future__ import annotations

import pytest

from companion import create_app
from engine import titles
from tests.companion import doubles

TITLE = doubles.TITLE_ID


@pytest.fixture(autouse=True)
def relay(monkeypatch):
    monkeypatch.setitem(titles.TITLES, TITLE, doubles.SPEC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.services)])
def database(request, tmp_path):
    """Every test that asks for it runs on the embedded SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'api.db'}"
    return request.getfixturevalue("fresh_postgres_url")


def make_app(database, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database,
                       **config})
