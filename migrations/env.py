"""alembic environment: runs on the app's connection, or on DATABASE_URL from the command line."""
import os
from logging.config import fileConfig
from pathlib import Path

from alembic import context
from sqlalchemy import create_engine

from companion import models  # noqa: F401  (registers the tables on SQLModel.metadata)
from companion.store import normalize_url
from sqlmodel import SQLModel

config = context.config
target_metadata = SQLModel.metadata


def url() -> str:
    configured = config.get_main_option("sqlalchemy.url")
    if configured:
        return configured
    env = os.environ.get("DATABASE_URL")
    if env:
        return normalize_url(env)
    return f"sqlite:///{Path(__file__).resolve().parents[1] / 'instance' / 'companion.db'}"


def run_offline():
    context.configure(url=url(), target_metadata=target_metadata, literal_binds=True,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online():
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    if config.config_file_name is not None:
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    engine = create_engine(url())
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
