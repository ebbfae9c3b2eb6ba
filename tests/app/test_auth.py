"""Bearer tokens: only a valid, unexpired token from our issuer and audience names an officer."""

from __future__ import annotations

import base64
import json
import time

import jwt
import pytest

from app.auth import TokenService, bearer_token
from schemas.errors import NotAuthenticated

TOKENS = TokenService(secret="s" * 40, issuer="crimeassist", audience="crimeassist-chat")


def test_a_minted_token_verifies_to_the_roster_officer():
    officer = TOKENS.verify(TOKENS.mint("KA-1001"))
    assert officer.badge_id == "KA-1001"
    assert officer.clearance == 1


def test_expired_token_is_refused():
    token = TOKENS.mint("KA-1001", now=time.time() - 7200)
    with pytest.raises(NotAuthenticated, match="expired"):
        TOKENS.verify(token)


def test_token_signed_with_another_key_is_refused():
    forged = TokenService(secret="x" * 40, issuer="crimeassist", audience="crimeassist-chat")
    with pytest.raises(NotAuthenticated, match="InvalidSignatureError"):
        TOKENS.verify(forged.mint("KA-5005"))


def test_alg_none_token_is_refused():
    claims = {
        "sub": "KA-5005",
        "iss": "crimeassist",
        "aud": "crimeassist-chat",
        "iat": int(time.time()),
        "exp": int(time.time()) + 600,
    }
    token = jwt.encode(claims, key=None, algorithm="none")
    with pytest.raises(NotAuthenticated):
        TOKENS.verify(token)


def test_algorithm_is_pinned_even_with_the_right_key():
    claims = {
        "sub": "KA-5005",
        "iss": "crimeassist",
        "aud": "crimeassist-chat",
        "iat": int(time.time()),
        "exp": int(time.time()) + 600,
    }
    token = jwt.encode(claims, "s" * 40, algorithm="HS512")
    with pytest.raises(NotAuthenticated, match="InvalidAlgorithmError"):
        TOKENS.verify(token)


@pytest.mark.parametrize(("field", "value"), [("aud", "someone-else"), ("iss", "evil")])
def test_wrong_audience_or_issuer_is_refused(field: str, value: str):
    other = TokenService(secret="s" * 40, issuer="crimeassist", audience="crimeassist-chat")
    claims = jwt.decode(other.mint("KA-1001"), options={"verify_signature": False})
    claims[field] = value
    with pytest.raises(NotAuthenticated):
        TOKENS.verify(jwt.encode(claims, "s" * 40, algorithm="HS256"))


def test_claims_cannot_raise_clearance():
    claims = jwt.decode(TOKENS.mint("KA-1001"), options={"verify_signature": False})
    claims["clearance"] = 5
    claims["roles"] = ["sexual_offence_unit"]
    officer = TOKENS.verify(jwt.encode(claims, "s" * 40, algorithm="HS256"))
    assert officer.clearance == 1 and not officer.roles


def test_tampered_payload_is_refused():
    header, payload, signature = TOKENS.mint("KA-1001").split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=="))
    body["sub"] = "KA-5005"
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    with pytest.raises(NotAuthenticated):
        TOKENS.verify(f"{header}.{forged}.{signature}")


def test_unknown_badge_is_refused():
    claims = jwt.decode(TOKENS.mint("KA-1001"), options={"verify_signature": False})
    claims["sub"] = "KA-9999"
    with pytest.raises(NotAuthenticated, match="roster"):
        TOKENS.verify(jwt.encode(claims, "s" * 40, algorithm="HS256"))


@pytest.mark.parametrize("header", [None, "", "Basic abc", "Bearer", "Bearer   "])
def test_malformed_authorization_headers_are_refused(header: str | None):
    with pytest.raises(NotAuthenticated):
        bearer_token(header)


def _signed(claims: dict, secret: str = "s" * 40) -> str:
    return jwt.encode(claims, secret, algorithm="HS256")


def _claims(**changes: object) -> dict:
    now = int(time.time())
    base = {"sub": "KA-1001", "iss": "crimeassist", "aud": "crimeassist-chat"}
    return {**base, "iat": now, "exp": now + 600, **changes}


@pytest.mark.parametrize("missing", ["exp", "iat"])
def test_exp_and_iat_are_required(missing: str):
    claims = _claims()
    del claims[missing]
    with pytest.raises(NotAuthenticated, match="MissingRequiredClaimError"):
        TOKENS.verify(_signed(claims))


@pytest.mark.parametrize("name", ["exp", "iat"])
def test_exp_and_iat_must_be_numbers_not_strings(name: str):
    claims = _claims()
    claims[name] = str(claims[name])
    with pytest.raises(NotAuthenticated, match=name):
        TOKENS.verify(_signed(claims))


def test_token_living_longer_than_the_maximum_lifetime_is_refused():
    now = int(time.time())
    long_lived = _claims(iat=now, exp=now + 12 * 3600 + 1)
    with pytest.raises(NotAuthenticated, match="maximum"):
        TOKENS.verify(_signed(long_lived))
    assert TOKENS.verify(_signed(_claims(iat=now, exp=now + 12 * 3600))).badge_id == "KA-1001"


def test_maximum_lifetime_is_configurable_and_caps_minted_tokens():
    short = TokenService(
        secret="s" * 40, issuer="crimeassist", audience="crimeassist-chat", max_lifetime_s=60
    )
    claims = jwt.decode(short.mint("KA-1001"), options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] == 60
    with pytest.raises(NotAuthenticated, match="maximum"):
        short.verify(TOKENS.mint("KA-1001"))
