"""tables, seats, devices, the action log, snapshots, idempotency keys, undo requests

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def ts(name, nullable=False):
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        ts("created_at"),
    )
    op.create_index("ix_tables_code", "tables", ["code"], unique=True)
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.UniqueConstraint("table_id", "player"),
    )
    op.create_index("ix_seats_table_id", "seats", ["table_id"])
    op.create_table(
        "devices",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("player", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        ts("created_at"),
    )
    op.create_index("ix_devices_table_id", "devices", ["table_id"])
    op.create_index("ix_devices_token_hash", "devices", ["token_hash"], unique=True)
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("player", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("device_id", sa.Integer, nullable=True),
        sa.Column("device_label", sa.String(80), nullable=False),
        ts("created_at"),
        sa.UniqueConstraint("table_id", "version", name="uq_actions_table_version"),
    )
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        ts("created_at"),
    )
    op.create_table(
        "idempotency_keys",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("response", sa.Text, nullable=False),
        ts("created_at"),
    )
    op.create_table(
        "undo_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("step_version", sa.Integer, nullable=False),
        sa.Column("step_player", sa.String(32), nullable=False),
        sa.Column("requested_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        ts("created_at"),
        ts("answered_at", nullable=True),
    )
    op.create_index("ix_undo_requests_table_id", "undo_requests", ["table_id"])


def downgrade() -> None:
    for name in ("undo_requests", "idempotency_keys", "snapshots", "actions", "devices", "seats",
                 "tables"):
        op.drop_table(name)
