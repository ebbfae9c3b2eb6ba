"""Builds AuditEvent instances without pydantic's generic paths, for values already known to
be of the declared types; anything else goes through the model's validation."""

from __future__ import annotations

from typing import Any

from schemas.audit import AuditEvent

_new = object.__new__
_set = object.__setattr__
_QUEUED_FIELDS = {"kind", "request_id", "badge_id", "ts", "step", "frm", "to", "data"}


def constructed(values: dict[str, Any], fields_set: set[str]) -> AuditEvent:
    """The model holding `values` (every field, in declaration order) and `fields_set` (a set
    of its own), as `model_construct` would build it: no validation, no copy."""
    event = _new(AuditEvent)
    _set(event, "__dict__", values)
    _set(event, "__pydantic_fields_set__", fields_set)
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    return event


def plain_header(
    kind: object,
    request_id: object,
    badge_id: object,
    ts: object,
    step: object,
    frm: object,
    to: object,
) -> bool:
    """Whether an event's header fields hold exactly their declared types (no coercion due)."""
    return (
        type(kind) is str
        and type(request_id) is str
        and type(badge_id) is str
        and type(ts) is str
        and (step is None or type(step) is int)
        and (frm is None or type(frm) is str)
        and (to is None or type(to) is str)
    )


def queued_event(
    kind: str,
    request_id: str,
    badge_id: str,
    ts: str,
    step: int | None,
    frm: str | None,
    to: str | None,
    data: dict[str, Any],
) -> AuditEvent:
    """`AuditEvent(kind=..., ..., data=...)` before sealing. Values of exactly the declared
    types (what validation would accept unchanged) are stored directly, `data` as a shallow
    copy as validation makes; any other value takes the model's validation, which coerces
    or refuses it as before."""
    if plain_header(kind, request_id, badge_id, ts, step, frm, to) and type(data) is dict:
        for key in data:
            if type(key) is not str:
                break
        else:
            values = {
                "kind": kind,
                "request_id": request_id,
                "badge_id": badge_id,
                "ts": ts,
                "step": step,
                "frm": frm,
                "to": to,
                "data": data.copy(),
                "seq": None,
                "prev_hash": None,
                "hash": None,
            }
            return constructed(values, _QUEUED_FIELDS.copy())
    return AuditEvent(
        kind=kind,
        request_id=request_id,
        badge_id=badge_id,
        ts=ts,
        step=step,
        frm=frm,
        to=to,
        data=data,
    )
