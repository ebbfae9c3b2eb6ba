"""Readable records answers: human labels, station names, force dates, true totals, buckets."""

from __future__ import annotations

import inspect

from tools.records.answer import compose_records_answer, force_date, label, month_counts


def test_count_reads_as_firs_and_the_table_heading_is_human() -> None:
    answer, table = compose_records_answer("count", "Counting FIRs.", [{"COUNT(ROWID)": 4}])
    assert answer == "Counting FIRs: 4."
    assert table == [{"FIRs": 4}]
    assert label("SUM(arrested_count)") == "Arrested accused"
    assert label("COUNT(vehicles.ROWID)") == "Vehicles"


def test_ranking_names_the_station_not_its_code() -> None:
    rows = [{"precinct_id": "HDH-C-DWT", "COUNT(ROWID)": 12}]
    answer, table = compose_records_answer("top_n", "The top 1 by police station", rows)
    assert "Dharwad Town PS: 12" in answer and "HDH-C-DWT" not in answer
    assert table[0]["station"] == "Dharwad Town PS" and table[0]["FIRs"] == 12


def test_dates_are_in_the_force_format() -> None:
    rows = [{"fir_id": "FIR-2026-00001", "registered_at": "2026-11-08 14:05:00"}]
    answer, _ = compose_records_answer("list", "Listing FIRs", rows)
    assert "registered 08-11-2026 14:05" in answer
    assert force_date("2026-11-08") == "08-11-2026"


def test_capped_list_states_the_true_total() -> None:
    rows = [{"fir_id": f"FIR-2026-{i:05d}"} for i in range(300)]
    answer, _ = compose_records_answer(
        "list", "FIRs in Whitefield PS, newest first", rows, total=337
    )
    assert answer.startswith("337 FIRs in Whitefield PS, newest first; showing 300 of 337.")


def test_a_list_states_how_many_before_any_other_number() -> None:
    rows = [{"fir_id": "FIR-2026-00001"}]
    answer, _ = compose_records_answer("list", "FIRs with IO A. Rao (KGID 1304473)", rows)
    assert answer.startswith("1 FIR with IO A. Rao (KGID 1304473).")
    answer, _ = compose_records_answer("list", "Looking up FIR-2026-00001", rows)
    assert answer.startswith("Looking up FIR-2026-00001: 1 record(s).")


def test_comparison_counts_every_bucket_including_empty_ones() -> None:
    rows = [{"registered_at": "2024-03-01 10:00:00"}, {"registered_at": "2024-05-01 10:00:00"}]
    answer, table = compose_records_answer(
        "compare", "Comparing FIRs", rows, buckets=("2024", "2025")
    )
    assert answer == "Comparing FIRs — 2024: 2 vs 2025: 0."
    assert table == [{"period": "2024", "firs": 2}, {"period": "2025", "firs": 0}]
    grouped = [{"precinct_id": "BLR-E-WFD", "COUNT(ROWID)": 3}]
    answer, _ = compose_records_answer(
        "compare", "Comparing FIRs", grouped, buckets=("BLR-E-WFD", "BLR-E-KRP")
    )
    assert answer == "Comparing FIRs — Whitefield PS: 3 vs KR Puram PS: 0."


def test_compose_takes_no_withheld_count() -> None:
    assert "withheld_rows" not in inspect.signature(compose_records_answer).parameters
    answer, _ = compose_records_answer("list", "Listing FIRs", [])
    assert "clearance" not in answer and "withheld" not in answer


def test_month_counts_buckets_in_month_order() -> None:
    rows = ["2025-02-03 10:00:00", "2025-01-31 23:59:59", "2025-02-28 00:00:00"]
    assert month_counts(rows) == {"2025-01": 1, "2025-02": 2}
