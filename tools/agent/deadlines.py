"""Statutory time limits as the law counts them, and the arithmetic of counting them.

Each limit names its period (days, calendar months or hours), how the first day is treated,
its source, and the legal-table provision (`tools.domain.legal`, key `provision`) whose rule
text states it. Periods in days exclude the day of the event (General Clauses Act 1897
s.9: "from" excludes the first day), except the default-bail periods, where the day of the
first remand counts as day 1 (Enforcement Directorate v Kapil Wadhawan, Supreme Court 2023).
Periods in months are calendar months (General Clauses Act s.3(35)): the same date N months
on, or the month's last day when that date does not exist.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, timedelta
from typing import Literal

from pydantic import BaseModel

Unit = Literal["days", "months", "hours"]
DAYS_EXCLUDED = "General Clauses Act s.9: the day of the event itself is not counted"
DAY_ONE = (
    "the day of the first remand counts as day 1 (Enforcement Directorate v Kapil Wadhawan, "
    "Supreme Court 2023)"
)
CALENDAR_MONTHS = "calendar months (General Clauses Act s.3(35)), the same date months on"


class Deadline(BaseModel):
    """A statutory time limit counted from a starting event."""

    label: str
    amount: int
    unit: Unit = "days"
    source: str
    provision: str
    """The `tools.domain.legal` provision key whose rule text states this limit."""
    first_day_counts: bool = False
    """The starting day counts as day 1 (default bail: the day of the first remand)."""

    @property
    def days(self) -> int:
        """The period in days (day-counted limits only)."""
        return self.amount

    @property
    def period(self) -> str:
        """'60 days', '2 months', '24 hours'."""
        return f"{self.amount} {self.unit if self.amount != 1 else self.unit[:-1]}"

    @property
    def rule(self) -> str:
        """How the period is counted, for the officer."""
        if self.unit == "months":
            return CALENDAR_MONTHS
        if self.unit == "hours":
            return "24 hours from the arrest, not counting the journey to the Magistrate's court"
        return DAY_ONE if self.first_day_counts else DAYS_EXCLUDED


DEADLINES: dict[str, Deadline] = {
    "chargesheet_60": Deadline(
        label="60-day limit for the final report before default bail",
        amount=60,
        source="BNSS 187(3) (CrPC 167(2)): offences not punishable with death, life or 10+ years",
        provision="default_bail",
        first_day_counts=True,
    ),
    "chargesheet_90": Deadline(
        label="90-day limit for the final report before default bail",
        amount=90,
        source="BNSS 187(3) (CrPC 167(2)): offences punishable with death, life or 10+ years",
        provision="default_bail",
        first_day_counts=True,
    ),
    "victim_progress_90": Deadline(
        label="progress of the investigation to the victim or informant",
        amount=90,
        source="BNSS 193(3)(ii)",
        provision="victim_progress",
    ),
    "medical_report_7": Deadline(
        label="medical report of a rape victim to the IO",
        amount=7,
        source="BNSS 184",
        provision="rape_victim_medical",
    ),
    "victim_medical_24h": Deadline(
        label="sending a rape victim for medical examination",
        amount=24,
        unit="hours",
        source="BNSS 184",
        provision="rape_victim_medical",
    ),
    "preliminary_enquiry_14": Deadline(
        label="preliminary enquiry for an offence punishable with 3 to 7 years",
        amount=14,
        source="BNSS 173(3)",
        provision="preliminary_enquiry",
    ),
    "efir_signature_3": Deadline(
        label="the informant's signature on information given electronically (e-FIR)",
        amount=3,
        source="BNSS 173(1)(ii)",
        provision="zero_fir",
    ),
    "sexual_offence_investigation_2m": Deadline(
        label="investigation of a rape (BNS 64-71) or POCSO (ss.4, 6, 8, 10) offence",
        amount=2,
        unit="months",
        source="BNSS 193(2)",
        provision="investigation_sexual_offences",
    ),
    "production_24h": Deadline(
        label="production of a person arrested without warrant before a Magistrate",
        amount=24,
        unit="hours",
        source="BNSS 58 (CrPC 57)",
        provision="production_24h",
    ),
    "pocso_report_24h": Deadline(
        label="report of a child sexual offence to the CWC and the Special Court",
        amount=24,
        unit="hours",
        source="POCSO Act s.19(6)",
        provision="pocso_report_24h",
    ),
    "appearance_notice_14": Deadline(
        label="notice of appearance instead of arrest (or the decision not to arrest)",
        amount=14,
        source="BNSS 35(3) (CrPC 41A), Arnesh Kumar v State of Bihar: 2 weeks from the "
        "institution of the case, extendable by the SP in writing",
        provision="notice_of_appearance",
    ),
    "missing_child_ahtu_4m": Deadline(
        label="transfer of a still-untraced missing child's case to the AHTU",
        amount=4,
        unit="months",
        source="MHA/MWCD missing-child SOP (2016) with JJ Model Rules r.92",
        provision="missing_child_ahtu",
    ),
    "further_investigation_90": Deadline(
        label="further investigation during the trial",
        amount=90,
        source="BNSS 193(9)",
        provision="further_investigation",
    ),
}


def add_months(start: date, months: int) -> date:
    """The same date `months` calendar months on; the month's last day if it has no such date."""
    index = start.year * 12 + start.month - 1 + months
    year, month = divmod(index, 12)
    if not 1 <= year <= 9999:
        raise OverflowError("outside the calendar")
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(start.day, last))


def due_date(rule: Deadline, start: date) -> date:
    """The last day of a day- or month-counted limit that starts on `start`."""
    if rule.unit == "months":
        return add_months(start, rule.amount)
    if rule.unit == "hours":
        return start + timedelta(hours=rule.amount)
    return start + timedelta(days=rule.amount - 1 if rule.first_day_counts else rule.amount)


def due_moment(rule: Deadline, start: datetime) -> datetime:
    """The moment an hour-counted limit runs out."""
    return start + timedelta(hours=rule.amount)
