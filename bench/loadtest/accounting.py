"""Proof that nothing was lost: audit events per request exactly as expected, one chain."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from bench.loadtest.traffic import Outcome
from schemas.audit import AuditEvent
from tools.audit.verify import verify_chain


def account(events: list[AuditEvent], outcomes: list[Outcome]) -> dict[str, Any]:
    """Every answered request has exactly one `request` and one `response` event and its
    transitions; a refused one has no `response`; the chain verifies with no gap or fork."""
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for event in events:
        kinds[event.request_id][event.kind] += 1
    problems: list[str] = []
    answered = [o for o in outcomes if o.status == 200]
    for outcome in answered:
        seen = kinds.get(outcome.request_id or "", Counter())
        if seen["request"] != 1 or seen["response"] != 1 or seen["transition"] < 3:
            problems.append(f"{outcome.request_id}: {dict(seen)}")
    refused = [o for o in outcomes if o.status >= 400]
    for outcome in refused:
        if kinds.get(outcome.request_id or "", Counter())["response"]:
            problems.append(
                f"{outcome.request_id}: refused ({outcome.status}) yet a response was audited"
            )
    unexplained = [o for o in outcomes if o.status == 0 or (o.status >= 500 and not o.error)]
    seqs = [e.seq for e in events]
    report = verify_chain(events)
    return {
        "audit_events": len(events),
        "answered_requests_checked": len(answered),
        "refused_requests_checked": len(refused),
        "lost_or_duplicated": len(problems),
        "problems": problems[:5],
        "duplicate_seq": len(seqs) - len(set(seqs)),
        "chain_ok": report.ok,
        "chain_problem": None if report.ok else report.problem,
        "unexplained_errors": len(unexplained),
    }
