"""Extractive answers for the offline engine: the passage that answers what was asked, quoted.

The composer recognises the kind of question (definition, steps, time limit, punishment,
section mapping, who may do what), picks the passage whose heading and text answer that,
and quotes its sentences, each followed by its citation marker. Retrieved text is data:
sentences that address an assistant or model, block quotations (`> ...` lines, such as
the notices the knowledge base reproduces as examples) and lines that only introduce a
quotation are never quoted. When no passage is relevant enough (see `RELEVANCE_THRESHOLD`)
the answer says so and names the closest document instead of quoting something near; so
does a question asking for a sum of money (a fee, a fine's amount) that the passages do not
state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from schemas.result import Citation, PipelineResult
from tools.knowledge.general_words import is_general
from tools.knowledge.index import Passage
from tools.knowledge.query_text import (
    ASKS_CONTENTS,
    expand_query,
    normalise_texting,
    question_form,
)
from tools.knowledge.sparse import analyse
from tools.knowledge.text import sentences
from tools.knowledge.units import synonyms
from tools.knowledge.weights import term_weight
from tools.request_memo import per_request

NOT_COVERED = (
    "The knowledge base does not cover this question. Please check the relevant SOP or "
    "ask your supervising officer."
)
SNIPPET_CHARS = 240
#: Share of the question's topic terms the best passage must contain to be quoted at all.
#: Calibrated on data/kb_dev/relevance.jsonl (docs/knowledge-answers.md): 0.54 best separates the
#: questions the knowledge base answers from records-only and off-topic ones.
RELEVANCE_THRESHOLD = 0.48
#: Below this relevance the passage quoted must also be about the question: its title or
#: heading names one of the question's topic words (not only its text).
SURE_RELEVANCE = 0.6
#: Passages within this much of the best one's relevance may be quoted too.
RELEVANT_SPREAD = 0.5
#: How much rarer (in `term_weight`) than every topic unit a title leaves out the rarest unit
#: it names must be for the title to name the question's subject (`_subject_titles`).
SUBJECT_MARGIN = 0.5
#: Sentences added from other relevant passages for question terms the answer leaves out.
EXTRA_SENTENCES = 2

QuestionType = Literal[
    "mapping", "punishment", "time_limit", "steps", "permission", "definition", "general"
]

_TYPES: tuple[tuple[QuestionType, re.Pattern[str]], ...] = (
    (
        "mapping",
        re.compile(
            r"\b(?:ipc|crpc|evidence act)\b.*\b(?:bns|bnss|bsa)\b|\bequivalent\b|\breplaced?\b"
            r"|\bcorrespond|\bold section\b|\bnew (?:(?:bns|law|code) )?(?:section|number)\b",
            re.I,
        ),
    ),
    (
        "punishment",
        re.compile(
            r"\bpunish|\bsentence\b|\bpenalt|\bjail\b|\bconsequences?\b"
            r"|\bwhat happens (?:to|if)\b|\bliable\b",
            re.I,
        ),
    ),
    (
        "time_limit",
        re.compile(
            r"\btime limit|\bdeadline|\bhow (?:long|soon)\b|\bhow many (?:days|hours|months)\b"
            r"|\bwithin (?:how|what)\b|\bby when\b|\blimit for\b|\bperiod\b"
            r"|^when (?:must|should|is|are|do|does)\b|\bhow (?:much|many) time\b|\blimit what\b"
            r"|\bhow (?:often|frequently)\b",
            re.I,
        ),
    ),
    (
        "definition",
        re.compile(
            r"\bdifferen(?:t|ce)\b|\bstands? for\b|\bin (?:simple|plain) (?:words|terms)\b"
            r"|\bfull form\b"
            r"|\bwhat (?:do|does)\b.*\bmean\b|\bmeans\s*\??$",
            re.I,
        ),
    ),
    (
        "permission",
        re.compile(
            r"\bwhat (?:is|are) the rules?\b|\brules? (?:for|on|about)\b"
            r"|\bwhom\b|\bwho (?:all )?(?:must|should|has to|have to) be\b"
            r"|\bwhich (?:people|persons|offices|officers|authorities)\b",
            re.I,
        ),
    ),
    (
        "steps",
        re.compile(
            r"\bsteps?\b|\bprocedure\b|\bprocess\b|\bchecklist\b|\bhow (?:do|to|should|can|is)\b"
            r"|\bhow (?:use|operate|fill|prepare|send|make)\b"
            r"|\b(?:walk|take|guide) me through\b|\b(?:correct|right|proper|best) way\b"
            r"|\bwhat (?:should|must) (?:i|we|the)\b|\bwhat (?:to )?do\b|\bfirst\b|\bhandl"
            r"|\b(?:what|which)\b.*\b(?:contain|include|write|written|record|recorded|entered"
            r"|collect)\b"
            r"|\bdetails\b|\bparticulars\b|\bgo(?:es)? into\b|\bprinciples\b|\bguidelines\b"
            r"|\bcontents\b|\bhow\s*[?.!]*$",
            re.I,
        ),
    ),
    (
        "permission",
        re.compile(
            r"^(?:can|may|could|is it (?:legal|allowed|permitted))\b"
            r"|^(?:is|are|does|do|should|must|shall)\b"
            r"|\bwho (?:can|may|must|should)\b"
            r"|\bcan\s*(?:hain|hai|what|\?|$)|\ballowed\b|\bpermitted\b"
            r"|\b(?:can|may) (?:i|we|a|an|the|police|officers?|you)\b"
            # a Kannada or Hindi modal closes its clause ("... bandhisabahuda" can arrest)
            r"|\b(?:can|may) \w+\s*(?:[,;?!.]|$)",
            re.I,
        ),
    ),
    (
        "definition",
        re.compile(
            r"^(?:what|who) (?:exactly |actually |really )?(?:is|are|does)\b|\bdefin"
            r"|\bmeaning\b|\bmeans?\b"
            r"|\b(?:explain|describe)\b.*\bwhat (?:an? |the )?[\w-]+(?: [\w-]+)? (?:is|are)\b"
            r"|\b(?:explain|describe)\s*[?.!]*$",
            re.I,
        ),
    ),
)

#: Words in a section heading that mark it as answering a kind of question.
_HEADING_CUES: dict[QuestionType, re.Pattern[str]] = {
    "definition": re.compile(r"\bwhat\b.*\b(?:is|are|means?)\b|\bmeaning\b|\bdefin|\bpurpose\b"),
    "steps": re.compile(
        r"\bsteps?\b|\bprocedure\b|\bhow\b|\bregistering\b|\brecording\b|\bhandling\b"
        r"|\bconducting\b|^(?!missing\b)[a-z]+ing\b"
        r"|\bcontents?\b|\bcontain|\bentries\b|\bprinciples\b|\bguidelines\b"
    ),
    "time_limit": re.compile(r"\d+\s*(?:hours?|days?|months?)|\btime limit|\bdeadline|\bwithin\b"),
    "punishment": re.compile(r"\bpunish|\bpenalt|\bsentence|\bconsequence|\boffen[cs]e\b"),
    "mapping": re.compile(r"\bipc\b|\bcrpc\b|\bmapping\b|\bto bns"),
    "permission": re.compile(
        r"\bbar\b|\bwho\b|\bpermission|\bpowers?\b|\bmay\b|\bnecessity\b|\brules?\b|\bwhen\b"
    ),
    "general": re.compile(r"$^"),
}
#: Words in a sentence that make it answer a kind of question.
_SENTENCE_CUES: dict[QuestionType, re.Pattern[str]] = {
    "definition": re.compile(r"\b(?:is|are|means)\b", re.I),
    "steps": re.compile(r"\b(?:s\.\d+|section|must|within|record|report|give|send|inform)\b", re.I),
    "time_limit": re.compile(
        r"\b\d+\s*(?:hours?|days?|months?|years?)\b|\b(?:two|three|six) months\b|\bwithin\b"
        r"|\b24 h",
        re.I,
    ),
    "punishment": re.compile(
        r"\bpunish|\bimprison|\bfine\b|\byears?\b|\bliable\b|\bdepartmental action\b"
        r"|\bcontempt\b|\bprosecution\b",
        re.I,
    ),
    "mapping": re.compile(r"\b(?:ipc|crpc|bns|bnss|bsa)\b", re.I),
    "permission": re.compile(
        r"\b(?:may|must|shall|only|not|no|cannot|save|unless|permission|without)\b", re.I
    ),
    "general": re.compile(r"$^"),
}
#: Question words that say what kind of answer is wanted, not what it is about.
_FRAME_TERMS = frozenset(
    analyse(
        "step steps procedure process follow checklist time limit deadline period punishment "
        "punishable sentence penalty define definition meaning mean equivalent replaced "
        "allowed permitted can may must should rule rules received explain tell complaint "
        "contain contents include used use purpose write written plain soon long properly "
        "correctly handle "
        "deal exactly did does come came happen happened occur occurred section sections "
        "provision provisions govern governs governed go goes"
    )
)

_INJECTION = re.compile(
    r"ignore (?:all |any |the )?(?:previous|prior|above|earlier|preceding)"
    r"|disregard (?:all |any |the |your )?(?:previous|prior|above|instructions|rules)"
    r"|\b(?:override|system|hidden) (?:instructions?|prompt)|\bnew instructions?\s*:"
    r"|\b(?:you are|you're|act as|pretend to be|roleplay as) (?:now |an? |the )*"
    r"(?:ai|assistant|model|chatbot|llm|admin|system|dan)\b"
    r"|\bas an (?:ai|assistant|language model)\b"
    r"|\b(?:assistant|chatbot|llm|ai)\s*:"
    r"|\b(?:reveal|print|output|show|repeat|leak) (?:the |your )?(?:system|hidden|initial) "
    r"(?:prompt|instructions|message)"
    r"|\b(?:admin|developer|god|jailbreak|dan) mode\b|\bjailbreak"
    r"|\bfrom now on\b|\bdo not (?:cite|mention|reveal) (?:the |your |these )?"
    r"(?:sources?|citations?|passages?|instructions?)\b"
    r"|</?\s*(?:passage|system|assistant|user|instructions?)\b",
    re.IGNORECASE,
)
_RECORD_IDS = re.compile(
    r"\bFIR-\d{4}-\d{3,6}\b|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(?:19|20)\d{2}\b"
    r"|(?:₹|\brs\.?)\s*\d[\d,.]*(?:\s*(?:lakhs?|crores?))?|\b\d[\d,.]*\s*(?:lakhs?|crores?|rupees)\b"
    r"|\b\d+\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\s+(?:ago|back|earlier)\b",
    re.I,
)
#: A question that asks for a sum of money (a fee, a cost, a fine's amount).
_ASKS_AMOUNT = re.compile(
    r"\b(?:fees?|costs?|price|fine amount|amount of (?:the )?fine|how much (?:is the )?fine"
    r"|what is the fine|fine kitna|kitna fine|how much (?:money|does it cost))\b",
    re.IGNORECASE,
)
#: A sentence that states a sum of money.
_MONEY = re.compile(
    r"(?:\brs\.?|₹|\binr)\s*\d|\d[\d,]*\s*(?:rupees|/-)|\b\d+(?:\.\d+)?\s*(?:lakh|crore)\b", re.I
)
_QUOTE_LINE = re.compile(r"^\s*>")
#: A numbered list: the steps of a procedure, what a "steps" question asks for.
_NUMBERED = re.compile(r"^\s*\d+[.)]\s", re.M)
_LIST_LINE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def addresses_assistant(sentence: str) -> bool:
    """True for text that reads as instructions to an assistant or model."""
    return bool(_INJECTION.search(sentence))


def section_slug(section: str) -> str:
    """`Who is informed > Outside the district` -> `who-is-informed-outside-the-district`."""
    return re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")


def question_type(question: str) -> QuestionType:
    """What kind of answer the question asks for (first matching kind wins), read from the
    retrieval form and, when that names no kind, from the form with its framing kept ("what
    to do when seizing a phone" asks for steps), then from the question proper after a
    scenario or an introduction when it names its subject ("just joined as a constable, what
    is a mahazar"; not "golden hour in cyber fraud - what is it")."""
    texts = [expand_query(question).strip(), question_form(question)]
    asked = asked_clause(question)
    if asked != question and topic_terms(asked):
        texts.append(expand_query(asked).strip())
    for text in texts:
        for kind, pattern in _TYPES:
            if pattern.search(text):
                return kind
    return "general"


#: "New" or "old" before a section, number or law names the law's version asked for ("the
#: new BNS section for murder"), not a topic ("new offences in the BNS" keeps it).
_LAW_VERSION = re.compile(
    r"\b(?:new|old)\b(?=\s+(?:[\w()]+\s+)?(?:sections?|numbers?|laws?|codes?|acts?)\b)", re.I
)


def _topic_text(question: str) -> str:
    """The retrieval form without what can only identify a record (FIR numbers, dates,
    years) or the law's version ("new section")."""
    return _LAW_VERSION.sub(" ", _RECORD_IDS.sub(" ", expand_query(question)))


def topic_terms(question: str) -> set[str]:
    """The question's content terms, without the words that only frame it or identify a
    record (FIR numbers, dates, years: the knowledge base never holds those)."""
    terms = set(analyse(_topic_text(question)))
    return (terms - _FRAME_TERMS) or terms


@per_request
def topic_units(question: str) -> list[frozenset[str]]:
    """The topic terms grouped into synonym units: the terms one question word analyses to
    ("stealing" -> steal, theft) are one unit, so a synonym pair is not counted twice."""
    terms = topic_terms(question)
    units: list[frozenset[str]] = []
    for word in re.findall(r"[^\s'-]+", _topic_text(question)):
        own = frozenset(analyse(word)) & terms
        unit = frozenset().union(*(synonyms(t) for t in own)) if own else own
        if unit and not any(unit <= u for u in units):
            units = [u for u in units if not u <= unit] + [unit]
    covered = set().union(*units) if units else set()
    return units + [synonyms(t) for t in terms - covered]


#: Where an officer's question proper starts after a scenario ("body found in the lake, what
#: are the steps for inquest"): a question word, or a procedure word asked about.
_ASKED_FROM = re.compile(
    r"\b(?:what|how|when|who|whose|which|why|can|may|is it|procedure|steps?|rules?)\b", re.I
)
_CLAUSE_BREAK = re.compile(r"[,;?!]|\s-\s|\.\s")
#: A number or an act named before the question word is what is asked about ("CrPC 482 is
#: now which section", "as a clearance 4 officer: what ..."), not a scenario.
_CITED = re.compile(r"\d|\b(?:ipc|crpc|bns|bnss|bsa|pocso|ndps|jj|act|sections?|sec)\b", re.I)


@per_request
def asked_clause(question: str) -> str:
    """The question proper without the scenario told before it: in each clause, the text from
    its first question word on ("seizure of a stolen bike from the house, what is the
    procedure for mahazar" -> "what is the procedure for mahazar"); the whole question when
    no clause has a question word, or when a number or an act comes before it."""
    parts, told = [], []
    for clause in _CLAUSE_BREAK.split(normalise_texting(question)):
        found = _ASKED_FROM.search(clause)
        told.append(clause[: found.start()] if found else clause)
        if found:
            parts.append(clause[found.start() :])
    if not parts or _CITED.search(" ".join(told)):
        return question
    return ", ".join(parts)


@per_request
def relevance(question: str, passage: Passage) -> float:
    """The better of `clause_relevance` for the whole question and for the question proper
    (`asked_clause`), so a scenario told first does not dilute what is asked; the question
    proper counts only when it names a word that neither frames the question nor is
    everyday ("... checklist steps" is not a question about steps)."""
    whole = clause_relevance(question, passage)
    asked = asked_clause(question)
    named = set(analyse(_topic_text(asked))) - _FRAME_TERMS
    if asked == question or all(is_general(t) for t in named):
        return whole
    return max(whole, clause_relevance(asked, passage))


def clause_relevance(question: str, passage: Passage) -> float:
    """Weighted share of the question's topic units found in the passage (title, heading
    and text outside block quotations); a rare term weighs more than a common one
    (`weights.term_weight`), so "golden" counts for more than "case". A synonym unit is
    found when any of its terms is, and weighs as its most common term (the knowledge
    base's own word for it). An everyday word ("reach", "wife", `general_words`) counts only
    when the passage has it."""
    units = topic_units(question)
    if not units:
        return 0.0
    stated = "\n".join(x for x in passage.text.splitlines() if not _QUOTE_LINE.match(x))
    found = set(analyse(f"{passage.title} {passage.section} {stated}"))
    weights = [min(term_weight(t) for t in unit) for unit in units]
    hit = sum(w for w, unit in zip(weights, units, strict=True) if unit & found)
    everyday = [all(is_general(t) for t in unit) for unit in units]
    if all(everyday):
        return hit / sum(weights)
    asked = sum(
        w for w, unit, e in zip(weights, units, everyday, strict=True) if not e or unit & found
    )
    return hit / asked


def _about(terms: set[str], passage: Passage) -> bool:
    """The passage's title or heading names a topic word of the question (everyday words
    aside, synonyms counted)."""
    named = set(analyse(f"{passage.title} {passage.section}"))
    return any(synonyms(t) & named for t in terms if not is_general(t))


def best_relevance(question: str, passages: list[Passage]) -> float:
    """The relevance of the best passage (0 when there is none)."""
    return max((relevance(question, p) for p in passages if p.score > 0), default=0.0)


KEPT_PASSAGES = 4096
"""Passage texts whose quotable sentences are kept (the knowledge base's chunks recur)."""


@dataclass(frozen=True)
class _Sentence:
    text: str
    position: int
    listed: bool


def quotable_sentences(passage: Passage) -> tuple[list[_Sentence], int]:
    """The passage's sentences that may be quoted, and how many addressed the assistant.

    Block-quoted lines and lines that introduce anything but a list (ending with ':') are
    left out: they reproduce untrusted text, they do not state procedure. A line that
    introduces a list ("s.24 sets out how the statement is recorded:") is kept.
    """
    out, skipped = _quotable(passage.text)
    return list(out), skipped


@lru_cache(maxsize=KEPT_PASSAGES)
def _quotable(passage_text: str) -> tuple[tuple[_Sentence, ...], int]:
    """`quotable_sentences` of a passage's text: a pure function of it, kept per process
    (the same chunks are retrieved for question after question)."""
    out: list[_Sentence] = []
    skipped = 0
    table: list[str] = []
    lines = [*passage_text.splitlines(), ""]
    for n, line in enumerate(lines):
        if line.strip().startswith("|"):
            table.append(line)
            continue
        block = "\n".join(table) if table else ""
        table = []
        following = next((x for x in lines[n + 1 :] if x.strip()), "")
        introduces_list = bool(_LIST_LINE.match(following))
        for part, listed in ((block, False), (line, bool(_LIST_LINE.match(line)))):
            if not part.strip() or _QUOTE_LINE.match(part):
                continue
            for text in sentences(part):
                if addresses_assistant(text):
                    skipped += 1
                elif (introduces_list or not text.endswith(":")) and text[:1] not in "\"'“":
                    out.append(_Sentence(text, len(out), listed))
    return tuple(out), skipped


def passage_citation(passage: Passage, quoted: str) -> Citation:
    """The `sop` citation of a passage, its snippet the quoted text cut to 240 characters."""
    snippet = quoted if len(quoted) <= SNIPPET_CHARS else quoted[: SNIPPET_CHARS - 1] + "…"
    return Citation(
        kind="sop",
        id=f"{passage.doc_id}#{section_slug(passage.section)}",
        title=f"{passage.title} — {passage.section}",
        snippet=snippet,
    )


def closest_document_answer(passage: Passage | None, warnings: list[str]) -> PipelineResult:
    """Say the knowledge base does not answer it, naming the closest document if any."""
    answer = NOT_COVERED
    if passage is not None:
        answer = (
            "The knowledge base does not answer this question directly. The closest document "
            f"is “{passage.title}” ({passage.doc_id}); check it or ask your supervising officer."
        )
    return PipelineResult(
        pipeline="rag", answer=answer, confidence=0.1, offline=True, warnings=warnings
    )


def is_abstention(result: PipelineResult) -> bool:
    """True when the answer says the knowledge base does not answer the question."""
    return result.answer == NOT_COVERED or result.answer.startswith(
        "The knowledge base does not answer"
    )


#: A heading that answers "who may": as the "permission" cue, without "when" (a "When a
#: child is found" heading answers when, not who).
_WHO_HEADING = re.compile(r"\bbar\b|\bwho\b|\bpermission|\bpowers?\b|\bmay\b|\brules?\b|\bby\b")


def _heading_fit(kind: QuestionType, passage: Passage, asks_who: bool = False) -> float:
    cue = _WHO_HEADING if kind == "permission" and asks_who else _HEADING_CUES[kind]
    return 1.0 if cue.search(passage.section.lower()) else 0.0


#: A sentence that states what a kind of question asks for: a period, a penalty, an actor.
_ANSWER_SHAPES: dict[QuestionType, re.Pattern[str]] = {
    "time_limit": re.compile(
        r"\b\d+\s*(?:hours?|days?|weeks?|months?|years?)\b"
        r"|\b(?:one|two|three|four|six|seven|ten|fourteen|fifteen) (?:hours|days|weeks|months)\b",
        re.I,
    ),
    "punishment": re.compile(
        r"\bimprisonment\b|\bfine (?:up to|of)\b|\bpenalty is\b|\bpunish\w* (?:is|with|of)\b"
        r"|\bliable to\b|\bdepartmental action\b|\bcontempt\b",
        re.I,
    ),
}
_NAMES_ACTOR = re.compile(
    r"\bby (?:a|an|the) (?:[\w-]+ ){0,4}(?:officer|magistrate|court|doctor|expert|practitioner"
    r"|superintendent|sp|dsp|sho|inspector|committee|board)\b",
    re.I,
)
_ASKS_WHO = re.compile(
    r"^\s*who\b|\bwho (?:\w+ )?(?:can|may|must|should|will|decides|gives|allows|permits|grants)\b"
    r"|\bwhose\b|\bwhom\b"
    r"|\bwhich (?:people|persons|offices|officers|authorities)\b",
    re.I,
)


def _states_answer(kind: QuestionType, asks_who: bool, candidates: list[_Sentence]) -> float:
    """1 when a sentence of the passage has the shape of the answer asked for: a period for
    a time limit (or "at once", "the same day", "every 2 hours"), a penalty for a punishment,
    a named actor for "who may"."""
    if kind == "permission" and asks_who:
        shape = re.compile(f"{_NAMES_AUTHORITY.pattern}|{_NAMES_ACTOR.pattern}", re.I)
    elif kind == "time_limit":
        shape = re.compile(
            f"{_ANSWER_SHAPES[kind].pattern}|{_AT_ONCE.pattern}|{_INTERVAL.pattern}", re.I
        )
    elif kind in _ANSWER_SHAPES:
        shape = _ANSWER_SHAPES[kind]
    else:
        return 0.0
    return 1.0 if any(shape.search(s.text) for s in candidates) else 0.0


#: The subject of a definition question ("what is the uniform allowance for ...").
_DEFINED = re.compile(
    r"^(?:what|who) (?:exactly |actually |really )?(?:is|are) (?:an? |the )?(?P<subject>[^?.!,]+?)"
    r"(?=\s+(?:for|of|in|under|to|when|if|after|before|by|and|why|with|on)\b|\s*[?.!,]|$)",
    re.I,
)


#: Nouns that name the kind of thing a subject is ("the e-Zero FIR scheme"), not the thing.
_KIND_NOUNS = frozenset(
    analyse(
        "scheme system concept idea term initiative programme program policy facility "
        "mechanism process practice method thing portal app service"
    )
)


def _defines_unnamed(question: str, passages: list[Passage]) -> bool:
    """A definition asked of something no relevant passage names ("what is the uniform
    allowance ..." over passages that never say "allowance"): none of them defines it."""
    found = _DEFINED.search(expand_query(question).strip())
    if found is None:
        return False
    words = found["subject"].replace("-", " ")
    subject = [t for t in analyse(words) if not is_general(t) and t not in _KIND_NOUNS]
    named = set().union(*(set(analyse(f"{p.title} {p.section} {p.text}")) for p in passages))
    return any(not synonyms(t) & named for t in subject)


_FIRST_STEP = re.compile(r"\bstep 1\b", re.I)


def _heading_coverage(terms: set[str], passage: Passage) -> float:
    """Share of the question's terms (or a synonym) in the heading ("Step 1" counts as "first")."""
    heading = set(analyse(_FIRST_STEP.sub("step 1 first", passage.section)))
    return sum(bool(synonyms(t) & heading) for t in terms) / len(terms)


_ASKS_CONTENTS = re.compile(
    rf"{ASKS_CONTENTS.pattern}|\bwhat\b.*\b(?:write|writ(?:ten)\b|record|entered\b|noted\b)", re.I
)
_CONTENTS_HEADING = re.compile(
    r"\bcontents?\b|\bcontain|\bentries\b|\bparticulars\b|\bfields\b"
    r"|\bmust (?:state|record|show|include)\b",
    re.I,
)
#: Preparing a document ("how to prepare a mahazar", "drafting the arrest memo") is writing
#: what it contains: its contents section is the part asked for.
_ASKS_DRAFTING = re.compile(r"\b(?:prepar|draft|fill)\w*\b", re.I)
_ASKS_FIRST = re.compile(r"\bfirst\b|\bimmediately\b|\bstraight away\b", re.I)
_FIRST_HEADING = re.compile(r"\bstep 1\b|\bfirst\b|\bimmediate", re.I)


def _asked_part(question: str, passage: Passage) -> float:
    """1 when the heading is the part of a document the question asks for: the contents
    of a memo for "what must it contain", step 1 for "what do I do first"."""
    text = expand_query(question)
    contents = (_ASKS_CONTENTS.search(text) or _ASKS_DRAFTING.search(text)) and (
        _CONTENTS_HEADING.search(passage.section)
    )
    first = _ASKS_FIRST.search(text) and _FIRST_HEADING.search(passage.section)
    return 1.0 if contents or first else 0.0


#: The document a contents question asks about: "what goes in the operation order", "contents
#: of a seizure memo", "what must an arrest memo contain".
_CONTENTS_OBJECT = (
    re.compile(
        r"\b(?:goes|go|put|written|entered|recorded|included|mentioned) in(?:to|side)? "
        r"(?:an? |the |our |my |this )?(?P<object>[^?.!,;:]+)",
        re.I,
    ),
    re.compile(r"\bcontents? of (?:an? |the |our )?(?P<object>[^?.!,;:]+)", re.I),
    re.compile(
        r"\bwhat (?:must|should|does|do|will) (?:an? |the |our )?(?P<object>[\w -]+?) "
        r"(?:contain|include|record|state|show|have)\b",
        re.I,
    ),
)


def contents_object(question: str) -> set[str]:
    """The analysed terms naming the document a contents question asks about (everyday words
    and the word "contents" aside); empty when the question asks no such thing."""
    text = question_form(question)
    for pattern in _CONTENTS_OBJECT:
        found = pattern.search(text)
        if found:
            terms = set(analyse(found["object"])) - _FRAME_TERMS - set(analyse("contents"))
            return {t for t in terms if not is_general(t)}
    return set()


def _names_object(question: str, passage: Passage) -> float:
    """1 when the heading names every term of the document a contents question asks about
    ("Raid planning and the operation order" for "what goes in the operation order")."""
    wanted = contents_object(question)
    heading = set(analyse(passage.section))
    return 1.0 if wanted and all(synonyms(t) & heading for t in wanted) else 0.0


def _subject_titles(units: list[frozenset[str]], passages: list[Passage]) -> set[str]:
    """The document titles that name the question's subject: a title naming a topic unit
    clearly rarer (`SUBJECT_MARGIN` in `term_weight`) than every topic unit it leaves out
    ("Using the eSakshya app ..." for "capture a crime scene video in eSakshya"). For a
    steps question a section of the document about the subject beats a passage of another
    document that only mentions it: the procedure is that document's."""
    weights = [
        (min(term_weight(t) for t in u), u) for u in units if not all(is_general(t) for t in u)
    ]
    out: set[str] = set()
    for title in {p.title for p in passages}:
        words = set(analyse(title))
        named = [w for w, u in weights if u & words]
        left = [w for w, u in weights if not u & words]
        if named and max(named) - max(left, default=0.0) >= SUBJECT_MARGIN:
            out.add(title)
    return out


def _heading_focus(terms: set[str], passage: Passage) -> float:
    """Share of the heading's terms that are the question's: "CEN police stations in
    Karnataka" is more about "CEN police station" than "Referral to the CEN police station"."""
    heading = set(analyse(passage.section))
    return len(terms & heading) / len(heading) if heading else 0.0


def _across(
    terms: set[str], groups: list[tuple[int, list[_Sentence]]], limit: int
) -> list[tuple[int, _Sentence]]:
    """The sentences sharing most terms with the question across passages, in passage order."""
    scored = [(len(terms & set(analyse(s.text))), rank, s) for rank, group in groups for s in group]
    best = sorted((x for x in scored if x[0]), key=lambda x: (-x[0], x[1], x[2].position))
    return [(rank, s) for _, rank, s in sorted(best[:limit], key=lambda x: (x[1], x[2].position))]


def _with_lists(
    chosen: list[tuple[int, _Sentence]], quotable: dict[int, list[_Sentence]], items: int = 4
) -> list[tuple[int, _Sentence]]:
    """A chosen sentence that introduces a list ("s.24 sets out how ... is recorded:") is
    followed by the list's first `items` entries, so it is never left hanging."""
    out = list(chosen)
    for rank, sentence in chosen:
        if sentence.text.endswith(":"):
            after = [
                s
                for s in quotable[rank]
                if s.listed and s.position > sentence.position and (rank, s) not in out
            ]
            out.extend((rank, s) for s in after[:items])
    return _grouped(out)


def _grouped(chosen: list[tuple[int, _Sentence]]) -> list[tuple[int, _Sentence]]:
    """Sentences grouped by passage (in the order passages were first used), each passage's
    in its own order."""
    first: dict[int, int] = {}
    for n, (rank, _) in enumerate(chosen):
        first.setdefault(rank, n)
    return sorted(chosen, key=lambda x: (first[x[0]], x[1].position))


def _complete(
    terms: set[str],
    chosen: list[tuple[int, _Sentence]],
    groups: list[tuple[int, list[_Sentence]]],
    limit: int,
) -> list[tuple[int, _Sentence]]:
    """Add up to `limit` sentences from the relevant passages that name question terms the
    chosen sentences leave out ("register and transfer": the transfer sentence too)."""
    out = list(chosen)
    covered = set().union(*(analyse(s.text) for _, s in out)) & terms
    for _ in range(limit):
        missing = terms - covered
        options = [
            (len(missing & set(analyse(s.text))), -rank, -s.position, rank, s)
            for rank, group in groups
            for s in group
            if (rank, s) not in out
        ]
        best = max(options, default=None, key=lambda o: o[:3])
        if best is None or best[0] == 0:
            break
        out.append((best[3], best[4]))
        covered |= set(analyse(best[4].text)) & terms
    return _grouped(out)


def _opening(candidates: list[_Sentence], limit: int, items: int = 4) -> list[_Sentence]:
    """The first `limit` prose sentences; a list one of them introduces comes with it (up
    to `items` entries), so "It has two parts:" is followed by the parts."""
    out: list[_Sentence] = []
    prose = 0
    for s in candidates:
        if s.listed:
            if out and items > 0 and (out[-1].text.endswith(":") or out[-1].listed):
                out.append(s)
                items -= 1
            continue
        if prose == limit:
            break
        out.append(s)
        prose += 1
    return out


def _stage(terms: set[str], candidates: list[_Sentence], items: int = 2) -> list[_Sentence]:
    """A section as one stage of a procedure: its key prose sentence, and when that
    introduces a list, the list's first `items` entries; a section that is only a list (the
    procedure itself) gives its first `items + 2` entries."""
    prose = [s for s in candidates if not s.listed]
    if not prose:
        return candidates[: items + 2]
    picked = _pick("steps", terms, prose, 1) or prose[:1] or candidates[:1]
    if not picked or not picked[0].text.endswith(":"):
        return picked
    after = [s for s in candidates if s.listed and s.position > picked[0].position]
    return [picked[0], *after[:items]]


#: A heading that states a rule, its exceptions or what is allowed instead: a yes/no answer
#: from one section of a document is followed by the opening of the first such section.
_RULE_HEADING = re.compile(
    r"\brules?\b|\bbar\b|\bexceptions?\b|\bcategor|\bonly\b|\ballowed\b|\bmay\b"
    r"|\bmask|\bredact|\bpermission\b|\bpowers?\b|\bwho\b",
    re.I,
)
#: Other sections of the primary document whose key sentences follow a quoted procedure list.
SIBLING_STAGES = 2


#: Stages named in a procedure document's title added at most (`_title_stages`).
TITLE_STAGES = 2


def _title_stages(
    usable: list[Passage],
    primary: int,
    sections: list[int],
    chosen: list[tuple[int, _Sentence]],
    quotable: dict[int, list[_Sentence]],
) -> list[tuple[int, _Sentence]]:
    """A procedure's title names its stages ("Registering and transferring a Zero FIR"): a
    stage the chosen sentences leave out is added from the retrieved section of the same
    document whose heading names it (its opening prose sentence), so the steps of
    registration are followed by the transfer."""
    covered = set().union(*(analyse(s.text) for _, s in chosen)) if chosen else set()
    title = [t for t in analyse(usable[primary].title) if not is_general(t) and not t.isdigit()]
    out = list(chosen)
    added = 0
    for term in title:
        if added == TITLE_STAGES or synonyms(term) & covered:
            continue
        for rank in sections:
            prose = [s for s in quotable[rank] if not s.listed and not s.text.endswith(":")]
            named = rank != primary and prose and term in analyse(usable[rank].section)
            if named and (rank, prose[0]) not in out:
                out.append((rank, prose[0]))
                covered |= set(analyse(prose[0].text))
                added += 1
                break
    return _grouped(out)


#: A heading stating what the law requires of a procedure ("What BNSS 105 requires", "Legal
#: basis of the arrest memo"): a procedure told in stages opens with it, and a procedure
#: list is followed by it before other sections.
_LEGAL_BASIS = re.compile(
    r"\b(?:requires|provides|mandates)\b|\blegal basis\b|\bwhat the law says\b", re.I
)


def _sibling_stages(
    primary: int,
    sections: list[int],
    quotable: dict[int, list[_Sentence]],
    sections_taken: int = SIBLING_STAGES,
) -> list[tuple[int, _Sentence]]:
    """A procedure list is followed by the opening prose sentences of the best-retrieved
    other sections of its document (the rule that decides which path applies, the record to
    make), so the answer is the document's procedure and not one part of it."""
    out: list[tuple[int, _Sentence]] = []
    for rank in [r for r in sections if r != primary][:sections_taken]:
        prose = [s for s in quotable[rank] if not s.listed and not s.text.endswith(":")]
        out += [(rank, s) for s in prose[:2]]
    return out


_PROVISION = re.compile(
    r"\b(?:BNSS|BNS|BSA|CrPC|IPC|POCSO|JJ Act)\s*(?:s\.\s*)?\d|\bs\.\s*\d|\bsection \d"
    r"|\bArticle \d|\brule \d",
    re.I,
)


def _cite_provision(
    terms: set[str],
    chosen: list[tuple[int, _Sentence]],
    groups: list[tuple[int, list[_Sentence]]],
) -> list[tuple[int, _Sentence]]:
    """A rule is stated with its source: when no chosen sentence names a provision, add the
    relevant sentence that does and shares most terms with the question."""
    if any(_PROVISION.search(s.text) for _, s in chosen):
        return chosen
    used = {rank for rank, _ in chosen}
    options = [
        (rank in used, len(terms & set(analyse(s.text))), -rank, rank, s)
        for rank, group in groups
        for s in group
        if _PROVISION.search(s.text) and (rank, s) not in chosen
    ]
    best = max(options, default=None, key=lambda o: o[:3])
    if best is None:
        return chosen
    return _grouped([*chosen, (best[3], best[4])])


#: A sentence that names who decides: "only the court may", "with the permission of".
_NAMES_AUTHORITY = re.compile(
    r"\bonly\b[^.]{0,80}\bmay\b|\bpermission of\b|\bapproval of\b|\bnot below the rank\b"
    r"|\b(?:allowed|permitted) only (?:where|when|if|by)\b"
    r"|\bauthori[sz]ed by\b",
    re.I,
)


def _pick(
    kind: QuestionType,
    terms: set[str],
    candidates: list[_Sentence],
    limit: int,
    asks_who: bool = False,
) -> list[_Sentence]:
    """The best sentences for the kind of question, kept in passage order; for "who may"
    a sentence naming who decides counts as a better fit."""

    wanted = set().union(*(synonyms(t) for t in terms)) if terms else set()

    def score(s: _Sentence) -> tuple[float, int]:
        overlap = len(wanted & set(analyse(s.text)))
        fit = 1.0 if _SENTENCE_CUES[kind].search(s.text) else 0.0
        if (
            kind == "permission"
            and asks_who
            and (_NAMES_AUTHORITY.search(s.text) or _NAMES_ACTOR.search(s.text))
        ):
            fit += 1.0
        listed = 0.5 if kind == "steps" and s.listed else 0.0
        return (overlap + 2 * fit + listed, -s.position)

    if kind == "steps" and any(s.listed for s in candidates):
        return [s for s in candidates if s.listed][:limit]
    if kind == "definition":
        return _opening(candidates, limit)
    on_topic = [
        s
        for s in candidates
        if wanted & set(analyse(s.text)) or _SENTENCE_CUES[kind].search(s.text)
    ]
    ranked = sorted(on_topic, key=score, reverse=True)[:limit]
    return sorted(ranked, key=lambda s: s.position)


#: Kinds whose answer is one sentence (a period, a penalty, a yes or no with its rule).
_ONE_SENTENCE = frozenset({"time_limit", "punishment", "permission"})


def _sentence_coverage(
    units: list[frozenset[str]], candidates: list[_Sentence], heading: str = ""
) -> float:
    """The largest share of the question's topic units that one sentence names: a passage
    that answers in one sentence ("Never use handcuffs on a child") beats one that only
    mentions the words apart. For a "who" question a list item is read under the section
    heading given ("Who must be informed of the arrest" / "1. A relative, friend ...")."""
    if not units:
        return 0.0
    under = set(analyse(heading))

    def named(s: _Sentence) -> set[str]:
        return set(analyse(s.text)) | (under if s.listed else set())

    return max(
        (sum(bool(u & named(s)) for u in units) / len(units) for s in candidates),
        default=0.0,
    )


def _can_answer(kind: QuestionType, terms: set[str], candidates: list[_Sentence]) -> bool:
    """The passage has a sentence this kind of answer could quote: prose for a definition,
    a list for steps, a sentence naming a question term (or a synonym) or carrying the
    kind's cue otherwise."""
    if kind == "definition":
        return any(not s.listed for s in candidates)
    if kind == "steps" and any(s.listed for s in candidates):
        return True
    wanted = set().union(*(synonyms(t) for t in terms)) if terms else set()
    cue = _SENTENCE_CUES[kind]
    return any(wanted & set(analyse(s.text)) or cue.search(s.text) for s in candidates)


def _heading_as_intro(passage: Passage, candidates: list[_Sentence]) -> _Sentence:
    """The line introducing list items quoted alone: the passage's own introduction, or its
    heading, which states the verdict ("Never release to the media in sensitive cases")."""
    intro = next((s for s in candidates if not s.listed and s.text.endswith(":")), None)
    return intro or _Sentence(f"{passage.section}:", -1, False)


_STEP_HEADING = re.compile(r"^step (\d+)\b", re.I)


def _numbered_steps(usable: list[Passage], primary: int) -> list[int]:
    """When the primary passage is one "Step N" section of a document, the retrieved "Step"
    sections of that document in step order (a steps question is answered by all of them)."""
    if not _STEP_HEADING.match(usable[primary].section):
        return []
    steps = [
        (int(m[1]), rank)
        for rank, p in enumerate(usable)
        if p.doc_id == usable[primary].doc_id and (m := _STEP_HEADING.match(p.section))
    ]
    return [rank for _, rank in sorted(steps)]


#: Where a question joins a second ask ("how soon ... and when does the report come").
_SECOND_ASK = re.compile(
    r",?\s+(?:and|&)\s+(?=(?:when|how|what|who|which|within|by when|is|are|can|does|do)\b)", re.I
)


def _later_asks(
    question: str, chosen: list[tuple[int, _Sentence]], groups: list[tuple[int, list[_Sentence]]]
) -> list[tuple[int, _Sentence]]:
    """A second ask joined to the first ("... and when does the report come") gets its own
    answer: the relevant sentence with the shape it asks for (a period, a penalty) that
    shares most words with it, when the chosen sentences do not already carry one."""
    out = list(chosen)
    for part in _SECOND_ASK.split(expand_query(question))[1:]:
        shape = _ANSWER_SHAPES.get(question_type(part))
        wanted = set().union(*(synonyms(t) for t in topic_terms(part)))
        if shape is None or not wanted:
            continue
        options = [
            (len(wanted & set(analyse(s.text))), -rank, -s.position, rank, s)
            for rank, group in groups
            for s in group
            if shape.search(s.text) and (rank, s) not in out
        ]
        best = max(options, default=None, key=lambda o: o[:3])
        if best is not None and best[0] > 0:
            out.append((best[3], best[4]))
    return _grouped(out)


#: A question asking how often something recurs ("every how many hours", "how often").
_ASKS_FREQUENCY = re.compile(
    r"\bhow often\b|\bhow frequently\b|\bevery how (?:many|much)\b|\bat what intervals?\b",
    re.I,
)
#: A sentence stating an interval: "every 48 hours", "once a month", "daily".
_INTERVAL = re.compile(
    r"\bevery\s+(?:\d+|one|two|three|four|six|twelve|fifteen)\s*(?:hours?|days?|weeks?|months?)\b"
    r"|\bonce (?:a|every|in a) (?:day|week|fortnight|month)\b|\b(?:daily|weekly|fortnightly)\b",
    re.I,
)


def _interval_first(
    question: str, chosen: list[tuple[int, _Sentence]], groups: list[tuple[int, list[_Sentence]]]
) -> list[tuple[int, _Sentence]]:
    """ "How often" is answered by an interval: when no chosen sentence states one, the
    relevant sentence that does and shares most words with the question comes first."""
    if not _ASKS_FREQUENCY.search(expand_query(question)):
        return chosen
    if any(_INTERVAL.search(s.text) for _, s in chosen):
        return chosen
    wanted = set().union(*(synonyms(t) for t in topic_terms(question)))
    options = [
        (len(wanted & set(analyse(s.text))), -rank, -s.position, rank, s)
        for rank, group in groups
        for s in group
        if _INTERVAL.search(s.text)
    ]
    best = max(options, default=None, key=lambda o: o[:3])
    if best is None or best[0] == 0:
        return chosen
    return [(best[3], best[4]), *chosen]


def _amount_missing(question: str, chosen: list[tuple[int, _Sentence]]) -> bool:
    """A fee, cost or fine's amount is asked and no sentence to be quoted states a sum of
    money: the passage is about the topic but does not answer it (a near miss)."""
    if not _ASKS_AMOUNT.search(expand_query(question)):
        return False
    return not any(_MONEY.search(s.text) for _, s in chosen)


#: A sentence saying something is done at once: the answer to "how soon" without a number.
_AT_ONCE = re.compile(
    r"\b(?:immediately|at once|forthwith|without (?:any )?delay|as soon as|promptly"
    r"|straight away|the same day)\b",
    re.I,
)


def _period_missing(kind: QuestionType, chosen: list[tuple[int, _Sentence]]) -> bool:
    """A time limit is asked and no sentence to be quoted states a period, an interval
    ("weekly") or says "at once":
    the passage is about the topic but does not answer it (a near miss)."""
    if kind != "time_limit":
        return False
    period = _ANSWER_SHAPES["time_limit"]
    return not any(
        period.search(s.text) or _AT_ONCE.search(s.text) or _INTERVAL.search(s.text)
        for _, s in chosen
    )


def _numbered_siblings(usable: list[Passage], relevant: list[int], ranks: list[int]) -> list[int]:
    """The numbered procedure sections of the documents already relevant: a "steps" question
    (not one asking what a document contains) is answered by its document's numbered steps
    even when they do not repeat the words of the question ("procedure when an e-FIR comes
    by email": the handling steps)."""
    docs = {usable[r].doc_id for r in relevant}
    return [
        r
        for r in ranks
        if r not in relevant and usable[r].doc_id in docs and _NUMBERED.search(usable[r].text)
    ]


#: Kinds of document a question can name as what it asks about ("the Whitefield standing
#: order for ...").
_DOCUMENT_KINDS = re.compile(r"\bstanding orders?\b|\bcirculars?\b", re.I)


def _named_kinds(question: str) -> set[str]:
    """The kinds of local document the question names ("standing order", "circular")."""
    return {m.lower().rstrip("s") for m in _DOCUMENT_KINDS.findall(normalise_texting(question))}


def names_local_order(question: str) -> bool:
    """The question asks what a local order says ("as per our standing order"): neither the
    law nor the legal table stands in for it."""
    return bool(_named_kinds(question))


def _named_kind_found(question: str, passages: list[Passage]) -> bool:
    """A question that names a kind of document is answered only from a document of that
    kind: a station's standing order the officer may not read is not stood in for by an SOP
    that shares its words (and the answer says nothing about any document it did not see)."""
    named = _named_kinds(question)
    return not named or any(kind in p.title.lower() for p in passages for kind in named)


def compose_extractive_answer(
    question: str,
    passages: list[Passage],
    max_sentences: int = 4,
    top_passages: int = 8,
    min_score: float = 0.0,
    threshold: float = RELEVANCE_THRESHOLD,
) -> PipelineResult:
    """Quote the passage that answers the kind of question asked, every sentence cited.

    `steps` over a document without numbered steps takes the key sentence of each of its
    retrieved sections, so a procedure is answered by its stages rather than by one part.
    """
    usable = [p for p in passages[:top_passages] if p.score > min_score]
    terms = topic_terms(question)
    if not terms or not usable or not _named_kind_found(question, usable):
        return closest_document_answer(None, [])
    kind = question_type(question)
    quotable: dict[int, list[_Sentence]] = {}
    skipped = 0
    for rank, passage in enumerate(usable):
        quotable[rank], count = quotable_sentences(passage)
        skipped += count
    warnings = (
        [f"{skipped} retrieved sentence(s) addressed the assistant and were not quoted"]
        if skipped
        else []
    )
    scored = [(relevance(question, p), rank) for rank, p in enumerate(usable) if quotable[rank]]
    best = max((r for r, _ in scored), default=0.0)
    if best < threshold:
        closest = usable[max(scored)[1]] if scored else usable[0]
        return closest_document_answer(closest, warnings)
    relevant = [rank for r, rank in scored if r >= max(threshold, best - RELEVANT_SPREAD)]
    procedure = kind == "steps" and not _ASKS_CONTENTS.search(expand_query(question))
    if procedure:
        relevant += _numbered_siblings(usable, relevant, [rank for _, rank in scored])
    top_score = max(p.score for p in usable)
    asks_who = bool(_ASKS_WHO.search(expand_query(question)))
    units = topic_units(question)
    subject_titles = _subject_titles(units, usable)
    answering = [r for r in relevant if _can_answer(kind, terms, quotable[r])] or relevant

    def fit(rank: int) -> tuple[float, int]:
        passage = usable[rank]
        return (
            relevance(question, passage)
            + 0.5 * passage.score / top_score
            + (0.5 * _heading_fit(kind, passage, asks_who) if kind != "general" else 0.0)
            + (0.5 * _heading_coverage(terms, passage) if kind != "general" else 0.0)
            + (0.5 * _heading_focus(terms, passage) if kind == "definition" else 0.0)
            + 0.5 * _asked_part(question, passage)
            + 0.5 * _names_object(question, passage)
            + (0.5 if kind == "steps" and passage.title in subject_titles else 0.0)
            + 0.5 * _states_answer(kind, asks_who, quotable[rank])
            + (
                _sentence_coverage(units, quotable[rank], passage.section if asks_who else "")
                if kind in _ONE_SENTENCE
                else 0.0
            ),
            -rank,
        )

    primary = max(answering, key=fit)
    if procedure and not _heading_fit(kind, usable[primary]):
        # the best section is not a procedure section: its document's numbered steps are
        in_order = [
            r
            for r in answering
            if usable[r].doc_id == usable[primary].doc_id and _NUMBERED.search(usable[r].text)
        ]
        primary = max(in_order, key=fit) if in_order else primary
    if best < SURE_RELEVANCE and not _about(terms, usable[primary]):
        return closest_document_answer(usable[primary], warnings)
    if kind == "definition" and _defines_unnamed(question, [usable[r] for r in relevant]):
        return closest_document_answer(usable[primary], warnings)
    chosen: list[tuple[int, _Sentence]]
    doc_sections = [r for r in relevant if usable[r].doc_id == usable[primary].doc_id]
    has_list = any(s.listed for s in quotable[primary])
    title_terms = set(analyse(usable[primary].title))
    heading_only = set(analyse(usable[primary].section)) - title_terms
    core = {t for t in terms if not is_general(t)} or terms
    whole_document = core <= title_terms and not core & heading_only
    numbered = _numbered_steps(usable, primary)
    if kind == "steps" and len(numbered) > 1:
        chosen = [(rank, s) for rank in numbered for s in _stage(terms, quotable[rank])]
    elif kind == "steps" and not has_list and whole_document and len(doc_sections) > 1:
        basis = [r for r in doc_sections if _LEGAL_BASIS.search(usable[r].section)][:1]
        stages = sorted(
            (r for r in doc_sections if r not in basis),
            key=lambda r: (-_heading_fit(kind, usable[r]), r),
        )
        chosen = _sibling_stages(-1, basis, quotable, sections_taken=1) + [
            (rank, sentence)
            for rank in stages[: max_sentences + 2 - len(basis)]
            for sentence in _stage(terms, quotable[rank])
        ]
    elif kind == "general":
        chosen = _across(terms, [(rank, quotable[rank]) for rank in relevant[:3]], max_sentences)
    else:
        whole_list = has_list and _ASKS_CONTENTS.search(expand_query(question))
        limit = (
            len(quotable[primary])
            if kind == "steps" and whole_list
            else 8
            if kind == "steps" and has_list
            else (3 if kind == "definition" else max_sentences)
        )
        if kind == "steps" and not has_list:
            picked = _opening(quotable[primary], limit)  # a procedure paragraph, in order
        else:
            picked = _pick(kind, terms, quotable[primary], limit, asks_who)
        chosen = [(primary, s) for s in picked]
        if kind == "permission" and picked and all(s.listed for s in picked):
            chosen.insert(0, (primary, _heading_as_intro(usable[primary], quotable[primary])))
        if kind == "steps" and has_list:
            basis_first = sorted(
                doc_sections, key=lambda r: (not _LEGAL_BASIS.search(usable[r].section), r)
            )
            chosen += _sibling_stages(primary, basis_first, quotable)
        if kind == "permission":
            ruled = [r for r in doc_sections if _RULE_HEADING.search(usable[r].section)]
            chosen += [
                x
                for x in _sibling_stages(primary, ruled, quotable, sections_taken=1)
                if x not in chosen
            ]
    if not chosen or _amount_missing(question, chosen) or _period_missing(kind, chosen):
        return closest_document_answer(usable[primary], warnings)
    groups = [(r, quotable[r]) for r in relevant]
    chosen = _complete(terms, chosen, groups, EXTRA_SENTENCES)
    chosen = _later_asks(question, chosen, groups)
    chosen = _interval_first(question, chosen, groups)
    if kind == "steps":
        chosen = _title_stages(usable, primary, doc_sections, chosen, quotable)
    chosen = _cite_provision(terms, chosen, groups)
    chosen = _with_lists(chosen, quotable)
    numbers: dict[int, int] = {}
    citations: list[Citation] = []
    lines: list[str] = []
    for rank, sentence in chosen:
        if rank not in numbers:
            numbers[rank] = len(numbers) + 1
            citations.append(passage_citation(usable[rank], sentence.text))
        lines.append(f"{sentence.text} [{numbers[rank]}]")
    return PipelineResult(
        pipeline="rag",
        answer="\n".join(lines),
        citations=citations,
        confidence=round(min(0.9, 0.4 + 0.5 * best), 2),
        offline=True,
        warnings=warnings,
    )
