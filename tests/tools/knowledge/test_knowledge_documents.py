"""Parsing knowledge-base Markdown with front matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from schemas.errors import BadInput
from tools.knowledge.documents import markdown_files, parse_document


def _write(tmp_path: Path, text: str, name: str = "doc.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_front_matter_fields_and_body_are_parsed(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "---\nid: sop-x\ntitle: Doing X\nclearance: 3\nprecincts: [BLR-E-KRP, BLR-E-WFD]\n"
        'source: "BNSS 35"\ntags: [arrest, notice]\n---\n# Doing X\n\n## Step\nDo it.\n',
    )
    doc = parse_document(path)
    assert (doc.id, doc.title, doc.clearance) == ("sop-x", "Doing X", 3)
    assert doc.precincts == ("BLR-E-KRP", "BLR-E-WFD")
    assert doc.tags == ("arrest", "notice")
    assert doc.source == "BNSS 35"
    assert doc.body.startswith("# Doing X")
    assert doc.path == path


def test_clearance_defaults_to_1_and_id_to_file_stem(tmp_path: Path) -> None:
    doc = parse_document(_write(tmp_path, "---\ntitle: T\n---\nbody\n", "sop-stem.md"))
    assert doc.clearance == 1
    assert doc.id == "sop-stem"
    assert doc.precincts == ()


def test_missing_title_is_bad_input_naming_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "---\nid: a\nclearance: 1\n---\nbody\n", "untitled.md")
    with pytest.raises(BadInput, match=r"untitled\.md: front matter has no title"):
        parse_document(path)


@pytest.mark.parametrize("value", ["0", "6", "high", "true", "2.5"])
def test_clearance_outside_1_to_5_is_bad_input(tmp_path: Path, value: str) -> None:
    path = _write(tmp_path, f"---\ntitle: T\nclearance: {value}\n---\nbody\n", "c.md")
    with pytest.raises(BadInput, match=r"c\.md: clearance must be an integer from 1 to 5"):
        parse_document(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# no front matter\n", "no YAML front matter"),
        ("---\ntitle: T\n", "not closed"),
        ("---\ntitle: [unclosed\n---\n", "not valid YAML"),
        ("---\n- a list\n---\n", "must be a mapping"),
        ("---\ntitle: T\nprecincts: {a: 1}\n---\n", "precincts must be a list"),
    ],
)
def test_malformed_front_matter_is_bad_input(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_document(_write(tmp_path, text))


def test_folders_yield_their_markdown_files_sorted(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("b.md", "a.md", "sub/c.md", "notes.txt"):
        _write(tmp_path, "---\ntitle: T\n---\n", name)
    assert [p.name for p in markdown_files([tmp_path])] == ["a.md", "b.md", "c.md"]


def test_a_missing_path_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file"):
        list(markdown_files([tmp_path / "absent.md"]))
