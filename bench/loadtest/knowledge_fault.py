"""The knowledge index made unavailable under load, and restored, without restarting anything.

The embedded index is a folder (`tools/knowledge/edge.py`): its shard is moved away and
`meta.json` republished, which is what readers see when a volume is detached mid-flight;
restoring moves it back and republishes, and readers reload it on their next query.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def republish(folder: Path) -> None:
    """Replace `meta.json` with the same content (a new file, as a writer's publish is)."""
    meta = folder / "meta.json"
    fresh = folder / "meta.republish"
    fresh.write_bytes(meta.read_bytes())
    fresh.replace(meta)


@contextmanager
def knowledge_unavailable(folder: Path) -> Iterator[None]:
    """The index's shard gone while the block runs; back, and republished, afterwards."""
    shard, away = folder / "shard", folder / "shard.unavailable"
    shard.rename(away)
    republish(folder)
    try:
        yield
    finally:
        away.rename(shard)
        republish(folder)
