"""Persistence model (SQLModel): tables, seats, devices, the action log, snapshots,
idempotency keys and undo requests.

The action log is append-only: one row per accepted action, ``(table_id, version)``
unique, written in the same transaction that raises ``tables.version``. Everything a
phone sees is derived from it; snapshots only make reloading a long game fast.

Schema changes go through alembic (``migrations/``), never ``create_all``.
JSON payloads are stored as text (``json.dumps``) so that a stored answer is
returned byte for byte the same on a retried request.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import (BigInteger, Boolean, Column, DateTime, LargeBinary, Text,
                        UniqueConstraint, false)
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _ts(**kw):
    return Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False,
                                                          **kw))


class TableRow(SQLModel, table=True):
    """One table: a game of a title, shared by every phone around it."""
    __tablename__ = "tables"
    id: Optional[int] = Field(default=None, primary_key=True)
    code: str = Field(max_length=32, unique=True, index=True)
    title: str = Field(max_length=64)
    options: str = Field(sa_column=Column(Text, nullable=False))   # JSON
    players: str = Field(sa_column=Column(Text, nullable=False))   # JSON, engine-normalized
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    version: int = Field(default=0)                                 # = number of log rows
    invite_hash: str = Field(max_length=64)
    created_at: datetime = _ts()
    # the table clock (companion/table_clock.py): on or off, and its state as JSON (None until
    # it was first switched on); read with the version by a post, written with it when on
    clock_on: bool = Field(default=False, sa_column=Column(Boolean, nullable=False,
                                                          server_default=false()))
    clock: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))


class Seat(SQLModel, table=True):
    """A player's place at a table (the engine's player id and name)."""
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "player"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id", index=True)
    player: str = Field(max_length=32)
    name: str = Field(max_length=64)


class Device(SQLModel, table=True):
    """A credential: a seat token (``role='seat'``) or the spectator token.

    Only a SHA-256 of the token is stored. Every phone that joins a seat gets its
    own device (and token), so the log can say from which device a step came.
    """
    __tablename__ = "devices"
    id: Optional[int] = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id", index=True)
    role: str = Field(max_length=16)                  # "seat" | "spectator"
    player: Optional[str] = Field(default=None, max_length=32)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    label: str = Field(default="", max_length=80)
    created_at: datetime = _ts()


class ActionRow(SQLModel, table=True):
    """The log: one accepted action, who entered it, from which seat and device, when."""
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "version", name="uq_actions_table_version"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    version: int
    action: str = Field(sa_column=Column(Text, nullable=False))    # JSON
    events: str = Field(sa_column=Column(Text, nullable=False))    # JSON
    player: Optional[str] = Field(default=None, max_length=32)     # the seat that entered it
    name: str = Field(default="", max_length=64)                   # that seat's player name
    device_id: Optional[int] = Field(default=None)
    device_label: str = Field(default="", max_length=80)
    created_at: datetime = _ts()


class Snapshot(SQLModel, table=True):
    """A pickled live game at ``version``; used only if ``fingerprint`` matches the engine."""
    __tablename__ = "snapshots"
    table_id: int = Field(foreign_key="tables.id", primary_key=True)
    version: int = Field(primary_key=True)
    fingerprint: str = Field(max_length=64)
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = _ts()


class IdempotencyKey(SQLModel, table=True):
    """The stored answer to a post made with a client-chosen key."""
    __tablename__ = "idempotency_keys"
    table_id: int = Field(foreign_key="tables.id", primary_key=True)
    key: str = Field(max_length=128, primary_key=True)
    request_hash: str = Field(max_length=64)
    status: int
    response: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    created_at: datetime = _ts()


class UndoRequest(SQLModel, table=True):
    """A request to undo a step another seat entered, and that seat's answer."""
    __tablename__ = "undo_requests"
    id: Optional[int] = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id", index=True)
    step_version: int                       # log version of the step to undo
    step_player: str = Field(max_length=32)  # the seat whose consent is needed
    # undo back to a chosen point: the first log version taken back, and the request (its
    # first row's id) that every row asked for it shares; None for the single undo
    to_version: Optional[int] = Field(default=None)
    group_id: Optional[int] = Field(default=None)
    requested_by: str = Field(max_length=32)
    status: str = Field(default="pending", max_length=16)  # pending|approved|declined|used|void
    created_at: datetime = _ts()
    answered_at: Optional[datetime] = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
