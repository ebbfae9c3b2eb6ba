"""A records service whose Catalyst executor talks to a mocked ZCQL API (httpx.MockTransport)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import httpx

from tools.records.catalyst_executor import CatalystExecutor
from tools.records.service import RecordsService
from validators.clearance.policy import load_policy


def catalyst_service(
    handler: Callable[[httpx.Request], httpx.Response], clock: datetime
) -> RecordsService:
    """The real Catalyst client and records service over `handler`, the mocked API."""
    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    executor = CatalystExecutor("https://api.catalyst.zoho.in", "42", lambda: "tok", client=client)
    return RecordsService(
        generator=None,  # type: ignore[arg-type]  # the tests run statements directly
        executor=executor,
        policy=load_policy(),
        clock=lambda: clock,
    )
