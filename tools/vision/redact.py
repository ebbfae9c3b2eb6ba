"""Masking of Aadhaar-like numbers in any text the vision tools return or log."""

from __future__ import annotations

import re
from typing import Any

# 12 digits (optionally grouped 4-4-4, even across a line break) or a 16-digit VID, not inside
# a longer digit run.
_AADHAAR_LIKE = re.compile(
    r"(?<![0-9])(?:[0-9]{4}[ \t\n-]?){2}[0-9]{4}(?:[ \t\n-]?[0-9]{4})?(?![0-9])"
)


def mask_aadhaar(last4: str) -> str:
    """The display form of an Aadhaar number: only the last four digits."""
    return f"XXXX XXXX {last4}"


def mask_aadhaar_like(text: str) -> str:
    """`text` with every 12- or 16-digit run replaced by its masked form."""

    def _mask(match: re.Match[str]) -> str:
        digits = re.sub(r"[^0-9]", "", match.group(0))
        return mask_aadhaar(digits[-4:])

    return _AADHAAR_LIKE.sub(_mask, text)


def mask_in_data(data: Any) -> Any:
    """A copy of JSON-like `data` with every string passed through `mask_aadhaar_like`."""
    if isinstance(data, str):
        return mask_aadhaar_like(data)
    if isinstance(data, dict):
        return {key: mask_in_data(value) for key, value in data.items()}
    if isinstance(data, list):
        return [mask_in_data(value) for value in data]
    return data
