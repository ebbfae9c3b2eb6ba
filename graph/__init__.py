"""The LangGraph state machine: state, nodes and wiring."""
