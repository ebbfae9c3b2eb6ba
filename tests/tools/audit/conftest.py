"""Shared builders for the audit tests: events, keys, a configured embedded trail."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from schemas.audit import AuditEvent
from tools.audit.keys import private_pem
from tools.audit.trail import AuditConfig


def event(n: int, request_id: str = "r1") -> AuditEvent:
    """A transition-like event whose content depends on `n`."""
    return AuditEvent(
        kind="transition",
        request_id=request_id,
        badge_id="KA-1001",
        ts=f"2026-12-02T10:00:{n % 60:02d}+00:00",
        step=n,
        frm="a",
        to="b",
        data={"n": n, "text": "ಕನ್ನಡ"},
    )


@pytest.fixture
def production_key() -> Ed25519PrivateKey:
    """The force's configured signing key."""
    return Ed25519PrivateKey.generate()


@pytest.fixture
def production_config(tmp_path: Path, production_key: Ed25519PrivateKey) -> AuditConfig:
    """Demo mode off, a configured key, the embedded trail and file witness, no interval."""
    return AuditConfig(
        home=tmp_path / "home",
        demo_mode=False,
        signing_key_pem=private_pem(production_key),
        checkpoint_interval_s=0,
    )
