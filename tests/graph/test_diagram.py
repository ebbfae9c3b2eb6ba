"""docs/architecture.md shows the graph as it is compiled."""

from __future__ import annotations

from pathlib import Path

from graph.diagram import mermaid, with_diagram

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def test_the_architecture_document_shows_the_compiled_graph() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert with_diagram(text) == text, "run: python -m graph.diagram --write docs/architecture.md"


def test_the_diagram_names_every_node_and_the_conditional_edges() -> None:
    diagram = mermaid()
    for node in ("orchestrator", "router", "aggregator", "react_agent", "zcql_validator"):
        assert node in diagram
    assert "-.->" in diagram
