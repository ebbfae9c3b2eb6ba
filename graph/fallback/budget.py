"""Budget bookkeeping for the fallback loop: deadlines, repeated calls, argument summaries."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Literal

StopReason = Literal["cap", "deadline", "repeat", "model_error"]

monotonic: Callable[[], float] = time.monotonic

STOP_WARNINGS: dict[str, str] = {
    "cap": "Stopped at the tool-call limit of {max_cycles} cycles before the answer was verified.",
    "deadline": "Stopped at the {deadline_s:g} s time limit before the answer was verified.",
    "repeat": "Stopped because the same tool call was requested again.",
    "model_error": "The language model could not be reached, so the answer is incomplete.",
}


def seconds_left(deadline: float) -> float:
    """Seconds until the monotonic deadline (negative once it has passed)."""
    return deadline - monotonic()


def call_key(name: str, args: Any) -> str:
    """Canonical identity of a tool call: name plus sorted-key JSON of its arguments."""
    try:
        canonical = json.dumps(args, sort_keys=True, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        canonical = repr(args)
    return f"{name}:{canonical}"


def args_summary(args: Any) -> dict[str, Any]:
    """Keys and lengths only: nothing that could be personal data reaches the audit."""
    if not isinstance(args, dict):
        return {"type": type(args).__name__, "chars": len(str(args))}
    return {
        str(key)[:40]: {"type": type(value).__name__, "chars": len(str(value))}
        for key, value in sorted(args.items(), key=lambda item: str(item[0]))[:12]
    }
