"""The records path, once: draft, validate, plan clearance, execute, compose.

The graph's records nodes, the fallback engine's records tool and the `zcql run` command
all call this service; none repeats its steps. It owns the one date source (today in the
force's time zone), the one history window, the one row cap and the audit notes that
every path records (rejection reasons included).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from schemas.errors import CrimeAssistError, QueryRejected
from schemas.officer import Officer
from schemas.page_context import PageContext
from tools.records.answer import compose_records_answer, counted_in
from tools.records.clearance import ClearedPlan, plan_clearance, run_plan, uses_name_index
from tools.records.dialect import dated_column
from tools.records.executor import RecordsExecutor
from tools.records.month_counts import month_count_statements, month_total
from tools.text2zcql.base import ZcqlDraft, ZcqlGenerator, ZcqlRequest, clarify
from tools.text2zcql.other_firs import Referent, names_seen
from tools.text2zcql.other_firs import resolve as resolve_referent
from tools.text2zcql.serials import probe
from tools.text2zcql.serials import question as serial_question
from tools.text2zcql.trend import next_page
from validators.clearance.cleared import ClearedRows
from validators.clearance.policy import ClearancePolicy
from validators.zcql.validate import AcceptedStatement, ZcqlVerdict, validate

PAGE = 300
MAX_TREND_PAGES = 20
PAGED_INTENTS = ("trend", "compare")
_TOO_MANY_TO_PAGE = (
    "The period holds more than {:,} FIRs, more than this records backend can count month by "
    "month; ask for a shorter period."
)
"""Intents whose rows are dates to bucket: every page is read (each validated afresh)."""
REJECTED = "I can't run that query."


@dataclass(frozen=True)
class RecordsAnswer:
    """What the officer receives from the records path (a function of visible rows only)."""

    text: str
    table: list[dict[str, Any]]
    statement: str
    masked_fields: int


@dataclass(frozen=True)
class RecordsOutcome:
    """One run of the whole path: an answer, or why not; `notes` are for the audit trail."""

    answer: RecordsAnswer | None
    message: str
    notes: list[dict[str, Any]]
    draft: ZcqlDraft | None = None
    rejected: bool = False


@dataclass
class RecordsService:
    """The single implementation of the records path (see the module docstring)."""

    generator: ZcqlGenerator
    executor: RecordsExecutor
    policy: ClearancePolicy
    clock: Callable[[], datetime]
    timezone: str = "Asia/Kolkata"
    history_turns: int = 6
    row_cap: int = 300
    audit_withheld_count: bool = False
    """Count withheld rows for the audit (two COUNT scans of the jurisdiction per query)."""

    def today(self) -> date:
        """Today in the force's time zone (relative dates resolve against it)."""
        return self.clock().astimezone(ZoneInfo(self.timezone)).date()

    def request(
        self,
        question: str,
        officer: Officer,
        *,
        active_fir_id: str | None = None,
        history: Sequence[str] = (),
        page_context: PageContext | None = None,
    ) -> ZcqlRequest:
        """The one place a generator request is built."""
        window = tuple(history)[-self.history_turns :] if self.history_turns > 0 else ()
        return ZcqlRequest(
            question=question,
            precincts=tuple(sorted(officer.precincts)),
            today=self.today(),
            active_fir_id=active_fir_id,
            history=window,
            visible_record_ids=tuple(page_context.visible_record_ids) if page_context else (),
        )

    async def draft(self, request: ZcqlRequest, officer: Officer | None = None) -> ZcqlDraft:
        """One drafted statement. Only an FIR number written without a year runs anything:
        with the caller (`officer`) given, the FIRs with that number they may see are looked
        up, cleared like any statement, and several become a question naming them."""
        draft = await self.generator.generate(request)
        if officer is not None and draft.statement is not None and draft.person_referent:
            return await self._person_referent(draft, request, officer)
        if officer is None or draft.statement is None or not draft.fir_serials:
            return draft
        found = await self._visible_fir_ids(probe(request.precincts, draft.fir_serials), officer)
        ask = serial_question(found)
        return clarify(ask, draft.generator) if ask else draft

    async def _person_referent(
        self, draft: ZcqlDraft, request: ZcqlRequest, officer: Officer
    ) -> ZcqlDraft:
        """ "what other cases is he in?": the names the caller sees unmasked for the person
        the pronoun stands for decide the draft (`tools.text2zcql.other_firs`)."""
        fir_id, role = draft.person_referent
        meant = Referent(fir_id, role)
        names: list[str] = []
        verdict = self.validate(draft.statement, officer)
        if verdict.accepted_statement is not None:
            cleared = await self._run(self.plan(verdict.accepted_statement, officer))
            names = names_seen(cleared.rows, self.policy.mask)
        resolved = resolve_referent(names, meant, request.precincts)
        return replace(resolved, generator=draft.generator)

    async def _visible_fir_ids(self, statement: str, officer: Officer) -> list[str]:
        verdict = self.validate(statement, officer)
        if verdict.accepted_statement is None:
            return []
        try:
            plan = self.plan(verdict.accepted_statement, officer)
        except QueryRejected:  # no room for the clearance condition (Catalyst): none found
            return []
        cleared = await self._run(plan)
        return [str(row["fir_id"]) for row in cleared.rows if row.get("fir_id")]

    def validate(self, statement: str | None, officer: Officer) -> ZcqlVerdict:
        """The validator's verdict on a draft (an empty draft is rejected)."""
        return validate(statement or "", officer.precincts)

    def plan(self, statement: AcceptedStatement, officer: Officer) -> ClearedPlan:
        """The accepted statement over the officer's clearance sources for this backend."""
        return plan_clearance(
            statement,
            officer,
            self.policy,
            self.executor.backend,
            name_index=uses_name_index(self.executor),
        )

    async def execute(self, plan: ClearedPlan, intent: str) -> ClearedRows:
        """Run a cleared plan. A trend or comparison whose first page is full is counted per
        day by the database; where it cannot (Catalyst) a bounded trend is counted per month
        (`month_counts`), else the following pages are validated and planned afresh, up to
        `MAX_TREND_PAGES`."""
        cleared = await self._run(plan)
        if intent == "list" and len(cleared.rows) >= self.row_cap and plan.dialect is not None:
            total = await self.executor.count(
                plan.statement, plan.sources, jurisdiction=plan.jurisdiction
            )
            return replace(cleared, total=total)
        if intent not in PAGED_INTENTS:
            return cleared
        if len(cleared.rows) >= PAGE and dated_column(plan.statement) is not None:
            counted = await self.executor.day_counts(
                plan.statement, plan.sources, jurisdiction=plan.jurisdiction
            )
            if counted is None and intent == "trend":
                counted = await self.month_counts(plan)
            if counted is not None:
                return replace(cleared, rows=counted)
        rows, masked, withheld = list(cleared.rows), cleared.masked_fields, cleared.withheld_rows
        statement, page = plan.statement.statement, cleared
        for _ in range(MAX_TREND_PAGES - 1):
            if len(page.rows) < PAGE:
                break
            statement = next_page(statement)
            verdict = validate(statement, plan.officer.precincts)
            if verdict.accepted_statement is None:
                raise QueryRejected(list(verdict.reasons))
            page = await self._run(self.plan(verdict.accepted_statement, plan.officer))
            rows += page.rows
            masked += page.masked_fields
            if withheld is not None and page.withheld_rows is not None:
                withheld += page.withheld_rows
        if len(page.rows) >= PAGE and len(rows) >= PAGE * MAX_TREND_PAGES:
            raise QueryRejected([_TOO_MANY_TO_PAGE.format(PAGE * MAX_TREND_PAGES)])
        return replace(
            cleared,
            rows=rows,
            masked_fields=masked,
            withheld_rows=withheld,
        )

    async def month_counts(self, plan: ClearedPlan) -> list[dict[str, Any]] | None:
        """A bounded trend counted with one validated, cleared COUNT per month (`month_counts`,
        for a backend without day counts), as day-count rows; None to page it instead. The
        first month runs alone: a count the clearance post-filter withholds stops it there."""
        months = month_count_statements(plan.statement)
        if months is None:
            return None
        plans = []
        for month in months:
            verdict = validate(month.statement, plan.officer.precincts)
            if verdict.accepted_statement is None:
                return None
            plans.append(self.plan(verdict.accepted_statement, plan.officer))
        first = month_total(await self._run(plans[0]))
        if first is None:
            return None
        rest = await asyncio.gather(*(self._run(each) for each in plans[1:]))
        totals = [first, *(month_total(cleared) for cleared in rest)]
        if any(total is None for total in totals):
            return None
        return [
            {"day": month.day, "firs": total}
            for month, total in zip(months, totals, strict=True)
            if total
        ]

    async def _run(self, plan: ClearedPlan) -> ClearedRows:
        return await run_plan(
            plan, self.executor, self.policy, count_withheld=self.audit_withheld_count
        )

    def compose(
        self,
        intent: str,
        explanation: str,
        cleared: ClearedRows,
        statement: str,
        buckets: Sequence[str] = (),
    ) -> RecordsAnswer:
        """The officer's answer from the visible rows alone (never a withheld count); a capped
        list states the visible total ("showing 300 of 337")."""
        text, table = compose_records_answer(
            intent or "list",
            explanation or "Records",
            cleared.rows,
            total=cleared.total,
            buckets=buckets,
            counted=counted_in(statement),
        )
        return RecordsAnswer(
            text=text,
            table=table[: self.row_cap],
            statement=statement,
            masked_fields=cleared.masked_fields,
        )

    async def ask(
        self,
        question: str,
        officer: Officer,
        *,
        active_fir_id: str | None = None,
        history: Sequence[str] = (),
    ) -> RecordsOutcome:
        """The whole path for one question (the fallback engine's records tool)."""
        draft = await self.draft(
            self.request(question, officer, active_fir_id=active_fir_id, history=history),
            officer,
        )
        verdict = self.validate(draft.statement, officer)
        if verdict.accepted_statement is None:
            reasons = (
                list(verdict.reasons)
                if draft.statement
                else [draft.unparsed_reason or "no statement was drafted"]
            )
            return RecordsOutcome(
                None,
                rejection_message(draft.unparsed_reason),
                [rejection_note(draft.statement, reasons, draft.generator)],
                draft,
                rejected=True,
            )
        accepted = verdict.accepted_statement
        notes = [accepted_note(accepted.statement, draft.generator)]
        try:
            cleared = await self.execute(self.plan(accepted, officer), draft.intent)
        except CrimeAssistError as error:
            notes.append(failure_note(error))
            return RecordsOutcome(None, error.safe_message, notes, draft)
        notes.append(redaction_note(cleared))
        answer = self.compose(
            draft.intent, draft.explanation, cleared, accepted.statement, draft.buckets
        )
        return RecordsOutcome(answer, answer.text, notes, draft)

    async def run_statement(
        self, statement: str, officer: Officer
    ) -> tuple[ZcqlVerdict, ClearedRows | None]:
        """Validate one statement and, if accepted, run it cleared (the `zcql run` command)."""
        verdict = self.validate(statement, officer)
        if verdict.accepted_statement is None:
            return verdict, None
        return verdict, await self.execute(self.plan(verdict.accepted_statement, officer), "list")


def rejection_message(unparsed: str | None) -> str:
    """The officer's safe message for a draft that will not run."""
    if unparsed:
        return f"I couldn't turn that into a records query: {unparsed}"
    return f"{REJECTED} It did not pass the safety checks for record queries."


def rejection_note(statement: str | None, reasons: list[str], generator: str) -> dict[str, Any]:
    """Audit: a statement that did not run, with every reason."""
    return {
        "kind": "zcql_rejected",
        "statement": statement,
        "reasons": reasons,
        "generator": generator,
    }


def accepted_note(statement: str, generator: str) -> dict[str, Any]:
    """Audit: the statement the validator accepted."""
    return {"kind": "zcql_accepted", "statement": statement, "generator": generator}


def failure_note(error: CrimeAssistError) -> dict[str, Any]:
    """Audit: execution failed (the officer sees only the error's safe message)."""
    return {"kind": "zcql_failed", "code": error.code, "detail": error.detail[:200]}


def redaction_note(cleared: ClearedRows) -> dict[str, Any]:
    """Audit: what the policy withheld and masked, and why (counts only, never values).

    `withheld_rows` is None when the service does not count withheld rows.
    """
    return {
        "kind": "redaction",
        "tier": "pre_retrieval",
        "withheld_rows": cleared.withheld_rows,
        "masked_fields": cleared.masked_fields,
        "reasons": cleared.reasons,
        "policy_version": cleared.policy_version,
    }
