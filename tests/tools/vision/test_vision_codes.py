"""zxing-cpp code reading: every code in the image, each value once."""

from __future__ import annotations

import numpy as np
from PIL import Image

from tests.support import images
from tools.vision.codes import MAX_VALUE_CHARS, code_extraction, read_codes


def _side_by_side(*parts: Image.Image) -> np.ndarray:
    width = sum(part.width for part in parts) + 40 * (len(parts) + 1)
    height = max(part.height for part in parts) + 80
    canvas = Image.new("L", (width, height), 255)
    x = 40
    for part in parts:
        canvas.paste(part.convert("L"), (x, 40))
        x += part.width + 40
    return np.asarray(canvas)


def test_a_qr_code_and_a_barcode_in_one_image_are_both_read() -> None:
    gray = _side_by_side(images.qr_image("QR-1"), images.code128_image("BAR-2"))
    assert sorted((e.kind, e.value) for e in read_codes(gray)) == [
        ("barcode", "BAR-2"),
        ("qr", "QR-1"),
    ]


def test_the_same_value_twice_is_reported_once() -> None:
    gray = _side_by_side(images.qr_image("SAME"), images.qr_image("SAME"))
    assert [e.value for e in read_codes(gray)] == ["SAME"]


def test_long_values_are_truncated_and_flagged() -> None:
    extraction = code_extraction("A" * (MAX_VALUE_CHARS + 5), "qr", "QRCode")
    assert len(extraction.value) == MAX_VALUE_CHARS and extraction.fields["truncated"] == "true"


def test_an_image_without_codes_gives_nothing() -> None:
    assert read_codes(np.full((200, 300), 255, dtype=np.uint8)) == []
