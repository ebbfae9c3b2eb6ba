"""Queued events built directly are the models validation builds; other values are validated."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from schemas.audit import AuditEvent
from tools.audit.construct import queued_event

VALUES: dict[str, Any] = {
    "kind": "transition",
    "request_id": "req-1",
    "badge_id": "KA-3003",
    "ts": "2026-12-02T10:15:00.000000+00:00",
    "step": 3,
    "frm": "router",
    "to": None,
    "data": {"delta_keys": ["decision"], "n": {"a": 1}},
}


def test_a_queued_event_is_the_validated_model():
    built, validated = queued_event(**VALUES), AuditEvent(**VALUES)
    assert built == validated and type(built) is AuditEvent
    assert built.model_fields_set == validated.model_fields_set
    assert built.model_dump() == validated.model_dump()
    assert list(built.__dict__) == list(validated.__dict__)
    assert built.data is not VALUES["data"]  # a shallow copy, as validation makes
    assert built.data["n"] is VALUES["data"]["n"]
    assert built.model_copy(update={"seq": 4}).seq == 4


class Label(str):
    """A str subclass: validation turns it into a plain str."""


@pytest.mark.parametrize(
    ("field", "value"),
    [("step", True), ("kind", Label("transition")), ("data", {"k": Label("v")})],
)
def test_other_values_are_validated_as_before(field: str, value: Any):
    values = VALUES | {field: value}
    assert queued_event(**values).model_dump() == AuditEvent(**values).model_dump()


@pytest.mark.parametrize(
    ("field", "value"),
    [("step", "three"), ("kind", 5), ("data", {1: "one"}), ("data", ["not", "a", "dict"])],
)
def test_values_validation_refuses_are_refused(field: str, value: Any):
    with pytest.raises(ValidationError):
        queued_event(**VALUES | {field: value})
