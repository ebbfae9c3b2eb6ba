"""structlog configured once: JSON lines carrying request_id and badge_id from context vars."""

from __future__ import annotations

import logging
import sys

import structlog


def stderr_logger(*_args: object) -> structlog.PrintLogger:
    """A logger writing to whatever sys.stderr is now (stdout belongs to --json output)."""
    return structlog.PrintLogger(sys.stderr)


def configure_logging(level: str = "INFO") -> None:
    """JSON logs to stderr; request-scoped fields come from structlog.contextvars."""
    logging.basicConfig(format="%(message)s", stream=sys.stderr, level=level)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=stderr_logger,
        cache_logger_on_first_use=False,
    )
