"""A table's timeouts before away: how many turns in a row the turn timer may run out on a
person who is there before their seat counts as away (the host's choice, issue 28 item 3).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        # The tables made before it had the fixed three.
        batch.add_column(sa.Column("timeouts_before_away", sa.Integer(), nullable=False, server_default="3"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("timeouts_before_away")
