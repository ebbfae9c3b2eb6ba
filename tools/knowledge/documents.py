"""Knowledge-base documents: Markdown files with YAML front matter."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from schemas.errors import BadInput

_FENCE = "---"


@dataclass(frozen=True)
class KbDocument:
    """One SOP or reference document and its access metadata.

    `precincts` empty means the document applies to every precinct.
    """

    id: str
    title: str
    clearance: int
    precincts: tuple[str, ...]
    source: str
    tags: tuple[str, ...]
    body: str
    path: Path


def _split_front_matter(text: str, path: Path) -> tuple[dict[str, Any], str]:
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != _FENCE:
        raise BadInput(f"{path}: no YAML front matter (the file must start with '---')")
    try:
        end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() == _FENCE)
    except StopIteration:
        raise BadInput(f"{path}: front matter is not closed by a '---' line") from None
    try:
        meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        raise BadInput(f"{path}: front matter is not valid YAML ({exc})") from None
    if not isinstance(meta, dict):
        raise BadInput(f"{path}: front matter must be a mapping of keys to values")
    return meta, "\n".join(lines[end + 1 :]).strip() + "\n"


def _clearance(value: Any, path: Path) -> int:
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise BadInput(f"{path}: clearance must be an integer from 1 to 5, got {value!r}")
    return value


def _strings(value: Any, key: str, path: Path) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        raise BadInput(f"{path}: {key} must be a list of strings")
    return tuple(str(v).strip() for v in value if str(v).strip())


def parse_document(path: Path) -> KbDocument:
    """Parse one Markdown file; `BadInput` names the file and what is wrong with it.

    `title` is required; `clearance` defaults to 1; `id` defaults to the file stem.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"{path}: cannot be read as UTF-8 text ({exc})") from None
    meta, body = _split_front_matter(text, path)
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        raise BadInput(f"{path}: front matter has no title")
    doc_id = meta.get("id", path.stem)
    if not isinstance(doc_id, str) or not doc_id.strip():
        raise BadInput(f"{path}: id must be a non-empty string")
    source = meta.get("source") or ""
    return KbDocument(
        id=doc_id.strip(),
        title=title.strip(),
        clearance=_clearance(meta.get("clearance"), path),
        precincts=_strings(meta.get("precincts"), "precincts", path),
        source=str(source).strip(),
        tags=_strings(meta.get("tags"), "tags", path),
        body=body,
        path=path,
    )


def markdown_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The Markdown files named, and those under any folder named, in sorted order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.md") if p.is_file())
        elif path.is_file():
            yield path
        else:
            raise BadInput(f"{path}: no such file or folder")
