"""A greeting or slash command on the command line loads none of the heavy libraries it does
not use: they are imported on the paths that need them (issue 16, fast starts).

Each case runs `crimeassist ask` in a fresh interpreter and lists the modules it loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.app.cli.process import run_python

DEFERRED = (
    "numpy",  # the router's classifier and the name tables
    "sklearn",
    "PIL",  # images only
    "prometheus_client",  # only where /metrics is served
    "rich",  # structlog's console tracebacks; logs here are JSON lines
    "starlette",
    "fastapi",
    "anyio",
    "httpx",
    "langgraph.graph",
    "langgraph.pregel",
    "langchain_core",
    "qdrant_client",
    "qdrant_edge",
    "sqlglot",
    "rapidfuzz",
    "holidays",
    "tools.text2zcql",  # the records vocabularies
    "tools.domain.seed_names",
    "tools.domain.sections",
)
PROBE = """
import json, sys
from app.cli import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""


def loaded_by(home: Path, out: Path, *argv: str) -> tuple[dict[str, object], set[str]]:
    """The command's JSON answer and every module the process had loaded when it ended."""
    done = run_python(home, "-c", PROBE, str(out), *argv)
    assert done.returncode == 0, done.stderr
    probe = json.loads(out.read_text(encoding="utf-8"))
    assert probe["code"] == 0
    return json.loads(done.stdout), set(probe["modules"])


def heavy(modules: set[str]) -> list[str]:
    """The deferred packages (or any of their submodules) among `modules`."""
    return sorted(m for m in modules if any(m == d or m.startswith(d + ".") for d in DEFERRED))


@pytest.mark.parametrize("text", ["Good morning", "/help", "thanks"])
def test_a_greeting_imports_none_of_the_deferred_modules(tmp_path: Path, text: str) -> None:
    answer, modules = loaded_by(
        tmp_path / "home", tmp_path / "modules.json", "ask", text, "--as", "KA-3003", "--json"
    )
    assert answer["route"] == "smalltalk"
    # the turn really ran: the direct plan, the guardrail and the audit trail were loaded
    assert {"graph.direct", "validators.guardrail.engine", "tools.audit.trail"} <= modules
    assert heavy(modules) == []


def test_the_probe_sees_a_deferred_module_once_a_path_loads_it() -> None:
    """The check itself can fail: a module of the list counts, and so do its submodules."""
    assert heavy({"numpy", "json"}) == ["numpy"]
    assert heavy({"langgraph.graph.state", "langgraph.constants"}) == ["langgraph.graph.state"]
