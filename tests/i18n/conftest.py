"""The server fixtures (a fresh app per test on SQLite and PostgreSQL) for the language tests."""

from tests.server.conftest import (  # noqa: F401
    _reused_database,
    client,
    clock,
    database,
    db_path,
    make_client,
    make_settings,
)
