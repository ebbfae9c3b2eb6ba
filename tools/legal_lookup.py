"""The legal table's answer only to what it holds: the question's kind is read with the
knowledge answerer's own reader (`tools.knowledge.answer.question_type`), so a time limit,
procedure or who-may question citing a BNS or IPC section is not answered with the section's
row (issue 15); nor is a question about what a local order says ("as per our standing
order"). `tools.domain` cannot import `tools.knowledge` (which imports it), hence
this module."""

from __future__ import annotations

from tools.domain.legal import LegalAnswer, legal_answer
from tools.knowledge.answer import names_local_order, question_type


def table_answer(question: str) -> LegalAnswer | None:
    """`legal_answer` for the question, told what kind of question it is; None for a question
    about a local order."""
    if names_local_order(question):
        return None
    return legal_answer(question, question_type(question))
