"""Fixtures for the server tests that need PostgreSQL and Redis (marker ``services``).

Without ``CI=true`` a missing service skips those tests; with ``CI=true`` it fails them
(CI must not pass by skipping). Each run gets its own PostgreSQL schema in database
``test`` (dropped afterwards) and its own Redis channel prefix.

``TEST_POSTGRES_URL`` (default ``postgresql://postgres@127.0.0.1:5432/test``, then user
root) and ``TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/0``) point elsewhere.
"""
from __future__ import annotations

import os
import uuid
from urllib.parse import quote

import pytest

PG_URLS = [os.environ["TEST_POSTGRES_URL"]] if os.environ.get("TEST_POSTGRES_URL") else [
    "postgresql://postgres@127.0.0.1:5432/test", "postgresql://root@127.0.0.1:5432/test"]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def unavailable(what: str, err: Exception):
    message = f"{what} is unreachable ({type(err).__name__}: {err}); the services tests need it"
    if in_ci():
        pytest.fail(f"CI=true: {message}.", pytrace=False)
    pytest.skip(f"{message} (set CI=true to make this a failure).")


def _schema_url(url: str, schema: str) -> str:
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture(scope="session")
def postgres_server():
    """(admin connection, base URL) of the test PostgreSQL."""
    import psycopg
    errors = []
    for url in PG_URLS:
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=3)
            break
        except Exception as exc:
            errors.append(exc)
    else:
        unavailable("PostgreSQL", errors[-1])
    yield conn, url
    conn.close()


def _fresh_schema(postgres_server):
    """Yield a PostgreSQL URL whose search_path is a new schema; drop the schema afterwards."""
    conn, url = postgres_server
    schema = f"companion_test_{uuid.uuid4().hex[:10]}"
    conn.execute(f'CREATE SCHEMA "{schema}"')
    yield _schema_url(url, schema)
    conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(scope="session")
def postgres_url(postgres_server):
    """A fresh schema shared by the whole run."""
    yield from _fresh_schema(postgres_server)


@pytest.fixture
def fresh_postgres_url(postgres_server):
    """Like ``postgres_url``, but a schema of this test alone."""
    yield from _fresh_schema(postgres_server)


@pytest.fixture(scope="session")
def redis_url():
    import redis
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
        client.ping()
    except Exception as exc:
        unavailable("Redis", exc)
    yield REDIS_URL
    client.close()


@pytest.fixture
def redis_prefix(redis_url):
    """A channel prefix of this test alone; its rate-limit keys are removed afterwards."""
    import redis
    prefix = f"companion-test-{uuid.uuid4().hex[:10]}"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(f"{prefix}*"):
        client.delete(key)
    client.close()


@pytest.fixture(scope="module")
def relay():
    """The relay test-double title, registered for one test module and removed after it."""
    from engine import titles
    from tests.companion import doubles
    had = doubles.TITLE_ID in titles.TITLES
    doubles.register()
    yield
    if not had:
        titles.TITLES.pop(doubles.TITLE_ID, None)
