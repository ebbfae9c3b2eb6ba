"""The second step of arithmetic over records: from the records results to the one calculator
(or date) call that combines them, and the answer that says what was counted and computed.
"""

from __future__ import annotations

from graph.fallback.calls import PlannedCall
from graph.fallback.prompts import NO_WEB_SEARCH_AFTER_RECORDS
from graph.fallback.records_math import RecordsMath, newest_date, single_count
from graph.fallback.state import ToolRecord
from tools.agent.calculator import indian_grouping

CLEARED = "only records you are cleared to see are counted"
NO_POPULATION = (
    "A rate per {per} needs the population, which the records do not hold; tell me the "
    "population and I will compute it."
)


def records_results(done: list[ToolRecord]) -> list[ToolRecord]:
    """The records calls of this run, in the order they were asked."""
    return [r for r in done if r.tool == "records"]


def counts(done: list[ToolRecord]) -> list[int | None]:
    """Each records call's single count (None where it gave none)."""
    return [
        single_count(r.output.records) if r.output is not None and r.output.ok else None
        for r in records_results(done)
    ]


def combine_call(math: RecordsMath, done: list[ToolRecord], today: str) -> PlannedCall | None:
    """The calculator or date call that combines the counts, once they are all in."""
    results = records_results(done)
    if len(results) < len(math.questions) or math.unplaced:
        return None
    if math.operation == "since":
        output = results[0].output
        newest = newest_date(output.records) if output is not None and output.ok else None
        if newest is None:
            return None
        return PlannedCall(
            "date_utility", {"operation": "difference", "start": newest, "end": today}
        )
    got = counts(done)
    if any(n is None for n in got) or math.operation == "count":
        return None
    expression = _expression(math, [n for n in got if n is not None])
    return PlannedCall("calculator", {"expression": expression}) if expression else None


def _expression(math: RecordsMath, n: list[int]) -> str | None:
    op = math.operation
    if op == "share" and n[0]:
        return f"round({n[1]}*100/{n[0]}, 2)"
    if op == "change" and n[0]:
        return f"round(abs({n[1]} - {n[0]})*100/{n[0]}, 2)"
    if op == "ratio" and n[1]:
        return f"round({n[0]}/{n[1]}, 2)"
    if op == "difference":
        return f"abs({n[0]} - {n[1]})"
    if op == "average":
        return f"round({n[0]}/{math.periods}, 2)"
    if op == "rate" and math.population is not None and math.population.value:
        return f"round({n[0]}*{math.per}/{math.population.literal}, 2)"
    return None


def _computed_line(math: RecordsMath, n: list[int], value: object) -> str:
    a = n[0]
    b = n[1] if len(n) > 1 else 0
    la, lb = ((*math.labels, "", ""))[:2]
    op = math.operation
    if op == "share":
        read = f"'{math.outcome}' counted as {lb}; " if math.outcome != lb else ""
        return f"{b} of {a} is {value}% ({read}{CLEARED})."
    if op == "change":
        direction = "a rise" if b > a else "a fall" if b < a else "no change"
        return f"From {a} ({la}) to {b} ({lb}) is {direction} of {value}% ({CLEARED})."
    if op == "ratio":
        return f"{la} to {lb} is {a} to {b}, a ratio of {value} : 1 ({CLEARED})."
    if op == "difference":
        more, less = (la, lb) if a >= b else (lb, la)
        return f"{more} has {value} more than {less} ({a} against {b}; {CLEARED})."
    if op == "average":
        unit = math.unit
        return f"{a} over {math.periods} {unit}s is an average of {value} per {unit} ({CLEARED})."
    population = math.population.text if math.population is not None else "?"
    per = indian_grouping(math.per)
    return f"{a} {la} in a population of {population} is {value} per {per} people ({CLEARED})."


def _not_computed(math: RecordsMath, got: list[int | None]) -> str:
    """Why no result follows the counts (an outside figure says so itself)."""
    if math.operation == "count":
        return NO_POPULATION.format(per=indian_grouping(math.per))
    if math.unplaced:
        return (
            f"I could not tell which records '{math.unplaced}' means (not a status, complaint "
            "mode, crime or section I know), so I have not computed the share; please rephrase "
            "that part."
        )
    if any(n is None for n in got) or math.operation == "since":
        return "I could not compute the result: the records above did not give a count."
    return "No matching records, so there is nothing to divide by."


def records_answer(math: RecordsMath, done: list[ToolRecord], outside: bool) -> str:
    """The bulleted answer: each count as the records service gave it, then the result."""
    results = records_results(done)
    lines = []
    for label, record in zip(math.labels, results, strict=False):
        text = record.output.text if record.output is not None else record.status
        lines.append(f"Records ({label}): {text}" if len(results) > 1 else f"Records: {text}")
    got = counts(done)
    computed = next((r for r in done if r.tool in ("calculator", "date_utility")), None)
    if computed is not None and computed.output is not None and computed.output.ok:
        if math.operation == "since":
            lines.append(f"Since the newest matching record: {computed.output.text}.")
        else:
            value = computed.output.data.get("value")
            lines.append(_computed_line(math, [n or 0 for n in got], value))
    elif not outside:
        lines.append(_not_computed(math, got))
    if outside:
        lines.append(NO_WEB_SEARCH_AFTER_RECORDS)
    return "\n".join(f"- {line}" for line in lines)
