"""What every rule sees besides the tree: raw text, the caller's precincts, the one-walk index."""

from __future__ import annotations

import re
from dataclasses import dataclass

from validators.zcql.scope import Analysis

MAX_STATEMENT_CHARS = 4000

_STRING_LITERAL = re.compile(r"'[^']*'")


def strip_string_literals(statement: str) -> str:
    """The statement with every single-quoted literal blanked to `''`, for lexical checks.

    Exact for ZCQL text because backslashes are rejected (so `\\'` cannot hide a quote) and a
    doubled quote `''` just splits into two adjacent literals.
    """
    return _STRING_LITERAL.sub("''", statement)


@dataclass(frozen=True, slots=True)
class ValidationContext:
    """The raw statement, its literal-free code text, the caller's precincts and the tree index."""

    statement: str
    code: str
    precincts: frozenset[str]
    statement_count: int
    analysis: Analysis | None
