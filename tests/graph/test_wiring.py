"""The compiled graph is the state machine of DESIGN.md, edge for edge."""

from __future__ import annotations

from graph.build import build_graph

EXPECTED_EDGES = {
    ("__start__", "orchestrator"),
    ("orchestrator", "router"),
    ("router", "smalltalk"),
    ("router", "clarify"),
    ("router", "decline"),
    ("router", "retrieve"),
    ("router", "text2zcql"),
    ("router", "vision_preparser"),
    ("router", "react_agent"),
    ("smalltalk", "aggregator"),
    ("clarify", "aggregator"),
    ("decline", "aggregator"),
    ("text2zcql", "zcql_validator"),
    ("zcql_validator", "zcql_clearance"),
    ("zcql_validator", "aggregator"),
    ("zcql_clearance", "execute_readonly"),
    ("zcql_clearance", "aggregator"),
    ("execute_readonly", "zcql_answer"),
    ("execute_readonly", "aggregator"),
    ("zcql_answer", "aggregator"),
    ("retrieve", "rag_clearance"),
    ("rag_clearance", "rag_answer"),
    ("rag_answer", "aggregator"),
    ("vision_preparser", "react_agent"),
    ("vision_preparser", "aggregator"),
    ("vision_preparser", "vision_lookup"),
    ("vision_lookup", "aggregator"),
    ("react_agent", "react_tools"),
    ("react_tools", "react_agent"),
    ("react_agent", "aggregator"),
    ("aggregator", "__end__"),
}


def test_every_edge_of_the_design_and_no_other():
    graph = build_graph().compile().get_graph()
    assert {(e.source, e.target) for e in graph.edges} == EXPECTED_EDGES


def test_security_stages_sit_between_data_and_every_answer():
    edges = {(e.source, e.target) for e in build_graph().compile().get_graph().edges}
    assert ("retrieve", "rag_answer") not in edges
    assert ("text2zcql", "execute_readonly") not in edges
    assert ("zcql_validator", "execute_readonly") not in edges
    assert all(target != "__end__" or source == "aggregator" for source, target in edges)


def test_records_stages_run_validate_then_clearance_then_execute():
    edges = {(e.source, e.target) for e in build_graph().compile().get_graph().edges}
    records = [e for e in edges if e[0] in RECORDS_STAGES and e[1] in RECORDS_STAGES]
    assert sorted(records) == sorted(
        [
            ("text2zcql", "zcql_validator"),
            ("zcql_validator", "zcql_clearance"),
            ("zcql_clearance", "execute_readonly"),
            ("execute_readonly", "zcql_answer"),
        ]
    )


def test_records_failures_go_straight_to_the_aggregator():
    edges = {(e.source, e.target) for e in build_graph().compile().get_graph().edges}
    assert {
        ("zcql_validator", "aggregator"),
        ("zcql_clearance", "aggregator"),
        ("execute_readonly", "aggregator"),
    } <= edges


RECORDS_STAGES = {
    "text2zcql",
    "zcql_validator",
    "zcql_clearance",
    "execute_readonly",
    "zcql_answer",
}
