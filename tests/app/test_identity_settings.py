"""Outside demo mode the service refuses to start with a public, empty or short secret."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app import cli
from app.api.service import create_app
from app.auth import TokenService, UnsafeConfiguration, identity_problems, require_safe_identity
from app.settings import DEMO_JWT_SECRET, Settings
from tools.audit.keys import private_pem

STRONG = "k" * 32


def audit_key() -> str:
    """A fresh Ed25519 audit signing key (production refuses to start without one)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return private_pem(Ed25519PrivateKey.generate()).decode()


def production(tmp_path: Path, **changes: object) -> Settings:
    return Settings(home=tmp_path, demo_mode=False, audit_signing_key=audit_key(), **changes)


@pytest.mark.parametrize(
    ("secret", "reason"),
    [(DEMO_JWT_SECRET, "demo key"), ("", "empty"), ("   ", "empty"), ("k" * 31, "shorter")],
)
def test_production_refuses_to_start_with_an_unsafe_secret(
    tmp_path: Path, secret: str, reason: str
) -> None:
    settings = production(tmp_path, jwt_secret=secret)
    with pytest.raises(UnsafeConfiguration, match=reason):
        create_app(settings)


def test_production_with_a_32_byte_secret_may_start(tmp_path: Path) -> None:
    assert identity_problems(production(tmp_path, jwt_secret=STRONG)) == []
    require_safe_identity(production(tmp_path, jwt_secret=STRONG))


def test_demo_mode_may_use_the_demo_key(tmp_path: Path) -> None:
    assert identity_problems(Settings(home=tmp_path)) == []


def test_oidc_mode_needs_issuer_audience_and_jwks_url(tmp_path: Path) -> None:
    problems = identity_problems(production(tmp_path, jwt_secret=STRONG, auth_mode="oidc"))
    assert len(problems) == 3
    assert all("OIDC" in problem for problem in problems)


@pytest.mark.parametrize("secret", [DEMO_JWT_SECRET, ""])
def test_serve_exits_non_zero_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], secret: str
) -> None:
    monkeypatch.setenv("CRIMEASSIST_HOME", str(tmp_path))
    monkeypatch.setenv("CRIMEASSIST_DEMO_MODE", "false")
    monkeypatch.setenv("CRIMEASSIST_JWT_SECRET", secret)
    assert cli.main(["serve", "--port", "1"]) == 2
    assert "refusing to start with demo mode off" in capsys.readouterr().err


def test_ask_refuses_the_demo_key_outside_demo_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CRIMEASSIST_HOME", str(tmp_path))
    monkeypatch.setenv("CRIMEASSIST_DEMO_MODE", "false")
    assert cli.main(["ask", "hello", "--as", "KA-5005"]) == 2
    assert "public demo key" in capsys.readouterr().err


def test_finding_2_a_demo_key_token_is_refused_in_production(
    demo_home: Path, tmp_path: Path
) -> None:
    """Regression (issue 13, finding 2): a demo-signed top-officer token reads nothing."""
    for name in ("records.db", "qdrant"):
        (tmp_path / name).symlink_to(demo_home / name)
    settings = production(tmp_path, jwt_secret="p" * 48)
    forged = TokenService.from_settings(Settings(home=tmp_path)).mint("KA-5005")
    with TestClient(create_app(settings)) as client:
        reply = client.post(
            "/v1/chat",
            headers={"Authorization": f"Bearer {forged}"},
            json={"message": "/fir FIR-2026-00001"},
        )
    assert reply.status_code == 401
    assert reply.json()["error"] == "not_authenticated"
    assert "InvalidSignatureError" in reply.json()["message"]


@pytest.mark.parametrize("secret", [DEMO_JWT_SECRET, ""])
def test_oidc_mode_does_not_require_the_unused_hmac_secret(tmp_path: Path, secret: str) -> None:
    settings = production(
        tmp_path,
        jwt_secret=secret,
        auth_mode="oidc",
        oidc_issuer="https://idp.example",
        oidc_audience="crimeassist",
        oidc_jwks_url="https://idp.example/jwks",
    )
    assert identity_problems(settings) == []
    require_safe_identity(settings)


def test_hs256_mode_still_refuses_the_demo_key_when_oidc_settings_are_present(
    tmp_path: Path,
) -> None:
    settings = production(
        tmp_path,
        jwt_secret=DEMO_JWT_SECRET,
        oidc_issuer="https://idp.example",
        oidc_audience="crimeassist",
        oidc_jwks_url="https://idp.example/jwks",
    )
    assert identity_problems(settings) == ["CRIMEASSIST_JWT_SECRET is the public demo key"]
