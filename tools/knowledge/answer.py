"""Extractive answers for the offline engine: quoted sentences, each with its citation.

Retrieved text is data. The composer only selects and quotes sentences; sentences that
address an assistant or model (prompt-injection style) are never selected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from schemas.result import Citation, PipelineResult
from tools.knowledge.index import Passage
from tools.knowledge.sparse import analyse
from tools.knowledge.text import sentences

NOT_COVERED = (
    "The knowledge base does not cover this question. Please check the relevant SOP or "
    "ask your supervising officer."
)
SNIPPET_CHARS = 240

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


def addresses_assistant(sentence: str) -> bool:
    """True for text that reads as instructions to an assistant or model."""
    return bool(_INJECTION.search(sentence))


def section_slug(section: str) -> str:
    """`Who is informed > Outside the district` -> `who-is-informed-outside-the-district`."""
    return re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")


@dataclass(frozen=True)
class _Candidate:
    passage_rank: int
    position: int
    text: str
    overlap: int


def passage_citation(passage: Passage, quoted: str) -> Citation:
    """The `sop` citation of a passage, its snippet the quoted text cut to 240 characters."""
    snippet = quoted if len(quoted) <= SNIPPET_CHARS else quoted[: SNIPPET_CHARS - 1] + "…"
    return Citation(
        kind="sop",
        id=f"{passage.doc_id}#{section_slug(passage.section)}",
        title=f"{passage.title} — {passage.section}",
        snippet=snippet,
    )


def _not_covered(warnings: list[str]) -> PipelineResult:
    return PipelineResult(
        pipeline="rag", answer=NOT_COVERED, confidence=0.1, offline=True, warnings=warnings
    )


def compose_extractive_answer(
    question: str,
    passages: list[Passage],
    max_sentences: int = 4,
    top_passages: int = 3,
    min_coverage: float = 0.3,
    min_score: float = 0.0,
) -> PipelineResult:
    """Quote the sentences of the top passages that share most terms with the question.

    Sentences keep passage order and their order within a passage, each followed by the
    citation marker of its passage. When no passage scores above `min_score` and covers at
    least `min_coverage` of the question's terms, the answer says the knowledge base does
    not cover the question.
    """
    terms = set(analyse(question))
    usable = [p for p in passages[:top_passages] if p.score > min_score]
    if not terms or not usable:
        return _not_covered([])
    skipped = 0
    candidates: list[_Candidate] = []
    best_coverage = 0.0
    for rank, passage in enumerate(usable):
        best_coverage = max(best_coverage, len(terms & set(analyse(passage.text))) / len(terms))
        for pos, sentence in enumerate(sentences(passage.text)):
            if addresses_assistant(sentence):
                skipped += 1
                continue
            overlap = len(terms & set(analyse(sentence)))
            if overlap:
                candidates.append(_Candidate(rank, pos, sentence, overlap))
    warnings = (
        [f"{skipped} retrieved sentence(s) addressed the assistant and were not quoted"]
        if skipped
        else []
    )
    if best_coverage < min_coverage or not candidates:
        return _not_covered(warnings)
    chosen = sorted(candidates, key=lambda c: (-c.overlap, c.passage_rank, c.position))
    chosen = sorted(chosen[:max_sentences], key=lambda c: (c.passage_rank, c.position))
    numbers: dict[int, int] = {}
    citations: list[Citation] = []
    lines: list[str] = []
    for cand in chosen:
        if cand.passage_rank not in numbers:
            passage = usable[cand.passage_rank]
            numbers[cand.passage_rank] = len(numbers) + 1
            citations.append(passage_citation(passage, cand.text))
        lines.append(f"{cand.text} [{numbers[cand.passage_rank]}]")
    return PipelineResult(
        pipeline="rag",
        answer="\n".join(lines),
        citations=citations,
        confidence=round(min(0.9, 0.4 + 0.5 * best_coverage), 2),
        offline=True,
        warnings=warnings,
    )
