"""The ZCQL validation rules (contract section 3): small pure functions over the tree.

Each rule is `(tree, ctx) -> list[str]`, a list of violations as sentences. The rules read the
one-walk index in `ctx.analysis` rather than walking the tree again. Syntax is a whitelist: any
node type or node argument not listed in `_ALLOWED_ARGS` is rejected.

Decisions where `reference/catalyst.md` leaves room:
- `*` is allowed only as the single select item of a single-table query (COUNT(*) is not
  documented; write COUNT(ROWID)). With joins, rows would carry clashing column names.
- Parentheses around conditions are allowed, so `p AND (a OR b)` is expressible; the precinct
  condition must still be a top-level AND-ed conjunct.
- NOT is allowed only as NOT IN / NOT LIKE / NOT BETWEEN / IS NOT NULL (and `NOT x IN (...)` etc.).
- WHERE conditions are counted as the leaf predicates of each WHERE after flattening AND, OR and
  parentheses; `NOT x IN (...)` is one condition and `col > (SELECT ...)` is one condition of the
  outer WHERE (the subquery's own WHERE is counted on its own).
- Every SELECT, subqueries included, needs a WHERE clause.
- Identifiers match the schema case-sensitively; keywords and function names do not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from sqlglot import exp

from validators.zcql.context import MAX_STATEMENT_CHARS, ValidationContext
from validators.zcql.schema import SCOPE_COLUMN, TABLES, ColumnType
from validators.zcql.scope import Scope, TableRef

Rule = Callable[[exp.Expression | None, ValidationContext], list[str]]

MAX_SELECT_COLUMNS: Final = 20
MAX_WHERE_CONDITIONS: Final = 5
MAX_JOINS: Final = 4
MAX_LIMIT: Final = 300

AGGREGATES: Final = (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)
COMPARISONS: Final = (exp.EQ, exp.NEQ, exp.LT, exp.LTE, exp.GT, exp.GTE)
_NEGATABLE: Final = (exp.In, exp.Like, exp.Between, exp.Is)
_NUMERIC: Final = frozenset({"int", "double"})
_NUMBER = re.compile(r"\d+(\.\d+)?([eE][+-]?\d+)?")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LITERAL_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_OFFSET_WORD = re.compile(r"\bOFFSET\b", re.IGNORECASE)
_BANG = re.compile(r"!(?!=)")
_FUNCTIONS_SENTENCE = "ZCQL allows only COUNT, SUM, AVG, MIN and MAX (and BINARYOF in GROUP BY)"

_ALLOWED_ARGS: Final[dict[type[exp.Expression], frozenset[str]]] = {
    exp.Select: frozenset(
        {
            "expressions",
            "from_",
            "joins",
            "where",
            "group",
            "having",
            "order",
            "limit",
            "offset",
            "distinct",
        }
    ),
    exp.From: frozenset({"this"}),
    exp.Table: frozenset({"this", "alias"}),
    exp.TableAlias: frozenset({"this"}),
    exp.Identifier: frozenset({"this"}),
    exp.Column: frozenset({"this", "table"}),
    exp.Join: frozenset({"this", "on", "side", "kind"}),
    exp.Where: frozenset({"this"}),
    exp.Having: frozenset({"this"}),
    exp.Group: frozenset({"expressions"}),
    exp.Order: frozenset({"expressions"}),
    exp.Ordered: frozenset({"this", "desc", "nulls_first"}),
    exp.Limit: frozenset({"expression"}),
    exp.Offset: frozenset({"expression"}),
    exp.Distinct: frozenset(),
    exp.And: frozenset({"this", "expression"}),
    exp.Or: frozenset({"this", "expression"}),
    exp.Not: frozenset({"this"}),
    exp.Paren: frozenset({"this"}),
    exp.EQ: frozenset({"this", "expression"}),
    exp.NEQ: frozenset({"this", "expression"}),
    exp.LT: frozenset({"this", "expression"}),
    exp.LTE: frozenset({"this", "expression"}),
    exp.GT: frozenset({"this", "expression"}),
    exp.GTE: frozenset({"this", "expression"}),
    exp.Is: frozenset({"this", "expression"}),
    exp.Like: frozenset({"this", "expression", "negate"}),
    exp.Between: frozenset({"this", "low", "high"}),
    exp.In: frozenset({"this", "expressions"}),
    exp.Literal: frozenset({"this", "is_string"}),
    exp.Boolean: frozenset({"this"}),
    exp.Null: frozenset(),
    exp.Neg: frozenset({"this"}),
    exp.Count: frozenset({"this", "big_int"}),
    exp.Sum: frozenset({"this"}),
    exp.Avg: frozenset({"this"}),
    exp.Min: frozenset({"this"}),
    exp.Max: frozenset({"this"}),
    exp.Anonymous: frozenset({"this", "expressions"}),
    exp.Alias: frozenset({"this", "alias"}),
    exp.Star: frozenset(),
    exp.Subquery: frozenset({"this"}),
}

_FALSY_ARGS: Final[dict[type[exp.Expression], frozenset[str]]] = {
    exp.Identifier: frozenset({"quoted"}),
    exp.TableAlias: frozenset({"columns"}),
    exp.Count: frozenset({"expressions"}),
    exp.Ordered: frozenset({"with_fill"}),
}
"""Arguments sqlglot often sets to a falsy default; allowed only while falsy."""

_NAMES: Final[dict[type[exp.Expression], str]] = {
    exp.Case: "CASE expressions",
    exp.If: "IF()",
    exp.Cast: "CAST",
    exp.TryCast: "CAST",
    exp.Window: "window functions (OVER ...)",
    exp.Exists: "EXISTS",
    exp.Union: "UNION",
    exp.Intersect: "INTERSECT",
    exp.Except: "EXCEPT",
    exp.With: "WITH (common table expressions)",
    exp.CTE: "WITH (common table expressions)",
    exp.Into: "SELECT ... INTO",
    exp.Lock: "locking clauses (FOR UPDATE, LOCK IN SHARE MODE)",
    exp.Add: "arithmetic",
    exp.Sub: "arithmetic",
    exp.Mul: "arithmetic",
    exp.Div: "arithmetic",
    exp.IntDiv: "arithmetic",
    exp.Mod: "arithmetic",
    exp.DPipe: "the || operator",
    exp.RegexpLike: "regular expressions (REGEXP, RLIKE)",
    exp.NullSafeEQ: "the <=> operator",
    exp.Xor: "XOR",
    exp.Escape: "LIKE ... ESCAPE",
    exp.Collate: "COLLATE",
    exp.Interval: "INTERVAL",
    exp.Placeholder: "parameters and placeholders",
    exp.Parameter: "variables (@name)",
    exp.SessionParameter: "variables (@@name)",
    exp.HexString: "hex string literals",
    exp.BitString: "bit string literals",
    exp.National: "national string literals",
    exp.Introducer: "character-set introducers",
    exp.Tuple: "tuples",
    exp.Values: "VALUES",
    exp.Lateral: "LATERAL",
}
_SELECT_ARG_NAMES: Final = {
    "with_": "WITH (common table expressions)",
    "into": "SELECT ... INTO",
    "locks": "locking clauses (FOR UPDATE, LOCK IN SHARE MODE)",
    "hint": "optimizer hints",
    "operation_modifiers": "SELECT modifiers such as SQL_CALC_FOUND_ROWS or HIGH_PRIORITY",
    "windows": "WINDOW clauses",
    "qualify": "QUALIFY",
    "laterals": "LATERAL",
}


# -- helpers -------------------------------------------------------------------------------


def _set_args(node: exp.Expression) -> Iterator[str]:
    return (key for key, value in node.args.items() if _truthy(value))


def _describe(node: exp.Expression) -> str:
    name = _NAMES.get(type(node))
    if name:
        return name
    if isinstance(node, exp.Func):
        return f"function {node.sql_name()}()"
    return f"{node.key.upper()}"


def _sql(node: exp.Expression) -> str:
    return node.sql(dialect="mysql")


def _scopes(ctx: ValidationContext) -> list[Scope]:
    return ctx.analysis.scopes if ctx.analysis is not None else []


def _where_leaves(condition: exp.Expression) -> Iterator[exp.Expression]:
    """Leaf predicates of a condition after flattening AND, OR and parentheses."""
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, exp.And | exp.Or):
            stack.append(node.expression)
            stack.append(node.this)
        elif isinstance(node, exp.Paren):
            stack.append(node.this)
        else:
            yield node


def _conjuncts(condition: exp.Expression) -> Iterator[exp.Expression]:
    """Top-level AND-ed conjuncts (through parentheses); an OR or NOT is one opaque conjunct."""
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, exp.And):
            stack.append(node.expression)
            stack.append(node.this)
        elif isinstance(node, exp.Paren):
            stack.append(node.this)
        else:
            yield node


def _parts(column: exp.Column) -> tuple[str, str]:
    """(name, qualifier) of a column, read straight from its identifiers (cheaper than .name)."""
    this, table = column.args.get("this"), column.args.get("table")
    name = this.this if isinstance(this, exp.Identifier) else ""
    return name, table.this if isinstance(table, exp.Identifier) else ""


def _resolve(column: exp.Column, scope: Scope) -> tuple[TableRef | None, ColumnType | None]:
    """The table instance a column belongs to and the column's type, if it resolves."""
    name, qualifier = _parts(column)
    if qualifier:
        ref = scope.refs.get(qualifier)
    elif len(scope.tables) == 1:
        ref = scope.tables[0]
    else:
        ref = None
    schema = ref.schema if ref else None
    return ref, schema.column_type(name) if schema else None


def _string_value(node: exp.Expression) -> str | None:
    if isinstance(node, exp.Literal) and node.is_string:
        return str(node.this)
    return None


def _is_number(node: exp.Expression) -> bool:
    if isinstance(node, exp.Neg):
        node = node.this
    return isinstance(node, exp.Literal) and not node.is_string


# -- lexical rules (raw text) --------------------------------------------------------------


def statement_length(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """The statement is at most MAX_STATEMENT_CHARS characters long."""
    n = len(ctx.statement)
    if n > MAX_STATEMENT_CHARS:
        return [f"The statement is {n} characters long; the limit is {MAX_STATEMENT_CHARS}."]
    return []


def no_comments(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """No `--`, `/* */` or `#` comments anywhere outside string values."""
    code = ctx.code
    if "--" in code or "/*" in code or "*/" in code or "#" in code:
        return ["Comments (--, /* */, #) are not allowed in a statement."]
    return []


def plain_characters(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """No control characters, separators, double quotes, backticks, backslashes or C operators."""
    reasons: list[str] = []
    code = ctx.code
    if _CONTROL.search(ctx.statement):
        reasons.append("The statement contains control characters.")
    if ";" in code:
        reasons.append("Statement separators (;) are not allowed; send one statement.")
    if '"' in code:
        reasons.append(
            "Double quotes are not allowed; ZCQL strings use single quotes and names are bare."
        )
    if "`" in code:
        reasons.append("Backticks are not allowed; no table has numeric column names.")
    if "\\" in ctx.statement:
        reasons.append("Backslashes are not allowed in a statement.")
    if "<>" in code:
        reasons.append("The <> operator is not ZCQL; use != instead.")
    if "||" in code or "&&" in code or _BANG.search(code):
        reasons.append("The ||, && and ! operators are not ZCQL; use OR, AND and NOT.")
    if _OFFSET_WORD.search(code):
        reasons.append("The OFFSET keyword is not ZCQL; write LIMIT offset, count.")
    return reasons


# -- statement shape -----------------------------------------------------------------------


def single_statement(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Exactly one statement."""
    if ctx.statement_count != 1:
        return [f"Exactly one statement is allowed; found {ctx.statement_count}."]
    return []


def select_only(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """The statement is a SELECT (no writes, DDL, GRANT, set operations or commands)."""
    if tree is None or isinstance(tree, exp.Select):
        return []
    if isinstance(tree, exp.SetOperation):
        return ["UNION, INTERSECT and EXCEPT are not allowed; send a single SELECT."]
    return [f"Only SELECT statements are allowed, not {tree.key.upper()}."]


def allowed_syntax(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Every node is of a ZCQL-allowed kind and uses only allowed parts of it."""
    if ctx.analysis is None or not isinstance(tree, exp.Select):
        return []
    reasons: list[str] = []
    for kind, visits in ctx.analysis.by_type.items():
        allowed = _ALLOWED_ARGS.get(kind)
        if allowed is None:
            reasons.extend(f"{_describe(v.node)} is not allowed in ZCQL." for v in visits)
        elif kind is not exp.Join:  # the join rule explains join variants
            falsy = _FALSY_ARGS.get(kind, frozenset())
            permitted = allowed | falsy
            for visit in visits:
                args = visit.node.args
                if permitted.issuperset(args):
                    for key in falsy:
                        if args.get(key):
                            break
                    else:
                        continue
                extra = sorted(k for k in args.keys() - allowed if _truthy(args[k]))
                if extra:
                    reasons.extend(_extra_args_problems(visit.node, extra))
    return reasons


def _truthy(value: object) -> bool:
    return value is not None and value is not False and value != []


def _extra_args_problems(node: exp.Expression, extra: list[str]) -> list[str]:
    if isinstance(node, exp.Select):
        return [
            f"{_SELECT_ARG_NAMES.get(key, key.upper())} is not allowed in ZCQL." for key in extra
        ]
    if isinstance(node, exp.Identifier):
        return [f"The name {node.name} must be written bare, without quotes."]
    if isinstance(node, exp.In) and "query" in extra:
        return ["IN (SELECT ...) is not allowed; ZCQL subqueries are col op (SELECT)."]
    if isinstance(node, exp.Table | exp.Column) and ("db" in extra or "catalog" in extra):
        return [f"Qualified names like db.table are not allowed: {_sql(node)}."]
    return [f"{_describe(node)} with {', '.join(extra)} is not allowed in ZCQL."]


# -- tables, columns and scope -------------------------------------------------------------


def known_tables_and_columns(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Only the schema's tables and their columns; with joins, every column is qualified."""
    if ctx.analysis is None:
        return []
    reasons: list[str] = []
    scopes = ctx.analysis.scopes
    for scope in scopes:
        if not scope.select.args.get("from_"):
            reasons.append("A FROM clause naming a table is required.")
        seen: set[str] = set()
        for ref in scope.tables:
            if ref.table not in TABLES:
                reasons.append(f"Unknown table {ref.table}; the tables are {_table_list()}.")
            if ref.ref in seen:
                reasons.append(f"The name {ref.ref} names two tables; give each its own alias.")
            seen.add(ref.ref)
            if ref.aliased and ref.ref in TABLES and ref.ref != ref.table:
                reasons.append(f"The alias {ref.ref} is the name of another table.")
    aliases_by_scope = [_select_aliases(scope) for scope in scopes]
    for visit in ctx.analysis.of(exp.Column):
        node = visit.node
        if visit.scope < 0:
            continue
        scope = scopes[visit.scope]
        assert isinstance(node, exp.Column)
        reason = _column_problem(node, scope, visit.clause, aliases_by_scope[visit.scope])
        if reason:
            reasons.append(reason)
    return reasons


def _table_list() -> str:
    return ", ".join(TABLES)


def _select_aliases(scope: Scope) -> frozenset[str]:
    return frozenset(item.alias for item in scope.select.expressions if isinstance(item, exp.Alias))


def _column_problem(
    column: exp.Column, scope: Scope, clause: str, aliases: frozenset[str]
) -> str | None:
    if isinstance(column.this, exp.Star):
        return f"{_sql(column)} is not allowed; select * alone or list the columns."
    name, qualifier = _parts(column)
    if not qualifier and clause in ("order", "having") and name in aliases:
        return None
    if not qualifier and len(scope.tables) > 1:
        return f"Column {name} must be written table.column because the query has joins."
    ref, kind = _resolve(column, scope)
    if ref is None:
        if qualifier:
            return f"{qualifier}.{name}: {qualifier} is not a table or alias of this query."
        return None
    if ref.schema is not None and kind is None:
        return f"Unknown column {name} in table {ref.table}."
    return None


def where_present(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Every SELECT, subqueries too, has a WHERE clause (no table-wide scans)."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        if scope.select.args.get("where") is None:
            what = "A WHERE clause" if scope.depth == 0 else "A WHERE clause in the subquery"
            reasons.append(f"{what} is required (no table-wide scans).")
    return reasons


def jurisdiction_scope(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Each case-data table instance has a top-level AND-ed precinct condition within precincts."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        case_refs = [r for r in scope.tables if r.schema is not None and r.schema.case_data]
        if not case_refs:
            continue
        where = scope.select.args.get("where")
        scoped: set[str] = set()
        if where is not None:
            for conjunct in _conjuncts(where.this):
                target, values = _precinct_condition(conjunct, scope)
                if target is None:
                    continue
                outside = [v for v in values if v not in ctx.precincts]
                if outside:
                    reasons.extend(f"Precinct '{v}' is outside your jurisdiction." for v in outside)
                else:
                    scoped.add(target)
        reasons.extend(
            f"Table {ref.describe()} is not restricted to your precincts: add a top-level AND "
            f"condition {ref.ref}.{SCOPE_COLUMN} = '...' (an OR, a NOT or a subquery cannot "
            "satisfy it)."
            for ref in case_refs
            if ref.ref not in scoped
        )
    return reasons


def _precinct_condition(conjunct: exp.Expression, scope: Scope) -> tuple[str | None, list[str]]:
    """(table ref, values) when the conjunct is `ref.precinct_id = 'v'` or `IN ('v', ...)`."""
    column = conjunct.this
    if not isinstance(column, exp.Column) or column.name != SCOPE_COLUMN:
        return None, []
    if isinstance(conjunct, exp.EQ):
        values = [_string_value(conjunct.expression)]
    elif isinstance(conjunct, exp.In) and not conjunct.args.get("query"):
        values = [_string_value(v) for v in conjunct.expressions]
    else:
        return None, []
    if not values or any(v is None for v in values):
        return None, []
    if column.table:
        target = column.table if column.table in scope.refs else None
    else:
        target = scope.tables[0].ref if len(scope.tables) == 1 else None
    return target, [v for v in values if v is not None]


# -- ZCQL grammar --------------------------------------------------------------------------


def select_list(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Select items are columns or aggregates of one column; `*` alone; at most 20 items."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        items = scope.select.expressions
        if not items:
            reasons.append("The SELECT list is empty.")
        if len(items) > MAX_SELECT_COLUMNS:
            reasons.append(
                f"{len(items)} columns are selected; ZCQL allows at most {MAX_SELECT_COLUMNS}."
            )
        if scope.depth > 0 and (len(items) != 1 or isinstance(items[0], exp.Star)):
            reasons.append("A subquery must select exactly one column or aggregate.")
        for item in items:
            if isinstance(item, exp.Star):
                if len(items) != 1 or len(scope.tables) > 1:
                    reasons.append("* must be the only select item and cannot be used with joins.")
                continue
            inner = item.this if isinstance(item, exp.Alias) else item
            if not isinstance(inner, (exp.Column, *AGGREGATES)):
                reasons.append(f"Select item {_sql(item)} is not a column or an aggregate of one.")
    return reasons


def functions(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Only COUNT/SUM/AVG/MIN/MAX of one column (not in WHERE); BINARYOF only in GROUP BY."""
    if ctx.analysis is None:
        return []
    reasons: list[str] = []
    scopes = ctx.analysis.scopes
    for visit in ctx.analysis.of(*AGGREGATES, exp.Anonymous, exp.Distinct):
        node = visit.node
        if isinstance(node, AGGREGATES):
            reasons.extend(_aggregate_problems(node, visit.clause, scopes[visit.scope]))
        elif isinstance(node, exp.Anonymous):
            if node.name.upper() != "BINARYOF":
                reasons.append(f"Function {node.name}() is not allowed; {_FUNCTIONS_SENTENCE}.")
            elif visit.clause != "group" or not (
                len(node.expressions) == 1 and isinstance(node.expressions[0], exp.Column)
            ):
                reasons.append("BINARYOF(column) is allowed only as a GROUP BY item.")
        elif isinstance(node, exp.Distinct) and visit.key != "distinct":
            reasons.append("DISTINCT is allowed only as SELECT DISTINCT.")
    return reasons


def _aggregate_problems(node: exp.Func, clause: str, scope: Scope) -> list[str]:
    name = node.sql_name()
    reasons: list[str] = []
    if clause not in ("select", "having", "order"):
        reasons.append(f"{name}() is not allowed in {clause.upper()}; use it in SELECT or HAVING.")
    arg = node.this
    if isinstance(node, exp.Count) and isinstance(arg, exp.Star):
        reasons.append("COUNT(*) is not ZCQL; write COUNT(ROWID).")
    elif isinstance(arg, exp.Distinct):
        reasons.append(f"{name}(DISTINCT ...) is not ZCQL; DISTINCT is only SELECT DISTINCT.")
    elif not isinstance(arg, exp.Column) or node.args.get("expressions"):
        reasons.append(f"{name}() takes exactly one column, e.g. {name}(victim_count).")
    elif isinstance(node, exp.Sum | exp.Avg):
        kind = _resolve(arg, scope)[1]
        ok = _NUMERIC | ({"datetime", "bool"} if isinstance(node, exp.Avg) else set())
        if kind is not None and kind not in ok:
            reasons.append(f"{name}() needs a numeric column; {arg.name} is {kind}.")
    return reasons


def conditions(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """WHERE/HAVING leaves use ZCQL's operators, literal types and per-type rules; at most 5."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        where = scope.select.args.get("where")
        if where is not None:
            leaves = list(_where_leaves(where.this))
            if len(leaves) > MAX_WHERE_CONDITIONS:
                reasons.append(
                    f"The WHERE clause has {len(leaves)} conditions; ZCQL allows at most "
                    f"{MAX_WHERE_CONDITIONS} (the precinct condition counts)."
                )
            for leaf in leaves:
                reasons.extend(_condition_problems(leaf, scope, having=False))
        having = scope.select.args.get("having")
        if having is not None:
            if scope.select.args.get("group") is None:
                reasons.append("HAVING is allowed only with GROUP BY.")
            for leaf in _where_leaves(having.this):
                reasons.extend(_condition_problems(leaf, scope, having=True))
    return reasons


def _condition_problems(leaf: exp.Expression, scope: Scope, *, having: bool) -> list[str]:
    if isinstance(leaf, exp.Not):
        if not isinstance(leaf.this, _NEGATABLE):
            return [
                "NOT is allowed only as NOT IN, NOT LIKE, NOT BETWEEN or IS NOT NULL: "
                f"{_sql(leaf)}."
            ]
        leaf = leaf.this
    if not isinstance(leaf, (*COMPARISONS, *_NEGATABLE)):
        return [f"{_sql(leaf)} is not a ZCQL condition (column operator value)."]
    left = leaf.this
    left_ok = isinstance(left, exp.Column) or (having and isinstance(left, AGGREGATES))
    if not left_ok:
        return [f"The left side of {_sql(leaf)} must be a column."]
    kind = _resolve(left, scope)[1] if isinstance(left, exp.Column) else None
    if isinstance(leaf, exp.Is):
        return (
            []
            if isinstance(leaf.expression, exp.Null)
            else ["IS may only be used with NULL (IS NULL, IS NOT NULL)."]
        )
    if isinstance(leaf, exp.Like):
        return _like_problems(leaf, kind)
    if isinstance(leaf, exp.Between):
        return _between_problems(leaf, kind)
    if isinstance(leaf, exp.In):
        return _in_problems(leaf, kind)
    return _comparison_problems(leaf, kind, scope)


def _like_problems(leaf: exp.Like, kind: ColumnType | None) -> list[str]:
    pattern = _string_value(leaf.expression)
    if pattern is None:
        return ["LIKE needs a quoted pattern."]
    reasons: list[str] = []
    if "%" in pattern or "_" in pattern:
        reasons.append(
            f"LIKE pattern '{pattern}' uses % or _; ZCQL wildcards are * (any run) and ? (one)."
        )
    if kind in ("bool", "int", "double"):
        reasons.append(f"LIKE does not work on {kind} columns.")
    return reasons


def _between_problems(leaf: exp.Between, kind: ColumnType | None) -> list[str]:
    reasons: list[str] = []
    if not (_is_number(leaf.args["low"]) and _is_number(leaf.args["high"])):
        reasons.append("BETWEEN takes two numbers.")
    if kind is not None and kind not in _NUMERIC:
        reasons.append(f"BETWEEN works only on numeric columns, not {kind}; use >= and <.")
    return reasons


def _in_problems(leaf: exp.In, kind: ColumnType | None) -> list[str]:
    values = leaf.expressions
    if not values:
        return ["IN needs at least one value."]
    if kind == "bool":
        return ["IN does not work on boolean columns."]
    return [p for v in values if (p := _literal_problem(v, kind))]


def _comparison_problems(leaf: exp.Expression, kind: ColumnType | None, scope: Scope) -> list[str]:
    right = leaf.expression
    if isinstance(right, exp.Subquery):
        return []  # placement and contents are checked by the subquery rule and its own scope
    if isinstance(right, exp.Column):
        if not right.table:
            return [f"The right-hand column in {_sql(leaf)} must be written table.column."]
        other = _resolve(right, scope)[1]
        if kind and other and _family(kind) != _family(other):
            return [f"{_sql(leaf)} compares a {kind} column with a {other} column."]
        return []
    if isinstance(right, exp.Null):
        return [f"Compare with NULL using IS NULL, not {_sql(leaf)}."]
    if kind == "bool":
        if not isinstance(leaf, exp.EQ | exp.NEQ) or not isinstance(right, exp.Boolean):
            return ["Boolean columns take only = or != with TRUE or FALSE."]
        return []
    problem = _literal_problem(right, kind)
    return [problem] if problem else []


def _family(kind: ColumnType) -> str:
    return "number" if kind in _NUMERIC else kind


def _literal_problem(value: exp.Expression, kind: ColumnType | None) -> str | None:
    """Why a literal cannot be compared with a column of this type, if it cannot."""
    if isinstance(value, exp.Boolean):
        return None if kind in (None, "bool") else "TRUE and FALSE compare only with booleans."
    if kind is None:
        return None if isinstance(value, exp.Literal | exp.Neg) else "Values must be literals."
    if kind in _NUMERIC:
        text = _string_value(value)
        if _is_number(value) or (text is not None and _NUMBER.fullmatch(text)):
            return None
        return f"A number is needed here, not {_sql(value)}."
    if _string_value(value) is None:
        return f"{kind.capitalize()} values must be quoted strings, not {_sql(value)}."
    return None


def subqueries(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """Subqueries only on the right of a WHERE comparison, and only one level deep."""
    if ctx.analysis is None:
        return []
    reasons: list[str] = []
    scopes = ctx.analysis.scopes
    for visit in ctx.analysis.of(exp.Select, exp.Subquery):
        node = visit.node
        if isinstance(node, exp.Select) and visit.parent is not None:
            if not isinstance(visit.parent, exp.Subquery):
                reasons.append("A SELECT may appear only as a (SELECT ...) subquery.")
            if scopes[visit.scope].depth > 1:
                reasons.append("Subqueries may be only one level deep.")
        elif isinstance(node, exp.Subquery):
            placed = (
                visit.clause == "where"
                and isinstance(visit.parent, COMPARISONS)
                and visit.key == "expression"
            )
            if not placed:
                reasons.append("Subqueries are allowed only in WHERE, as col op (SELECT ...).")
    return reasons


def joins(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """At most 4 INNER or LEFT joins of tables, each with exactly one ON equality of columns."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        join_nodes: list[exp.Join] = scope.select.args.get("joins") or []
        if len(join_nodes) > MAX_JOINS:
            reasons.append(f"{len(join_nodes)} joins are used; ZCQL allows at most {MAX_JOINS}.")
        for join in join_nodes:
            reasons.extend(_join_problems(join))
    return reasons


def _join_problems(join: exp.Join) -> list[str]:
    side, kind = join.args.get("side"), join.args.get("kind")
    if join.args.get("method"):
        return [f"{join.args['method']} JOIN is not allowed; use INNER or LEFT JOIN ... ON."]
    if join.args.get("using"):
        return ["JOIN ... USING is not allowed; write ON a.col = b.col."]
    reasons: list[str] = []
    if (
        side not in (None, "LEFT")
        or kind not in (None, "INNER", "OUTER")
        or (kind == "OUTER" and side != "LEFT")
    ):
        words = " ".join(str(w) for w in (side, kind) if w)
        reasons.append(f"{words} JOIN is not allowed; ZCQL has only INNER and LEFT joins.")
    extra = [k for k in _set_args(join) if k not in ("this", "on", "side", "kind")]
    if extra:
        reasons.append(f"JOIN with {', '.join(extra)} is not allowed in ZCQL.")
    if not isinstance(join.this, exp.Table):
        reasons.append("Joins must be on tables, not subqueries.")
    on = join.args.get("on")
    if on is None:
        reasons.append(
            "Every JOIN needs exactly one ON a.col = b.col (comma and CROSS joins are not allowed)."
        )
    elif not (
        isinstance(on, exp.EQ)
        and isinstance(on.this, exp.Column)
        and isinstance(on.expression, exp.Column)
        and on.this.table
        and on.expression.table
        and on.this.table != on.expression.table
    ):
        reasons.append(
            f"The join condition {_sql(on)} must be exactly one equality of two qualified "
            "columns of different tables."
        )
    return reasons


def limit_clause(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """LIMIT count (1-300) or LIMIT offset, count with a whole-number offset."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        limit = scope.select.args.get("limit")
        if limit is not None and _whole(limit.expression) not in range(1, MAX_LIMIT + 1):
            reasons.append(f"LIMIT must be a whole number from 1 to {MAX_LIMIT}.")
        offset = scope.select.args.get("offset")
        if offset is not None and _whole(offset.expression) is None:
            reasons.append("The LIMIT offset must be a whole number.")
    return reasons


def _whole(node: exp.Expression | None) -> int | None:
    if isinstance(node, exp.Literal) and not node.is_string and node.this.isdigit():
        return int(node.this)
    return None


def order_and_group(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """GROUP BY items are columns or BINARYOF(col); ORDER BY items are columns or aggregates."""
    reasons: list[str] = []
    for scope in _scopes(ctx):
        group = scope.select.args.get("group")
        for item in group.expressions if group is not None else []:
            if not isinstance(item, exp.Column | exp.Anonymous):
                reasons.append(f"GROUP BY item {_sql(item)} must be a column.")
        order = scope.select.args.get("order")
        for ordered in order.expressions if order is not None else []:
            if not isinstance(ordered.this, (exp.Column, *AGGREGATES)):
                reasons.append(f"ORDER BY item {_sql(ordered.this)} must be a column or aggregate.")
    return reasons


def string_literals(tree: exp.Expression | None, ctx: ValidationContext) -> list[str]:
    """String values contain no single quote or control character; numbers are plain."""
    if ctx.analysis is None:
        return []
    reasons: list[str] = []
    for visit in ctx.analysis.of(exp.Literal):
        node = visit.node
        text: str = node.this
        if node.is_string:
            if "'" in text:
                reasons.append("String values may not contain a single quote.")
            if _LITERAL_CONTROL.search(text):
                reasons.append("String values may not contain control characters.")
        elif not _NUMBER.fullmatch(text):
            reasons.append(f"{text} is not a plain number.")
    return reasons


RULES: tuple[Rule, ...] = (
    statement_length,
    no_comments,
    plain_characters,
    single_statement,
    select_only,
    allowed_syntax,
    known_tables_and_columns,
    where_present,
    jurisdiction_scope,
    select_list,
    functions,
    conditions,
    subqueries,
    joins,
    limit_clause,
    order_and_group,
    string_literals,
)
