"""Multimodal input: the fast vision pre-parser and the Zia / QuickML vision clients."""

from tools.vision.factory import build_preparser, build_vlm_client
from tools.vision.findings import Extraction, ExtractionKind, VisionFindings
from tools.vision.preparser import Preparser, VisionPreparser, ZiaVisionPreparser
from tools.vision.quickml import QuickMLVisionClient, VlmAnswer, vision_unavailable_answer
from tools.vision.zia import ZiaVisionClient

__all__ = [
    "Extraction",
    "ExtractionKind",
    "Preparser",
    "QuickMLVisionClient",
    "VisionFindings",
    "VisionPreparser",
    "VlmAnswer",
    "ZiaVisionClient",
    "ZiaVisionPreparser",
    "build_preparser",
    "build_vlm_client",
    "vision_unavailable_answer",
]
