"""Writes probes_fall8_fallback.jsonl (written before any change) and
probes_fall8_fallback_2.jsonl (a second batch, written after the first round of fixes, to
check that they generalise): fallback tool questions in the fall8 helper's own
wording, with every gold value computed here (arithmetic in Python, festival dates from the
`holidays` calendars for India/Karnataka, deadlines by the counting rule named in each note,
records counts by SQL on the 20,000-FIR evaluation database). Run from the repository root:

    python data/kb_dev/make_probes_fall8.py var/eval/records.db
"""

from __future__ import annotations

import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

from probe_kit import TODAY, count, day, facts, festival, number, web, write_probes

HERE = Path(__file__).parent


def cases(db: sqlite3.Connection) -> list[dict]:
    y26, y25, y24, nxt = "2026-01-01", "2025-01-01", "2024-01-01", "2027-01-01"
    diwali = festival("Diwali", 2026)
    ka = count(db, "KA-3003", "crime_group = 'CHEATING'", y26, nxt)
    kall = count(db, "KA-3003", "1=1", y26, nxt)
    cs = count(db, "KA-2002", "status = 'Charge Sheeted' AND precinct_id = 'BLR-E-KRP'", y25, y26)
    krp = count(db, "KA-2002", "precinct_id = 'BLR-E-KRP'", y25, y26)
    j26 = count(db, "KA-3006", "1=1", y26, nxt)
    j25 = count(db, "KA-3006", "1=1", y25, y26)
    mdy = count(db, "KA-4008", "crime_group = 'THEFT'", y25, y26)
    rob = count(db, "KA-3005", "crime_group = 'ROBBERY'", y26, nxt)
    t24 = count(db, "KA-3003", "crime_group = 'THEFT'", y24, y25)
    t25 = count(db, "KA-3003", "crime_group = 'THEFT'", y25, y26)
    online = count(db, "KA-4010", "complaint_mode = 'e-FIR'", y26, nxt)
    hall = count(db, "KA-4010", "1=1", y26, nxt)
    und = count(db, "KA-3003", "status = 'Undetected'", y25, y26)
    all25 = count(db, "KA-3003", "1=1", y25, y26)
    return [
        number(
            "p8f-001",
            "percentage",
            "we took 312 complaints and 78 were later withdrawn, what % got withdrawn",
            "KA-3003",
            78 * 100 / 312,
        ),
        number(
            "p8f-002",
            "percentage",
            "of 640 people arrested 96 were first-time offenders, give me that as a percentage",
            "KA-4010",
            96 * 100 / 640,
        ),
        number(
            "p8f-003",
            "percentage",
            "house breakings came down from 150 to 123, by how many percent did they fall",
            "KA-4008",
            27 * 100 / 150,
        ),
        number(
            "p8f-004",
            "percentage",
            "pending files up from 80 to 92 since June, percent increase?",
            "KA-3006",
            12 * 100 / 80,
        ),
        number(
            "p8f-005",
            "ratio",
            "we have 45 lady constables and 180 male constables, ratio of lady to male",
            "KA-3003",
            45 / 180,
        ),
        number(
            "p8f-006",
            "ratio",
            "1,820 vehicles were checked by 14 teams, how many "
            "vehicles did each team check on average",
            "KA-2002",
            1820 / 14,
        ),
        number(
            "p8f-007",
            "ratio",
            "station covers 2 lakh 10 thousand residents with 35 beat "
            "staff, how many residents for each beat staff",
            "KA-1001",
            210000 / 35,
        ),
        number(
            "p8f-008",
            "ratio",
            "arrests 96 and FIRs 64, what is the arrest to FIR ratio",
            "KA-4004",
            96 / 64,
        ),
        number(
            "p8f-009",
            "difference",
            "fines were 1,45,200 in March and 1,12,700 in April, "
            "by how much did collection go down",
            "KA-3006",
            145200 - 112700,
        ),
        number(
            "p8f-010",
            "difference",
            "2.4 kg gold was stolen and 0.65 kg recovered, how much is still missing in kg",
            "KA-4008",
            2.4 - 0.65,
        ),
        number(
            "p8f-011",
            "difference",
            "beat A got 58 complaints and beat B 91, what is the gap",
            "KA-2002",
            91 - 58,
        ),
        number(
            "p8f-012",
            "rate",
            "Tumakuru population 27 lakh and 405 burglaries, burglary rate per lakh",
            "KA-5005",
            405 * 100000 / 2700000,
        ),
        number(
            "p8f-013",
            "rate",
            "a city of 8.5 lakh people had 17 murders, rate per 100000 residents",
            "KA-5005",
            17 * 100000 / 850000,
        ),
        number(
            "p8f-014",
            "rate",
            "population 3,60,000 and 54 chain snatchings, how many per one lakh",
            "KA-3003",
            54 * 100000 / 360000,
        ),
        number(
            "p8f-015",
            "rate",
            "Belagavi 48 lakh people and 1,200 cheating FIRs, what is the cheating rate per lakh",
            "KA-5005",
            1200 * 100000 / 4800000,
        ),
        number(
            "p8f-016",
            "date_arithmetic",
            "how many days are left from today till Christmas",
            "KA-1001",
            (festival("Christmas", 2026) - TODAY).days,
        ),
        day(
            "p8f-017",
            "date_arithmetic",
            "what date falls 60 days after Republic Day 2027",
            "KA-3003",
            festival("Republic Day", 2027) + timedelta(days=60),
        ),
        number(
            "p8f-018",
            "date_arithmetic",
            "how many days between Gandhi Jayanti 2026 and Christmas 2026",
            "KA-2002",
            (festival("Christmas", 2026) - festival("Gandhi", 2026)).days,
        ),
        day(
            "p8f-019",
            "date_arithmetic",
            "which date is 3 weeks before 1 January 2027",
            "KA-4010",
            date(2027, 1, 1) - timedelta(weeks=3),
        ),
        number(
            "p8f-020",
            "date_arithmetic",
            "how many days have gone by since Deepavali this year",
            "KA-3006",
            (TODAY - diwali).days,
        ),
        number(
            "p8f-021",
            "date_arithmetic",
            "days since Kannada Rajyotsava this year as of today",
            "KA-4008",
            (TODAY - festival("Rajyotsava", 2026)).days,
        ),
        day(
            "p8f-022",
            "legal_deadline",
            "theft accused first remanded on 20 November 2026, "
            "last date to file the charge sheet before default bail",
            "KA-1001",
            date(2026, 11, 20) + timedelta(days=59),
            "theft up to 3 years: 60 days, remand day 1",
        ),
        day(
            "p8f-023",
            "legal_deadline",
            "dacoity accused first remanded 5 September 2026, when does the 90 day period run out",
            "KA-4010",
            date(2026, 9, 5) + timedelta(days=89),
            "remand day is day 1",
        ),
        day(
            "p8f-024",
            "legal_deadline",
            "complaint came by e-FIR on 1 December 2026, last day for the informant to sign",
            "KA-2002",
            date(2026, 12, 4),
            "3 days, the day of receipt excluded",
        ),
        day(
            "p8f-025",
            "legal_deadline",
            "rape FIR registered on 10 October 2026, the two month investigation limit ends on",
            "KA-4007",
            date(2026, 12, 10),
            "calendar months",
        ),
        day(
            "p8f-026",
            "legal_deadline",
            "cheating FIR registered 22 November 2026, 41A notice "
            "to be given within two weeks, by what date",
            "KA-3003",
            date(2026, 12, 6),
            "14 days, the day of registration excluded",
        ),
        day(
            "p8f-027",
            "legal_deadline",
            "preliminary enquiry for a 3 to 7 year offence began "
            "25 November 2026, the 14 days end when",
            "KA-3004",
            date(2026, 12, 9),
            "14 days, the first day excluded",
        ),
        facts("p8f-028", "which BNS section covers extortion", "KA-3003", [["308"]]),
        facts("p8f-029", "IPC 379 corresponds to what in BNS", "KA-1001", [["303"]]),
        facts(
            "p8f-030",
            "new BNS section for IPC 354 outraging modesty of a woman",
            "KA-4007",
            [["74"]],
        ),
        facts(
            "p8f-031",
            "punishment for theft under BNS 303(2)",
            "KA-2002",
            [["3 years", "three years"]],
        ),
        number(
            "p8f-032",
            "records_calc",
            "what percent of all FIRs this year in my stations are cheating cases",
            "KA-3003",
            ka * 100 / kall,
            counts=[ka, kall],
        ),
        number(
            "p8f-033",
            "records_calc",
            "what % of 2025 FIRs at KR Puram got charge sheeted",
            "KA-2002",
            cs * 100 / krp,
            counts=[cs, krp],
        ),
        number(
            "p8f-034",
            "records_calc",
            "FIRs this year versus last year at my station, by how many do they differ",
            "KA-3006",
            abs(j26 - j25),
            counts=[j26, j25],
        ),
        number(
            "p8f-035",
            "records_calc",
            "average theft FIRs per month in Mandya during 2025",
            "KA-4008",
            mdy / 12,
            counts=[mdy],
        ),
        number(
            "p8f-036",
            "records_calc",
            "robbery FIRs this year in my jurisdiction per lakh population, population is 11 lakh",
            "KA-3005",
            rob * 100000 / 1100000,
            counts=[rob],
        ),
        number(
            "p8f-037",
            "records_calc",
            "percentage change in thefts in my stations from 2024 to 2025",
            "KA-3003",
            abs(t25 - t24) * 100 / t24,
            counts=[t24, t25],
        ),
        number(
            "p8f-038",
            "records_calc",
            "what share of this year's FIRs in my area came as e-FIR, in percent",
            "KA-4010",
            online * 100 / hall,
            counts=[online, hall],
        ),
        number(
            "p8f-039",
            "records_calc",
            "what percentage of 2025 FIRs in my stations are still undetected",
            "KA-3003",
            und * 100 / all25,
            counts=[und, all25],
        ),
        web("p8f-040", "what is today's gold price in Bengaluru", "KA-3003"),
        web("p8f-041", "aaj Mysuru mein diesel ka rate kitna hai, vehicle log ke liye", "KA-3006"),
        web("p8f-042", "latest NCRB figure for Karnataka murder rate", "KA-5005"),
    ]


def later_cases(db: sqlite3.Connection) -> list[dict]:
    """The second batch: the same classes in fresh wording."""
    y26, y25, nxt = "2026-01-01", "2025-01-01", "2027-01-01"
    mhd = "precinct_id = 'BLR-E-MHD'"
    burg = count(db, "KA-3003", f"{mhd} AND crime_group LIKE 'BURGLARY%'", y25, y26)
    mhd_all = count(db, "KA-3003", mhd, y25, y26)
    cheat = count(db, "KA-4010", "crime_group = 'CHEATING'", y25, y26)
    closed = count(db, "KA-4010", "crime_group = 'CHEATING' AND status = 'Closed'", y25, y26)
    k26 = count(db, "KA-1001", "1=1", y26, nxt)
    k25 = count(db, "KA-1001", "1=1", y25, y26)
    hbt = "precinct_id = 'HDH-C-HBT' AND crime_group = 'THEFT'"
    murders = count(db, "KA-4010", hbt, y25, y26)
    return [
        number(
            "p8g-001",
            "ratio",
            "1 lakh 75 thousand citizens and 25 home guards, citizens per home guard",
            "KA-4008",
            175000 / 25,
        ),
        number(
            "p8g-002",
            "ratio",
            "we issued 3,600 challans across 24 checkposts, how many "
            "challans did every checkpost issue",
            "KA-2002",
            3600 / 24,
        ),
        number(
            "p8g-003",
            "percentage",
            "how much is 12.5 percent of 3 lakh 60 thousand",
            "KA-3003",
            12.5 * 360000 / 100,
        ),
        number(
            "p8g-004",
            "records_calc",
            "how many burglaries in Mahadevapura in 2025 and what share of total FIRs there",
            "KA-3003",
            burg * 100 / mhd_all,
            counts=[burg, mhd_all],
        ),
        number(
            "p8g-005",
            "records_calc",
            "cheating cases in my jurisdiction during 2025, what percent were closed",
            "KA-4010",
            closed * 100 / cheat,
            counts=[closed, cheat],
        ),
        number(
            "p8g-006",
            "records_calc",
            "FIRs this year vs last year in my station - what's the difference",
            "KA-1001",
            abs(k26 - k25),
            counts=[k26, k25],
        ),
        number(
            "p8g-007",
            "records_calc",
            "Hubballi Town theft FIRs 2025 per lakh people, population 9.4 lakh",
            "KA-4010",
            murders * 100000 / 940000,
            counts=[murders],
        ),
        day(
            "p8g-008",
            "date_arithmetic",
            "when does Ugadi fall in 2027",
            "KA-3006",
            festival("Ugadi", 2027),
        ),
        day(
            "p8g-009",
            "legal_deadline",
            "extortion accused first remanded 12 Oct 2026, when does the 60 day period lapse",
            "KA-4010",
            date(2026, 10, 12) + timedelta(days=59),
            "remand day is day 1",
        ),
        web("p8g-010", "aaj sone ki keemat kya hai Bengaluru mein", "KA-2002"),
        web("p8g-011", "what is the current onion price in Mysuru market", "KA-3006"),
    ]


def main(db_path: str) -> None:
    with sqlite3.connect(db_path) as db:
        batches = {"probes_fall8_fallback": cases(db), "probes_fall8_fallback_2": later_cases(db)}
    for name, found in batches.items():
        write_probes(HERE, name, found)


if __name__ == "__main__":
    main(sys.argv[1])
