"""Signed checkpoints: anyone with the public key can check them; nothing else passes."""

from __future__ import annotations

import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from tools.audit.checkpoint import CheckpointError, CheckpointSigner, read_checkpoint

KEY = Ed25519PrivateKey.generate()
SIGNER = CheckpointSigner(KEY)


def test_a_checkpoint_verifies_with_the_public_key_alone():
    text = SIGNER.sign(42, "ab" * 32, "2026-12-03T08:00:00+00:00")
    point = read_checkpoint(text, KEY.public_key())
    assert (point.seq, point.hash, point.ts) == (42, "ab" * 32, "2026-12-03T08:00:00+00:00")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("  \n", "empty"),
        ("{not json", "unparseable"),
        ("[1, 2]", "unparseable"),
        ('{"seq": 1}', "unparseable"),
    ],
)
def test_empty_or_malformed_checkpoints_are_refused_by_name(text, reason):
    with pytest.raises(CheckpointError) as caught:
        read_checkpoint(text, KEY.public_key())
    assert caught.value.reason == reason


def test_a_checkpoint_signed_by_another_key_is_refused():
    other = CheckpointSigner(Ed25519PrivateKey.generate()).sign(3, "0" * 64, "t")
    with pytest.raises(CheckpointError) as caught:
        read_checkpoint(other, KEY.public_key())
    assert caught.value.reason == "wrong_key"


@pytest.mark.parametrize("field", ["seq", "hash", "ts"])
def test_an_altered_field_breaks_the_signature(field):
    body = json.loads(SIGNER.sign(7, "cd" * 32, "2026-12-03T08:00:00+00:00"))
    body[field] = 8 if field == "seq" else "ef" * 32
    with pytest.raises(CheckpointError) as caught:
        read_checkpoint(json.dumps(body), KEY.public_key())
    assert caught.value.reason == "bad_signature"


def test_another_keys_signature_relabelled_with_our_key_id_is_refused():
    forged = json.loads(CheckpointSigner(Ed25519PrivateKey.generate()).sign(9, "0" * 64, "t"))
    forged["key"] = SIGNER.key_id
    with pytest.raises(CheckpointError) as caught:
        read_checkpoint(json.dumps(forged), KEY.public_key())
    assert caught.value.reason == "bad_signature"
