"""Split documents into retrievable chunks that keep their heading path."""

from __future__ import annotations

import re
import uuid
from collections import Counter
from dataclasses import dataclass

from tools.knowledge.documents import KbDocument

#: Fixed namespace so a chunk's id depends only on doc id, section and position.
CHUNK_NAMESPACE = uuid.UUID("5b0d7f36-3c1e-4d8a-9a57-2f4f6c1e9b21")

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])")
_INTRO = "Introduction"


@dataclass(frozen=True)
class Chunk:
    """A passage of a document: `section` is the heading path below the title."""

    chunk_id: str
    doc: KbDocument
    section: str
    n: int
    text: str

    @property
    def heading_path(self) -> str:
        """`Title > Section`, kept with the text so retrieval sees both."""
        return f"{self.doc.title} > {self.section}"


def chunk_id(doc_id: str, section: str, n: int) -> str:
    """Stable id: uuid5 of doc id, section and the chunk's position in that section."""
    return str(uuid.uuid5(CHUNK_NAMESPACE, f"{doc_id}\x1f{section}\x1f{n}"))


def _sections(doc: KbDocument) -> list[tuple[str, str]]:
    """(heading path below the title, text) per section; the H1 title line is dropped."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[int, str]] = []
    lines: list[str] = []

    def flush() -> None:
        text = "\n".join(lines).strip()
        if text:
            out.append((" > ".join(h for _, h in stack) or _INTRO, text))
        lines.clear()

    for line in doc.body.splitlines():
        match = _HEADING.match(line)
        if not match:
            lines.append(line)
            continue
        flush()
        level, heading = len(match[1]), match[2]
        if level == 1:
            stack.clear()
            continue
        stack[:] = [(lv, h) for lv, h in stack if lv < level]
        stack.append((level, heading))
    flush()
    return out


def _words(text: str) -> int:
    return len(text.split())


def _table_pieces(rows: list[str], max_words: int) -> list[str]:
    """A table as one unit, or split by rows with the header repeated in each piece."""
    header, body = rows[:2], rows[2:]
    pieces: list[list[str]] = [[]]
    for row in body:
        if pieces[-1] and _words(" ".join([*header, *pieces[-1], row])) > max_words:
            pieces.append([])
        pieces[-1].append(row)
    return ["\n".join([*header, *p]) for p in pieces]


def _units(text: str, max_words: int) -> list[str]:
    """Paragraphs, list items and tables; over-long paragraphs split by sentence."""
    units: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        items: list[list[str]] = []
        for ln in (ln.strip() for ln in block.splitlines() if ln.strip()):
            is_row = ln.startswith("|")
            prev_row = bool(items) and items[-1][0].startswith("|")
            if items and is_row == prev_row and (is_row or not _LIST_ITEM.match(ln)):
                items[-1].append(ln)
            else:
                items.append([ln])
        for item in items:
            if item[0].startswith("|"):
                units.extend(_table_pieces(item, max_words))
                continue
            para = " ".join(item)
            if _words(para) <= max_words:
                units.append(para)
            else:
                units.extend(s for s in _SENTENCE_END.split(para) if s.strip())
    return units


def _pack(units: list[str], max_words: int) -> list[str]:
    """Greedy packing up to `max_words`; each new chunk repeats the previous last unit."""
    chunks: list[list[str]] = [[]]
    for unit in units:
        current = chunks[-1]
        if current and _words(" ".join([*current, unit])) > max_words:
            overlap = [current[-1]] if len(current) > 1 else []
            chunks.append([*overlap, unit])
        else:
            current.append(unit)
    return ["\n".join(c) for c in chunks if c]


def chunk_document(doc: KbDocument, max_words: int = 200) -> list[Chunk]:
    """Chunks of `doc` in reading order, each at most about `max_words` words."""
    seen: Counter[str] = Counter()
    chunks: list[Chunk] = []
    for section, text in _sections(doc):
        for piece in _pack(_units(text, max_words), max_words):
            n = seen[section]
            seen[section] += 1
            chunks.append(Chunk(chunk_id(doc.id, section, n), doc, section, n, piece))
    return chunks
