"""Passage text as plain sentences: list items and table rows become sentences."""

from __future__ import annotations

import re

#: A sentence ends at . ! ? or ; before a capital, digit or bracket, but not after an
#: initial ("D.K. Basu", "S. Kumar").
_SENTENCE_END = re.compile(r"(?<=[.!?;])(?<!\b[A-Z]\.)\s+(?=[A-Z(\"'0-9])")
_LIST_MARK = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}")


def _table_sentences(rows: list[str]) -> list[str]:
    """Markdown table rows as `header: value; ...` sentences (header row, rule dropped)."""
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    header, out = cells[0], []
    for row_cells in cells[1:]:
        if _TABLE_RULE.match("|".join(row_cells)):
            continue
        pairs = [f"{h}: {v}" for h, v in zip(header, row_cells, strict=False) if v and v != "-"]
        if pairs:
            out.append("; ".join(pairs) + ".")
    return out


def sentences(text: str) -> list[str]:
    """Sentences of a passage in order: list items and table rows count as sentences."""
    out: list[str] = []
    table: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("|"):
            table.append(line)
            continue
        if table:
            out.extend(_table_sentences(table))
            table = []
        line = _LIST_MARK.sub("", line).replace("**", "").replace("`", "").strip()
        if line:
            out.extend(s.strip() for s in _SENTENCE_END.split(line) if s.strip())
    return out
