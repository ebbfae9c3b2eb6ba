"""The frozen evaluation sets under data/eval: loading, the freeze manifest and case shapes.

A set is JSONL whose first line is a header record (`"id": "header"`); every other line is
one case. `FROZEN.sha256` lists the SHA-256 of every frozen file (see data/eval/README.md).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

EVAL_DIR = Path(__file__).resolve().parent.parent / "data" / "eval"
MANIFEST = EVAL_DIR / "FROZEN.sha256"


@dataclass(frozen=True)
class EvalSet:
    """A header and its cases, in file order."""

    header: dict[str, Any]
    cases: list[dict[str, Any]]

    @property
    def today(self) -> date:
        """The fixed "today" relative dates resolve against."""
        return date.fromisoformat(self.header["today"])

    @property
    def clock(self) -> datetime:
        """The instant the assistant's clock is fixed at (end of today by default)."""
        raw = self.header.get("clock") or f"{self.header['today']}T23:30:00+05:30"
        return datetime.fromisoformat(raw)

    @property
    def database(self) -> dict[str, Any]:
        """How the records database the gold answers were computed on is built."""
        spec = dict(self.header.get("database") or {})
        spec.setdefault("n_firs", 20_000)
        spec.setdefault("seed", 7)
        spec.setdefault("today", self.header["today"])
        return spec


def load_set(path: Path) -> EvalSet:
    """Parse a set file; the header must come first."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    if not lines or lines[0].get("id") != "header":
        raise ValueError(f"{path}: the first line must be the header record")
    return EvalSet(lines[0], lines[1:])


def sha256_file(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """File name -> frozen hash, from `sha256sum` output."""
    entries: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            entries[name.strip().lstrip("*")] = digest
    return entries


RECORD_EXPECTED = {"answer", "clarify", "refuse"}
MATCH_KINDS = {"value", "set", "rows"}
REFUSE_REASONS = {"write", "jurisdiction", "forecast"}


def _common_problems(case: dict[str, Any], roster: set[str]) -> list[str]:
    problems = []
    for key in ("id", "question", "officer", "category", "expected"):
        if not isinstance(case.get(key), str) or not case[key].strip():
            problems.append(f"missing or empty {key}")
    if case.get("officer") not in roster:
        problems.append(f"officer {case.get('officer')!r} is not on the roster")
    return problems


def records_case_problems(case: dict[str, Any], roster: set[str]) -> list[str]:
    """Shape errors of one records case (empty when well formed)."""
    problems = _common_problems(case, roster)
    expected = case.get("expected")
    if expected not in RECORD_EXPECTED:
        problems.append(f"expected {expected!r}")
    history = case.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, str) and h for h in history):
        problems.append("history must be a list of questions")
    if "page_context" in case and not isinstance(case["page_context"], dict):
        problems.append("page_context must be an object")
    if expected == "answer":
        sql = case.get("gold_sql", "")
        if not isinstance(sql, str) or not sql.lstrip().upper().startswith("SELECT"):
            problems.append("an answer needs a SELECT gold_sql")
        if case.get("match") not in MATCH_KINDS:
            problems.append(f"match {case.get('match')!r}")
        if not isinstance(case.get("gold_result"), list):
            problems.append("an answer needs gold_result rows")
    elif "gold_sql" in case:
        problems.append("only answers carry gold_sql")
    if expected == "clarify":
        about = case.get("clarify", {})
        if not isinstance(about, dict) or not about.get("about"):
            problems.append("a clarify case names what must be asked about")
    if expected == "refuse" and case.get("refuse_reason") not in REFUSE_REASONS:
        problems.append(f"refuse_reason {case.get('refuse_reason')!r}")
    return problems


def knowledge_case_problems(case: dict[str, Any], roster: set[str]) -> list[str]:
    """Shape errors of one knowledge case."""
    problems = _common_problems(case, roster)
    facts = case.get("gold_facts")
    if case.get("expected") == "answer":
        if not facts or not all(isinstance(g, list) and g for g in facts):
            problems.append("an answer needs non-empty gold_facts groups")
    elif case.get("expected") != "abstain":
        problems.append(f"expected {case.get('expected')!r}")
    return problems


def out_of_scope_case_problems(case: dict[str, Any], roster: set[str]) -> list[str]:
    """Shape errors of one out-of-scope message."""
    problems = _common_problems(case, roster)
    if case.get("expected") != "decline":
        problems.append("out-of-scope messages are expected to be declined")
    return problems


FALLBACK_KINDS = {"number", "date", "text", "facts", "none"}


def fallback_case_problems(case: dict[str, Any], roster: set[str]) -> list[str]:
    """Shape errors of one fallback (tool) question."""
    problems = _common_problems(case, roster)
    kind = case.get("kind")
    if kind not in FALLBACK_KINDS:
        problems.append(f"kind {kind!r}")
    if case.get("expected") == "needs_web":
        return problems
    if case.get("expected") != "answer":
        problems.append(f"expected {case.get('expected')!r}")
    if kind == "number" and not isinstance(case.get("value"), int | float):
        problems.append("a number case needs a numeric value")
    if kind == "date":
        for value in [case.get("value"), *(case.get("accept") or [])]:
            try:
                date.fromisoformat(str(value))
            except ValueError:
                problems.append(f"date value {value!r} is not ISO")
    if kind == "text" and not isinstance(case.get("value"), str):
        problems.append("a text case needs a word")
    if kind == "facts" and not case.get("gold_facts"):
        problems.append("a facts case needs gold_facts")
    return problems
