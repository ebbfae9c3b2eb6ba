"""`crimeassist route --jsonl`: a bad line is reported as that line's error; the rest go on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import cli

CAPTURED = "2026-12-02T10:15:00Z"


def test_route_jsonl_reports_bad_lines_and_routes_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        json.dumps({"text": "hello there"}),
        "{not json",
        json.dumps(
            {
                "text": "status of this fir",
                "page_context": {"schema_version": "2", "captured_at": CAPTURED},
            }
        ),
        "",
        json.dumps(["a", "list"]),
        json.dumps(
            {
                "text": "who is the accused here",
                "page_context": {
                    "schema_version": "1",
                    "captured_at": CAPTURED,
                    "current_module": "suspect_search",
                    "active_fir_id": "FIR-2026-04829",
                },
            }
        ),
    ]
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("CRIMEASSIST_HOME", str(tmp_path))

    assert cli.main(["route", "--jsonl", str(batch)]) == 1

    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["line"] for row in out] == [1, 2, 3, 5, 6]
    assert out[0]["route"] == "smalltalk"
    assert out[1]["error"] == "JSONDecodeError"
    assert out[2]["error"] == "ValidationError" and "schema_version" in out[2]["message"]
    assert out[3]["error"] == "ValueError"
    assert "route" in out[4] and "error" not in out[4]


def test_route_jsonl_of_good_lines_exits_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "batch.jsonl"
    batch.write_text(json.dumps({"text": "thanks"}) + "\n", encoding="utf-8")
    monkeypatch.setenv("CRIMEASSIST_HOME", str(tmp_path))
    assert cli.main(["route", "--jsonl", str(batch)]) == 0
    assert json.loads(capsys.readouterr().out)["route"] == "smalltalk"
