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
    ("can a woman accused be arrested at night", "aurat aaropi ko raat mein utha sakte hain"),
    ("can a woman accused be arrested after sunset", "hengasu aaropiyannu kattaleyaada mele"),
    ("which new BNS section is for theft", "naye BNS mein chori ka section kaunsa hai"),
    ("which new BNS section is for theft", "kalavu ge hosa BNS section yaavudu"),
    (
        "FIR for an offence in another district",
        "dusre zile ki ghatna ka FIR hamare thane mein",
    ),
    ("punishment for a dowry death", "dahej maut ki saja"),
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


def test_a_kannada_glide_or_linking_syllable_before_an_ending_is_taken_off() -> None:
    assert expand_query("aaropiyannu") == "accused"
    assert expand_query("hottinolage") == "time within"
    assert expand_query("kattaleyaada") == "night"
    assert expand_query("Malleshwaram") == "Malleshwaram"


def test_hindi_and_kannada_pronouns_and_fillers_are_dropped() -> None:
    assert expand_query("hamare thane ka FIR bata do") == "police station FIR"
    assert expand_query("namma station alli FIR") == "station FIR"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("new SI here - what is a UDR", "what is a UDR"),
        ("saw this in today's roll call: what does e-FIR mean", "what does e-FIR mean"),
        ("the head constable keeps saying panchnama - what is it", "panchnama"),
        ("what is a remand in policing terms, basically", "what is a remand"),
    ],
)
def test_who_asks_and_where_they_heard_of_it_are_left_out_of_retrieval(question, topic) -> None:
    expanded = expand_query(question)
    assert topic in expanded
    assert not {"new", "SI", "saw", "roll", "keeps", "policing", "basically"} & set(
        expanded.split()
    )


def test_chalega_is_admissible_only_of_evidence_in_court() -> None:
    assert "admissible in court" in expand_query("ye CCTV footage court mein chalega kya")
    assert "admissible" not in expand_query("raat mein aurat ko arrest karna chalega kya")
    assert "allowed" in expand_query("raat mein aurat ko arrest karna chalega kya")


@pytest.mark.parametrize(
    "question",
    [
        "FIR for a theft in another district",
        "complaint about an offence from a different state",
        "the other station's area offence",
    ],
)
def test_an_offence_elsewhere_reads_as_outside_jurisdiction(question) -> None:
    assert "outside jurisdiction" in expand_query(question)


def test_a_district_named_after_other_words_is_not_elsewhere() -> None:
    assert "outside" not in expand_query("FIR count in Bengaluru district this year")


@pytest.mark.parametrize(
    "question",
    [
        "can an SI view the address of a witness in the records",
        "who is allowed to see a rape victim's name here",
        "could we open the complainant's mobile number in this app",
    ],
)
def test_who_among_the_police_may_see_data_asks_for_the_clearance_rule(question) -> None:
    assert expand_query(question).endswith("visible clearance")


@pytest.mark.parametrize(
    "question", ["can the accused see the FIR", "can a victim view the charge sheet"]
)
def test_what_others_may_see_is_not_a_clearance_question(question) -> None:
    assert "clearance" not in expand_query(question)


@pytest.mark.parametrize(
    "question",
    [
        "can the victim's name go in the press note",
        "naabalig aaropi ka naam kisko bata sakte hain",
    ],
)
def test_a_persons_name_is_asked_about_as_their_identity(question) -> None:
    assert expand_query(question).endswith("identity")


def test_a_name_without_a_person_is_left_alone() -> None:
    assert "identity" not in expand_query("what is the name of the new criminal procedure law")
