"""Tomorrow named as the reason for a records question does not make it date arithmetic."""

from __future__ import annotations

import pytest

from graph.routing.rules import rule_route


@pytest.mark.parametrize(
    "text",
    [
        "SP review is tomorrow so tell me how many house thefts we had in Indiranagar this year",
        "court date tomorrow, list the undetected robbery cases of KR Puram 2025",
    ],
)
def test_records_question_mentioning_tomorrow_goes_to_records(text: str) -> None:
    route = rule_route(text, None)
    assert route is not None and route[0] == "zcql"


@pytest.mark.parametrize(
    "text",
    [
        "which date falls 60 days after tomorrow",
        "accused arrested tomorrow, by when must he be produced before the magistrate",
    ],
)
def test_date_arithmetic_from_tomorrow_still_goes_to_the_calculator(text: str) -> None:
    route = rule_route(text, None)
    assert route is not None and route[0] == "fallback"
