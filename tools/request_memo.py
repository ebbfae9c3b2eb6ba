"""Work shared by the steps of one request.

Several steps of one turn read the same question with the same pure function (the router,
then the records reader, then grounding each call `understand`). Inside `request_scope` such a
function keeps its results for the rest of the request; outside one (tests, the CLI's tools)
nothing is kept. Only pure functions of their arguments belong here: nothing that depends on
the officer's clearance, the database or the clock unless that is part of the key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

_MEMO: ContextVar[dict[Hashable, Any] | None] = ContextVar("request_memo", default=None)


@contextmanager
def request_scope() -> Iterator[None]:
    """Keep memoised results until the block ends (one request)."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def request_memo() -> dict[Hashable, Any] | None:
    """This request's kept results (the caller chooses keys that name the function), or None
    outside a request."""
    return _MEMO.get()


def per_request(function: F) -> F:
    """`function` computed once per request for each (hashable, positional) arguments. Only
    for pure functions whose results nobody mutates."""

    @wraps(function)
    def kept(*args: Hashable) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return function(*args)
        key = (function, args)
        try:
            return memo[key]
        except KeyError:
            value = memo[key] = function(*args)
            return value

    return cast(F, kept)
