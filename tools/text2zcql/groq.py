"""The LLM text-to-ZCQL generator (Groq LLaMA through `langchain-groq`, or any chat model).

The model returns a structured draft (statement, intent, explanation). A reply that cannot
be read, or a model that cannot be reached, gives a draft with `statement=None` and the
reason; nothing the model writes runs without passing the ZCQL validator.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import groq
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field, ValidationError

from tools.text2zcql.base import INTENTS, ZcqlDraft, ZcqlRequest, unparsed
from tools.text2zcql.prompts import messages

GENERATOR = "groq"
StructuredMethod = Literal["function_calling", "json_mode", "json_schema"]
_FENCE = re.compile(r"^```(?:sql|zcql)?\s*|\s*```$", re.IGNORECASE)


class ZcqlOutput(BaseModel):
    """The structured reply the model is asked for."""

    statement: str | None = Field(
        description="One ZCQL SELECT statement, or null when the question cannot be answered."
    )
    intent: str = Field(description=f"One of: {', '.join(INTENTS)}.")
    explanation: str = Field(description="One sentence: what was understood, for the officer.")


class GroqZcqlGenerator:
    """Drafts ZCQL with a chat model's structured output."""

    def __init__(self, model: BaseChatModel, method: StructuredMethod = "function_calling") -> None:
        self._structured = model.with_structured_output(ZcqlOutput, method=method, include_raw=True)

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """Ask the model for a draft; unreadable replies and unreachable models give None."""
        try:
            reply: Any = await self._structured.ainvoke(messages(request))
        except groq.APIError as error:
            return unparsed(
                f"The language model is unavailable ({type(error).__name__}).", GENERATOR
            )
        except (OutputParserException, ValidationError):
            return _malformed()
        parsed = reply.get("parsed") if isinstance(reply, dict) else None
        if not isinstance(parsed, ZcqlOutput) or reply.get("parsing_error") is not None:
            return _malformed()
        return to_draft(parsed)


def to_draft(output: ZcqlOutput) -> ZcqlDraft:
    """A draft from the model's structured output (code fences and blank statements tidied)."""
    statement = _FENCE.sub("", output.statement or "").strip()
    explanation = output.explanation.strip() or "The model gave no explanation."
    if not statement or statement.lower() in ("null", "none"):
        return unparsed(explanation, GENERATOR)
    intent = output.intent if output.intent in INTENTS else "other"
    return ZcqlDraft(statement, intent, explanation, generator=GENERATOR)


def _malformed() -> ZcqlDraft:
    return unparsed("The language model's reply could not be read as a ZCQL draft.", GENERATOR)
