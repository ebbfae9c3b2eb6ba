"""`crimeassist audit verify` against every rollback of issue 13 finding 3, with a real key.

Each case tampers with a trail written by the configured service trail and expects exit 1
with a named reason (and no traceback); the untouched trail verifies.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from app.cli import main
from app.settings import Settings
from app.wiring import audit_config
from tests.tools.audit.conftest import event
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.keys import demo_private_key, private_pem
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.audit.trail import AuditTrail


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A production-mode home: demo mode off, the force's key in the environment."""
    home = tmp_path / "home"
    monkeypatch.setenv("CRIMEASSIST_HOME", str(home))
    monkeypatch.setenv("CRIMEASSIST_DEMO_MODE", "false")
    monkeypatch.setenv(
        "CRIMEASSIST_AUDIT_SIGNING_KEY", private_pem(Ed25519PrivateKey.generate()).decode()
    )
    monkeypatch.setenv("CRIMEASSIST_AUDIT_CHECKPOINT_INTERVAL_S", "0")
    return home


def write(batches: int, start: int = 1) -> None:
    """Append `batches` requests of 5 events through the service trail (closed: checkpointed)."""
    trail = AuditTrail(audit_config(Settings()))
    try:
        for b in range(batches):
            n = start + 5 * b
            trail.append([event(k, f"r{n}") for k in range(n, n + 5)])
    finally:
        trail.close()


def verify(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict]:
    code = main(["audit", "verify", "--json", *extra])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, json.loads(out.out)


def sql(home: Path, *statements: str) -> None:
    """Tamper as someone with write access to the file (triggers dropped)."""
    db = sqlite3.connect(home / "audit.db", isolation_level=None)
    db.execute("DROP TRIGGER IF EXISTS audit_events_no_update")
    db.execute("DROP TRIGGER IF EXISTS audit_events_no_delete")
    for statement in statements:
        db.execute(statement)
    db.close()


def edit_and_rehash(home: Path, seq: int) -> None:
    """Change event `seq` and recompute every hash after it, as a knowledgeable attacker would."""
    events = list(SqliteAuditSink(home / "audit.db").events())
    sql(home, f"DELETE FROM audit_events WHERE seq >= {seq}")
    forged = [e.model_copy(update={"seq": None, "hash": None}) for e in events[seq - 1 :]]
    forged[0] = forged[0].model_copy(update={"data": {"n": -1, "text": "nothing happened"}})
    SqliteAuditSink(home / "audit.db").append(forged)


def anchor(home: Path) -> Path:
    return home / "audit.anchor"


def test_an_untouched_trail_verifies_with_and_without_the_witness(home, capsys):
    write(4)
    code, report = verify(capsys)
    assert code == 0 and report["anchored_seq"] == 20
    code, report = verify(capsys, "--witness")
    assert code == 0 and report["checked"] == 20 and report["witnessed_seq"] == 20


def test_a_fresh_install_with_no_events_and_no_anchor_verifies(home, capsys):
    code, report = verify(capsys)
    assert code == 0 and report["checked"] == 0


def test_deleting_the_anchor_is_reported(home, capsys):
    write(2)
    anchor(home).unlink()
    code, report = verify(capsys)
    assert code == 1 and report["reason"] == "anchor_missing"


@pytest.mark.parametrize("delete_anchor", [False, True], ids=["anchor-kept", "anchor-deleted"])
def test_truncation_is_reported(home, capsys, delete_anchor):
    write(4)
    sql(home, "DELETE FROM audit_events WHERE seq > 12")
    if delete_anchor:
        anchor(home).unlink()
    code, report = verify(capsys)
    assert code == 1
    assert report["reason"] == ("anchor_missing" if delete_anchor else "truncated")


def test_deleting_all_events_is_reported(home, capsys):
    write(2)
    sql(home, "DELETE FROM audit_events")
    code, report = verify(capsys)
    assert code == 1 and report["reason"] == "truncated" and report["first_bad_seq"] == 1


def test_deleting_all_events_and_the_anchor_is_caught_by_the_witness(home, capsys):
    write(2)
    sql(home, "DELETE FROM audit_events")
    anchor(home).unlink()
    assert verify(capsys)[0] == 0  # indistinguishable from a fresh install without a witness
    code, report = verify(capsys, "--witness")
    assert code == 1 and report["reason"] == "rollback"


@pytest.mark.parametrize("delete_anchor", [False, True], ids=["anchor-kept", "anchor-deleted"])
def test_edit_and_rehash_is_reported(home, capsys, delete_anchor):
    write(3)
    edit_and_rehash(home, 7)
    if delete_anchor:
        anchor(home).unlink()
    code, report = verify(capsys)
    assert code == 1
    assert report["reason"] == ("anchor_missing" if delete_anchor else "anchor_mismatch")


def test_restoring_an_old_genuine_anchor_after_the_trail_grew_and_was_cut_back(home, capsys):
    write(2)
    saved = home / "saved.anchor"
    shutil.copy(anchor(home), saved)
    write(3, start=11)
    sql(home, "DELETE FROM audit_events WHERE seq > 10")
    shutil.copy(saved, anchor(home))
    assert verify(capsys)[0] == 0  # the anchor alone cannot tell: it is genuine
    code, report = verify(capsys, "--witness")
    assert code == 1 and report["reason"] == "rollback" and report["first_bad_seq"] == 11


def test_re_signing_with_a_demo_key_is_refused(home, tmp_path, capsys):
    write(3)
    edit_and_rehash(home, 4)
    demo = CheckpointSigner(demo_private_key(tmp_path / "elsewhere" / "audit-signing-key.pem"))
    seq, digest = SqliteAuditSink(home / "audit.db").head()
    anchor(home).write_text(demo.sign(seq, digest, "2026-12-03T09:00:00+00:00"))
    code, report = verify(capsys)
    assert code == 1 and report["reason"] == "anchor_wrong_key"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "anchor_empty"),
        (b'{"seq": 3', "anchor_unparseable"),
        (b"\xff\xfe", "anchor_unparseable"),
    ],
    ids=["empty", "cut-short", "not-utf8"],
)
def test_an_empty_or_garbled_anchor_fails_by_name_without_a_traceback(
    home, capsys, content, reason
):
    write(1)
    anchor(home).write_bytes(content)
    code, report = verify(capsys)
    assert code == 1 and report["reason"] == reason


def test_a_forged_witness_entry_is_refused(home, capsys):
    write(1)
    other = CheckpointSigner(Ed25519PrivateKey.generate())
    with open(home / "audit.witness", "a") as witness:
        witness.write(other.sign(99, "0" * 64, "2026-12-03T09:00:00+00:00") + "\n")
    code, report = verify(capsys, "--witness")
    assert code == 1 and report["reason"] == "witness_wrong_key"


def test_production_verify_without_a_key_is_a_configuration_error(home, capsys, monkeypatch):
    write(1)
    monkeypatch.delenv("CRIMEASSIST_AUDIT_SIGNING_KEY")
    assert main(["audit", "verify"]) == 2
    assert "no audit signing key is configured" in capsys.readouterr().err
