"""A context built without a service says which one is missing when a node uses it."""

from __future__ import annotations

import pytest

from graph.context import GraphContext, ServiceMissing, configured
from validators.guardrail.engine import Guardrail


def test_a_missing_service_names_itself_when_used() -> None:
    context = GraphContext(guardrail=Guardrail.load())
    with pytest.raises(ServiceMissing, match="records_service"):
        context.records_service.validate("SELECT 1", None)  # type: ignore[arg-type]
    assert not hasattr(context.knowledge, "close")
    assert not configured(context.router)
    assert configured(context.guardrail)
