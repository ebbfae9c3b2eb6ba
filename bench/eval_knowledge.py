"""Scores the assistant on the frozen knowledge, out-of-scope and fallback sets.

Reports fact accuracy (every gold fact group in the answer), abstention correctness,
the out-of-scope declined rate and the fallback's tool-answer accuracy. Usage (the lead runs
it once on the held-out sets):

    python -m bench.eval_knowledge --knowledge data/eval/knowledge_heldout.jsonl \
        --out-of-scope data/eval/out_of_scope.jsonl --fallback data/eval/fallback_heldout.jsonl \
        [--home DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from app.logging import configure_logging
from bench.eval_harness import Outcome, ask_case, open_eval_assistant, prepare_home
from bench.eval_match import date_present, facts_present, normalise_text, number_present
from bench.eval_sets import EvalSet, load_set

ABSTAIN = re.compile(
    r"\b(does not|doesn't|do not|don't|cannot|can't|could not|couldn't|unable to)\b[^.]{0,40}"
    r"\b(cover|answer|find|contain)"
    r"|\bnot covered\b|not in the knowledge base|outside (?:the|my) (?:knowledge|scope)"
    r"|\bno (?:relevant |matching )?(?:passage|document|guidance)s? "
    r"(?:covers|answers|was found|found)",
    re.I,
)
WEB_UNAVAILABLE = re.compile(
    r"web[^.]{0,60}\b(not configured|unavailable|not available|disabled|not enabled|offline)"
    r"|(not configured|unavailable|not available|disabled|no access)[^.]{0,60}\bweb",
    re.I,
)
ANSWER_ROUTES = ("zcql", "hybrid", "rag", "vision")


def abstained(case: dict[str, Any], outcome: Outcome) -> bool:
    """Says the knowledge base does not cover it; for documents above the officer's clearance,
    also cites none of them."""
    if outcome.error or not ABSTAIN.search(outcome.answer):
        return False
    hidden = tuple(case.get("gold_docs") or ()) if case["category"] == "restricted" else ()
    return not any(str(c.get("id", "")).startswith(hidden) for c in outcome.citations if hidden)


def declined(outcome: Outcome) -> bool:
    """An out-of-scope message declined: no records, no citations, not a records/knowledge route."""
    return (
        outcome.error is None
        and not outcome.records
        and not outcome.citations
        and outcome.route not in ANSWER_ROUTES
        and bool(outcome.answer.strip())
    )


def knowledge_verdict(case: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """One knowledge question: facts found, or abstained as expected."""
    verdict = _base(case, outcome)
    if case["expected"] == "answer":
        hits, total = facts_present(outcome.answer, case["gold_facts"])
        verdict.update(facts=f"{hits}/{total}", correct=outcome.error is None and hits == total)
        verdict["fact_recall"] = hits / total
        docs = tuple(case.get("gold_docs") or ())
        verdict["cited_gold_doc"] = any(
            str(c.get("id", "")).startswith(docs) for c in outcome.citations
        )
    else:
        verdict["correct"] = abstained(case, outcome)
    return verdict


def fallback_verdict(case: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """One tool question: the gold value (and any required phrases) in the answer."""
    verdict = _base(case, outcome)
    answer = outcome.answer
    kind = case["kind"]
    if case["expected"] == "needs_web":
        ok = bool(WEB_UNAVAILABLE.search(answer))
    elif kind == "number":
        ok = number_present(answer, case["value"], case.get("tolerance", 0.01))
    elif kind == "date":
        ok = date_present(answer, case.get("accept") or [case["value"]])
    elif kind == "text":
        ok = normalise_text(case["value"]) in normalise_text(answer)
    else:
        ok = True
    if case.get("gold_facts"):
        hits, total = facts_present(answer, case["gold_facts"])
        ok = ok and hits == total
    verdict["correct"] = outcome.error is None and ok
    return verdict


def _base(case: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    return {
        "id": case["id"],
        "category": case["category"],
        "expected": case["expected"],
        "route": outcome.route,
        "error": outcome.error,
        "answer": outcome.answer[:400],
    }


def _rate(verdicts: list[dict[str, Any]], key: str = "correct") -> float | None:
    return round(sum(bool(v[key]) for v in verdicts) / len(verdicts), 4) if verdicts else None


Verdicts = list[dict[str, Any]]


def summarise(knowledge: Verdicts, out_of_scope: Verdicts, fallback: Verdicts) -> dict[str, Any]:
    """The figures of the three sets."""
    answers = [v for v in knowledge if v["expected"] == "answer"]
    abstains = [v for v in knowledge if v["expected"] == "abstain"]
    tools = [v for v in fallback if v["expected"] == "answer"]
    web = [v for v in fallback if v["expected"] == "needs_web"]
    recall = [v["fact_recall"] for v in answers]
    return {
        "fact_accuracy": _rate(answers),
        "fact_recall_mean": round(sum(recall) / len(recall), 4) if recall else None,
        "cited_gold_document_rate": _rate(answers, "cited_gold_doc"),
        "knowledge_answers": len(answers),
        "abstention_correctness": _rate(abstains),
        "must_abstain": len(abstains),
        "out_of_scope_declined_rate": _rate(out_of_scope),
        "out_of_scope": len(out_of_scope),
        "fallback_tool_accuracy": _rate(tools),
        "fallback_tool_questions": len(tools),
        "needs_web_stated_rate": _rate(web),
        "needs_web": len(web),
        "fallback_by_category": _by_category(fallback),
        "knowledge_by_category": _by_category(knowledge),
        "routes": {
            "knowledge": dict(Counter(v["route"] for v in knowledge)),
            "out_of_scope": dict(Counter(v["route"] for v in out_of_scope)),
            "fallback": dict(Counter(v["route"] for v in fallback)),
        },
        "errors": sum(v["error"] is not None for v in knowledge + out_of_scope + fallback),
    }


def _by_category(verdicts: list[dict[str, Any]]) -> dict[str, str]:
    tally: dict[str, list[int]] = {}
    for v in verdicts:
        counts = tally.setdefault(v["category"], [0, 0])
        counts[0] += int(bool(v["correct"]))
        counts[1] += 1
    return {k: f"{a}/{n}" for k, (a, n) in sorted(tally.items())}


async def run_sets(
    sets: dict[str, EvalSet], home: Path, with_model: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Every case of every set through the graph (one assistant), scored."""
    clock = sets["fallback"].clock
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in sets}
    async with open_eval_assistant(home, clock, with_model) as assistant:
        for name, eval_set in sets.items():
            for case in eval_set.cases:
                outcome = await ask_case(assistant, case)
                if name == "knowledge":
                    out[name].append(knowledge_verdict(case, outcome))
                elif name == "out_of_scope":
                    out[name].append({**_base(case, outcome), "correct": declined(outcome)})
                else:
                    out[name].append(fallback_verdict(case, outcome))
    return out


def evaluate(
    knowledge: Path, out_of_scope: Path, fallback: Path, home: Path | None, with_model: bool = False
) -> dict[str, Any]:
    """Build (or reuse) the home, run and score the three sets."""
    sets = {
        "knowledge": load_set(knowledge),
        "out_of_scope": load_set(out_of_scope),
        "fallback": load_set(fallback),
    }
    with tempfile.TemporaryDirectory() as tmp:
        if home is None:
            home = prepare_home(Path(tmp), sets["fallback"].database)
        verdicts = asyncio.run(run_sets(sets, home, with_model))
    report = {
        "sets": {
            "knowledge": str(knowledge),
            "out_of_scope": str(out_of_scope),
            "fallback": str(fallback),
        },
        "clock": sets["fallback"].clock.isoformat(),
        "model": "configured language model" if with_model else "offline (no language model)",
        **summarise(verdicts["knowledge"], verdicts["out_of_scope"], verdicts["fallback"]),
    }
    return {"report": report, "verdicts": verdicts}


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures; --json also writes the per-case verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knowledge", type=Path, required=True)
    parser.add_argument("--out-of-scope", type=Path, required=True)
    parser.add_argument("--fallback", type=Path, required=True)
    parser.add_argument("--home", type=Path, default=None, help="a prepared home to reuse")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--with-model", action="store_true", help="use a configured Groq model")
    args = parser.parse_args(argv)
    configure_logging("WARNING")
    result = evaluate(args.knowledge, args.out_of_scope, args.fallback, args.home, args.with_model)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2, default=str), encoding="utf-8")
    print(json.dumps(result["report"], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
