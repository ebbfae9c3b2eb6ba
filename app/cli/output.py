"""What every command shares: settings from the environment, --json/--db, and output."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from app.settings import Settings


def emit(args: argparse.Namespace, payload: Any, text: str) -> None:
    """JSON with --json (stdout holds exactly one document), readable text otherwise."""
    if args.json:
        print(json.dumps(payload, ensure_ascii=False, indent=2, default=str))
    else:
        print(text)


def settings_for(args: argparse.Namespace) -> Settings:
    """Settings from the environment, with --db overriding the records database."""
    settings = Settings()
    if getattr(args, "db", None):
        settings = settings.model_copy(update={"records_db": Path(args.db)})
    return settings


def run_async(coroutine: Any) -> Any:
    """asyncio.run for command handlers."""
    return asyncio.run(coroutine)
