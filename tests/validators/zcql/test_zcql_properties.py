"""Property tests: statements drawn from a small grammar, checked against the generator's own truth.

The generator records, independently of the validator, which table instances are really scoped,
how many conditions, joins and selected columns a statement has, and whether it writes. Whatever
the validator accepts must be scoped, read-only and within ZCQL's limits; executed on SQLite it
must return only the caller's precincts.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools.records.sqlite_executor import SqliteExecutor
from validators.zcql import validate

from .conftest import PRECINCTS

MINE = sorted(PRECINCTS)
FOREIGN = ["MYS-C-LSK", "BLR-S-JNR", "blr-e-krp"]
CASE_DATA = {"firs", "persons", "vehicles"}
TEXT_COLUMN = {"firs": "status", "persons": "role", "vehicles": "colour", "police_stations": "zone"}
JOIN_KEY = {"firs": "fir_id", "persons": "fir_id", "vehicles": "fir_id"}


@dataclass
class Truth:
    """What the generator knows about the statement it built."""

    instances: list[tuple[str, str]] = field(default_factory=list)  # (table, ref)
    scoped: set[str] = field(default_factory=set)
    sub_unscoped: bool = False
    conditions: int = 0
    bad_joins: int = 0
    select_items: int = 0
    limit_ok: bool = True
    writes: bool = False
    ambiguous: bool = False


@dataclass
class Generated:
    statement: str
    truth: Truth


def _q(ref: str, qualified: bool) -> str:
    return f"{ref}." if qualified else ""


@st.composite
def _precinct_values(draw: st.DrawFn) -> tuple[list[str], bool]:
    pool = MINE if draw(st.integers(0, 7)) else MINE + FOREIGN
    values = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    return values, all(v in PRECINCTS for v in values)


def _precinct_text(column: str, values: list[str], use_in: bool) -> str:
    if use_in or len(values) > 1:
        return f"{column} IN ({', '.join(repr(v) for v in values)})"
    return f"{column} = '{values[0]}'"


@st.composite
def _condition(draw: st.DrawFn, truth: Truth, top_level: bool) -> tuple[str, int]:
    """One condition and its leaf count; records scoping only when it really scopes."""
    table, ref = draw(st.sampled_from(truth.instances))
    single = len(truth.instances) == 1
    qualified = draw(st.booleans()) if single else draw(st.booleans().map(lambda b: b or True))
    if not single and draw(st.integers(0, 9)) == 0:
        qualified = False
        truth.ambiguous = True
    column = f"{_q(ref, qualified)}precinct_id"
    kind = draw(st.sampled_from(["scope", "scope", "scope", "other", "or", "not", "sub"]))
    if kind == "scope":
        values, inside = draw(_precinct_values())
        if top_level and inside:
            truth.scoped.add(ref)
        return _precinct_text(column, values, draw(st.booleans())), 1
    if kind == "other":
        return f"{_q(ref, qualified)}{TEXT_COLUMN[table]} = 'Closed'", 1
    if kind == "or":
        left, n_left = draw(_condition(truth, top_level=False))
        right, n_right = draw(_condition(truth, top_level=False))
        return f"({left} OR {right})", n_left + n_right
    if kind == "not":
        values, _ = draw(_precinct_values())
        return f"NOT {_precinct_text(column, values, use_in=True)}", 1
    sub_table = draw(st.sampled_from(sorted(TEXT_COLUMN)))
    values, inside = draw(_precinct_values())
    sub_scope = draw(st.booleans())
    where = _precinct_text("x.precinct_id", values, False) if sub_scope else "x.zone = 'a'"
    if sub_table == "police_stations" and not sub_scope:
        where = "x.zone = 'a'"
    elif not sub_scope:
        where = f"x.{TEXT_COLUMN[sub_table]} = 'a'"
    if sub_table in CASE_DATA and not (sub_scope and inside):
        truth.sub_unscoped = True
    return f"{column} = (SELECT MIN(x.precinct_id) FROM {sub_table} AS x WHERE {where})", 1


@st.composite
def statements(draw: st.DrawFn) -> Generated:
    truth = Truth()
    n_tables = draw(st.sampled_from([1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6]))
    tables = [draw(st.sampled_from(["firs", "firs", "persons", "vehicles", "police_stations"]))]
    tables += [draw(st.sampled_from(["firs", "persons", "vehicles"])) for _ in range(n_tables - 1)]
    parts: list[str] = []
    for i, table in enumerate(tables):
        aliased = n_tables > 1 or draw(st.booleans())
        ref = f"t{i}" if aliased else table
        truth.instances.append((table, ref))
        source = f"{table} AS {ref}" if aliased else table
        if i == 0:
            parts.append(f"FROM {source}")
            continue
        join = draw(
            st.sampled_from(["INNER JOIN", "JOIN", "LEFT JOIN"] * 6 + ["RIGHT JOIN", "CROSS", ","])
        )
        prev_table, prev_ref = truth.instances[0]
        key = JOIN_KEY.get(prev_table, "precinct_id")
        on = f"{prev_ref}.{key} = {ref}.{JOIN_KEY[table] if key == 'fir_id' else 'precinct_id'}"
        if join == ",":
            parts.append(f", {source}")
            truth.bad_joins += 1
        elif join == "CROSS":
            parts.append(f"CROSS JOIN {source}")
            truth.bad_joins += 1
        else:
            double_on = draw(st.integers(0, 19)) == 0
            truth.bad_joins += join == "RIGHT JOIN" or double_on
            extra = f" AND {ref}.precinct_id = {prev_ref}.precinct_id" if double_on else ""
            parts.append(f"{join} {source} ON {on}{extra}")
    conds = []
    for _table, ref in truth.instances:  # usually scope every instance, as a generator should
        if draw(st.integers(0, 19)):
            values, inside = draw(_precinct_values())
            column = f"{_q(ref, len(refs_of(truth)) > 1 or draw(st.booleans()))}precinct_id"
            conds.append(_precinct_text(column, values, draw(st.booleans())))
            truth.conditions += 1
            if inside:
                truth.scoped.add(ref)
    for _ in range(draw(st.integers(0, 2))):
        text, leaves = draw(_condition(truth, top_level=True))
        conds.append(text)
        truth.conditions += leaves
    conds = draw(st.permutations(conds))
    where = f" WHERE {' AND '.join(conds)}" if conds else ""
    refs = [ref for _, ref in truth.instances]
    n_items = draw(st.sampled_from([1, 1, 2, 3, 4, 20, 21]))
    qualify = len(refs) > 1 or draw(st.booleans())
    items = [f"{_q(refs[i % len(refs)], qualify)}precinct_id" for i in range(n_items)]
    truth.select_items = n_items
    limit = draw(
        st.sampled_from(
            [
                *("", "", "", " LIMIT 10", " LIMIT 10", " LIMIT 300", " LIMIT 5, 20"),
                *(" LIMIT 5, 20", " LIMIT 301", " LIMIT 20 OFFSET 5", " LIMIT 0, 1000"),
            ]
        )
    )
    truth.limit_ok = limit in ("", " LIMIT 10", " LIMIT 300", " LIMIT 5, 20")
    statement = f"SELECT {', '.join(items)} {' '.join(parts)}{where}{limit}"
    write = draw(st.sampled_from([None] * 12 + ["suffix", "delete", "update"]))
    if write == "suffix":
        statement += "; DELETE FROM firs WHERE precinct_id = 'BLR-E-KRP'"
    elif write == "delete":
        statement = f"DELETE {' '.join(parts)}{where}"
    elif write == "update":
        statement = f"UPDATE {tables[0]} SET precinct_id = 'BLR-E-KRP'{where}"
    truth.writes = write is not None
    if not conds:
        truth.conditions = 0
    return Generated(statement, truth)


def refs_of(truth: Truth) -> list[str]:
    return [ref for _, ref in truth.instances]


def _assert_truthfully_safe(generated: Generated) -> None:
    truth = generated.truth
    assert not truth.writes
    assert not truth.ambiguous
    assert not truth.sub_unscoped
    for table, ref in truth.instances:
        if table in CASE_DATA:
            assert ref in truth.scoped, f"{ref} is not scoped"
    assert 1 <= truth.conditions <= 5
    assert len(truth.instances) - 1 <= 4
    assert truth.bad_joins == 0
    assert truth.select_items <= 20
    assert truth.limit_ok


PROPERTY_SETTINGS = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@PROPERTY_SETTINGS
@given(statements())
def test_accepted_statements_are_scoped_read_only_and_within_limits(generated: Generated) -> None:
    verdict = validate(generated.statement, PRECINCTS)
    if verdict.accepted:
        _assert_truthfully_safe(generated)
    else:
        assert verdict.reasons


@PROPERTY_SETTINGS
@given(generated=statements())
def test_accepted_statements_return_only_the_callers_precincts(
    generated: Generated, seeded_db: Path
) -> None:
    accepted = validate(generated.statement, PRECINCTS).accepted_statement
    if accepted is None:
        return
    executor = SqliteExecutor(seeded_db)
    try:
        result = asyncio.run(executor.execute(accepted))
    finally:
        executor.close()
    single_case_table = generated.truth.instances[0][0] in CASE_DATA
    for row in result.rows:
        for column, value in row.items():
            table = column.split(".")[0] if "." in column else None
            is_case = table in CASE_DATA if table else single_case_table
            if is_case and value is not None:
                assert value in PRECINCTS, (generated.statement, row)


def test_generator_truth_matches_a_hand_checked_statement() -> None:
    ok = "SELECT t0.precinct_id FROM firs AS t0 WHERE t0.precinct_id = 'BLR-E-KRP'"
    assert validate(ok, PRECINCTS).accepted
    unscoped = "SELECT t0.precinct_id FROM firs AS t0 WHERE (t0.precinct_id = 'BLR-E-KRP' OR "
    unscoped += "t0.status = 'Closed')"
    assert not validate(unscoped, PRECINCTS).accepted
