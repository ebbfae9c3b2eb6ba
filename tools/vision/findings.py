"""What the vision pre-parser found in one image: typed extractions plus an escalation flag."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ExtractionKind = Literal[
    "plate", "barcode", "qr", "aadhaar", "pan", "voter_id", "driving_licence", "text"
]
Engine = Literal["local", "zia"]

_LABELS: dict[str, str] = {
    "plate": "Number plate",
    "barcode": "Barcode",
    "qr": "QR code",
    "aadhaar": "Aadhaar number",
    "pan": "PAN",
    "voter_id": "Voter ID (EPIC)",
    "driving_licence": "Driving licence",
    "text": "Text",
}


class Extraction(BaseModel):
    """One thing read from the image. `value` is display-safe (Aadhaar is masked)."""

    model_config = ConfigDict(frozen=True)

    kind: ExtractionKind
    value: str
    fields: dict[str, str] = Field(default_factory=dict)
    checks: dict[str, bool] = Field(default_factory=dict)
    confidence: float = Field(ge=0.0, le=1.0)

    @property
    def passed_checks(self) -> bool:
        """True when every check that was run passed."""
        return all(self.checks.values())

    def describe(self) -> str:
        """One officer-facing line, e.g. `Number plate KA05MN4321 (checks passed, 97%)`."""
        failed = [name for name, ok in self.checks.items() if not ok]
        verdict = f"failed {', '.join(failed)} check" if failed else "checks passed"
        if not self.checks:
            verdict = "no checks"
        return f"{_LABELS[self.kind]} {self.value} ({verdict}, {self.confidence:.0%})"


class VisionFindings(BaseModel):
    """The pre-parser's result; `needs_reasoning` sends the image on to the fallback engine."""

    extractions: list[Extraction] = Field(default_factory=list)
    needs_reasoning: bool = False
    escalation_reason: str | None = None
    engine: Engine = "local"
    warnings: list[str] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)

    def of_kind(self, kind: ExtractionKind) -> list[Extraction]:
        """The extractions of one kind, best first."""
        found = [item for item in self.extractions if item.kind == kind]
        return sorted(found, key=lambda item: item.confidence, reverse=True)
