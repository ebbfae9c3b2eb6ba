"""Hinglish and Kanglish questions retrieve what their English forms retrieve."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.query_text import expand_query, texting_words
from tools.roster import officer_by_badge

PAIRS = [
    ("can a woman be arrested at night", "mahila ko raat mein arrest kar sakte hain?"),
    ("can a woman be arrested at night", "hengasu ratri bandhana maadabahuda?"),
    ("arrest of a woman at night", "raat mein mahila ki giraftari kaise kare"),
    ("what is a zero FIR", "zero FIR kya hai"),
    ("bail for theft", "chori mein zamanat"),
    ("statement of a child victim", "bachche ka bayan"),
    ("missing child complaint", "lapata bachcha shikayat"),
    (
        "how many hours to produce an arrested person before the magistrate",
        "giraftar aadmi ko kitne ghante mein magistrate ke saamne pesh karna",
    ),
    (
        "within how many hours must the CWC be told in a POCSO case",
        "POCSO prakaranadalli CWC ge eshtu gante olage tilisabeku",
    ),
    ("what must a seizure mahazar contain", "jabti mahazar mein kya kya likhna hai"),
    ("can handcuffs be put on an accused", "aaropi ko hathkadi laga sakte hain"),
    ("what to do first in a cyber fraud", "cyber fraud hone par pehle kya karna chahiye"),
    ("can women be arrested after sunset", "hennu makkalannu suryasta aada mele bandhisabahuda"),
    ("rights of a person under arrest", "arrest aagiruva vyakti hakkugalu yaavuvu"),
    ("FIR for a missing girl", "gumshuda ladki ke liye FIR"),
    (
        "is a confession made to the police admissible in court",
        "police ko diya ikbaliya bayan adalat mein maana jayega?",
    ),
    ("child untraced for 4 months, what next", "magu 4 tingala inda sikkilla, mundhe enu"),
    ("station refuses to register the FIR", "thana FIR likhne se mana karta hai"),
    (
        "can the name of a juvenile accused be published in a newspaper",
        "naabalig aaropi ka naam akhbar mein chhap sakte hain",
    ),
]


def test_expansion_translates_words_and_drops_question_framing() -> None:
    assert expand_query("mahila ko raat mein arrest") == "woman night arrest"
    assert expand_query("Steps to follow when a POCSO complaint is received") == (
        "a POCSO complaint procedure"
    )
    assert expand_query("BNS 303(2) punishment") == "BNS 303(2) punishment"


def test_phrases_come_before_words_and_function_words_are_dropped() -> None:
    assert expand_query("suraj dhalne ke baad giraftari") == "after sunset arrest"
    assert expand_query("arrest memo mein kya kya likhna hai") == (
        "arrest memo what must contain contents"
    )
    assert expand_query("eshtu gante olage") == "how many hours within"


def test_kannada_case_endings_are_taken_off_known_words_only() -> None:
    assert expand_query("makkalannu") == "children"
    assert expand_query("prakaranadalli") == "case"
    assert expand_query("Bengaluru station") == "Bengaluru station"


def test_english_questions_keep_their_words() -> None:
    question = "how to tell the media about the case"
    assert expand_query(question) == question


@pytest.fixture(scope="module")
def index(demo_home: Path):
    opened = KnowledgeIndex.open(path=demo_home / "qdrant", collection="sop_kb")
    yield opened
    opened.close()


@pytest.mark.parametrize(("english", "mixed"), PAIRS)
def test_code_mixed_question_retrieves_the_same_top_document(index, english, mixed) -> None:
    officer = officer_by_badge("KA-1001")
    top_english = index.search(expand_query(english), officer, 3).passages
    top_mixed = index.search(expand_query(mixed), officer, 3).passages
    assert top_english and top_mixed
    assert top_mixed[0].doc_id == top_english[0].doc_id


def test_an_age_is_replaced_by_what_it_means_in_law() -> None:
    assert expand_query("custody of a 15 year old boy") == "custody of a child boy"
    assert expand_query("notice to a 70-year-old man") == "notice to a above 60 years elderly man"
    assert expand_query("punishable with 7 years") == "punishable with 7 years"


@pytest.mark.parametrize(
    "question",
    [
        "a 15 year old boy was caught shoplifting, what now",
        "can we book a case against a minor for snatching",
        "17 saal ka ladka chori karte pakda gaya, kya karein",
        "arrest of a 15 year old boy",
    ],
)
def test_a_child_said_to_have_offended_is_a_child_in_conflict_with_law(question: str) -> None:
    assert expand_query(question).endswith("child in conflict with law")


@pytest.mark.parametrize(
    "question",
    [
        "a 12 year old girl was abused by her uncle, steps",
        "minor missing since yesterday, what do we do",
        "child victim statement under POCSO",
    ],
)
def test_a_child_who_was_harmed_is_not_read_as_an_offender(question: str) -> None:
    assert "conflict with law" not in expand_query(question)


def test_rights_missing_and_helper_verbs_are_translated_or_dropped() -> None:
    assert expand_query("gumshuda ladke ke adhikar") == "missing boy rights"
    assert expand_query("report bhejna padta hai") == "report send"
    assert expand_query("hakku galu") == "rights"


def test_a_station_not_taking_a_complaint_reads_as_refusal_to_register() -> None:
    assert "refuses to register the FIR" in expand_query("the SHO won't lodge my complaint")
    assert "refuses to register the FIR" in expand_query("they did not take her FIR")


@pytest.mark.parametrize(
    "question",
    ["in which cases can a dog squad be called", "dog squad kis case mein bulate hain"],
)
def test_in_which_cases_asks_for_the_categories_a_rule_covers(question: str) -> None:
    assert "which categories" in expand_query(question)
    assert "case" not in expand_query(question).replace("categories", "")


@pytest.mark.parametrize(
    ("texted", "read"),
    [
        ("steps 4 inquest", "steps for inquest"),
        ("form 4 the victim", "form for the victim"),
        ("hw 2 seal exhibits", "how to seal exhibits"),
        ("should v inform cwc", "should we inform cwc"),
    ],
)
def test_texting_digits_and_v_are_read_as_words(texted: str, read: str) -> None:
    assert texting_words(texted) == read


@pytest.mark.parametrize("arithmetic", ["closes 4 every week", "give 4 accused names", "2 + 2"])
def test_digits_in_arithmetic_are_kept(arithmetic: str) -> None:
    assert texting_words(arithmetic) == arithmetic


def test_kannada_refusal_and_witness_words_are_translated() -> None:
    assert "refuses" in expand_query("FIR maadalu nirakarisidare")
    assert "witness" in expand_query("mahazar ge saakshi")
