"""Bounded retries for the vision services: 429, 5xx and connection failures only.

Every failure that survives the retries becomes `BackendUnavailable` with a short reason
(never the request body, which may hold an image of an identity card).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from schemas.errors import BackendUnavailable

TokenProvider = Callable[[], Awaitable[str]] | Callable[[], str]


class _RetryableStatus(Exception):
    def __init__(self, status_code: int) -> None:
        super().__init__(f"status {status_code}")
        self.status_code = status_code


def _is_retryable(error: BaseException) -> bool:
    return isinstance(error, _RetryableStatus | httpx.ConnectError | httpx.ConnectTimeout)


async def resolve_token(provider: TokenProvider) -> str:
    """The current OAuth access token from a sync or async provider."""
    token = provider()
    if inspect.isawaitable(token):
        token = await token
    return str(token)


async def send_with_retries(
    send: Callable[[], Awaitable[httpx.Response]],
    *,
    service: str,
    attempts: int,
    backoff_s: float,
) -> httpx.Response:
    """A 2xx response from `send`, retried with exponential backoff; else BackendUnavailable."""
    retrying = AsyncRetrying(
        stop=stop_after_attempt(attempts),
        wait=wait_exponential(multiplier=backoff_s, max=max(backoff_s * 8, 0.0)),
        retry=retry_if_exception(_is_retryable),
        reraise=True,
    )
    try:
        response: httpx.Response = await retrying(_checked, send)
    except _RetryableStatus as error:
        raise BackendUnavailable(
            f"{service} answered HTTP {error.status_code} after {attempts} attempts"
        ) from None
    except (httpx.ConnectError, httpx.ConnectTimeout):
        raise BackendUnavailable(f"{service} could not be reached") from None
    except httpx.TimeoutException:
        raise BackendUnavailable(f"{service} timed out") from None
    except httpx.HTTPError as error:
        raise BackendUnavailable(f"{service} request failed ({type(error).__name__})") from None
    if not response.is_success:
        raise BackendUnavailable(f"{service} refused the request (HTTP {response.status_code})")
    return response


async def _checked(send: Callable[[], Awaitable[httpx.Response]]) -> httpx.Response:
    response = await send()
    if response.status_code == 429 or response.status_code >= 500:
        raise _RetryableStatus(response.status_code)
    return response


def json_body(response: httpx.Response, service: str) -> dict[str, Any]:
    """The response's JSON object, or BackendUnavailable when it is not one."""
    try:
        body = response.json()
    except ValueError:
        raise BackendUnavailable(f"{service} sent an answer that is not JSON") from None
    if not isinstance(body, dict):
        raise BackendUnavailable(f"{service} sent an unexpected answer")
    return body
