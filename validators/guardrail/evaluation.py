"""Precision and recall of the guardrail on the labelled strings of data/guardrail/.

Each line holds a text, the identifiers or withheld values it holds, and optionally the
request's `deny` values (what the clearance tier withheld) and `allow` values (what the
officer may see). Run: `python -m validators.guardrail.evaluation` (prints the report).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.officer import Officer
from validators.guardrail.engine import Guardrail, canonical_text

LABELLED = Path(__file__).resolve().parents[2] / "data" / "guardrail" / "labelled.jsonl"
EVAL_OFFICER = Officer(
    badge_id="EVAL-1", name="Evaluation", rank="PC", clearance=1, precincts=frozenset()
)


@dataclass(frozen=True)
class Example:
    """One labelled string: the identifiers it holds (kind, value as written)."""

    text: str
    expected: tuple[tuple[str, str], ...]
    note: str
    deny: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()


def load_examples(path: Path = LABELLED) -> list[Example]:
    """Every line of the labelled set."""
    examples = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            expected = tuple((e["kind"], e["value"]) for e in row["expected"])
            examples.append(
                Example(
                    row["text"],
                    expected,
                    row.get("note", ""),
                    tuple(row.get("deny", ())),
                    tuple(row.get("allow", ())),
                )
            )
    return examples


def _ratio(num: int, den: int) -> float:
    return round(num / den, 4) if den else 1.0


def evaluate(examples: list[Example], officer: Officer = EVAL_OFFICER) -> dict[str, Any]:
    """Per kind and overall: a finding counts when its kind matches and its span overlaps.

    `leaked` lists examples whose redacted text still holds an expected value's digits or
    letters; `false_alarms` lists hard negatives that were changed at all.
    """
    guardrail = Guardrail.load()
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    leaked: list[str] = []
    false_alarms: list[str] = []
    for example in examples:
        guard = guardrail.for_request(officer, example.deny, example.allow)
        text = canonical_text(example.text)
        found = guard.findings(text)
        unmatched = list(found)
        for kind, value in example.expected:
            start = text.find(canonical_text(value))
            hit = next(
                (
                    f
                    for f in unmatched
                    if f.kind == kind
                    and f.start < start + len(canonical_text(value))
                    and start < f.end
                ),
                None,
            )
            if hit is None:
                fn[kind] += 1
            else:
                tp[kind] += 1
                unmatched.remove(hit)
        for finding in unmatched:
            fp[finding.kind] += 1
        redacted, _ = guard.redact(example.text)
        squashed = "".join(redacted.split())
        if any("".join(canonical_text(v).split()) in squashed for _, v in example.expected):
            leaked.append(example.text)
        if not example.expected and redacted != text:
            false_alarms.append(example.text)
    kinds = sorted(set(tp) | set(fp) | set(fn))
    per_kind = {
        kind: {
            "support": tp[kind] + fn[kind],
            "precision": _ratio(tp[kind], tp[kind] + fp[kind]),
            "recall": _ratio(tp[kind], tp[kind] + fn[kind]),
        }
        for kind in kinds
    }
    total_tp, total_fp, total_fn = sum(tp.values()), sum(fp.values()), sum(fn.values())
    return {
        "examples": len(examples),
        "negatives": sum(1 for e in examples if not e.expected),
        "ordinary_answers": sum(1 for e in examples if e.note.startswith("ordinary answer")),
        "identifiers": total_tp + total_fn,
        "precision": _ratio(total_tp, total_tp + total_fp),
        "recall": _ratio(total_tp, total_tp + total_fn),
        "per_kind": per_kind,
        "leaked": leaked,
        "false_alarms": false_alarms,
    }


if __name__ == "__main__":
    print(json.dumps(evaluate(load_examples()), indent=2, ensure_ascii=False))
