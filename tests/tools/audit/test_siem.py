"""SIEM export against a real rsyslog receiver: RFC 5424 over TCP with octet counting,
every event delivered, nothing lost while the receiver is down."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from schemas.audit import AuditEvent
from tests.tools.audit.conftest import event
from tests.tools.audit.rsyslog import RSYSLOGD, Receiver, free_port
from tools.audit.siem import format_event, frame, whole_frames
from tools.audit.trail import AuditConfig, AuditTrail, open_store

needs_rsyslog = pytest.mark.skipif(
    RSYSLOGD is None, reason="rsyslogd is not installed (.ci/run installs the rsyslog package)"
)


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    found = Receiver(free_port(), tmp_path / "siem" / "received.log", tmp_path / "siem")
    yield found
    found.stop()


def siem_config(config: AuditConfig, port: int) -> AuditConfig:
    return replace(config, siem_url=f"tcp://127.0.0.1:{port}")


def received(line: str) -> tuple[str, dict[str, str], str]:
    """(msgid, structured-data parameters, message text) of one line the receiver wrote."""
    app, msgid, _procid, sd, msg = line.split("|", 4)
    assert app == "crimeassist" and sd.startswith("[audit@32473 ")
    return msgid, dict(re.findall(r'(\w+)="([^"]*)"', sd)), msg.lstrip("\ufeff")


def chain_from_siem(lines: list[str]) -> list[int]:
    """Re-verify the chain from the SIEM copy alone; returns the sequence numbers."""
    prev, seqs = "0" * 64, []
    for line in lines:
        _, params, message = received(line)
        assert params["prev"] == prev
        assert hashlib.sha256(f"{prev}\n{message}".encode()).hexdigest() == params["hash"]
        seqs.append(json.loads(message)["seq"])
        prev = params["hash"]
    return seqs


def test_a_message_is_rfc5424_with_octet_counting_framing():
    sealed = event(1).model_copy(update={"seq": 1, "prev_hash": "0" * 64, "hash": "a" * 64})
    message = format_event(sealed, '{"seq":1}', "host", "42")
    assert message.startswith(b"<110>1 2026-12-02T10:00:01+00:00 host crimeassist 42 transition ")
    assert b'[audit@32473 seq="1" hash="' + b"a" * 64 in message
    framed = frame(message) + frame(message)
    assert framed.startswith(str(len(message)).encode() + b" <110>")
    assert whole_frames(framed[:-3]) == len(framed) // 2


def test_structured_data_values_are_escaped():
    tricky = AuditEvent(kind="odd kind", request_id='r"]\\', ts="t", seq=1, hash="h", prev_hash="p")
    message = format_event(tricky, "{}", "host", "1").decode()
    assert 'request="r\\"\\]\\\\"' in message and " odd_kind " in message


@needs_rsyslog
def test_every_audit_event_reaches_the_receiver_in_order(production_config, receiver):
    receiver.start()
    trail = AuditTrail(siem_config(production_config, receiver.port))
    for n in range(0, 60, 6):
        trail.append([event(k, f"r{n}") for k in range(n, n + 6)])
    trail.close()
    lines = receiver.wait_for(60)
    assert chain_from_siem(lines) == list(range(1, 61))
    msgid, params, message = received(lines[6])
    assert msgid == "transition" and params["seq"] == "7" and params["request"] == "r6"
    assert json.loads(message)["data"]["text"] == "ಕನ್ನಡ"
    stored = [e.hash for e in open_store(production_config).events()]
    assert [received(line)[1]["hash"] for line in lines] == stored


@needs_rsyslog
def test_nothing_is_lost_while_the_receiver_is_down(production_config, receiver):
    config = siem_config(production_config, receiver.port)
    trail = AuditTrail(config)
    assert trail.exporter is not None
    trail.exporter.retries, trail.exporter.backoff_s = 1, 0.01
    trail.append([event(k) for k in range(1, 11)])
    trail.close()  # receiver down: the frames stay in the spool
    assert receiver.lines() == []
    receiver.start()
    restarted = AuditTrail(config)  # a restarted service adopts the spool
    restarted.append([event(k) for k in range(11, 16)])
    lines = receiver.wait_for(15)
    restarted.close()
    assert chain_from_siem(lines) == list(range(1, 16))


@needs_rsyslog
def test_a_receiver_restart_while_running_loses_nothing(production_config, receiver):
    receiver.start()
    trail = AuditTrail(siem_config(production_config, receiver.port))
    assert trail.exporter is not None
    trail.exporter.retries, trail.exporter.backoff_s = 1, 0.01
    trail.exporter.retry_interval_s = 0.1
    trail.append([event(k) for k in range(1, 6)])
    assert len(receiver.wait_for(5)) == 5
    receiver.stop()
    trail.append([event(k) for k in range(6, 11)])
    receiver.start()
    trail.append([event(k) for k in range(11, 16)])
    lines = receiver.wait_for(15)
    trail.close()
    assert chain_from_siem(lines) == list(range(1, 16))


@needs_rsyslog
def test_an_event_larger_than_a_read_piece_is_delivered(production_config, receiver, monkeypatch):
    import tools.audit.siem as siem

    monkeypatch.setattr(siem, "READ_PIECE", 64)
    receiver.start()
    trail = AuditTrail(siem_config(production_config, receiver.port))
    trail.append([event(1), event(2)])
    lines = receiver.wait_for(2)
    trail.close()
    assert chain_from_siem(lines) == [1, 2]
