"""Tools of the agentic fallback engine: a registry of small, bounded, typed tools."""
