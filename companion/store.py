"""The database: engine from ``DATABASE_URL``, SQLite pragmas, sessions, migrations.

- SQLite (the embedded default, ``instance/companion.db``): WAL journal,
  ``synchronous=NORMAL`` by default: an answered action survives any crash of the
  server process (SIGKILL included: the commit is in the WAL file before the answer);
  only a power cut or kernel crash in the last moments before the OS writes it back
  could lose it. ``COMPANION_SQLITE_SYNCHRONOUS=FULL`` (or config
  ``SQLITE_SYNCHRONOUS``) fsyncs every commit: safe against power loss too, but each
  post then costs one fsync (~8 ms on the test VM: 8.3 ms a post instead of 2.1 ms).
  A busy timeout, and transactions that take the write lock up front
  (``BEGIN IMMEDIATE``) when :meth:`Store.write` is used, so two writers never
  deadlock on a lock upgrade.
- PostgreSQL (``postgresql://...``, driven by psycopg 3): writers lock the table's
  row with ``SELECT ... FOR UPDATE``, or (the usual post) raise its version in one
  autocommit statement that checks the old one (see ``tables.py``): either serializes
  posts to one table across every process and host. The pool keeps up to
  ``pool_size`` connections open (default 4; none is opened per request under load).

The schema is made by alembic (``migrations/``): :func:`migrate` runs
``upgrade head``; ``create_app`` calls it at start (under a PostgreSQL advisory
lock, so several processes starting at once do not race).
"""
from __future__ import annotations

import contextlib
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlmodel import Session

ROOT = Path(__file__).resolve().parent.parent
MIGRATION_LOCK = 184_018_818  # an arbitrary constant: pg_advisory_lock key for migrations


def normalize_url(url: str) -> str:
    """postgres:// and postgresql:// select psycopg 3 (SQLAlchemy would pick psycopg2)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, *, synchronous: str = "NORMAL", pool_size: int = 4) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=10, max_overflow=20, pool_pre_ping=False)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={synchronous.upper()}")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn):
            immediate = conn.get_execution_options().get("sqlite_immediate")
            # straight to the driver: this runs at every transaction, posts and reads alike
            conn.connection.driver_connection.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
        return engine
    # Per process: PostgreSQL's default max_connections (100) is shared by every process.
    # Every connection is kept once made: with some of them closed at every return, a busy
    # gevent worker (a greenlet holds its connection across each round trip) opened and closed
    # PostgreSQL connections all the time - a backend process started for one statement (~6% of
    # the worker's CPU at 200 tables, and more of PostgreSQL's own).
    # Few of them: a post or a read holds one for one or two statements, so four serve 100
    # actions a second per process; with 16 (the earlier default) the same load woke more
    # PostgreSQL backends for the same statements (PostgreSQL's CPU per action 0.80-0.84 ms
    # against 0.71-0.74 with 4: bench/README.md). Nothing holds one connection while asking for
    # a second (tests/companion/test_api.py runs every path on one); a request that finds them
    # all busy for 30 s gets 503 "busy".
    # No pre-ping (a round trip per checkout): a dropped connection fails one request with
    # 503 "unavailable" and is replaced.
    return create_engine(url, pool_size=pool_size, max_overflow=0, pool_timeout=30,
                         pool_recycle=1800)


class Store:
    def __init__(self, url: str, *, synchronous: str = "NORMAL", pool_size: int = 4):
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"SQLite synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.url = normalize_url(url)
        self.engine = make_engine(self.url, synchronous=synchronous, pool_size=pool_size)
        self.dialect = self.engine.dialect.name          # "sqlite" | "postgresql"
        self._write_engine = (self.engine.execution_options(sqlite_immediate=True)
                              if self.dialect == "sqlite" else self.engine)
        self._read_engine = (self.engine if self.dialect == "sqlite" else
                             self.engine.execution_options(isolation_level="AUTOCOMMIT"))

    def read_conn(self):
        """A Core connection for a few reads (PostgreSQL: autocommit, no BEGIN/ROLLBACK trips)."""
        return self._read_engine.connect()

    def read(self) -> Session:
        """A session for reading (no write lock taken)."""
        return Session(self.engine, expire_on_commit=False)

    @contextlib.contextmanager
    def write(self):
        """A session whose transaction commits on success and rolls back on error.

        On SQLite the write lock is taken when the transaction begins.
        """
        with Session(self._write_engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextlib.contextmanager
    def write_conn(self):
        """A Core connection in a write transaction (commit on success, rollback on error)."""
        with self._write_engine.begin() as conn:
            yield conn

    def dispose(self):
        self.engine.dispose()


def alembic_config(url: str):
    from alembic.config import Config
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", normalize_url(url).replace("%", "%%"))
    return cfg


def migrate(store: Store) -> None:
    """``alembic upgrade head`` on this store's database."""
    from alembic import command
    cfg = alembic_config(store.url)
    with store.engine.connect() as conn:
        if store.dialect == "postgresql":
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            conn.commit()
        try:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            conn.commit()
        finally:
            if store.dialect == "postgresql":
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                conn.commit()
