"""The legal_reference tool: the BNS / BNSS / POCSO / JJ Act table look-up (tools.domain.legal)."""

from __future__ import annotations

from schemas.result import Citation
from tools.agent.base import AgentTool, ToolContext, ToolOutput
from tools.agent.lookups import QuestionArgs
from tools.domain.legal import SOURCE
from tools.legal_lookup import table_answer

NOT_A_LOOKUP = (
    "The legal reference table answers punishments, bail and cognisability of BNS sections, "
    "IPC -> BNS equivalents, and BNSS, POCSO and JJ Act time limits; this question is none "
    "of those."
)


async def run_legal(args: QuestionArgs, ctx: ToolContext) -> ToolOutput:
    """Answer from the table, one citation per table entry used."""
    found = table_answer(args.question)
    if found is None:
        return ToolOutput(text=NOT_A_LOOKUP, ok=False, data={"found": False})
    citations = {
        entry: Citation(kind="sop", id=f"legal-table#{entry}", title=f"{title} — {SOURCE}")
        for entry, title in found.entries
    }
    return ToolOutput(
        text=found.text,
        citations=list(citations.values()),
        data={"found": True, "entries": [entry for entry, _ in found.entries]},
    )


LEGAL_REFERENCE = AgentTool(
    name="legal_reference",
    description=(
        "Look up the legal reference table: punishment, cognisable, bailable and triable-by "
        "for a BNS section ('punishment for BNS 303', 'is BNS 318 bailable'), the BNS section "
        "replacing an IPC section ('IPC 420 in BNS'), and BNSS / POCSO / JJ Act time limits "
        "('charge-sheet limit for a 10-year offence', 'BNSS 43(5)')."
    ),
    args_schema=QuestionArgs,
    run=run_legal,
    timeout_s=1.0,
)
