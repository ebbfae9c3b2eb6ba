import pytest

from graph.routing.classifier import RouterClassifier, RouteScores
from graph.routing.mixed import detect_mixed_intent, has_procedure_signal, has_record_signal
from graph.routing.policy import Decision, Thresholds, decide, resolve_llm
from schemas.routing import ROUTES


def scores(**probabilities: float) -> RouteScores:
    full = dict.fromkeys(ROUTES, 0.0) | probabilities
    top = max(full, key=full.__getitem__)
    return RouteScores(top, full[top], full, "test")


def llm_router() -> None:
    """Stands for a configured LLM router."""


def test_record_and_procedure_signals_are_recognised():
    assert has_record_signal("what is the status of FIR 4029/2023")
    assert has_record_signal("how many open ganja cases in Udupi")
    assert has_record_signal("kitne case pending hain")
    assert not has_record_signal("how many days until the 90 day deadline from 3 March")
    assert has_procedure_signal("can I arrest him under BNSS 35")
    assert has_procedure_signal("which checklist applies")
    assert not has_procedure_signal("list stolen bikes in Whitefield")


def test_both_signals_make_a_mixed_intent():
    text = "FIR 210/2024 is 498A: can I arrest and which checklist applies?"
    assert detect_mixed_intent(text, scores(rag=0.9, zcql=0.1).probabilities)


def test_substantial_rag_and_zcql_probabilities_make_a_mixed_intent_without_keywords():
    assert detect_mixed_intent("tell me about dacoity in Ballari", {"rag": 0.45, "zcql": 0.4})
    assert not detect_mixed_intent("tell me about dacoity in Ballari", {"rag": 0.7, "zcql": 0.2})


def test_a_single_intent_is_not_mixed():
    assert not detect_mixed_intent("status of FIR 0123/2024", {"zcql": 0.95})
    assert not detect_mixed_intent("procedure to register a zero FIR", {"rag": 0.95})


def test_confident_scores_are_accepted_from_the_classifier():
    assert decide(scores(zcql=0.8, rag=0.2), mixed=False) == Decision("zcql", "classifier", 0.8)
    assert decide(scores(vision=0.6, clarify=0.4), False) == Decision("vision", "classifier", 0.6)


def test_low_confidence_goes_to_fallback_without_an_llm_router():
    assert decide(scores(zcql=0.55, clarify=0.45), mixed=False) == Decision(
        "fallback", "fallback", 0.55
    )


def test_the_uncertain_middle_is_marked_for_the_llm_router_when_configured():
    middle = scores(zcql=0.5, smalltalk=0.5)
    assert decide(middle, False, Thresholds(), llm_router) == Decision("fallback", "llm", 0.5)
    below_band = scores(zcql=0.3, smalltalk=0.25, clarify=0.25, fallback=0.2)
    assert decide(below_band, False, Thresholds(), llm_router).stage == "fallback"


def test_mixed_intent_is_hybrid_and_distinct_from_low_confidence():
    split = scores(rag=0.45, zcql=0.4, fallback=0.15)
    assert decide(split, mixed=True) == Decision("hybrid", "mixed", pytest.approx(0.85))
    assert decide(split, mixed=False) == Decision("fallback", "fallback", 0.45)


def test_mixed_intent_without_knowledge_mass_is_not_forced_to_hybrid():
    assert decide(scores(fallback=0.9, rag=0.05, zcql=0.05), mixed=True).route == "fallback"


def test_an_uncertain_hybrid_top_route_still_goes_hybrid_when_the_mass_is_knowledge():
    assert decide(scores(hybrid=0.49, rag=0.43, smalltalk=0.08), False).route == "hybrid"


def test_thresholds_are_validated():
    with pytest.raises(ValueError):
        Thresholds(accept=0.3, llm_band_low=0.5)


def test_llm_verdicts_are_accepted_only_when_confident():
    assert resolve_llm(scores(rag=0.9)) == Decision("rag", "llm", 0.9)
    assert resolve_llm(scores(rag=0.4, zcql=0.3)) == Decision("fallback", "llm", 0.4)


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("what is the procedure for FIR 4029/2023 and what is its status?", "hybrid"),
        ("FIR 210/2024 is 498A: can I arrest and which checklist?", "hybrid"),
        ("how many days until the 90-day deadline from 3 March", "fallback"),
        ("what's the weather in Mysuru", "out_of_scope"),
    ],
)
def test_brief_examples_route_end_to_end(router: RouterClassifier, text: str, route: str):
    result = router.predict(text)
    assert decide(result, detect_mixed_intent(text, result.probabilities)).route == route
