"""One loaded pre-parser per test session (loading the OCR models is the slow part)."""

from __future__ import annotations

import pytest

from tests.support import images
from tools.vision.preparser import VisionPreparser
from validators.attachments import ValidatedImage, validate_image


@pytest.fixture(scope="session")
def preparser() -> VisionPreparser:
    return VisionPreparser.load()


def as_validated(img: object, name: str = "image.png") -> ValidatedImage:
    """A generated PIL image through the real attachment validator."""
    return validate_image(images.encode(img, "PNG"), name, "image/png")  # type: ignore[arg-type]
