"""The fallback engine's public node API, as wired in graph/build.py.

`react_agent` decides (graph/fallback/react_agent.py), `react_tools` acts
(graph/fallback/react_tools.py), and `after_agent` routes between them and the aggregator.
"""

from __future__ import annotations

from graph.fallback.react_agent import after_agent, react_agent
from graph.fallback.react_tools import react_tools

__all__ = ["after_agent", "react_agent", "react_tools"]
