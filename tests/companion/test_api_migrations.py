"""The schema comes from alembic, and the models agree with the migrations."""
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlmodel import SQLModel

from companion import models  # noqa: F401
from companion.store import Store, migrate


def test_migrations_make_the_models_schema(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    migrate(store)
    migrate(store)                      # running it again at the next start changes nothing
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
        assert diff == []
        uniques = inspect(conn).get_unique_constraints("actions")
        assert {"name": "uq_actions_table_version", "column_names": ["table_id", "version"]} in [
            {k: u[k] for k in ("name", "column_names")} for u in uniques]
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
