"""Stored tables: SQLAlchemy 2 models and the few writes and reads the server makes.

A table's game is stored as its record: the header (game, options, seat names, seed) in
the `tables` row once the game starts, and one `steps` row per step, appended in the same
transaction that accepts a move, so a move is on disk before anyone hears of it. The
seed stays in the database: nothing here hands a record out; `app.py` does, once the game
is over.

Several server processes may share one PostgreSQL database (`store/cluster.py`). Then a
write the others must see also sends them a notice, in its own transaction, and the writes
that could cross another process's are conditional: a move is stored only if its steps
follow on from the stored ones, a seat changes only if it is still as this process saw it,
a game starts only once. Otherwise `Stale`, and nothing is written.

Every function is synchronous; the live layer runs them on its database threads.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, selectinload, sessionmaker

from gamenight.engine.record import Record, Step
from gamenight.store.cluster import CHANNEL, STEPS, TABLE, payload

WAITING, PLAYING, OVER, ENDED = "waiting", "playing", "over", "ended"
"""A table's life: seats filling, the game on, the game finished, or ended by its host."""

OPEN, PERSON, BOT = "open", "person", "bot"
"""What holds a seat: nobody yet, a person (by a signed cookie), or a bot at a level."""

SECRET_KEY = "secret_key"

DEFAULT_TIMEOUTS_BEFORE_AWAY = 3
"""Turns in a row a connected person may let the turn timer run out before their seat is away,
unless the host chose otherwise (each of those turns is one move by a bot for them)."""
MAX_TIMEOUTS_BEFORE_AWAY = 20


DEFAULT_ROUND_PAUSE = 10.0
"""Seconds a round's end stays on the table, by default, before the next deal."""
MAX_NEWS = 7000
"""Characters in a notice, at most (PostgreSQL's limit is 8000 bytes)."""


@dataclass(frozen=True)
class Moves:
    """One accepted move of a table and the chance steps after it, numbered from `first`;
    with `result` (scores, winners) the game ended with them."""

    table_id: str
    first: int
    steps: tuple[Step, ...]
    result: tuple[list[int], list[int]] | None = None


class Stale(Exception):
    """The stored table is not as this process last saw it: another process changed it first.
    Nothing was written."""


class Base(DeclarativeBase):
    pass


class Setting(Base):
    """Server-wide values kept across restarts: the key that signs seat tokens."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    lineage: Mapped[str] = mapped_column(String(32), index=True)
    """The first table of a chain of rematches: the games played by the same seats."""
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    title: Mapped[str] = mapped_column(String(200))
    public: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16), index=True)
    invite_code: Mapped[str] = mapped_column(String(64))
    bot_pace: Mapped[float] = mapped_column(Float)
    zombie_timeout: Mapped[float] = mapped_column(Float)
    """Seconds a person may be away before a bot plays their seat; 0: never."""
    turn_timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    """The host allowed hints (what the hard bot would play) at this table."""
    timeouts_before_away: Mapped[int] = mapped_column(Integer, default=DEFAULT_TIMEOUTS_BEFORE_AWAY)
    """Turns in a row a person there may let the turn timer run out before their seat is away."""
    round_pause: Mapped[float] = mapped_column(Float, default=DEFAULT_ROUND_PAUSE)
    """Seconds the end of a round stays on the table before the next deal, unless everyone
    present has pressed "Next round" before."""
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    seat_names: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """The record's seats, fixed when the game starts."""
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.index", cascade="all, delete-orphan")


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    nonce: Mapped[str] = mapped_column(String(64))
    """Part of the seat's token: a new nonce revokes every token given out before."""
    autopass: Mapped[bool] = mapped_column(Boolean, default=True)
    """The person's choice: a card window whose only answer for them is a pass passes for them."""


class StepRow(Base):
    __tablename__ = "steps"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The step's event number, from 1 (the record's step index + 1)."""
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)


class ResultRow(Base):
    """A finished game, listed on the pages of every table of its lineage."""

    __tablename__ = "results"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    lineage: Mapped[str] = mapped_column(String(32), index=True)
    seat_names: Mapped[list[str]] = mapped_column(JSON)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class SeatData:
    index: int
    kind: str
    level: str | None
    name: str
    nonce: str
    autopass: bool = True


@dataclass
class TableData:
    """A table as stored, detached from any session."""

    id: str
    lineage: str
    game: str
    options: dict[str, Any]
    title: str
    public: bool
    status: str
    invite_code: str
    bot_pace: float
    zombie_timeout: float
    turn_timer: float | None
    seed: int | None
    seat_names: list[str] | None
    rematch_id: str | None
    seats: list[SeatData]
    hints: bool = False
    """The host allowed hints: a player may ask what the hard bot would play (issue 30)."""
    timeouts_before_away: int = DEFAULT_TIMEOUTS_BEFORE_AWAY
    """The host's choice: turns in a row a connected person's timer may run out (a bot moving
    for them each time, the seat theirs) before their seat counts as away (issue 28, item 3)."""
    round_pause: float = 10.0
    """Seconds a round's end stays before the next deal (unless everyone present is ready)."""


@dataclass(frozen=True)
class ResultData:
    table_id: str
    seat_names: list[str]
    scores: list[int]
    winners: list[int]
    finished_at: datetime


@dataclass(frozen=True)
class Listing:
    id: str
    title: str
    game: str
    status: str
    seats: int
    open_seats: int


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


# A commit's statements, in the drivers' own SQL (`Store.append_moves` says why).
MARKS: dict[str, str] = {"qmark": "?", "pyformat": "%s"}
"""A bound parameter in the SQL the drivers take: sqlite3's and psycopg's."""


@functools.cache  # one set per batch size (at most GroupCommit's 256)
def append_sql(mark: str, n: int) -> tuple[str, str, str]:
    """`append_moves`' three statements for `n` tables, in the driver's own SQL: the tables'
    rows locked in one order (PostgreSQL), the last step stored of each table, the steps'
    insert."""
    ids = ", ".join([mark] * n)
    tables, steps = TableRow.__tablename__, StepRow.__tablename__
    return (
        f"SELECT id FROM {tables} WHERE id IN ({ids}) ORDER BY id FOR UPDATE",
        # max() of one table's steps alone is read off the key's index (SQLite's and
        # PostgreSQL's min/max shortcut); grouped by table it walked every step of the game.
        f"SELECT id, (SELECT max(number) FROM {steps} WHERE table_id = {tables}.id) FROM {tables} WHERE id IN ({ids})",
        f"INSERT INTO {steps} (table_id, number, seat, text) VALUES ({mark}, {mark}, {mark}, {mark})",
    )


def new_id() -> str:
    return secrets.token_urlsafe(6)


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'gamenight.db'}"


def make_engine(url: str) -> Engine:
    """An engine for `url`. SQLite gets WAL (readers never wait on the writer, and a commit
    survives a killed process) and a busy timeout rather than 'database is locked'.
    PostgreSQL's connections are not pinged before each use: that is one more round trip per
    move, and after the server restarts, the first use of a dead connection fails (a move
    refused, "try it again"), and SQLAlchemy then drops the whole pool."""
    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # in WAL: durable against a crash of this process
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


LISTING_SECONDS = 1.0
"""How long the lobby's listing is kept when no write here changes it (see public_tables)."""


class Vanished(Exception):
    """The SQLite file was deleted or moved while the server ran: a write now would go to a
    file nobody will open again, so none is made until the file is back."""


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        database = self.engine.url.database if self.engine.dialect.name == "sqlite" else None
        self.file = Path(database) if database and database != ":memory:" else None
        """The SQLite file, looked for before each write (see Vanished)."""
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.reads = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        """For single reads: no BEGIN and ROLLBACK around them (two round trips to PostgreSQL)."""
        self.listing_version = 0
        """Bumped around every write that changes what the lobby lists (see public_tables)."""
        self._listing: tuple[int, int, float, list[Listing]] | None = None
        self.origin: str | None = None
        """Set by a server process that shares a PostgreSQL database with others: its writes
        then tell them (`_notify`), signed with this name."""

    def _notifies(self) -> bool:
        return self.origin is not None and self.engine.dialect.name == "postgresql"

    def _notify(self, connection: Connection | Session, table_id: str, kind: str, **data: Any) -> None:
        """Tell the other processes, when this transaction commits, that `table_id` changed."""
        if self._notifies():
            connection.execute(select(func.pg_notify(CHANNEL, payload(self.origin or "", table_id, kind, **data))))

    def _steps_news(self, table_id: str, first: int, steps: Sequence[Step]) -> str:
        """The notice of stored steps: their number, and the steps themselves if they fit in
        a notice (then the other processes need not read them back)."""
        last = first + len(steps) - 1
        news = payload(self.origin or "", table_id, STEPS, n=last, first=first, steps=[[s.seat, s.text] for s in steps])
        return news if len(news) <= MAX_NEWS else payload(self.origin or "", table_id, STEPS, n=last)

    def migrate(self) -> None:
        from gamenight.store.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self, writes: bool = True, lists: bool = False) -> Iterator[Session]:
        """A transaction; one that `writes` is refused (Vanished) when the SQLite file is gone.
        Reads go on: the process holds the file open, and what it reads is still true. One
        that `lists` changes what the lobby lists: the cached listing is dropped."""
        if writes:
            self._still_there()
        try:
            with self.sessions() as session, session.begin():
                yield session
        finally:
            if lists:
                self.listing_changed()

    def listing_changed(self) -> None:
        """The lobby's listing is out of date (a write here has committed, or another process
        said a table changed). Bumped after the commit, so that a listing read while the write
        was under way is not kept."""
        self.listing_version += 1

    def _still_there(self) -> None:
        if self.file is not None and not self.file.exists():
            raise Vanished(f"the database file {self.file} is gone: nothing is stored until it is back")

    # -- settings ---------------------------------------------------------------------

    def secret_key(self) -> str:
        """The key that signs seat tokens: made on the first start, then always the same,
        so tokens outlive a restart."""
        with self.session() as session:
            row = session.get(Setting, SECRET_KEY)
            if row is not None:
                return row.value
            row = Setting(key=SECRET_KEY, value=secrets.token_urlsafe(48))
            session.add(row)
            return row.value

    # -- tables -----------------------------------------------------------------------

    def create_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        title: str,
        public: bool,
        seats: Sequence[tuple[str, str | None, str]],
        bot_pace: float,
        zombie_timeout: float,
        turn_timer: float | None,
        lineage: str | None = None,
        nonces: Sequence[str | None] = (),
        hints: bool = False,
        timeouts_before_away: int = DEFAULT_TIMEOUTS_BEFORE_AWAY,
        round_pause: float | None = None,
    ) -> TableData:
        """A new waiting table; `seats` are (kind, level, name); `nonces` carry persons'
        seat tokens over from a finished table (a rematch)."""
        table_id = new_id()
        row = TableRow(
            id=table_id,
            lineage=lineage or table_id,
            game=game,
            options=options,
            title=title,
            public=public,
            status=WAITING,
            invite_code=secrets.token_urlsafe(9),
            bot_pace=bot_pace,
            zombie_timeout=zombie_timeout,
            turn_timer=turn_timer,
            hints=hints,
            timeouts_before_away=timeouts_before_away,
            round_pause=DEFAULT_ROUND_PAUSE if round_pause is None else round_pause,
            seed=None,
            seat_names=None,
            rematch_id=None,
            created_at=datetime.now(UTC),
        )
        for index, (kind, level, name) in enumerate(seats):
            nonce = nonces[index] if index < len(nonces) else None
            row.seats.append(
                SeatRow(index=index, kind=kind, level=level, name=name, nonce=nonce or new_nonce(), autopass=True)
            )
        with self.session(lists=public) as session:
            session.add(row)
            session.flush()
            return _table_data(row)

    def load(self, table_id: str) -> TableData | None:
        with self.session(writes=False) as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            return None if row is None else _table_data(row)

    def unattended(self) -> list[str]:
        """The tables being played whose game may go on with nobody there: a seat no person
        holds (a bot's, or one opened mid-game: a bot plays it), or a clock (a zombie timeout,
        a turn timer). The others wait for a person."""
        bots = select(SeatRow.table_id).where(SeatRow.kind != PERSON)
        alone = or_(TableRow.id.in_(bots), TableRow.zombie_timeout > 0, TableRow.turn_timer.is_not(None))
        with self.session(writes=False) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status == PLAYING, alone)))

    def public_tables(self, limit: int = 100) -> list[Listing]:
        """The lobby's listing, newest first. Kept until a write changes it (listing_changed)
        or LISTING_SECONDS pass (another process's tables): a lobby asked for many times a
        second, as a flood's refusals are, costs one query (issue 29)."""
        version, now = self.listing_version, time.monotonic()
        kept = self._listing
        if kept is not None and kept[:2] == (version, limit) and now - kept[2] < LISTING_SECONDS:
            return kept[3]
        seats = select(func.count()).where(SeatRow.table_id == TableRow.id).scalar_subquery()
        open_seats = select(func.count()).where(SeatRow.table_id == TableRow.id, SeatRow.kind == OPEN).scalar_subquery()
        query = (
            select(TableRow.id, TableRow.title, TableRow.game, TableRow.status, seats, open_seats)
            .where(TableRow.public, TableRow.status.in_((WAITING, PLAYING)))
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        )
        with self.reads.connect() as connection:
            listing = [Listing(*row) for row in connection.execute(query)]
        self._listing = (version, limit, now, listing)
        return listing

    def set_seat(self, table_id: str, seat: SeatData, was: str) -> None:
        """Seat `seat.index` becomes `seat`, if its nonce is still `was`; Stale otherwise (two
        people taking one open seat through two processes: the second is refused)."""
        with self.session(lists=True) as session:
            done = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.index == seat.index, SeatRow.nonce == was)
                .values(kind=seat.kind, level=seat.level, name=seat.name, nonce=seat.nonce, autopass=seat.autopass)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Stale(f"seat {seat.index + 1} at table {table_id} changed meanwhile")
            self._notify(session, table_id, TABLE)

    def set_autopass(self, table_id: str, index: int, nonce: str, on: bool) -> None:
        """The person at seat `index` (still holding it: its nonce) turns auto-pass on or off."""
        with self.session() as session:
            done = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.index == index, SeatRow.nonce == nonce)
                .values(autopass=on)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Stale(f"seat {index + 1} at table {table_id} changed meanwhile")
            self._notify(session, table_id, TABLE)

    def set_settings(
        self,
        table_id: str,
        bot_pace: float,
        zombie_timeout: float,
        turn_timer: float | None,
        round_pause: float | None = None,
    ) -> None:
        """The host's settings (`round_pause` None: as it was)."""
        values: dict[str, Any] = {"bot_pace": bot_pace, "zombie_timeout": zombie_timeout, "turn_timer": turn_timer}
        if round_pause is not None:
            values["round_pause"] = round_pause
        with self.session() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
            self._notify(session, table_id, TABLE)

    def set_status(self, table_id: str, status: str) -> None:
        with self.session(lists=True) as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))
            self._notify(session, table_id, TABLE)

    def new_invite_code(self, table_id: str) -> str:
        """A new invite code for the table: the old link stops working."""
        code = secrets.token_urlsafe(9)
        with self.session() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(invite_code=code))
            self._notify(session, table_id, TABLE)
        return code

    def expire_waiting(self, created_before: datetime) -> list[str]:
        """End the tables still waiting for their start that were made before `created_before`
        (nobody started them); their ids."""
        with self.session(lists=True) as session:
            old = TableRow.status == WAITING, TableRow.created_at < created_before
            ids = list(session.scalars(select(TableRow.id).where(*old)))
            if ids:
                session.execute(update(TableRow).where(TableRow.id.in_(ids), *old).values(status=ENDED))
                for table_id in ids:
                    self._notify(session, table_id, TABLE)
            return ids

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.session() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id))
            self._notify(session, table_id, TABLE)

    # -- the game ---------------------------------------------------------------------

    def start(self, table_id: str, record: Record) -> None:
        """The game begins: its header (seed included) and the deal's steps, at once; Stale
        if it had already begun (the host's start, through two processes)."""
        with self.session(lists=True) as session:
            done = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == WAITING)
                .values(status=PLAYING, seed=record.seed, seat_names=list(record.seats))
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Stale(f"table {table_id} has already started")
            self._notify(session, table_id, TABLE)
            session.add_all(
                StepRow(table_id=table_id, number=i, seat=step.seat, text=step.text)
                for i, step in enumerate(record.steps, 1)
            )

    def append_steps(
        self,
        table_id: str,
        first: int,
        steps: Sequence[Step],
        result: tuple[list[int], list[int]] | None,
    ) -> None:
        """One accepted move and the chance steps after it, numbered from `first`, in one
        transaction; with `result` (scores, winners) the game is over too. Unless the stored
        steps end at `first - 1`, Stale: no step is stored twice or out of turn, whichever
        process offers it."""
        failed = self.append_moves([Moves(table_id, first, tuple(steps), result)])[0]
        if failed is not None:
            raise failed

    def append_moves(self, moves: Sequence[Moves]) -> list[Stale | None]:
        """Several tables' moves in one transaction (the server's group commit: one commit for
        every move accepted while the last commit was under way). Each is stored as
        `append_steps` stores it, or not at all: a table whose stored steps do not end where
        its moves begin gets Stale in its place in the answer, and the others are stored. An
        error of the database itself stores none, and is raised. (The driver's SQL, not the
        ORM's unit of work nor SQLAlchemy Core's statements: this runs once a move.)"""
        answer: list[Stale | None] = [None] * len(moves)
        ids = sorted({m.table_id for m in moves})
        if len(ids) != len(moves):
            raise ValueError("one batch holds at most one move per table")
        self._still_there()
        lock, count, insert_steps = append_sql(MARKS[self.engine.dialect.paramstyle], len(ids))
        ended = False
        try:
            with self.engine.begin() as connection:
                # The hot statements go to the driver's cursor, in the transaction SQLAlchemy
                # began: its execution machinery (compiling, the IN list's parameters, results)
                # cost twice what the database's own work does, once a move (benchmarks/README.md,
                # "A move's write to the database").
                cursor = connection.connection.cursor()
                try:
                    # The rows' locks first, in one order in every process (no two batches wait
                    # on each other), then the counts in a statement of their own: a statement
                    # sees the database as it was when it began, so the counts must begin once
                    # the locks are held. SQLite has one writer at a time anyway.
                    if self.engine.dialect.name == "postgresql":
                        cursor.execute(lock, ids)
                    cursor.execute(count, ids)
                    stored: dict[str, int] = {table_id: number or 0 for table_id, number in cursor.fetchall()}
                    rows: list[tuple[str, int, int, str]] = []
                    news: list[str] = []
                    for index, m in enumerate(moves):
                        if stored.get(m.table_id, 0) != m.first - 1:
                            answer[index] = Stale(
                                f"table {m.table_id} has {stored.get(m.table_id, 0)} steps stored, not {m.first - 1}"
                            )
                            continue
                        rows.extend((m.table_id, m.first + i, s.seat, s.text) for i, s in enumerate(m.steps))
                        if m.steps and self._notifies():
                            news.append(self._steps_news(m.table_id, m.first, m.steps))
                        if m.result is not None:
                            self._game_over(connection, m.table_id, m.result)
                            ended = True
                    if rows:
                        cursor.executemany(insert_steps, rows)
                finally:
                    cursor.close()
                if news:  # sent when the transaction commits: a Stale table's never are
                    connection.execute(select(*(func.pg_notify(CHANNEL, text) for text in news)))
        finally:
            if ended:  # the table leaves the lobby's listing
                self.listing_changed()
        return answer

    def _game_over(self, connection: Connection, table_id: str, result: tuple[list[int], list[int]]) -> None:
        lineage, names = connection.execute(
            select(TableRow.lineage, TableRow.seat_names).where(TableRow.id == table_id)
        ).one()
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(status=OVER))
        scores, winners = result
        connection.execute(
            insert(ResultRow).values(
                table_id=table_id,
                lineage=lineage,
                seat_names=list(names or []),
                scores=scores,
                winners=winners,
                finished_at=datetime.now(UTC),
            )
        )

    def steps_after(self, table_id: str, number: int) -> list[Step]:
        """The stored steps numbered after `number`, in order (another process's moves)."""
        with self.reads.connect() as connection:
            rows = connection.execute(
                select(StepRow.seat, StepRow.text)
                .where(StepRow.table_id == table_id, StepRow.number > number)
                .order_by(StepRow.number)
            )
            return [Step(seat, text) for seat, text in rows]

    def record(self, table_id: str) -> Record | None:
        """The stored record (None before the game starts). The caller decides who sees it."""
        with self.session(writes=False) as session:
            row = session.get(TableRow, table_id)
            if row is None or row.seed is None or row.seat_names is None:
                return None
            steps = session.scalars(select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.number))
            record = Record(row.game, dict(row.options), list(row.seat_names), row.seed)
            record.steps = [Step(s.seat, s.text) for s in steps]
            result = session.get(ResultRow, table_id)
            record.result = None if result is None else list(result.scores)
            return record

    def results(self, lineage: str) -> list[ResultData]:
        with self.session(writes=False) as session:
            rows = session.scalars(
                select(ResultRow).where(ResultRow.lineage == lineage).order_by(ResultRow.finished_at)
            )
            return [ResultData(r.table_id, r.seat_names, r.scores, r.winners, r.finished_at) for r in rows]


def _table_data(row: TableRow) -> TableData:
    return TableData(
        id=row.id,
        lineage=row.lineage,
        game=row.game,
        options=dict(row.options),
        title=row.title,
        public=row.public,
        status=row.status,
        invite_code=row.invite_code,
        bot_pace=row.bot_pace,
        zombie_timeout=row.zombie_timeout,
        turn_timer=row.turn_timer,
        seed=row.seed,
        seat_names=None if row.seat_names is None else list(row.seat_names),
        rematch_id=row.rematch_id,
        seats=[SeatData(s.index, s.kind, s.level, s.name, s.nonce, s.autopass) for s in row.seats],
        hints=row.hints,
        timeouts_before_away=row.timeouts_before_away,
        round_pause=row.round_pause,
    )
