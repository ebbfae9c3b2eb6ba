"""The configured audit trail: sink, group commit, signed anchor, checkpoints to witnesses,
SIEM export; and the verification of a configured trail."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.anchor import FileAnchor, read_anchor_text
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.checkpointer import Checkpointer
from tools.audit.group_commit import GroupCommitter
from tools.audit.keys import (
    AuditConfigError,
    demo_private_key,
    private_key_from_pem,
    public_key_from_pem,
)
from tools.audit.recorder import utc_now
from tools.audit.siem import SyslogExporter, parse_siem_url
from tools.audit.sink import AuditSink, OnCommit, TrailReader
from tools.audit.verify import VerifyReport, verify_trail
from tools.audit.witness import FileWitness, PostgresWitness, Witness


@dataclass(frozen=True)
class AuditConfig:
    """Everything the trail needs, independent of how the service reads its settings."""

    home: Path
    backend: Literal["sqlite", "postgres"] = "sqlite"
    sqlite_path: Path | None = None
    pg_dsn: str | None = None
    demo_mode: bool = True
    signing_key_pem: bytes | None = None
    signing_key_file: Path | None = None
    public_key_pem: bytes | None = None
    public_key_file: Path | None = None
    checkpoint_interval_s: float = 60.0
    witness_file: Path | None = None
    witness_pg_dsn: str | None = None
    siem_url: str | None = None
    group_commit: bool = True

    @property
    def anchor_path(self) -> Path:
        return self.home / "audit.anchor"

    @property
    def demo_key_path(self) -> Path:
        return self.home / "audit-signing-key.pem"

    @property
    def witness_path(self) -> Path:
        return self.witness_file or self.home / "audit.witness"


def signing_key(config: AuditConfig) -> Ed25519PrivateKey:
    """The configured private key; the generated demo key only in demo mode."""
    if config.signing_key_pem:
        return private_key_from_pem(config.signing_key_pem, "CRIMEASSIST_AUDIT_SIGNING_KEY")
    if config.signing_key_file:
        try:
            pem = config.signing_key_file.read_bytes()
        except OSError as error:
            raise AuditConfigError(f"audit signing key file unreadable: {error}") from error
        return private_key_from_pem(pem, str(config.signing_key_file))
    if not config.demo_mode:
        raise AuditConfigError(
            "demo mode is off and no audit signing key is configured: set "
            "CRIMEASSIST_AUDIT_SIGNING_KEY (PEM) or CRIMEASSIST_AUDIT_SIGNING_KEY_FILE "
            "to an Ed25519 private key"
        )
    return demo_private_key(config.demo_key_path)


def verifying_key(config: AuditConfig) -> Ed25519PublicKey:
    """The configured public key, else the public half of the signing key."""
    if config.public_key_pem:
        return public_key_from_pem(config.public_key_pem, "CRIMEASSIST_AUDIT_PUBLIC_KEY")
    if config.public_key_file:
        try:
            pem = config.public_key_file.read_bytes()
        except OSError as error:
            raise AuditConfigError(f"audit public key file unreadable: {error}") from error
        return public_key_from_pem(pem, str(config.public_key_file))
    return signing_key(config).public_key()


def configured_witnesses(config: AuditConfig) -> list[Witness]:
    """The file witness (embedded default or configured) and the PostgreSQL one when set."""
    witnesses: list[Witness] = []
    if config.backend == "sqlite" or config.witness_file:
        witnesses.append(FileWitness(config.witness_path))
    if config.witness_pg_dsn:
        witnesses.append(PostgresWitness(config.witness_pg_dsn))
    return witnesses


def open_store(config: AuditConfig, on_commit: OnCommit | None = None) -> AuditSink:
    """The bare sink (creating the store and its schema when needed); without `on_commit`
    it appends without anchor or export."""
    if config.backend == "postgres":
        from tools.audit.postgres_sink import PostgresAuditSink

        if not config.pg_dsn:
            raise AuditConfigError("CRIMEASSIST_AUDIT_PG_DSN is not set")
        return PostgresAuditSink(config.pg_dsn, on_commit)
    from tools.audit.sqlite_sink import SqliteAuditSink

    return SqliteAuditSink(config.sqlite_path or config.home / "audit.db", on_commit)


def open_reader(config: AuditConfig) -> TrailReader:
    """The configured trail for reading only: nothing is created or changed (PostgreSQL: the
    sink, under whatever role the DSN names, e.g. the reader)."""
    if config.backend == "postgres":
        return open_store(config)
    from tools.audit.sqlite_sink import SqliteTrailReader

    return SqliteTrailReader(config.sqlite_path or config.home / "audit.db")


class AuditTrail:
    """An AuditSink: appends to the store (requests' flushes group-committed); after each
    commit the events go to the SIEM spool and the signed anchor moves forward; checkpoints
    go to the witnesses."""

    def __init__(self, config: AuditConfig) -> None:
        signer = CheckpointSigner(signing_key(config))
        siem = parse_siem_url(config.siem_url) if config.siem_url else None
        self.anchor = FileAnchor(config.anchor_path, signer)
        self.exporter: SyslogExporter | None = None
        self.store = open_store(config, self._committed)
        self.backend = self.store.backend
        if siem is not None:
            try:
                self.exporter = SyslogExporter(*siem, config.home / "siem-spool")
            except BaseException:
                self.store.close()
                raise
        self.checkpointer = Checkpointer(
            signer, configured_witnesses(config), config.checkpoint_interval_s, self.store.head()
        )
        self.committer = GroupCommitter(self.store) if config.group_commit else None

    def _committed(self, sealed: list[AuditEvent], encodings: list[str]) -> None:
        """After each commit: anchor first (the integrity guard), then the SIEM spool."""
        last = sealed[-1]
        try:
            self.anchor.write(int(last.seq or 0), str(last.hash), utc_now())
        except OSError as error:
            raise AuditUnavailable(f"audit anchor cannot be written: {error}") from error
        self.checkpointer.observe(int(last.seq or 0), str(last.hash))
        if self.exporter is not None:
            self.exporter.submit(sealed, encodings)

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        """One transaction for this batch (callers outside an event loop)."""
        return self.store.append(events)

    async def append_async(self, events: list[AuditEvent]) -> list[AuditEvent]:
        """The request path: group-committed with concurrent requests (unless configured off)."""
        if self.committer is None:
            return await asyncio.to_thread(self.store.append, events)
        return await self.committer.append(events)

    def head(self) -> tuple[int, str]:
        return self.store.head()

    def events(self) -> Iterator[AuditEvent]:
        return self.store.events()

    def ping(self) -> None:
        self.store.ping()

    def close(self) -> None:
        """Finish the queued group commits, witness the final head, hand the SIEM spool one
        last try, close the store."""
        try:
            if self.committer is not None:
                self.committer.close()
            self.checkpointer.close()
        finally:
            if self.exporter is not None:
                self.exporter.close()
            self.store.close()


def witness_texts(config: AuditConfig, source: str) -> list[str]:
    """Checkpoints from `source`: "configured", a file path, or a PostgreSQL DSN (URL or
    key=value) of a role that may read audit_checkpoints."""
    if source == "configured":
        witnesses = configured_witnesses(config)
    elif source.startswith(("postgresql://", "postgres://")) or "dbname=" in source:
        witnesses = [PostgresWitness(source)]
    else:
        witnesses = [FileWitness(Path(source))]
    if not witnesses:
        raise AuditConfigError("no audit witness is configured")
    texts: list[str] = []
    for witness in witnesses:
        try:
            texts.extend(witness.checkpoints())
        except Exception as error:  # a witness we cannot read is a failed verification
            raise AuditUnavailable(f"audit witness {witness.name} unreadable: {error}") from error
    return texts


def verify_configured(config: AuditConfig, witness: str | None = None) -> VerifyReport:
    """Verify the configured trail against its anchor, and against a witness when asked."""
    public_key = verifying_key(config)
    texts = None if witness is None else witness_texts(config, witness)
    store = open_reader(config)
    try:
        return verify_trail(
            store.events(),
            public_key,
            read_anchor_text(config.anchor_path),
            texts,
            single_writer=config.backend == "sqlite",
        )
    finally:
        store.close()
