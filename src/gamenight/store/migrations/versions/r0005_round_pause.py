"""A table's pause at the end of a round: seconds before the next deal, unless everyone
present has pressed "Next round" before.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("round_pause", sa.Float(), nullable=False, server_default="10"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("round_pause")
