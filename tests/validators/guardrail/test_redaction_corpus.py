"""The guard's redactions of a fixed corpus, pinned byte for byte (see `redaction_corpus`)."""

from __future__ import annotations

import json

from tests.validators.guardrail.redaction_corpus import PINNED, redactions


def test_redactions_of_the_corpus_are_exactly_the_pinned_ones() -> None:
    pinned = [json.loads(line) for line in PINNED.read_text(encoding="utf-8").splitlines()]
    now = [json.loads(json.dumps(row, ensure_ascii=False)) for row in redactions()]
    changed = [(old, new) for old, new in zip(pinned, now, strict=True) if old != new]
    assert not changed, f"{len(changed)} of {len(pinned)} cases changed, first: {changed[0]}"
