"""Session fixtures shared across the suite: PostgreSQL access and a throwaway database."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

PG_ENV = "CRIMEASSIST_TEST_PG_DSN"
DEFAULT_PG_DSN = "postgresql://postgres@127.0.0.1:5432/postgres"


def _pg_admin_dsn() -> str:
    """The test server: $CRIMEASSIST_TEST_PG_DSN, else the default local address."""
    dsn = os.environ.get(PG_ENV) or DEFAULT_PG_DSN
    import psycopg

    try:
        psycopg.connect(dsn, connect_timeout=3).close()
    except psycopg.Error as error:
        pytest.skip(f"no PostgreSQL server answers at {dsn} (set {PG_ENV}): {error}")
    return dsn


def dsn_for(dsn: str, *, dbname: str | None = None, user: str | None = None) -> str:
    """The same server with another database or role."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(dsn)
    if dbname:
        params["dbname"] = dbname
    if user:
        params["user"] = user
    return make_conninfo(**params)


@pytest.fixture
def pg_database() -> Iterator[str]:
    """A new, empty database on the test server; dropped afterwards. Yields its owner DSN."""
    import psycopg

    admin = _pg_admin_dsn()
    name = f"crimeassist_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    try:
        yield dsn_for(admin, dbname=name)
    finally:
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


DEMO_FIRS = 3000
TODAY = "2026-12-02"


@pytest.fixture(scope="session")
def demo_home(tmp_path_factory: pytest.TempPathFactory):
    """A CRIMEASSIST_HOME with a seeded records database and the knowledge-base index."""
    from datetime import date
    from pathlib import Path

    from tools.knowledge.index import KnowledgeIndex
    from tools.records.seed import build_records_db

    home = tmp_path_factory.mktemp("crimeassist-home")
    build_records_db(home / "records.db", n_firs=DEMO_FIRS, seed=7, today=date.fromisoformat(TODAY))
    index = KnowledgeIndex.open(path=home / "qdrant", collection="sop_kb")
    try:
        index.ingest([Path(__file__).resolve().parent.parent / "kb"])
    finally:
        index.close()
    return home
