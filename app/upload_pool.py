"""Worker threads for decoding and validating uploads, off the event loop.

Pillow's decoders release the GIL, so `/healthz` keeps answering while images decode."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # anyio loads with the first upload, not with every command
    import anyio

T = TypeVar("T")


@dataclass
class UploadPool:
    """A bounded set of worker threads for decoding and validating uploads."""

    workers: int = 2
    _limiter: anyio.CapacityLimiter | None = field(default=None, init=False, repr=False)

    async def run(self, function: Callable[..., T], *args: object) -> T:
        """`function(*args)` on a worker thread; waits for a free worker when all are busy."""
        import anyio

        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.workers)
        return await anyio.to_thread.run_sync(function, *args, limiter=self._limiter)
