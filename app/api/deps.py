"""FastAPI dependencies: the assistant, the token service and the current officer."""

from __future__ import annotations

from typing import Annotated

import anyio
import structlog
from fastapi import Depends, Header, Request

from app.assistant import Assistant
from app.auth import TokenService, TokenVerifier, bearer_token
from app.settings import Settings
from schemas.officer import Officer


def get_assistant(request: Request) -> Assistant:
    """The assistant built in the lifespan."""
    assistant: Assistant = request.app.state.assistant
    return assistant


def get_settings_dep(request: Request) -> Settings:
    """The settings the app was created with."""
    settings: Settings = request.app.state.settings
    return settings


def get_tokens(request: Request) -> TokenService:
    """The token service built in the lifespan."""
    tokens: TokenService = request.app.state.tokens
    return tokens


def get_verifier(request: Request) -> TokenVerifier:
    """The configured token verifier (demo HS256 or the force's OIDC provider)."""
    verifier: TokenVerifier = request.app.state.verifier
    return verifier


def get_request_id(request: Request) -> str:
    """The id the request-context middleware gave this request."""
    return str(request.state.request_id)


async def verified_officer(verifier: TokenVerifier, authorization: str | None) -> Officer:
    """The officer of a verified bearer token; never from the request body (bound for logs).

    The demo HMAC check is pure CPU (tens of microseconds) and runs inline; any other verifier
    runs on a worker thread, so a JWKS fetch from the identity provider never blocks the loop.
    """
    token = bearer_token(authorization)
    if isinstance(verifier, TokenService):
        officer = verifier.verify(token)
    else:
        officer = await anyio.to_thread.run_sync(verifier.verify, token)
    structlog.contextvars.bind_contextvars(badge_id=officer.badge_id)
    return officer


async def current_officer(
    verifier: Annotated[TokenVerifier, Depends(get_verifier)],
    authorization: Annotated[str | None, Header()] = None,
) -> Officer:
    """The officer of the request's bearer token (`verified_officer`)."""
    return await verified_officer(verifier, authorization)


AssistantDep = Annotated[Assistant, Depends(get_assistant)]
OfficerDep = Annotated[Officer, Depends(current_officer)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
TokensDep = Annotated[TokenService, Depends(get_tokens)]
RequestIdDep = Annotated[str, Depends(get_request_id)]
