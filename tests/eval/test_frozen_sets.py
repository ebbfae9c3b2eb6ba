"""The held-out sets are frozen: their bytes match FROZEN.sha256 and none is unlisted."""

from __future__ import annotations

from bench.eval_sets import EVAL_DIR, MANIFEST, read_manifest, sha256_file


def test_every_frozen_file_still_has_its_recorded_hash() -> None:
    manifest = read_manifest(MANIFEST)
    assert manifest, "FROZEN.sha256 lists no files"
    changed = {
        name: digest
        for name, digest in manifest.items()
        if not (EVAL_DIR / name).exists() or sha256_file(EVAL_DIR / name) != digest
    }
    assert not changed, f"frozen sets edited or removed (new cases go to a new file): {changed}"


def test_every_set_file_in_data_eval_is_listed_in_the_manifest() -> None:
    listed = set(read_manifest(MANIFEST))
    present = {path.name for path in EVAL_DIR.glob("*.jsonl")}
    assert present <= listed, f"sets not frozen in FROZEN.sha256: {sorted(present - listed)}"


def test_the_four_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout.jsonl",
        "knowledge_heldout.jsonl",
        "out_of_scope.jsonl",
        "fallback_heldout.jsonl",
    } <= set(read_manifest(MANIFEST))


def test_the_four_version_2_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout_v2.jsonl",
        "knowledge_heldout_v2.jsonl",
        "out_of_scope_v2.jsonl",
        "fallback_heldout_v2.jsonl",
    } <= set(read_manifest(MANIFEST))


def test_the_four_version_3_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout_v3.jsonl",
        "knowledge_heldout_v3.jsonl",
        "out_of_scope_v3.jsonl",
        "fallback_heldout_v3.jsonl",
    } <= set(read_manifest(MANIFEST))


def test_the_four_version_4_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout_v4.jsonl",
        "knowledge_heldout_v4.jsonl",
        "out_of_scope_v4.jsonl",
        "fallback_heldout_v4.jsonl",
    } <= set(read_manifest(MANIFEST))


def test_the_four_version_5_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout_v5.jsonl",
        "knowledge_heldout_v5.jsonl",
        "out_of_scope_v5.jsonl",
        "fallback_heldout_v5.jsonl",
    } <= set(read_manifest(MANIFEST))


def test_the_four_version_6_held_out_sets_are_frozen() -> None:
    assert {
        "records_heldout_v6.jsonl",
        "knowledge_heldout_v6.jsonl",
        "out_of_scope_v6.jsonl",
        "fallback_heldout_v6.jsonl",
    } <= set(read_manifest(MANIFEST))
