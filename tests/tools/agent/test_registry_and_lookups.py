"""The registry's definitions and argument checks; lookups that delegate or read state."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.graph.fallback.harness import NOW, OFFICER, PAGE, FakeRecords
from tools.agent.base import ToolContext, ToolError
from tools.agent.lookups import (
    VISION_UNAVAILABLE,
    NoArgs,
    QuestionArgs,
    VisionArgs,
    run_page_context,
    run_records,
    run_vision,
)
from tools.agent.registry import default_registry
from tools.agent.services import FallbackServices


def ctx(services: FallbackServices | None = None, **kw: object) -> ToolContext:
    return ToolContext(
        officer=OFFICER,
        page_context=kw.get("page"),  # type: ignore[arg-type]
        services=services or FallbackServices(),
        now=NOW,
        images=tuple(kw.get("images", ())),  # type: ignore[arg-type]
    )


def test_definitions_are_openai_functions_with_json_schemas() -> None:
    definitions = {d["function"]["name"]: d["function"] for d in default_registry().definitions()}
    assert set(definitions) == {
        "calculator",
        "date_utility",
        "legal_reference",
        "page_context",
        "records",
        "knowledge_base",
        "web_search",
        "vision",
    }
    assert definitions["calculator"]["parameters"]["required"] == ["expression"]
    assert "operation" in definitions["date_utility"]["parameters"]["properties"]


def test_unknown_tools_and_bad_arguments_are_tool_errors() -> None:
    registry = default_registry()
    with pytest.raises(ToolError, match="no tool called"):
        registry.get("shell")
    with pytest.raises(ToolError, match="invalid arguments for date_utility"):
        registry.parse_args("date_utility", {"operation": "explode"})


async def test_page_context_reads_the_validated_screen_metadata() -> None:
    output = await run_page_context(NoArgs(), ctx(page=PAGE))
    assert output.data["active_fir_id"] == "FIR-2026-04829"
    assert "fir_view" in output.text
    empty = await run_page_context(NoArgs(), ctx())
    assert empty.data["active_fir_id"] is None
    assert "No page context" in empty.text


async def test_records_go_through_the_injected_pipeline_with_the_officer() -> None:
    records = FakeRecords(withheld=["Secret Name"])
    output = await run_records(
        QuestionArgs(question="status of FIR-2026-04829"),
        ctx(FallbackServices(records=records), page=PAGE),
    )
    assert records.calls == [("status of FIR-2026-04829", OFFICER, PAGE)]
    assert output.withheld_values == ["Secret Name"]


async def test_records_without_a_pipeline_are_unavailable_not_faked() -> None:
    output = await run_records(QuestionArgs(question="q"), ctx())
    assert output.unavailable


@dataclass
class Image:
    clean_bytes: bytes
    sha256: str = "ab" * 32
    filename: str = "scene.jpg"


@dataclass
class FakeReasoner:
    prompts: list[tuple[bytes, str]] = field(default_factory=list)

    async def ask(self, image_bytes: bytes, prompt: str) -> str:
        self.prompts.append((image_bytes, prompt))
        return "A white hatchback with a dented rear bumper."


async def test_vision_asks_the_configured_reasoner_and_cites_the_image() -> None:
    reasoner = FakeReasoner()
    output = await run_vision(
        VisionArgs(question="what damage is visible?"),
        ctx(FallbackServices(vision=reasoner), images=[Image(b"jpeg")]),
    )
    assert reasoner.prompts == [(b"jpeg", "what damage is visible?")]
    assert output.citations[0].kind == "image"


async def test_vision_without_a_reasoner_says_so_honestly() -> None:
    output = await run_vision(VisionArgs(question="q"), ctx(images=[Image(b"x")]))
    assert output.text == VISION_UNAVAILABLE
    assert output.unavailable
