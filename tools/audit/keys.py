"""The Ed25519 key pair that signs audit checkpoints: configured, or generated for the demo."""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from schemas.errors import CrimeAssistError


class AuditConfigError(CrimeAssistError):
    """The audit keys, witness or SIEM settings are missing or unusable."""

    status_code = 500
    code = "audit_misconfigured"
    safe_message = "The audit trail is not configured correctly."


def key_id(public_key: Ed25519PublicKey) -> str:
    """A short, stable name for a public key (first 16 hex of SHA-256 of its raw bytes)."""
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def private_key_from_pem(pem: bytes, source: str) -> Ed25519PrivateKey:
    """Parse a PKCS#8 PEM Ed25519 private key; AuditConfigError names a bad source."""
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError) as error:
        raise AuditConfigError(f"{source} is not a PEM private key: {error}") from error
    if not isinstance(key, Ed25519PrivateKey):
        raise AuditConfigError(f"{source} is not an Ed25519 private key")
    return key


def public_key_from_pem(pem: bytes, source: str) -> Ed25519PublicKey:
    """Parse a PEM Ed25519 public key."""
    try:
        key = serialization.load_pem_public_key(pem)
    except (ValueError, TypeError) as error:
        raise AuditConfigError(f"{source} is not a PEM public key: {error}") from error
    if not isinstance(key, Ed25519PublicKey):
        raise AuditConfigError(f"{source} is not an Ed25519 public key")
    return key


def private_pem(key: Ed25519PrivateKey) -> bytes:
    """PKCS#8 PEM, unencrypted (protect it with file permissions or a secret store)."""
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def public_pem(key: Ed25519PublicKey) -> bytes:
    """SubjectPublicKeyInfo PEM."""
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def demo_private_key(path: Path) -> Ed25519PrivateKey:
    """The demo key under CRIMEASSIST_HOME, generated (mode 0600) on first use."""
    if path.exists():
        return private_key_from_pem(path.read_bytes(), str(path))
    key = Ed25519PrivateKey.generate()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(private_pem(key))
    try:
        with contextlib.suppress(FileExistsError):  # the first of two starting processes wins
            os.link(temp, path)
    finally:
        temp.unlink()
    return private_key_from_pem(path.read_bytes(), str(path))
