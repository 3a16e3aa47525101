"""The PostgreSQL backend: psycopg 3 with a connection pool, for many server processes.

``TILEMATCH_DB=postgresql://user:password@host:5432/tilematch`` selects it.
psycopg is imported only here, and only for such a URL, so the embedded
default needs nothing but Python (``pip install 'tilematch[scale]'`` adds it).

At start, :class:`PostgresStorage` connects once, refuses a read-only
database, checks and migrates the schema (under an advisory lock, so processes
starting together migrate once), then opens the pool. Every message names the
host and the database, never the password.

Besides the pool, each process keeps one connection of its own for single
statements (a move, a read): whichever thread finds it free uses it, the others
take a pooled one. A move arrives every few milliseconds, so that connection,
its prepared statements and its backend stay warm, and the pool's bookkeeping
is skipped: measured, a move's write costs the server about 0.25–0.29 ms of CPU
that way against 0.34–0.39 ms through the pool when writes come 5 ms apart.

At run time a failed read or write raises
:class:`~tilematch.server.db.errors.StorageFailure` (a ``503`` for a request).
When the server is unreachable, requests fail at once (no request waits for a
connection that cannot come) while one thread probes the server; when it
answers again, the pool drops its broken connections and opens new ones.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from tilematch.server.db.dialect import POSTGRES, postgres_query
from tilematch.server.db.errors import IntegrityFailure, StorageError, StorageFailure
from tilematch.server.db.migrations import migrate, schema_version

#: URL schemes of a PostgreSQL database.
SCHEMES = ("postgresql", "postgres")
#: Connections of one server process (moves are short; a request holds one at a time).
POOL_MIN, POOL_MAX = 1, 16
#: Seconds a request waits for a free connection, and a connection attempt may take.
WAIT_SECONDS, CONNECT_SECONDS = 5.0, 5.0
#: Seconds between two probes of an unreachable server.
PROBE_SECONDS = 0.2
#: Executions of a statement on one connection before psycopg prepares it (0: the first).
PREPARE_THRESHOLD = 0


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(target, str) and target.split("://", 1)[0].lower() in SCHEMES


def where(url: str) -> str:
    """``database D on host:port as user U`` for a PostgreSQL URL, without the password."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "localhost"
        port = parts.port or 5432
    except ValueError:
        return "a PostgreSQL database (the URL cannot be read)"
    database = parts.path.lstrip("/") or parts.username or "postgres"
    user = f" as {parts.username}" if parts.username else ""
    return f"database {database!r} on {host}:{port}{user}"


def _scrub(message: str, url: str) -> str:
    """``message`` with the URL's password (if any) blanked out."""
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    return message.replace(password, "***") if password else message


def check_url(url: str) -> dict[str, Any]:
    """The connection parameters of a PostgreSQL URL.

    Raises :class:`StorageError` naming the problem (a bad port, no database
    name, an unknown parameter, psycopg not installed).
    """
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError as error:
        raise StorageError(
            "TILEMATCH_DB is not a usable PostgreSQL URL (its host or port cannot be read:"
            f" {error})"
        ) from None
    if not parts.path.lstrip("/"):
        raise StorageError(
            "TILEMATCH_DB names no database: use postgresql://user:password@host:5432/DATABASE"
        )
    try:
        from psycopg.conninfo import conninfo_to_dict
    except ImportError:
        raise StorageError(
            "TILEMATCH_DB is a PostgreSQL URL, but psycopg is not installed: "
            "pip install 'tilematch[scale]'"
        ) from None
    import psycopg

    try:
        params = conninfo_to_dict(url)
    except psycopg.Error as error:
        raise StorageError(
            f"TILEMATCH_DB is not a usable PostgreSQL URL ({where(url)}): {_scrub(str(error), url)}"
        ) from None
    defaults = {
        "connect_timeout": str(int(CONNECT_SECONDS)),
        "application_name": "tilematch",
        # a server that vanishes without closing the socket (a host down, a network cut)
        # is noticed within seconds, not after the system's TCP timeout of many minutes
        "tcp_user_timeout": str(int(CONNECT_SECONDS * 1000)),
        "keepalives_idle": "10",
        "keepalives_interval": "2",
        "keepalives_count": "3",
    }
    return {**defaults, **params}


class PgConnection:
    """A psycopg connection running the server's ``?``-placeholder SQL.

    psycopg's failures come out as what ``fault`` makes of them (the storage's
    :class:`StorageFailure`, :class:`IntegrityFailure` for a broken constraint).
    """

    def __init__(self, conn: Any, fault: Callable[[Exception], Exception]) -> None:
        import psycopg

        self.raw = conn
        self._fault = fault
        self._errors = psycopg.Error

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        """Run one statement; returns psycopg's cursor (rows as tuples)."""
        try:
            return self.raw.execute(postgres_query(sql), _adapt(parameters))
        except self._errors as error:
            raise self._fault(error) from error

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        """Run one statement for each parameter row (pipelined by psycopg)."""
        try:
            cursor = self.raw.cursor()
            cursor.executemany(postgres_query(sql), [_adapt(row) for row in parameters])
            return cursor
        except self._errors as error:
            raise self._fault(error) from error


def _adapt(parameters: Sequence[Any]) -> Sequence[Any]:
    """Parameters as PostgreSQL takes them: booleans as 0/1, as SQLite stores them (the
    schema's flags are integers), and NUL characters as U+FFFD.

    PostgreSQL's text cannot hold NUL. No stored value has one (ids are random,
    names printable, JSON escapes it), so a NUL only comes in an id looked up (``%00``
    in a URL); replaced, it matches nothing, as on SQLite.
    """
    if any(
        isinstance(value, bool) or (isinstance(value, str) and "\x00" in value)
        for value in parameters
    ):
        return [_value(value) for value in parameters]
    return parameters


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    return value


class PostgresStorage:
    """A PostgreSQL database behind a :class:`psycopg_pool.ConnectionPool`.

    Raises :class:`StorageError` at start for a bad URL, a missing psycopg, an
    unreachable server, a missing or read-only database, another program's tables
    or a newer schema.
    """

    engine = "postgresql"

    def __init__(self, url: str, *, now: float, synchronous: str = "NORMAL") -> None:
        del synchronous  # SQLite's setting; PostgreSQL commits durably by default
        self.url = url
        self.describe = where(url)
        self.params = check_url(url)
        import psycopg
        import psycopg_pool

        self._psycopg = psycopg
        self._down = threading.Event()
        self._closed = threading.Event()
        self._probe_lock = threading.Lock()
        self.applied = self._prepare(now)
        self.pool = psycopg_pool.ConnectionPool(
            # prepared at the first use on each connection: a move's statement is then
            # one Bind/Execute round trip, parsed and planned once per connection
            kwargs={**self.params, "autocommit": True, "prepare_threshold": PREPARE_THRESHOLD},
            min_size=POOL_MIN,
            max_size=POOL_MAX,
            timeout=WAIT_SECONDS,
            reconnect_timeout=30.0,
            name="tilematch",
            open=False,
        )
        try:
            self.pool.open(wait=True, timeout=CONNECT_SECONDS * 2)
        except psycopg.Error as error:
            self.pool.close()
            raise StorageError(self._start_message(error)) from None
        #: The connection kept for single statements, and the lock of whoever uses it
        #: (``None`` while it is being replaced: statements then take pooled ones).
        self._kept: _Kept | None = None
        self._kept_lock = threading.Lock()
        self._keep()

    # -- start -----------------------------------------------------------------

    def _connect(self) -> Any:
        return self._psycopg.connect(**self.params, autocommit=True)

    def _keep(self) -> None:
        """Open the kept connection (when none is kept); a failure leaves statements to
        the pool until the next probe."""
        if self._closed.is_set():
            return
        try:
            raw = self._psycopg.connect(
                **self.params, autocommit=True, prepare_threshold=PREPARE_THRESHOLD
            )
        except self._psycopg.Error:
            return
        with self._kept_lock:
            if self._kept is None and not self._closed.is_set():
                self._kept = _Kept(raw)
                return
        raw.close()

    def _reopen(self) -> None:
        """Open a new kept connection in the background (a server that is gone leaves
        it to the probe, which opens one when the server answers again)."""
        if not self._closed.is_set():
            threading.Thread(target=self._keep, name="tilematch-db-keep", daemon=True).start()

    @contextmanager
    def _statement_cursor(self, *, as_dicts: bool) -> Iterator[Any]:
        """A cursor for one statement: the kept connection's when it is free, else one
        of a pooled connection. A kept connection left unusable by a failure is
        dropped and a new one opened in the background, so a broken one is never used
        twice."""
        if self._kept_lock.acquire(blocking=False):
            kept = self._kept
            if kept is None:
                self._kept_lock.release()
            else:
                try:
                    yield kept.dicts if as_dicts else kept.tuples
                except BaseException:
                    if not kept.usable():
                        self._kept = None
                        kept.close()
                        self._reopen()
                    raise
                finally:
                    self._kept_lock.release()
                return
        with self.pool.connection() as raw:
            if not as_dicts:
                yield raw.cursor()
                return
            from psycopg.rows import dict_row

            yield raw.cursor(row_factory=dict_row)

    def _start_message(self, error: Exception) -> str:
        text = _scrub(str(error).strip(), self.url)
        if "does not exist" in text and "database" in text:
            return f"the PostgreSQL {self.describe} does not exist; create it first ({text})"
        if "password" in text or "authentication" in text:
            return f"PostgreSQL refused the login to {self.describe}: {text}"
        return f"cannot connect to PostgreSQL {self.describe}: {text}"

    def _prepare(self, now: float) -> list[int]:
        """Connect once: check that the database is writable, check and migrate its schema."""
        try:
            raw = self._connect()
        except self._psycopg.Error as error:
            raise StorageError(self._start_message(error)) from None
        conn = PgConnection(raw, self._fault)
        try:
            read_only = raw.execute("SHOW transaction_read_only").fetchone()[0]
            if str(read_only).lower() == "on":
                raise StorageError(
                    f"the PostgreSQL {self.describe} is read-only (transaction_read_only"
                    " is on, e.g. a standby): tilematch writes every move"
                )
            return migrate(conn, now, dialect=POSTGRES)
        except StorageFailure as error:
            raise StorageError(f"PostgreSQL {self.describe}: {error}") from None
        except StorageError as error:
            raise StorageError(f"{error} ({self.describe})") from None
        except self._psycopg.Error as error:
            raise StorageError(self._start_message(error)) from None
        finally:
            raw.close()

    # -- run time ----------------------------------------------------------------

    def _fault(self, error: Exception) -> StorageFailure:
        """The :class:`StorageFailure` for a psycopg error; a lost server starts the probe."""
        if isinstance(error, StorageFailure):
            return error
        psycopg = self._psycopg
        text = _scrub(str(error).strip().splitlines()[0] if str(error).strip() else "", self.url)
        if isinstance(error, psycopg.IntegrityError):
            return IntegrityFailure(f"PostgreSQL refused the write: {text}")
        if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
            self._lost()
            return StorageFailure(f"PostgreSQL {self.describe} cannot be reached: {text}")
        return StorageFailure(f"PostgreSQL {self.describe} failed: {text or type(error).__name__}")

    def _lost(self) -> None:
        """The server stopped answering: fail requests at once and probe until it is back."""
        with self._probe_lock:
            if self._down.is_set() or self._closed.is_set():
                return
            self._down.set()
        threading.Thread(target=self._probe, name="tilematch-db-probe", daemon=True).start()

    def _probe(self) -> None:
        while not self._closed.is_set():
            try:
                with self._connect() as conn:
                    conn.execute("SELECT 1")
            except self._psycopg.Error:
                self._closed.wait(PROBE_SECONDS)
                continue
            try:
                self.pool.check()  # drop the connections that died with the server
            except self._psycopg.Error:
                continue
            self._drop_kept()
            self._keep()
            self._down.clear()
            return

    def _drop_kept(self, *, wait: bool = False) -> None:
        """Close the kept connection. Without ``wait``, not while a statement uses it
        (then it is dropped when that statement fails, or kept when it works)."""
        if self._kept_lock.acquire(blocking=wait):
            try:
                kept, self._kept = self._kept, None
            finally:
                self._kept_lock.release()
            if kept is not None:
                kept.close()

    def _available(self) -> None:
        if self._down.is_set():
            raise StorageFailure(f"PostgreSQL {self.describe} cannot be reached just now")

    @contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        """A write transaction on a pooled connection; commits on success, rolls back
        on any exception. Raises :class:`StorageFailure` when the database fails."""
        self._available()
        try:
            with self.pool.connection() as raw, raw.transaction():
                yield PgConnection(raw, self._fault)
        except self._psycopg.Error as error:  # taking a connection, BEGIN or COMMIT
            raise self._fault(error) from error

    def statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one writing statement on its own (autocommit: one round trip, atomic as
        any statement is); returns the rows it changed.

        Raises :class:`IntegrityFailure` for a broken constraint (nothing of the
        statement is stored), :class:`StorageFailure` when the database fails.
        """
        self._available()
        try:
            with self._statement_cursor(as_dicts=False) as cursor:
                cursor.execute(postgres_query(sql), _adapt(params))
                return int(cursor.rowcount)
        except self._psycopg.Error as error:
            raise self._fault(error) from error

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows of a query, as dicts. Raises :class:`StorageFailure`."""
        self._available()
        try:
            with self._statement_cursor(as_dicts=True) as cursor:
                cursor.execute(postgres_query(sql), _adapt(params))
                return list(cursor.fetchall())
        except self._psycopg.Error as error:
            raise self._fault(error) from error

    @property
    def version(self) -> int:
        """The schema version of the database."""
        with self.transaction() as conn:
            return schema_version(conn, POSTGRES)

    def close(self) -> None:
        """Close the pool and the kept connection (and stop a probe)."""
        self._closed.set()
        self._drop_kept(wait=True)
        self.pool.close()


class _Kept:
    """The connection a process keeps for single statements, with a cursor for tuple
    rows and one for dict rows (a cursor kept keeps its adapters: cheaper to reuse).

    A storage dropped without :meth:`PostgresStorage.close` (an app that never ran
    its shutdown) closes the connection when it is collected."""

    def __init__(self, raw: Any) -> None:
        from psycopg.rows import dict_row

        self.raw = raw
        self.tuples = raw.cursor()
        self.dicts = raw.cursor(row_factory=dict_row)
        weakref.finalize(self, raw.close)

    def usable(self) -> bool:
        """Whether the connection is open, healthy and outside any transaction."""
        from psycopg.pq import ConnStatus, TransactionStatus

        pgconn = self.raw.pgconn
        return (
            not self.raw.closed
            and pgconn.status == ConnStatus.OK
            and pgconn.transaction_status == TransactionStatus.IDLE
        )

    def close(self) -> None:
        self.raw.close()
