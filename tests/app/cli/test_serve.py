"""`crimeassist serve --workers N`: N uvicorn processes, each building the app from the
environment."""

from __future__ import annotations

import argparse
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from app.api.service import create_app_from_environment
from app.cli import commands
from app.cli.main import build_parser
from app.settings import Settings


def test_serve_with_workers_runs_uvicorn_on_the_environment_factory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append((app, kwargs)))
    args = build_parser().parse_args(["serve", "--port", "8123", "--workers", "3"])
    assert commands.serve(args, Settings()) == 0
    ((app, options),) = calls
    assert app == "app.api.service:create_app_from_environment"
    assert options["factory"] is True and options["workers"] == 3 and options["port"] == 8123


def test_serve_defaults_to_one_process_with_the_built_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append((app, kwargs)))
    args = build_parser().parse_args(["serve"])
    assert isinstance(args, argparse.Namespace) and args.workers == 1
    commands.serve(args, Settings())
    assert isinstance(calls[0][0], FastAPI) and "workers" not in calls[0][1]


def test_the_worker_factory_builds_the_service() -> None:
    assert isinstance(create_app_from_environment(), FastAPI)
