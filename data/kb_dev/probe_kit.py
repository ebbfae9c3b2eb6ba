"""Shared pieces of the fallback probe writers (make_probes_fall*.py): the officers' scopes on
the 20,000-FIR evaluation database, a records count under that scope, festival days from the
`holidays` calendars, one builder per case kind, and the writer of a probe file with its
header. Gold values are computed by the callers; nothing here answers a question."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path

import holidays

TODAY = date(2026, 12, 3)
SCOPE = {
    "KA-1001": (1, ["BLR-E-KRP"]),
    "KA-2002": (2, ["BLR-E-KRP", "BLR-E-WFD"]),
    "KA-3003": (3, ["BLR-E-KRP", "BLR-E-WFD", "BLR-E-MHD", "BLR-E-IND"]),
    "KA-3005": (3, ["MYS-C-JLP", "MYS-C-LSK", "MYS-C-NZB", "MYS-C-KVN"]),
    "KA-3006": (3, ["MYS-C-JLP"]),
    "KA-4008": (4, ["MDY-U-MDW", "MDY-U-MDE", "MDY-R-SRP", "MDY-R-MDR"]),
    "KA-4010": (4, ["HDH-C-HBT", "HDH-C-VDN", "HDH-C-OHB", "HDH-C-DWT"]),
}


def festival(name: str, year: int) -> date:
    """The day of a named holiday in the India (Karnataka) calendar."""
    days = holidays.country_holidays("IN", subdiv="KA", years=year)
    return next(d for d, n in sorted(days.items()) if name.lower() in n.lower())


def count(db: sqlite3.Connection, officer: str, where: str, start: str, end: str) -> int:
    """FIRs the officer may see, matching `where`, registered in [start, end)."""
    level, precincts = SCOPE[officer]
    marks = ",".join("?" * len(precincts))
    sql = (
        f"SELECT COUNT(*) FROM firs WHERE precinct_id IN ({marks}) AND sensitivity <= ? "
        f"AND registered_at >= ? AND registered_at < ? AND {where}"
    )
    return int(db.execute(sql, [*precincts, level, start, end]).fetchone()[0])


def number(qid: str, cat: str, question: str, officer: str, value: float, **extra: object) -> dict:
    """A case whose answer is a number (1% relative tolerance)."""
    return {
        "id": qid,
        "category": cat,
        "question": question,
        "officer": officer,
        "kind": "number",
        "expected": "answer",
        "value": round(value, 4),
        "tolerance": 0.01,
        **extra,
    }


def day(qid: str, cat: str, question: str, officer: str, value: date, note: str = "") -> dict:
    """A case whose answer is a date; `note` names the counting rule when there is one."""
    case = {
        "id": qid,
        "category": cat,
        "question": question,
        "officer": officer,
        "kind": "date",
        "expected": "answer",
        "value": value.isoformat(),
    }
    return {**case, "note": note} if note else case


def facts(qid: str, question: str, officer: str, groups: list[list[str]]) -> dict:
    """A legal look-up whose answer must hold every group of phrases."""
    return {
        "id": qid,
        "category": "legal_lookup",
        "question": question,
        "officer": officer,
        "kind": "facts",
        "expected": "answer",
        "gold_facts": groups,
    }


def web(qid: str, question: str, officer: str, local: list[str] | None = None) -> dict:
    """Needs an outside figure: the answer says web search is not configured and, when the
    records answer part of it, gives that part (`local`: any one of these strings)."""
    case = {
        "id": qid,
        "category": "needs_web",
        "question": question,
        "officer": officer,
        "kind": "none",
        "expected": "needs_web",
    }
    return {**case, "gold_facts": [local]} if local else case


def write_probes(folder: Path, name: str, cases: list[dict]) -> None:
    """Write `name`.jsonl in `folder`: the header record, then one case per line."""
    header = {
        "id": "header",
        "kind": "header",
        "set": name,
        "version": 1,
        "today": TODAY.isoformat(),
        "timezone": "Asia/Kolkata",
        "database": {
            "builder": "tools.records.seed.build_records_db",
            "n_firs": 20000,
            "seed": 7,
            "today": TODAY.isoformat(),
        },
        "scoring": "as fallback_heldout",
    }
    out = folder / f"{name}.jsonl"
    rows = [header, *cases]
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    print(f"{out}: {len(cases)} cases")
