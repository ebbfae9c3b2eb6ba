"""The graph as built, as a mermaid diagram: `python -m graph.diagram [--write FILE]`.

`--write` replaces the block between the `graph:begin` and `graph:end` markers of a Markdown
file (docs/architecture.md); a test checks that the document shows the graph as compiled.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from graph.build import build_graph

BEGIN, END = "<!-- graph:begin -->", "<!-- graph:end -->"
BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.DOTALL)


def mermaid() -> str:
    """The compiled graph's nodes and edges (conditional edges dotted) in mermaid syntax."""
    return build_graph().compile().get_graph().draw_mermaid().strip()


def with_diagram(markdown: str) -> str:
    """The document with its marked block replaced by the current diagram."""
    block = f"{BEGIN}\n```mermaid\n{mermaid()}\n```\n{END}"
    if not BLOCK.search(markdown):
        raise ValueError(f"no {BEGIN} ... {END} block in the document")
    return BLOCK.sub(lambda _: block, markdown)


def main() -> None:
    """Print the diagram, or write it into a document's marked block."""
    parser = argparse.ArgumentParser(prog="python -m graph.diagram")
    parser.add_argument("--write", type=Path, help="a Markdown file with a graph:begin block")
    args = parser.parse_args()
    if args.write:
        args.write.write_text(with_diagram(args.write.read_text(encoding="utf-8")), "utf-8")
    else:
        print(mermaid())


if __name__ == "__main__":
    main()
