"""ZCQL to SQLite/PostgreSQL translation: from the tree, with ZCQL's wildcards, limits and ids."""

from __future__ import annotations

import pytest

from schemas.errors import QueryRejected
from tools.records.dialect import (
    boolean_results,
    count_query,
    like_pattern,
    to_postgres,
    to_sqlite,
    with_table_sources,
)
from validators.zcql import AcceptedStatement, validate

P = ["BLR-E-KRP", "BLR-E-WFD"]
K = "precinct_id = 'BLR-E-KRP'"


def _v(statement: str) -> AcceptedStatement:
    verdict = validate(statement, P)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def test_like_wildcards_become_sql_wildcards() -> None:
    sql = to_sqlite(_v(f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*chain?snatch*'"))
    assert "LIKE '%chain_snatch%'" in sql
    assert "ESCAPE" not in sql


def test_literal_percent_and_underscore_are_escaped() -> None:
    assert like_pattern("50%_off*") == ("50!%!_off%", True)
    assert like_pattern("a!b") == ("a!!b", True)
    assert like_pattern("S*") == ("S%", False)


def test_postgres_like_is_case_insensitive_as_in_zcql() -> None:
    sql = to_postgres(_v(f"SELECT fir_id FROM firs WHERE {K} AND brief_facts NOT LIKE 'S*'"))
    assert "NOT \"brief_facts\" ILIKE 'S%'" in sql


def test_offset_limit_becomes_limit_offset() -> None:
    verdict = _v(f"SELECT fir_id FROM firs WHERE {K} LIMIT 40, 20")
    assert to_sqlite(verdict).endswith("LIMIT 20 OFFSET 40")
    assert to_postgres(verdict).endswith("LIMIT 20 OFFSET 40")


def test_a_limit_of_300_is_added_when_absent() -> None:
    assert to_sqlite(_v(f"SELECT fir_id FROM firs WHERE {K}")).endswith("LIMIT 300")


def test_booleans_become_integers_like_the_schema() -> None:
    verdict = _v(f"SELECT fir_id FROM firs WHERE {K} AND involves_juvenile = TRUE")
    assert '"involves_juvenile" = 1' in to_sqlite(verdict)
    assert '"involves_juvenile" = 1' in to_postgres(verdict)


def test_rowid_becomes_the_primary_key_and_keeps_its_name() -> None:
    sql = to_postgres(_v("SELECT ROWID FROM persons WHERE precinct_id = 'BLR-E-KRP'"))
    assert sql.startswith('SELECT "person_id" AS "ROWID" FROM "persons"')


def test_identifiers_are_quoted_and_results_named_as_on_catalyst() -> None:
    sql = to_sqlite(
        _v(
            "SELECT f.fir_id, COUNT(p.ROWID) FROM firs AS f INNER JOIN persons AS p "
            "ON f.fir_id = p.fir_id WHERE f.precinct_id = 'BLR-E-KRP' "
            "AND p.precinct_id = 'BLR-E-KRP' GROUP BY f.fir_id"
        )
    )
    assert '"f"."fir_id" AS "firs.fir_id"' in sql
    assert 'COUNT(*) AS "COUNT(p.ROWID)"' in sql


def test_count_rowid_counts_rows_unless_an_outer_join_can_pad_the_table() -> None:
    statement = (
        "SELECT f.fir_id, COUNT(p.ROWID) FROM firs AS f {} JOIN persons AS p "
        "ON f.fir_id = p.fir_id WHERE f.precinct_id = 'BLR-E-KRP' "
        "AND p.precinct_id = 'BLR-E-KRP' GROUP BY f.fir_id ORDER BY COUNT(p.ROWID) DESC"
    )
    inner = to_postgres(_v(statement.format("INNER")))
    outer = to_postgres(_v(statement.format("LEFT")))
    assert inner.count("COUNT(*)") == 2 and "person_id" not in inner
    assert outer.count('COUNT("p"."person_id")') == 2 and "COUNT(*)" not in outer


def test_count_query_keeps_from_join_where_and_drops_the_rest() -> None:
    sql = count_query(
        _v(
            f"SELECT DISTINCT crime_head FROM firs WHERE {K} AND victim_count > "
            f"(SELECT MIN(victim_count) FROM firs WHERE {K}) "
            "GROUP BY crime_head ORDER BY crime_head LIMIT 5, 10"
        ),
        "postgres",
    )
    assert sql.startswith('SELECT COUNT(*) AS "count" FROM "firs" WHERE')
    for gone in ("DISTINCT", "GROUP BY", "ORDER BY", "LIMIT", "OFFSET"):
        assert gone not in sql
    assert "(SELECT MIN(" in sql


def test_boolean_results_lists_boolean_columns_by_result_name() -> None:
    star = _v(f"SELECT * FROM firs WHERE {K}")
    assert boolean_results(star) == {"involves_juvenile", "sexual_offence"}
    joined = _v(
        "SELECT f.sexual_offence, p.arrested AS held, COUNT(p.ROWID) AS arrested "
        "FROM firs AS f INNER JOIN persons AS p ON f.fir_id = p.fir_id WHERE "
        "f.precinct_id = 'BLR-E-KRP' AND p.precinct_id = 'BLR-E-KRP' GROUP BY f.sexual_offence"
    )
    assert boolean_results(joined) == {"firs.sexual_offence", "held"}


def test_table_sources_become_a_leading_cte() -> None:
    sql = with_table_sources("SELECT 1", {"firs": "SELECT * FROM main.firs WHERE sensitivity <= 2"})
    assert sql == 'WITH "firs" AS (SELECT * FROM main.firs WHERE sensitivity <= 2) SELECT 1'
    with pytest.raises(ValueError, match="unknown tables"):
        with_table_sources("SELECT 1", {"officers": "SELECT 1"})


def test_a_verdict_is_not_translated_only_an_accepted_statement() -> None:
    verdict = validate(f"SELECT fir_id FROM firs WHERE {K}", P)
    with pytest.raises(QueryRejected):
        to_sqlite(verdict)  # type: ignore[arg-type]
    assert "SELECT" in to_sqlite(_v(f"SELECT fir_id FROM firs WHERE {K}"))


def test_postgres_table_sources_are_materialised() -> None:
    sql = with_table_sources("SELECT 1", {"firs": "SELECT * FROM public.firs"}, "postgres")
    assert sql == 'WITH "firs" AS MATERIALIZED (SELECT * FROM public.firs) SELECT 1'
