"""The service wiring builds what the settings ask for."""

from __future__ import annotations

from pydantic import SecretStr

from app.settings import Settings
from app.wiring import open_vision
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
