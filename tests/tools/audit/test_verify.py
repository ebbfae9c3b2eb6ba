"""The pure verifier: each way a trail can disagree with its anchor or witness has a name."""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from schemas.audit import AuditEvent
from tests.tools.audit.conftest import event
from tools.audit.chain import GENESIS_HASH, seal
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.verify import verify_trail

KEY = Ed25519PrivateKey.generate()
SIGNER = CheckpointSigner(KEY)
TS = "2026-12-03T08:00:00+00:00"


def trail(n: int) -> list[AuditEvent]:
    return seal([event(k) for k in range(1, n + 1)], 0, GENESIS_HASH)


def point(events: list[AuditEvent], seq: int) -> str:
    return SIGNER.sign(seq, str(events[seq - 1].hash), TS)


def test_an_anchored_and_witnessed_trail_verifies():
    events = trail(6)
    report = verify_trail(events, KEY.public_key(), point(events, 6), [point(events, 4)])
    assert report.ok and (report.checked, report.anchored_seq, report.witnessed_seq) == (6, 6, 4)


def test_events_appended_after_the_anchor_by_someone_else_are_named():
    events = trail(6)
    report = verify_trail(events, KEY.public_key(), point(events, 5))
    assert (report.reason, report.first_bad_seq) == ("unanchored_tail", 6)


def test_with_replicas_the_trail_may_run_past_one_replicas_anchor():
    events = trail(6)
    assert verify_trail(events, KEY.public_key(), point(events, 5), single_writer=False).ok


def test_a_rewritten_history_below_a_witnessed_checkpoint_diverges():
    genuine = trail(6)
    forged = seal([event(k + 100) for k in range(1, 7)], 0, GENESIS_HASH)
    report = verify_trail(forged, KEY.public_key(), None, [point(genuine, 4)], single_writer=False)
    assert report.reason == "anchor_missing"
    report = verify_trail(
        forged, KEY.public_key(), point(forged, 2), [point(genuine, 4)], single_writer=False
    )
    assert (report.reason, report.first_bad_seq) == ("diverged", 4)


def test_the_latest_witnessed_checkpoint_is_the_one_compared():
    events = trail(6)
    witnessed = [point(events, 2), point(events, 6), point(events, 4)]
    report = verify_trail(events[:5], KEY.public_key(), point(events, 5), witnessed)
    assert (report.reason, report.first_bad_seq) == ("rollback", 6)


def test_an_empty_witness_for_a_non_empty_trail_is_named():
    events = trail(3)
    report = verify_trail(events, KEY.public_key(), point(events, 3), [])
    assert report.reason == "witness_empty"


def test_a_garbled_witness_entry_is_named():
    events = trail(3)
    report = verify_trail(events, KEY.public_key(), point(events, 3), [point(events, 2), "{"])
    assert report.reason == "witness_unparseable" and "entry 2" in report.problem
