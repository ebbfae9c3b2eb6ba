"""Writes probes_fall9_fallback.jsonl (written before any change) and
probes_fall9_fallback_2.jsonl (a second batch, written after the first round of fixes, to check
that they generalise): plain arithmetic the router
used to leave to its classifier (percent of, a percentage taken "on" an amount, raise or cut
by a percentage, X% more or less than, what percent one is of another, a change with its
direction in words, averages, per-day paces), and questions needing a figure from outside the
records, in the fall9 helper's own wording (Hinglish and Kanglish included). Every gold value
is computed here: arithmetic in Python, dates with `datetime`, records counts by SQL on the
20,000-FIR evaluation database. Run from the repository root:

    python data/kb_dev/make_probes_fall9.py var/eval/records.db
"""

from __future__ import annotations

import json
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).parent
SCOPE = {
    "KA-2002": (2, ["BLR-E-KRP", "BLR-E-WFD"]),
    "KA-3003": (3, ["BLR-E-KRP", "BLR-E-WFD", "BLR-E-MHD", "BLR-E-IND"]),
    "KA-3006": (3, ["MYS-C-JLP"]),
}


def count(db: sqlite3.Connection, officer: str, where: str, start: str, end: str) -> int:
    """FIRs the officer may see, matching `where`, registered in [start, end)."""
    level, precincts = SCOPE[officer]
    marks = ",".join("?" * len(precincts))
    sql = (
        f"SELECT COUNT(*) FROM firs WHERE precinct_id IN ({marks}) AND sensitivity <= ? "
        f"AND registered_at >= ? AND registered_at < ? AND {where}"
    )
    return int(db.execute(sql, [*precincts, level, start, end]).fetchone()[0])


def number(qid: str, cat: str, question: str, value: float, officer: str = "KA-3003") -> dict:
    return {
        "id": qid,
        "category": cat,
        "question": question,
        "officer": officer,
        "kind": "number",
        "expected": "answer",
        "value": round(value, 4),
        "tolerance": 0.01,
    }


def day(qid: str, question: str, value: date, officer: str = "KA-3003") -> dict:
    return {
        "id": qid,
        "category": "date",
        "question": question,
        "officer": officer,
        "kind": "date",
        "expected": "answer",
        "value": value.isoformat(),
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


def cases(db: sqlite3.Connection) -> list[dict]:
    y25, y26 = "2025-01-01", "2026-01-01"
    wfd = count(db, "KA-2002", "crime_group = 'THEFT' AND precinct_id = 'BLR-E-WFD'", y25, y26)
    krp = count(db, "KA-2002", "crime_group = 'THEFT' AND precinct_id = 'BLR-E-KRP'", y25, y26)
    krp_rate = round(krp * 100_000 / 310_000, 2)
    jlp = count(db, "KA-3006", "1=1", y25, y26)
    return [
        number("p9f-001", "percent_of", "how much is 7.5 per cent of 2 lakh 80 thousand", 21000),
        number("p9f-002", "percent_of", "3 lakh ka 8 percent kitna hota hai", 24000),
        number("p9f-003", "percent_of", "2,000 dalli 15 percent eshtu", 300),
        number("p9f-004", "percent_of", "tell me 35% of 1,60,000", 56000),
        number("p9f-005", "percent_on", "GST at 18% on a bill of 1,35,000, how much tax", 24300),
        number("p9f-006", "percent_on", "5% TDS on 62,000 rupees kitna hoga", 3100),
        number("p9f-007", "percent_on", "interest at 9 percent on 4 lakh for one year", 36000),
        number("p9f-008", "raise_cut", "raise 850 by 20 percent", 1020),
        number("p9f-009", "raise_cut", "cut 2,400 by 25%", 1800),
        number("p9f-010", "raise_cut", "450 ko 10% badhao toh kitna", 495),
        number(
            "p9f-011", "raise_cut", "if the 3,200 beat allowance goes up by 15%, new amount?", 3680
        ),
        number("p9f-012", "more_less", "what is 15% more than 3,600", 4140),
        number("p9f-013", "more_less", "what's 30 percent less than 9,000", 6300),
        number("p9f-014", "more_less", "12,000 se 25% kam kitna", 9000),
        number("p9f-015", "what_percent", "1,250 is what percent of 5,000", 25),
        number("p9f-016", "what_percent", "what percentage of 840 is 126", 15),
        number("p9f-017", "what_percent", "what % is 45 of 180", 25),
        number(
            "p9f-018",
            "change_worded",
            "thefts went from 240 to 300, by how much percent did they increase",
            25,
        ),
        number(
            "p9f-019", "change_worded", "by how much percent did arrests change from 80 to 68", 15
        ),
        number(
            "p9f-020",
            "change_worded",
            "complaints came down from 640 to 560 - what is the percentage drop",
            12.5,
        ),
        number("p9f-021", "average", "average of 14, 22 and 30", 22),
        number("p9f-022", "average", "mean of 105, 98, 112 and 85", 100),
        number("p9f-023", "average", "12, 18, 24 idara average eshtu", 18),
        number("p9f-024", "per_day", "120 cases in 30 days, how many per day", 4),
        number(
            "p9f-025", "per_day", "we logged 84 complaints over 14 days, what is that per day", 6
        ),
        number("p9f-026", "per_day", "patrol covered 350 km in 7 hours, per hour how much", 50),
        number("p9f-027", "plain", "what is 2,35,000 divided by 47", 5000),
        number("p9f-028", "plain", "multiply 36 by 25", 900),
        number("p9f-029", "plain", "add 18% GST to 50,000, total?", 59000),
        day(
            "p9f-030",
            "what date is 45 days from 10 January 2027",
            date(2027, 1, 10) + timedelta(days=45),
        ),
        number(
            "p9f-031",
            "plain",
            "how many days between 3 March 2027 and 20 April 2027",
            (date(2027, 4, 20) - date(2027, 3, 3)).days,
        ),
        web(
            "p9f-032",
            "compare Whitefield thefts in 2025 with the national average",
            "KA-2002",
            [str(wfd)],
        ),
        web(
            "p9f-033", "state figure from NCRB for cheating cases in Karnataka last year", "KA-3006"
        ),
        web("p9f-034", "any news today about the chain snatching gang in Bengaluru", "KA-3003"),
        web("p9f-035", "find the latest DGP circular online on e-FIR registration", "KA-3003"),
        web("p9f-036", "current petrol price in Mandya for the jeep log", "KA-3003"),
        web(
            "p9f-037",
            "KR Puram theft rate per lakh in 2025, population 3.1 lakh, and compare with the "
            "national average",
            "KA-2002",
            [f"{krp_rate}"],
        ),
        web(
            "p9f-038", "what is the all-India conviction rate for POCSO cases this year", "KA-3003"
        ),
        web(
            "p9f-039",
            "FIRs registered at Jayalakshmipuram in 2025 vs the NCRB state average",
            "KA-3006",
            [str(jlp)],
        ),
        web("p9f-040", "ivattu Bengaluru alli chinnada bele eshtu", "KA-3003"),
    ]


def second_batch(db: sqlite3.Connection) -> list[dict]:
    y26, nxt = "2026-01-01", "2027-01-01"
    krp = count(db, "KA-2002", "crime_group = 'THEFT' AND precinct_id = 'BLR-E-KRP'", y26, nxt)
    return [
        number("p9g-001", "percent_of", "what is 22.5% of 4 lakh 40 thousand", 99000),
        number("p9g-002", "percent_on", "TDS @ 10% on 75,000, how much to deduct", 7500),
        number("p9g-003", "raise_cut", "hike 12,500 by 8 percent", 13500),
        number("p9g-004", "raise_cut", "25% discount on 3,200, what do I pay", 2400),
        number("p9g-005", "what_percent", "60 is what % of 480", 12.5),
        number(
            "p9g-006", "change_worded", "firs went down from 1,200 to 900, how much percent", 25
        ),
        number("p9g-007", "average", "mean of 7.5, 8.5 and 9", (7.5 + 8.5 + 9) / 3),
        number("p9g-008", "per_day", "450 challans in 15 days - daily average?", 30),
        number("p9g-009", "percent_of", "2 crore 40 lakh ka 5 percent", 1_200_000),
        number("p9g-010", "percent_of", "1,500 mein se 20% kitna", 300),
        number("p9g-011", "more_less", "what is 40% more than 2,500", 3500),
        number(
            "p9g-012", "per_day", "a team checked 96 vehicles in 8 hours; vehicles each hour?", 12
        ),
        web(
            "p9g-013", "Karnataka state average for chain snatching per lakh as per NCRB", "KA-3003"
        ),
        web("p9g-014", "show today's headlines on the Mysuru robbery", "KA-3006"),
        web("p9g-015", "KR Puram thefts this year vs the all-India figure", "KA-2002", [str(krp)]),
        web("p9g-016", "current gold rate per gram in Bengaluru", "KA-3003"),
    ]


def main(db_path: str) -> None:
    db = sqlite3.connect(db_path)
    header = {
        "id": "header",
        "kind": "header",
        "set": "probes_fall9_fallback",
        "version": 1,
        "today": "2026-12-03",
        "timezone": "Asia/Kolkata",
        "database": {
            "builder": "tools.records.seed.build_records_db",
            "n_firs": 20000,
            "seed": 7,
            "today": "2026-12-03",
        },
        "scoring": "as fallback_heldout",
    }
    for name, made in (("", cases(db)), ("_2", second_batch(db))):
        rows = [{**header, "set": f"probes_fall9_fallback{name}"}, *made]
        out = HERE / f"probes_fall9_fallback{name}.jsonl"
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
        print(f"{out}: {len(rows) - 1} cases")


if __name__ == "__main__":
    main(sys.argv[1])
