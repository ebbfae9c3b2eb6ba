"""How the fallback loop keeps its bookkeeping inside `agent_messages`.

The loop stores, in order: one `LoopStart` marker as a plain dict (question, monotonic
deadline), then LangChain messages (AIMessage tool requests, ToolMessage observations whose
`artifact` is a `ToolRecord` dict, and a final AIMessage). Only plain dicts and LangChain
messages go into state, so any checkpointer serialises them. No other state keys are needed.

The per-turn reset (`agent_messages: None` in `graph.state.turn_reset`) relies on the
None-aware `concat_or_reset` reducer of `GraphState.agent_messages`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from pydantic import BaseModel

from tools.agent.base import ToolOutput


class LoopStart(BaseModel):
    """First entry of a run: the question and the run's monotonic deadline."""

    kind: str = "fallback_loop_start"
    question: str
    deadline: float
    started: float
    image_findings: list[str] = []
    """What the vision pre-parser read before escalating (one line per extraction)."""

    def entry(self) -> dict[str, Any]:
        """The plain-dict form stored in `agent_messages`."""
        return self.model_dump()


class ToolRecord(BaseModel):
    """What one tool call produced, kept as a ToolMessage artifact."""

    tool: str
    args: dict[str, Any]
    status: str
    iteration: int
    output: ToolOutput | None = None


@dataclass(frozen=True)
class LoopView:
    """A read-only view of the current run's entries."""

    start: LoopStart | None
    messages: list[BaseMessage]

    @property
    def records(self) -> list[ToolRecord]:
        """Every tool call of this run, oldest first."""
        out: list[ToolRecord] = []
        for message in self.messages:
            if isinstance(message, ToolMessage) and message.artifact:
                out.append(ToolRecord.model_validate(message.artifact))
        return out

    @property
    def last_ai(self) -> AIMessage | None:
        """The most recent model (or planner) message."""
        for message in reversed(self.messages):
            if isinstance(message, AIMessage):
                return message
        return None

    def last_round(self) -> list[ToolRecord]:
        """The tool records produced after the most recent AIMessage."""
        out: list[ToolRecord] = []
        for message in reversed(self.messages):
            if isinstance(message, AIMessage):
                break
            if isinstance(message, ToolMessage) and message.artifact:
                out.append(ToolRecord.model_validate(message.artifact))
        return out[::-1]


def loop_view(entries: list[Any] | None) -> LoopView:
    """Split `agent_messages` into the run's marker and its LangChain messages."""
    start: LoopStart | None = None
    messages: list[BaseMessage] = []
    for entry in entries or []:
        if isinstance(entry, dict) and entry.get("kind") == "fallback_loop_start":
            start = LoopStart.model_validate(entry)
        elif isinstance(entry, BaseMessage):
            messages.append(entry)
    return LoopView(start=start, messages=messages)


def pending_calls(message: AIMessage | None) -> bool:
    """True when the message asks for tools (well-formed or not)."""
    return message is not None and bool(message.tool_calls or message.invalid_tool_calls)
