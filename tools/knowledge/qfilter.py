"""The shared clearance rule (`validators.clearance.knowledge`) as a Qdrant `Filter`.

The spec is plain data: `must` and `any_of` lists of `{"key", "range"}`,
`{"key", "match_any"}` and `{"is_empty": key}` conditions. Anything else raises, so an
unfamiliar rule can never become a permissive filter.
"""

from __future__ import annotations

from typing import Any

from qdrant_client import models

#: `is_empty` on these fields is matched on the ingest-time flag, not on Qdrant's
#: IsEmpty, which would also match a chunk whose payload lacks the field (fail open).
EMPTY_FLAGS = {"precincts": "all_precincts"}


class UnsupportedFilter(ValueError):
    """The clearance spec holds a condition this translator does not know."""


def _condition(spec: dict[str, Any]) -> models.Condition | None:
    if set(spec) == {"is_empty"}:
        field = spec["is_empty"]
        if field not in EMPTY_FLAGS:
            raise UnsupportedFilter(f"is_empty on {field!r} has no payload flag")
        return models.FieldCondition(key=EMPTY_FLAGS[field], match=models.MatchValue(value=True))
    if set(spec) == {"key", "range"}:
        return models.FieldCondition(key=spec["key"], range=models.Range(**spec["range"]))
    if set(spec) == {"key", "match_any"}:
        values = list(spec["match_any"])
        if not values:
            return None  # matches nothing: leave it out of its any_of
        return models.FieldCondition(key=spec["key"], match=models.MatchAny(any=values))
    if set(spec) == {"any_of"}:
        options = [c for c in map(_condition, spec["any_of"]) if c is not None]
        if not options:
            raise UnsupportedFilter("an any_of with nothing that can match")
        return models.Filter(should=options)
    raise UnsupportedFilter(f"unsupported condition {sorted(spec)}")


def to_qdrant_filter(spec: dict[str, Any]) -> models.Filter:
    """`{"must": [...]}` -> `Filter(must=[...])`; a `must` that cannot hold raises."""
    if set(spec) != {"must"} or not spec["must"]:
        raise UnsupportedFilter("the clearance spec must be a non-empty must list")
    conditions = [_condition(c) for c in spec["must"]]
    if any(c is None for c in conditions):
        raise UnsupportedFilter("a must condition that can never match")
    return models.Filter(must=[c for c in conditions if c is not None])
