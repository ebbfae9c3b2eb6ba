"""A weekday named as a day ("since Monday", "Monday se ab tak", "on Friday") is the latest such
day on or before today, written as a date the period reader knows ("since 30 nov")."""

from __future__ import annotations

import re
from datetime import date, timedelta

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(r"(?<!last )(?<!next )\b(" + "|".join(_DAYS) + r")\b")


def name_weekdays(text: str, today: date) -> str:
    """`text` (lower case) with each bare weekday replaced by its latest date up to today;
    "last Monday" and "next Monday" are left for the reader to ask about."""

    def dated(m: re.Match[str]) -> str:
        back = (today.weekday() - _DAYS.index(m[1])) % 7
        day = today - timedelta(days=back)
        return f"{day.day} {day.strftime('%b').lower()} {day.year}"

    return _WEEKDAY.sub(dated, text)
