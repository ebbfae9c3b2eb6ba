"""Bearer JWTs: demo HS256 tokens or the force's OpenID Connect tokens, mapped to the roster.

Two verifiers share one contract (`verify(token) -> Officer`): `TokenService` signs and
verifies HMAC tokens (demo mode and a shared-secret deployment), `OidcVerifier` checks
RS256/ES256 tokens against the identity provider's JWKS. Both require numeric `exp` and
`iat` and refuse a token whose lifetime exceeds the configured maximum. Outside demo mode
`require_safe_identity` refuses to start the service with a public or weak secret.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from app.settings import DEMO_JWT_SECRET, Settings
from schemas.errors import BackendUnavailable, NotAuthenticated
from schemas.officer import Officer
from tools.roster import officer_by_badge

if TYPE_CHECKING:  # PyJWT (and cryptography) load when a token is signed or checked
    import jwt

REQUIRED_CLAIMS = ("exp", "iat", "iss", "aud", "sub")
MIN_SECRET_BYTES = 32
LEEWAY_S = 30


class UnsafeConfiguration(RuntimeError):
    """The identity settings are not fit for a service outside demo mode."""


class TokenVerifier(Protocol):
    """Turns a bearer token into the roster officer it names, or raises NotAuthenticated."""

    def verify(self, token: str) -> Officer: ...


def secret_problems(secret: str) -> list[str]:
    """Why an HMAC signing secret is unfit outside demo mode (empty when it is fit)."""
    if secret == DEMO_JWT_SECRET:
        return ["CRIMEASSIST_JWT_SECRET is the public demo key"]
    if not secret.strip():
        return ["CRIMEASSIST_JWT_SECRET is empty"]
    if len(secret.encode()) < MIN_SECRET_BYTES:
        return [f"CRIMEASSIST_JWT_SECRET is shorter than {MIN_SECRET_BYTES} bytes"]
    return []


def identity_problems(settings: Settings) -> list[str]:
    """Why these settings may not run outside demo mode (empty when they may).

    The HMAC secret verifies tokens only in hs256 mode (demo tokens are minted in demo mode
    only), so OpenID Connect mode checks the provider settings and not the secret."""
    if settings.demo_mode:
        return []
    problems = []
    if settings.auth_mode == "hs256":
        problems += secret_problems(settings.jwt_secret.get_secret_value())
    if settings.auth_mode == "oidc":
        for name in ("oidc_issuer", "oidc_audience", "oidc_jwks_url"):
            if not getattr(settings, name):
                problems.append(f"CRIMEASSIST_{name.upper()} is not set (auth_mode=oidc)")
        if not settings.oidc_algorithms:
            problems.append("CRIMEASSIST_OIDC_ALGORITHMS is empty")
    return problems


def require_safe_identity(settings: Settings) -> None:
    """Refuse to start outside demo mode with the demo key, an empty or short secret (hs256),
    or incomplete provider settings (oidc)."""
    problems = identity_problems(settings)
    if problems:
        raise UnsafeConfiguration(
            "refusing to start with demo mode off: "
            + "; ".join(problems)
            + ". Set a random secret of at least 32 bytes (and the OIDC settings in oidc mode)."
        )


def checked_claims(claims: Mapping[str, Any], max_lifetime_s: int) -> None:
    """`exp` and `iat` are numbers and the token lives no longer than the maximum."""
    for name in ("exp", "iat"):
        value = claims.get(name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise NotAuthenticated(f"the token's {name!r} claim must be a number")
    if claims["exp"] - claims["iat"] > max_lifetime_s:
        raise NotAuthenticated(f"the token lives longer than the maximum of {max_lifetime_s} s")


def _decode(
    token: str, key: Any, algorithms: Sequence[str], audience: str, issuer: str
) -> dict[str, Any]:
    import jwt

    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            key,
            algorithms=list(algorithms),
            audience=audience,
            issuer=issuer,
            leeway=LEEWAY_S,
            options={"require": list(REQUIRED_CLAIMS)},
        )
    except jwt.ExpiredSignatureError:
        raise NotAuthenticated("the token has expired") from None
    except jwt.InvalidTokenError as error:
        raise NotAuthenticated(f"the token is not valid ({type(error).__name__})") from None
    return claims


@dataclass(frozen=True)
class TokenService:
    """Signs and verifies officer tokens with one pinned HMAC algorithm."""

    secret: str
    issuer: str
    audience: str
    algorithm: str = "HS256"
    ttl_s: int = 3600
    max_lifetime_s: int = 12 * 3600

    @classmethod
    def from_settings(cls, settings: Settings) -> TokenService:
        return cls(
            secret=settings.jwt_secret.get_secret_value(),
            issuer=settings.jwt_issuer,
            audience=settings.jwt_audience,
            algorithm=settings.jwt_algorithm,
            ttl_s=settings.jwt_ttl_s,
            max_lifetime_s=settings.jwt_max_lifetime_s,
        )

    def mint(self, badge_id: str, now: float | None = None) -> str:
        """A token for a roster officer (demo mode and the CLI's --as)."""
        officer_by_badge(badge_id)
        issued = int(now if now is not None else time.time())
        claims = {
            "sub": badge_id,
            "iss": self.issuer,
            "aud": self.audience,
            "iat": issued,
            "exp": issued + min(self.ttl_s, self.max_lifetime_s),
        }
        import jwt

        return jwt.encode(claims, self.secret, algorithm=self.algorithm)

    def verify(self, token: str) -> Officer:
        """The officer a valid token names; identity and clearance come from the roster."""
        claims = _decode(token, self.secret, [self.algorithm], self.audience, self.issuer)
        checked_claims(claims, self.max_lifetime_s)
        return officer_by_badge(str(claims["sub"]))


@dataclass
class OidcVerifier:
    """The force's identity provider: RS256/ES256 tokens checked against its JWKS.

    Keys are cached (`cache_s`); a token naming an unknown `kid` refreshes the key set once
    (at most once per `refresh_cooldown_s`), so key rotation needs no restart. Issuer and
    audience are pinned; the badge claim names the roster officer.
    """

    jwks_url: str
    issuer: str
    audience: str
    algorithms: Sequence[str] = ("RS256", "ES256")
    badge_claim: str = "badge_id"
    max_lifetime_s: int = 12 * 3600
    cache_s: float = 300.0
    refresh_cooldown_s: float = 30.0
    timeout_s: float = 5.0
    _jwks: jwt.PyJWKClient = field(init=False, repr=False)

    def __post_init__(self) -> None:
        import jwt

        self._jwks = jwt.PyJWKClient(
            self.jwks_url,
            cache_jwk_set=True,
            lifespan=self.cache_s,
            timeout=self.timeout_s,
            cooldown_duration=self.refresh_cooldown_s,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OidcVerifier:
        if not (settings.oidc_jwks_url and settings.oidc_issuer and settings.oidc_audience):
            raise UnsafeConfiguration("auth_mode=oidc needs the OIDC issuer, audience and JWKS URL")
        return cls(
            jwks_url=settings.oidc_jwks_url,
            issuer=settings.oidc_issuer,
            audience=settings.oidc_audience,
            algorithms=tuple(settings.oidc_algorithms),
            badge_claim=settings.oidc_badge_claim,
            max_lifetime_s=settings.jwt_max_lifetime_s,
            cache_s=settings.oidc_jwks_cache_s,
            refresh_cooldown_s=settings.oidc_jwks_refresh_cooldown_s,
            timeout_s=settings.oidc_timeout_s,
        )

    def signing_key(self, token: str) -> jwt.PyJWK:
        """The provider's key named by the token's `kid` (unknown kid: one refresh)."""
        import jwt

        try:
            header = jwt.get_unverified_header(token)
        except jwt.InvalidTokenError as error:
            raise NotAuthenticated(f"the token is not valid ({type(error).__name__})") from None
        if header.get("alg") not in self.algorithms:
            raise NotAuthenticated("the token is not valid (InvalidAlgorithmError)")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise NotAuthenticated("the token names no signing key ('kid')")
        try:
            return self._jwks.get_signing_key(kid)
        except jwt.PyJWKClientConnectionError:
            raise BackendUnavailable("the identity provider's keys cannot be fetched") from None
        except jwt.PyJWKClientError:
            raise NotAuthenticated("the token's key is one the provider does not list") from None

    def verify(self, token: str) -> Officer:
        """The roster officer named by the badge claim of a valid provider token."""
        key = self.signing_key(token)
        claims = _decode(token, key, self.algorithms, self.audience, self.issuer)
        checked_claims(claims, self.max_lifetime_s)
        badge = claims.get(self.badge_claim)
        if not isinstance(badge, str) or not badge:
            raise NotAuthenticated(f"the token carries no {self.badge_claim!r} claim")
        return officer_by_badge(badge)


def verifier_from_settings(settings: Settings) -> TokenVerifier:
    """The configured verifier, after refusing unsafe production settings."""
    require_safe_identity(settings)
    if settings.auth_mode == "oidc":
        return OidcVerifier.from_settings(settings)
    return TokenService.from_settings(settings)


def bearer_token(header: str | None) -> str:
    """The token of an `Authorization: Bearer ...` header."""
    if not header:
        raise NotAuthenticated("missing Authorization header")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthenticated("the Authorization header must be 'Bearer <token>'")
    return token.strip()
