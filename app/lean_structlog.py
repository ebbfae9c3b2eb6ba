"""structlog imported without rich: logs here are JSON lines with plainly formatted
exceptions (`app.logging`), so structlog's rich console tracebacks are never used, and
importing rich with them costs every command ~70 ms of start-up."""

from __future__ import annotations

import sys


def import_structlog_without_rich() -> None:
    """Import structlog while rich is hidden from it; rich stays importable afterwards.

    structlog decides at import whether rich is installed (its console renderer's default
    exception formatter); hiding it makes that formatter structlog's plain traceback."""
    if "structlog" in sys.modules or "rich" in sys.modules:
        return
    sys.modules["rich"] = None  # type: ignore[assignment]  # `import rich` raises ImportError
    try:
        import structlog  # noqa: F401
    finally:
        del sys.modules["rich"]
