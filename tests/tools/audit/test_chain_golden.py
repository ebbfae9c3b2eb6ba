"""The chain's bytes are those of the previous releases: a varied corpus sealed through every
way an event is built hashes to the value the reference encoder gave before the fast paths."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from schemas.audit import AuditEvent
from tools.audit.chain import GENESIS_HASH, json_data, seal
from tools.audit.construct import queued_event
from tools.audit.verify import verify_chain

TRICKY = 'a"b\\c\n\t\x00\x1f\x7f ಕನ್ನಡ \u2028 😀'
DATAS: list[dict[str, Any]] = [
    {},
    {"delta_keys": ["decision"], "summary": {"decision": {"route": "zcql", "confidence": 0.93}}},
    {"n": -(2**70), "f": [1.5e300, -0.0, 1e-7, 1e16, 0.1], "b": [True, False, None]},
    {TRICKY: {TRICKY: [TRICKY, {"z": 1, "a": 2, "ä": 3, "A": 4}]}},
    {"nested": [[[]], {}, [{}]], "empty": "", "int_like": 10**20},
]
# The last hash of `corpus()` sealed after event 41, computed by the release before the C
# encoder and the direct construction (the reference JSONEncoder and validated models).
PREVIOUS_RELEASE_HASH = "abf8c6983b028081686af2f7ce85c6ddc7047bcf5853bee2b971cd0f156e352f"


def corpus_values(n: int) -> dict[str, Any]:
    return {
        "kind": ["transition", "route_decision", TRICKY][n % 3],
        "request_id": f"req-{n // 4}",
        "badge_id": ["KA-3003", "", TRICKY][n % 3],
        "ts": f"2026-12-02T10:15:{n:02d}.000000+00:00",
        "step": [None, 0, n, -(2**64)][n % 4],
        "frm": [None, "router", TRICKY][n % 3],
        "to": [None, "text2zcql", ""][n % 3],
        "data": DATAS[n % len(DATAS)],
    }


def test_validated_events_hash_as_in_the_previous_release():
    events = [AuditEvent(**corpus_values(n)) for n in range(30)]
    sealed = seal(events, 41, GENESIS_HASH)
    assert sealed[-1].hash == PREVIOUS_RELEASE_HASH


def test_queued_events_hash_as_in_the_previous_release():
    events = [queued_event(**corpus_values(n)) for n in range(30)]
    sealed = seal(events, 41, GENESIS_HASH)
    assert sealed[-1].hash == PREVIOUS_RELEASE_HASH
    renumbered = seal(events, 0, GENESIS_HASH)
    assert verify_chain(renumbered).ok


TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(TEXT, JSON, max_size=5))
def test_stored_data_is_the_reference_encoding(data: dict[str, Any]):
    reference = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert json_data(data) == reference
