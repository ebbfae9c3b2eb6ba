"""Synonym units in relevance, and stems that must not clash with domain abbreviations."""

from __future__ import annotations

from tools.knowledge.answer import relevance, topic_units
from tools.knowledge.index import Passage
from tools.knowledge.sparse import analyse, stem
from tools.knowledge.units import synonyms


def _passage(title: str, section: str, text: str) -> Passage:
    return Passage("c-x", "sop-x", title, section, text, 1, (), 5.0)


def test_a_word_and_its_synonyms_form_one_unit() -> None:
    units = topic_units("how to seize a laptop without damaging it")
    laptop = [u for u in units if "laptop" in u]
    assert len(laptop) == 1 and "devic" in laptop[0]


def test_the_kb_word_for_a_thing_counts_as_the_question_word() -> None:
    seizing = _passage(
        "Electronic evidence", "Seizing devices", "Seal the device and record its hash value."
    )
    unrelated = _passage("Station notice board", "Contents", "Display the helpline numbers.")
    question = "how do I seal a seized handset"
    assert relevance(question, seizing) == 1.0
    assert relevance(question, unrelated) < 0.5


def test_a_synonym_pair_in_one_word_is_counted_once() -> None:
    # "stealing" analyses to steal and theft: finding theft alone is the whole unit.
    passage = _passage("Theft", "Juveniles", "A child in conflict with law for theft.")
    assert relevance("child stealing", passage) == 1.0


def test_hyphenated_parts_are_not_synonyms() -> None:
    passage = _passage("Districts", "District control room", "Inform the district control room.")
    assert relevance("inter-district transfer request form", passage) < 0.48


def test_unrelated_words_share_no_unit() -> None:
    assert synonyms("handcuff") == frozenset({"handcuff"})


def test_fired_and_firing_are_not_fir() -> None:
    assert stem("fired") == "fire" and stem("firing") == "fire"
    assert "fir" not in analyse("rounds fired at the firing range")
    assert "fir" in analyse("FIRs registered")


def _section(section: str, text: str, score: float) -> Passage:
    return Passage(
        f"c-{section}", "sop-stray", "Stray cattle on highways", section, text, 1, (), score
    )


def test_a_procedure_list_is_followed_by_the_rule_in_its_sibling_section() -> None:
    from tools.knowledge.answer import compose_extractive_answer

    passages = [
        _section(
            "Handling stray cattle on a highway",
            "- Divert traffic around the animals.\\n- Call the municipal cattle pound.",
            9.0,
        ),
        _section(
            "Case or diary entry for stray cattle",
            "No case is registered for stray cattle unless an accident was caused. "
            "In all other cases the owner is warned and a diary entry is made.",
            8.0,
        ),
    ]
    answer = compose_extractive_answer("how do I handle stray cattle on the highway", passages)
    lines = answer.answer.splitlines()
    assert lines[0].startswith("Divert traffic")
    assert any("diary entry is made" in line for line in lines)
    assert all(line.rstrip().endswith(("[1]", "[2]")) for line in lines)


def test_a_yes_no_answer_is_followed_by_the_exception_in_its_document() -> None:
    from tools.knowledge.answer import compose_extractive_answer

    def part(section: str, text: str, score: float) -> Passage:
        return Passage(f"c-{section}", "sop-plates", "Vehicle plates", section, text, 1, (), score)

    passages = [
        part(
            "Posting plate numbers online",
            "A vehicle plate number must not be posted on social media by the police.",
            9.0,
        ),
        part("Reading plate numbers", "A plate number has a state code and a series.", 8.5),
        part(
            "Exceptions for stolen vehicles",
            "The plate number of a stolen vehicle may be posted with the owner's written consent.",
            8.0,
        ),
    ]
    answer = compose_extractive_answer("can we post a plate number on social media", passages)
    assert "must not be posted" in answer.answer
    assert "written consent" in answer.answer
    assert "state code" not in answer.answer
