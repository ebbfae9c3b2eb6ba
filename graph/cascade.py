"""The router's learned stages: trained classifier, mixed-intent check, LLM band, fallback.

A message the stages send to the fallback engine or the knowledge base goes to records instead
when the records reader grounds a records filter in it and leaves no word over, and it asks no
procedure, law or not-records question (`graph.routing.grounded`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from graph.routing.classifier import RouterClassifier
from graph.routing.grounded import grounded_records_question
from graph.routing.llm_router import llm_route
from graph.routing.mixed import detect_mixed_intent
from graph.routing.policy import Thresholds, decide, resolve_llm
from graph.routing.rules import records_over_festival_days, rule_route
from graph.routing.scope import keep_police_work
from schemas.routing import RouteDecision


@dataclass
class RouterCascade:
    """Cheapest first; every stage's scores are kept in the decision for replay."""

    classifier: RouterClassifier
    thresholds: Thresholds
    llm: BaseChatModel | None = None

    @classmethod
    def load(
        cls, cache_dir: Path, thresholds: Thresholds, llm: BaseChatModel | None = None
    ) -> RouterCascade:
        """The classifier loads (or trains) once per process."""
        return cls(RouterClassifier.load(cache_dir=cache_dir), thresholds, llm)

    async def decide(self, text: str, inputs: dict[str, Any]) -> RouteDecision:
        """Rules, then classifier, mixed intent, (in the uncertain band) the LLM, else fallback."""
        scores = keep_police_work(text, self.classifier.predict(text))
        ruled = rule_route(text, inputs.get("last_route"))
        if ruled is not None:
            return RouteDecision(
                route=ruled[0],  # type: ignore[arg-type]
                confidence=1.0,
                stage="override",
                reason=ruled[1],
                scores={"classifier": dict(scores.probabilities)},
                router_version=self.classifier.version,
                inputs=inputs,
            )
        mixed = detect_mixed_intent(text, scores.probabilities)
        stage_scores = {"classifier": dict(scores.probabilities)}
        decided = decide(scores, mixed, self.thresholds, llm_route if self.llm else None)
        reason = f"classifier {scores.route} {scores.confidence:.2f}" + (
            " (mixed)" if mixed else ""
        )
        if decided.stage == "llm" and self.llm is not None:
            llm_scores = await llm_route(self.llm, text, f"{inputs.get('history_len', 0)} turns")
            stage_scores["llm"] = dict(llm_scores.probabilities)
            decided = resolve_llm(llm_scores, self.thresholds)
            reason = f"llm router {llm_scores.route} {llm_scores.confidence:.2f}"
        elif decided.stage == "fallback":
            reason = f"below the accept threshold ({scores.confidence:.2f})"
        records = decided.route in ("fallback", "rag") and grounded_records_question(
            text, date.today()
        )
        if records:
            reason = f"{reason}; the records reader grounds a records filter and every word"
        elif decided.route == "fallback" and records_over_festival_days(text):
            records = True
            reason = f"{reason}; records over a period named by festivals, no date or days asked"
        if records:
            return RouteDecision(
                route="zcql",
                confidence=1.0,
                stage="override",
                reason=reason,
                scores=stage_scores,
                router_version=self.classifier.version,
                inputs=inputs,
            )
        return RouteDecision(
            route=decided.route,  # type: ignore[arg-type]
            confidence=decided.confidence,
            stage=decided.stage,  # type: ignore[arg-type]
            reason=reason,
            scores=stage_scores,
            router_version=self.classifier.version,
            inputs=inputs,
        )
