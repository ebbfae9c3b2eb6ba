"""Out of scope by vocabulary class: declined before any other rule, police work never."""

from __future__ import annotations

import pytest

from graph.routing.classifier import RouteScores
from graph.routing.rules import rule_route
from graph.routing.scope import keep_police_work, out_of_scope_class


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("is it going to be humid in Udupi this weekend", "weather"),
        ("naale Ballari alli bisilu hege irutte", "weather"),
        ("kal Belagavi mein thand hogi kya", "weather"),
        ("who topped the Pro Kabaddi table last season", "sport"),
        ("Dhoni retired in which year", "sport"),
        ("how many wickets did Bumrah take in the T20 world cup", "sport"),
        ("do you like biryani", "chat"),
        ("which actor do you prefer", "chat"),
        ("compose a ghazal for my wife's birthday", "creative"),
        ("write a funny story about a traffic constable", "creative"),
        ("ek shayari likho dosti par", "creative"),
        ("is gold a better investment than FDs", "personal_advice"),
        ("my son wants admission in a medical college, any advice", "personal_advice"),
        ("what is the capital of Mongolia", "trivia"),
    ],
)
def test_out_of_scope_classes(text: str, kind: str) -> None:
    assert out_of_scope_class(text) == kind
    assert rule_route(text, None) == ("out_of_scope", f"out of scope ({kind.replace('_', ' ')})")


@pytest.mark.parametrize(
    "text",
    [
        "how many Olympic medals has India won so far",
        "list every ISL match played in Bengaluru this year",
        "count the cyclone warnings issued for Udupi in 2025",
    ],
)
def test_a_records_looking_word_inside_an_out_of_scope_request_is_still_declined(text) -> None:
    assert rule_route(text, None) is not None
    assert rule_route(text, None)[0] == "out_of_scope"  # type: ignore[index]


@pytest.mark.parametrize(
    "text",
    [
        "bandobast arrangements for the IPL final at Chinnaswamy",
        "how many phone thefts near the stadium during the cricket match",
        "patrol SOP during heavy rain and waterlogging",
        "betting cases registered during the World Cup",
        "was the accused's car involved in the accident during the storm",
    ],
)
def test_police_work_that_mentions_sport_or_weather_is_not_declined(text: str) -> None:
    assert out_of_scope_class(text) is None
    decided = rule_route(text, None)
    assert decided is None or decided[0] != "out_of_scope"


def test_the_classifiers_out_of_scope_never_declines_named_police_work() -> None:
    scores = RouteScores(
        "out_of_scope", 0.7, {"out_of_scope": 0.7, "rag": 0.2, "zcql": 0.1}, "clf-test"
    )
    kept = keep_police_work("crowd control plan for the match at the stadium", scores)
    assert kept.route == "rag"
    assert kept.probabilities["out_of_scope"] == 0.0
    assert kept.confidence == pytest.approx(2 / 3)
    assert keep_police_work("who will win the match", scores) is scores
    assert keep_police_work("write a poem about the crime branch", scores) is scores


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("my daughter keeps failing her SSLC board exams, what should I do", "personal_advice"),
        ("is next Friday an auspicious day for griha pravesh", "personal_advice"),
        ("how many planets are in the solar system", "trivia"),
        ("which is the largest of the oceans", "trivia"),
    ],
)
def test_family_astrology_and_science_trivia_are_out_of_scope(text: str, kind: str) -> None:
    assert out_of_scope_class(text) == kind
    assert rule_route(text, None) == ("out_of_scope", f"out of scope ({kind.replace('_', ' ')})")


@pytest.mark.parametrize(
    "text",
    [
        "time limit to send the survivor of a sexual assault for medical examination",
        "my son has been missing since the school exams ended",
        "inquest procedure when the body is found near a lake",
    ],
)
def test_family_or_exam_words_beside_police_work_are_not_declined(text: str) -> None:
    assert out_of_scope_class(text) is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("ever since my transfer I have not been sleeping properly", "wellbeing"),
        ("posting in a new district is giving me a lot of stress, how to cope", "wellbeing"),
        ("any exercises for back pain after long patrol duty", "wellbeing"),
        ("how much pension will I draw after retiring as an ASI", "pay"),
        ("my salary after promotion to inspector, how much tax will I pay", "pay"),
        ("how many bones does a cat have", "trivia"),
        ("how many strings does a violin have", "trivia"),
        ("best season to visit Jog falls", "personal_advice"),
        ("hegiddira sir", "chat"),
    ],
)
def test_the_officers_own_wellbeing_and_pay_are_declined_whatever_job_words_they_carry(
    text: str, kind: str
) -> None:
    assert out_of_scope_class(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "the victim cannot sleep since the assault, how do we record her statement",
        "accused says he is under stress and wants a doctor, what must the IO do",
        "what is the pay scale of a PSI in Karnataka",
        "can a constable exercise the powers of arrest without a warrant",
        "how many days does an IO have to file the charge sheet",
    ],
)
def test_case_work_or_a_general_pay_question_is_not_declined_as_personal(text: str) -> None:
    assert out_of_scope_class(text) is None
