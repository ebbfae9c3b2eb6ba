"""The sealing fast path encodes and hashes exactly as the reference verifier does."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from schemas.audit import AuditEvent
from tools.audit.chain import (
    GENESIS_HASH,
    canonical_bytes,
    event_hash,
    json_data,
    seal_batch,
    sealed_copy,
)
from tools.audit.verify import verify_chain

TEXT = st.text(st.characters(codec="utf-8"), max_size=12)  # any encodable string
JSON_LEAF = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
EVENTS = st.builds(
    AuditEvent,
    kind=TEXT,
    request_id=TEXT,
    badge_id=TEXT,
    ts=TEXT,
    step=st.none() | st.integers(),
    frm=st.none() | TEXT,
    to=st.none() | TEXT,
    data=st.dictionaries(TEXT, JSON, max_size=4),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(EVENTS, min_size=1, max_size=4), st.integers(min_value=0, max_value=2**40))
def test_sealed_encoding_and_hashes_match_the_reference(events: list[AuditEvent], head: int):
    batch = seal_batch(events, head, GENESIS_HASH)
    prev = GENESIS_HASH
    for sealed, encoded, data in zip(batch.events, batch.encodings, batch.data_json, strict=True):
        assert encoded.encode() == canonical_bytes(sealed)
        assert data == json_data(sealed.data)
        assert sealed.prev_hash == prev and sealed.hash == event_hash(prev, sealed)
        prev = str(sealed.hash)


def test_control_characters_quotes_and_non_ascii_are_escaped_as_the_encoder_does():
    tricky = 'a"b\\c\n\t\x00\x1f\x7f ಕನ್ನಡ \u2028 😀'
    event = AuditEvent(
        kind=tricky, request_id=tricky, badge_id=tricky, ts=tricky, frm=None, to=tricky,
        step=-(2**70), data={tricky: [tricky, 1.5e300, -0.0, None, True]},
    )  # fmt: skip
    batch = seal_batch([event], 41, GENESIS_HASH)
    assert batch.encodings[0].encode() == canonical_bytes(batch.events[0])


def test_values_of_unexpected_types_take_the_reference_encoder():
    odd: dict[str, Any] = {"kind": "transition", "request_id": "r1", "ts": "t", "step": True}
    event = AuditEvent.model_construct(**odd, badge_id="b", frm=None, to=None, data={})
    batch = seal_batch([event], 0, GENESIS_HASH)
    assert '"step":true' in batch.encodings[0]
    assert batch.encodings[0].encode() == canonical_bytes(batch.events[0])


def test_a_sealed_batch_verifies_and_an_edit_does_not():
    events = [AuditEvent(kind="k", request_id="r", ts="t", step=n, data={"n": n}) for n in range(5)]
    sealed = seal_batch(events, 0, GENESIS_HASH).events
    assert verify_chain(sealed).ok
    sealed[2] = sealed[2].model_copy(update={"data": {"n": 99}})
    report = verify_chain(sealed)
    assert not report.ok and report.reason == "hash_mismatch" and report.first_bad_seq == 3


def test_a_sealed_copy_is_the_model_copy_and_leaves_the_original_alone():
    original = AuditEvent(kind="k", request_id="r", ts="t", step=1, data={"a": [1]})
    update = {"seq": 7, "prev_hash": "p" * 64, "hash": "h" * 64}
    copy = sealed_copy(original, 7, "p" * 64, "h" * 64)
    expected = original.model_copy(update=update)
    assert copy == expected and copy.model_fields_set == expected.model_fields_set
    assert copy.model_dump() == expected.model_dump() and type(copy) is AuditEvent
    assert copy.data is original.data  # shallow, as model_copy
    assert original.seq is None and original.hash is None
    assert copy.model_copy(update={"step": 2}).step == 2
