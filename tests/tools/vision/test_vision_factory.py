"""Engine selection from configuration."""

from __future__ import annotations

from tools.vision.factory import build_preparser, build_vlm_client
from tools.vision.preparser import VisionPreparser, ZiaVisionPreparser
from tools.vision.quickml import QuickMLVisionClient


def _token() -> str:
    return "tok"


def test_local_engine_by_default(preparser: VisionPreparser) -> None:
    assert build_preparser(preparser) is preparser


def test_zia_needs_a_project_and_a_token(preparser: VisionPreparser) -> None:
    assert build_preparser(preparser, zia_enabled=True, token_provider=_token) is preparser
    assert build_preparser(preparser, zia_enabled=True, project_id="1") is preparser


def test_zia_engine_when_enabled_and_configured(preparser: VisionPreparser) -> None:
    engine = build_preparser(preparser, zia_enabled=True, project_id="1", token_provider=_token)
    assert isinstance(engine, ZiaVisionPreparser)


def test_no_vlm_client_without_endpoint_or_token() -> None:
    assert build_vlm_client(None, "key", _token) is None
    assert build_vlm_client("https://q.example/vlm/chat", "key", None) is None
    client = build_vlm_client("https://q.example/vlm/chat", None, _token, "org")
    assert isinstance(client, QuickMLVisionClient)
