"""Barcodes and QR codes with zxing-cpp (the fast path: no OCR, a few milliseconds)."""

from __future__ import annotations

from typing import Literal

import numpy as np
import zxingcpp

from tools.vision.findings import Extraction
from tools.vision.redact import mask_aadhaar_like

MAX_VALUE_CHARS = 2000
_QR_FORMATS = {"QRCode", "MicroQRCode", "RMQRCode"}


def code_extraction(content: str, kind: Literal["qr", "barcode"], fmt: str) -> Extraction:
    """A decoded code as an extraction; Aadhaar-like digit runs (e.g. an Aadhaar QR) masked."""
    return Extraction(
        kind=kind,
        value=mask_aadhaar_like(content[:MAX_VALUE_CHARS]),
        fields={"format": fmt, "truncated": str(len(content) > MAX_VALUE_CHARS).lower()},
        checks={"decoded": True},
        confidence=1.0,
    )


def read_codes(gray: np.ndarray) -> list[Extraction]:
    """Every barcode/QR code zxing-cpp decodes in a greyscale image, as extractions."""
    found: list[Extraction] = []
    seen: set[str] = set()
    for result in zxingcpp.read_barcodes(gray):
        if not result.valid or result.text in seen:
            continue
        seen.add(result.text)
        fmt = result.format.name
        found.append(code_extraction(result.text, "qr" if fmt in _QR_FORMATS else "barcode", fmt))
    return found
