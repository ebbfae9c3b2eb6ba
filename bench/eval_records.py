"""Scores the assistant on a frozen records set (data/eval/records_heldout.jsonl).

Reports execution accuracy (result rows equal to gold as multisets), the clarify rate on
must-clarify questions, refusal correctness on must-refuse questions, the number of widened
answers (a result reported for a broader query than gold) and the expected calibration
error of the response confidence. Usage (the lead runs it once on the held-out set):

    python -m bench.eval_records --set data/eval/records_heldout.jsonl [--home DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from app.logging import configure_logging
from bench.eval_harness import Outcome, ask_case, open_eval_assistant, prepare_home, station_names
from bench.eval_match import (
    Normaliser,
    expected_calibration_error,
    reported_numbers,
    result_match,
    widened,
)
from bench.eval_sets import EvalSet, load_set

REFUSAL_ERRORS = ("NotAuthorised", "QueryRejected")


def refused(case: dict[str, Any], outcome: Outcome) -> bool:
    """Declined: a refusal error, or an answer with no records, no number for the question and
    no clarifying question."""
    if outcome.error:
        return outcome.error.startswith(REFUSAL_ERRORS)
    return (
        outcome.route != "clarify"
        and not outcome.records
        and not reported_numbers(outcome.answer, case["question"])
    )


def _names_option(answer: str, options: list[str]) -> bool:
    folded = answer.casefold()
    return any(
        option.casefold() in folded or option.split(" (")[0].split(",")[0].casefold() in folded
        for option in options
    )


def score_case(case: dict[str, Any], outcome: Outcome, norm: Normaliser) -> dict[str, Any]:
    """One case's verdict."""
    verdict: dict[str, Any] = {
        "id": case["id"],
        "category": case["category"],
        "expected": case["expected"],
        "route": outcome.route,
        "confidence": outcome.confidence,
        "error": outcome.error,
    }
    gave_answer = outcome.error is None and outcome.route != "clarify"
    if case["expected"] == "answer":
        gold = case["gold_result"]
        args = (case["match"], gold, outcome.records, outcome.answer, case["question"], norm)
        correct = gave_answer and result_match(*args)
        verdict["correct"] = correct
        verdict["widened"] = gave_answer and not correct and widened(*args)
    elif case["expected"] == "clarify":
        verdict["clarified"] = outcome.route == "clarify"
        options = case["clarify"].get("options") or []
        verdict["named_option"] = verdict["clarified"] and (
            not options or _names_option(outcome.answer, options)
        )
        verdict["answered_instead"] = gave_answer and bool(
            outcome.records or reported_numbers(outcome.answer, case["question"])
        )
        correct = verdict["clarified"]
    else:
        correct = refused(case, outcome)
        verdict["refused"] = correct
    answered = gave_answer and not (case["expected"] == "refuse" and correct)
    verdict["answered"] = answered
    verdict["correct_answer"] = answered and case["expected"] == "answer" and correct
    verdict["answer"] = outcome.answer[:400]
    return verdict


def _rate(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def summarise(verdicts: list[dict[str, Any]]) -> dict[str, Any]:
    """The set's figures from the per-case verdicts."""
    answers = [v for v in verdicts if v["expected"] == "answer"]
    clarify = [v for v in verdicts if v["expected"] == "clarify"]
    refuse = [v for v in verdicts if v["expected"] == "refuse"]
    calibration = [(v["confidence"], v["correct_answer"]) for v in verdicts if v["answered"]]
    by_category: dict[str, list[int]] = {}
    for v in verdicts:
        ok = v.get("correct", v.get("clarified", v.get("refused", False)))
        tally = by_category.setdefault(v["category"], [0, 0])
        tally[0] += int(bool(ok))
        tally[1] += 1
    return {
        "cases": len(verdicts),
        "execution_accuracy": _rate(sum(v["correct"] for v in answers), len(answers)),
        "answers": len(answers),
        "clarify_rate": _rate(sum(v["clarified"] for v in clarify), len(clarify)),
        "clarify_named_option_rate": _rate(sum(v["named_option"] for v in clarify), len(clarify)),
        "must_clarify": len(clarify),
        "answered_instead_of_clarifying": sum(v["answered_instead"] for v in clarify),
        "refusal_correctness": _rate(sum(v["refused"] for v in refuse), len(refuse)),
        "must_refuse": len(refuse),
        "widened_answers": sum(v["widened"] for v in answers),
        "ece": round(expected_calibration_error(calibration), 4),
        "ece_answers": len(calibration),
        "errors": sum(v["error"] is not None for v in verdicts),
        "routes": dict(Counter(v["route"] for v in verdicts)),
        "by_category": {k: f"{a}/{n}" for k, (a, n) in sorted(by_category.items())},
    }


def gold_drift(eval_set: EvalSet, records_db: Path) -> list[str]:
    """Ids whose gold SQL no longer returns the frozen gold rows on this database."""
    drifted = []
    with sqlite3.connect(f"file:{records_db}?mode=ro", uri=True) as db:
        for case in eval_set.cases:
            if case["expected"] == "answer":
                rows = [list(r) for r in db.execute(case["gold_sql"]).fetchall()]
                if sorted(map(repr, rows)) != sorted(map(repr, case["gold_result"])):
                    drifted.append(case["id"])
    return drifted


async def run_cases(
    eval_set: EvalSet, home: Path, with_model: bool = False
) -> list[dict[str, Any]]:
    """Every case through the graph, scored."""
    norm = Normaliser(station_names())
    verdicts = []
    async with open_eval_assistant(home, eval_set.clock, with_model) as assistant:
        for case in eval_set.cases:
            verdicts.append(score_case(case, await ask_case(assistant, case), norm))
    return verdicts


def evaluate(set_path: Path, home: Path | None, with_model: bool = False) -> dict[str, Any]:
    """Build (or reuse) the home, check the gold, run and score the set."""
    eval_set = load_set(set_path)
    with tempfile.TemporaryDirectory() as tmp:
        if home is None:
            home = prepare_home(Path(tmp), eval_set.database)
        drift = gold_drift(eval_set, home / "records.db")
        verdicts = asyncio.run(run_cases(eval_set, home, with_model))
    report = {
        "set": str(set_path),
        "database": eval_set.database,
        "clock": eval_set.clock.isoformat(),
        "model": "configured language model" if with_model else "offline (no language model)",
        "gold_drift": drift,
        **summarise(verdicts),
    }
    return {"report": report, "verdicts": verdicts}


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures; --json also writes the per-case verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, required=True)
    parser.add_argument("--home", type=Path, default=None, help="a prepared home to reuse")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--with-model", action="store_true", help="use a configured Groq model")
    args = parser.parse_args(argv)
    configure_logging("WARNING")
    result = evaluate(args.set, args.home, args.with_model)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2, default=str), encoding="utf-8")
    print(json.dumps(result["report"], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
