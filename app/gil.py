"""The GIL switch interval while the service runs.

The service's event loop is busy with Python work most of the time under load, while the audit
append (group commit), knowledge searches and token checks run on worker threads that give up
the GIL at every round trip to their database and must get it back to continue. CPython hands
the GIL to a waiting thread only when the holder releases it or after the switch interval
(5 ms by default), so an audit append of five round trips waited up to 25 ms for the GIL alone,
and every request in its group waited with it. A 1 ms interval bounds each wait at 1 ms; the
loop thread loses nothing when no thread is waiting (the interval only matters when one is).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gil_switch_interval(ms: float) -> Iterator[None]:
    """Run the body with the interpreter's switch interval set to `ms`, then restore it."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(ms / 1000)
    try:
        yield
    finally:
        sys.setswitchinterval(previous)
