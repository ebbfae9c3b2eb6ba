"""OpenID Connect: provider tokens checked against a JWKS served on 127.0.0.1, with rotation."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from fastapi.testclient import TestClient
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from app.api.service import create_app
from app.auth import OidcVerifier, TokenService
from app.settings import Settings
from schemas.errors import BackendUnavailable, NotAuthenticated
from tests.app.test_identity_settings import audit_key

ISSUER = "https://idp.police.example/realms/ksp"
AUDIENCE = "crimeassist"


@dataclass
class SigningKey:
    kid: str
    alg: str
    private: Any

    def jwk(self) -> dict[str, Any]:
        to_jwk = RSAAlgorithm.to_jwk if self.alg == "RS256" else ECAlgorithm.to_jwk
        public = to_jwk(self.private.public_key(), as_dict=True)
        return {**public, "kid": self.kid, "alg": self.alg, "use": "sig"}

    def sign(self, **changes: Any) -> str:
        now = int(time.time())
        claims = {
            "iss": ISSUER,
            "aud": AUDIENCE,
            "sub": "f3a9-idp-user",
            "badge_id": "KA-3003",
            "iat": now,
            "exp": now + 600,
            **changes,
        }
        return jwt.encode(claims, self.private, algorithm=self.alg, headers={"kid": self.kid})


def rsa_key(kid: str) -> SigningKey:
    return SigningKey(kid, "RS256", rsa.generate_private_key(public_exponent=65537, key_size=2048))


def ec_key(kid: str) -> SigningKey:
    return SigningKey(kid, "ES256", ec.generate_private_key(ec.SECP256R1()))


@dataclass
class Provider:
    """A JWKS endpoint on loopback whose published keys the test can rotate."""

    url: str = ""
    keys: list[SigningKey] = field(default_factory=list)
    fetches: int = 0

    def publish(self, *keys: SigningKey) -> None:
        self.keys = list(keys)


@pytest.fixture(scope="module")
def first_keys() -> tuple[SigningKey, SigningKey]:
    return rsa_key("rsa-2026-01"), ec_key("ec-2026-01")


@pytest.fixture
def provider(first_keys: tuple[SigningKey, SigningKey]) -> Iterator[Provider]:
    state = Provider()
    state.publish(*first_keys)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.fetches += 1
            body = json.dumps({"keys": [key.jwk() for key in state.keys]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/realms/ksp/certs"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def verifier(provider: Provider, **changes: Any) -> OidcVerifier:
    options: dict[str, Any] = {"refresh_cooldown_s": 0.0, **changes}
    return OidcVerifier(jwks_url=provider.url, issuer=ISSUER, audience=AUDIENCE, **options)


def test_rs256_and_es256_provider_tokens_map_the_badge_claim_to_the_roster(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    check = verifier(provider)
    rsa_signer, ec_signer = first_keys
    assert check.verify(rsa_signer.sign()).badge_id == "KA-3003"
    officer = check.verify(ec_signer.sign(badge_id="KA-5005"))
    assert officer.badge_id == "KA-5005" and officer.clearance == 5


def test_keys_are_cached_between_tokens(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    check = verifier(provider)
    for _ in range(5):
        check.verify(first_keys[0].sign())
    assert provider.fetches == 1


def test_a_rotated_key_is_fetched_once_and_the_retired_key_stops_working(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    check = verifier(provider)
    old = first_keys[0]
    assert check.verify(old.sign()).badge_id == "KA-3003"
    new = rsa_key("rsa-2026-02")
    provider.publish(new)
    assert check.verify(new.sign()).badge_id == "KA-3003"
    assert provider.fetches == 2
    with pytest.raises(NotAuthenticated):
        check.verify(old.sign())


def test_an_unknown_kid_refreshes_once_then_is_refused(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    check = verifier(provider)
    check.verify(first_keys[0].sign())
    stranger = rsa_key("not-published")
    with pytest.raises(NotAuthenticated, match="does not list"):
        check.verify(stranger.sign())
    assert provider.fetches == 2


def test_unknown_kids_within_the_cooldown_do_not_hammer_the_provider(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    check = verifier(provider, refresh_cooldown_s=60.0)
    check.verify(first_keys[0].sign())
    for n in range(5):
        with pytest.raises(NotAuthenticated):
            check.verify(rsa_key(f"spam-{n}").sign())
    assert provider.fetches == 1


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"iss": "https://evil.example/"}, "InvalidIssuerError"),
        ({"aud": "another-app"}, "InvalidAudienceError"),
        ({"badge_id": None}, "badge_id"),
        ({"badge_id": "KA-9999"}, "roster"),
        ({"exp": int(time.time()) + 13 * 3600}, "maximum"),
        ({"iat": "1700000000"}, "iat"),
    ],
)
def test_provider_tokens_with_wrong_claims_are_refused(
    provider: Provider,
    first_keys: tuple[SigningKey, SigningKey],
    changes: dict[str, Any],
    fragment: str,
) -> None:
    with pytest.raises(NotAuthenticated, match=fragment):
        verifier(provider).verify(first_keys[0].sign(**changes))


def test_the_badge_claim_name_is_configurable(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    token = first_keys[0].sign(badge_id=None, employee_no="KA-1001")
    assert verifier(provider, badge_claim="employee_no").verify(token).badge_id == "KA-1001"


def test_hmac_token_and_header_algorithm_confusion_are_refused(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey]
) -> None:
    now = int(time.time())
    claims = {"iss": ISSUER, "aud": AUDIENCE, "badge_id": "KA-5005", "iat": now, "exp": now + 60}
    hmac = jwt.encode(claims, "s" * 40, algorithm="HS256", headers={"kid": "rsa-2026-01"})
    with pytest.raises(NotAuthenticated, match="InvalidAlgorithmError"):
        verifier(provider).verify(hmac)
    rsa_signer, ec_signer = first_keys
    swapped = jwt.encode(
        claims, ec_signer.private, algorithm="ES256", headers={"kid": rsa_signer.kid}
    )
    with pytest.raises(NotAuthenticated, match="InvalidAlgorithmError"):
        verifier(provider).verify(swapped)


def test_an_unreachable_provider_is_a_503_not_a_pass(
    first_keys: tuple[SigningKey, SigningKey],
) -> None:
    dead = OidcVerifier(
        jwks_url="http://127.0.0.1:9/certs", issuer=ISSUER, audience=AUDIENCE, timeout_s=1.0
    )
    with pytest.raises(BackendUnavailable):
        dead.verify(first_keys[0].sign())


def test_service_in_oidc_mode_answers_a_provider_token_and_refuses_a_demo_token(
    provider: Provider, first_keys: tuple[SigningKey, SigningKey], demo_home: Path, tmp_path: Path
) -> None:
    for name in ("records.db", "qdrant"):
        (tmp_path / name).symlink_to(demo_home / name)
    settings = Settings(
        home=tmp_path,
        demo_mode=False,
        audit_signing_key=audit_key(),
        jwt_secret="p" * 48,
        auth_mode="oidc",
        oidc_issuer=ISSUER,
        oidc_audience=AUDIENCE,
        oidc_jwks_url=provider.url,
    )
    demo = Settings(home=tmp_path)
    with TestClient(create_app(settings)) as client:
        ok = client.post(
            "/v1/chat",
            headers={"Authorization": f"Bearer {first_keys[1].sign()}"},
            json={"message": "hello"},
        )
        refused = client.post(
            "/v1/chat",
            headers={"Authorization": f"Bearer {TokenService.from_settings(demo).mint('KA-5005')}"},
            json={"message": "hello"},
        )
    assert ok.status_code == 200, ok.text
    assert refused.status_code == 401
