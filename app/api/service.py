"""The FastAPI application: lifespan-built services, routes, and one error mapping."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import date

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from app.api.context import RequestContextMiddleware
from app.api.routes import chat, health, stream, ui
from app.assistant import Assistant
from app.auth import TokenService, verifier_from_settings
from app.gil import gil_switch_interval
from app.logging import configure_logging
from app.settings import Settings
from app.uploads import BodyLimitMiddleware
from app.warmup import warm_up
from schemas.errors import BadInput, CrimeAssistError

log = structlog.get_logger()
AssistantFactory = Callable[[Settings], AbstractAsyncContextManager[Assistant]]


def error_body(error: CrimeAssistError) -> dict[str, str]:
    """The JSON every expected failure returns."""
    return {"error": error.code, "message": error.detail}


def create_app(settings: Settings, assistant_factory: AssistantFactory | None = None) -> FastAPI:
    """The service; `assistant_factory` lets tests substitute sinks or clocks.

    Raises UnsafeConfiguration (before anything starts) when demo mode is off and the
    identity settings are unsafe: the demo key, an empty or short secret, incomplete OIDC.
    """
    from app.wiring import open_assistant

    factory = assistant_factory or open_assistant
    verifier = verifier_from_settings(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(settings.log_level)
        app.state.settings = settings
        app.state.tokens = TokenService.from_settings(settings)
        app.state.verifier = verifier
        with gil_switch_interval(settings.gil_switch_interval_ms):
            async with factory(settings) as assistant:
                app.state.assistant = assistant
                warm_up(date.today(), settings.records_backend)
                log.info("service.started", demo_mode=settings.demo_mode)
                yield

    app = FastAPI(
        title="crimeassist",
        version="0.1.0",
        summary="Crime-analytics assistant: the backend behind the officers' chat UI",
        lifespan=lifespan,
    )

    @app.exception_handler(CrimeAssistError)
    async def expected_failure(request: Request, error: CrimeAssistError) -> JSONResponse:
        log.info("request.refused", code=error.code, status=error.status_code)
        if error.code == "not_authenticated":
            assistant: Assistant = request.app.state.assistant
            try:
                await assistant.refuse(request.state.request_id, "", error, request.url.path)
            except CrimeAssistError as audit_error:
                return JSONResponse(error_body(audit_error), status_code=audit_error.status_code)
        return JSONResponse(
            error_body(error),
            status_code=error.status_code,
            headers={"WWW-Authenticate": "Bearer"} if error.status_code == 401 else None,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        bad = BadInput(f"invalid request: {error.errors()[:3]}")
        return JSONResponse(error_body(bad), status_code=bad.status_code)

    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(RequestContextMiddleware)
    app.include_router(health.router)
    app.include_router(chat.router)
    app.include_router(stream.router)
    app.include_router(ui.router)
    return app


def create_app_from_environment() -> FastAPI:
    """The service with settings from the environment: the factory each of `crimeassist serve
    --workers N`'s processes calls."""
    return create_app(Settings())
