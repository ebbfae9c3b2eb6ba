"""Verification reads an SQLite trail without writing to it: an old trail (created before the
`audit_events_follow` trigger) verifies on read-only media and is left byte for byte as it was."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tools.audit.conftest import event
from tools.audit.anchor import FileAnchor
from tools.audit.chain import GENESIS_HASH, json_data, seal
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.sqlite_sink import COLUMNS, SCHEMA, SqliteTrailReader
from tools.audit.trail import AuditConfig, signing_key, verify_configured

# The schema of trails written before the trigger: a unique index on prev_hash instead.
OLD_SCHEMA = SCHEMA + "CREATE UNIQUE INDEX audit_events_one_successor ON audit_events(prev_hash);"


def write_old_trail(config: AuditConfig, events: int) -> None:
    """A WAL trail in the older schema, anchored at its last event, cleanly closed."""
    config.home.mkdir(parents=True)
    sealed = seal([event(n) for n in range(1, events + 1)], 0, GENESIS_HASH)
    db = sqlite3.connect(config.home / "audit.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(OLD_SCHEMA)
    db.executemany(
        f"INSERT INTO audit_events ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [
            (e.seq, e.ts, e.request_id, e.badge_id, e.kind, e.step, e.frm, e.to,
             json_data(e.data), e.prev_hash, e.hash)
            for e in sealed
        ],
    )  # fmt: skip
    db.close()
    anchor = FileAnchor(config.anchor_path, CheckpointSigner(signing_key(config)))
    anchor.write(events, str(sealed[-1].hash), "2026-12-03T08:00:00.000000+00:00")


def snapshot(directory: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(directory.iterdir())
    }


def writable(directory: Path) -> bool:
    try:
        (directory / "probe").touch()
    except OSError:
        return False
    (directory / "probe").unlink()
    return True


@pytest.fixture
def read_only_home(production_config: AuditConfig) -> Iterator[AuditConfig]:
    """An old trail, its anchor and key on read-only media: every file and the directory
    made read-only, and immutable (`chattr +i`) where the user is root and may."""
    write_old_trail(production_config, 12)
    home = production_config.home
    paths = [*home.iterdir(), home]
    for path in paths:
        path.chmod(stat.S_IRUSR | stat.S_IXUSR if path.is_dir() else stat.S_IRUSR)
    chattr = shutil.which("chattr")
    immutable = chattr is not None and os.geteuid() == 0
    if immutable:
        immutable = subprocess.run([chattr, "+i", *paths], capture_output=True).returncode == 0
    try:
        if writable(home):
            pytest.skip("cannot make a directory read-only for this user here")
        yield production_config
    finally:
        if immutable:
            subprocess.run([str(chattr), "-i", *paths], check=True)
        home.chmod(stat.S_IRWXU)


def test_an_old_trail_on_read_only_media_verifies_untouched(read_only_home: AuditConfig):
    before = snapshot(read_only_home.home)
    report = verify_configured(read_only_home)
    assert report.ok and report.checked == 12 and report.anchored_seq == 12
    assert snapshot(read_only_home.home) == before  # no trigger added, no file created
    path = read_only_home.home / "audit.db"
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    triggers = db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall()
    db.close()
    assert ("audit_events_follow",) not in triggers


def test_an_immutable_read_sees_the_same_trail(read_only_home: AuditConfig):
    path = read_only_home.home / "audit.db"
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    stored = [row[-1] for row in db.execute("SELECT hash FROM audit_events ORDER BY seq")]
    db.close()
    reader = SqliteTrailReader(path)
    assert [e.hash for e in reader.events()] == stored and len(stored) == 12
    reader.close()


def test_a_missing_trail_reads_as_empty_and_is_not_created(tmp_path: Path):
    reader = SqliteTrailReader(tmp_path / "audit.db")
    assert list(reader.events()) == []
    reader.close()
    assert not os.listdir(tmp_path)
