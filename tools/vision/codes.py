"""Barcodes and QR codes with zxing-cpp (the fast path: no OCR, a few milliseconds)."""

from __future__ import annotations

from typing import Literal

import cv2
import numpy as np
import zxingcpp

from tools.vision.findings import Extraction
from tools.vision.redact import mask_aadhaar_like

MAX_VALUE_CHARS = 2000
#: Codes are searched at most at this longest side (a 12 MP photo costs 4x less, and a code
#: big enough to matter survives the downscale).
MAX_SCAN_SIDE = 2048
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


def _scan_size(gray: np.ndarray) -> np.ndarray:
    longest = max(gray.shape[:2])
    if longest <= MAX_SCAN_SIDE:
        return gray
    scale = MAX_SCAN_SIDE / longest
    size = (round(gray.shape[1] * scale), round(gray.shape[0] * scale))
    return cv2.resize(gray, size, interpolation=cv2.INTER_AREA)


def read_codes(gray: np.ndarray) -> list[Extraction]:
    """Every barcode/QR code zxing-cpp decodes in a greyscale image, as extractions."""
    found: list[Extraction] = []
    seen: set[str] = set()
    for result in zxingcpp.read_barcodes(_scan_size(gray)):
        if not result.valid or result.text in seen:
            continue
        seen.add(result.text)
        fmt = result.format.name
        found.append(code_extraction(result.text, "qr" if fmt in _QR_FORMATS else "barcode", fmt))
    return found
