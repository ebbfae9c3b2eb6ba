"""Bearer JWTs: minting demo tokens and verifying signature, expiry, issuer and audience."""

from __future__ import annotations

import time
from dataclasses import dataclass

import jwt

from app.settings import Settings
from schemas.errors import NotAuthenticated
from schemas.officer import Officer
from tools.roster import officer_by_badge

REQUIRED_CLAIMS = ("exp", "iat", "iss", "aud", "sub")


@dataclass(frozen=True)
class TokenService:
    """Signs and verifies officer tokens with one pinned HMAC algorithm."""

    secret: str
    issuer: str
    audience: str
    algorithm: str = "HS256"
    ttl_s: int = 3600

    @classmethod
    def from_settings(cls, settings: Settings) -> TokenService:
        return cls(
            secret=settings.jwt_secret.get_secret_value(),
            issuer=settings.jwt_issuer,
            audience=settings.jwt_audience,
            algorithm=settings.jwt_algorithm,
            ttl_s=settings.jwt_ttl_s,
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
            "exp": issued + self.ttl_s,
        }
        return jwt.encode(claims, self.secret, algorithm=self.algorithm)

    def verify(self, token: str) -> Officer:
        """The officer a valid token names; identity and clearance come from the roster."""
        try:
            claims = jwt.decode(
                token,
                self.secret,
                algorithms=[self.algorithm],
                audience=self.audience,
                issuer=self.issuer,
                options={"require": list(REQUIRED_CLAIMS)},
            )
        except jwt.ExpiredSignatureError:
            raise NotAuthenticated("the token has expired") from None
        except jwt.InvalidTokenError as error:
            raise NotAuthenticated(f"the token is not valid ({type(error).__name__})") from None
        return officer_by_badge(str(claims["sub"]))


def bearer_token(header: str | None) -> str:
    """The token of an `Authorization: Bearer ...` header."""
    if not header:
        raise NotAuthenticated("missing Authorization header")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthenticated("the Authorization header must be 'Bearer <token>'")
    return token.strip()
