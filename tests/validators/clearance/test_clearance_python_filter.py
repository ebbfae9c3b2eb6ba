"""The Python filter on records from other tools: fail closed when facts are missing."""

from __future__ import annotations

import pytest

from schemas.errors import QueryRejected
from tests.validators.clearance.clearance_casefile import HOME, ROSTER, run_with_clearance
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.policy import ClearancePolicy
from validators.clearance.python_filter import filter_rows
from validators.clearance.rules import RecordContext
from validators.zcql.validate import validate

FIR = {
    "fir_id": "F1",
    "precinct_id": HOME,
    "sensitivity": 1,
    "sexual_offence": False,
    "involves_juvenile": False,
}


def test_a_record_without_its_precinct_is_withheld(policy: ClearancePolicy) -> None:
    rows = [{"fir_id": "F1", "sensitivity": 1, "crime_head": "Theft"}]
    cleared = filter_rows(rows, ROSTER["chief"], policy, sources="firs")
    assert (cleared.rows, cleared.reasons) == ([], {"unverifiable_record": 1})


def test_a_person_without_a_known_fir_is_withheld(policy: ClearancePolicy) -> None:
    rows = [{"person_id": "P1", "fir_id": "F9", "precinct_id": HOME, "full_name": "A"}]
    cleared = filter_rows(rows, ROSTER["inspector"], policy, sources="persons")
    assert cleared.rows == []


def test_a_person_with_unknown_role_keeps_the_identity_masked(policy: ClearancePolicy) -> None:
    context = RecordContext(firs={"F1": FIR | {"sexual_offence": True}})
    rows = [
        {
            "person_id": "P1",
            "fir_id": "F1",
            "precinct_id": HOME,
            "full_name": "Asha",
            "is_juvenile": False,
        }
    ]
    cleared = filter_rows(rows, ROSTER["inspector"], policy, context, sources="persons")
    assert cleared.rows[0]["full_name"] == "[withheld]"
    assert cleared.reasons == {"sexual_offence_victim_identity": 1}


def test_a_cell_of_unknown_origin_is_masked_by_its_name(policy: ClearancePolicy) -> None:
    rows = [{"phone": "9845012345", "note": "x"}]
    cleared = filter_rows(rows, ROSTER["constable"], policy, sources={}, aliases={})
    assert cleared.rows == [{"phone": "[withheld]", "note": "x"}]


def test_rows_of_unknown_origin_are_withheld(policy: ClearancePolicy) -> None:
    rows = [{"crime_head": "Theft", "n": 3}]
    cleared = filter_rows(rows, ROSTER["chief"], policy, sources={})
    assert (cleared.rows, cleared.withheld_rows) == ([], 1)


def test_police_stations_rows_pass_untouched(policy: ClearancePolicy) -> None:
    rows = [{"precinct_id": HOME, "station_name": "KR Puram PS", "latitude": 13.0}]
    cleared = filter_rows(rows, ROSTER["constable"], policy, sources="police_stations")
    assert cleared.rows == rows


async def test_a_rejected_verdict_cannot_be_run(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    verdict = validate("DELETE FROM firs", {HOME})
    assert verdict.accepted_statement is None
    with pytest.raises(TypeError):
        await run_with_clearance(verdict, ROSTER["chief"], sqlite_executor, policy)  # type: ignore[arg-type]
    with pytest.raises(QueryRejected):
        await sqlite_executor.execute(verdict)  # type: ignore[arg-type]
