import json
from collections.abc import Mapping
from typing import Any

import pytest

from graph.routing.classifier import RouterClassifier, RouteScores
from graph.routing.policy import Decision, Thresholds
from graph.routing.replay import SWEEP_ACCEPTS, load_decisions, replay

from .conftest import FIXTURES

LOG = load_decisions(FIXTURES / "decisions.jsonl")
LOGGED_THRESHOLDS = Thresholds(accept=0.5, llm_band_low=0.35)


class LoggedScores:
    """Re-emits the classifier scores recorded in the log, so only the policy varies."""

    version = "logged-scores"

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self._by_query = {r["query"]: r["stages"]["classifier"] for r in records}

    def predict(self, text: str) -> RouteScores:
        logged = self._by_query[text]
        return RouteScores(logged["route"], logged["confidence"], logged["probabilities"], "x")


def test_fixture_log_has_thirty_records_of_which_26_labelled():
    assert len(LOG) == 30
    assert sum("label" in r for r in LOG) == 26


def test_replay_under_the_logged_thresholds_reproduces_every_decision():
    report = replay(LOG, LoggedScores(LOG), LOGGED_THRESHOLDS)
    assert report.agreement == 1.0
    assert report.changed == []
    assert report.accuracy == pytest.approx(22 / 26)


def test_replay_at_the_stricter_default_threshold_reports_exact_changes():
    report = replay(LOG, LoggedScores(LOG), Thresholds())
    assert report.n == 30
    assert report.n_labelled == 26
    assert [c.index for c in report.changed] == [15, 16, 17, 18, 19]
    assert {c.route for c in report.changed} == {"fallback"}
    assert report.agreement == pytest.approx(25 / 30)
    assert report.accuracy == pytest.approx(20 / 26)
    assert report.logged_versions == {"clf-0-5e1f2a9c3d": 20, "clf-0-77aa01b2c4": 10}


def test_replay_confusion_and_per_route_metrics_on_the_fixture():
    report = replay(LOG, LoggedScores(LOG), Thresholds())
    zcql_row = report.confusion["zcql"]
    assert (zcql_row["zcql"], zcql_row["fallback"], zcql_row["rag"]) == (4, 1, 1)
    assert sum(zcql_row.values()) == report.per_route["zcql"].support == 6
    assert report.confusion["smalltalk"]["smalltalk"] == 3
    assert report.confusion["smalltalk"]["fallback"] == 1
    assert report.per_route["rag"].precision == pytest.approx(4 / 5)
    assert report.per_route["rag"].recall == pytest.approx(4 / 5)
    assert report.per_route["fallback"].precision == pytest.approx(4 / 9)
    assert report.per_route["fallback"].recall == 1.0
    assert report.ece == pytest.approx(3.31 / 26)


def test_logged_overrides_and_llm_verdicts_are_kept():
    decisions = replay(LOG, LoggedScores(LOG), Thresholds()).decisions
    assert [(d.route, d.stage) for d in decisions[8:11]] == [
        ("vision", "override"),
        ("zcql", "override"),
        ("zcql", "override"),
    ]
    assert (decisions[20].route, decisions[20].stage) == ("rag", "llm")
    assert (decisions[13].route, decisions[13].stage) == ("hybrid", "mixed")
    assert (decisions[14].route, decisions[14].stage) == ("hybrid", "mixed")


def test_an_override_hook_re_derives_deterministic_stages():
    def fir_number_only(record: Mapping[str, Any]) -> Decision | None:
        if record["stages"]["override"] == "fir_number":
            return Decision("zcql", "override", 1.0)
        return None

    decisions = replay(LOG, LoggedScores(LOG), Thresholds(), fir_number_only).decisions
    assert (decisions[9].stage, decisions[9].confidence) == ("override", 1.0)
    assert (decisions[10].route, decisions[10].stage) == ("zcql", "classifier")


def test_threshold_sweep_trades_misroutes_for_fallbacks():
    sweep = {p.accept: p for p in replay(LOG, LoggedScores(LOG), Thresholds()).sweep}
    assert tuple(sweep) == SWEEP_ACCEPTS
    assert (sweep[0.5].fallback_rate, sweep[0.5].misroute_rate) == (4 / 26, 3 / 26)
    assert (sweep[0.6].fallback_rate, sweep[0.6].misroute_rate) == (9 / 26, 1 / 26)
    # at 0.30 even the logged LLM band is gone: the classifier's own top routes stand
    assert (sweep[0.3].fallback_rate, sweep[0.3].misroute_rate) == (5 / 26, 4 / 26)
    assert sweep[0.9].misroute_rate == 0.0


def test_report_renders_as_text_and_json_with_the_real_router(router: RouterClassifier):
    report = replay(LOG, router)
    assert report.router_version == router.version
    assert report.n == 30 and report.n_labelled == 26
    text = report.to_text()
    assert "replayed 30 decisions" in text and "accept  fallback  misroute" in text
    data = json.loads(report.to_json())
    assert len(data["decisions"]) == 30
    assert len(data["sweep"]) == len(SWEEP_ACCEPTS)
    assert data["agreement"] == pytest.approx(report.agreement)
