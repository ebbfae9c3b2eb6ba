"""PostgreSQL translations shaped for its indexes: its own NULL placement only where no NULL can
be ordered (a btree index then returns the rows in order), days grouped bytewise, and a name
search the trigram index reads by the trigrams inside its words."""

from __future__ import annotations

import pytest

from tools.records.dialect import boolean_results, day_count_query, to_postgres, to_sqlite
from tools.records.seed_schema import not_null_columns
from validators.zcql import AcceptedStatement, validate

P = ["BLR-E-KRP", "BLR-E-WFD"]
K = "precinct_id = 'BLR-E-KRP'"


def _v(statement: str) -> AcceptedStatement:
    verdict = validate(statement, P)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def test_the_not_null_columns_are_read_from_the_schema() -> None:
    columns = not_null_columns()
    assert {"registered_at", "crime_head", "status", "fir_id"} <= columns["firs"]
    assert not {"occurred_at", "beat", "io_name", "brief_facts"} & columns["firs"]
    assert "full_name" in columns["persons"] and "age" not in columns["persons"]


@pytest.mark.parametrize("direction", ["", " DESC"])
def test_a_not_null_date_orders_without_a_null_placement(direction: str) -> None:
    sql = to_postgres(
        _v(f"SELECT fir_id, registered_at FROM firs WHERE {K} ORDER BY registered_at{direction}")
    )
    assert sql.endswith(f'ORDER BY "registered_at"{direction} LIMIT 300'), sql


def test_a_nullable_column_keeps_zcql_null_placement() -> None:
    sql = to_postgres(
        _v(f"SELECT fir_id, beat FROM firs WHERE {K} ORDER BY beat, occurred_at DESC")
    )
    assert 'ORDER BY "beat" NULLS FIRST, "occurred_at" DESC NULLS LAST' in sql


def test_a_numeric_column_keeps_it_since_a_mask_makes_it_null() -> None:
    sql = to_postgres(_v(f"SELECT fir_id FROM firs WHERE {K} ORDER BY victim_count"))
    assert 'ORDER BY "victim_count" NULLS FIRST' in sql


def test_an_outer_join_keeps_it_since_it_pads_with_nulls() -> None:
    sql = to_postgres(
        _v(
            "SELECT firs.fir_id, persons.full_name FROM firs LEFT JOIN persons "
            "ON firs.fir_id = persons.fir_id WHERE firs.precinct_id = 'BLR-E-KRP' "
            "AND persons.precinct_id = 'BLR-E-KRP' ORDER BY persons.full_name"
        )
    )
    assert '"persons"."full_name" NULLS FIRST' in sql


def test_an_inner_join_orders_a_not_null_column_plainly() -> None:
    sql = to_postgres(
        _v(
            "SELECT persons.fir_id, firs.registered_at FROM persons INNER JOIN firs "
            "ON persons.fir_id = firs.fir_id WHERE persons.precinct_id = 'BLR-E-KRP' "
            "AND firs.precinct_id = 'BLR-E-KRP' ORDER BY firs.registered_at DESC"
        )
    )
    assert 'ORDER BY "firs"."registered_at" DESC LIMIT' in sql


def test_a_result_alias_naming_another_expression_keeps_it() -> None:
    sql = to_postgres(
        _v(f"SELECT beat AS status, COUNT(ROWID) FROM firs WHERE {K} GROUP BY beat ORDER BY status")
    )
    assert 'ORDER BY "status" NULLS FIRST' in sql


def test_sqlite_is_unchanged() -> None:
    sql = to_sqlite(_v(f"SELECT fir_id FROM firs WHERE {K} ORDER BY registered_at DESC"))
    assert sql.endswith('ORDER BY "registered_at" DESC LIMIT 300')


def test_postgres_groups_days_bytewise_and_sqlite_as_before() -> None:
    trend = _v(f"SELECT registered_at FROM firs WHERE {K} ORDER BY registered_at LIMIT 0, 300")
    postgres = day_count_query(trend, "postgres")
    assert postgres.count('FOR 10) COLLATE "C"') == 3, postgres
    assert "COLLATE" not in day_count_query(trend, "sqlite")


@pytest.mark.parametrize(
    ("pattern", "loose"),
    [("*Ravi Kumar*", "%Ravi%Kumar%"), ("Asha  Rao*", "Asha%Rao%"), ("* Kumar*", "%%Kumar%")],
)
def test_a_name_search_with_a_space_reads_the_index_by_its_words(pattern: str, loose: str) -> None:
    sql = to_postgres(_v(f"SELECT person_id FROM persons WHERE {K} AND full_name LIKE '{pattern}'"))
    exact = pattern.replace("*", "%")
    assert f"(\"full_name\" ILIKE '{loose}' AND (\"full_name\" || '') ILIKE '{exact}')" in sql


@pytest.mark.parametrize(
    "condition",
    [
        "full_name LIKE '*Ravi*'",  # no space
        "full_name LIKE '*a k*'",  # no word of three letters left
        "full_name NOT LIKE '*Ravi Kumar*'",
        "full_name LIKE '*50! off*'",  # an escape
        "address LIKE '*MG Road*'",  # not the indexed name
    ],
)
def test_other_likes_translate_as_before(condition: str) -> None:
    sql = to_postgres(_v(f"SELECT person_id FROM persons WHERE {K} AND {condition}"))
    assert "|| ''" not in sql and sql.count("ILIKE") == 1, sql


def test_translations_are_kept_by_statement_text_and_options() -> None:
    statement = f"SELECT fir_id, is_juvenile FROM persons WHERE {K} AND full_name LIKE '*Asha R*'"
    first, again = _v(statement), _v(statement)
    assert to_postgres(again) is to_postgres(first)
    assert boolean_results(again) == boolean_results(first)
    assert to_sqlite(first, name_index=True) != to_sqlite(again, name_index=False)
    other = _v(statement.replace("Asha R", "Ravi K"))
    assert "Ravi" in to_postgres(other) and "Asha" not in to_postgres(other)
