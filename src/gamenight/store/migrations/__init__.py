"""The database's schema, as Alembic migrations shipped in the package and run at startup.

`upgrade(engine)` brings any database, new or old, to the newest revision. A new revision:
`alembic -c <this folder>/alembic.ini revision -m "..."` with `sqlalchemy.url` set, then
write its upgrade by hand (the models are in `gamenight.store.database`).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

FOLDER = Path(__file__).resolve().parent


def config() -> Config:
    cfg = Config(str(FOLDER / "alembic.ini"))
    cfg.set_main_option("script_location", str(FOLDER))
    return cfg


def upgrade(engine: Engine) -> None:
    cfg = config()
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
