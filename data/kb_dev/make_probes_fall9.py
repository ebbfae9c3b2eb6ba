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

import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

from probe_kit import count, day, number, web, write_probes

HERE = Path(__file__).parent


def cases(db: sqlite3.Connection) -> list[dict]:
    y25, y26 = "2025-01-01", "2026-01-01"
    wfd = count(db, "KA-2002", "crime_group = 'THEFT' AND precinct_id = 'BLR-E-WFD'", y25, y26)
    krp = count(db, "KA-2002", "crime_group = 'THEFT' AND precinct_id = 'BLR-E-KRP'", y25, y26)
    krp_rate = round(krp * 100_000 / 310_000, 2)
    jlp = count(db, "KA-3006", "1=1", y25, y26)
    return [
        number(
            "p9f-001",
            "percent_of",
            "how much is 7.5 per cent of 2 lakh 80 thousand",
            "KA-3003",
            21000,
        ),
        number("p9f-002", "percent_of", "3 lakh ka 8 percent kitna hota hai", "KA-3003", 24000),
        number("p9f-003", "percent_of", "2,000 dalli 15 percent eshtu", "KA-3003", 300),
        number("p9f-004", "percent_of", "tell me 35% of 1,60,000", "KA-3003", 56000),
        number(
            "p9f-005",
            "percent_on",
            "GST at 18% on a bill of 1,35,000, how much tax",
            "KA-3003",
            24300,
        ),
        number("p9f-006", "percent_on", "5% TDS on 62,000 rupees kitna hoga", "KA-3003", 3100),
        number(
            "p9f-007",
            "percent_on",
            "interest at 9 percent on 4 lakh for one year",
            "KA-3003",
            36000,
        ),
        number("p9f-008", "raise_cut", "raise 850 by 20 percent", "KA-3003", 1020),
        number("p9f-009", "raise_cut", "cut 2,400 by 25%", "KA-3003", 1800),
        number("p9f-010", "raise_cut", "450 ko 10% badhao toh kitna", "KA-3003", 495),
        number(
            "p9f-011",
            "raise_cut",
            "if the 3,200 beat allowance goes up by 15%, new amount?",
            "KA-3003",
            3680,
        ),
        number("p9f-012", "more_less", "what is 15% more than 3,600", "KA-3003", 4140),
        number("p9f-013", "more_less", "what's 30 percent less than 9,000", "KA-3003", 6300),
        number("p9f-014", "more_less", "12,000 se 25% kam kitna", "KA-3003", 9000),
        number("p9f-015", "what_percent", "1,250 is what percent of 5,000", "KA-3003", 25),
        number("p9f-016", "what_percent", "what percentage of 840 is 126", "KA-3003", 15),
        number("p9f-017", "what_percent", "what % is 45 of 180", "KA-3003", 25),
        number(
            "p9f-018",
            "change_worded",
            "thefts went from 240 to 300, by how much percent did they increase",
            "KA-3003",
            25,
        ),
        number(
            "p9f-019",
            "change_worded",
            "by how much percent did arrests change from 80 to 68",
            "KA-3003",
            15,
        ),
        number(
            "p9f-020",
            "change_worded",
            "complaints came down from 640 to 560 - what is the percentage drop",
            "KA-3003",
            12.5,
        ),
        number("p9f-021", "average", "average of 14, 22 and 30", "KA-3003", 22),
        number("p9f-022", "average", "mean of 105, 98, 112 and 85", "KA-3003", 100),
        number("p9f-023", "average", "12, 18, 24 idara average eshtu", "KA-3003", 18),
        number("p9f-024", "per_day", "120 cases in 30 days, how many per day", "KA-3003", 4),
        number(
            "p9f-025",
            "per_day",
            "we logged 84 complaints over 14 days, what is that per day",
            "KA-3003",
            6,
        ),
        number(
            "p9f-026",
            "per_day",
            "patrol covered 350 km in 7 hours, per hour how much",
            "KA-3003",
            50,
        ),
        number("p9f-027", "plain", "what is 2,35,000 divided by 47", "KA-3003", 5000),
        number("p9f-028", "plain", "multiply 36 by 25", "KA-3003", 900),
        number("p9f-029", "plain", "add 18% GST to 50,000, total?", "KA-3003", 59000),
        day(
            "p9f-030",
            "date",
            "what date is 45 days from 10 January 2027",
            "KA-3003",
            date(2027, 1, 10) + timedelta(days=45),
        ),
        number(
            "p9f-031",
            "plain",
            "how many days between 3 March 2027 and 20 April 2027",
            "KA-3003",
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
        number("p9g-001", "percent_of", "what is 22.5% of 4 lakh 40 thousand", "KA-3003", 99000),
        number("p9g-002", "percent_on", "TDS @ 10% on 75,000, how much to deduct", "KA-3003", 7500),
        number("p9g-003", "raise_cut", "hike 12,500 by 8 percent", "KA-3003", 13500),
        number("p9g-004", "raise_cut", "25% discount on 3,200, what do I pay", "KA-3003", 2400),
        number("p9g-005", "what_percent", "60 is what % of 480", "KA-3003", 12.5),
        number(
            "p9g-006",
            "change_worded",
            "firs went down from 1,200 to 900, how much percent",
            "KA-3003",
            25,
        ),
        number("p9g-007", "average", "mean of 7.5, 8.5 and 9", "KA-3003", (7.5 + 8.5 + 9) / 3),
        number("p9g-008", "per_day", "450 challans in 15 days - daily average?", "KA-3003", 30),
        number("p9g-009", "percent_of", "2 crore 40 lakh ka 5 percent", "KA-3003", 1_200_000),
        number("p9g-010", "percent_of", "1,500 mein se 20% kitna", "KA-3003", 300),
        number("p9g-011", "more_less", "what is 40% more than 2,500", "KA-3003", 3500),
        number(
            "p9g-012",
            "per_day",
            "a team checked 96 vehicles in 8 hours; vehicles each hour?",
            "KA-3003",
            12,
        ),
        web(
            "p9g-013", "Karnataka state average for chain snatching per lakh as per NCRB", "KA-3003"
        ),
        web("p9g-014", "show today's headlines on the Mysuru robbery", "KA-3006"),
        web("p9g-015", "KR Puram thefts this year vs the all-India figure", "KA-2002", [str(krp)]),
        web("p9g-016", "current gold rate per gram in Bengaluru", "KA-3003"),
    ]


def main(db_path: str) -> None:
    with sqlite3.connect(db_path) as db:
        batches = {"probes_fall9_fallback": cases(db), "probes_fall9_fallback_2": second_batch(db)}
    for name, found in batches.items():
        write_probes(HERE, name, found)


if __name__ == "__main__":
    main(sys.argv[1])
