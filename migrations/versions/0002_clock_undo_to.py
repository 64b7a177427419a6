"""the table clock (tables.clock_on, tables.clock) and undo to a chosen point
(undo_requests.to_version, undo_requests.group_id)

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("clock_on", sa.Boolean, nullable=False,
                               server_default=sa.false()))
        t.add_column(sa.Column("clock", sa.Text, nullable=True))
    with op.batch_alter_table("undo_requests") as u:
        u.add_column(sa.Column("to_version", sa.Integer, nullable=True))
        u.add_column(sa.Column("group_id", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("undo_requests") as u:
        u.drop_column("group_id")
        u.drop_column("to_version")
    with op.batch_alter_table("tables") as t:
        t.drop_column("clock")
        t.drop_column("clock_on")
