"""Hand-written ZCQL statements: what the validator accepts, and why it rejects the rest."""

from __future__ import annotations

import json

import pytest

from validators.zcql import validate
from validators.zcql.context import MAX_STATEMENT_CHARS

from .conftest import PRECINCTS

K = "precinct_id = 'BLR-E-KRP'"
"""The usual single-table scope condition."""

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K}",
    f"SELECT fir_id, crime_head, status FROM firs WHERE {K} AND status = 'Closed'",
    f"select fir_id from firs where {K} and status = 'Closed'",
    "SELECT fir_id FROM firs WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD')",
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 10",
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 0, 300",
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 300",
    f"SELECT fir_id FROM firs WHERE {K} ORDER BY registered_at DESC LIMIT 20",
    f"SELECT fir_id FROM firs WHERE {K} ORDER BY registered_at ASC, fir_id DESC",
    f"SELECT fir_id FROM firs WHERE {K} ORDER BY ROWID",
    f"SELECT COUNT(ROWID) FROM firs WHERE {K}",
    f"SELECT COUNT(fir_id) AS total FROM firs WHERE {K}",
    f"SELECT SUM(victim_count) FROM firs WHERE {K}",
    f"SELECT AVG(victim_count), MIN(victim_count), MAX(victim_count) FROM firs WHERE {K}",
    f"SELECT MAX(registered_at) FROM firs WHERE {K}",
    f"SELECT MIN(crime_head) FROM firs WHERE {K}",
    f"SELECT DISTINCT crime_head FROM firs WHERE {K}",
    f"SELECT crime_head, COUNT(ROWID) FROM firs WHERE {K} GROUP BY crime_head",
    f"SELECT crime_head, COUNT(ROWID) AS n FROM firs WHERE {K} GROUP BY crime_head ORDER BY n DESC",
    f"SELECT crime_head, COUNT(ROWID) FROM firs WHERE {K} GROUP BY crime_head "
    "HAVING COUNT(ROWID) > 2",
    f"SELECT crime_head, COUNT(ROWID) FROM firs WHERE {K} GROUP BY BINARYOF(crime_head)",
    f"SELECT status, COUNT(ROWID) FROM firs WHERE {K} GROUP BY status ORDER BY COUNT(ROWID) DESC",
    f"SELECT * FROM firs WHERE {K}",
    f"SELECT * FROM firs WHERE {K} LIMIT 5, 5",
    f"SELECT ROWID, fir_id FROM firs WHERE {K}",
    f"SELECT fir_id FROM firs WHERE {K} AND status != 'Closed'",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count > 2",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count >= '2'",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count < 3 AND accused_count <= 1",
    f"SELECT fir_id FROM firs WHERE {K} AND registered_at >= '2026-01-01 00:00:00'",
    f"SELECT fir_id FROM firs WHERE {K} AND registered_at >= '2026-01-01' "
    "AND registered_at < '2026-02-01'",
    f"SELECT fir_id FROM firs WHERE {K} AND occurred_at IS NULL",
    f"SELECT fir_id FROM firs WHERE {K} AND occurred_at IS NOT NULL",
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*chain snatching*'",
    f"SELECT fir_id FROM firs WHERE {K} AND fir_id LIKE 'FIR-2026-0482?'",
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts NOT LIKE '*mobile*'",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count BETWEEN 1 AND 3",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count NOT BETWEEN 1 AND 3",
    f"SELECT fir_id FROM firs WHERE {K} AND status IN ('Closed', 'Undetected')",
    f"SELECT fir_id FROM firs WHERE {K} AND status NOT IN ('Closed')",
    f"SELECT fir_id FROM firs WHERE {K} AND sensitivity IN (1, 2)",
    f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile = TRUE",
    f"SELECT fir_id FROM firs WHERE {K} AND sexual_offence != FALSE",
    f"SELECT fir_id FROM firs WHERE {K} AND (status = 'Closed' OR status = 'Undetected')",
    f"SELECT fir_id FROM firs WHERE ({K}) AND crime_group = 'Theft'",
    f"SELECT fir_id FROM firs WHERE {K} AND latitude > 12.9 AND longitude < 77.8",
    f"SELECT fir_id FROM firs WHERE {K} AND latitude > -1.5",
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count > "
    f"(SELECT AVG(victim_count) FROM firs WHERE {K})",
    f"SELECT fir_id FROM firs WHERE {K} AND registered_at = "
    "(SELECT MAX(registered_at) FROM firs WHERE precinct_id = 'BLR-E-WFD')",
    f"SELECT fir_id FROM firs WHERE {K} AND precinct_id = "
    "(SELECT precinct_id FROM police_stations WHERE station_name = 'KR Puram PS')",
    "SELECT station_name, district FROM police_stations WHERE district = 'Mysuru'",
    "SELECT * FROM police_stations WHERE zone = 'Bengaluru City' LIMIT 50",
    "SELECT COUNT(ROWID) FROM police_stations WHERE district = 'Bengaluru East'",
    "SELECT person_id, full_name FROM persons WHERE precinct_id = 'BLR-E-WFD' AND role = 'accused'",
    "SELECT full_name FROM persons WHERE precinct_id = 'BLR-E-WFD' AND arrested = TRUE "
    "AND age < 18",
    "SELECT registration_no FROM vehicles WHERE precinct_id = 'BLR-E-KRP' AND status = 'Stolen'",
    "SELECT colour, COUNT(ROWID) FROM vehicles WHERE precinct_id = 'BLR-E-KRP' GROUP BY colour",
    "SELECT f.fir_id, p.full_name FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
    "SELECT f.fir_id, p.full_name FROM firs f JOIN persons p ON f.fir_id = p.fir_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD')",
    "SELECT f.fir_id, v.registration_no FROM firs AS f LEFT JOIN vehicles AS v "
    "ON f.fir_id = v.fir_id WHERE f.precinct_id = 'BLR-E-KRP' AND v.precinct_id = 'BLR-E-KRP'",
    "SELECT f.fir_id, v.make FROM firs AS f LEFT OUTER JOIN vehicles AS v ON v.fir_id = f.fir_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND v.precinct_id = 'BLR-E-KRP'",
    "SELECT firs.fir_id, police_stations.station_name FROM firs INNER JOIN police_stations "
    "ON firs.precinct_id = police_stations.precinct_id WHERE firs.precinct_id = 'BLR-E-KRP'",
    "SELECT f.fir_id, p.full_name, v.registration_no, s.station_name FROM firs AS f "
    "INNER JOIN persons AS p ON f.fir_id = p.fir_id "
    "LEFT JOIN vehicles AS v ON f.fir_id = v.fir_id "
    "INNER JOIN police_stations AS s ON f.precinct_id = s.precinct_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' "
    "AND v.precinct_id = 'BLR-E-KRP'",
    "SELECT a.fir_id, b.fir_id FROM firs AS a INNER JOIN firs AS b ON a.io_badge = b.io_badge "
    "WHERE a.precinct_id = 'BLR-E-KRP' AND b.precinct_id = 'BLR-E-WFD'",
    "SELECT p.role, COUNT(p.ROWID) FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' GROUP BY p.role",
    "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
    "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' "
    "AND f.arrested_count = p.age",
    "SELECT f.fir_id FROM firs AS f WHERE f.precinct_id = 'BLR-E-KRP' ORDER BY f.fir_id",
    f"SELECT fir_id FROM firs WHERE {K} AND io_name = 'Ravi Kumar' AND beat = 'Beat 4'",
    f"SELECT fir_id FROM firs WHERE {K} AND complaint_mode = 'e-FIR' AND crime_head LIKE 'Theft*'",
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*50 pc*'",
    f"SELECT fir_id FROM firs WHERE {K} AND place_of_occurrence = 'Tin Factory, KR Puram'",
]

REJECTED = [
    # one statement, SELECT only
    (f"SELECT fir_id FROM firs WHERE {K}; DROP TABLE firs", "Statement separators (;)"),
    (f"SELECT fir_id FROM firs WHERE {K};", "Statement separators (;)"),
    ("DELETE FROM firs WHERE precinct_id = 'BLR-E-KRP'", "not DELETE"),
    ("UPDATE firs SET status = 'Closed' WHERE precinct_id = 'BLR-E-KRP'", "not UPDATE"),
    ("INSERT INTO firs (fir_id) VALUES ('FIR-2026-99999')", "not INSERT"),
    ("DROP TABLE firs", "not DROP"),
    ("CREATE TABLE x (a INT)", "not CREATE"),
    ("ALTER TABLE firs ADD COLUMN x INT", "Only SELECT"),
    ("GRANT SELECT ON firs TO someone", "not GRANT"),
    ("TRUNCATE TABLE firs", "Only SELECT"),
    (
        f"SELECT fir_id FROM firs WHERE {K} UNION SELECT person_id FROM persons WHERE {K}",
        "UNION",
    ),
    (f"WITH x AS (SELECT fir_id FROM firs WHERE {K}) SELECT fir_id FROM x WHERE {K}", "WITH"),
    (f"SELECT fir_id INTO copy FROM firs WHERE {K}", "SELECT ... INTO"),
    (f"SELECT fir_id FROM firs WHERE {K} FOR UPDATE", "locking clauses"),
    ("", "found 0"),
    ("SELECT", "The SELECT list is empty"),
    ("SELECT fir_id WHERE precinct_id = 'BLR-E-KRP'", "A FROM clause"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'Closed", "could not be parsed"),
    # tables and columns
    ("SELECT name FROM officers WHERE badge = 'x'", "Unknown table officers"),
    (f"SELECT fir_id FROM FIRS WHERE {K}", "Unknown table FIRS"),
    (f"SELECT fir_id FROM crimeassist.firs WHERE {K}", "db.table"),
    (f"SELECT firs.fir_id FROM firs WHERE {K} AND main.firs.status = 'x'", "db.table"),
    (f"SELECT password FROM firs WHERE {K}", "Unknown column password in table firs"),
    (f"SELECT FIR_ID FROM firs WHERE {K}", "Unknown column FIR_ID"),
    (f"SELECT fir_id FROM firs WHERE {K} AND sqlite_master = 1", "Unknown column sqlite_master"),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' AND role = 'victim'",
        "Column role must be written table.column",
    ),
    (
        "SELECT firs.fir_id FROM firs AS f WHERE f.precinct_id = 'BLR-E-KRP'",
        "firs is not a table or alias",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS f ON f.fir_id = f.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP'",
        "names two tables",
    ),
    (
        "SELECT persons.fir_id FROM firs AS persons WHERE persons.precinct_id = 'BLR-E-KRP'",
        "alias persons is the name of another table",
    ),
    (f"SELECT f.* FROM firs AS f WHERE f.{K}", "select * alone"),
    # WHERE and jurisdiction scope
    ("SELECT fir_id FROM firs", "A WHERE clause is required"),
    ("SELECT station_name FROM police_stations", "A WHERE clause is required"),
    ("SELECT fir_id FROM firs WHERE status = 'Closed'", "not restricted to your precincts"),
    ("SELECT fir_id FROM firs WHERE precinct_id = 'MYS-C-LSK'", "outside your jurisdiction"),
    (
        "SELECT fir_id FROM firs WHERE precinct_id IN ('BLR-E-KRP', 'MYS-C-LSK')",
        "Precinct 'MYS-C-LSK' is outside",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} OR status = 'Closed'",
        "not restricted to your precincts",
    ),
    (f"SELECT fir_id FROM firs WHERE ({K} OR {K})", "not restricted to your precincts"),
    (
        "SELECT fir_id FROM firs WHERE NOT precinct_id != 'BLR-E-KRP'",
        "not restricted to your precincts",
    ),
    (
        "SELECT fir_id FROM firs WHERE precinct_id = "
        "(SELECT precinct_id FROM police_stations WHERE station_name = 'KR Puram PS')",
        "not restricted to your precincts",
    ),
    ("SELECT fir_id FROM firs WHERE precinct_id LIKE 'BLR*'", "not restricted to your precincts"),
    ("SELECT fir_id FROM firs WHERE precinct_id != 'MYS-C-LSK'", "not restricted"),
    ("SELECT fir_id FROM firs WHERE 'BLR-E-KRP' = precinct_id", "not restricted"),
    ("SELECT fir_id FROM firs WHERE precinct_id = 'blr-e-krp'", "outside your jurisdiction"),
    ("SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP '", "outside your jurisdiction"),
    (
        "SELECT f.fir_id, p.full_name FROM firs AS f INNER JOIN persons AS p "
        "ON f.fir_id = p.fir_id WHERE f.precinct_id = 'BLR-E-KRP'",
        "Table persons (alias p) is not restricted",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE precinct_id = 'BLR-E-KRP'",
        "Table firs (alias f) is not restricted",
    ),
    (
        "SELECT a.fir_id FROM firs AS a INNER JOIN firs AS b ON a.io_badge = b.io_badge "
        "WHERE a.precinct_id = 'BLR-E-KRP' AND a.precinct_id = 'BLR-E-WFD'",
        "Table firs (alias b) is not restricted",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND victim_count > "
        "(SELECT AVG(victim_count) FROM firs WHERE status = 'Closed')",
        "not restricted to your precincts",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND victim_count > "
        "(SELECT AVG(victim_count) FROM firs)",
        "WHERE clause in the subquery is required",
    ),
    # ZCQL grammar: functions, operators, literals
    (f"SELECT COUNT(*) FROM firs WHERE {K}", "COUNT(*) is not ZCQL"),
    (f"SELECT COUNT(DISTINCT crime_head) FROM firs WHERE {K}", "COUNT(DISTINCT"),
    (f"SELECT LOWER(crime_head) FROM firs WHERE {K}", "LOWER"),
    (f"SELECT fir_id FROM firs WHERE {K} AND SLEEP(5) = 0", "SLEEP"),
    (f"SELECT COALESCE(beat, 'x') FROM firs WHERE {K}", "COALESCE"),
    (f"SELECT fir_id FROM firs WHERE {K} AND registered_at > NOW()", "NOW"),
    (f"SELECT CONCAT(fir_id, beat) FROM firs WHERE {K}", "CONCAT"),
    (f"SELECT fir_id FROM firs WHERE {K} AND COUNT(ROWID) > 1", "not allowed in WHERE"),
    (f"SELECT MAX(victim_count + 1) FROM firs WHERE {K}", "arithmetic"),
    (f"SELECT fir_id FROM firs WHERE {K} AND victim_count = 1 + 1", "arithmetic"),
    (f"SELECT SUM(crime_head) FROM firs WHERE {K}", "needs a numeric column"),
    (f"SELECT CASE WHEN sensitivity > 3 THEN 1 END FROM firs WHERE {K}", "CASE"),
    (f"SELECT CAST(victim_count AS CHAR) FROM firs WHERE {K}", "CAST"),
    (f"SELECT fir_id, ROW_NUMBER() OVER (ORDER BY fir_id) FROM firs WHERE {K}", "window"),
    (f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '%theft%'", "ZCQL wildcards are *"),
    (f"SELECT fir_id FROM firs WHERE {K} AND fir_id LIKE 'FIR_2026'", "uses % or _"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status <> 'Closed'", "use != instead"),
    (f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile IS TRUE", "IS may only be used"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status IS 'Closed'", "IS may only be used"),
    (f"SELECT fir_id FROM firs WHERE {K} AND brief_facts REGEXP 'a.*'", "regular expressions"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'a' || 'b'", "||"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'a' && 1", "&&"),
    (f"SELECT fir_id FROM firs WHERE {K} AND !(status = 'Closed')", "!"),
    (f"SELECT fir_id FROM firs WHERE {K} AND NOT status = 'Closed'", "NOT is allowed only"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status <=> NULL", "<=>"),
    (f"SELECT fir_id FROM firs WHERE {K} AND beat = NULL", "IS NULL"),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND EXISTS (SELECT fir_id FROM persons WHERE {K})",
        "EXISTS",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND fir_id IN (SELECT fir_id FROM persons WHERE {K})",
        "IN (SELECT ...) is not allowed",
    ),
    (
        f"SELECT fir_id, (SELECT MAX(age) FROM persons WHERE {K}) FROM firs WHERE {K}",
        "Subqueries are allowed only in WHERE",
    ),
    (
        f"SELECT fir_id FROM (SELECT fir_id FROM firs WHERE {K}) AS t WHERE fir_id = 'x'",
        "Subqueries are allowed only in WHERE",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND victim_count > (SELECT MAX(victim_count) FROM "
        f"firs WHERE {K} AND victim_count < (SELECT MAX(age) FROM persons WHERE {K}))",
        "only one level deep",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND victim_count > "
        f"(SELECT victim_count, accused_count FROM firs WHERE {K})",
        "exactly one column",
    ),
    (f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile = 'true'", "Boolean columns"),
    (f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile > 0", "Boolean columns"),
    (f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile IN (1)", "boolean columns"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 5", "quoted strings"),
    (f"SELECT fir_id FROM firs WHERE {K} AND victim_count = 'many'", "A number is needed"),
    (f"SELECT fir_id FROM firs WHERE {K} AND registered_at BETWEEN 'a' AND 'b'", "BETWEEN"),
    (f"SELECT fir_id FROM firs WHERE {K} AND victim_count LIKE '1*'", "LIKE does not work"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = beat", "must be written table.column"),
    (f'SELECT fir_id FROM firs WHERE {K} AND status = "Closed"', "Double quotes"),
    (f"SELECT `fir_id` FROM firs WHERE {K}", "Backticks"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'it''s'", "single quote"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'a\\' OR 1=1 '", "Backslashes"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 'a\x00b'", "control characters"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = 0x436c6f736564", "hex string"),
    (f"SELECT fir_id FROM firs WHERE {K} AND status = @v", "variables"),
    (f"SELECT fir_id FROM firs WHERE {K} AND victim_count = 1e400x", "Unknown column 1e400x"),
    (f"SELECT 1 FROM firs WHERE {K}", "not a column or an aggregate"),
    (f"SELECT fir_id, * FROM firs WHERE {K}", "* must be the only select item"),
    (
        "SELECT * FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "cannot be used with joins",
    ),
    (f"SELECT fir_id FROM firs WHERE {K} HAVING COUNT(ROWID) > 1", "HAVING is allowed only"),
    (f"SELECT crime_head FROM firs WHERE {K} GROUP BY BINARYOF(crime_head, beat)", "BINARYOF"),
    (f"SELECT BINARYOF(crime_head) FROM firs WHERE {K}", "BINARYOF(column) is allowed only"),
    # comments
    (f"SELECT fir_id FROM firs WHERE {K} -- hi", "Comments"),
    (f"SELECT fir_id FROM firs WHERE {K} /* hi */", "Comments"),
    (f"SELECT fir_id FROM firs WHERE {K} # hi", "Comments"),
    (f"SELECT fir_id FROM firs WHERE {K} /*!50000 OR 1=1 */", "Comments"),
    # limits
    (f"SELECT fir_id FROM firs WHERE {K} LIMIT 301", "LIMIT must be a whole number from 1 to 300"),
    (f"SELECT fir_id FROM firs WHERE {K} LIMIT 0, 1000", "from 1 to 300"),
    (f"SELECT fir_id FROM firs WHERE {K} LIMIT 0", "from 1 to 300"),
    (f"SELECT fir_id FROM firs WHERE {K} LIMIT 10 OFFSET 5", "OFFSET keyword"),
    (
        "SELECT " + ", ".join(["fir_id"] * 21) + f" FROM firs WHERE {K}",
        "21 columns are selected",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND status = 'a' AND beat = 'b' AND io_name = 'c' "
        "AND crime_head = 'd' AND district = 'e'",
        "6 conditions",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND (status = 'a' OR status = 'b' OR status = 'c' "
        "OR status = 'd' OR status = 'e')",
        "6 conditions",
    ),
    (
        "SELECT a.fir_id FROM firs a JOIN firs b ON a.fir_id = b.fir_id "
        "JOIN firs c ON a.fir_id = c.fir_id JOIN firs d ON a.fir_id = d.fir_id "
        "JOIN firs e ON a.fir_id = e.fir_id JOIN firs g ON a.fir_id = g.fir_id "
        "WHERE a.precinct_id = 'BLR-E-KRP'",
        "5 joins are used",
    ),
    (
        "SELECT f.fir_id FROM firs AS f RIGHT JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "RIGHT JOIN is not allowed",
    ),
    (
        "SELECT f.fir_id FROM firs AS f FULL OUTER JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "JOIN is not allowed",
    ),
    (
        "SELECT f.fir_id FROM firs AS f CROSS JOIN persons AS p "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "CROSS JOIN is not allowed",
    ),
    (
        "SELECT f.fir_id FROM firs AS f, persons AS p "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "comma and CROSS joins",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p USING (fir_id) "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "USING is not allowed",
    ),
    (
        "SELECT f.fir_id FROM firs AS f NATURAL JOIN persons AS p "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "NATURAL JOIN is not allowed",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p "
        "ON f.fir_id = p.fir_id AND f.precinct_id = p.precinct_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "exactly one equality",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p ON f.fir_id = 'x' "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP'",
        "exactly one equality",
    ),
    (
        "SELECT f.fir_id FROM firs AS f INNER JOIN "
        f"(SELECT fir_id FROM persons WHERE {K}) AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP'",
        "Joins must be on tables",
    ),
    (
        f"SELECT fir_id FROM firs WHERE {K} AND status = '" + "x" * MAX_STATEMENT_CHARS + "'",
        "characters long",
    ),
]


@pytest.mark.parametrize("statement", ACCEPTED)
def test_well_formed_scoped_statement_is_accepted(statement: str) -> None:
    verdict = validate(statement, PRECINCTS)
    assert verdict.reasons == ()
    assert verdict.accepted
    assert verdict.tree is not None


@pytest.mark.parametrize(("statement", "reason"), REJECTED)
def test_statement_is_rejected_with_the_expected_reason(statement: str, reason: str) -> None:
    verdict = validate(statement, PRECINCTS)
    assert not verdict.accepted
    assert any(reason in r for r in verdict.reasons), verdict.reasons


def test_case_lists_are_large_enough() -> None:
    assert len(ACCEPTED) >= 60
    assert len(REJECTED) >= 60


def test_every_reason_is_returned_not_just_the_first() -> None:
    verdict = validate(
        "SELECT COUNT(*) FROM firs WHERE status <> 'x' AND brief_facts LIKE '%a%' LIMIT 500",
        PRECINCTS,
    )
    joined = " | ".join(verdict.reasons)
    for expected in ("COUNT(*)", "<>", "% or _", "from 1 to 300", "not restricted"):
        assert expected in joined


def test_officer_without_precincts_cannot_read_case_data() -> None:
    assert not validate(f"SELECT fir_id FROM firs WHERE {K}", []).accepted
    assert validate(
        "SELECT station_name FROM police_stations WHERE district = 'Mysuru'", []
    ).accepted


def test_verdict_lists_base_tables_including_subqueries() -> None:
    verdict = validate(
        "SELECT f.fir_id FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id "
        "WHERE f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' AND f.victim_count > "
        "(SELECT MIN(v.ROWID) FROM vehicles AS v WHERE v.precinct_id = 'BLR-E-KRP')",
        PRECINCTS,
    )
    assert verdict.tables == frozenset({"firs", "persons", "vehicles"})


def test_verdict_to_dict_is_json_ready() -> None:
    verdict = validate("SELECT fir_id FROM firs WHERE status = 'Closed'", PRECINCTS)
    payload = json.loads(json.dumps(verdict.to_dict()))
    assert payload["accepted"] is False
    assert payload["tables"] == ["firs"]
    assert payload["reasons"] and all(isinstance(r, str) for r in payload["reasons"])
