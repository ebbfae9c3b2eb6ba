"""The agentic fallback engine: a capped ReAct loop as two nodes of the main graph."""
