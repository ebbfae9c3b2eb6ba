"""The service edge: settings, identity, HTTP routes and the command line.

structlog is imported here, before any module of the package, without rich
(`app.lean_structlog`)."""

from app.lean_structlog import import_structlog_without_rich

import_structlog_without_rich()
