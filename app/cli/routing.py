"""`crimeassist route` and `crimeassist replay`: the router without the rest of the graph."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from app.settings import Settings
from graph.nodes.orchestrator import parse_command, read_message
from graph.nodes.router import decision_inputs, override
from graph.state import AttachmentRef, GraphState, Turn
from schemas.page_context import PageContext

if TYPE_CHECKING:  # the classifier (numpy) and LangChain load only for what the overrides leave
    from graph.cascade import RouterCascade
    from graph.routing.policy import Decision, Thresholds
    from graph.routing.replay import ReplayReport

CascadeLoader = Callable[[], "RouterCascade"]


def state_for(item: Mapping[str, Any]) -> GraphState:
    """The router's view of one message: text, command, page context, history, attachments."""
    text = read_message(str(item.get("text", item.get("query", "")))).text
    page = item.get("page_context")
    history_len = int(item.get("history_len", 0) or 0)
    return {
        "text": text,
        "command": parse_command(text),
        "page_context": PageContext.model_validate(page) if page else None,
        "history": [
            Turn(question="", answer="", route="", fir_ids=list(item.get("history_fir_ids") or []))
            for _ in range(history_len)
        ],
        "attachments": [
            AttachmentRef(
                index=i, filename="image", media_type="image/png", sha256="", width=0, height=0
            )
            for i in range(int(item.get("attachments", 0) or 0))
        ],
    }


def thresholds_of(settings: Settings, accept: float | None = None) -> Thresholds:
    """Thresholds from settings, with an optional candidate accept threshold."""
    from graph.routing.policy import Thresholds

    return Thresholds(
        accept if accept is not None else settings.router_accept_threshold,
        min(settings.router_llm_band_low, accept or 1.0),
    )


def cascade_loader(settings: Settings) -> CascadeLoader:
    """The router cascade, loaded (classifier and LangChain) the first time a message needs it:
    messages the overrides decide never do."""

    @cache
    def load() -> RouterCascade:
        from graph.cascade import RouterCascade

        return RouterCascade.load(settings.home, thresholds_of(settings))

    return load


async def decide_one(cascade: CascadeLoader, item: Mapping[str, Any]) -> dict[str, Any]:
    """Route, confidence and deciding stage for one message (overrides, then the cascade)."""
    state = state_for(item)
    decided = override(state)
    if decided is not None:
        route, reason = decided
        row = {"route": route, "confidence": 1.0, "stage": "override", "reason": reason}
    else:
        decision = await cascade().decide(state["text"], decision_inputs(state))
        row = {
            "route": decision.route,
            "confidence": round(decision.confidence, 4),
            "stage": decision.stage,
            "reason": decision.reason,
        }
    return {"text": state["text"], **row, **({"label": item["label"]} if "label" in item else {})}


async def decide_texts(settings: Settings, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Route, confidence and deciding stage for each message."""
    cascade = cascade_loader(settings)
    return [await decide_one(cascade, item) for item in items]


def line_error(number: int, error: Exception) -> dict[str, Any]:
    """The per-line report of a line that could not be routed."""
    if isinstance(error, ValidationError):
        detail = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'line'}: {e['msg']}"
            for e in error.errors()[:3]
        )
    else:
        detail = str(error)[:200]
    return {"line": number, "error": type(error).__name__, "message": detail}


async def decide_lines(settings: Settings, lines: list[str]) -> list[dict[str, Any]]:
    """One result per non-blank JSONL line: the decision, or that line's error (and go on)."""
    cascade = cascade_loader(settings)
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            if not isinstance(item, dict):
                raise ValueError("each line must be a JSON object with a 'text' field")
            out.append({"line": number, **await decide_one(cascade, item)})
        except (ValueError, TypeError) as error:
            out.append(line_error(number, error))
    return out


def replay_override(record: Mapping[str, Any]) -> Decision | None:
    """The current deterministic overrides applied to a logged record."""
    from graph.routing.policy import Decision

    decided = override(state_for(record))
    return None if decided is None else Decision(decided[0], "override", 1.0)


def replay_log(
    settings: Settings, log: Path, accept: float | None = None, train: str | None = None
) -> ReplayReport:
    """Re-run a decision log through the current router or a candidate (training set, threshold)."""
    from graph.routing.classifier import RouterClassifier
    from graph.routing.replay import load_decisions, replay

    classifier = (
        RouterClassifier.load(cache_dir=settings.home, train_path=Path(train))
        if train
        else RouterClassifier.load(cache_dir=settings.home)
    )
    return replay(load_decisions(log), classifier, thresholds_of(settings, accept), replay_override)


def outcome_of(route: str, response: Mapping[str, Any] | None, failed: bool) -> str:
    """answered, clarified, fell back or failed."""
    if failed or response is None:
        return "failed"
    if route == "clarify":
        return "clarified"
    if route == "fallback":
        return "fell back"
    return "answered"


def export_decisions(settings: Settings, out: Path) -> int:
    """Every logged router decision from the audit trail as replayable JSONL."""
    from app.wiring import audit_config
    from tools.audit.trail import open_reader

    sink = open_reader(audit_config(settings))
    decisions: dict[str, dict[str, Any]] = {}
    responses: dict[str, dict[str, Any]] = {}
    failures: set[str] = set()
    try:
        for event in sink.events():
            if event.kind == "route_decision":
                decisions[event.request_id] = event.data
            elif event.kind == "response":
                responses[event.request_id] = event.data
            elif event.kind == "error":
                failures.add(event.request_id)
    finally:
        sink.close()
    with out.open("w", encoding="utf-8") as fh:
        for request_id, data in decisions.items():
            inputs = data.get("inputs", {})
            record = {
                "request_id": request_id,
                "query": inputs.get("query", ""),
                "page_context": inputs.get("page_context"),
                "history_len": inputs.get("history_len", 0),
                "history_fir_ids": inputs.get("history_fir_ids", []),
                "stages": data.get("scores", {}),
                "route": data.get("route"),
                "confidence": data.get("confidence"),
                "stage": data.get("stage"),
                "router_version": data.get("router_version", ""),
                "outcome": outcome_of(
                    str(data.get("route")), responses.get(request_id), request_id in failures
                ),
            }
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return len(decisions)
