"""The configured trail: keys by mode, the signed anchor, checkpoints to the witnesses."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import dsn_for
from tests.tools.audit.conftest import event
from tools.audit.anchor import read_anchor_text
from tools.audit.checkpoint import read_checkpoint
from tools.audit.keys import AuditConfigError
from tools.audit.trail import AuditConfig, AuditTrail, verify_configured, verifying_key
from tools.audit.witness import FileWitness, PostgresWitness

WITNESS_SQL = Path(__file__).resolve().parents[3] / "deploy" / "postgres" / "audit_witness.sql"


def test_production_refuses_to_start_without_a_configured_key(tmp_path: Path):
    with pytest.raises(AuditConfigError, match="CRIMEASSIST_AUDIT_SIGNING_KEY"):
        AuditTrail(AuditConfig(home=tmp_path, demo_mode=False))
    assert not (tmp_path / "audit-signing-key.pem").exists()


def test_production_refuses_a_key_that_is_not_ed25519_pem(tmp_path: Path):
    config = AuditConfig(home=tmp_path, demo_mode=False, signing_key_pem=b"not a key")
    with pytest.raises(AuditConfigError, match="not a PEM private key"):
        AuditTrail(config)


def test_demo_mode_generates_a_private_key_under_home_once(tmp_path: Path):
    config = AuditConfig(home=tmp_path, checkpoint_interval_s=0)
    AuditTrail(config).close()
    key_file = tmp_path / "audit-signing-key.pem"
    assert key_file.stat().st_mode & 0o777 == 0o600
    first = key_file.read_bytes()
    AuditTrail(config).close()
    assert key_file.read_bytes() == first


def test_the_anchor_follows_every_commit_and_never_moves_back(production_config):
    trail = AuditTrail(production_config)
    public = verifying_key(production_config)
    trail.append([event(1), event(2)])
    assert read_checkpoint(str(read_anchor_text(production_config.anchor_path)), public).seq == 2
    trail.anchor.write(1, "0" * 64, "2026-12-03T08:00:00+00:00")  # a late, older writer
    assert read_checkpoint(str(read_anchor_text(production_config.anchor_path)), public).seq == 2
    trail.close()


def test_checkpoints_are_witnessed_at_the_interval_and_at_shutdown(production_config):
    trail = AuditTrail(replace(production_config, checkpoint_interval_s=0.05))
    trail.append([event(1)])
    deadline = time.monotonic() + 5
    witness = FileWitness(production_config.witness_path)
    while not witness.checkpoints() and time.monotonic() < deadline:
        time.sleep(0.02)
    public = verifying_key(production_config)
    assert [read_checkpoint(t, public).seq for t in witness.checkpoints()] == [1]
    trail.append([event(2), event(3)])
    trail.close()
    assert read_checkpoint(witness.checkpoints()[-1], public).seq == 3
    assert verify_configured(production_config, "configured").witnessed_seq == 3


def test_a_failed_anchor_write_fails_the_append(production_config):
    from schemas.errors import AuditUnavailable

    trail = AuditTrail(production_config)
    trail.anchor.path.mkdir(parents=True)  # the anchor path is now a directory
    with pytest.raises(AuditUnavailable):
        trail.append([event(1)])
    trail.close()


@pytest.mark.postgres
def test_the_postgres_witness_role_may_only_insert_checkpoints(pg_database, production_config):
    import psycopg

    with psycopg.connect(pg_database, autocommit=True) as db:
        db.execute(WITNESS_SQL.read_text())
    writer = dsn_for(pg_database, user="crimeassist_audit_witness")
    config = replace(production_config, witness_pg_dsn=writer)
    trail = AuditTrail(config)
    trail.append([event(1), event(2)])
    trail.close()
    reader = PostgresWitness(dsn_for(pg_database, user="crimeassist_audit_reader"))
    texts = reader.checkpoints()
    assert [read_checkpoint(t, verifying_key(config)).seq for t in texts] == [2]
    assert verify_configured(config, reader.dsn).ok
    for statement in (
        "SELECT * FROM audit_checkpoints",
        "UPDATE audit_checkpoints SET seq = 0",
        "DELETE FROM audit_checkpoints",
        "INSERT INTO audit_checkpoints (seq, hash, body) VALUES (9, 'x', 'x')",
    ):
        with psycopg.connect(writer) as db, pytest.raises(psycopg.errors.InsufficientPrivilege):
            db.execute(statement)
    with psycopg.connect(pg_database) as db, pytest.raises(psycopg.errors.RaiseException):
        db.execute("DELETE FROM audit_checkpoints")


def test_concurrent_request_flushes_are_group_committed(production_config):
    import asyncio

    from tools.audit.recorder import RequestAudit

    trail = AuditTrail(production_config)

    async def requests() -> list[str]:
        audits = [RequestAudit(trail, f"r{i}", "KA-1001") for i in range(10)]
        for audit in audits:
            audit.add("request", {"n": 1})
            audit.add("response", {"n": 2})
        return await asyncio.gather(*(audit.flush() for audit in audits))

    heads = asyncio.run(requests())
    trail.close()
    assert trail.committer is not None and trail.committer.transactions == 1
    assert len(set(heads)) == 10
    assert verify_configured(production_config, "configured").checked == 20


def test_the_service_refuses_to_build_its_audit_sink_in_production_without_a_key(tmp_path):
    from app.settings import Settings
    from app.wiring import open_audit_sink

    with pytest.raises(AuditConfigError, match="demo mode is off"):
        open_audit_sink(Settings(home=tmp_path, demo_mode=False))


def test_a_witness_that_cannot_record_is_retried_and_never_fails_a_request(production_config):
    blocked = production_config.home / "blocked"
    config = replace(production_config, witness_file=blocked / "audit.witness")
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where the witness folder should be")
    trail = AuditTrail(config)
    trail.append([event(1)])
    trail.close()  # the final checkpoint fails and is logged, the close completes
    blocked.unlink()
    trail = AuditTrail(config)
    trail.append([event(2)])
    trail.close()
    assert [read_checkpoint(t, verifying_key(config)).seq for t in witness_of(config)] == [2]


def witness_of(config: AuditConfig) -> list[str]:
    return FileWitness(config.witness_path).checkpoints()
