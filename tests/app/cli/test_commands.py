"""Every `crimeassist` command: its exit codes and that `--json` stdout is one JSON document."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.cli import main
from tests.app.cli.process import run_python
from tools.knowledge.layout import LAYOUT_VERSION

SCOPED = "SELECT fir_id, status FROM firs WHERE precinct_id = 'BLR-E-KRP' LIMIT 5"
UNSCOPED = "SELECT fir_id FROM firs WHERE status = 'Closed'"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A CRIMEASSIST_HOME seeded through the command itself (small)."""
    return tmp_path_factory.mktemp("cli-home")


@pytest.fixture(autouse=True)
def env(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRIMEASSIST_HOME", str(home))


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object]:
    """Run a command with --json; stdout must parse as exactly one JSON document."""
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.fixture(scope="module", autouse=True)
def seeded(home: Path) -> None:
    os.environ["CRIMEASSIST_HOME"] = str(home)
    try:
        assert main(["seed-demo", "--firs", "300", "--json"]) == 0
    finally:
        del os.environ["CRIMEASSIST_HOME"]


def test_seed_demo_reports_what_it_built(home: Path) -> None:
    assert (home / "records.db").exists()


def test_officers_lists_the_roster(capsys) -> None:
    code, roster = run_json(capsys, "officers")
    assert code == 0
    assert {"KA-1001", "KA-5005"} <= {o["badge_id"] for o in roster}


def test_token_is_issued_in_demo_mode_only(capsys, monkeypatch) -> None:
    code, payload = run_json(capsys, "token", "--as", "KA-1001")
    assert code == 0 and payload["badge_id"] == "KA-1001" and payload["token"].count(".") == 2
    monkeypatch.setenv("CRIMEASSIST_DEMO_MODE", "false")
    code, payload = run_json(capsys, "token", "--as", "KA-1001")
    assert code == 2 and payload["error"] == "not_authorised"


def test_route_gives_the_decision(capsys) -> None:
    code, decision = run_json(capsys, "route", "what is a zero FIR")
    assert code == 0 and decision["route"] == "rag" and 0 <= decision["confidence"] <= 1


def test_route_without_text_is_bad_input(capsys) -> None:
    code, payload = run_json(capsys, "route")
    assert code == 2 and payload["error"] == "bad_input"


def test_zcql_validate_exits_0_when_accepted_and_1_with_every_reason(capsys) -> None:
    code, verdict = run_json(capsys, "zcql", "validate", SCOPED, "--as", "KA-3003")
    assert code == 0 and verdict["accepted"] is True
    code, verdict = run_json(capsys, "zcql", "validate", UNSCOPED, "--as", "KA-3003")
    assert code == 1 and verdict["accepted"] is False and verdict["reasons"]


def test_zcql_run_prints_cleared_rows_or_refuses(capsys) -> None:
    code, payload = run_json(capsys, "zcql", "run", SCOPED, "--as", "KA-3003")
    assert code == 0 and payload["columns"] == ["fir_id", "status"]
    code, payload = run_json(capsys, "zcql", "run", UNSCOPED, "--as", "KA-3003")
    assert code == 1


def test_unknown_badge_is_a_clear_error(capsys) -> None:
    code, payload = run_json(capsys, "zcql", "validate", SCOPED, "--as", "KA-0000")
    assert code == 2 and "KA-0000" in payload["message"]


def test_ask_answers_in_the_contract_shape(capsys) -> None:
    code, response = run_json(capsys, "ask", "Good morning", "--as", "KA-3003")
    assert code == 0 and response["route"] == "smalltalk" and response["audit_head"]


def test_kb_ingest_adds_documents(capsys, tmp_path: Path) -> None:
    doc = tmp_path / "note.md"
    doc.write_text("---\ntitle: Test note\n---\n# Test note\n\nA short procedure note.\n")
    code, report = run_json(capsys, "kb", "ingest", str(doc))
    assert code == 0 and report["documents"] == 1


def test_audit_verify_exits_0_on_an_intact_trail(capsys) -> None:
    main(["ask", "hello", "--as", "KA-1001", "--json"])
    capsys.readouterr()
    code, report = run_json(capsys, "audit", "verify")
    assert code == 0 and report["ok"] is True


def test_replay_exports_logged_decisions(capsys, tmp_path: Path) -> None:
    main(["ask", "what is a zero FIR", "--as", "KA-1001", "--json"])
    capsys.readouterr()
    out = tmp_path / "decisions.jsonl"
    code, payload = run_json(capsys, "replay", "--export", str(out))
    assert code == 0 and payload["exported"] >= 1 and out.exists()
    code, report = run_json(capsys, "replay", str(out))
    assert code == 0 and isinstance(report, dict)


def test_replay_without_a_log_is_bad_input(capsys) -> None:
    code, payload = run_json(capsys, "replay")
    assert code == 2 and payload["error"] == "bad_input"


def test_json_stdout_is_one_document_in_a_real_process(home: Path) -> None:
    """Logs go to stderr: `ask --json 2>/dev/null | python -m json.tool` works."""
    done = run_python(home, "-m", "app", "ask", "hello", "--as", "KA-1001", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["route"] == "smalltalk"
    assert "chat.answered" in done.stderr


def test_seed_demo_rebuilds_a_demo_index_of_an_earlier_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CRIMEASSIST_HOME", str(tmp_path))
    assert main(["seed-demo", "--firs", "50", "--json"]) == 0
    (meta,) = tmp_path.rglob("meta.json")
    data = json.loads(meta.read_text(encoding="utf-8"))
    data["bm25"] = {"k1": 1.2, "b": 0.75, "total_length": 0, "chunks": 0}  # layout 1
    meta.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["seed-demo", "--firs", "50", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["kb_chunks"] > 0
    assert "has layout 1" in err and "seed-demo rebuilds the demo index now" in err
    assert json.loads(meta.read_text(encoding="utf-8"))["bm25"]["layout"] == LAYOUT_VERSION
