"""The shared clearance rule (`validators.clearance.knowledge`) as an engine-neutral filter.

The spec is plain data: `must` and `any_of` lists of `{"key", "range"}`,
`{"key", "match_any"}` and `{"is_empty": key}` conditions. It becomes a small tree of
`AllOf`, `AnyOf`, `Range`, `MatchAny` and `IsTrue` that each engine (`edge.py`,
`server.py`) translates into its own filter objects. Anything unfamiliar raises, so an
unknown rule can never become a permissive filter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: `is_empty` on these fields is matched on the ingest-time flag, not on Qdrant's
#: IsEmpty, which would also match a chunk whose payload lacks the field (fail open).
EMPTY_FLAGS = {"precincts": "all_precincts"}
_BOUNDS = frozenset({"gt", "gte", "lt", "lte"})


class UnsupportedFilter(ValueError):
    """The clearance spec holds a condition this translator does not know."""


@dataclass(frozen=True)
class Range:
    """A numeric payload field within bounds (`None` = unbounded)."""

    key: str
    gt: float | None = None
    gte: float | None = None
    lt: float | None = None
    lte: float | None = None


@dataclass(frozen=True)
class MatchAny:
    """A keyword payload field holding at least one of `values`."""

    key: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class IsTrue:
    """A 1/0 flag field set (stored as an integer, see `layout.payload`)."""

    key: str


@dataclass(frozen=True)
class AnyOf:
    """At least one option holds."""

    options: tuple[Condition, ...]


@dataclass(frozen=True)
class AllOf:
    """Every condition holds (the top of every clearance filter)."""

    conditions: tuple[Condition, ...]


Condition = Range | MatchAny | IsTrue | AnyOf


def _condition(spec: dict[str, Any]) -> Condition | None:
    if set(spec) == {"is_empty"}:
        field = spec["is_empty"]
        if field not in EMPTY_FLAGS:
            raise UnsupportedFilter(f"is_empty on {field!r} has no payload flag")
        return IsTrue(EMPTY_FLAGS[field])
    if set(spec) == {"key", "range"}:
        bounds = dict(spec["range"])
        if not bounds or set(bounds) - _BOUNDS:
            raise UnsupportedFilter(f"unsupported range {sorted(bounds)}")
        return Range(spec["key"], **{k: float(v) for k, v in bounds.items()})
    if set(spec) == {"key", "match_any"}:
        values = tuple(str(v) for v in spec["match_any"])
        if not values:
            return None  # matches nothing: leave it out of its any_of
        return MatchAny(spec["key"], values)
    if set(spec) == {"any_of"}:
        options = tuple(c for c in map(_condition, spec["any_of"]) if c is not None)
        if not options:
            raise UnsupportedFilter("an any_of with nothing that can match")
        return AnyOf(options)
    raise UnsupportedFilter(f"unsupported condition {sorted(spec)}")


def to_filter(spec: dict[str, Any]) -> AllOf:
    """`{"must": [...]}` -> `AllOf(...)`; a `must` that cannot hold raises."""
    if set(spec) != {"must"} or not spec["must"]:
        raise UnsupportedFilter("the clearance spec must be a non-empty must list")
    conditions = [_condition(c) for c in spec["must"]]
    if any(c is None for c in conditions):
        raise UnsupportedFilter("a must condition that can never match")
    return AllOf(tuple(c for c in conditions if c is not None))
