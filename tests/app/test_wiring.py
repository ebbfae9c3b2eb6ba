"""The service wiring builds what the settings ask for."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from pydantic import SecretStr

from app.settings import Settings
from app.wiring import open_checkpointer, open_vision
from graph.memory import config
from tools.vision.preparser import VisionPreparser, ZiaVisionPreparser


def test_zia_is_used_when_enabled_with_a_project_and_token() -> None:
    settings = Settings(
        zia_enabled=True, catalyst_project_id="123", catalyst_token=SecretStr("token")
    )
    engine = open_vision(settings)
    assert isinstance(engine, ZiaVisionPreparser)
    assert isinstance(engine._fallback, VisionPreparser)


def test_local_vision_by_default_and_when_zia_lacks_credentials() -> None:
    assert isinstance(open_vision(Settings()), VisionPreparser)
    assert isinstance(open_vision(Settings(zia_enabled=True)), VisionPreparser)


async def test_sqlite_checkpointer_commits_with_the_audit_sinks_pragmas(tmp_path: Path) -> None:
    """Conversation memory on SQLite: WAL and synchronous=NORMAL (1), tables set up."""
    async with AsyncExitStack() as stack:
        saver = await open_checkpointer(Settings(home=tmp_path), stack)
        conn = saver.conn  # type: ignore[attr-defined]
        assert await conn.execute_fetchall("PRAGMA journal_mode") == [("wal",)]
        assert await conn.execute_fetchall("PRAGMA synchronous") == [(1,)]
        assert await saver.aget_tuple(config("KA-3003:new")) is None
