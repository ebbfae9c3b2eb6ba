"""Replicas share one chain: two OS processes append at once, the chain has no fork or gap."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from schemas.audit import AuditEvent
from tests.conftest import dsn_for
from tests.tools.audit.test_postgres_sink import SCHEMA_SQL
from tools.audit.anchor import read_anchor_text
from tools.audit.keys import private_pem
from tools.audit.trail import open_store
from tools.audit.verify import verify_trail

REPO = Path(__file__).resolve().parents[3]
BATCHES = 80  # per process, 3 events each


def run_replicas(configs: list[dict[str, str]], tmp_path: Path) -> None:
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.tools.audit.replica_writer",
                json.dumps(c),
                f"p{i}",
                str(BATCHES),
                str(go),
            ],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i, c in enumerate(configs)
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < len(procs) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=90)
        assert proc.returncode == 0, err


def interleavings(events: Iterable[AuditEvent]) -> int:
    """How often the writing process changes along the chain (both must have written)."""
    tags = [e.request_id.split("-")[0] for e in events]
    assert set(tags) == {"p0", "p1"}
    return sum(1 for a, b in pairwise(tags) if a != b)


@pytest.fixture
def key_file(tmp_path: Path) -> tuple[Path, Ed25519PrivateKey]:
    key = Ed25519PrivateKey.generate()
    path = tmp_path / "signing.pem"
    path.write_bytes(private_pem(key))
    return path, key


def test_two_processes_on_one_sqlite_file_keep_one_chain(tmp_path: Path, key_file):
    path, key = key_file
    home = tmp_path / "home"
    config = {"home": str(home), "backend": "sqlite", "key_file": str(path)}
    run_replicas([config, config], tmp_path)
    from tools.audit.trail import AuditConfig

    store = open_store(AuditConfig(home=home))
    report = verify_trail(store.events(), key.public_key(), read_anchor_text(home / "audit.anchor"))
    assert report.ok, report.text()
    assert report.checked == 2 * BATCHES * 3 and report.anchored_seq == report.checked
    assert interleavings(store.events()) >= 2


@pytest.mark.postgres
def test_two_processes_on_one_postgres_database_keep_one_chain(
    pg_database: str, tmp_path: Path, key_file
):
    import psycopg

    from tools.audit.postgres_sink import PostgresAuditSink

    with psycopg.connect(pg_database, autocommit=True) as db:
        db.execute(SCHEMA_SQL.read_text())
    path, key = key_file
    writer = dsn_for(pg_database, user="crimeassist_audit_writer")
    homes = [tmp_path / "replica-a", tmp_path / "replica-b"]
    run_replicas(
        [
            {"home": str(h), "backend": "postgres", "pg_dsn": writer, "key_file": str(path)}
            for h in homes
        ],
        tmp_path,
    )
    reader = PostgresAuditSink(dsn_for(pg_database, user="crimeassist_audit_reader"))
    for home in homes:  # each replica's anchor is a point on the one chain
        report = verify_trail(
            reader.events(),
            key.public_key(),
            read_anchor_text(home / "audit.anchor"),
            single_writer=False,
        )
        assert report.ok, report.text()
        assert report.checked == 2 * BATCHES * 3
    assert interleavings(reader.events()) >= 2
