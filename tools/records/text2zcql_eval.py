"""Execution accuracy of a text-to-ZCQL generator on the hand-written evaluation set.

Each line of `data/text2zcql/eval.jsonl` is one question with the caller's precincts
(`"ALL"`, `"district:<name>"` or a list of precinct ids), `today`, an optional
`active_fir_id`, the intended `intent` and a hand-written gold ZCQL statement (null when
the question should not be answered from the records). Gold statements may write
`{PRECINCTS}` for the caller's precincts and `{IN:<district>}` for the caller's precincts
in a district, both as a parenthesised IN list.

Projection conventions the gold follows (the answer step relies on them too): lists select
`fir_id, registered_at, crime_head, status, precinct_id`; status lookups
`fir_id, status, crime_head, act_sections, registered_at, precinct_id`; IO lookups
`fir_id, io_name, io_badge`; vehicles `registration_no, status, vehicle_type, make, colour,
fir_id`; persons `persons.fir_id, persons.full_name, persons.role, firs.crime_head,
firs.status, firs.registered_at`; breakdowns and top-N `<dimension>, COUNT(ROWID)`; trends
`registered_at` in time order, first page.

Lines carry a `split`: `dev` questions were written with the parser and used to improve
it; `holdout` questions were written afterwards and scored once before any further change
(their first score is recorded in the benchmark's docstring).

`grounding_dev` lines (issue 14: typos, Hinglish and Kanglish, festivals, persons, arrests,
comparisons, page-context references, follow-ups with `history`, must-clarify questions)
were written with the grounded parser and tuned on; they also calibrate its confidence.
Lines may carry `history` (earlier questions) and `visible_record_ids` (page context).

A question is correct when the generated statement passes the validator and its rows
equal the gold's rows (as a multiset, or in order when the gold has ORDER BY), or when
both are null.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from tools.domain.places import STATIONS, resolve_district, stations_in
from tools.records.sqlite_executor import SqliteExecutor
from tools.text2zcql.base import ZcqlGenerator, ZcqlRequest
from validators.zcql.validate import validate


@dataclass(frozen=True)
class EvalCase:
    """One evaluation question with its caller and gold statement."""

    id: str
    question: str
    precincts: tuple[str, ...]
    today: date
    active_fir_id: str | None
    intent: str
    gold: str | None
    split: str = "dev"
    history: tuple[str, ...] = ()
    visible_record_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one question."""

    id: str
    intent: str
    split: str
    correct: bool
    generated: str | None
    note: str
    confidence: float = 0.0


@dataclass(frozen=True)
class EvalReport:
    """Execution accuracy overall and per intent, with every case's outcome."""

    total: int
    correct: int
    rejected_by_validator: int
    per_intent: dict[str, dict[str, float]]
    per_split: dict[str, dict[str, float]]
    results: list[CaseResult] = field(repr=False)

    @property
    def answered(self) -> list[CaseResult]:
        """Cases where the generator wrote a statement (those carry a confidence)."""
        return [r for r in self.results if r.generated is not None]

    @property
    def ece(self) -> float:
        """Expected calibration error of the answered cases' confidence (10 equal bins)."""
        return expected_calibration_error([(r.confidence, r.correct) for r in self.answered])

    @property
    def accuracy(self) -> float:
        """Share of questions answered correctly."""
        return self.correct / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary with the failing cases."""
        return {
            "total": self.total,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "rejected_by_validator": self.rejected_by_validator,
            "answered": len(self.answered),
            "ece": round(self.ece, 4),
            "per_intent": self.per_intent,
            "per_split": self.per_split,
            "failures": [asdict(r) for r in self.results if not r.correct],
        }


def resolve_precincts(spec: str | list[str]) -> tuple[str, ...]:
    """The caller's precincts from `"ALL"`, `"district:<name>"` or an explicit list."""
    if isinstance(spec, list):
        return tuple(sorted(spec))
    if spec == "ALL":
        return tuple(sorted(s.precinct_id for s in STATIONS))
    if spec.startswith("district:"):
        return tuple(sorted(s.precinct_id for s in stations_in(spec.removeprefix("district:"))))
    raise ValueError(f"unknown precinct spec {spec!r}")


def _in_list(values: list[str]) -> str:
    return "(" + ", ".join(f"'{v}'" for v in values) + ")"


def expand_gold(gold: str, precincts: tuple[str, ...]) -> str:
    """Replace `{PRECINCTS}` and `{IN:<district>}` with IN lists of the caller's precincts."""

    def district(m: re.Match[str]) -> str:
        wanted = {s.precinct_id for d in resolve_district(m[1]) for s in stations_in(d)}
        return _in_list([p for p in precincts if p in wanted])

    gold = re.sub(r"\{IN:([^}]+)\}", district, gold)
    return gold.replace("{PRECINCTS}", _in_list(list(precincts)))


def load_cases(path: str | Path) -> list[EvalCase]:
    """Every case of an evaluation JSONL file."""
    cases = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        precincts = resolve_precincts(raw["precincts"])
        gold = expand_gold(raw["gold"], precincts) if raw["gold"] else None
        cases.append(
            EvalCase(
                raw["id"],
                raw["question"],
                precincts,
                date.fromisoformat(raw["today"]),
                raw.get("active_fir_id"),
                raw["intent"],
                gold,
                raw.get("split", "dev"),
                tuple(raw.get("history", ())),
                tuple(raw.get("visible_record_ids", ())),
            )
        )
    return cases


def _has_order(statement: str) -> bool:
    return re.search(r"\bORDER\s+BY\b", statement, re.IGNORECASE) is not None


async def _rows(executor: SqliteExecutor, statement: str, precincts: tuple[str, ...]) -> Any:
    accepted = validate(statement, precincts).accepted_statement
    if accepted is None:
        return None
    result = await executor.execute(accepted)
    return [tuple(row[c] for c in result.columns) for row in result.rows]


async def _score(
    case: EvalCase, generator: ZcqlGenerator, executor: SqliteExecutor
) -> tuple[CaseResult, bool]:
    request = ZcqlRequest(
        case.question,
        case.precincts,
        case.today,
        case.active_fir_id,
        history=case.history,
        visible_record_ids=case.visible_record_ids,
    )
    draft = await generator.generate(request)
    generated = draft.statement
    conf = draft.confidence
    if case.gold is None or generated is None:
        ok = case.gold is None and generated is None
        note = "both null" if ok else ("expected no statement" if generated else "not parsed")
        return CaseResult(case.id, case.intent, case.split, ok, generated, note, conf), False
    gold_rows = await _rows(executor, case.gold, case.precincts)
    if gold_rows is None:
        raise ValueError(f"gold statement of {case.id} is rejected by the validator")
    rows = await _rows(executor, generated, case.precincts)
    if rows is None:
        result = CaseResult(case.id, case.intent, case.split, False, generated, "rejected", conf)
        return result, True
    same = rows == gold_rows if _has_order(case.gold) else Counter(rows) == Counter(gold_rows)
    note = "same rows" if same else f"different rows ({len(rows)} vs gold {len(gold_rows)})"
    return CaseResult(case.id, case.intent, case.split, same, generated, note, conf), False


async def aevaluate(
    eval_path: str | Path, db_path: str | Path, generator: ZcqlGenerator
) -> EvalReport:
    """Execution accuracy of `generator` on the cases, run against the SQLite records at db_path."""
    executor = SqliteExecutor(db_path)
    results: list[CaseResult] = []
    rejected = 0
    try:
        for case in load_cases(eval_path):
            result, was_rejected = await _score(case, generator, executor)
            results.append(result)
            rejected += was_rejected
    finally:
        executor.close()
    return EvalReport(
        len(results),
        sum(r.correct for r in results),
        rejected,
        _accuracy_by(results, "intent"),
        _accuracy_by(results, "split"),
        results,
    )


def _accuracy_by(results: list[CaseResult], key: str) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for value in sorted({getattr(r, key) for r in results}):
        group = [r for r in results if getattr(r, key) == value]
        right = sum(r.correct for r in group)
        out[value] = {
            "total": len(group),
            "correct": right,
            "accuracy": round(right / len(group), 4),
        }
    return out


def expected_calibration_error(pairs: list[tuple[float, bool]], bins: int = 10) -> float:
    """Sum over equal-width confidence bins of |accuracy - mean confidence| x bin share."""
    if not pairs:
        return 0.0
    total = 0.0
    for k in range(bins):
        low, high = k / bins, (k + 1) / bins
        members = [(c, ok) for c, ok in pairs if low <= c < high or (k == bins - 1 and c == 1.0)]
        if members:
            accuracy = sum(ok for _, ok in members) / len(members)
            mean = sum(c for c, _ in members) / len(members)
            total += abs(accuracy - mean) * len(members) / len(pairs)
    return total


def evaluate(eval_path: str | Path, db_path: str | Path, generator: ZcqlGenerator) -> EvalReport:
    """Synchronous `aevaluate` (for scripts and benchmarks outside an event loop)."""
    return asyncio.run(aevaluate(eval_path, db_path, generator))
