"""Answer shapes officers ask for: vehicle statuses side by side, "v/s", an IO named with a
rank and a pronoun, follow-ups that change the shape ("list them", "give me that by beat"),
and status phrases written in Hinglish or cut short. Wording here is this suite's own."""

from __future__ import annotations

from datetime import date

from tools.domain.places import stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.offline import parse
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))
SHOWN = ("FIR-2026-00101", "FIR-2026-00102", "FIR-2026-00103")


def draft(question: str, history: tuple[str, ...] = (), shown: tuple[str, ...] = ()) -> ZcqlDraft:
    d = parse(ZcqlRequest(question, MYSURU, TODAY, history=history, visible_record_ids=shown))
    if d.statement is not None:
        assert validate(d.statement, MYSURU).accepted_statement is not None, d.statement
    return d


def test_vehicle_statuses_compared_in_one_grouped_answer() -> None:
    d = draft("seized versus recovered cars at Lashkar")
    statement = d.statement or ""
    assert d.intent == "breakdown"
    assert "status IN ('Seized', 'Recovered')" in statement and "GROUP BY" in statement
    assert "vehicle_type = 'Car'" in statement


def test_vehicle_status_comparison_keeps_the_fir_filters() -> None:
    d = draft("two-wheelers stolen vs recovered in Nazarbad during 2025")
    statement = d.statement or ""
    assert "INNER JOIN firs" in statement
    assert "2025-01-01" in statement or "FIR-2025-*" in statement
    assert "vehicles.status IN ('Stolen', 'Recovered')" in statement


def test_v_slash_s_is_a_comparison() -> None:
    d = draft("Lashkar v/s Nazarbad dacoity this year")
    assert d.intent == "compare" and "GROUP BY precinct_id" in (d.statement or "")


def test_a_rank_beside_the_io_and_his_pronoun_are_read() -> None:
    d = draft("R. Iyer ASI - how many of his FIRs are still pending")
    statement = d.statement or ""
    assert d.intent == "count" and "io_badge" in statement
    assert "status = 'Under Investigation'" in statement


def test_a_list_follow_up_after_a_count_lists() -> None:
    d = draft("show just the undetected ones", history=("total dacoity FIRs in Lashkar in 2025",))
    assert d.intent == "list" and "status = 'Undetected'" in (d.statement or "")
    assert "DACOITY" in (d.statement or "")


def test_give_me_that_by_a_dimension_follows_up() -> None:
    d = draft("give me that beat wise", history=("how many cheating cases in Nazarbad in 2024",))
    assert d.intent in ("breakdown", "top_n") and "CHEATING" in (d.statement or "")


def test_a_status_written_as_charge_sheet_in_hinglish() -> None:
    d = draft("isme se kitne charge sheet ho chuke", shown=SHOWN)
    statement = d.statement or ""
    assert "status = 'Charge Sheeted'" in statement and "fir_id IN" in statement


def test_a_status_fragment_alone_is_asked_about() -> None:
    d = draft("how many distress in Lashkar this month")
    assert d.statement is None and d.clarification and "distress" in d.clarification
